"""Hidden information checked against each game's own declaration (``State.hidden``).

A game declares, for every seat, the places of its JSON form that seat may not see, in
groups whose contents may be exchanged. From that declaration alone (never from the game's
own ``determinize``) these checks build worlds the seat cannot tell apart and demand:

- the seat's view is the same in each such world, and so are its legal actions when it is
  to act (a view shows no hidden place);
- an action applied in both worlds delivers every other seat the same events whenever that
  seat's view after the action is the same in both (events tell a seat no more than its
  view): the worlds vary everything that seat cannot see, the actor's own cards included,
  and only worlds where the same action is legal are compared;
- ``determinize`` really redeals the hidden places: over many seeds they change, most
  places of every kind, and no place that could change is kept as it is at every
  decision (a card pinned, such as one opponent's real hand).

``tests/audit/test_planted_faults.py`` proves each check by a game that breaks it.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import Action, IllegalActionError, Place, ReplayError, Rng, State, events_for

DETERMINIZE_SEEDS = 8
"""Seeds ``determinize`` is sampled with at each checked decision."""
MIN_VARIED = 0.5
"""The share of changeable hidden places (per kind) that ``determinize`` must change."""
PINNED_AFTER = 2
"""Decisions a seat's changeable place is looked at, never changed, before it counts as
pinned."""


def _get(data: Any, place: Place) -> Any:
    node = data
    for key in place:
        node = node[key]
    return node


def _set(data: Any, place: Place, value: Any) -> None:
    node = _get(data, place[:-1])
    node[place[-1]] = value


def declared(state: State, seat: int | None) -> list[list[Place]]:
    """``state.hidden(seat)``, checked: every place exists in ``to_json()`` and is listed once."""
    groups = state.hidden(seat)
    data = state.to_json()
    seen: set[Place] = set()
    for group in groups:
        for place in group:
            assert place not in seen, f"hidden({seat}) lists {place} twice"
            seen.add(place)
            try:
                _get(data, place)
            except (KeyError, IndexError, TypeError):
                raise AssertionError(f"hidden({seat}) names {place}: no such place") from None
    return groups


def exchanged(state: State, groups: list[list[Place]], rng: Rng) -> tuple[State, list[Place]]:
    """A world with each group's contents shuffled among its places; the places that changed.

    A shuffle the game refuses as a saved state (it breaks a public fact, such as a hit
    naming a number Thanos must hold) is drawn again; after a few, the state itself is
    returned with nothing changed.
    """
    for _ in range(8):
        try:
            return _exchanged(state, groups, rng)
        except ReplayError:
            continue
    return state, []


def _exchanged(state: State, groups: list[list[Place]], rng: Rng) -> tuple[State, list[Place]]:
    data = json.loads(json.dumps(state.to_json()))
    moved: list[Place] = []
    for group in groups:
        values = [_get(data, place) for place in group]
        order = list(range(len(group)))
        rng.shuffle(order)
        for place, before, i in zip(group, values, order, strict=True):
            _set(data, place, values[i])
            if values[i] != before:
                moved.append(place)
    return state.game.state_from_json(data), moved


def _find(data: Any, place: Place) -> Any:
    """The content of a place, or a marker when the place is gone (a redealt pile)."""
    try:
        return _get(data, place)
    except (KeyError, IndexError, TypeError):
        return _GONE


_GONE = object()


def _diff(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    return sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))


def check_hidden_views(
    state: State, rng: Rng, seats: list[int | None] | None = None, worlds: int = 1
) -> int:
    """Exchanging what a seat may not see changes neither its view nor its legal actions
    (every seat and the spectator unless ``seats`` is given). Returns the views compared."""
    legal = [str(a) for a in state.legal_actions()]
    compared = 0
    for seat in [None, *range(state.players)] if seats is None else seats:
        groups = declared(state, seat)
        view = state.view(seat)
        for _ in range(worlds):
            world, moved = exchanged(state, groups, rng)
            if not moved:
                continue
            other = world.view(seat)
            compared += 1
            assert other == view, (
                f"view({seat}) shows hidden places: {_diff(view, other)} change when "
                f"{moved[:6]} are exchanged"
            )
            if seat is not None and seat == state.to_act:
                assert [str(a) for a in world.legal_actions()] == legal, (
                    f"seat {seat}'s legal actions depend on {moved[:6]}"
                )
    return compared


def check_hidden_events(
    state: State, actions: list[Action], rng: Rng, seats: list[int | None] | None = None
) -> int:
    """Each action, in worlds another seat cannot tell apart, delivers that seat the same
    events unless the seat's view afterwards differs: in a world where what neither the
    actor nor the seat can see is exchanged, every event the seat is sent; in a world
    where all the seat cannot see is exchanged (the actor's own cards too), the events
    sent to everyone. A world where the action is not legal is not compared. Returns how
    many deliveries were compared.

    A move that draws on the state's generator is not compared: it may show cards that go
    back into a deck shuffled (a defeated hero card, the cards of a round that ended), which
    no view can hold afterwards. The actor itself is left out: its own action may show it a
    card that its view forgets in the same move (a Baron's loser is knocked out), which only
    the rules can say is right; the scripted rules tests check what an actor is shown.
    """
    actor = state.to_act
    assert actor is not None
    theirs = {place for group in declared(state, actor) for place in group}
    compared = 0
    everyone: list[int | None] = [None, *range(state.players)]
    for seat in [s for s in (everyone if seats is None else seats) if s != actor]:
        hidden = declared(state, seat)
        # Two worlds: one varying only what the actor cannot see either, every event the
        # seat is sent compared; one varying all the seat cannot see, the actor's own cards
        # included, its public events compared (an event for the seat alone may show it
        # the actor's card by the rules, as a Baron's comparison does).
        mutual = [[p for p in group if p in theirs] for group in hidden]
        compared += _compare_events(state, actions, seat, mutual, rng, public_only=False)
        compared += _compare_events(state, actions, seat, hidden, rng, public_only=True)
    return compared


def _compare_events(
    state: State,
    actions: list[Action],
    seat: int | None,
    groups: list[list[Place]],
    rng: Rng,
    public_only: bool,
) -> int:
    """The deliveries compared, for ``seat``, between ``state`` and one world with
    ``groups`` exchanged (only the events sent to everyone when ``public_only``; see
    :func:`check_hidden_events`)."""
    compared = 0
    world, moved = exchanged(state, groups, rng)
    if moved:
        for action in actions:
            here, there = state.clone(), world.clone()
            mine = here.apply(action)
            try:
                other = there.apply(action)
            except IllegalActionError:
                continue  # not the same move in that world: nothing to compare
            if here.view(seat) != there.view(seat):
                continue  # the action told the seat something: the events may say it too
            if here.rng.state != state.rng.state:
                continue  # it shuffled: cards shown on their way back into a deck are gone
            got = [
                e.to_json() for e in events_for(seat, mine) if not public_only or e.audience is None
            ]
            alt = [
                e.to_json()
                for e in events_for(seat, other)
                if not public_only or e.audience is None
            ]
            assert got == alt, (
                f"{action} tells seat {seat} about hidden places {moved[:6]} in its events "
                f"but not in its view: {got} / {alt}"
            )
            compared += 1
    return compared


@dataclass
class Tally:
    """What the checks saw over many games, for the checks that need many decisions."""

    changeable: Counter[str] = field(default_factory=Counter)
    """Hidden places (by their first key) in groups whose contents differ."""
    varied: Counter[str] = field(default_factory=Counter)
    """Of those, the places some ``determinize`` seed changed."""
    looked: Counter[str] = field(default_factory=Counter)
    """Each seat's changeable places (``seat:place``): the decisions they were looked at."""
    moved: Counter[str] = field(default_factory=Counter)
    """Of those decisions, the ones where some ``determinize`` seed changed the place."""
    views_compared: int = 0
    """Views compared between two worlds."""
    events_compared: int = 0
    """Deliveries compared between two worlds."""

    def check(self) -> None:
        """``determinize`` changed most changeable places of every kind."""
        assert self.changeable, "no hidden place could ever change: nothing was checked"
        weak = {
            key: f"{self.varied[key]}/{n}"
            for key, n in self.changeable.items()
            if self.varied[key] < MIN_VARIED * n
        }
        assert not weak, f"determinize leaves hidden places as they are: {weak}"
        pinned = sorted(
            key for key, n in self.looked.items() if n >= PINNED_AFTER and not self.moved[key]
        )
        assert not pinned, f"determinize pins hidden places: {pinned[:6]}"
        assert self.views_compared, "no view was compared between two worlds"


def tally_determinize(
    state: State, tally: Tally, seats: list[int] | None = None, seeds: int = DETERMINIZE_SEEDS
) -> None:
    """Count, per seat (every seat unless ``seats`` is given), the changeable hidden places
    and those ``determinize`` changes."""
    data = state.to_json()
    for seat in range(state.players) if seats is None else seats:
        places = [
            place
            for group in declared(state, seat)
            if len({json.dumps(_get(data, p)) for p in group}) > 1
            for place in group
        ]
        if not places:
            continue
        samples = [state.determinize(seat, Rng(k)).to_json() for k in range(seeds)]
        for place in places:
            tally.changeable[str(place[0])] += 1
            tally.looked[f"{seat}:{place}"] += 1
            if any(_find(s, place) != _get(data, place) for s in samples):
                tally.varied[str(place[0])] += 1
                tally.moved[f"{seat}:{place}"] += 1
