"""The engine's state support: fields declared once, the event log, the unchecked apply."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from parlour.engine import (
    Action,
    ActionSpace,
    Event,
    EventLog,
    Field,
    Game,
    OptionSpec,
    PromptKind,
    Result,
    Rng,
    State,
)
from parlour.engine.codec import integer, integer_lists, integers, text


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take a card from the pile."""

    def __str__(self) -> str:
        return "take"


TAKE = Take()


class Prompt(PromptKind):
    """The toy's prompts."""

    TAKE = "take"
    OVER = "over"


class Toy(Game):
    """Players take cards in turn until the pile is empty."""

    id = "toy"
    min_players = 2
    max_players = 3

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return ()

    def new(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        stack: Any = None,
    ) -> ToyState:
        seed = self.fresh_seed(seed)
        st = ToyState(self, players, self.resolve_options(players, options), seed, Rng(seed))
        st.pile = list(range(6))
        st.rng.shuffle(st.pile)
        return st

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return ToyState.from_json(self, data)

    def build_action_space(self, players: int, options: Mapping[str, Any]) -> ActionSpace:
        return ActionSpace([TAKE])


class ToyState(State):
    """The toy's state, every field declared once."""

    FIELDS: ClassVar[tuple[Field, ...]] = (
        integers("pile"),
        integer_lists("hands"),
        integer("turn"),
        text("phase"),
        Field("seen", lambda st, v: [{int(x) for x in s} for s in v], "sets"),
    )
    TRANSIENT: ClassVar[Mapping[str, Any]] = {"cache": None}

    def __init__(
        self, game: Game, players: int, options: Mapping[str, Any], seed: int, rng: Rng
    ) -> None:
        super().__init__(game, players, options, seed, rng)
        self.pile: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.turn = 0
        self.phase = str(Prompt.TAKE)
        self.seen: list[set[int]] = [set() for _ in range(players)]
        self.cache: object = None

    @property
    def to_act(self) -> int | None:
        return self.turn if self.pile else None

    @property
    def result(self) -> Result | None:
        return None if self.pile else Result.of(self.players, [0], "done")

    def legal_actions(self) -> list[Action]:
        return [TAKE] if self.pile else []

    def _transition(self, action: Action) -> None:
        card = self.pile.pop()
        self.hands[self.turn].append(card)
        self.seen[self.turn].add(card)
        self.log.emit("took", frozenset((self.turn,)), seat=self.turn, card=card)
        if self.log.record:
            self.log.emit("turn_done")
        self.turn = (self.turn + 1) % self.players

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"hand": [] if seat is None else list(self.hands[seat])}

    def determinize(self, seat: int, rng: Rng) -> State:
        return self.clone()

    def census(self) -> dict[str, int]:
        return {"cards": len(self.pile) + sum(len(h) for h in self.hands)}


def test_clone_is_independent_and_starts_transient_fields_afresh() -> None:
    """Every declared list, nested list and set is copied; caches and the log start empty."""
    st = Toy().new(2, seed=3)
    st.apply(TAKE)
    st.cache = "warm"
    copy = st.clone()
    assert type(copy) is ToyState and copy.to_json() == st.to_json()
    assert copy.cache is None and copy.log is not st.log and copy.rng is not st.rng
    copy.apply(TAKE)
    copy.hands[0].append(99)
    copy.seen[0].add(99)
    assert st.to_json() != copy.to_json()
    assert 99 not in st.hands[0] and 99 not in st.seen[0] and len(st.pile) == 5


def test_json_round_trip_uses_the_declared_keys() -> None:
    """The header comes first, then each field under its key; reading it back is exact."""
    game = Toy()
    st = game.new(3, seed=5)
    st.apply(TAKE)
    data = st.to_json()
    assert list(data) == [
        *("players", "options", "seed", "rng", "move"),
        *("pile", "hands", "turn", "phase", "seen"),
    ]
    back = game.state_from_json(data)
    assert back.to_json() == data and back.rng.state == st.rng.state
    assert isinstance(back, ToyState) and back.seen[0] == set(st.hands[0])


def test_a_malformed_field_raises_while_reading() -> None:
    """Readers convert types, so a corrupt value fails before anyone uses the state."""
    game = Toy()
    data = game.new(2, seed=1).to_json()
    data["turn"] = "first"
    with pytest.raises(ValueError):
        game.state_from_json(data)


def test_events_come_from_the_log_and_stop_when_not_recorded() -> None:
    """``apply`` returns what the rules emitted; with recording off, nothing and the same state."""
    game = Toy()
    st, quiet = game.new(2, seed=2), game.new(2, seed=2)
    quiet.record_events = False
    events = st.apply(TAKE)
    assert [e.kind for e in events] == ["took", "turn_done"]
    assert events[0].audience == frozenset((0,)) and st.log.events == []
    assert quiet.apply(TAKE) == [] and quiet.to_json() == st.to_json()


def test_the_unchecked_apply_skips_the_checks_only() -> None:
    """Search's apply changes the state exactly as the checked one does."""
    game = Toy()
    a, b = game.new(2, seed=4), game.new(2, seed=4)
    assert a.apply(TAKE) == b.apply_unchecked(TAKE)
    assert a.to_json() == b.to_json() and b.move_number == 1


def test_event_log_take_empties_it() -> None:
    """A taken log starts the next move empty."""
    log = EventLog()
    log.emit("a", None, x=1)
    assert log.take() == [Event("a", {"x": 1})] and log.take() == []
    off = EventLog(record=False)
    off.emit("a")
    assert off.take() == []


def test_prompt_kinds_are_their_own_text() -> None:
    """A prompt member equals its text, so views and catalogs keep plain strings."""
    text: str = "take"  # typed as plain text: the comparison is the point
    assert text == Prompt.TAKE and f"{Prompt.OVER}" == "over"


def test_a_quiet_copy_shares_its_empty_log_until_recording_is_switched_on() -> None:
    """Copies that record nothing share a log; switching recording on gives a copy its own."""
    st = Toy().new(2, seed=6)
    st.record_events = False
    copy = st.clone()
    assert copy.log is st.log
    copy.record_events = True
    assert copy.log is not st.log and not st.record_events
    assert [e.kind for e in copy.apply(TAKE)] == ["took", "turn_done"] and st.apply(TAKE) == []


class SlottedToyState(ToyState):
    """The toy with its fields in slots too (a copy must still get every one)."""

    __slots__ = ("extra",)  # the protocol's own (the log among them) are State's slots

    def __init__(
        self, game: Game, players: int, options: Mapping[str, Any], seed: int, rng: Rng
    ) -> None:
        super().__init__(game, players, options, seed, rng)
        self.extra = "kept"


def test_a_copy_of_a_slotted_state_gets_every_slot_and_its_own_log() -> None:
    """Slots are copied one by one; a recording copy still gets a log of its own."""
    st = SlottedToyState(Toy(), 2, {}, 1, Rng(1))
    st.pile = [1, 2]
    copy = st.clone()
    assert copy.extra == "kept" and copy.log is not st.log and copy.pile == [1, 2]
    st.record_events = False
    assert st.clone().log is st.log
