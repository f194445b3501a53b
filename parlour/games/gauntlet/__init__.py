"""Infinity Gauntlet: A Love Letter Game — Thanos (seat 0) against 1-5 heroes, 2-6 players.

Options
    ``hero_health`` (int): the heroes' starting health, the same for every player count.
    ``thanos_health`` (int_list): Thanos's starting health for 2, 3, 4, 5 and 6 players.
    ``time_stone_copies_defeated`` (bool, on): the Time Stone may copy non-stone cards lying
    defeated in front of Thanos. ``mind_stone_returns`` (bool, on): IG-RULING-1.
    The health defaults are Parlour's own, from the balance study in the project's docs.

Stacked opening
    ``stack = {"hero_deck": [ids, top first], "thanos_deck": [ids, top first]}``; either list
    may be partial (the rest is shuffled beneath it). Heroes draw first in seat order, then
    Thanos draws two.

Action texts
    See :mod:`parlour.games.gauntlet.actions` (``1=7``, ``6>p2``, ``outrider>p1=3``,
    ``time=space``, ``with=power``, ``order=201``, ``bottom=mind,outrider``, ``snap``...).

View
    ``role``, ``hand`` (own cards), ``hand_sizes``, ``faceup`` (per seat; Thanos's are the
    cards he played), ``thanos_defeated``, ``tokens``, ``hero_health``, ``thanos_health``,
    ``hero_deck`` and ``thanos_deck`` (sizes), ``known`` (hidden cards the seat has seen and
    where they are), ``looking`` (Scarlet Witch/Vision cards, for the looker), ``pending``
    (public facts of the current prompt), ``active``, ``turns``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from parlour.bots.base import Bot
from parlour.engine import Action, ActionSpace, Game, OptionError, OptionSpec, Rng
from parlour.games.gauntlet import actions as A
from parlour.games.gauntlet.cards import BY_ID, CARDS, HERO_CARDS, THANOS_CARDS
from parlour.games.gauntlet.rules import THANOS, GauntletState

DEFAULT_HERO_HEALTH = 10
"""Parlour's default hero health (balance study, docs/gauntlet-balance.md)."""
DEFAULT_THANOS_HEALTH = (5, 6, 7, 8, 9)
"""Parlour's default Thanos health for 2..6 players (balance study)."""


@dataclass(frozen=True, slots=True)
class Tables:
    """Prebuilt legal-action lists of one player count."""

    thanos: dict[str, list[Action]]
    hero: dict[tuple[int, int], list[Action]]
    orders: dict[int, list[Action]]


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
                option="thanos_health",
                value=",".join(str(v) for v in options["thanos_health"])[:60],
                expected="5 numbers (2-6 players)",
            )
        options["thanos_health"] = list(options["thanos_health"])
        return options

    def build_action_space(self, players: int, options: Mapping[str, Any]) -> ActionSpace:
        """Every action of this player count."""
        return A.build_space(players)

    def tables(self, players: int) -> Tables:
        """The prebuilt legal-action lists of a player count."""
        return _tables(players)

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
        hero_top, thanos_top = _read_stack(stack)
        st = GauntletState(self, players, opts, seed, rng)
        st.hero_deck = _deck(HERO_CARDS, hero_top, rng)
        st.thanos_deck = _deck(THANOS_CARDS, thanos_top, rng)
        st.hero_health = opts["hero_health"]
        st.thanos_health = opts["thanos_health"][players - 2]
        for seat in range(1, players):
            st.hands[seat].append(st.hero_deck.pop())
        st.hands[THANOS] = sorted([st.thanos_deck.pop(), st.thanos_deck.pop()])
        st.hero_turns = 1
        st._start_turn(THANOS)
        st._events = []
        return st

    def state_from_json(self, data: Mapping[str, Any]) -> GauntletState:
        """Rebuild a saved state."""
        return GauntletState.from_json(self, data)

    def action_steps(
        self, action: Action, lang: str = "en", names: Sequence[str] | None = None
    ) -> list[str]:
        """Menu labels of an action: card, then target, then number or answer."""
        from parlour.games.gauntlet.text import action_steps

        return action_steps(action, lang, names)

    def sample_configs(self) -> list[tuple[int, dict[str, Any]]]:
        """Every player count, plus the two rulings switched off."""
        out: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in range(2, 7)]
        out.append((3, {"time_stone_copies_defeated": False, "mind_stone_returns": False}))
        return out


def _read_stack(stack: Any) -> tuple[list[int], list[int]]:
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


@cache
def _tables(players: int) -> Tables:
    heroes = range(1, players)
    thanos: dict[str, list[Action]] = {
        "outrider": [A.OUTRIDER[(s, g)] for s in heroes for g in range(1, 7)],
        "mind": list(A.MIND.values()),
        "corvus": [A.TARGETED[("corvus", s)] for s in heroes],
        "soul": [A.TARGETED[("soul", s)] for s in heroes],
        "dwarf": [*(A.TARGETED[("dwarf", s)] for s in heroes), A.DWARF_PASS],
        **{k: [a] for k, a in A.PLAIN.items()},
    }
    hero: dict[tuple[int, int], list[Action]] = {}
    for seat in heroes:
        others = [s for s in heroes if s != seat] if players > 2 else [seat]
        hero[(1, seat)] = list(A.HERO_GUESS.values())
        hero[(2, seat)] = [A.HERO_TARGETED[(2, s)] for s in others]
        hero[(3, seat)] = [A.HERO_FIGHT, A.HERO_PASS]
        hero[(4, seat)] = [A.HERO_TARGETED[(4, s)] for s in heroes]
        hero[(5, seat)] = [A.HERO_FIVE]
        hero[(6, seat)] = [A.HERO_TARGETED[(6, s)] for s in heroes]
    orders: dict[int, list[Action]] = {
        n: [o for p, o in A.ORDERS.items() if len(p) == n] for n in (1, 2, 3)
    }
    return Tables(thanos, hero, orders)


GAME = Gauntlet()
"""The game instance the registry loads."""


def _heuristic(arg: str | None) -> Bot:
    from parlour.games.gauntlet.bot import HeuristicBot

    return HeuristicBot()


BOTS = {"heuristic": _heuristic}
"""Bots of this game by name."""

__all__ = ["BOTS", "CARDS", "GAME", "Gauntlet", "GauntletState"]
