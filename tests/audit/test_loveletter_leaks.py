"""Love Letter: private looks, swaps and comparisons reach only the seats allowed to know."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from parlour.engine import Event, IllegalActionError, Rng
from parlour.games.loveletter import GAME
from parlour.games.loveletter.cards import TABLES
from parlour.games.loveletter.state import LoveLetterState
from tests.audit.leaks import LANGS, shows


def _deck(edition: str, top: list[str]) -> list[str]:
    """A whole deck of ``edition`` with ``top`` first (the rest in catalogue order)."""
    ed = TABLES[edition]
    rest = Counter(ed.ids[k] for k in ed.deck)
    rest.subtract(top)
    assert min(rest.values()) >= 0
    return top + [c for c in ed.ids for _ in range(rest[c])]


def _game(edition: str, players: int, top: list[str]) -> LoveLetterState:
    deck = _deck(edition, top)
    return GAME.new(players, {"edition": edition}, 3, {"rounds": [deck], "first_player": 0})


def _strings(data: object) -> set[str]:
    """Every text value (not key) in JSON-ready data."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(_strings(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(_strings(v) for v in data)) if data else set()
    return set()


def _everyone_else(state: LoveLetterState, allowed: set[int]) -> list[int | None]:
    return [None, *(s for s in range(state.players) if s not in allowed)]


def _assert_hidden(
    state: LoveLetterState, events: list[Event], card: str, allowed: set[int]
) -> None:
    for seat in _everyone_else(state, allowed):
        assert not shows(state, seat, events, card), (seat, card)


def test_priest_look_is_seen_by_the_priest_only() -> None:
    """LL-CARD-PRIEST: only the Priest's player learns the target's hand."""
    st = _game("classic", 3, ["king", "priest", "princess", "guard", "guard"])
    _assert_hidden(st, [], "princess", {1})
    events = st.apply("priest>p1")
    assert shows(st, 0, events, "princess")
    assert st.view(0)["known"] == {"1": "princess"}
    _assert_hidden(st, events, "princess", {0, 1})
    _assert_hidden(st, events, "king", set())  # the set-aside card


def test_king_trade_tells_only_the_two_traders() -> None:
    """LL-CARD-KING: the traded hands are told to their new owners only."""
    st = _game("classic", 3, ["baron", "king", "princess", "countess", "guard"])
    events = st.apply("king>p1")
    assert st.view(0)["hand"] == ["princess"] and "guard" in st.view(1)["hand"]
    assert st.view(1)["known"] == {"0": "princess"}
    _assert_hidden(st, events, "princess", {0, 1})


def test_baron_loss_reveals_the_loser_not_the_winner() -> None:
    """LL-CARD-BARON: the compared hands go to both players; the loser's card is public."""
    st = _game("classic", 3, ["king", "baron", "princess", "guard", "countess"])
    events = st.apply("baron>p1")
    assert not st.view(0)["in_round"][0]
    assert st.view(2)["discards"][0][-1] == "countess"
    _assert_hidden(st, events, "princess", {0, 1})


def test_baron_tie_keeps_both_hands_secret() -> None:
    """LL-CARD-BARON: on a tie nobody else learns the (equal) hands."""
    st = _game("classic", 3, ["king", "baron", "prince", "countess", "prince"])
    events = st.apply("baron>p1")
    assert all(st.view(None)["in_round"])
    _assert_hidden(st, events, "prince", {0, 1})


def test_chancellor_returned_cards_are_seen_by_their_player_only() -> None:
    """LL-CARD-CHANCELLOR: the drawn cards and their order are the player's alone."""
    st = _game("2019", 3, ["king", "chancellor", "guard", "guard", "spy", "princess", "countess"])
    events = st.apply("chancellor")
    assert sorted(st.view(0)["hand"]) == ["countess", "princess", "spy"]
    for card in ("princess", "countess"):
        _assert_hidden(st, events, card, {0})
    keep = next(a for a in st.legal_actions() if str(a).startswith("keep=spy;"))
    events = st.apply(keep)
    for card in ("princess", "countess"):
        _assert_hidden(st, events, card, {0})


def test_a_refused_chancellor_answer_names_nothing_hidden() -> None:
    """An illegal keep naming cards is refused in the sender's own words, state unchanged."""
    st = _game("2019", 3, ["king", "chancellor", "guard", "guard", "spy", "princess", "countess"])
    st.apply("chancellor")
    before = st.to_json()
    with pytest.raises(IllegalActionError) as err:
        st.apply("keep=king;bottom=princess,countess")
    for lang in LANGS:
        assert "Rey" not in err.value.message(lang) and "King" not in err.value.message(lang)
    assert st.to_json() == before


def test_error_for_a_card_not_held_does_not_show_the_hand() -> None:
    """Playing a card one does not hold is refused without listing the hand."""
    st = _game("classic", 3, ["king", "priest", "princess", "guard", "countess"])
    before = st.to_json()
    with pytest.raises(IllegalActionError) as err:
        st.apply("guard>p1=8")
    for lang in LANGS:
        text = json.dumps(err.value.to_json(lang), ensure_ascii=False)
        assert not any(shows_name in text for shows_name in ("priest", "countess", "princess"))
    assert st.to_json() == before


@pytest.mark.parametrize(
    ("edition", "players"), [("classic", 4), ("premium", 6), ("2019", 5), ("classic", 2)]
)
def test_unique_cards_show_only_where_the_seat_may_know_them(edition: str, players: int) -> None:
    """Random games: a one-of-a-kind card in a hidden place is in no other seat's view."""
    ed = TABLES[edition]
    unique = [ed.ids[k] for k, n in Counter(ed.deck).items() if n == 1]
    for seed in range(6):
        st = GAME.new(players, {"edition": edition}, seed)
        rng = Rng(seed)
        while not st.is_over:
            data = st.to_json()
            hidden = {c for c in data["pile"]} | ({data["aside"]} - {None})
            for seat in [None, *range(players)]:
                view = st.view(seat)
                text = _strings(view)
                mine = set(view["hand"]) | set(view["known"].values())
                assert all(data["hand"][int(o)] == c for o, c in view["known"].items())
                others = {c for s, c in enumerate(data["hand"]) if s != seat and c is not None}
                if st.to_act != seat and data["drawn"] is not None:
                    others.add(data["drawn"])
                for card in unique:
                    if card in (hidden | others) - mine:
                        public = [view["discards"], view["face_up"], view["last_round"]]
                        if card not in _strings(public):
                            assert card not in text, (seed, seat, card)
            st.apply(rng.choice(st.legal_actions()))


def test_determinize_moves_an_unknown_card_but_keeps_a_known_one() -> None:
    """determinize: after a Priest look the looker keeps the hand; the third seat does not."""
    st = _game("classic", 3, ["king", "priest", "princess", "guard", "guard"])
    st.apply("priest>p1")
    rng = Rng(1)
    for_looker = {st.determinize(0, rng).to_json()["hand"][1] for _ in range(30)}
    assert for_looker == {"princess"}
    for_other = {st.determinize(2, rng).to_json()["hand"][1] for _ in range(30)}
    assert len(for_other) > 2
    aside = {st.determinize(0, rng).to_json()["aside"] for _ in range(30)}
    assert len(aside) > 2


def _place(data: dict[str, object], card: str) -> str:
    """Where a one-of-a-kind card lies in a full state: a hand, drawn, aside, pile position."""
    hand = data["hand"]
    assert isinstance(hand, list)
    for s, c in enumerate(hand):
        if c == card:
            return f"hand{s}"
    if data["drawn"] == card:
        return "drawn"
    if data["aside"] == card:
        return "aside"
    pending = data["pending"]
    if data["phase"] == "chancellor" and isinstance(pending, list) and card in pending:
        return "pending"
    pile = data["pile"]
    assert isinstance(pile, list) and card in pile
    return f"pile{pile.index(card)}"


@pytest.mark.parametrize(("edition", "players"), [("classic", 4), ("2019", 3), ("premium", 5)])
def test_determinize_never_pins_a_card_the_seat_cannot_know(edition: str, players: int) -> None:
    """A hidden one-of-a-kind card is dealt to several places across sampled worlds."""
    ed = TABLES[edition]
    unique = [ed.ids[k] for k, n in Counter(ed.deck).items() if n == 1]
    checked = 0
    for seed in range(3):
        st = GAME.new(players, {"edition": edition}, seed)
        rng = Rng(seed)
        for _ in range(8):
            if st.is_over:
                break
            seat = st.move_number % players
            view = st.view(seat)
            seen = _strings(view)
            for card in unique:
                if card in seen or _place(st.to_json(), card) == "drawn":
                    continue
                places = {_place(st.determinize(seat, Rng(k)).to_json(), card) for k in range(12)}
                assert len(places) >= 2, (seed, seat, card, places)
                checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked > 20
