"""Recorded games replay identically: same events, views, saved states and results.

The files under ``tests/fixtures/games`` were recorded by ``tests.fixtures.record``; any change
in behaviour (a rule, an event, a view, the JSON of a state, chance) makes one of these fail.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from parlour.engine import Replay, State
from parlour.games import get_game
from tests.fixtures.record import CASES, HERE, all_views, canonical, fixture_name, views_digest

FILES = sorted(HERE.glob("*.json"))


def _load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _same(a: Any, b: Any) -> bool:
    return canonical(a) == canonical(b)


def test_every_case_has_its_file() -> None:
    """No recorded case is missing, and no stray file is left behind."""
    names = {fixture_name(g, n, o, s) for g, n, o, s in CASES}
    assert names == {p.name for p in FILES}
    assert {g for g, _, _, _ in CASES} == {"loveletter", "gauntlet", "splendor-marvel"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_replay_gives_the_same_events_views_and_states(path: Path) -> None:
    """Replaying the actions reproduces every event, view, saved state and the result."""
    data = _load(path)
    replay = Replay.from_json(data["replay"])
    assert _same(replay.to_json(), data["replay"])
    game = get_game(replay.game)
    state = replay.initial_state(game)
    digest = hashlib.sha256()
    views_digest(state, digest)
    checked: dict[str, Any] = {}

    def check_point(st: State) -> None:
        key = str(st.move_number)
        if key in data["saves"]:
            assert _same(st.to_json(), data["saves"][key]), f"state at move {key}"
            assert _same(all_views(st), data["views"][key]), f"views at move {key}"
            checked[key] = True
        if key in data["legal"]:
            assert [str(a) for a in st.legal_actions()] == data["legal"][key]

    check_point(state)
    for i, text in enumerate(replay.actions):
        events = [e.to_json() for e in state.apply(text)]
        assert _same(events, data["events"][i]), f"events of move {i + 1} ({text})"
        views_digest(state, digest)
        check_point(state)
    assert set(checked) == set(data["saves"])
    assert digest.hexdigest() == data["views_sha256"], "a view differs at some move"
    result = state.result
    assert result is not None and _same(result.to_json(), data["result"])


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_saved_states_load_and_play_on_identically(path: Path) -> None:
    """Each saved state loads to the same JSON and, played on, ends as recorded."""
    data = _load(path)
    replay = Replay.from_json(data["replay"])
    game = get_game(replay.game)
    final = str(len(replay.actions))
    for key, saved in data["saves"].items():
        state = game.state_from_json(saved)
        assert _same(state.to_json(), saved)
        assert _same(all_views(state), data["views"][key])
        copy = state.clone()
        for i, text in enumerate(replay.actions[int(key) :], int(key)):
            assert _same([e.to_json() for e in state.apply(text)], data["events"][i])
            copy.apply(text)
        assert _same(state.to_json(), data["saves"][final])
        assert _same(copy.to_json(), data["saves"][final])


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_replay_without_events_reaches_the_same_end(path: Path) -> None:
    """The fast path (no events recorded) changes nothing of the state."""
    data = _load(path)
    replay = Replay.from_json(data["replay"])
    state = replay.initial_state(get_game(replay.game))
    state.record_events = False
    for text in replay.actions:
        state.apply(text)
    saved = data["saves"][str(len(replay.actions))]
    assert _same(state.to_json(), saved)
