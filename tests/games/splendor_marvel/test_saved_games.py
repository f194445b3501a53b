"""Replays and saved states written before the package was reshaped still replay identically.

Each file of ``fixtures/`` was recorded by an earlier version of the package: a replay (or a
saved state built by a scripted test: a location choice, a Gauntlet lost before the round
ends), the actions played, states saved along the way, and one digest per step of
everything the protocol shows (the action, its events with their audiences, every seat's
and a spectator's view, the legal actions in order, the census). Today's code must
reproduce every digest, from the start and from each saved state.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from parlour.engine import Event, State
from parlour.engine.replay import Replay
from parlour.games.splendor_marvel import GAME

FIXTURES = Path(__file__).parent / "fixtures"
NAMES = sorted(p.stem for p in FIXTURES.glob("*.json"))


def load(name: str) -> dict[str, Any]:
    """One fixture file."""
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _hash(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def digest(state: State, action: str | None, events: list[Event]) -> str:
    """One step, hashed: the move (action, events) and what the protocol shows after it."""
    seats: list[int | None] = [*range(state.players), None]
    shown = {
        "views": [state.view(s) for s in seats],
        "legal": [str(a) for a in state.legal_actions()],
        "census": state.census(),
    }
    return _hash([action, [e.to_json() for e in events]]) + ":" + _hash(shown)


def start(fixture: dict[str, Any]) -> tuple[State, list[str]]:
    """The opening (from the replay or the saved start) and the actions that follow."""
    if fixture["replay"] is not None:
        replay = Replay.from_json(fixture["replay"])
        return replay.initial_state(GAME), replay.actions
    return GAME.state_from_json(fixture["start_state"]), fixture["actions"]


def walk(state: State, actions: list[str]) -> list[str]:
    """The digests of ``state`` and of every step after it."""
    out = [digest(state, None, [])]
    for action in actions:
        events = state.apply(action)
        out.append(digest(state, action, events))
    return out


def test_the_fixtures_cover_every_prompt_and_event_kind() -> None:
    """The recorded games reach every prompt and every event kind the rules emit."""
    kinds: set[str] = set()
    prompts: set[str] = set()
    for name in NAMES:
        state, actions = start(load(name))
        for action in actions:
            prompts.add(state.prompt())
            kinds |= {e.kind for e in state.apply(action)}
    assert prompts == {"play", "return_tokens", "choose_location"}
    assert len(kinds) == 17, sorted(kinds)


@pytest.mark.parametrize("name", NAMES)
def test_a_recorded_game_replays_step_for_step(name: str) -> None:
    """Every step shows what it showed when it was recorded."""
    fixture = load(name)
    state, actions = start(fixture)
    assert walk(state, actions) == fixture["step_digests"]


@pytest.mark.parametrize("name", NAMES)
def test_saved_states_load_and_play_on_identically(name: str) -> None:
    """A state saved mid-game loads, saves back the same, and plays on the same steps."""
    fixture = load(name)
    _, actions = start(fixture)
    for step, saved in fixture["saved_states"].items():
        loaded = GAME.state_from_json(saved)
        assert loaded.to_json() == saved
        want = fixture["step_digests"][int(step) :]
        got = walk(loaded, actions[int(step) :])
        assert got[0].split(":")[1] == want[0].split(":")[1]
        assert got[1:] == want[1:]


def test_a_changed_save_is_noticed() -> None:
    """The check can fail: one token moved from the supply to a seat changes the digest."""
    fixture = load(NAMES[0])
    step, saved = next(iter(fixture["saved_states"].items()))
    changed = json.loads(json.dumps(saved))
    kind = next(k for k, n in enumerate(changed["supply"]) if n > 0 and k < 5)
    changed["supply"][kind] -= 1
    changed["tokens"][0][kind] += 1
    shown = digest(GAME.state_from_json(changed), None, []).split(":")[1]
    assert shown != fixture["step_digests"][int(step)].split(":")[1]
