"""Love Letter's transitions: turns, card effects, follow-up prompts, round and game ends.

Transitions only: one handler per prompt kind (:meth:`Rules._transition` dispatches) and one
per effect (:meth:`Rules._effect` dispatches, by the codes of :data:`state.HANDLED`). The
state's fields are in :mod:`state`, legal answers in :mod:`legal`, knowledge in :mod:`views`.
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from parlour.engine import Action, Event
from parlour.games.loveletter.actions import Decide, Look, Play, Return
from parlour.games.loveletter.state import (
    BISHOP,
    CARDINAL,
    CHANCELLOR,
    EQUAL,
    HANDLED,
    HOLDS,
    KEPT,
    LACKS,
    OVER,
    PLAY,
    SAW,
    BishopPending,
    CardinalPending,
    ChancellorPending,
    LoveLetterState,
)

ONLY: Final[tuple[frozenset[int], ...]] = tuple(frozenset((s,)) for s in range(8))
"""The audience of a seat's private event, by seat (made once, not per event)."""

# Each effect's code (its index in HANDLED), as C statics when compiled.
_GUARD: Final = HANDLED.index("guard")
_PRIEST: Final = HANDLED.index("priest")
_BARON: Final = HANDLED.index("baron")
_HANDMAID: Final = HANDLED.index("handmaid")
_PRINCE: Final = HANDLED.index("prince")
_KING: Final = HANDLED.index("king")
_PRINCESS: Final = HANDLED.index("princess")
_DOWAGER: Final = HANDLED.index("dowager")
_BISHOP: Final = HANDLED.index("bishop")
_SYCOPHANT: Final = HANDLED.index("sycophant")
_BARONESS: Final = HANDLED.index("baroness")
_CARDINAL: Final = HANDLED.index("cardinal")
_JESTER: Final = HANDLED.index("jester")
_CHANCELLOR: Final = HANDLED.index("chancellor")


@mypyc_attr(allow_interpreted_subclasses=True)
class Rules(LoveLetterState):
    """Love Letter's state with its transitions (the game's class adds legality and views)."""

    def _apply(self, action: Action) -> list[Event]:
        """The engine's move (count it, run the rules, hand back the log), one call shorter:
        random playouts and search spend most of their time here."""
        self.move_number += 1
        self._legal = None
        if self.phase is PLAY:
            self._play(action)  # type: ignore[arg-type]
        else:
            self._transition(action)
        log = self.log
        out = log.events  # the log's take(), without the call
        if out:
            log.events = []
            return out
        return []

    def _transition(self, action: Action) -> None:
        """One handler per prompt kind."""
        self._legal = None
        phase = self.phase
        if phase == PLAY:
            self._play(action)  # type: ignore[arg-type]
        elif phase == BISHOP:
            self._bishop_decides(action)  # type: ignore[arg-type]
        elif phase == CHANCELLOR:
            self._chancellor_returns(action)  # type: ignore[arg-type]
        else:
            self._cardinal_looks(action)  # type: ignore[arg-type]

    # -- events -----------------------------------------------------------------------------

    def _emit(self, kind: str, audience: frozenset[int] | None = None, **data: Any) -> None:
        log = self.log
        if log.record:
            log.events.append(Event(kind, data, audience))

    def _id(self, kind: int) -> str:
        return self.ed.ids[kind]

    # -- rounds and turns -------------------------------------------------------------------

    def start_round(self, first: int) -> None:
        """LL-SETUP-1..3: shuffle (or take the stacked deck), set aside, deal, first turn."""
        n = self.players
        self.round += 1
        if self.stacked:
            deck = self.stacked.pop(0)[::-1]  # the stack lists the top card first
        else:
            # clause: LL-RULING-2
            deck = list(self.ed.deck)
            self.rng.shuffle(deck)
        # clause: LL-SETUP-1
        self.aside = deck.pop()
        # clause: LL-SETUP-2
        self.face_up = [deck.pop(), deck.pop(), deck.pop()] if self.face_up_rule else []
        hand = [-1] * n
        # clause: LL-SETUP-3
        for i in range(n):
            hand[(first + i) % n] = deck.pop()
        self.hand = hand
        self.pile = deck
        self.first = first
        self.alive = (1 << n) - 1
        self.prot = 0
        self.discards = [[] for _ in range(n)]
        self.syc = -1
        self.jester = [-1] * n
        hv = self.hv
        for s in range(n):
            # (Not ``+=``: compiled, that is a generic in-place add on a list item.)
            hv[s] = hv[s] + 1
        self.known = [-1] * (n * n)
        self.facts = []
        log = self.log
        if log.record:
            ev = log.events
            ev.append(Event("round_start", {"round": self.round, "first": first}))
            if self.face_up:
                ev.append(Event("face_up", {"cards": [self._id(k) for k in self.face_up]}))
            ids = self.ed.ids
            for s in range(n):
                ev.append(Event("dealt", {"seat": s, "card": ids[hand[s]]}, ONLY[s]))
        self._begin_turn(first)

    def _begin_turn(self, seat: int) -> None:
        """LL-TURN-2: protection ends, then draw."""
        self.actor = seat
        # clause: LL-TURN-2
        self.prot &= ~(1 << seat)
        card = self.pile.pop()
        self.drawn = card
        self.phase = PLAY
        self._to_act = seat
        log = self.log
        if log.record:
            ev = log.events
            ev.append(Event("turn", {"seat": seat}))
            ev.append(Event("drew", {"seat": seat, "card": self.ed.ids[card]}, ONLY[seat]))

    def _end_turn(self) -> None:
        """LL-END-1/2: one player left, or an empty pile, ends the round; else next turn."""
        if self.phase == OVER:
            return
        alive = self.alive
        if alive & (alive - 1) == 0:
            # clause: LL-END-1
            self._end_round([alive.bit_length() - 1], False)
        elif not self.pile:
            # clause: LL-END-2
            self._showdown()
        else:
            n = self.players
            # clause: LL-TURN-1
            s = (self.actor + 1) % n
            while not alive >> s & 1:
                s = (s + 1) % n
            self._begin_turn(s)

    def _next_alive(self) -> int:
        n, s = self.players, (self.actor + 1) % self.players
        while not self.alive >> s & 1:
            s = (s + 1) % n
        return s

    def _showdown(self) -> None:
        """LL-END-2/3: reveal, compare values (Count, Bishop), settle ties by the tie rule."""
        alive, hand, values = self.alive, self.hand, self.values
        seats = [s for s in range(self.players) if alive >> s & 1]
        k_bishop, k_count, k_princess = self.k_bishop, self.k_count, self.k_princess
        princess_held = False
        for s in seats:
            if hand[s] == k_princess:
                princess_held = True
        record = self.log.record
        best = -1
        tied: list[int] = []
        for s in seats:
            card = hand[s]
            if card == k_bishop and princess_held:
                continue  # LL-CARD-BISHOP: the Princess beats the Bishop at the end
            # clause: LL-CARD-KING-2019, LL-CARD-COUNTESS-2019, LL-CARD-PRINCESS-2019
            value = values[card]
            if k_count >= 0:
                # clause: LL-CARD-COUNT
                value += self.discards[s].count(k_count)
            if record:
                self._emit("reveal", seat=s, card=self._id(card), value=value)
            if value > best:
                best = value
                tied = [s]
            elif value == best:
                tied.append(s)
        if len(tied) > 1 and self.tie_rule != "all":
            # clause: LL-END-3
            totals = {s: sum(values[k] for k in self.discards[s]) for s in tied}
            top = max(totals.values())
            tied = [s for s in tied if totals[s] == top]
            if self.log.record:
                self._emit("tie_break", tied_seat=sorted(totals), best=top)
            if len(tied) > 1 and self.tie_rule == "discard-then-nobody":
                tied = []
        self._end_round(tied, True)

    def _end_round(self, winners: list[int], showdown: bool) -> None:
        """LL-END-4 and LL-GAME-1/2: tokens, bonuses, game end or the next round."""
        self._to_act = None
        # Kept raw (the view builds the JSON form): this runs once per round in playouts.
        self.last_round = (self.round, tuple(winners), tuple(self.hand) if showdown else ())
        if not self.log.record:
            pass
        elif winners:
            self._emit("round_won", winner=list(winners))
        else:
            self._emit("round_nobody")
        # clause: LL-GAME-1
        for s in winners:
            self._gain(s, "round", check=False)
        if self.k_spy >= 0:
            # clause: LL-CARD-SPY, LL-END-4
            spies = [
                s
                for s in range(self.players)
                if self.alive >> s & 1 and self.k_spy in self.discards[s]
            ]
            if len(spies) == 1:
                self._gain(spies[0], "spy", check=False)
        if self.premium:
            # clause: LL-CARD-JESTER, LL-END-4
            for s, chosen in enumerate(self.jester):
                if chosen >= 0 and chosen in winners:
                    self._gain(s, "jester", check=False)
        # clause: LL-GAME-1, LL-END-4
        reached = [s for s in range(self.players) if self.tokens[s] >= self.target]
        if reached:
            self._finish(reached)
            return
        # clause: LL-GAME-2
        if len(winners) == 1:
            first = winners[0]
        elif winners:
            first = winners[self.rng.below(len(winners))]
        else:
            first = self._next_alive()
        self.start_round(first)

    def _gain(self, seat: int, why: str, check: bool = True) -> None:
        """A token of affection; mid-round gains can end the game at once (LL-GAME-3)."""
        self.tokens[seat] = self.tokens[seat] + 1
        if self.log.record:
            self._emit("token", seat=seat, reason=why, tokens=self.tokens[seat])
        if check and self.tokens[seat] >= self.target:
            # clause: LL-GAME-3
            self._finish([seat])

    def _finish(self, winners: list[int]) -> None:
        self.phase = OVER
        self._to_act = None
        self.winners = tuple(sorted(winners))
        if self.log.record:
            self._emit("game_won", winner=list(self.winners))

    def _knock_out(self, seat: int, by: str) -> None:
        """LL-TURN-5: out of the round, hand revealed and discarded (Constable first)."""
        # clause: LL-TURN-5
        self.alive &= ~(1 << seat)
        self.prot &= ~(1 << seat)
        card = self.hand[seat]
        if self.log.record:
            self._emit("knocked_out", seat=seat, card=self._id(card) if card >= 0 else "", by=by)
        constable = self.k_constable >= 0 and self.k_constable in self.discards[seat]
        if card >= 0:
            self.discards[seat].append(card)
            self.hand[seat] = -1
            self.hv[seat] = self.hv[seat] + 1
        if constable:
            # clause: LL-CARD-CONSTABLE
            self._gain(seat, "constable")

    def _played_beside(self, seat: int, kind: int, kept: bool) -> None:
        """A new hand version after any play: the others cannot tell which card was played
        (LL-TURN-6), so the facts they hold carry over only where the play proves them."""
        hv = self.hv
        old = hv[seat]
        new = old + 1
        hv[seat] = new
        n = self.players
        known = self.known
        if kept:
            # Who knew the hand kept it known: they saw a card other than the one they knew.
            for a in range(n):
                if known[a * n + seat] == old:
                    known[a * n + seat] = new
        value = self.values[kind]
        facts = self.facts
        for f in [f for f in facts if f[1] == seat and f[2] == old]:
            # A hand without value v, then a v played: the v was the card just drawn, and
            # the hand is still without v; a hand of value v, then another value played:
            # the hand is still that v.
            if (f[0] == LACKS and f[3] == value) or (f[0] == HOLDS and f[3] != value):
                facts.append((f[0], seat, new, f[3], 0))
        facts.append((KEPT, seat, new, kind, 0))

    def _learns(self, seat: int, t: int) -> None:
        """``seat`` learns ``t``'s hand (LL-TURN-6: only it; that it did is public)."""
        version = self.hv[t]
        self.known[seat * self.players + t] = version
        self.facts.append((SAW, t, version, seat, 0))

    def _redraw(self, seat: int) -> None:
        """Draw a replacement: the pile's top card, else the set-aside card (LL-CARD-PRINCE)."""
        if self.pile:
            card = self.pile.pop()
        else:
            card, self.aside = self.aside, -1
            if self.log.record:
                self._emit("took_aside", seat=seat)
        self.hand[seat] = card
        self.hv[seat] = self.hv[seat] + 1
        if card >= 0 and self.log.record:
            self._emit("drew", ONLY[seat], seat=seat, card=self._id(card))

    def _discard_hand(self, seat: int, by: str) -> bool:
        """Discard a hand without effect; the Princess knocks out. True if still in."""
        card = self.hand[seat]
        if card == self.k_princess:
            if self.log.record:
                self._emit("discarded", seat=seat, card=self._id(card), by=by)
            # clause: LL-CARD-PRINCESS
            self._knock_out(seat, "princess")
            return False
        # clause: LL-TURN-3
        self.discards[seat].append(card)
        self.hand[seat] = -1
        if self.log.record:
            self._emit("discarded", seat=seat, card=self._id(card), by=by)
        return True

    # -- playing a card ---------------------------------------------------------------------

    def _play(self, play: Play) -> None:
        seat = self.actor
        # ``play.kind`` indexes its own edition's table: an equal action built for another
        # edition may arrive, and is read by its card id.
        kind = play.kind if play.edition is self.ed.name else self.kind_of[play.card]
        kept = self.hand[seat] != kind
        if not kept:
            self.hand[seat] = self.drawn
        self.drawn = -1
        self._played_beside(seat, kind, kept)
        # clause: LL-TURN-3
        self.discards[seat].append(kind)
        self.syc = -1  # LL-CARD-SYCOPHANT: used up by this card
        targets = play.targets
        log = self.log
        if log.record:
            ev = log.events
            if not targets:
                ev.append(Event("played", {"seat": seat, "card": play.card}))
                if self.chooses[kind]:
                    # clause: LL-TURN-4
                    ev.append(Event("no_effect", {"seat": seat, "card": play.card}))
            elif len(targets) == 2:
                ev.append(
                    Event(
                        "played_on_two",
                        {
                            "seat": seat,
                            "card": play.card,
                            "first": targets[0],
                            "second": targets[1],
                        },
                    )
                )
            elif play.guess is None:
                ev.append(
                    Event("played_on", {"seat": seat, "card": play.card, "target": targets[0]})
                )
            else:
                data = {"seat": seat, "card": play.card, "target": targets[0], "guess": play.guess}
                ev.append(Event("played_guess", data))
        if targets or not self.chooses[kind]:
            code = self.codes[kind]
            if code >= 0:
                self._effect(code, seat, targets, play.guess)
            if self.phase is not PLAY:
                return  # a follow-up prompt, or the game's end
        # _end_turn written out (LL-END-1/2): this runs after nearly every move.
        alive = self.alive
        if alive & (alive - 1) == 0:
            # clause: LL-END-1
            self._end_round([alive.bit_length() - 1], False)
        elif not self.pile:
            # clause: LL-END-2
            self._showdown()
        else:
            n = self.players
            # clause: LL-TURN-1
            s = seat + 1
            if s == n:
                s = 0
            while not alive >> s & 1:
                s += 1
                if s == n:
                    s = 0
            # _begin_turn written out (protection ends, then draw).
            # clause: LL-TURN-2
            self.actor = s
            self.prot &= ~(1 << s)
            card = self.pile.pop()
            self.drawn = card
            self._to_act = s
            if log.record:
                ev = log.events
                ev.append(Event("turn", {"seat": s}))
                ev.append(Event("drew", {"seat": s, "card": self.ed.ids[card]}, ONLY[s]))

    def _effect(self, code: int, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """The played card's rule, by its effect code (:data:`state.HANDLED`'s order).

        Written out as direct calls: compiled, a table of functions would make each a
        generic Python call."""
        if code == _GUARD:
            self._guard(seat, targets, guess)
        elif code == _PRIEST:
            self._priest(seat, targets, guess)
        elif code == _BARON:
            self._baron(seat, targets, guess)
        elif code == _HANDMAID:
            self._handmaid(seat, targets, guess)
        elif code == _PRINCE:
            self._prince(seat, targets, guess)
        elif code == _KING:
            self._king(seat, targets, guess)
        elif code == _PRINCESS:
            self._princess(seat, targets, guess)
        elif code == _DOWAGER:
            self._dowager(seat, targets, guess)
        elif code == _BISHOP:
            self._bishop(seat, targets, guess)
        elif code == _SYCOPHANT:
            self._sycophant(seat, targets, guess)
        elif code == _BARONESS:
            self._baroness(seat, targets, guess)
        elif code == _CARDINAL:
            self._cardinal(seat, targets, guess)
        elif code == _JESTER:
            self._jester(seat, targets, guess)
        elif code == _CHANCELLOR:
            self._chancellor(seat, targets, guess)

    def _guard(self, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """LL-CARD-GUARD (and LL-CARD-ASSASSIN)."""
        t = targets[0]
        card = self.hand[t]
        if card == self.k_assassin:
            # clause: LL-CARD-ASSASSIN
            self._emit("assassin", seat=t, target=seat)
            self._knock_out(seat, "assassin")
            self.discards[t].append(card)
            self._redraw(t)
        elif self.values[card] == guess:
            # clause: LL-CARD-GUARD
            self._knock_out(t, "guard")
        else:
            self.facts.append((LACKS, t, self.hv[t], -1 if guess is None else guess, 0))
            if self.log.record:
                self._emit("guard_miss", seat=seat, target=t, guess=guess)

    def _priest(self, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """LL-CARD-PRIEST."""
        t = targets[0]
        # clause: LL-CARD-PRIEST
        self._learns(seat, t)
        if self.log.record:
            self._emit("saw", ONLY[seat], seat=seat, target=t, card=self._id(self.hand[t]))

    def _baron(self, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """LL-CARD-BARON: the lower value is knocked out."""
        # clause: LL-CARD-BARON
        self._compare(seat, targets[0], True)

    def _dowager(self, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """LL-CARD-DOWAGER: the higher value is knocked out."""
        # clause: LL-CARD-DOWAGER
        self._compare(seat, targets[0], False)

    def _compare(self, seat: int, t: int, lower_out: bool) -> None:
        """A secret comparison of printed values; a tie does nothing."""
        mine, theirs = self.hand[seat], self.hand[t]
        if self.log.record:
            self._emit(
                "compared",
                frozenset((seat, t)),
                seat=seat,
                target=t,
                card=self._id(mine),
                other_card=self._id(theirs),
            )
        a, b = self.values[mine], self.values[theirs]
        if a == b:
            self._learns(seat, t)
            self._learns(t, seat)
            self.facts.append((EQUAL, seat, self.hv[seat], t, self.hv[t]))
            if self.log.record:
                self._emit("compare_tie", seat=seat, target=t)
            return
        loser = (t if b < a else seat) if lower_out else (t if b > a else seat)
        self._knock_out(loser, "baron" if lower_out else "dowager")

    def _handmaid(self, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """LL-CARD-HANDMAID."""
        # clause: LL-CARD-HANDMAID
        self.prot |= 1 << seat
        if self.log.record:
            self._emit("protected", seat=seat)

    def _prince(self, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """LL-CARD-PRINCE."""
        t = targets[0]
        # clause: LL-CARD-PRINCE
        if self._discard_hand(t, "prince"):
            self._redraw(t)

    def _swap(self, a: int, b: int) -> None:
        hand, hv = self.hand, self.hv
        hand[a], hand[b] = hand[b], hand[a]
        hv[a] = hv[a] + 1
        hv[b] = hv[b] + 1
        self._learns(a, b)
        self._learns(b, a)
        if self.log.record:
            self._emit("received", ONLY[a], seat=a, other=b, card=self._id(hand[a]))
            self._emit("received", ONLY[b], seat=b, other=a, card=self._id(hand[b]))

    def _king(self, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """LL-CARD-KING."""
        if self.log.record:
            self._emit("traded", seat=seat, target=targets[0])
        # clause: LL-CARD-KING, LL-CARD-KING-2019
        self._swap(seat, targets[0])

    def _princess(self, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """LL-CARD-PRINCESS."""
        # clause: LL-CARD-PRINCESS, LL-CARD-PRINCESS-2019
        self._knock_out(seat, "princess")

    def _bishop(self, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """LL-CARD-BISHOP: a right guess scores, then the target decides."""
        t = targets[0]
        if self.values[self.hand[t]] != guess:
            self.facts.append((LACKS, t, self.hv[t], -1 if guess is None else guess, 0))
            if self.log.record:
                self._emit("bishop_miss", seat=seat, target=t, guess=guess)
            return
        # clause: LL-CARD-BISHOP
        self.facts.append((HOLDS, t, self.hv[t], -1 if guess is None else guess, 0))
        if self.log.record:
            self._emit("bishop_hit", seat=seat, target=t, guess=guess)
        self._gain(seat, "bishop")
        if self.phase == OVER:
            return
        self.phase = BISHOP
        self.pending = BishopPending(seat, t, -1 if guess is None else guess)
        self._to_act = t

    def _bishop_decides(self, action: Decide) -> None:
        pending = self.pending
        assert isinstance(pending, BishopPending)
        t = pending.target
        if self.log.record:
            self._emit("bishop_discards" if action.discard else "bishop_keeps", seat=t)
        if action.discard and self._discard_hand(t, "bishop"):
            self._redraw(t)
        self.pending = None
        if self.phase == OVER:
            # clause: LL-GAME-3
            return  # LL-GAME-3: a Constable's token from a discarded Princess ended the game
        self.phase = PLAY
        self._end_turn()

    def _sycophant(self, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """LL-CARD-SYCOPHANT."""
        # clause: LL-CARD-SYCOPHANT
        self.syc = targets[0]
        if self.log.record:
            self._emit("sycophant", seat=seat, target=targets[0])

    def _baroness(self, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """LL-CARD-BARONESS."""
        # clause: LL-CARD-BARONESS
        for t in targets:
            self._learns(seat, t)
            self._emit("saw", ONLY[seat], seat=seat, target=t, card=self._id(self.hand[t]))

    def _cardinal(self, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """LL-CARD-CARDINAL: swap two hands, then an optional look."""
        # clause: LL-CARD-CARDINAL
        a, b = targets
        if self.log.record:
            self._emit("cardinal_swap", seat=seat, first=a, second=b)
        self._swap(a, b)
        self.phase = CARDINAL
        self.pending = CardinalPending((a, b))

    def _cardinal_looks(self, action: Look) -> None:
        seat = self.actor
        if action.seat is not None:
            t = action.seat
            self._learns(seat, t)
            self._emit("saw", ONLY[seat], seat=seat, target=t, card=self._id(self.hand[t]))
        self.phase = PLAY
        self.pending = None
        self._end_turn()

    def _jester(self, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """LL-CARD-JESTER."""
        # clause: LL-CARD-JESTER
        self.jester[seat] = targets[0]

    def _chancellor(self, seat: int, targets: tuple[int, ...], guess: int | None) -> None:
        """LL-CARD-CHANCELLOR: draw up to two, keep one, return the rest to the bottom."""
        if not self.pile:
            if self.log.record:
                self._emit("no_effect", seat=seat, card="chancellor")
            return
        # clause: LL-CARD-CHANCELLOR
        drawn = [self.pile.pop() for _ in range(min(2, len(self.pile)))]
        self.pending = ChancellorPending((self.hand[seat], *drawn))
        self.hand[seat] = -1
        self.hv[seat] = self.hv[seat] + 1
        self.phase = CHANCELLOR
        if self.log.record:
            self._emit("chancellor_drew", seat=seat, count=len(drawn))
        if self.log.record:
            self._emit(
                "chancellor_cards",
                ONLY[seat],
                seat=seat,
                cards=[self._id(k) for k in drawn],
            )

    def _chancellor_returns(self, action: Return) -> None:
        seat = self.actor
        ids = self.ed.ids
        self.hand[seat] = ids.index(action.keep)
        self.hv[seat] = self.hv[seat] + 1
        self.pile[0:0] = [ids.index(c) for c in reversed(action.bottom)]
        if self.log.record:
            self._emit("returned", seat=seat, count=len(action.bottom))
        if self.log.record:
            self._emit(
                "returned_cards",
                ONLY[seat],
                seat=seat,
                keep=action.keep,
                cards=list(action.bottom),
            )
        self.phase = PLAY
        self.pending = None
        self._end_turn()
