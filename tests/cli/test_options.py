"""Game options from the command line, and the generic view rendering."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from parlour.cli.options import game_options, parse_players, role_seats
from parlour.cli.render import generic_view, render_view, renderer
from parlour.engine import OptionError, OptionSpec
from parlour.games import get_game


class Options:
    """A stand-in game with one option of each kind."""

    id = "optgame"

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return (
            OptionSpec("tokens_to_win", "int", None, minimum=1, maximum=13),
            OptionSpec("edition", "str", "classic", choices=("classic", "2019")),
            OptionSpec("face_up", "bool", False),
            OptionSpec("health", "int_list", None, minimum=1),
        )


GAME = Options()


@pytest.mark.parametrize(
    ("extra", "given", "expected"),
    [
        (["--tokens-to-win", "3"], [], {"tokens_to_win": 3}),
        (["--tokens_to_win=3"], [], {"tokens_to_win": 3}),
        ([], ["tokens_to_win=3", "edition=2019"], {"tokens_to_win": 3, "edition": "2019"}),
        (["--option", "edition=2019"], [], {"edition": "2019"}),
        (["--option=edition=2019"], [], {"edition": "2019"}),
        (["--face-up"], [], {"face_up": True}),
        (["--face-up", "--edition", "2019"], [], {"face_up": True, "edition": "2019"}),
        (["--face-up", "no"], [], {"face_up": False}),
        (["--health", "5,6,7"], [], {"health": [5, 6, 7]}),
    ],
)
def test_direct_flags_and_pairs(
    extra: list[str], given: list[str], expected: dict[str, object]
) -> None:
    assert game_options(GAME, extra, given) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("extra", "key"),
    [
        (["--colour", "red"], "core.error.option_unknown"),
        (["--edition", "1999"], "cli.error.option_choice"),
        (["--tokens-to-win", "0"], "core.error.option_bad_value"),
        (["--tokens-to-win", "x"], "core.error.option_bad_value"),
        (["--tokens-to-win"], "core.error.option_bad_value"),
        (["--health", "5,x"], "core.error.option_bad_value"),
        (["red"], "cli.error.unexpected_argument"),
        (["--"], "cli.error.unexpected_argument"),
        (["--option", "edition"], "cli.error.option_form"),
    ],
)
def test_mistakes_raise_option_errors(extra: list[str], key: str) -> None:
    with pytest.raises(OptionError) as caught:
        game_options(GAME, extra)  # type: ignore[arg-type]
    assert caught.value.key == key
    assert caught.value.message("es") != caught.value.message("en")


@given(st.integers(1, 13))
def test_flag_and_pair_agree(tokens: int) -> None:
    assert game_options(GAME, ["--tokens-to-win", str(tokens)]) == game_options(  # type: ignore[arg-type]
        GAME,  # type: ignore[arg-type]
        [],
        [f"tokens_to_win={tokens}"],
    )


def test_player_counts_and_ranges() -> None:
    game = get_game("highcard")
    assert parse_players("3", game, {}) == [3]
    assert parse_players("2-4", game, {}) == [2, 3, 4]
    assert parse_players(None, game, {}) == [2]
    for bad in ("4-2", "x", "2-"):
        with pytest.raises(OptionError):
            parse_players(bad, game, {})


def test_roles_name_seats_only_where_a_game_has_them() -> None:
    with pytest.raises(OptionError) as caught:
        role_seats(get_game("highcard"), "thanos", 2)
    assert caught.value.key == "cli.error.no_roles"
    with pytest.raises(OptionError) as caught:
        role_seats(get_game("gauntlet"), "thanoss", 2)
    assert caught.value.key == "cli.error.unknown_role"
    assert "thanos" in caught.value.message("en")


def test_generic_view_shows_fields_names_and_hidden_values() -> None:
    state = get_game("highcard").new(2, {}, 1, stack=[3, 5, 1, 6])
    assert renderer("highcard") is None
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(render_view("highcard", state.view(1), "en", ["Ana", "Bo"]))
    console.print(generic_view(state.view(None), "zh", ["Ana", "Bo"]))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "to act     Ana: play" in text
    assert "Ana: — | Bo: 1" in text
    assert "deck size" in text
    assert "Ana：— | Bo：—" in text  # Chinese labels take a full-width colon
    assert "行动者" in text
