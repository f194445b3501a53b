"""The checks every game must pass, written once (the generic every-game suite).

``check_random_game`` plays one seeded random game and, at every decision, checks the
protocol's promises: a seat is to act until the end, listed actions apply, unlisted and
malformed ones are refused with the state unchanged, no card appears or vanishes, states
round-trip through JSON, views are JSON-ready, views and events leak none of the places the
game declares hidden (``tests.support.secrecy``), determinize depends only on the seat's
knowledge, and replaying the actions reproduces every state and event.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlour.engine import Event, Game, IllegalActionError, Replay, Rng, State
from tests.support.secrecy import (
    Tally,
    check_hidden_events,
    check_hidden_views,
    tally_determinize,
)


def _events_json(events: list[Event]) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]


def check_views(state: State, rng: Rng) -> None:
    """Views are JSON-ready; a seat's view is the same in any world it cannot tell apart."""
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        json.dumps(view)
        assert view["seat"] == seat
        assert view["to_act"] == state.to_act
    for seat in range(state.players):
        sample = state.determinize(seat, rng.spawn())
        assert sample.view(seat) == state.view(seat), f"determinize({seat}) disagrees with view"
        assert sample.census() == state.census()
        assert sample.to_act == state.to_act
        if state.to_act == seat:
            assert [str(a) for a in sample.legal_actions()] == [
                str(a) for a in state.legal_actions()
            ]
        # Determinize depends only on what the seat knows: resampling a resampled world
        # with the same generator gives the same world.
        again = sample.determinize(seat, Rng(99)).to_json()
        assert state.determinize(seat, Rng(99)).to_json() == again, (
            f"determinize({seat}) depends on hidden information"
        )


def check_refusals(state: State, rng: Rng, samples: int = 4) -> None:
    """Unlisted and malformed actions raise IllegalActionError and change nothing."""
    before = state.to_json()
    legal = set(state.legal_actions())
    space = state.action_space
    illegal = [a for a in space.actions if a not in legal]
    picks = [illegal[rng.below(len(illegal))] for _ in range(min(samples, len(illegal)))]
    for bad in [*picks, "no such move", -1, space.size, None, 3.5, {"x": 1}]:
        with pytest.raises(IllegalActionError):
            state.apply(bad)
        assert state.to_json() == before


def check_random_game(
    game: Game,
    players: int,
    options: dict[str, Any],
    seed: int,
    *,
    deep_every: int = 1,
    max_moves: int = 20_000,
    tally: Tally | None = None,
) -> State:
    """Play one random game and check the protocol at every decision.

    ``deep_every`` spaces out the costly checks (views, determinize, refusals, hidden
    places); ``tally`` collects what ``determinize`` changed, for :meth:`Tally.check`.
    """
    rng = Rng(seed ^ 0x5EED)
    probe = Rng(seed ^ 0xC0FFEE)
    tally = Tally() if tally is None else tally
    state = game.new(players, options, seed)
    initial = state.clone()
    census = state.census()
    replay = Replay.start(state)
    all_events: list[list[dict[str, Any]]] = []
    snapshots: list[dict[str, Any]] = []
    moves = 0
    while state.to_act is not None:
        moves += 1
        assert moves <= max_moves, "the game does not end"
        seat = state.to_act
        assert 0 <= seat < players
        legal = state.legal_actions()
        assert legal, "a seat is to act but has no legal action"
        assert len({str(a) for a in legal}) == len(legal), "duplicate legal actions"
        for a in legal:
            assert a in state.action_space
            assert state.action_space.parse(str(a)) == a
        deep = moves % deep_every == 1 % deep_every  # the first decision is always deep
        if deep:
            check_views(state, rng)
            check_refusals(state, rng)
            data = state.to_json()
            json.dumps(data)
            copy = game.state_from_json(json.loads(json.dumps(data)))
            assert copy.to_json() == data
            assert [str(a) for a in copy.legal_actions()] == [str(a) for a in legal]
        action = legal[rng.below(len(legal))]
        if deep:
            # One watcher (a seat or the spectator) drawn per deep decision, another than
            # the mover for the events: each world costs a rebuild.
            others: list[int | None] = [None, *(s for s in range(players) if s != seat)]
            watcher = probe.choice([*others, seat])
            tally.views_compared += check_hidden_views(state, probe, [watcher])
            tally.events_compared += check_hidden_events(
                state, [action], probe, [probe.choice(others)]
            )
            tally_determinize(state, tally, [probe.below(players)])
        before_move = state.move_number
        events = state.apply(action)
        assert state.move_number == before_move + 1
        for e in events:
            json.dumps(e.to_json())
            assert e.audience is None or all(0 <= s < players for s in e.audience)
        assert state.census() == census, "a card appeared or vanished"
        replay.actions.append(str(action))
        all_events.append(_events_json(events))
        if deep:
            snapshots.append(state.to_json())
        else:
            snapshots.append({})
    result = state.result
    assert result is not None
    assert set(result.winners) <= set(range(players))
    assert len(result.scores) == players
    assert abs(sum(result.scores) - (1.0 if result.winners else 0.0)) < 1e-9
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError):
        state.apply(0)
    check_views(state, rng)
    check_hidden_views(state, probe)
    # Replaying the record reproduces every state and event.
    replayed = Replay.from_json(json.loads(json.dumps(replay.to_json())))
    assert replayed.initial_state(game).to_json() == initial.to_json()
    for i, (st, _text, evs) in enumerate(replayed.steps(game)):
        assert _events_json(evs) == all_events[i]
        if snapshots[i]:
            assert st.to_json() == snapshots[i]
    return state
