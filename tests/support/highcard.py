"""A tiny hidden-information game used to test the engine protocol itself.

Each player holds one face-down card from a deck of values 1-6 (two of each). In turn,
each player either keeps their card or swaps it (discarding it face up and drawing the
top card). After everyone has acted once, the highest card wins; ties share.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.engine import (
    Action,
    ActionSpace,
    Event,
    Game,
    IllegalActionError,
    OptionSpec,
    Place,
    ReplayError,
    Result,
    Rng,
    State,
)


@dataclass(frozen=True, slots=True)
class Choice(Action):
    """Keep or swap."""

    swap: bool

    def __str__(self) -> str:
        return "swap" if self.swap else "keep"


KEEP, SWAP = Choice(False), Choice(True)


class HighCard(Game):
    """The toy game's configuration."""

    id = "highcard"
    min_players = 2
    max_players = 4
    state_class: type[HighCardState]
    """The class of its states (planted-fault variants of the game swap it)."""

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return (OptionSpec("copies", "int", 2, minimum=2, maximum=3),)

    def build_action_space(self, players: int, options: Mapping[str, Any]) -> ActionSpace:
        return ActionSpace([KEEP, SWAP])

    def new(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        stack: Any = None,
    ) -> HighCardState:
        opts = self.resolve_options(players, options)
        seed = self.fresh_seed(seed)
        rng = Rng(seed)
        if stack is None:
            deck = [v for v in range(1, 7) for _ in range(opts["copies"])]
            rng.shuffle(deck)
        else:
            deck = list(stack)
        st = self.state_class(self, players, opts, seed, rng)
        st.hands = [deck.pop() for _ in range(players)]
        st.deck = deck
        return st

    def state_from_json(self, data: Mapping[str, Any]) -> HighCardState:
        try:
            st = self.state_class(
                self,
                int(data["players"]),
                dict(data["options"]),
                int(data["seed"]),
                Rng(int(data["rng"])),
            )
            st.hands = [int(v) for v in data["hands"]]
            st.deck = [int(v) for v in data["deck"]]
            st.discards = [int(v) for v in data["discards"]]
            st.turn = int(data["turn"])
            st.move_number = int(data["move"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError("core.error.corrupt_state", reason=str(exc)) from None
        return st


class HighCardState(State):
    """One position of the toy game."""

    def __init__(
        self, game: HighCard, players: int, options: dict[str, Any], seed: int, rng: Rng
    ) -> None:
        super().__init__(game, players, options, seed, rng)
        self.hands: list[int] = []
        self.deck: list[int] = []
        self.discards: list[int] = []
        self.turn = 0

    @property
    def to_act(self) -> int | None:
        return self.turn if self.turn < self.players else None

    @property
    def result(self) -> Result | None:
        if self.turn < self.players:
            return None
        best = max(self.hands)
        return Result.of(
            self.players, [s for s, v in enumerate(self.hands) if v == best], "showdown"
        )

    def legal_actions(self) -> list[Action]:
        if self.to_act is None:
            return []
        return [KEEP, SWAP] if self.deck else [KEEP]

    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action, Choice)
        seat = self.turn
        events = [Event("acted", {"seat": seat, "swap": action.swap})]
        if action.swap:
            self.discards.append(self.hands[seat])
            events.append(Event("discarded", {"seat": seat, "value": self.hands[seat]}))
            self.hands[seat] = self.deck.pop()
            events.append(
                Event("drew", {"seat": seat, "value": self.hands[seat]}, frozenset({seat}))
            )
        self.turn += 1
        self.move_number += 1
        if self.turn == self.players:
            events.append(Event("showdown", {"hands": list(self.hands)}))
        return events

    def _view(self, seat: int | None) -> dict[str, Any]:
        over = self.turn >= self.players
        return {
            "hands": [v if (over or s == seat) else None for s, v in enumerate(self.hands)],
            "discards": list(self.discards),
            "deck_size": len(self.deck),
        }

    def hidden(self, seat: int | None) -> list[list[Place]]:
        if self.turn >= self.players:
            return []
        hands: list[Place] = [("hands", s) for s in range(self.players) if s != seat]
        return [hands + [("deck", i) for i in range(len(self.deck))]]

    def determinize(self, seat: int, rng: Rng) -> HighCardState:
        st = self.clone()
        st.rng = rng.spawn()
        if self.turn >= self.players:
            return st
        others = [s for s in range(self.players) if s != seat]
        unknown = sorted(self.deck + [self.hands[s] for s in others])
        rng.shuffle(unknown)
        for s in others:
            st.hands[s] = unknown.pop()
        st.deck = unknown
        return st

    def census(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for v in self.hands + self.deck + self.discards:
            counts[str(v)] = counts.get(str(v), 0) + 1
        return counts

    def clone(self) -> HighCardState:
        st = type(self)(self.game, self.players, self.options, self.seed, self.rng.clone())  # type: ignore[arg-type]
        st.hands = list(self.hands)
        st.deck = list(self.deck)
        st.discards = list(self.discards)
        st.turn = self.turn
        st.move_number = self.move_number
        return st

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "rng": self.rng.state,
            "hands": list(self.hands),
            "deck": list(self.deck),
            "discards": list(self.discards),
            "turn": self.turn,
            "move": self.move_number,
        }


HighCard.state_class = HighCardState
GAME = HighCard()

__all__ = ["GAME", "HighCard", "HighCardState", "IllegalActionError"]
