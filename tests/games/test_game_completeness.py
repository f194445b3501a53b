"""Every registered game is complete: every part of its record, and every text its events and
cards need in all four languages. Planted faults prove the checks fail."""

from __future__ import annotations

import ast
import pickle
from dataclasses import replace
from importlib import import_module, resources
from pathlib import Path
from typing import Any

import pytest

from parlour.engine import Bot, Game, Rng
from parlour.engine.i18n import LANGUAGES, has
from parlour.engine.record import PARTS, GameRecord, SearchHints
from parlour.games import _BUILTIN, game_ids, game_record, register
from parlour.rl.encoding import Encoder
from tests.support.highcard import GAME as HIGHCARD

STATIC = Path(str(resources.files("parlour") / "web" / "static"))
BUILTIN = list(_BUILTIN)


def missing_parts(record: GameRecord) -> list[str]:
    """What a record lacks or gets wrong, one line each (empty: complete)."""
    # A game's own bots are a part like the others: none at all is a part missing.
    problems = [
        f"no {part}"
        for part in PARTS
        if getattr(record, part) is None or (part == "bots" and not record.bots)
    ]
    game = record.game
    for name, factory in (record.bots or {}).items():
        if not isinstance(factory(None), Bot):
            problems.append(f"bot {name} is not a Bot")
    if record.search_hints is not None and not isinstance(record.search_hints, SearchHints):
        problems.append("search hints lack stop or value")
    for role, seats in (record.roles or {}).items():
        for players in range(game.min_players, game.max_players + 1):
            if not seats(players) or not all(0 <= s < players for s in seats(players)):
                problems.append(f"role {role} has no seats, or wrong ones, at {players} players")
    if record.hard_iterations is not None and record.hard_iterations < 1:
        problems.append("the hard bot has no iterations")
    if record.browser_module is not None and not (STATIC / record.browser_module).is_file():
        problems.append(f"no browser module {record.browser_module}")
    if record.howto is not None:
        for lang in LANGUAGES:
            if not (STATIC / record.howto.format(lang=lang)).is_file():
                problems.append(f"no how-to page {record.howto.format(lang=lang)}")
    if record.encoder is not None:
        encoder = getattr(import_module(record.encoder), "ENCODER", None)
        if not (isinstance(encoder, type) and issubclass(encoder, Encoder)):
            problems.append(f"{record.encoder} has no ENCODER")
        elif encoder.game_id != game.id:
            problems.append(f"{record.encoder} encodes {encoder.game_id}")
    renderer = record.renderer
    if renderer is not None and not callable(getattr(import_module(renderer), "render_view", 0)):
        problems.append(f"{record.renderer} has no render_view")
    return problems


def event_kinds(game: Game) -> set[str]:
    """Every event kind a game emits: written in its rules (``emit("kind", ...)``) or seen in
    seeded random games of each sample configuration."""
    kinds: set[str] = set()
    package = game_record(game).package
    root = Path(str(resources.files(package)))
    for path in root.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("emit", "_emit")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                kinds.add(node.args[0].value)
    for players, options in game.sample_configs():
        for seed in range(3):
            state = game.new(players, options, seed)
            kinds.update(e.kind for e in state.opening_events())
            rng = Rng(seed)
            while not state.is_over:
                kinds.update(e.kind for e in state.apply(rng.choice(state.legal_actions())))
    return kinds


def card_names(game: Game) -> set[str]:
    """Every card (and token) id of every sample configuration (the census counts some
    things under a kind, ``token:blue``: the name is the id after it)."""
    return {
        str(card).rpartition(":")[2]
        for players, options in game.sample_configs()
        for card in game.new(players, options, 0).census()
    }


def missing_texts(game: Game) -> list[str]:
    """Catalog keys of the game's event kinds and card names missing in some language."""
    keys = [f"{game.id}.event.{kind}" for kind in sorted(event_kinds(game))]
    keys += [f"{game.id}.name.{card}" for card in sorted(card_names(game))]
    return [f"{key} ({lang})" for key in keys for lang in LANGUAGES if not has(key, lang)]


@pytest.mark.parametrize("game_id", BUILTIN)
def test_every_builtin_game_is_registered_with_a_record(game_id: str) -> None:
    """The registry loads each built-in game from its package's record (no game dropped)."""
    assert game_id in game_ids()
    record = game_record(game_id)
    assert record.id == game_id
    assert record.package == _BUILTIN[game_id]


@pytest.mark.parametrize("game_id", BUILTIN)
def test_every_builtin_game_has_every_part(game_id: str) -> None:
    """Bots, search hints, roles, hard-bot budget, browser module, how-to pages, encoder and
    terminal renderer: a built-in game lacks none."""
    assert missing_parts(game_record(game_id)) == []


@pytest.mark.parametrize("game_id", BUILTIN)
def test_every_event_and_card_has_its_text_in_every_language(game_id: str) -> None:
    """Each event kind's log line and each card's name exist in en, vi, zh and es."""
    game = game_record(game_id).game
    assert len(event_kinds(game)) > 5
    assert missing_texts(game) == []


def test_a_builtin_game_registered_again_keeps_its_record() -> None:
    """A worker process registers the copies of its tasks' games: a built-in game's copy
    keeps its parts (a bare record there would lose its bots and search hints)."""
    original = game_record("loveletter").game
    copy = pickle.loads(pickle.dumps(original))
    try:
        register(copy)
        assert game_record("loveletter").game is copy
        assert missing_parts(game_record("loveletter")) == []
        assert game_record(copy) is game_record("loveletter")
    finally:
        register(original)
    assert game_record("loveletter").game is original


# -- the checks can fail ----------------------------------------------------------------------


def test_a_toy_game_registered_without_its_parts_is_incomplete() -> None:
    """Planted fault: a game with a bare record lacks every part."""
    assert missing_parts(GameRecord(HIGHCARD)) == [f"no {part}" for part in PARTS]


def _with(part: str, value: Any) -> GameRecord:
    """Love Letter's record with one part changed."""
    changes: dict[str, Any] = {part: value}
    return replace(game_record("loveletter"), **changes)


@pytest.mark.parametrize("part", PARTS)
def test_a_game_missing_any_one_part_is_caught(part: str) -> None:
    """Planted fault: Love Letter's record with one part taken away."""
    broken = _with(part, None)
    assert missing_parts(broken) == [f"no {part}"]


@pytest.mark.parametrize(
    ("part", "value"),
    [
        ("browser_module", "games/nowhere.js"),
        ("howto", "howto/loveletter.{lang}.htm"),
        ("encoder", "parlour.rl.encoders.gauntlet"),
        ("renderer", "parlour.cli.options"),
        ("hard_iterations", 0),
        ("bots", {}),
    ],
)
def test_a_part_that_does_not_work_is_caught(part: str, value: object) -> None:
    """Planted fault: a part named but wrong (a missing file, another game's encoder...)."""
    broken = _with(part, value)
    assert missing_parts(broken) != []


def test_a_missing_event_text_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted fault: one language loses one event's line and one card's name."""
    import parlour.engine.i18n as i18n

    real = i18n.catalog

    def lossy(lang: str, domain: str) -> dict[str, str]:
        texts = dict(real(lang, domain))
        if lang == "zh" and domain == "loveletter":
            texts.pop("event.drew", None)
            texts.pop("name.priest", None)
        return texts

    monkeypatch.setattr(i18n, "catalog", lossy)
    missing = missing_texts(game_record("loveletter").game)
    assert missing == ["loveletter.event.drew (zh)", "loveletter.name.priest (zh)"]
