"""Love Letter's game: options and their rule-set presets, stacked openings, new games.

It also puts the package's parts together: :class:`LoveLetterPlay` is the state with its
rules (:mod:`rules`), legal answers (:mod:`legal`) and knowledge (:mod:`views`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self, cast

from mypy_extensions import mypyc_attr

from parlour.engine import (
    Action,
    ActionSpace,
    Event,
    Game,
    IllegalActionError,
    OptionError,
    OptionSpec,
    Place,
    Rng,
    State,
)
from parlour.engine.integrity import corrupt, rebuild
from parlour.games.loveletter import views
from parlour.games.loveletter.actions import actions_of
from parlour.games.loveletter.cards import EDITIONS, TABLES, Edition
from parlour.games.loveletter.contracts import LoveLetterTable
from parlour.games.loveletter.legal import LegalList, holds, legal_now, legal_tables
from parlour.games.loveletter.rules import Rules
from parlour.games.loveletter.state import PLAY, LoveLetterState

RULESETS = ("seed", "printed")
TIE_RULES = ("discard-then-nobody", "discard-then-all", "all")

_SEED_TOKENS = {2: 6, 3: 5, 4: 4}
_PRINTED_TOKENS = {
    "classic": {2: 7, 3: 5, 4: 4},
    "premium": {5: 4, 6: 4, 7: 4, 8: 4},
    "2019": {2: 6, 3: 5, 4: 4, 5: 3, 6: 3},
}
_PRINTED_TIE = {"classic": "discard-then-nobody", "premium": "discard-then-all", "2019": "all"}


def derived_options(edition: str, ruleset: str, players: int) -> dict[str, Any]:
    """The values a rule set gives the three difference options (LL rule-set table)."""
    if ruleset == "seed":
        return {
            "tokens_to_win": _SEED_TOKENS.get(players, 3),
            "two_player_face_up": False,
            "tie_rule": "discard-then-nobody",
        }
    return {
        "tokens_to_win": _PRINTED_TOKENS[edition][players],
        "two_player_face_up": True,
        "tie_rule": _PRINTED_TIE[edition],
    }


def parse_stack(stack: Any, edition: Edition, players: int) -> tuple[list[list[int]], int | None]:
    """Check a stacked opening; return each round's deck (top card first) and a first player."""

    def bad(reason: str) -> OptionError:
        return OptionError("core.error.bad_stack", reason=reason)

    if isinstance(stack, list):
        stack = {"rounds": [stack]}
    if not isinstance(stack, Mapping) or not set(stack) <= {"rounds", "first_player"}:
        raise bad('expected {"rounds": [[card ids...], ...], "first_player": seat}')
    rounds = stack.get("rounds", [])
    if not isinstance(rounds, list) or not all(isinstance(r, list) for r in rounds):
        raise bad("rounds must be a list of lists of card ids")
    first = stack.get("first_player")
    if first is not None and (
        isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players
    ):
        raise bad(f"first_player must be a seat from 0 to {players - 1}")
    want = sorted(edition.deck)
    out: list[list[int]] = []
    for i, cards in enumerate(rounds, 1):
        unknown = [c for c in cards if not isinstance(c, str) or c not in edition.ids]
        if unknown:
            raise bad(f"round {i}: {str(unknown[0])[:30]} is not a card of the {edition.name} deck")
        kinds = [edition.ids.index(c) for c in cards]
        if sorted(kinds) != want:
            raise bad(f"round {i} must hold the {len(want)} cards of the {edition.name} deck")
        out.append(kinds)
    return out, first


@mypyc_attr(allow_interpreted_subclasses=True)
class LoveLetterPlay(Rules):
    """A playable Love Letter state: the rules' transitions, legal answers and views."""

    def __init__(
        self, game: Game, players: int, options: Mapping[str, Any], seed: int, rng: Rng
    ) -> None:
        super().__init__(game, players, options, seed, rng)
        self.tab = legal_tables(self.ed.name, players)

    def clone(self) -> Self:
        """An independent copy: every attribute written out here, so the compiled build
        copies it at C speed (the copy derived from ``FIELDS`` is Python code, and the server
        copies the state at every move); a subclass gets the derived copy, which also copies
        what it adds."""
        if type(self) is not LoveLetterPlay:
            return State.clone(self)  # the subclass's own derived copy
        new = LoveLetterPlay.__new__(LoveLetterPlay)
        self._clone_fields(new)
        new.tab = self.tab
        return cast(Self, new)

    def _legal_now(self) -> LegalList:
        legal = self._legal
        if legal is None:
            if self.phase is PLAY:  # the common case, without a call
                a = self.actor
                others = self.alive & ~self.prot & ~(1 << a)
                # clause: LL-RULING-1
                legal = self.tab.play_legal(self.hand[a], self.drawn, a, others, self.syc)
            else:
                legal = legal_now(self, self.tab)
            self._legal = legal
        return legal

    def legal_actions(self) -> list[Action]:
        """Every legal answer to the current prompt, in a deterministic order."""
        legal = self._legal
        if legal is None:
            if self.phase is PLAY:
                # The answers by pair read here (playouts ask this before every move): the
                # same answer as Legal.play_legal, a call shorter.
                a = self.actor
                hand, drawn, syc = self.hand[a], self.drawn, self.syc
                others = self.alive & ~self.prot & ~(1 << a)
                tab = self.tab
                # clause: LL-RULING-1
                found = tab.by_pair[tab.pair_index(hand, drawn, a, others)] if syc < 0 else None
                if found is None:
                    found = tab.play_legal(hand, drawn, a, others, syc)
                legal = found
            else:
                legal = legal_now(self, self.tab)
            self._legal = legal
        return list(legal)

    def _is_legal(self, action: Action) -> bool:
        return holds(self._legal_now(), action)

    def apply(self, action: object) -> list[Event]:
        """Apply one action (object, text or code); illegal ones raise and change nothing."""
        if self._to_act is None:
            raise IllegalActionError("core.error.game_over")
        legal = self._legal
        if legal is None:
            legal = self._legal_now()
        # By identity: the legal answers hold the space's interned actions, so one of them is
        # legal without hashing it; anything else (an equal copy, a text, a code) is interned
        # first, which also refuses what the space does not know.
        if not holds(legal, action):
            act = self.action_space.coerce(action)
            if not holds(legal, act):
                raise self._illegal(act)
            return self._apply(act)
        return self._apply(action)  # type: ignore[arg-type]  # one of the legal actions

    def _view(self, seat: int | None) -> LoveLetterTable:
        return views.view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> LoveLetterState:
        """A world consistent with what ``seat`` knows (see :mod:`views`)."""
        return views.determinize(self, seat, rng)

    def hidden(self, seat: int | None) -> list[list[Place]]:
        """What ``seat`` may not see (see :mod:`views`)."""
        return views.hidden(self, seat)


@mypyc_attr(allow_interpreted_subclasses=True)
class LoveLetter(Game):
    """Love Letter: classic, premium and 2019 editions, seed or printed rules."""

    id = "loveletter"
    min_players = 2
    max_players = 8

    def option_specs(self) -> tuple[OptionSpec, ...]:
        """Every option (see the package docstring)."""
        h = "loveletter.option."
        return (
            OptionSpec("edition", "str", "classic", EDITIONS, help_key=h + "edition"),
            OptionSpec("ruleset", "str", "seed", RULESETS, help_key=h + "ruleset"),
            OptionSpec("tokens_to_win", "int", None, None, 1, 20, h + "tokens_to_win"),
            OptionSpec("two_player_face_up", "bool", None, help_key=h + "two_player_face_up"),
            OptionSpec("tie_rule", "str", None, TIE_RULES, help_key=h + "tie_rule"),
            OptionSpec("first_player", "int", None, None, 0, 7, h + "first_player"),
        )

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """The edition's player counts."""
        return TABLES[options.get("edition", "classic")].players

    def complete_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Derive the difference options from the rule set; refuse bad combinations."""
        given_face_up = "two_player_face_up" in options
        options.setdefault("edition", "classic")
        options.setdefault("ruleset", "seed")
        for key, value in derived_options(options["edition"], options["ruleset"], players).items():
            options.setdefault(key, value)
        options.setdefault("first_player", None)
        if players != 2 and options["two_player_face_up"]:
            if given_face_up:
                raise OptionError("loveletter.error.face_up_players", players=players)
            options["two_player_face_up"] = False  # the printed preset only concerns 2 players
        first = options["first_player"]
        if first is not None and first >= players:
            raise OptionError("loveletter.error.first_player", seat=first, players=players)
        return options

    def new(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        stack: Any = None,
    ) -> LoveLetterPlay:
        """A new game; ``stack`` fixes the first rounds' decks (package docstring)."""
        opts = self.resolve_options(players, options)
        seed = self.fresh_seed(seed)
        edition = TABLES[opts["edition"]]
        rounds, first = parse_stack(stack, edition, players) if stack is not None else ([], None)
        st = LoveLetterPlay(self, players, opts, seed, Rng(seed))
        st.stacked = rounds
        if first is None:
            first = opts["first_player"]
        if first is None:
            first = st.rng.below(players)
        st.start_round(first)
        st.opening = st.log.take()  # round 1's opening lines (see State.opening_events)
        return st

    def state_from_json(self, data: Mapping[str, Any]) -> LoveLetterState:
        """Rebuild a state from :meth:`LoveLetterState.to_json`."""
        # A corrupt save (bad types, a duplicated card, seats out of range) is refused here.
        st = rebuild(self, lambda: LoveLetterPlay.from_json(self, data), data)
        if not st.well_formed():
            raise corrupt("per-seat lists")
        return st

    def build_action_space(self, players: int, options: Mapping[str, Any]) -> ActionSpace:
        """Every action of the configuration (prebuilt in :class:`actions.Actions`)."""
        return actions_of(options.get("edition", "classic"), players).space

    def action_steps(
        self, action: Action, lang: str = "en", names: Sequence[str] | None = None
    ) -> list[str]:
        """Card, then target(s), then the named value, as display labels."""
        from parlour.games.loveletter.text import action_steps

        return action_steps(action, lang, names)

    def describe(
        self,
        event: Event,
        lang: str = "en",
        names: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> str:
        """One log line; a Guard's or Bishop's named value reads as the edition's card."""
        from parlour.games.loveletter.text import describe_event

        edition = str((options or {}).get("edition", "classic"))
        return describe_event(event, lang, names, edition)

    def knocks_out_self(self, view: Mapping[str, Any], action: Action) -> bool:
        """Discarding the Princess: playing it, a Prince on oneself, or a Bishop's "discard"."""
        hand = list(view.get("hand") or [])
        text = str(action)
        if text == "princess":
            return True
        if text == "discard":  # the Bishop's target gives up their one card
            return "princess" in hand
        if text == f"prince>p{view.get('seat')}" and "prince" in hand:
            hand.remove("prince")
            return "princess" in hand
        return False

    def sample_configs(self) -> list[tuple[int, dict[str, Any]]]:
        """Every edition and player-count extreme, both rule sets, the tie rules."""
        return [
            (2, {"edition": "classic"}),
            (2, {"edition": "classic", "ruleset": "printed"}),
            (3, {"edition": "classic"}),
            (4, {"edition": "classic"}),
            (5, {"edition": "premium"}),
            (6, {"edition": "premium", "ruleset": "printed"}),
            (8, {"edition": "premium"}),
            (2, {"edition": "2019"}),
            (2, {"edition": "2019", "ruleset": "printed"}),
            (4, {"edition": "2019", "ruleset": "printed"}),
            (6, {"edition": "2019"}),
        ]


GAME = LoveLetter()
"""The game instance the registry exposes."""
