"""One position of a Gauntlet game: its fields, declared once, and the questions they answer.

The state is mutable for speed (bots play many games); the rules change it one prompt at a
time (:mod:`~parlour.games.gauntlet.rules`). Decks keep their top card at the end of the list;
Thanos's hand is kept sorted, so its order carries no information. Cards are numbers (their
index in :data:`~parlour.games.gauntlet.cards.CARDS`); saved states name them by id.

The protocol's moving parts (legal moves, transitions, views) live in their own modules and
are attached to this class by :mod:`~parlour.games.gauntlet.game`, so no module of the
package imports one that imports it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from parlour.engine import Event, Game, ReplayError, Result, Rng, State
from parlour.games.gauntlet.cards import BY_ID, CARDS, STONES

THANOS = 0
"""Thanos's seat; the heroes sit at 1..players-1."""


class Phase(StrEnum):
    """The prompt a state waits on; its value is the prompt's name in views and saves."""

    PLAY = "play"
    """The active player plays a card (Thanos may also snap)."""
    DEFEAT = "defeat"
    """A hero's "1" hit: Thanos picks which card of that number is defeated (IG-HERO-1)."""
    WITH = "with"
    """Thanos picks the card he fights with (IG-FIGHT-2)."""
    SPACE = "space"
    """Space Stone: Thanos picks a hero to fight, or stops (IG-THANOS-SPACE)."""
    ACCEPT = "accept"
    """A hero chosen by a "6" accepts or declines the fight (IG-HERO-6)."""
    ORDER = "order"
    """A hero's "5": the looked-at cards go back in a chosen order (IG-HERO-5)."""
    BOTTOM = "bottom"
    """Ebony Maw / Reality Stone: Thanos puts cards under his deck."""
    COPY = "copy"
    """Time Stone: Thanos answers the copied card's questions (IG-THANOS-TIME)."""
    SNAP = "snap"
    """All six stones are his: Thanos snaps or ends his turn (IG-END-3)."""


class GauntletState(State):
    """One position of a Gauntlet game (its rules are attached in ``game.py``)."""

    __slots__ = (
        "_action_space",
        "_events",
        "active",
        "defeated",
        "faceup",
        "game",
        "hands",
        "hero_deck",
        "hero_health",
        "hero_turns",
        "known",
        "looking",
        "move_number",
        "options",
        "over",
        "p_first",
        "p_guess",
        "p_kind",
        "p_space",
        "p_target",
        "phase",
        "players",
        "prompt_seat",
        "record_events",
        "rng",
        "seed",
        "thanos_deck",
        "thanos_health",
        "tokens",
        "turns",
    )

    def __init__(
        self, game: Game, players: int, options: Mapping[str, Any], seed: int, rng: Rng
    ) -> None:
        super().__init__(game, players, options, seed, rng)
        self._events: list[Event] = []
        """The events of the action being applied (see ``rules.emit``)."""
        self.hero_deck: list[int] = []
        self.thanos_deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.faceup: list[list[int]] = [[] for _ in range(players)]
        """Face-up cards in front of each seat (Thanos: the cards he played)."""
        self.defeated: list[int] = []
        """Thanos's defeated cards lying face up (those not shuffled back)."""
        self.tokens = [0] * players
        self.known: list[set[int]] = [set() for _ in range(players)]
        """Cards whose hidden place each seat has seen (peeks, fights, looks, bottoms)."""
        self.looking: list[int] = []
        self.hero_health = 0
        self.thanos_health = 0
        self.active = THANOS
        self.hero_turns = 0
        self.turns = 0
        self.phase = Phase.PLAY
        self.prompt_seat = THANOS
        # The pending prompt's public facts: the kind a Time Stone copies, the hero Thanos
        # fights ("with"), the number a hero "1" hit ("defeat"), the Space Stone fights left
        # (also the count to put under the deck at "bottom"), the first hero fought.
        self.p_kind = ""
        self.p_target = -1
        self.p_guess = 0
        self.p_space = 0
        self.p_first = -1
        self.over = ""
        """The end reason once the game is over (``hero_health``, ``thanos_health``, ``snap``)."""

    # -- questions ------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat answering the current prompt, or None when the game is over."""
        return None if self.over else self.prompt_seat

    @property
    def result(self) -> Result | None:
        """Heroes win when Thanos's health is gone; Thanos by the heroes' health or the snap."""
        if not self.over:
            return None
        winners = [THANOS] if self.over != "thanos_health" else list(range(1, self.players))
        return Result.of(
            self.players,
            winners,
            self.over,
            hero_health=self.hero_health,
            thanos_health=self.thanos_health,
            turns=self.turns,
        )

    def prompt(self) -> str:
        """The name of the current decision."""
        return self.phase.value

    def snap_ready(self) -> bool:
        """Whether all six stones are in Thanos's hand or face up in front of him (IG-END-3)."""
        n = 0
        for zone in (self.faceup[THANOS], self.defeated, self.hands[THANOS]):
            for c in zone:
                if c in STONES:
                    n += 1
        return n == 6

    def hand_kept(self) -> bool:
        """Whether Thanos holds two cards or more while his deck holds two or more.

        Every reachable state keeps it (the package's notes on IG-TURN-4 prove why); saved
        states that break it are refused, since Thanos could be left with nothing to play.
        """
        return len(self.thanos_deck) < 2 or len(self.hands[THANOS]) >= 2

    def census(self) -> dict[str, int]:
        """How many of each card are in every zone (always one each)."""
        out: dict[str, int] = {}
        zones = [self.hero_deck, self.thanos_deck, self.defeated, self.looking]
        zones += self.hands + self.faceup
        for zone in zones:
            for c in zone:
                cid = CARDS[c].id
                out[cid] = out.get(cid, 0) + 1
        return out

    # -- copies and saves -----------------------------------------------------------------

    def clone(self) -> GauntletState:
        """An independent copy."""
        cls = type(self)
        st = cls.__new__(cls)
        for name in _COPIED:
            setattr(st, name, getattr(self, name))
        st.rng = self.rng.clone()
        st._events = []
        st.hero_deck = self.hero_deck[:]
        st.thanos_deck = self.thanos_deck[:]
        st.hands = [h[:] for h in self.hands]
        st.faceup = [f[:] for f in self.faceup]
        st.defeated = self.defeated[:]
        st.tokens = self.tokens[:]
        st.known = [set(k) for k in self.known]
        st.looking = self.looking[:]
        return st

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (card ids; decks listed bottom first)."""

        def ids(cards: list[int]) -> list[str]:
            return [CARDS[c].id for c in cards]

        return {
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "rng": self.rng.state,
            "move": self.move_number,
            "hero_deck": ids(self.hero_deck),
            "thanos_deck": ids(self.thanos_deck),
            "hands": [ids(h) for h in self.hands],
            "faceup": [ids(f) for f in self.faceup],
            "defeated": ids(self.defeated),
            "tokens": list(self.tokens),
            "known": [sorted(CARDS[c].id for c in k) for k in self.known],
            "looking": ids(self.looking),
            "hero_health": self.hero_health,
            "thanos_health": self.thanos_health,
            "active": self.active,
            "hero_turns": self.hero_turns,
            "turns": self.turns,
            "phase": self.phase.value,
            "prompt_seat": self.prompt_seat,
            "pending": [self.p_kind, self.p_target, self.p_guess, self.p_space, self.p_first],
            "over": self.over,
        }

    @classmethod
    def from_json(cls, game: Game, data: Mapping[str, Any]) -> GauntletState:
        """Rebuild a state from :meth:`to_json` output (called on the class with rules)."""
        try:

            def idx(names: Any) -> list[int]:
                return [BY_ID[str(n)].index for n in names]

            st = cls(
                game,
                int(data["players"]),
                dict(data["options"]),
                int(data["seed"]),
                Rng(int(data["rng"])),
            )
            st.move_number = int(data["move"])
            st.hero_deck = idx(data["hero_deck"])
            st.thanos_deck = idx(data["thanos_deck"])
            st.hands = [idx(h) for h in data["hands"]]
            st.faceup = [idx(f) for f in data["faceup"]]
            st.defeated = idx(data["defeated"])
            st.tokens = [int(t) for t in data["tokens"]]
            st.known = [set(idx(k)) for k in data["known"]]
            st.looking = idx(data["looking"])
            st.hero_health = int(data["hero_health"])
            st.thanos_health = int(data["thanos_health"])
            st.active = int(data["active"])
            st.hero_turns = int(data["hero_turns"])
            st.turns = int(data["turns"])
            st.phase = Phase(str(data["phase"]))
            st.prompt_seat = int(data["prompt_seat"])
            kind, target, guess, space, first = data["pending"]
            st.p_kind, st.p_target, st.p_guess = str(kind), int(target), int(guess)
            st.p_space, st.p_first = int(space), int(first)
            st.over = str(data["over"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError("core.error.corrupt_state", reason=str(exc)[:80]) from None
        if len(st.hands) != st.players or len(st.faceup) != st.players:
            raise ReplayError("core.error.corrupt_state", reason="seats")
        return st


_COPIED = (
    "game",
    "players",
    "options",
    "seed",
    "move_number",
    "record_events",
    "hero_health",
    "thanos_health",
    "active",
    "hero_turns",
    "turns",
    "phase",
    "prompt_seat",
    "p_kind",
    "p_target",
    "p_guess",
    "p_space",
    "p_first",
    "over",
)
"""The fields a clone shares as they are (immutable values)."""
