"""Gauntlet's transitions: one handler per prompt, one per card effect, then fights, decks, turns.

:func:`transition` takes a legal, interned action (legality is :mod:`.legal`'s) and changes
the state in place; every event goes to the state's log (``st.log.emit``), which the engine's
``apply`` hands back.
"""

from __future__ import annotations

from typing import Final

from parlour.engine import Action
from parlour.games.gauntlet import actions as A
from parlour.games.gauntlet.cards import CARDS, EFFECTS, KIND, NUMBER
from parlour.games.gauntlet.legal import kinds_in_hand
from parlour.games.gauntlet.state import (
    ACCEPT,
    BOTTOM,
    COPY,
    DEFEAT,
    ORDER,
    PLAY,
    SNAP,
    SPACE,
    THANOS,
    WITH,
    GauntletState,
    Pending,
)

MIND_STONE: Final = next(c.index for c in CARDS if c.effect == "mind")
_RETURNS: Final = tuple(c.returns for c in CARDS)


def transition(st: GauntletState, action: Action) -> None:
    """Change the state for a legal, interned action (its events go to ``st.log``)."""
    st._legal = None
    # The handler of each prompt (compiled, a direct call each; the play prompt first).
    phase = st.phase
    if phase is PLAY:
        _on_play(st, action)
    elif phase is COPY:
        _on_copy(st, action)
    elif phase is DEFEAT:
        _on_defeat(st, action)
    elif phase is WITH:
        _on_with(st, action)
    elif phase is SPACE:
        _on_space(st, action)
    elif phase is ACCEPT:
        _on_accept(st, action)
    elif phase is ORDER:
        _on_order(st, action)
    elif phase is BOTTOM:
        _on_bottom(st, action)
    else:
        assert phase is SNAP
        _on_snap(st, action)


# -- one handler per prompt ---------------------------------------------------------------


def _on_play(st: GauntletState, action: Action) -> None:
    if isinstance(action, A.HeroPlay):
        _hero_play(st, action)
    elif action is A.SNAP:
        _snap(st)
    else:
        assert isinstance(action, A.ThanosPlay)
        _thanos_play(st, action)


def _on_copy(st: GauntletState, action: Action) -> None:
    assert isinstance(action, A.ThanosPlay)
    if st.log.record:
        st.log.emit("copied", kind=action.kind)
    _thanos_effect(st, action)


def _on_defeat(st: GauntletState, action: Action) -> None:
    assert isinstance(action, A.PickKind)
    _defeat_thanos(st, _card_of_kind(st, action.kind))
    _end_card(st)


def _on_with(st: GauntletState, action: Action) -> None:
    assert isinstance(action, A.PickKind)
    _fight(st, st.pending.target, _card_of_kind(st, action.kind), thanos_started=True)
    _after_thanos_fight(st)


def _on_space(st: GauntletState, action: Action) -> None:
    if action is A.FIGHT_PASS:
        # clause: IG-RULING-3
        if st.log.record:
            st.log.emit("declined", seat=THANOS)
        _end_card(st)
        return
    assert isinstance(action, A.FightTarget)
    p = st.pending
    st.pending = Pending(p.kind, p.target, p.guess, p.left - 1, action.target)
    _thanos_fight(st, action.target)


def _on_accept(st: GauntletState, action: Action) -> None:
    if action is A.ACCEPT:
        if st.log.record:
            st.log.emit("accepted", seat=st.prompt_seat)
        _hero_fight(st, st.prompt_seat)
    elif st.log.record:
        # clause: IG-RULING-3
        st.log.emit("declined", seat=st.prompt_seat)
    _end_card(st)


def _on_order(st: GauntletState, action: Action) -> None:
    assert isinstance(action, A.Order)
    cards = [st.looking[p] for p in action.positions]
    st.looking = []
    st.hero_deck.extend(reversed(cards))
    st.known[st.active].update(cards)
    if st.log.record:
        st.log.emit("ordered", seat=st.active, count=len(cards))
    _end_card(st)


def _on_bottom(st: GauntletState, action: Action) -> None:
    assert isinstance(action, A.Bottom)
    # Nobody else sees which cards went back: their looks at his hand are void.
    for seen in st.known[1:]:
        seen.difference_update(st.hands[THANOS])
    for k in action.kinds:
        c = _card_of_kind(st, k)
        st.hands[THANOS].remove(c)
        st.thanos_deck.insert(0, c)
        st.known[THANOS].add(c)
    if st.log.record:
        st.log.emit("bottomed", count=len(action.kinds))
    _end_card(st)


def _on_snap(st: GauntletState, action: Action) -> None:
    if action is A.SNAP:
        _snap(st)
    else:
        _end_turn(st)


def _card_of_kind(st: GauntletState, kind: str) -> int:
    for c in st.hands[THANOS]:
        if KIND[c] == kind:
            return c
    raise AssertionError(kind)


def _played(st: GauntletState, seat: int, card: int, target: int, guess: int) -> None:
    if not st.log.record:
        return
    cid = CARDS[card].id
    if target >= 0 and guess:
        st.log.emit("played_guess_at", seat=seat, card=cid, target=target, number=guess)
    elif target >= 0:
        st.log.emit("played_at", seat=seat, card=cid, target=target)
    elif guess:
        st.log.emit("played_guess", seat=seat, card=cid, number=guess)
    else:
        st.log.emit("played", seat=seat, card=cid)


# -- hero cards: one handler per effect ---------------------------------------------------


def _hero_play(st: GauntletState, action: A.HeroPlay) -> None:
    seat = st.active
    hand = st.hands[seat]
    card = hand[0] if NUMBER[hand[0]] == action.number else hand[1]
    hand.remove(card)
    st.faceup[seat].append(card)
    _played(st, seat, card, action.target, action.guess)
    # The effect of each hero card number (compiled, a direct call each).
    number = action.number
    if number == 1:
        _hero1(st, action)
    elif number == 2:
        _hero2(st, action)
    elif number == 3:
        _hero3(st, action)
    elif number == 4:
        _hero4(st, action)
    elif number == 5:
        _hero5(st, action)
    else:
        assert number == 6
        _hero6(st, action)


def _hero1(st: GauntletState, action: A.HeroPlay) -> None:
    """IG-HERO-1: a hit always asks Thanos which matching card goes, hiding a double."""
    # clause: IG-HERO-1
    guess = action.guess
    if any(NUMBER[c] == guess for c in st.hands[THANOS]):
        if st.log.record:
            st.log.emit("guess_hit", number=guess)
        st.phase = DEFEAT
        st.prompt_seat = THANOS
        p = st.pending
        st.pending = Pending(p.kind, p.target, guess, p.left, p.first)
    else:
        if st.log.record:
            st.log.emit("guess_miss", number=guess)
        _end_card(st)


def _hero2(st: GauntletState, action: A.HeroPlay) -> None:
    """IG-HERO-2: the target looks at a random card of Thanos in secret."""
    target = action.target
    hand = st.hands[THANOS]
    if hand:
        # clause: IG-HERO-2
        card = hand[st.rng.below(len(hand))]
        st.known[target].add(card)
        if st.log.record:
            st.log.emit("peeked", seat=target)
            st.log.emit("peek_card", frozenset({target}), seat=target, card=CARDS[card].id)
    elif st.log.record:
        st.log.emit("no_effect")
    _end_card(st)


def _hero3(st: GauntletState, action: A.HeroPlay) -> None:
    """IG-HERO-3: the player may fight Thanos."""
    # clause: IG-HERO-3
    if action.fight:
        _hero_fight(st, st.active)
    elif st.log.record:
        st.log.emit("declined", seat=st.active)
    _end_card(st)


def _hero4(st: GauntletState, action: A.HeroPlay) -> None:
    """IG-HERO-4: the chosen hero takes a power token."""
    n = EFFECTS["hero4"].tokens
    # clause: IG-HERO-4
    st.tokens[action.target] += n
    if st.log.record:
        st.log.emit("token", seat=action.target, count=n, total=st.tokens[action.target])
    _end_card(st)


def _hero5(st: GauntletState, action: A.HeroPlay) -> None:
    """IG-HERO-5: take the top three, rebuilding the deck (played 5 included) if short."""
    deck = st.hero_deck
    looking: list[int] = []
    while len(looking) < 3:
        if not deck and not _rebuild_hero_deck(st):
            break
        looking.append(deck.pop())
    # clause: IG-HERO-5
    st.looking = looking
    if st.log.record:
        st.log.emit("looked", seat=st.active, count=len(looking))
        st.log.emit("look_cards", frozenset({st.active}), cards=[CARDS[c].id for c in looking])
    st.phase = ORDER
    st.prompt_seat = st.active


def _hero6(st: GauntletState, action: A.HeroPlay) -> None:
    """IG-HERO-6: the chosen hero is asked whether to fight."""
    # clause: IG-HERO-6
    st.phase = ACCEPT
    st.prompt_seat = action.target


def _hero_fight(st: GauntletState, hero: int) -> None:
    """A hero-started fight: Thanos's card is picked at random (IG-FIGHT-2, IG-RANDOM-1)."""
    hand = st.hands[THANOS]
    if not hand:
        if st.log.record:
            st.log.emit("no_effect")
        return
    # clause: IG-FIGHT-2, IG-RANDOM-1
    _fight(st, hero, hand[st.rng.below(len(hand))], thanos_started=False)


# -- Thanos cards: one handler per effect -------------------------------------------------


def _thanos_play(st: GauntletState, action: A.ThanosPlay) -> None:
    card = _card_of_kind(st, action.kind)
    st.hands[THANOS].remove(card)
    st.faceup[THANOS].append(card)
    _played(st, THANOS, card, action.target, action.guess)
    _thanos_effect(st, action)


def _thanos_effect(st: GauntletState, action: A.ThanosPlay) -> None:
    """The effect of each playable Thanos kind (a Time Stone's copy takes the same)."""
    kind = action.kind
    if kind == "outrider":
        _outrider(st, action)
    elif kind == "mind":
        _mind(st, action)
    elif kind == "corvus":
        _corvus(st, action)
    elif kind == "soul":
        _soul(st, action)
    elif kind == "dwarf":
        _dwarf(st, action)
    elif kind == "space":
        _space(st, action)
    elif kind == "proxima" or kind == "power":
        _thanos_tokens(st, action)
    elif kind == "ebony" or kind == "reality":
        _draw_and_bottom(st, action)
    else:
        assert kind == "time"
        _time(st, action)


def _outrider(st: GauntletState, action: A.ThanosPlay) -> None:
    """IG-THANOS-OUTRIDER: a right guess at one hero defeats their card."""
    # clause: IG-THANOS-OUTRIDER
    card = st.hands[action.target][0]
    if NUMBER[card] == action.guess:
        _defeat_heroes(st, [action.target])
    elif st.log.record:
        st.log.emit("guess_miss_at", number=action.guess, target=action.target)
    _end_card(st)


def _mind(st: GauntletState, action: A.ThanosPlay) -> None:
    """IG-THANOS-MIND: every hero holding the named number is defeated."""
    # clause: IG-THANOS-MIND
    hit = [s for s in range(1, st.players) if NUMBER[st.hands[s][0]] == action.guess]
    if hit:
        _defeat_heroes(st, hit)
    elif st.log.record:
        st.log.emit("guess_miss", number=action.guess)
    _end_card(st)


def _corvus(st: GauntletState, action: A.ThanosPlay) -> None:
    """IG-THANOS-CORVUS: a hero card of 3 or less is defeated."""
    # clause: IG-THANOS-CORVUS
    if NUMBER[st.hands[action.target][0]] <= 3:
        _defeat_heroes(st, [action.target])
    elif st.log.record:
        st.log.emit("no_effect")
    _end_card(st)


def _soul(st: GauntletState, action: A.ThanosPlay) -> None:
    """IG-THANOS-SOUL: a hero card of 3 or more is defeated."""
    # clause: IG-THANOS-SOUL
    if NUMBER[st.hands[action.target][0]] >= 3:
        _defeat_heroes(st, [action.target])
    elif st.log.record:
        st.log.emit("no_effect")
    _end_card(st)


def _dwarf(st: GauntletState, action: A.ThanosPlay) -> None:
    """IG-THANOS-DWARF: Thanos may fight one hero."""
    # clause: IG-THANOS-DWARF
    if action.target < 0:
        if st.log.record:
            st.log.emit("declined", seat=THANOS)
        _end_card(st)
        return
    p = st.pending
    st.pending = Pending(p.kind, p.target, p.guess, 0, p.first)
    _thanos_fight(st, action.target)


def _space(st: GauntletState, action: A.ThanosPlay) -> None:
    """IG-THANOS-SPACE: up to two fights, each a prompt."""
    p = st.pending
    # clause: IG-THANOS-SPACE
    st.pending = Pending(p.kind, p.target, p.guess, 2, -1)
    st.phase = SPACE
    st.prompt_seat = THANOS


def _time(st: GauntletState, action: A.ThanosPlay) -> None:
    """IG-THANOS-TIME: copy a card's effect (its answers are the next prompt), or nothing."""
    # clause: IG-THANOS-TIME
    if action.copy:
        st.phase = COPY
        p = st.pending
        st.pending = Pending(action.copy, p.target, p.guess, p.left, p.first)
        st.prompt_seat = THANOS
    else:
        if st.log.record:
            st.log.emit("no_effect")
        _end_card(st)


def _thanos_tokens(st: GauntletState, action: A.ThanosPlay) -> None:
    """IG-THANOS-PROXIMA, IG-THANOS-POWER: Thanos takes the card's power tokens."""
    n = EFFECTS[action.kind].tokens
    # clause: IG-THANOS-PROXIMA, IG-THANOS-POWER
    st.tokens[THANOS] += n
    if st.log.record:
        st.log.emit("token", seat=THANOS, count=n, total=st.tokens[THANOS])
    _end_card(st)


def _draw_and_bottom(st: GauntletState, action: A.ThanosPlay) -> None:
    """IG-THANOS-EBONY, IG-THANOS-REALITY: draw the card's count, then put as many under."""
    # clause: IG-THANOS-EBONY, IG-THANOS-REALITY
    want = EFFECTS[action.kind].draws
    drawn = 0
    while drawn < want and st.thanos_deck:
        _draw_thanos(st)
        drawn += 1
    if st.log.record:
        st.log.emit("thanos_drew", count=drawn)
    if drawn:
        st.phase = BOTTOM
        st.prompt_seat = THANOS
        p = st.pending
        st.pending = Pending(p.kind, p.target, p.guess, drawn, p.first)
        return
    _end_card(st)


def _thanos_fight(st: GauntletState, target: int) -> None:
    """Thanos starts a fight: he picks his card (a prompt when his kinds differ)."""
    hand = st.hands[THANOS]
    if not hand:
        if st.log.record:
            st.log.emit("no_effect")
        _after_thanos_fight(st)
        return
    # clause: IG-FIGHT-2
    if len(kinds_in_hand(st, 0)) > 1:
        st.phase = WITH
        st.prompt_seat = THANOS
        p = st.pending
        st.pending = Pending(p.kind, target, p.guess, p.left, p.first)
        return
    _fight(st, target, hand[0], thanos_started=True)
    _after_thanos_fight(st)


def _after_thanos_fight(st: GauntletState) -> None:
    if st.over:
        return
    if st.pending.left > 0:
        st.phase = SPACE
        st.prompt_seat = THANOS
    else:
        _end_card(st)


# -- fights and defeats -------------------------------------------------------------------


def _fight(st: GauntletState, hero: int, thanos_card: int, *, thanos_started: bool) -> None:
    """IG-FIGHT-1..4: compare in secret, spend one token each, the lower is defeated."""
    # clause: IG-FIGHT-1
    hero_card = st.hands[hero][0]
    hv, tv = NUMBER[hero_card], NUMBER[thanos_card]
    hero_bonus = thanos_bonus = False
    # clause: IG-FIGHT-3
    if st.tokens[hero]:
        st.tokens[hero] -= 1
        hv += 2
        hero_bonus = True
    if st.tokens[THANOS]:
        st.tokens[THANOS] -= 1
        tv += 2
        thanos_bonus = True
    if st.log.record:
        _fight_events(
            st, hero, hero_card, thanos_card, hv, tv, hero_bonus, thanos_bonus, thanos_started
        )
    # clause: IG-FIGHT-4
    if hv > tv:
        st.known[THANOS].add(hero_card)
        _defeat_thanos(st, thanos_card)
    elif tv > hv:
        st.known[hero].add(thanos_card)
        _defeat_heroes(st, [hero])
    else:
        st.known[THANOS].add(hero_card)
        st.known[hero].add(thanos_card)
        if st.log.record:
            st.log.emit("fight_tied", target=hero)


def _fight_events(
    st: GauntletState,
    hero: int,
    hero_card: int,
    thanos_card: int,
    hv: int,
    tv: int,
    hero_bonus: bool,
    thanos_bonus: bool,
    thanos_started: bool,
) -> None:
    st.log.emit(
        "fight",
        target=hero,
        hero_token=hero_bonus,
        thanos_token=thanos_bonus,
        by=THANOS if thanos_started else hero,
    )
    st.log.emit(
        "fight_cards",
        frozenset({THANOS, hero}),
        target=hero,
        hero_card=CARDS[hero_card].id,
        thanos_card=CARDS[thanos_card].id,
        hero_value=hv,
        thanos_value=tv,
    )


def _defeat_heroes(st: GauntletState, seats: list[int]) -> None:
    """IG-DEFEAT-1/3: one health per card, then the heroes redraw in turn order."""
    for s in seats:
        card = st.hands[s].pop()
        st.faceup[s].append(card)
        # clause: IG-DEFEAT-1, IG-DEFEAT-3
        st.hero_health -= 1
        if st.log.record:
            st.log.emit("defeated", seat=s, card=CARDS[card].id, health=st.hero_health)
        if st.hero_health <= 0:
            # clause: IG-END-2, IG-END-4
            _finish(st, "hero_health")
            return
    # clause: IG-DEFEAT-3
    for s in seats:
        _draw_hero(st, s)


def _defeat_thanos(st: GauntletState, card: int) -> None:
    """IG-DEFEAT-1/2: lose 1 health, redraw, then shuffle a returning card back."""
    st.hands[THANOS].remove(card)
    # clause: IG-DEFEAT-1
    st.thanos_health -= 1
    if st.log.record:
        st.log.emit("defeated", seat=THANOS, card=CARDS[card].id, health=st.thanos_health)
    if st.thanos_health <= 0:
        st.defeated.append(card)
        # clause: IG-END-1, IG-END-4
        _finish(st, "thanos_health")
        return
    _draw_thanos(st)
    # clause: IG-DEFEAT-2, IG-RULING-1
    if _RETURNS[card] and (card != MIND_STONE or st.options["mind_stone_returns"]):
        st.thanos_deck.append(card)
        st.rng.shuffle(st.thanos_deck)
        for k in st.known:
            k.difference_update(st.thanos_deck)
        if st.log.record:
            st.log.emit("shuffled_back", card=CARDS[card].id)
    else:
        st.defeated.append(card)


def _finish(st: GauntletState, reason: str) -> None:
    st.over = reason
    st.log.emit("game_over", reason=reason)


# -- decks --------------------------------------------------------------------------------


def _draw_hero(st: GauntletState, seat: int) -> None:
    card = st.hero_deck.pop()
    st.hands[seat].append(card)
    if st.log.record:
        st.log.emit("hero_drew", seat=seat)
        st.log.emit("drew", frozenset({seat}), seat=seat, card=CARDS[card].id)
    if not st.hero_deck:
        _rebuild_hero_deck(st)


def _rebuild_hero_deck(st: GauntletState) -> bool:
    """IG-DECK-1: every face-up hero card becomes the new, shuffled hero deck."""
    deck = st.hero_deck
    # clause: IG-DECK-1
    for s in range(1, st.players):
        deck += st.faceup[s]
        st.faceup[s] = []
    if not deck:
        return False
    st.rng.shuffle(deck)
    for k in st.known:
        k.difference_update(deck)
    if st.log.record:
        st.log.emit("hero_deck_rebuilt", count=len(deck))
    return True


def _draw_thanos(st: GauntletState) -> None:
    # clause: IG-DECK-2
    if st.thanos_deck:
        st.hands[THANOS].append(st.thanos_deck.pop())
        st.hands[THANOS].sort()


# -- turns --------------------------------------------------------------------------------


def _end_card(st: GauntletState) -> None:
    """The card is resolved: Thanos may snap before his turn ends (IG-END-3)."""
    if st.over:
        return
    # clause: IG-END-3
    if st.active == THANOS and st.snap_ready():
        st.phase = SNAP
        st.prompt_seat = THANOS
        return
    _end_turn(st)


def _snap(st: GauntletState) -> None:
    st.log.emit("snap")
    _finish(st, "snap")


def _end_turn(st: GauntletState) -> None:
    seat = st.active
    # clause: IG-DECK-3
    if seat != THANOS and len(st.hands[seat]) != 1:
        raise RuntimeError("IG-DECK-3: a hero must hold exactly one card between turns")
    if seat == THANOS:
        seat = 1
        # clause: IG-TURN-3
        st.hero_turns = 2 if st.players == 2 else 1
    else:
        st.hero_turns -= 1
        if st.hero_turns <= 0:
            seat = seat + 1 if seat + 1 < st.players else THANOS
            st.hero_turns = 1
    start_turn(st, seat)


def start_turn(st: GauntletState, seat: int) -> None:
    """Begin ``seat``'s turn with the draw (IG-TURN-2)."""
    st.active = seat
    st.turns += 1
    st.phase = PLAY
    st.prompt_seat = seat
    p = st.pending
    if p.left or p.first != -1:
        st.pending = Pending(p.kind, p.target, p.guess)
    if st.log.record:
        st.log.emit("turn", seat=seat)
    if seat != THANOS:
        _draw_hero(st, seat)
        return
    # clause: IG-TURN-2
    _draw_thanos(st)
    if all(KIND[c] == "thanos" for c in st.hands[THANOS]):
        # Nothing to play, yet his turn never passes (IG-TURN-4): his deck is empty, so all
        # six stones are his and he is asked to snap (the package's notes prove it).
        # clause: IG-TURN-4
        st.phase = SNAP
