"""The Gauntlet game: options, stack parsing, ``new``; and the state with its rules attached."""

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
from parlour.games.gauntlet import actions as A
from parlour.games.gauntlet import legal, rules, views
from parlour.games.gauntlet.cards import BY_ID, HERO_CARDS, THANOS_CARDS
from parlour.games.gauntlet.contracts import GauntletTable
from parlour.games.gauntlet.state import THANOS, GauntletState
from parlour.games.gauntlet.text import action_steps

DEFAULT_HERO_HEALTH = 12
"""Parlour's default hero health (balance study, docs/gauntlet-balance.md)."""
DEFAULT_THANOS_HEALTH = (5, 5, 7, 8, 9)
"""Parlour's default Thanos health for 2..6 players (balance study)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class PlayedState(GauntletState):
    """A Gauntlet state that plays: legal moves, transitions and views attached.

    Methods that call the module functions rather than the functions themselves: a compiled
    function does not bind to an instance as a method."""

    __slots__ = ()

    def clone(self) -> Self:
        """An independent copy, written out so the compiled build copies at C speed (the
        derived copy is Python code); a subclass gets the derived copy of its own."""
        if type(self) is not PlayedState:
            return State.clone(self)
        new = PlayedState.__new__(PlayedState)
        self._clone_fields(new)
        return cast(Self, new)

    def legal_actions(self) -> list[Action]:
        """Every legal answer to the current prompt."""
        return legal.legal_actions(self)

    def apply(self, action: object) -> list[Event]:
        """Check and apply one action."""
        return legal.checked_apply(self, action)

    def _is_legal(self, action: Action) -> bool:
        return legal.is_legal(self, action)

    def _illegal(self, action: Action) -> IllegalActionError:
        return legal.illegal(self, action)

    def _transition(self, action: Action) -> None:
        rules.transition(self, action)

    def _view(self, seat: int | None) -> GauntletTable:
        return views.view_of(self, seat)

    def determinize(self, seat: int, rng: Rng) -> GauntletState:
        """A copy with what ``seat`` cannot see dealt again at random."""
        return views.determinize(self, seat, rng)

    def hidden(self, seat: int | None) -> list[list[Place]]:
        """Where the cards ``seat`` cannot see lie."""
        return views.hidden(self, seat)


class Gauntlet(Game):
    """The Infinity Gauntlet game's configuration."""

    id = "gauntlet"
    min_players = 2
    max_players = 6

    def option_specs(self) -> tuple[OptionSpec, ...]:
        """Health and the two rulings."""
        return (
            OptionSpec(
                "hero_health",
                "int",
                DEFAULT_HERO_HEALTH,
                minimum=1,
                maximum=99,
                help_key="gauntlet.option.hero_health",
            ),
            OptionSpec(
                "thanos_health",
                "int_list",
                None,
                minimum=1,
                maximum=99,
                help_key="gauntlet.option.thanos_health",
            ),
            OptionSpec(
                "time_stone_copies_defeated",
                "bool",
                True,
                help_key="gauntlet.option.time_stone_copies_defeated",
            ),
            OptionSpec(
                "mind_stone_returns", "bool", True, help_key="gauntlet.option.mind_stone_returns"
            ),
        )

    def complete_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Fill the defaults; ``thanos_health`` needs one number per player count 2-6."""
        options = super().complete_options(players, options)
        if options["thanos_health"] is None:
            options["thanos_health"] = list(DEFAULT_THANOS_HEALTH)
        if len(options["thanos_health"]) != 5:
            raise OptionError(
                "core.error.option_bad_value",
                option="gauntlet.option_label.thanos_health",
                value=",".join(str(v) for v in options["thanos_health"])[:60],
                expected="gauntlet.expect.thanos_health",
            )
        options["thanos_health"] = list(options["thanos_health"])
        return options

    def build_action_space(self, players: int, options: Mapping[str, Any]) -> ActionSpace:
        """Every action of this player count."""
        return A.build_space(players)

    def new(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        stack: Any = None,
    ) -> GauntletState:
        """Shuffle (or stack) both decks, deal, and start Thanos's first turn."""
        opts = self.resolve_options(players, options)
        seed = self.fresh_seed(seed)
        rng = Rng(seed)
        hero_top, thanos_top = parse_stack(stack)
        st = PlayedState(self, players, opts, seed, rng)
        # clause: IG-SETUP-1, IG-COMP-1
        st.hero_deck = _deck(HERO_CARDS, hero_top, rng)
        # clause: IG-SETUP-2, IG-COMP-2
        st.thanos_deck = _deck(THANOS_CARDS, thanos_top, rng)
        # clause: IG-SETUP-4, IG-COMP-4
        st.hero_health = opts["hero_health"]
        st.thanos_health = opts["thanos_health"][players - 2]
        for seat in range(1, players):
            st.hands[seat].append(st.hero_deck.pop())
        st.hands[THANOS] = sorted([st.thanos_deck.pop(), st.thanos_deck.pop()])
        st.hero_turns = 1
        # clause: IG-TURN-1
        rules.start_turn(st, THANOS)
        st.log.take()  # the opening's events are nobody's move
        return st

    def state_from_json(self, data: Mapping[str, Any]) -> GauntletState:
        """Rebuild a saved state."""
        st = rebuild(self, lambda: _seated(PlayedState.from_json(self, data)), data)
        if len(st.tokens) != st.players or len(st.known) != st.players:
            raise corrupt("per-seat lists")
        if not st.hand_kept():
            raise corrupt("Thanos's hand")
        return st

    def action_steps(
        self, action: Action, lang: str = "en", names: Sequence[str] | None = None
    ) -> list[str]:
        """Menu labels of an action: card, then target, then number or answer."""
        return action_steps(action, lang, names)

    def sample_configs(self) -> list[tuple[int, dict[str, Any]]]:
        """Every player count, plus the two rulings switched off."""
        out: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in range(2, 7)]
        out.append((3, {"time_stone_copies_defeated": False, "mind_stone_returns": False}))
        return out


def _seated(st: PlayedState) -> PlayedState:
    """The rebuilt state, refused when it has not one hand and one face-up row per seat."""
    if len(st.hands) != st.players or len(st.faceup) != st.players:
        raise corrupt("seats")
    return st


def parse_stack(stack: Any) -> tuple[list[int], list[int]]:
    """The stacked tops of the hero and Thanos decks (top first), checked."""
    if stack is None:
        return [], []
    if not isinstance(stack, Mapping) or set(stack) - {"hero_deck", "thanos_deck"}:
        raise OptionError("core.error.bad_stack", reason="hero_deck, thanos_deck")
    out: list[list[int]] = []
    for key, hero in (("hero_deck", True), ("thanos_deck", False)):
        ids = stack.get(key, [])
        if not isinstance(ids, list | tuple):
            raise OptionError("core.error.bad_stack", reason=key)
        cards = []
        for cid in ids:
            card = BY_ID.get(cid) if isinstance(cid, str) else None
            if card is None or card.hero != hero:
                raise OptionError("core.error.bad_stack", reason=f"{key}: {str(cid)[:30]}")
            cards.append(card.index)
        if len(set(cards)) != len(cards):
            raise OptionError("core.error.bad_stack", reason=f"{key}: duplicate")
        out.append(cards)
    return out[0], out[1]


def _deck(all_cards: tuple[int, ...], top: list[int], rng: Rng) -> list[int]:
    """A deck (top at the end of the list): the stacked cards over the others, shuffled."""
    rest = [c for c in all_cards if c not in top]
    rng.shuffle(rest)
    return rest + top[::-1]
