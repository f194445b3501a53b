"""Every option error a person can meet reads as a sentence for a person, in every language.

The walk tries wrong values of every kind for every option of every registered game, player
counts outside each choice's range, and the cross-option checks (a seat past the table, the
face-up cards with more than two players, the wrong number of Thanos healths); each error's
text is then checked in the four languages.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from parlour.engine.errors import OptionError
from parlour.engine.i18n import LANGUAGES, has
from parlour.engine.options import OptionSpec
from parlour.games import all_games, get_game

# What a person should never read: keys, placeholders, Python's words, type names,
# option names as code spells them, 0-based arithmetic.
LEAKS = {
    "a catalog key or game id": re.compile(
        r"\b(core\.|web\.|cli\.|loveletter|gauntlet|splendor-marvel)"
    ),
    "a placeholder": re.compile(r"[{}]"),
    "a type or Python word": re.compile(r"\b(int|int_list|str|bool|None|True|False)\b"),
    "a code name": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "0-based arithmetic": re.compile(r"minus 1|\b0 to\b"),
}


def _bad_values(spec: OptionSpec) -> list[Any]:
    low = spec.minimum if spec.minimum is not None else 0
    high = spec.maximum if spec.maximum is not None else 99
    if spec.choices is not None:
        return ["no-such-choice", 3, True]
    if spec.kind == "bool":
        return [3, "yes", [True]]
    if spec.kind == "int":
        return ["x", 1.5, True, low - 1, high + 1]
    if spec.kind == "int_list":
        return ["x", [None], [low - 1], [high + 1], 5]
    return [3, [1]]


def _bad_texts(spec: OptionSpec) -> list[str]:
    return {"bool": ["maybe"], "int": ["x", "1.5"], "int_list": ["1,x"]}.get(spec.kind, [])


def _errors() -> list[tuple[str, OptionError]]:
    found: list[tuple[str, OptionError]] = []

    def attempt(label: str, game_id: str, players: int, options: dict[str, Any]) -> None:
        try:
            get_game(game_id).resolve_options(players, options)
        except OptionError as error:
            found.append((label, error))
        else:
            raise AssertionError(f"{label}: accepted")

    for game in all_games():
        low, high = game.min_players, game.max_players
        for spec in game.option_specs():
            for value in _bad_values(spec):
                attempt(f"{game.id} {spec.name}={value!r}", game.id, low, {spec.name: value})
            for text in _bad_texts(spec):
                try:
                    spec.parse_text(text)
                except OptionError as error:
                    found.append((f"{game.id} --{spec.name} {text}", error))
            for choice in spec.choices or ():
                lo, hi = game.player_range({spec.name: choice})
                for players in (lo - 1, hi + 1):
                    label = f"{game.id} {spec.name}={choice} with {players} players"
                    attempt(label, game.id, players, {spec.name: choice})
            if spec.seat:
                attempt(f"{game.id} {spec.name} past the table", game.id, low, {spec.name: low})
        attempt(f"{game.id} with {high + 1} players", game.id, high + 1, {})
        attempt(f"{game.id} with 'two' players", game.id, "two", {})  # type: ignore[arg-type]
    attempt("loveletter face up with 3 players", "loveletter", 3, {"two_player_face_up": True})
    attempt("gauntlet two Thanos healths", "gauntlet", 2, {"thanos_health": [5, 6]})
    return found


ERRORS = _errors()


def _leaks(text: str) -> list[str]:
    return [name for name, pattern in LEAKS.items() if pattern.search(text)]


def test_the_walk_meets_every_kind_of_option_error() -> None:
    keys = {error.key for _, error in ERRORS}
    expected = {error.params.get("expected") for _, error in ERRORS}
    assert {"core.error.option_bad_value", "core.error.player_count"} <= keys
    assert {"loveletter.error.first_player", "loveletter.error.face_up_players"} <= keys
    assert {"core.expect.seat", "core.expect.choice", "core.expect.bool"} <= expected
    assert {"core.expect.int_range", "core.expect.int_range_list"} <= expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_error_reads_as_a_sentence(lang: str) -> None:
    bad = {}
    for label, error in ERRORS:
        text = error.message(lang)
        leaks = _leaks(text)
        if lang != "en" and text == error.message("en"):
            leaks.append("untranslated")
        if leaks:
            bad[label] = (text, leaks)
    assert not bad, bad


def test_the_leak_check_catches_the_old_texts() -> None:
    old = [
        "loveletter takes 2 to 4 players with these options, not 5.",
        "The first player must be a seat of this table (0 to 3 minus 1), not Player 4.",
        "Option “thanos_health” cannot be “[None]”: expected int_list.",
    ]
    assert all(_leaks(text) for text in old)
    assert not _leaks("Edition cannot be “deluxe”: choose one of: classic, premium.")


def test_every_option_has_a_label_and_a_help_text() -> None:
    # Parlour's own games; test games registered by other modules carry no catalog.
    for game in (g for g in all_games() if has(f"{g.id}.name.game")):
        for spec in game.option_specs():
            assert has(spec.help_key) and has(spec.label_key), (game.id, spec.name)
