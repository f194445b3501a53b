"""Infinity Gauntlet and Splendor Marvel: hidden cards stay out of other seats' views and events."""

from __future__ import annotations

import pytest

from parlour.engine import Event, Rng
from parlour.games import get_game
from parlour.games.gauntlet import GauntletState
from parlour.games.splendor_marvel import SplendorMarvelState
from tests.audit.leaks import seen_text


def _strings(data: object) -> set[str]:
    """Every text value (not key) in JSON-ready data."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(set(), *(_strings(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(set(), *(_strings(v) for v in data))
    return set()


def _gauntlet_hidden(st: GauntletState, seat: int | None) -> set[str]:
    """Card ids whose place ``seat`` was not told, according to its own view."""
    data = st.to_json()
    view = st.view(seat)
    known = view["known"]
    told = set(view["hand"]) | set(known["thanos_hand"]) | set(view["looking"])
    told |= {c for cards in known["hands"].values() for c in cards}
    told |= {c for _, c in known["hero_deck"]} | {c for _, c in known["thanos_deck"]}
    hidden = set(data["hero_deck"]) | set(data["thanos_deck"]) | set(data["looking"])
    hidden |= {c for s, hand in enumerate(data["hands"]) if s != seat for c in hand}
    # What a seat was told must be true: each card where its view puts it.
    for s, cards in known["hands"].items():
        assert set(cards) <= set(data["hands"][int(s)])
    assert set(known["thanos_hand"]) <= set(data["hands"][0])
    for pos, c in known["hero_deck"]:
        assert data["hero_deck"][len(data["hero_deck"]) - 1 - pos] == c
    for pos, c in known["thanos_deck"]:
        assert data["thanos_deck"][pos] == c
    return hidden - told


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_gauntlet_hidden_cards_stay_hidden(players: int) -> None:
    """IG-INFO-1: hands, decks and looked-at cards reach only the seats told of them."""
    game = get_game("gauntlet")
    for seed in range(4):
        st = game.new(players, {}, seed)
        assert isinstance(st, GauntletState)
        rng = Rng(seed)
        events: list[Event] = []
        before: dict[int | None, set[str]] = {}
        while not st.is_over:
            public = " ".join(str(e.to_json()) for e in events if e.audience is None)
            private = [e for e in events if e.audience is not None]
            for seat in [None, *range(players)]:
                hidden = _gauntlet_hidden(st, seat)
                view = st.view(seat)
                del view["role"]  # "thanos" is a role as well as a card
                assert not hidden & _strings(view), (seed, seat, hidden & _strings(view))
                # A private event never names a card that stays secret from its receiver:
                # hidden before and after the step and named by no public event of it.
                secret = {c for c in hidden & before.get(seat, set()) if c not in public}
                before[seat] = hidden
                text = " ".join(seen_text(st, seat, private)[1:])
                assert not [c for c in secret if f'"{c}"' in text], (seed, seat)
            events = st.apply(rng.choice(st.legal_actions()))


def _blind(st: SplendorMarvelState) -> dict[str, int]:
    data = st.to_json()
    return {
        card: p
        for p, (cards, blind) in enumerate(
            zip(data["reserved"], data["reserved_blind"], strict=True)
        )
        for card, b in zip(cards, blind, strict=True)
        if b
    }


def test_splendor_blind_reserves_are_their_owners_alone() -> None:
    """SM blind reserve: only its owner sees the card, until it is recruited."""
    game = get_game("splendor-marvel")
    seen_blind = 0
    for seed in range(4):
        st = game.new(3, {"max_rounds": 15}, seed)
        assert isinstance(st, SplendorMarvelState)
        rng = Rng(seed)
        events: list[Event] = []
        while not st.is_over:
            blind = _blind(st)
            seen_blind += len(blind)
            for seat in [None, 0, 1, 2]:
                hidden = {c for c, owner in blind.items() if owner != seat}
                assert not hidden & _strings(st.view(seat)), (seed, seat)
                text = " ".join(seen_text(st, seat, events)[1:])
                assert not [c for c in hidden if c in text], (seed, seat)
            legal = st.legal_actions()
            deck = [a for a in legal if str(a).endswith("-deck")]
            events = st.apply(rng.choice(deck if deck and rng.below(3) == 0 else legal))
    assert seen_blind > 0


def test_splendor_determinize_redeals_another_seats_blind_reserve() -> None:
    """determinize: a seat cannot learn another's blind reserve by sampling worlds."""
    game = get_game("splendor-marvel")
    st = game.new(2, {"first_player": 0}, 4)
    st.apply("reserve:t1-deck")
    card = st.to_json()["reserved"][0][0]
    assert card not in _strings(st.view(1)) and card in _strings(st.view(0))
    rng = Rng(9)
    samples = {st.determinize(1, rng).to_json()["reserved"][0][0] for _ in range(20)}
    assert len(samples) > 3
    assert {st.determinize(0, rng).to_json()["reserved"][0][0] for _ in range(5)} == {card}


def _gauntlet_place(data: dict[str, object], card: str) -> str:
    for zone in ("hero_deck", "thanos_deck", "looking"):
        cards = data[zone]
        assert isinstance(cards, list)
        if card in cards:
            return f"{zone}{cards.index(card)}"
    hands = data["hands"]
    assert isinstance(hands, list)
    return next(f"hand{s}" for s, hand in enumerate(hands) if card in hand)


@pytest.mark.parametrize("players", [3, 5])
def test_gauntlet_determinize_never_pins_a_hidden_card(players: int) -> None:
    """A card whose place a seat was not told moves between sampled worlds."""
    game = get_game("gauntlet")
    checked = 0
    for seed in range(3):
        st = game.new(players, {}, seed)
        assert isinstance(st, GauntletState)
        rng = Rng(seed)
        for _ in range(10):
            if st.is_over:
                break
            seat = st.move_number % players
            for card in sorted(_gauntlet_hidden(st, seat))[:6]:
                places = {
                    _gauntlet_place(st.determinize(seat, Rng(k)).to_json(), card) for k in range(12)
                }
                assert len(places) >= 2, (seed, seat, card, places)
                checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked > 20
