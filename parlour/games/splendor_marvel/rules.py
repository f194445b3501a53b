"""Splendor Marvel's transitions: one handler per prompt, one per action, then the end of a turn.

:func:`transition` takes a legal, interned action (legality is :mod:`.legal`'s) and changes
the state in place; the engine's ``_apply`` counts the move and hands back the events, which
every handler emits on the state's log (``st.log.emit``). Rules that emit often test
``log.record`` first, so fast simulations build no event data.
"""

from __future__ import annotations

from parlour.engine import Action, Result
from parlour.games.splendor_marvel.actions import (
    Pass,
    Recruit,
    Reserve,
    Return,
    Take,
    TakeLocation,
    TakeTwo,
)
from parlour.games.splendor_marvel.cards import (
    AVENGERS_TAGS,
    CARDS,
    COLOURS,
    GREEN,
    GREY,
    LOCATION_FACES,
    TOKEN_KINDS,
    TOKEN_LIMIT,
)
from parlour.games.splendor_marvel.legal import GUARD, PACKED_REQUIRES
from parlour.games.splendor_marvel.state import (
    CHOOSE_LOCATION,
    OVER,
    PLAY,
    RETURN_TOKENS,
    SplendorMarvelState,
)


def transition(st: SplendorMarvelState, action: Action) -> None:
    """The rules' part of a move: the handler of the prompt being answered."""
    st._legal = None
    phase = st.phase
    if phase is PLAY:
        _on_play(st, action)
    elif phase is RETURN_TOKENS:
        assert isinstance(action, Return)
        _on_return(st, action)
    else:
        assert phase is CHOOSE_LOCATION and isinstance(action, TakeLocation)
        _on_location(st, action)


# -- one handler per prompt ---------------------------------------------------------------


def _on_play(st: SplendorMarvelState, action: Action) -> None:
    """SM-ACT-*: one of the four actions (or a pass), then the end of the turn."""
    seat = st.turn
    # One handler per action, chosen by its class (compiled, a direct call each).
    if isinstance(action, Take):
        _take(st, seat, action)
    elif isinstance(action, Recruit):
        _recruit(st, seat, action)
    elif isinstance(action, TakeTwo):
        _take_two(st, seat, action)
    elif isinstance(action, Reserve):
        _reserve(st, seat, action)
    else:
        assert isinstance(action, Pass)
        _pass(st, seat, action)
    _after_action(st, seat)


def _on_return(st: SplendorMarvelState, action: Return) -> None:
    """SM-END-LIMIT: one token back; at ten or fewer the turn's end goes on."""
    seat = st.turn
    kind = action.kind
    st.tokens[seat][kind] -= 1
    st.supply[kind] += 1
    log = st.log
    if log.record:
        log.emit("returned", None, seat=seat, kind=TOKEN_KINDS[kind])
    if held(st.tokens[seat]) <= TOKEN_LIMIT:
        _after_limit(st, seat)


def _on_location(st: SplendorMarvelState, action: TakeLocation) -> None:
    """SM-END-LOCATION: the chosen location, then the turn's end goes on."""
    seat = st.turn
    _take_location(st, seat, action.face)
    _end_turn(st, seat)


# -- one handler per action ---------------------------------------------------------------


def _take(st: SplendorMarvelState, seat: int, action: Take) -> None:
    """SM-ACT-TAKE3: one token of each colour."""
    colours = action.colours
    tok = st.tokens[seat]
    sup = st.supply
    # clause: SM-ACT-TAKE3
    for c in colours:
        sup[c] -= 1
        tok[c] += 1
    log = st.log
    if log.record:
        log.emit("took", None, seat=seat, colours=[COLOURS[c] for c in colours])


def _take_two(st: SplendorMarvelState, seat: int, action: TakeTwo) -> None:
    """SM-ACT-TAKE2: two tokens of one colour."""
    colour = action.colour
    # clause: SM-ACT-TAKE2
    st.supply[colour] -= 2
    st.tokens[seat][colour] += 2
    log = st.log
    if log.record:
        log.emit("took_two", None, seat=seat, colour=COLOURS[colour])


def _reserve(st: SplendorMarvelState, seat: int, action: Reserve) -> None:
    """SM-ACT-RESERVE: a display card or a deck's top into the hand, then a grey token."""
    tier = action.tier
    slot = action.slot
    log = st.log
    # clause: SM-ACT-RESERVE
    card = st.decks[tier - 1].pop() if slot is None else st.display[tier - 1][slot]
    st.reserved[seat].append(card)
    st.reserved_blind[seat].append(slot is None)
    if log.record:
        if slot is None:
            log.emit("reserved_blind", None, seat=seat, tier=tier)
            log.emit("reserved_secret", frozenset({seat}), seat=seat, card=CARDS[card].id)
        else:
            log.emit("reserved", None, seat=seat, card=CARDS[card].id)
    if slot is not None:
        _refill(st, tier, slot)
    if st.supply[GREY] > 0:
        st.supply[GREY] -= 1
        st.tokens[seat][GREY] += 1
        if log.record:
            log.emit("took_grey", None, seat=seat)


def _recruit(st: SplendorMarvelState, seat: int, action: Recruit) -> None:
    """SM-ACT-RECRUIT: pay (bonuses first, grey where the action says), then SM-END-TIME."""
    if action.tier == 0:
        card = st.reserved[seat].pop(action.slot)
        st.reserved_blind[seat].pop(action.slot)
    else:
        card = st.display[action.tier - 1][action.slot]
    info = CARDS[card]
    cost = info.cost
    tok = st.tokens[seat]
    bon = st.bonus[seat]
    sup = st.supply
    grey = action.grey
    spent = 0
    # clause: SM-ACT-RECRUIT
    for c in range(5):
        need = cost[c] - bon[c]
        if need > 0:
            pay = need - grey[c]
            tok[c] -= pay
            sup[c] += pay
            spent += need
    grey_used = grey[0] + grey[1] + grey[2] + grey[3] + grey[4]
    tok[GREY] -= grey_used
    sup[GREY] += grey_used
    bon[info.bonus] += 1
    st.tableau[seat].append(card)
    st.card_points[seat] += info.points
    st.tags[seat] += info.avengers
    log = st.log
    if log.record:
        log.emit("recruited", None, seat=seat, card=info.id, tokens=spent, grey=grey_used)
    if action.tier:
        _refill(st, action.tier, action.slot)
    if info.time_stone and not st.time_claimed[seat]:
        # SM-END-TIME: only the first Time Stone card gives green, at most one each.
        # clause: SM-END-TIME
        st.time_claimed[seat] = True
        if sup[GREEN] > 0 and tok[GREEN] == 0:
            sup[GREEN] -= 1
            tok[GREEN] += 1
            if log.record:
                log.emit("time_stone", None, seat=seat)


def _pass(st: SplendorMarvelState, seat: int, action: Pass) -> None:
    """SM-ACT-NONE: nothing is legal, the player passes."""
    # clause: SM-ACT-NONE
    st.log.emit("passed", None, seat=seat)


# -- what the actions share, and the end of a turn ----------------------------------------


def held(tokens: list[int]) -> int:
    """How many tokens a seat holds (a loop: compiled, ``sum`` is a call into Python)."""
    n = 0
    for v in tokens:
        n += v
    return n


def _refill(st: SplendorMarvelState, tier: int, slot: int) -> None:
    """SM-ACT-REFILL: replace a taken display card from its deck, if any."""
    deck = st.decks[tier - 1]
    # clause: SM-ACT-REFILL
    card = deck.pop() if deck else -1
    st.display[tier - 1][slot] = card
    log = st.log
    if log.record and card >= 0:
        log.emit("refilled", None, tier=tier, card=CARDS[card].id)


def _after_action(st: SplendorMarvelState, seat: int) -> None:
    """SM-END-LIMIT first: over ten tokens, prompt the player to return some."""
    if held(st.tokens[seat]) > TOKEN_LIMIT:
        # clause: SM-END-LIMIT
        st.phase = RETURN_TOKENS
        return
    _after_limit(st, seat)


def _after_limit(st: SplendorMarvelState, seat: int) -> None:
    """SM-END-AVENGERS, then SM-END-LOCATION (a prompt when several qualify)."""
    st.phase = PLAY
    tags = st.tags
    holder = st.avengers
    if holder != seat and tags[seat] >= AVENGERS_TAGS and (holder < 0 or tags[seat] > tags[holder]):
        # clause: SM-END-AVENGERS
        st.avengers = seat
        if st.log.record:
            if holder < 0:
                st.log.emit("avengers", None, seat=seat)
            else:
                st.log.emit("avengers_moved", None, seat=seat, loser=holder)
    if st.locations:
        b = st.bonus[seat]
        have = b[0] | b[1] << 6 | b[2] << 12 | b[3] << 18 | b[4] << 24 | GUARD  # packed
        req = PACKED_REQUIRES
        # clause: SM-END-LOCATION
        qualify = [f for f in st.locations if (have - req[f]) & GUARD == GUARD]
        if len(qualify) > 1:
            st.phase = CHOOSE_LOCATION
            st.location_choices = qualify
            return
        if qualify:
            _take_location(st, seat, qualify[0])
    _end_turn(st, seat)


def _take_location(st: SplendorMarvelState, seat: int, face: int) -> None:
    """SM-END-LOCATION: the location goes to the player (3 points)."""
    st.locations.remove(face)
    st.owned_locations[seat].append(face)
    st.location_choices = []
    st.phase = PLAY
    if st.log.record:
        st.log.emit("location", None, seat=seat, location=LOCATION_FACES[face].id)


def _end_turn(st: SplendorMarvelState, seat: int) -> None:
    """SM-END-GAUNTLET and the end of the round (SM-WIN-2..4); pass the turn on."""
    st.turns += 1
    if st.meets_gauntlet(seat):
        # clause: SM-END-GAUNTLET
        st.final = True
        if st.log.record:
            st.log.emit("gauntlet", None, seat=seat)
    n = st.players
    if seat == (st.first - 1) % n:
        st.rounds += 1
        if st.final:
            # clause: SM-WIN-2
            qualified = [p for p in range(n) if st.meets_gauntlet(p)]
            if qualified:
                _finish(st, qualified, "gauntlet")
                return
            # clause: SM-WIN-4
            st.final = False  # SM-WIN-4: nobody still meets it; play on
            st.log.emit("gauntlet_lost")
        if st.rounds >= st.options["max_rounds"]:
            _finish(st, list(range(n)), "round_limit")
            return
    st.turn = (seat + 1) % n


def _finish(st: SplendorMarvelState, candidates: list[int], reason: str) -> None:
    """SM-WIN-3: most points, then Avengers Assemble, then fewest cards, else shared."""
    points = [st.points(p) for p in range(st.players)]
    # clause: SM-WIN-3
    best = max(points[p] for p in candidates)
    tied = [p for p in candidates if points[p] == best]
    decided = "points"
    if len(tied) > 1:
        if st.avengers in tied:
            tied, decided = [st.avengers], "avengers"
        else:
            fewest = min(len(st.tableau[p]) for p in tied)
            tied = [p for p in tied if len(st.tableau[p]) == fewest]
            decided = "fewest_cards" if len(tied) == 1 else "shared"
    st._result = Result.of(
        st.players,
        tied,
        reason,
        decided_by=decided,
        points=points,
        turns=st.turns,
        rounds=st.rounds,
        qualified=sorted(candidates) if reason == "gauntlet" else [],
    )
    st.phase = OVER
    st.log.emit("game_over", None, winner=list(tied), reason=reason, decided_by=decided)
