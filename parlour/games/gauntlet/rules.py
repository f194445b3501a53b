"""Gauntlet's state and transitions: turns, card effects, fights, defeats, decks, the snap.

The state is private and mutable for speed (bots play many games); every change goes
through :meth:`GauntletState._apply`, one prompt at a time. Decks keep their top card at
the end of the list; Thanos's hand is kept sorted, so its order carries no information.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from parlour.engine import (
    Action,
    ActionSpace,
    Event,
    Game,
    IllegalActionError,
    OptionError,
    OptionSpec,
    ReplayError,
    Result,
    Rng,
    State,
)
from parlour.engine.integrity import corrupt, rebuild
from parlour.games.gauntlet import actions as A
from parlour.games.gauntlet.cards import (
    BY_ID,
    CARDS,
    HERO_CARDS,
    KIND,
    NUMBER,
    STONES,
    THANOS_CARDS,
)

THANOS = 0
MIND_STONE = next(c.index for c in CARDS if c.effect == "mind")
_RETURNS = tuple(c.returns for c in CARDS)


class GauntletState(State):
    """One position of a Gauntlet game."""

    __slots__ = (
        "_action_space",
        "_events",
        "_tables",
        "active",
        "defeated",
        "faceup",
        "game",
        "hands",
        "hero_deck",
        "hero_health",
        "hero_turns",
        "known",
        "looking",
        "move_number",
        "options",
        "over",
        "p_first",
        "p_guess",
        "p_kind",
        "p_space",
        "p_target",
        "phase",
        "players",
        "prompt_seat",
        "record_events",
        "rng",
        "seed",
        "thanos_deck",
        "thanos_health",
        "tokens",
        "turns",
    )

    def __init__(
        self, game: Gauntlet, players: int, options: Mapping[str, Any], seed: int, rng: Rng
    ) -> None:
        super().__init__(game, players, options, seed, rng)
        self._events: list[Event] = []
        self._tables = game.tables(players)
        self.hero_deck: list[int] = []
        self.thanos_deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.faceup: list[list[int]] = [[] for _ in range(players)]
        """Face-up cards in front of each seat (Thanos: the cards he played)."""
        self.defeated: list[int] = []
        """Thanos's defeated cards lying face up (those not shuffled back)."""
        self.tokens = [0] * players
        self.known: list[set[int]] = [set() for _ in range(players)]
        """Cards whose hidden place each seat has seen (peeks, fights, looks, bottoms)."""
        self.looking: list[int] = []
        self.hero_health = 0
        self.thanos_health = 0
        self.active = THANOS
        self.hero_turns = 0
        self.turns = 0
        self.phase = "play"
        self.prompt_seat = THANOS
        # The pending prompt's public facts: the kind a Time Stone copies, the hero Thanos
        # fights ("with"), the number a hero "1" hit ("defeat"), the Space Stone fights left
        # (also the count to put under the deck at "bottom"), the first hero fought.
        self.p_kind = ""
        self.p_target = -1
        self.p_guess = 0
        self.p_space = 0
        self.p_first = -1
        self.over = ""
        """The end reason once the game is over (``hero_health``, ``thanos_health``, ``snap``)."""

    # -- questions ------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat answering the current prompt, or None when the game is over."""
        return None if self.over else self.prompt_seat

    @property
    def result(self) -> Result | None:
        """Heroes win when Thanos's health is gone; Thanos by the heroes' health or the snap."""
        if not self.over:
            return None
        winners = [THANOS] if self.over != "thanos_health" else list(range(1, self.players))
        return Result.of(
            self.players,
            winners,
            self.over,
            hero_health=self.hero_health,
            thanos_health=self.thanos_health,
            turns=self.turns,
        )

    def prompt(self) -> str:
        """The name of the current decision."""
        return self.phase

    def snap_ready(self) -> bool:
        """Whether all six stones are in Thanos's hand or face up in front of him (IG-END-3)."""
        n = 0
        for zone in (self.faceup[THANOS], self.defeated, self.hands[THANOS]):
            for c in zone:
                if c in STONES:
                    n += 1
        return n == 6

    def copy_kinds(self) -> list[str]:
        """The kinds a Time Stone may copy now (IG-THANOS-TIME)."""
        kinds = {KIND[c] for c in self.faceup[THANOS]}
        if self.options["time_stone_copies_defeated"]:
            kinds.update(KIND[c] for c in self.defeated if c not in STONES)
        return [k for k in A.COPYABLE if k in kinds]

    def legal_actions(self) -> list[Action]:
        """Every legal answer to the current prompt."""
        if self.over:
            return []
        phase = self.phase
        tab = self._tables
        if phase == "play":
            out: list[Action] = []
            hand = self.hands[self.active]
            if self.active == THANOS:
                if self.snap_ready():
                    out.append(A.SNAP)
                seen: set[str] = set()
                for c in hand:
                    k = KIND[c]
                    if k in seen or k == "thanos":
                        continue
                    seen.add(k)
                    if k == "time":
                        kinds = self.copy_kinds()
                        out += [A.TIME_COPY[x] for x in kinds] if kinds else [A.TIME_NOTHING]
                    else:
                        out += tab.thanos[k]
                return out
            a, b = NUMBER[hand[0]], NUMBER[hand[1]]
            if a > b:
                a, b = b, a
            out += tab.hero[(a, self.active)]
            if a != b:
                out += tab.hero[(b, self.active)]
            return out
        if phase == "defeat":
            return [A.DEFEAT[k] for k in self._kinds_in_hand(self.p_guess)]
        if phase == "with":
            return [A.WITH[k] for k in self._kinds_in_hand(0)]
        if phase == "space":
            first = self.p_first if self.players > 2 else -1
            return [*(A.FIGHT[s] for s in range(1, self.players) if s != first), A.FIGHT_PASS]
        if phase == "accept":
            return [A.ACCEPT, A.DECLINE]
        if phase == "order":
            return list(tab.orders[len(self.looking)])
        if phase == "bottom":
            return self._bottom_actions()
        if phase == "copy":
            return list(tab.thanos[self.p_kind])
        if phase == "snap":
            return [A.SNAP, A.END]
        raise AssertionError(phase)

    def _kinds_in_hand(self, number: int) -> list[str]:
        """Distinct kinds in Thanos's hand (of ``number``, or all when 0), in table order."""
        out: list[str] = []
        for c in self.hands[THANOS]:
            k = KIND[c]
            if (number == 0 or NUMBER[c] == number) and k not in out:
                out.append(k)
        return out

    def _bottom_actions(self) -> list[Action]:
        kinds = self._kinds_in_hand(0)
        if self.p_space == 1:
            return [A.BOTTOMS[(k,)] for k in kinds]
        hand = [KIND[c] for c in self.hands[THANOS]]
        return [A.BOTTOMS[(a, b)] for a in kinds for b in kinds if a != b or hand.count(a) >= 2]

    def _is_legal(self, action: Action) -> bool:
        # Actions are interned by the base class: identity is enough and much faster.
        return any(a is action for a in self.legal_actions())

    def _illegal(self, action: Action) -> IllegalActionError:
        return IllegalActionError(
            "gauntlet.error.illegal", action=str(action), seat=self.prompt_seat, prompt=self.phase
        )

    # -- events ---------------------------------------------------------------------------

    def _ev(self, event: str, audience: frozenset[int] | None = None, **data: Any) -> None:
        if self.record_events:
            self._events.append(Event(event, data, audience))

    def _played(self, seat: int, card: int, target: int, guess: int) -> None:
        if not self.record_events:
            return
        cid = CARDS[card].id
        if target >= 0 and guess:
            self._ev("played_guess_at", seat=seat, card=cid, target=target, number=guess)
        elif target >= 0:
            self._ev("played_at", seat=seat, card=cid, target=target)
        elif guess:
            self._ev("played_guess", seat=seat, card=cid, number=guess)
        else:
            self._ev("played", seat=seat, card=cid)

    # -- applying -------------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        self._events = []
        self.move_number += 1
        phase = self.phase
        if phase == "play":
            if isinstance(action, A.HeroPlay):
                self._hero_play(action)
            elif action is A.SNAP:
                self._snap()
            else:
                assert isinstance(action, A.ThanosPlay)
                self._thanos_play(action)
        elif phase == "copy":
            assert isinstance(action, A.ThanosPlay)
            self._ev("copied", kind=action.kind)
            self._thanos_effect(action)
        elif phase == "defeat":
            assert isinstance(action, A.PickKind)
            self._defeat_thanos(self._card_of_kind(action.kind))
            self._end_card()
        elif phase == "with":
            assert isinstance(action, A.PickKind)
            self._fight(self.p_target, self._card_of_kind(action.kind), thanos_started=True)
            self._after_thanos_fight()
        elif phase == "space":
            if action is A.FIGHT_PASS:
                self._ev("declined", seat=THANOS)
                self._end_card()
            else:
                assert isinstance(action, A.FightTarget)
                self.p_space -= 1
                self.p_first = action.target
                self._thanos_fight(action.target)
        elif phase == "accept":
            if action is A.ACCEPT:
                self._ev("accepted", seat=self.prompt_seat)
                self._hero_fight(self.prompt_seat)
            else:
                self._ev("declined", seat=self.prompt_seat)
            self._end_card()
        elif phase == "order":
            assert isinstance(action, A.Order)
            cards = [self.looking[p] for p in action.positions]
            self.looking = []
            self.hero_deck.extend(reversed(cards))
            self.known[self.active].update(cards)
            self._ev("ordered", seat=self.active, count=len(cards))
            self._end_card()
        elif phase == "bottom":
            assert isinstance(action, A.Bottom)
            # Nobody else sees which cards went back: their looks at his hand are void.
            for seen in self.known[1:]:
                seen.difference_update(self.hands[THANOS])
            for k in action.kinds:
                c = self._card_of_kind(k)
                self.hands[THANOS].remove(c)
                self.thanos_deck.insert(0, c)
                self.known[THANOS].add(c)
            self._ev("bottomed", count=len(action.kinds))
            self._end_card()
        elif phase == "snap":
            if action is A.SNAP:
                self._snap()
            else:
                self._end_turn()
        events = self._events
        self._events = []
        return events

    def _card_of_kind(self, kind: str) -> int:
        for c in self.hands[THANOS]:
            if KIND[c] == kind:
                return c
        raise AssertionError(kind)

    # -- hero cards -----------------------------------------------------------------------

    def _hero_play(self, action: A.HeroPlay) -> None:
        seat = self.active
        hand = self.hands[seat]
        card = hand[0] if NUMBER[hand[0]] == action.number else hand[1]
        hand.remove(card)
        self.faceup[seat].append(card)
        n = action.number
        self._played(seat, card, action.target, action.guess)
        if n == 1:
            self._hero_guess(action.guess)
        elif n == 2:
            self._peek(action.target)
            self._end_card()
        elif n == 3:
            if action.fight:
                self._hero_fight(seat)
            else:
                self._ev("declined", seat=seat)
            self._end_card()
        elif n == 4:
            self.tokens[action.target] += 1
            self._ev("token", seat=action.target, count=1, total=self.tokens[action.target])
            self._end_card()
        elif n == 5:
            self._look_three()
        else:
            self.phase = "accept"
            self.prompt_seat = action.target

    def _hero_guess(self, guess: int) -> None:
        """IG-HERO-1: a hit always asks Thanos which matching card goes, hiding a double."""
        if any(NUMBER[c] == guess for c in self.hands[THANOS]):
            self._ev("guess_hit", number=guess)
            self.phase = "defeat"
            self.prompt_seat = THANOS
            self.p_guess = guess
        else:
            self._ev("guess_miss", number=guess)
            self._end_card()

    def _peek(self, target: int) -> None:
        """IG-HERO-2: the target looks at a random card of Thanos in secret."""
        hand = self.hands[THANOS]
        if not hand:
            self._ev("no_effect")
            return
        card = hand[self.rng.below(len(hand))]
        self.known[target].add(card)
        self._ev("peeked", seat=target)
        self._ev("peek_card", frozenset({target}), seat=target, card=CARDS[card].id)

    def _look_three(self) -> None:
        """IG-HERO-5: take the top three, rebuilding the deck (played 5 included) if short."""
        deck = self.hero_deck
        looking: list[int] = []
        while len(looking) < 3:
            if not deck and not self._rebuild_hero_deck():
                break
            looking.append(deck.pop())
        self.looking = looking
        self._ev("looked", seat=self.active, count=len(looking))
        self._ev("look_cards", frozenset({self.active}), cards=[CARDS[c].id for c in looking])
        self.phase = "order"
        self.prompt_seat = self.active

    def _hero_fight(self, hero: int) -> None:
        """A hero-started fight: Thanos's card is picked at random (IG-FIGHT-2, IG-RANDOM-1)."""
        hand = self.hands[THANOS]
        if not hand:
            self._ev("no_effect")
            return
        self._fight(hero, hand[self.rng.below(len(hand))], thanos_started=False)

    # -- Thanos cards ---------------------------------------------------------------------

    def _thanos_play(self, action: A.ThanosPlay) -> None:
        card = self._card_of_kind(action.kind)
        self.hands[THANOS].remove(card)
        self.faceup[THANOS].append(card)
        self._played(THANOS, card, action.target, action.guess)
        if action.kind == "time":
            if action.copy:
                self.phase = "copy"
                self.p_kind = action.copy
                self.prompt_seat = THANOS
            else:
                self._ev("no_effect")
                self._end_card()
            return
        self._thanos_effect(action)

    def _thanos_effect(self, action: A.ThanosPlay) -> None:
        """Resolve a Thanos card's effect (played, or copied by the Time Stone)."""
        kind = action.kind
        if kind == "outrider":
            card = self.hands[action.target][0]
            if NUMBER[card] == action.guess:
                self._defeat_heroes([action.target])
            else:
                self._ev("guess_miss_at", number=action.guess, target=action.target)
        elif kind == "mind":
            hit = [s for s in range(1, self.players) if NUMBER[self.hands[s][0]] == action.guess]
            if hit:
                self._defeat_heroes(hit)
            else:
                self._ev("guess_miss", number=action.guess)
        elif kind in ("corvus", "soul"):
            value = NUMBER[self.hands[action.target][0]]
            if (value <= 3) if kind == "corvus" else (value >= 3):
                self._defeat_heroes([action.target])
            else:
                self._ev("no_effect")
        elif kind == "dwarf":
            if action.target < 0:
                self._ev("declined", seat=THANOS)
            else:
                self.p_space = 0
                self._thanos_fight(action.target)
                return
        elif kind == "space":
            self.p_space = 2
            self.p_first = -1
            self.phase = "space"
            self.prompt_seat = THANOS
            return
        elif kind in ("proxima", "power"):
            n = 1 if kind == "proxima" else 3
            self.tokens[THANOS] += n
            self._ev("token", seat=THANOS, count=n, total=self.tokens[THANOS])
        elif kind in ("ebony", "reality"):
            want = 1 if kind == "ebony" else 2
            drawn = 0
            while drawn < want and self.thanos_deck:
                self._draw_thanos()
                drawn += 1
            self._ev("thanos_drew", count=drawn)
            if drawn:
                self.phase = "bottom"
                self.prompt_seat = THANOS
                self.p_space = drawn
                return
        self._end_card()

    def _thanos_fight(self, target: int) -> None:
        """Thanos starts a fight: he picks his card (a prompt when his kinds differ)."""
        hand = self.hands[THANOS]
        if not hand:
            self._ev("no_effect")
            self._after_thanos_fight()
            return
        if len(self._kinds_in_hand(0)) > 1:
            self.phase = "with"
            self.prompt_seat = THANOS
            self.p_target = target
            return
        self._fight(target, hand[0], thanos_started=True)
        self._after_thanos_fight()

    def _after_thanos_fight(self) -> None:
        if self.over:
            return
        if self.p_space > 0:
            self.phase = "space"
            self.prompt_seat = THANOS
        else:
            self._end_card()

    # -- fights and defeats ---------------------------------------------------------------

    def _fight(self, hero: int, thanos_card: int, *, thanos_started: bool) -> None:
        """IG-FIGHT-1..4: compare in secret, spend one token each, the lower is defeated."""
        hero_card = self.hands[hero][0]
        hv, tv = NUMBER[hero_card], NUMBER[thanos_card]
        hero_bonus = thanos_bonus = False
        if self.tokens[hero]:
            self.tokens[hero] -= 1
            hv += 2
            hero_bonus = True
        if self.tokens[THANOS]:
            self.tokens[THANOS] -= 1
            tv += 2
            thanos_bonus = True
        self._ev(
            "fight",
            target=hero,
            hero_token=hero_bonus,
            thanos_token=thanos_bonus,
            by=THANOS if thanos_started else hero,
        )
        self._ev(
            "fight_cards",
            frozenset({THANOS, hero}),
            target=hero,
            hero_card=CARDS[hero_card].id,
            thanos_card=CARDS[thanos_card].id,
            hero_value=hv,
            thanos_value=tv,
        )
        if hv > tv:
            self.known[THANOS].add(hero_card)
            self._defeat_thanos(thanos_card)
        elif tv > hv:
            self.known[hero].add(thanos_card)
            self._defeat_heroes([hero])
        else:
            self.known[THANOS].add(hero_card)
            self.known[hero].add(thanos_card)
            self._ev("fight_tied", target=hero)

    def _defeat_heroes(self, seats: list[int]) -> None:
        """IG-DEFEAT-1/3: one health per card, then the heroes redraw in turn order."""
        for s in seats:
            card = self.hands[s].pop()
            self.faceup[s].append(card)
            self.hero_health -= 1
            self._ev("defeated", seat=s, card=CARDS[card].id, health=self.hero_health)
            if self.hero_health <= 0:
                self._finish("hero_health")
                return
        for s in seats:
            self._draw_hero(s)

    def _defeat_thanos(self, card: int) -> None:
        """IG-DEFEAT-1/2: lose 1 health, redraw, then shuffle a returning card back."""
        self.hands[THANOS].remove(card)
        self.thanos_health -= 1
        self._ev("defeated", seat=THANOS, card=CARDS[card].id, health=self.thanos_health)
        if self.thanos_health <= 0:
            self.defeated.append(card)
            self._finish("thanos_health")
            return
        self._draw_thanos()
        if _RETURNS[card] and (card != MIND_STONE or self.options["mind_stone_returns"]):
            self.thanos_deck.append(card)
            self.rng.shuffle(self.thanos_deck)
            for k in self.known:
                k.difference_update(self.thanos_deck)
            self._ev("shuffled_back", card=CARDS[card].id)
        else:
            self.defeated.append(card)

    def _finish(self, reason: str) -> None:
        self.over = reason
        self._ev("game_over", reason=reason)

    # -- decks ----------------------------------------------------------------------------

    def _draw_hero(self, seat: int) -> None:
        card = self.hero_deck.pop()
        self.hands[seat].append(card)
        if self.record_events:
            self._ev("hero_drew", seat=seat)
            self._ev("drew", frozenset({seat}), seat=seat, card=CARDS[card].id)
        if not self.hero_deck:
            self._rebuild_hero_deck()

    def _rebuild_hero_deck(self) -> bool:
        """IG-DECK-1: every face-up hero card becomes the new, shuffled hero deck."""
        deck = self.hero_deck
        for s in range(1, self.players):
            deck += self.faceup[s]
            self.faceup[s] = []
        if not deck:
            return False
        self.rng.shuffle(deck)
        for k in self.known:
            k.difference_update(deck)
        self._ev("hero_deck_rebuilt", count=len(deck))
        return True

    def _draw_thanos(self) -> None:
        if self.thanos_deck:
            self.hands[THANOS].append(self.thanos_deck.pop())
            self.hands[THANOS].sort()

    # -- turns ----------------------------------------------------------------------------

    def _end_card(self) -> None:
        """The card is resolved: Thanos may snap before his turn ends (IG-END-3)."""
        if self.over:
            return
        if self.active == THANOS and self.snap_ready():
            self.phase = "snap"
            self.prompt_seat = THANOS
            return
        self._end_turn()

    def _snap(self) -> None:
        self._ev("snap")
        self._finish("snap")

    def _end_turn(self) -> None:
        while True:
            seat = self.active
            if seat != THANOS and len(self.hands[seat]) != 1:
                raise RuntimeError("IG-DECK-3: a hero must hold exactly one card between turns")
            if seat == THANOS:
                seat = 1
                self.hero_turns = 2 if self.players == 2 else 1
            else:
                self.hero_turns -= 1
                if self.hero_turns <= 0:
                    seat = seat + 1 if seat + 1 < self.players else THANOS
                    self.hero_turns = 1
            if not self._start_turn(seat):
                return

    def _start_turn(self, seat: int) -> bool:
        """Begin ``seat``'s turn with the draw; return True when the turn passes at once."""
        self.active = seat
        self.turns += 1
        self.phase = "play"
        self.prompt_seat = seat
        self.p_space = 0
        self.p_first = -1
        if self.record_events:
            self._ev("turn", seat=seat)
        if seat != THANOS:
            self._draw_hero(seat)
            return False
        self._draw_thanos()
        if any(KIND[c] != "thanos" for c in self.hands[THANOS]):
            return False
        if self.snap_ready():
            self.phase = "snap"
            return False
        self._ev("turn_passed", seat=THANOS)
        return True

    # -- knowledge and copies -------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        from parlour.games.gauntlet.views import view_of

        return view_of(self, seat)

    def determinize(self, seat: int, rng: Rng) -> GauntletState:
        """A full state consistent with what ``seat`` knows."""
        from parlour.games.gauntlet.views import determinize

        return determinize(self, seat, rng)

    def census(self) -> dict[str, int]:
        """How many of each card are in every zone (always one each)."""
        out: dict[str, int] = {}
        zones = [self.hero_deck, self.thanos_deck, self.defeated, self.looking]
        zones += self.hands + self.faceup
        for zone in zones:
            for c in zone:
                cid = CARDS[c].id
                out[cid] = out.get(cid, 0) + 1
        return out

    def clone(self) -> GauntletState:
        """An independent copy."""
        st = GauntletState.__new__(GauntletState)
        for name in _COPIED:
            setattr(st, name, getattr(self, name))
        st.rng = self.rng.clone()
        st._events = []
        st.hero_deck = self.hero_deck[:]
        st.thanos_deck = self.thanos_deck[:]
        st.hands = [h[:] for h in self.hands]
        st.faceup = [f[:] for f in self.faceup]
        st.defeated = self.defeated[:]
        st.tokens = self.tokens[:]
        st.known = [set(k) for k in self.known]
        st.looking = self.looking[:]
        return st

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (card ids; decks listed bottom first)."""

        def ids(cards: list[int]) -> list[str]:
            return [CARDS[c].id for c in cards]

        return {
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "rng": self.rng.state,
            "move": self.move_number,
            "hero_deck": ids(self.hero_deck),
            "thanos_deck": ids(self.thanos_deck),
            "hands": [ids(h) for h in self.hands],
            "faceup": [ids(f) for f in self.faceup],
            "defeated": ids(self.defeated),
            "tokens": list(self.tokens),
            "known": [sorted(CARDS[c].id for c in k) for k in self.known],
            "looking": ids(self.looking),
            "hero_health": self.hero_health,
            "thanos_health": self.thanos_health,
            "active": self.active,
            "hero_turns": self.hero_turns,
            "turns": self.turns,
            "phase": self.phase,
            "prompt_seat": self.prompt_seat,
            "pending": [self.p_kind, self.p_target, self.p_guess, self.p_space, self.p_first],
            "over": self.over,
        }

    @classmethod
    def from_json(cls, game: Gauntlet, data: Mapping[str, Any]) -> GauntletState:
        """Rebuild a state from :meth:`to_json` output."""
        try:

            def idx(names: Any) -> list[int]:
                return [BY_ID[str(n)].index for n in names]

            st = cls(
                game,
                int(data["players"]),
                dict(data["options"]),
                int(data["seed"]),
                Rng(int(data["rng"])),
            )
            st.move_number = int(data["move"])
            st.hero_deck = idx(data["hero_deck"])
            st.thanos_deck = idx(data["thanos_deck"])
            st.hands = [idx(h) for h in data["hands"]]
            st.faceup = [idx(f) for f in data["faceup"]]
            st.defeated = idx(data["defeated"])
            st.tokens = [int(t) for t in data["tokens"]]
            st.known = [set(idx(k)) for k in data["known"]]
            st.looking = idx(data["looking"])
            st.hero_health = int(data["hero_health"])
            st.thanos_health = int(data["thanos_health"])
            st.active = int(data["active"])
            st.hero_turns = int(data["hero_turns"])
            st.turns = int(data["turns"])
            st.phase = str(data["phase"])
            st.prompt_seat = int(data["prompt_seat"])
            kind, target, guess, space, first = data["pending"]
            st.p_kind, st.p_target, st.p_guess = str(kind), int(target), int(guess)
            st.p_space, st.p_first = int(space), int(first)
            st.over = str(data["over"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError("core.error.corrupt_state", reason=str(exc)[:80]) from None
        if len(st.hands) != st.players or len(st.faceup) != st.players:
            raise ReplayError("core.error.corrupt_state", reason="seats")
        return st


_COPIED = (
    "game",
    "players",
    "options",
    "seed",
    "move_number",
    "record_events",
    "_tables",
    "hero_health",
    "thanos_health",
    "active",
    "hero_turns",
    "turns",
    "phase",
    "prompt_seat",
    "p_kind",
    "p_target",
    "p_guess",
    "p_space",
    "p_first",
    "over",
)


DEFAULT_HERO_HEALTH = 12
"""Parlour's default hero health (balance study, docs/gauntlet-balance.md)."""
DEFAULT_THANOS_HEALTH = (5, 5, 7, 8, 9)
"""Parlour's default Thanos health for 2..6 players (balance study)."""


@dataclass(frozen=True, slots=True)
class Tables:
    """Prebuilt legal-action lists of one player count."""

    thanos: dict[str, list[Action]]
    hero: dict[tuple[int, int], list[Action]]
    orders: dict[int, list[Action]]


class Gauntlet(Game):
    """The Infinity Gauntlet game's configuration."""

    id = "gauntlet"
    min_players = 2
    max_players = 6

    def option_specs(self) -> tuple[OptionSpec, ...]:
        """Health and the two rulings."""
        return (
            OptionSpec(
                "hero_health",
                "int",
                DEFAULT_HERO_HEALTH,
                minimum=1,
                maximum=99,
                help_key="gauntlet.option.hero_health",
            ),
            OptionSpec(
                "thanos_health",
                "int_list",
                None,
                minimum=1,
                maximum=99,
                help_key="gauntlet.option.thanos_health",
            ),
            OptionSpec(
                "time_stone_copies_defeated",
                "bool",
                True,
                help_key="gauntlet.option.time_stone_copies_defeated",
            ),
            OptionSpec(
                "mind_stone_returns", "bool", True, help_key="gauntlet.option.mind_stone_returns"
            ),
        )

    def complete_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Fill the defaults; ``thanos_health`` needs one number per player count 2-6."""
        options = super().complete_options(players, options)
        if options["thanos_health"] is None:
            options["thanos_health"] = list(DEFAULT_THANOS_HEALTH)
        if len(options["thanos_health"]) != 5:
            raise OptionError(
                "core.error.option_bad_value",
                option="thanos_health",
                value=",".join(str(v) for v in options["thanos_health"])[:60],
                expected="5 numbers (2-6 players)",
            )
        options["thanos_health"] = list(options["thanos_health"])
        return options

    def build_action_space(self, players: int, options: Mapping[str, Any]) -> ActionSpace:
        """Every action of this player count."""
        return A.build_space(players)

    def tables(self, players: int) -> Tables:
        """The prebuilt legal-action lists of a player count."""
        return _tables(players)

    def new(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        stack: Any = None,
    ) -> GauntletState:
        """Shuffle (or stack) both decks, deal, and start Thanos's first turn."""
        opts = self.resolve_options(players, options)
        seed = self.fresh_seed(seed)
        rng = Rng(seed)
        hero_top, thanos_top = _read_stack(stack)
        st = GauntletState(self, players, opts, seed, rng)
        st.hero_deck = _deck(HERO_CARDS, hero_top, rng)
        st.thanos_deck = _deck(THANOS_CARDS, thanos_top, rng)
        st.hero_health = opts["hero_health"]
        st.thanos_health = opts["thanos_health"][players - 2]
        for seat in range(1, players):
            st.hands[seat].append(st.hero_deck.pop())
        st.hands[THANOS] = sorted([st.thanos_deck.pop(), st.thanos_deck.pop()])
        st.hero_turns = 1
        st._start_turn(THANOS)
        st._events = []
        return st

    def state_from_json(self, data: Mapping[str, Any]) -> GauntletState:
        """Rebuild a saved state."""
        st = rebuild(self, lambda: GauntletState.from_json(self, data), data)
        if len(st.tokens) != st.players or len(st.known) != st.players:
            raise corrupt("per-seat lists")
        return st

    def action_steps(
        self, action: Action, lang: str = "en", names: Sequence[str] | None = None
    ) -> list[str]:
        """Menu labels of an action: card, then target, then number or answer."""
        from parlour.games.gauntlet.text import action_steps

        return action_steps(action, lang, names)

    def sample_configs(self) -> list[tuple[int, dict[str, Any]]]:
        """Every player count, plus the two rulings switched off."""
        out: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in range(2, 7)]
        out.append((3, {"time_stone_copies_defeated": False, "mind_stone_returns": False}))
        return out


def _read_stack(stack: Any) -> tuple[list[int], list[int]]:
    if stack is None:
        return [], []
    if not isinstance(stack, Mapping) or set(stack) - {"hero_deck", "thanos_deck"}:
        raise OptionError("core.error.bad_stack", reason="hero_deck, thanos_deck")
    out: list[list[int]] = []
    for key, hero in (("hero_deck", True), ("thanos_deck", False)):
        ids = stack.get(key, [])
        if not isinstance(ids, list | tuple):
            raise OptionError("core.error.bad_stack", reason=key)
        cards = []
        for cid in ids:
            card = BY_ID.get(cid) if isinstance(cid, str) else None
            if card is None or card.hero != hero:
                raise OptionError("core.error.bad_stack", reason=f"{key}: {str(cid)[:30]}")
            cards.append(card.index)
        if len(set(cards)) != len(cards):
            raise OptionError("core.error.bad_stack", reason=f"{key}: duplicate")
        out.append(cards)
    return out[0], out[1]


def _deck(all_cards: tuple[int, ...], top: list[int], rng: Rng) -> list[int]:
    """A deck (top at the end of the list): the stacked cards over the others, shuffled."""
    rest = [c for c in all_cards if c not in top]
    rng.shuffle(rest)
    return rest + top[::-1]


@cache
def _tables(players: int) -> Tables:
    heroes = range(1, players)
    thanos: dict[str, list[Action]] = {
        "outrider": [A.OUTRIDER[(s, g)] for s in heroes for g in range(1, 7)],
        "mind": list(A.MIND.values()),
        "corvus": [A.TARGETED[("corvus", s)] for s in heroes],
        "soul": [A.TARGETED[("soul", s)] for s in heroes],
        "dwarf": [*(A.TARGETED[("dwarf", s)] for s in heroes), A.DWARF_PASS],
        **{k: [a] for k, a in A.PLAIN.items()},
    }
    hero: dict[tuple[int, int], list[Action]] = {}
    for seat in heroes:
        others = [s for s in heroes if s != seat] if players > 2 else [seat]
        hero[(1, seat)] = list(A.HERO_GUESS.values())
        hero[(2, seat)] = [A.HERO_TARGETED[(2, s)] for s in others]
        hero[(3, seat)] = [A.HERO_FIGHT, A.HERO_PASS]
        hero[(4, seat)] = [A.HERO_TARGETED[(4, s)] for s in heroes]
        hero[(5, seat)] = [A.HERO_FIVE]
        hero[(6, seat)] = [A.HERO_TARGETED[(6, s)] for s in heroes]
    orders: dict[int, list[Action]] = {
        n: [o for p, o in A.ORDERS.items() if len(p) == n] for n in (1, 2, 3)
    }
    return Tables(thanos, hero, orders)
