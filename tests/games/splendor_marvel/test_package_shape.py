"""The package follows the game template: its files, and imports that point one way."""

from __future__ import annotations

from pathlib import Path

import parlour.games.splendor_marvel as package
from parlour.games.splendor_marvel import views
from tests.games.gauntlet.test_package_shape import TEMPLATE, _cycle, _graph

HERE = Path(package.__file__).parent
PREFIX = "parlour.games.splendor_marvel"


def test_the_package_has_the_template_files() -> None:
    """game, state, legal, rules, views, actions, cards, text, bot and search are all there."""
    assert TEMPLATE - {p.stem for p in HERE.glob("*.py")} == set()


def test_no_import_circle_inside_the_package() -> None:
    """No module imports one that imports it back, not even for type checking."""
    graph = _graph(HERE, PREFIX)
    assert graph["rules"] >= {"legal", "state"} and graph["views"] >= {"state"}
    assert _cycle(graph) == []


def test_views_and_rules_keep_to_their_roles() -> None:
    """views.py holds view and determinize only; the saved form is the state's declared fields."""
    own = {
        name
        for name, value in vars(views).items()
        if callable(value) and getattr(value, "__module__", "") == views.__name__
    }
    assert own == {"view", "hidden", "determinize", "_id"}
    assert {f.json_key for f in package.SplendorMarvelState.FIELDS} >= {
        "phase",
        "tableau",
        "result",
    }
