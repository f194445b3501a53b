"""Every game's views and events keep their declared contracts, and mypy enforces them.

Each game package declares its view and event data as TypedDicts in ``contracts.py``.
The producers are checked here at runtime over random games (every view of every seat and
of a spectator, every event); the readers are checked by mypy, and a planted misspelled
key in a small reader proves mypy refuses it.
"""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any, get_args

import pytest

from parlour.engine import Game
from parlour.games import all_games, game_package
from tests.support.contracts import mismatches

ROOT = Path(__file__).resolve().parents[2]
GAMES = [g for g in all_games() if game_package(g.id).startswith("parlour.games.")]
"""The built-in games (test games registered by other tests declare no contracts)."""


def _contracts(game: Game) -> ModuleType:
    return import_module(f"{game_package(game.id)}.contracts")


def _violations(game: Game, players: int, options: dict[str, Any], seed: int) -> list[str]:
    """What a random game's views and events break of the game's contracts."""
    contracts = _contracts(game)
    prompts = get_args(contracts.PromptName)
    state = game.new(players, options, seed)
    pick = random.Random(seed)
    out: list[str] = []
    while True:
        for seat in [None, *range(players)]:
            view = state.view(seat)
            out += mismatches(view, contracts.VIEW, f"move {state.move_number} seat {seat}")
            if view["prompt"] is not None and view["prompt"] not in prompts:
                out.append(f"prompt {view['prompt']!r} not in {prompts}")
        if state.to_act is None:
            return out
        for event in state.apply(pick.choice(state.legal_actions())):
            declared = contracts.EVENTS.get(event.kind)
            if declared is None:
                out.append(f"event {event.kind!r} has no declared data type")
            else:
                out += mismatches(dict(event.data), declared, f"event {event.kind}")


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_views_and_events_keep_the_declared_contracts(game: Game) -> None:
    """Random games in every sample configuration build only views and events of the types
    the game declares (exact keys, value types, prompt names)."""
    for players, options in game.sample_configs():
        problems = _violations(game, players, options, seed=players)
        assert not problems, problems[:10]


def test_every_game_declares_view_prompts_and_events() -> None:
    """No game is left out: each has a contracts module with a view type, its prompt names
    and one data type per event kind its catalog describes."""
    assert {g.id for g in GAMES} >= {"loveletter", "gauntlet", "splendor-marvel"}
    for game in GAMES:
        contracts = _contracts(game)
        assert contracts.VIEW.__required_keys__ >= {"game", "seat", "prompt"}
        assert get_args(contracts.PromptName)
        assert contracts.EVENTS, game.id


def test_the_runtime_check_catches_a_renamed_key_and_a_wrong_type() -> None:
    """Planted faults: a view with a key renamed, an event whose card is a number, a pending
    follow-up with a missing key; each is reported, the real ones are not."""
    from parlour.games.loveletter.contracts import EVENTS, VIEW

    state = next(g for g in GAMES if g.id == "loveletter").new(2, seed=1)
    view = state.view(0)
    assert mismatches(view, VIEW) == []
    renamed = dict(view)
    renamed["tokenz"] = renamed.pop("tokens")
    assert mismatches(renamed, VIEW) == [
        "value: unexpected key 'tokenz'",
        "value: missing key 'tokens'",
    ]
    assert mismatches({"seat": 0, "card": 3}, EVENTS["drew"]) == ["value['card']: 3 is not a str"]
    bishop = dict(view, pending={"bishop": 0, "target": 1})
    assert mismatches(bishop, VIEW)


_READERS = {
    "loveletter": ("LoveLetterView", "tokens", "tokenz"),
    "gauntlet": ("GauntletView", "hero_health", "hero_heath"),
    "splendor_marvel": ("SplendorMarvelView", "supply", "suply"),
}

_READER = """
from collections.abc import Mapping
from typing import Any, cast

from parlour.games.{module}.contracts import {view}


def read(data: Mapping[str, Any]) -> object:
    view = cast({view}, data)
    return view["{key}"]
"""


_OPTION = """
from parlour.engine.options import OptionSpec

SPEC = OptionSpec("rounds", "{kind}", default=3)
"""


def test_mypy_refuses_a_misspelled_view_key_and_option_kind(tmp_path: Path) -> None:
    """A reader of each game's view with a misspelled key is a type error, and so is an
    option of an unknown kind; the same snippets spelled right type-check (so the error is
    the key, not the snippet)."""
    files = []
    for kind in ("int", "integer"):
        path = tmp_path / f"option_{kind}.py"
        path.write_text(_OPTION.format(kind=kind))
        files.append(str(path))
    for module, (view, good, bad) in _READERS.items():
        for key in (good, bad):
            path = tmp_path / f"read_{module}_{key}.py"
            path.write_text(textwrap.dedent(_READER.format(module=module, view=view, key=key)))
            files.append(str(path))
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--follow-imports=silent",
            "--no-incremental",
            "--cache-dir",
            str(tmp_path / "cache"),
            *files,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    report = out.stdout
    assert "option_int.py" not in report, report
    assert 'option_integer.py:4: error: Argument 2 to "OptionSpec" has incompatible type' in report
    for module, (view, good, bad) in _READERS.items():
        assert f"read_{module}_{good}.py" not in report, report
        assert (
            f'read_{module}_{bad}.py:10: error: TypedDict "{view}" has no key "{bad}"' in report
        ), report
