"""``parlour play``: a person plays in the terminal against bots.

The loop is :func:`play_session`, which takes an ``ask`` callable and a Rich console so tests
can feed it scripted answers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table

from parlour.bots.base import Bot
from parlour.bots.registry import make_bot, split_specs
from parlour.cli.options import (
    GAME_COMMAND,
    GameArgument,
    LangFlag,
    OptionFlag,
    PlayersFlag,
    check_language,
    detail_label,
    fail,
    friendly_errors,
    game_options,
    help_text,
    load_game,
    name_text,
    parse_players,
    role_seats,
)
from parlour.cli.paths import check_file
from parlour.cli.render import render_view
from parlour.engine import (
    Action,
    Event,
    Game,
    OptionError,
    Replay,
    ReplayError,
    Result,
    State,
    events_for,
)
from parlour.engine.i18n import LANGUAGES, bot_label, list_text, t
from parlour.engine.playout import decide

Ask = Callable[[str], str]
"""Reads one answer from the person, given a prompt (raises EOFError when input ends)."""


DEFAULT_BOT = "normal"
"""The bots a person plays against unless told otherwise (the browser's "Normal")."""


class QuitGame(Exception):
    """The person asked to stop."""


class NotSaved(Exception):
    """Saving the game failed and the person gave no other file name."""


def player_names(
    players: int, human: int, bots: Sequence[str], lang: str, *, you: bool = True
) -> list[str]:
    """Names of the seats: the person is "Player N (you)" (plain "Player N" when ``you`` is
    false, as a saved game stores it), each bot its level and seat ("Normal bot 2")."""
    out = []
    others = iter(bots)
    for seat in range(players):
        if seat == human:
            key = "cli.play.you" if you else "core.seat_name"
            out.append(t(key, lang, number=seat + 1))
        else:
            out.append(bot_label(next(others), seat, lang))
    return out


Candidates = list[tuple[Action, list[str]]]
"""Legal actions still possible, each with its step labels."""

NUMBERED = re.compile(r"^(\d+): (.+)$")
"""A step label that is a number and its name ("0: Spy"): the number is what is typed."""

BACK = "b"
"""The answer that goes back one question of a half-made move."""


def menu_keys(labels: Sequence[str]) -> list[tuple[str, str]]:
    """What to type for each label, and the label shown beside it.

    Labels that each start with a distinct number ("0: Spy", "2: Priest") are typed by that
    number, so what is shown is what is typed; others are numbered from 1.
    """
    found = [NUMBERED.match(label) for label in labels]
    numbers = [m.group(1) for m in found if m is not None]
    if len(numbers) == len(labels) and len(set(numbers)) == len(numbers):
        return [(m.group(1), m.group(2)) for m in found if m is not None]
    return [(str(number), label) for number, label in enumerate(labels, 1)]


def choose_action(
    game: Game,
    legal: Sequence[Action],
    ask: Ask,
    console: Console,
    lang: str,
    names: Sequence[str],
) -> Action:
    """Ask for one legal action step by step (card, then target, then guess...).

    Actions are grouped by their first ``action_steps`` label, then the next; a level with
    a single choice is skipped after the first. ``b`` goes back one question, ``q`` raises
    :class:`QuitGame`.
    """
    candidates: Candidates = [(a, game.action_steps(a, lang, names)) for a in legal]
    depth = 0
    chosen: list[str] = []
    asked: list[tuple[Candidates, int, list[str]]] = []  # where each answered question stood
    while True:
        longest = max(len(steps) for _, steps in candidates)
        groups: dict[str, Candidates] = {}
        for action, steps in candidates:
            # Past the last label (or labels that fail to tell actions apart): the text.
            label = steps[depth] if depth < len(steps) else str(action)
            groups.setdefault(label, []).append((action, steps))
        if len(groups) == 1 and chosen and depth < longest:
            chosen.append(next(iter(groups)))  # shown in the trail, not asked
            depth += 1
            continue
        labels = list(groups)
        keys = menu_keys(labels)
        if chosen:
            console.print(f"[dim]{escape(' › '.join(chosen))}[/]")
        for key, shown in keys:
            console.print(f"  [bold cyan]{escape(key)}[/]. {escape(shown)}")
        if asked:
            console.print(f"  [bold cyan]{BACK}[/]. {escape(t('cli.play.back', lang))}")
        console.print(f"  [bold cyan]q[/]. {escape(t('cli.play.quit', lang))}")
        pick = _ask_key(ask, console, lang, [key for key, _ in keys], back=bool(asked))
        if pick is None:
            candidates, depth, chosen = asked.pop()
            continue
        asked.append((candidates, depth, list(chosen)))
        chosen.append(labels[pick])
        candidates = groups[labels[pick]]
        depth += 1
        if len(candidates) == 1:
            return candidates[0][0]


def _ask_key(ask: Ask, console: Console, lang: str, keys: Sequence[str], back: bool) -> int | None:
    """Ask until the answer is one of ``keys`` (its index returned), ``b`` when ``back``
    is offered (None returned) or ``q``."""
    prompt = t("cli.play.ask_back" if back else "cli.play.ask", lang, first=keys[0], last=keys[-1])
    while True:
        try:
            answer = ask(prompt + " ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            console.print()
            raise QuitGame from None
        if answer in ("q", "quit", "exit"):
            raise QuitGame
        if back and answer == BACK:
            return None
        if answer in keys:
            return keys.index(answer)
        shown = t("core.list_separator", lang).join(keys)
        console.print(f"[red]{escape(t('cli.play.bad_answer', lang, keys=shown))}[/]")


def _sure(ask: Ask, console: Console, lang: str) -> bool:
    """Ask before a move that knocks the player out (yes only on an explicit yes)."""
    try:
        answer = ask(t("cli.play.self_out", lang) + " ").strip().lower()
    except (EOFError, KeyboardInterrupt):
        console.print()
        raise QuitGame from None
    return answer in t("cli.play.yes_words", lang).split("|")


def play_session(
    game: Game,
    players: int,
    options: dict[str, Any],
    seat: int,
    bots: Sequence[str],
    ask: Ask,
    console: Console,
    *,
    seed: int | None = None,
    lang: str = "en",
    save: Path | None = None,
    resume: Replay | None = None,
) -> Result | None:
    """Play one game, the person at ``seat``, bots (one spec per other seat) elsewhere.

    Returns the result, or None when the person quit. With ``save``, the record is written
    there when the game ends or the person quits. With ``resume``, the game goes on from
    that record (its players, options and seed replace the arguments).
    """
    if resume is not None:
        state = resume.final_state(game)
        players = state.players
    else:
        state = game.new(players, options, seed)
    state.record_events = True
    if not 0 <= seat < players:
        raise OptionError("core.error.bad_seat", seat=str(seat))
    specs = list(bots) if len(bots) != 1 else list(bots) * (players - 1)
    if len(specs) != players - 1:
        raise OptionError(
            "cli.error.bot_count", players=players - 1, count=len(specs), bots=",".join(specs)
        )
    robots: dict[int, Bot] = {}
    others = iter(specs)
    for s in range(players):
        if s != seat:
            robots[s] = make_bot(next(others), game.id)
            robots[s].reset(s, players, state.options)
    names = player_names(players, seat, specs, lang)
    replay = Replay.start(state)
    if resume is not None:
        replay = Replay(
            resume.game,
            resume.players,
            resume.options,
            resume.seed,
            resume.stack,
            list(resume.actions),
        )
    replay.names = player_names(players, seat, specs, lang, you=False)
    console.print(
        Rule(t("cli.play.title", lang, game=name_text(game.id, "game", lang), seed=state.seed))
    )
    log: list[Event] = []
    try:
        while (actor := state.to_act) is not None:
            if actor == seat:
                _show_turn(game, state, seat, log, console, lang, names)
                log = []
                action = choose_action(game, state.legal_actions(), ask, console, lang, names)
                if game.knocks_out_self(state.view(seat), action) and not _sure(ask, console, lang):
                    continue  # asked again, from the start of the turn
                steps = " › ".join(game.action_steps(action, lang, names))
                console.print(f"[bold green]→ {escape(steps)}[/]")
            else:
                action = decide(robots[actor], state, actor)
            events = state.apply(action)
            replay.actions.append(str(action))
            log += events_for(seat, events)
    except QuitGame:
        _print_log(state, log, console, lang, names)
        console.print(escape(t("cli.play.quitting", lang)))
        _offer_save(replay, ask, console, lang, save)
        return None
    _print_log(state, log, console, lang, names)
    result = state.result
    assert result is not None  # to_act is None only at the end
    console.print(render_view(game.id, state.view(seat), lang, names))
    console.print(summary(game, result, lang, names))
    if save is not None:
        _save(replay, save, ask, console, lang)
    return result


def your_seat(names: Sequence[str] | None) -> int | None:
    """The seat a saved game gave to the person: the one named "Player N" (or, in older
    records, "Player N (you)"), in any language, where the bots carry their level's name."""
    for seat, name in enumerate(names or ()):
        for lang in LANGUAGES:
            if name in (
                t(key, lang, number=seat + 1) for key in ("core.seat_name", "cli.play.you")
            ):
                return seat
    return None


def _show_turn(
    game: Game,
    state: State,
    seat: int,
    log: Sequence[Event],
    console: Console,
    lang: str,
    names: Sequence[str],
) -> None:
    console.print(
        Rule(
            # The prompt itself is in the view's "to act" line or the menu below.
            t("cli.play.your_turn", lang, move=state.move_number + 1)
        )
    )
    console.print(render_view(game.id, state.view(seat), lang, names))
    _print_log(state, log, console, lang, names)


def _print_log(
    state: State, log: Sequence[Event], console: Console, lang: str, names: Sequence[str]
) -> None:
    if not log:
        return
    console.print(f"[bold]{escape(t('cli.play.log', lang))}[/]")
    for event in log:
        text = state.game.describe(event, lang, names, state.options)
        console.print(f"  • {escape(text)}")


def _offer_save(replay: Replay, ask: Ask, console: Console, lang: str, save: Path | None) -> None:
    if save is None:
        try:
            answer = ask(t("cli.play.save_prompt", lang) + " ").strip()
        except (EOFError, KeyboardInterrupt):
            answer = ""
        if not answer:
            return
        save = Path(answer)
    _save(replay, save, ask, console, lang)


def _save(replay: Replay, path: Path, ask: Ask, console: Console, lang: str) -> None:
    """Save the record, asking for another file name while saving fails.

    Raises :class:`NotSaved` when the person gives up after a failure.
    """
    while True:
        try:
            replay.save(path)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            console.print(
                f"[red]{escape(t('cli.play.save_failed', lang, path=str(path), reason=reason))}[/]"
            )
            try:
                answer = ask(t("cli.play.save_again", lang) + " ").strip()
            except (EOFError, KeyboardInterrupt):
                answer = ""
            if not answer:
                console.print(f"[red]{escape(t('cli.play.not_saved', lang))}[/]")
                raise NotSaved from None
            path = Path(answer)
            continue
        console.print(escape(t("cli.play.saved", lang, path=str(path))))
        return


SEAT_LISTS = frozenset({"qualified"})
"""``result.details`` entries that list seats (shown as names under the table)."""


def summary(game: Game, result: Result, lang: str, names: Sequence[str]) -> Table:
    """The end-of-game table: who won, why, every seat's figures and the game's figures.

    Per-seat figures of ``result.details`` (a list with one entry per seat) become columns;
    the others are listed under the table.
    """
    winners = [names[s] for s in result.winners]
    if winners:
        title = t("cli.play.winners", lang, count=len(winners), winners=list_text(winners, lang))
    else:
        title = t("cli.play.no_winner", lang)
    players = len(result.scores)
    columns = {
        k: v
        for k, v in result.details.items()
        if k not in SEAT_LISTS and isinstance(v, list | tuple) and len(v) == players
    }
    lines = [t("cli.play.reason", lang, reason=name_text(game.id, result.reason, lang))]
    for key, value in result.details.items():
        if key in columns:
            continue
        if key in SEAT_LISTS and isinstance(value, list | tuple):
            shown = list_text([names[s] for s in value], lang) or "—"
        elif isinstance(value, Mapping | list | tuple):
            continue
        else:
            shown = name_text(game.id, value, lang) if isinstance(value, str) else str(value)
        lines.append(
            t("cli.play.detail", lang, label=detail_label(game.id, key, lang), value=shown)
        )
    table = Table(title=escape(title), caption="\n".join(escape(line) for line in lines))
    table.add_column(t("cli.play.player", lang))
    table.add_column(t("cli.play.won", lang), justify="center")
    for key in columns:
        table.add_column(escape(detail_label(game.id, key, lang)), justify="right")
    for s in range(players):
        cells = [escape(str(columns[k][s])) for k in columns]
        table.add_row(escape(names[s]), "✓" if s in result.winners else "", *cells)
    return table


def register(app: typer.Typer) -> None:
    """Add the command to the app."""

    @app.command("play", help=help_text("help.play"), context_settings=GAME_COMMAND)
    def play(
        ctx: typer.Context,
        game_id: GameArgument,
        players: PlayersFlag = None,
        seat: Annotated[int | None, typer.Option("--seat", help=help_text("help.seat"))] = None,
        role: Annotated[str | None, typer.Option("--as", help=help_text("help.as_role"))] = None,
        bots: Annotated[
            str | None, typer.Option("--bots", help=help_text("help.play_bots"))
        ] = None,
        seed: Annotated[int | None, typer.Option("--seed", help=help_text("help.seed"))] = None,
        save: Annotated[Path | None, typer.Option("--save", help=help_text("help.save"))] = None,
        resume: Annotated[
            Path | None, typer.Option("--resume", help=help_text("help.resume"))
        ] = None,
        option: OptionFlag = None,
        lang: LangFlag = None,
    ) -> None:
        language = check_language(lang)
        game = load_game(game_id, language)
        console = Console()
        with friendly_errors(language):
            record = None
            if resume is not None:
                # The saved game fixes players, options and seed; it is saved back in place.
                record = Replay.load(resume)
                if record.game != game.id:
                    raise ReplayError(
                        "core.error.replay_wrong_game", game=record.game, expected=game.id
                    )
                count, opts = record.players, dict(record.options)
                save = save or resume
            else:
                opts = game_options(game, ctx.args, option or ())
                count = players if players is not None else parse_players(None, game, opts)[0]
                game.resolve_options(count, opts)
            if seat is not None and role is not None:
                fail(t("cli.error.seat_and_role", language))
            found = your_seat(record.names) if record is not None else None
            where = seat if seat is not None else (found or 0)
            if role is not None:
                where = role_seats(game, role, count)[0]
            specs = split_specs(bots or DEFAULT_BOT, game.id)
            check_file(save)
        with friendly_errors(language):
            try:
                play_session(
                    game,
                    count,
                    opts,
                    where,
                    specs,
                    lambda prompt: console.input(escape(prompt)),
                    console,
                    seed=seed,
                    lang=language,
                    save=save,
                    resume=record,
                )
            except NotSaved:
                raise typer.Exit(1) from None
