"""What the faster message path sends is what the plain one sent: the same JSON text, the
same steps for every legal move, for every seat of whole games of every game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlour.engine import Rng
from parlour.games import get_game
from parlour.server.protocol import encode, state_message
from parlour.server.storage import SeatRecord, TableRecord
from parlour.server.tables import Connection, LiveTable

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
