"""What the faster message path sends is what the plain one sent: the same JSON text, the
same steps for every legal move, for every seat of whole games of every game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlour.engine import Rng
from parlour.games import get_game
from parlour.server.store.storage import SeatRecord, TableRecord
from parlour.server.tables import protocol
from parlour.server.tables.live import Connection, LiveTable
from parlour.server.tables.protocol import encode, render_log, state_message

GAMES = ("loveletter", "gauntlet", "splendor-marvel")


def plain(message: dict[str, Any]) -> str:
    """The encoding the server used before orjson: the reference."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def _table(game_id: str, seed: int, given: dict[str, Any] | None = None) -> LiveTable:
    game = get_game(game_id)
    options = game.resolve_options(
        2, given or ({"max_rounds": 3} if game_id == "splendor-marvel" else {})
    )
    rec = TableRecord(f"t{seed}", game_id, 2, options, seed, "", "playing", 0.0)
    # Names with text past ASCII, quotes and a line separator: escaped as before.
    rec.seats = {
        0: SeatRecord(0, "human", 'Ngọc "Lan" 蘭\u2028', None, "h0"),
        1: SeatRecord(1, "bot", "", "random", None),
    }
    table = LiveTable(rec, game)
    table.start_play()
    return table


def _steps_as_the_game_gives_them(table: LiveTable, lang: str) -> list[dict[str, Any]]:
    st = table.state
    assert st is not None
    names = table.names(lang)
    return [
        {"action": str(a), "steps": table.game.action_steps(a, lang, names)}
        for a in st.legal_actions()
    ]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_state_message_encodes_as_the_plain_encoder_did(game_id: str) -> None:
    """Each seat's and a spectator's message after every move, in two languages: the text
    sent is byte for byte what ``json.dumps`` wrote, and each legal move's steps (labelled
    once per table) are the game's own for that move, language and names."""
    assert play_checking(_table(game_id, 3)) > 10


def test_labels_shared_across_tables_are_each_tables_own() -> None:
    """Labels are shared by tables of one game, options, language and names: tables of
    each Love Letter edition in turn, twice (the second of each reuses the first's), get
    their own edition's labels (a guess names the edition's cards)."""
    for seed in (5, 6):
        for edition in ("classic", "2019"):
            assert play_checking(_table("loveletter", seed, {"edition": edition})) > 5


def play_checking(table: LiveTable) -> int:
    """Play ``table`` to its end at random, checking every message; the messages with
    legal moves checked."""
    conns = [Connection(s, lang) for s in (0, 1, None) for lang in ("en", "zh")]
    rng = Rng(7)
    checked = 0
    while True:
        st = table.state
        assert st is not None
        for conn in conns:
            message = state_message(table, conn)
            assert encode(message) == plain(message)
            if message["legal"]:
                got = [{"action": m["action"], "steps": m["steps"]} for m in message["legal"]]
                assert got == _steps_as_the_game_gives_them(table, conn.lang)
                checked += 1
        if st.to_act is None:
            break
        trial = st.clone()
        events = trial.apply(str(rng.choice(trial.legal_actions())))
        table.log.extend((trial.move_number, e) for e in events)
        table.state = trial
    return checked


def test_a_seat_renamed_gets_steps_in_its_new_names() -> None:
    """The steps' labels name players: a seat taken by someone else (other names) is not
    sent the old labels."""
    table = _table("loveletter", 11)
    st = table.state
    assert st is not None
    seat = st.to_act
    assert seat is not None
    conn = Connection(seat, "en")
    before = state_message(table, conn)["legal"]
    other = 1 - seat
    table.record.seats[other] = SeatRecord(other, "human", "Zed", None, "hz")
    after = state_message(table, conn)["legal"]
    assert after == [
        {**m, "steps": s["steps"]}
        for m, s in zip(before, _steps_as_the_game_gives_them(table, "en"), strict=True)
    ]
    named = [m for m in after if any("Zed" in step for step in m["steps"])]
    assert named, "no legal move names the other seat: pick a seed where one does"


def test_what_orjson_refuses_is_sent_as_before() -> None:
    """An integer past 64 bits and a lone surrogate: orjson refuses both, the message is
    still encoded (the plain way) rather than lost."""
    big = {"type": "state", "move": 2**70, "names": ["a"]}
    assert encode(big) == plain(big)
    odd = {"type": "chat", "text": "a\ud800b"}
    assert encode(odd) == plain(odd)


def test_keys_that_are_not_strings_are_written_as_before() -> None:
    """A message whose objects have keys other than strings (numbers, booleans, null) is
    written as ``json.dumps`` wrote it, as one with string keys only is."""
    odd: dict[Any, Any] = {
        "type": "state",
        "view": {"known": {1: "priest", 0: None}, True: [1.5, {None: "Ngọc\u2028"}]},
    }
    assert encode(odd) == plain(odd)
    plain_keys = {"type": "state", "view": {"known": {"1": "priest"}, "names": ["蘭"]}}
    assert encode(plain_keys) == plain(plain_keys)


def _texts_as_rendered_afresh(table: LiveTable, conns: list[Connection]) -> int:
    """Play ``table`` to its end at random; every message's events are what rendering the
    log afresh for the audience gives (no kept text). The number of events checked."""
    rng = Rng(3)
    seen: dict[int, list[dict[str, Any]]] = {id(c): [] for c in conns}
    checked = 0
    while True:
        st = table.state
        assert st is not None
        for conn in conns:
            seen[id(conn)] += state_message(table, conn)["events"]
            names = table.names(conn.lang)
            fresh = render_log(
                table.game, table.log, 0, conn.lang, conn.seat, names, table.options, None
            )[1]
            assert seen[id(conn)] == fresh
            checked += len(fresh)
        if st.to_act is None:
            return checked
        trial = st.clone()
        events = trial.apply(str(rng.choice(trial.legal_actions())))
        table.log.extend((trial.move_number, e) for e in events)
        table.state = trial


def _editions_in_turn() -> int:
    checked = 0
    for seed in (5, 6):
        for edition in ("classic", "2019"):
            table = _table("loveletter", seed, {"edition": edition})
            conns = [Connection(s, lang) for s in (0, None) for lang in ("en", "vi")]
            checked += _texts_as_rendered_afresh(table, conns)
    return checked


def test_kept_event_texts_are_each_tables_own() -> None:
    """Event texts are kept across tables under a number a history takes once for its
    game, language, names and options: Love Letter tables of two editions in turn, with
    the same names, get every event's text as their own edition renders it (a Guard's
    missed guess names the edition's card)."""
    assert _editions_in_turn() > 100


def test_a_text_number_without_the_options_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above fails on a planted number that leaves the options out (the texts of
    the first edition played are then sent at the other's tables)."""
    numbers: dict[tuple[Any, ...], int] = {}

    def careless(game: Any, lang: str, names: Any, options: Any) -> int:
        return numbers.setdefault((game, lang, tuple(names)), 10**9 + len(numbers))

    monkeypatch.setattr(protocol, "text_number", careless)
    with pytest.raises(AssertionError):
        _editions_in_turn()
