"""A heuristic player for either side (chosen by seat): card counting and expected values.

It reads only the observation (view and legal actions). Unknown cards are counted from what
is public (face-up cards) and what the seat has seen; a fight is taken when its expected
value (chance to win minus chance to lose, tokens included) is positive; Thanos keeps his
stones, plays them to lay them face up, and snaps whenever he can.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import cast

from parlour.engine import Action, Rng
from parlour.engine.players import Bot, Observation
from parlour.games.gauntlet import actions as A
from parlour.games.gauntlet.cards import BY_ID, CARDS, KIND_NUMBER, STONE_KINDS
from parlour.games.gauntlet.contracts import GauntletView

Dist = dict[int, float]
"""Probability of each card number."""


def _numbers(ids: Sequence[str]) -> list[int]:
    return [BY_ID[i].number for i in ids]


def _fight_ev(mine: int, theirs: Dist, loss: float = 1.0) -> float:
    """Chance to win minus ``loss`` times the chance to lose, against a distribution."""
    return sum(p * (1.0 if v < mine else -loss if v > mine else 0.0) for v, p in theirs.items())


def _shift(dist: Dist, bonus: int) -> Dist:
    return {v + bonus: p for v, p in dist.items()} if bonus else dist


class _Reading:
    """What the seat can infer from its view: distributions of unseen cards."""

    def __init__(self, view: GauntletView, seat: int) -> None:
        self.view = view
        self.seat = seat
        known = view["known"]
        self.hand = _numbers(view["hand"])
        self.tokens: list[int] = view["tokens"]
        seen: set[str] = set(view["hand"]) | set(view["looking"])
        for cards in view["faceup"]:
            seen.update(cards)
        seen.update(view["thanos_defeated"])
        seen.update(known["thanos_hand"])
        for cards in known["hands"].values():
            seen.update(cards)
        seen.update(c for _, c in known["hero_deck"])
        seen.update(c for _, c in known["thanos_deck"])
        self.hero_pool = Counter(c.number for c in CARDS if c.hero and c.id not in seen)
        unseen = [c for c in CARDS if not c.hero and c.id not in seen]
        self.thanos_pool = Counter(c.number for c in unseen)
        self.thanos_stones = Counter(c.number for c in unseen if c.stone)
        self.known_hands = {int(s): _numbers(c) for s, c in known["hands"].items()}
        self.known_thanos = _numbers(known["thanos_hand"])
        hero_hp = max(1, view["hero_health"])
        thanos_hp = max(1, view["thanos_health"])
        # A lost card costs one health of one's own team; weigh it by the teams' reserves.
        self.hero_loss = thanos_hp / hero_hp
        self.thanos_loss = hero_hp / thanos_hp
        stones_up = sum(BY_ID[c].stone for c in view["faceup"][0])
        self.urgency = 0.15 * stones_up

    def hero_card(self, seat: int) -> Dist:
        """The number a hero holds (one card), as a distribution."""
        if seat == self.seat and self.hand:
            return {self.hand[0]: 1.0}
        if self.known_hands.get(seat):
            return {self.known_hands[seat][0]: 1.0}
        total = sum(self.hero_pool.values()) or 1
        return {v: n / total for v, n in self.hero_pool.items()}

    def thanos_card(self) -> Dist:
        """The number of a random card from Thanos's hand."""
        size = self.view["hand_sizes"][0]
        if size == 0:
            return {}
        out: Dist = {}
        for v in self.known_thanos:
            out[v] = out.get(v, 0.0) + 1 / size
        rest = size - len(self.known_thanos)
        total = sum(self.thanos_pool.values())
        if rest > 0 and total:
            for v, n in self.thanos_pool.items():
                out[v] = out.get(v, 0.0) + rest / size * n / total
        return out

    def stone_share(self, number: int) -> float:
        """The share of unseen Thanos cards of ``number`` that are stones."""
        if number in self.known_thanos:
            return 0.0
        n = self.thanos_pool.get(number, 0)
        return self.thanos_stones.get(number, 0) / n if n else 0.0

    def thanos_holds(self, number: int) -> float:
        """The chance Thanos holds at least one card of ``number``."""
        if number in self.known_thanos:
            return 1.0
        rest = self.view["hand_sizes"][0] - len(self.known_thanos)
        total = sum(self.thanos_pool.values())
        if rest <= 0 or not total:
            return 0.0
        miss = 1.0
        n = self.thanos_pool.get(number, 0)
        for i in range(rest):
            miss *= max(0.0, (total - i - n) / max(1, total - i))
        return 1.0 - miss


class HeuristicBot(Bot):
    """Plays Thanos or a hero by expected values from public information and its own looks."""

    name = "heuristic"

    def act(self, obs: Observation, rng: Rng) -> Action:
        """The legal action with the best score (random among equals)."""
        if len(obs.legal) == 1:
            return obs.legal[0]
        read = _Reading(cast(GauntletView, obs.view), obs.seat)
        best: list[Action] = []
        top = float("-inf")
        for action in obs.legal:
            score = self._score(action, read)
            if score > top + 1e-9:
                top, best = score, [action]
            elif score > top - 1e-9:
                best.append(action)
        return best[rng.below(len(best))]

    # -- scoring --------------------------------------------------------------------------

    def _score(self, action: Action, r: _Reading) -> float:
        if action is A.SNAP:
            return 100.0
        if action is A.END:
            return 0.0
        if isinstance(action, A.HeroPlay):
            return self._hero_play(action, r)
        if isinstance(action, A.ThanosPlay):
            return self._thanos_play(action, r)
        if action is A.ACCEPT:
            return self._hero_fight(r, r.seat)
        if action is A.DECLINE:
            return 0.0
        if isinstance(action, A.PickKind):
            return self._pick(action, r)
        if isinstance(action, A.FightTarget):
            return self._thanos_fight(r, action.target, r.hand)
        if action is A.FIGHT_PASS:
            return 0.0
        if isinstance(action, A.Order):
            # Highest first: the next hero to draw gets the best fighter.
            looking = _numbers(r.view["looking"])
            return float(sum(looking[p] * (10 ** (3 - i)) for i, p in enumerate(action.positions)))
        if isinstance(action, A.Bottom):
            return -sum(self._keep_value(k) for k in action.kinds)
        return 0.0

    def _hero_fight(self, r: _Reading, hero: int) -> float:
        mine = r.hero_card(hero)
        theirs = _shift(r.thanos_card(), 2 if r.tokens[0] else 0)
        if not theirs:
            return 0.0
        bonus = 2 if r.tokens[hero] else 0
        return sum(p * _fight_ev(v + bonus, theirs, r.hero_loss) for v, p in mine.items())

    def _hero_play(self, action: A.HeroPlay, r: _Reading) -> float:
        n = action.number
        kept = list(r.hand)
        kept.remove(n)
        keep = kept[0] if kept else 0
        base = 0.04 * keep
        if n == 1:
            stone = r.stone_share(action.guess)
            return base + r.thanos_holds(action.guess) * (1.0 + r.urgency * stone)
        if n == 2:
            return base + (0.15 if r.view["hand_sizes"][0] > len(r.known_thanos) else 0.0)
        if n == 3:
            if not action.fight:
                return base
            theirs = _shift(r.thanos_card(), 2 if r.tokens[0] else 0)
            mine = keep + (2 if r.tokens[r.seat] else 0)
            ev = _fight_ev(mine, theirs, r.hero_loss) if theirs else 0.0
            return base + ev
        if n == 4:
            gets = action.target
            if gets == r.seat:
                return base + 0.1 + 0.03 * keep
            return base + 0.1 + (0.03 * 3.5 if r.tokens[gets] == 0 else 0.0)
        if n == 5:
            return base + 0.12
        # 6: the chosen hero may fight with their own card.
        if action.target == r.seat:
            theirs = _shift(r.thanos_card(), 2 if r.tokens[0] else 0)
            if not theirs:
                return base
            ev = _fight_ev(keep + (2 if r.tokens[r.seat] else 0), theirs, r.hero_loss)
            return base + max(0.0, ev)
        return base + max(0.0, self._hero_fight(r, action.target))

    def _keep_value(self, kind: str) -> float:
        """How much Thanos wants to keep a card in hand."""
        stone = kind in STONE_KINDS
        return KIND_NUMBER[kind] * 0.1 + (0.5 if stone else 0.0)

    def _thanos_fight(self, r: _Reading, hero: int, hand: Sequence[int]) -> float:
        if not hand:
            return 0.0
        theirs = _shift(r.hero_card(hero), 2 if r.tokens[hero] else 0)
        bonus = 2 if r.tokens[0] else 0
        return max(_fight_ev(v + bonus, theirs, r.thanos_loss) for v in hand)

    def _thanos_play(self, action: A.ThanosPlay, r: _Reading) -> float:
        kind = action.kind
        prompt = r.view["prompt"]
        hand_ids = list(r.view["hand"])
        if prompt == "play":
            played = next(i for i in hand_ids if BY_ID[i].effect == kind)
            hand_ids.remove(played)
            rest = [BY_ID[i].effect for i in hand_ids]
            base = sum(self._keep_value(k) for k in rest) * 0.2
            if BY_ID[played].stone:
                base += 0.3  # a played stone lies face up for good: progress to the snap
        else:
            base = 0.0
        hand = _numbers(hand_ids)
        return base + self._effect(action, r, hand)

    def _effect(self, action: A.ThanosPlay, r: _Reading, hand: list[int]) -> float:
        kind = action.kind
        heroes = range(1, len(r.view["hand_sizes"]))
        if kind == "outrider":
            return r.hero_card(action.target).get(action.guess, 0.0)
        if kind == "mind":
            return sum(r.hero_card(s).get(action.guess, 0.0) for s in heroes)
        if kind == "corvus":
            return sum(p for v, p in r.hero_card(action.target).items() if v <= 3)
        if kind == "soul":
            return sum(p for v, p in r.hero_card(action.target).items() if v >= 3)
        if kind == "dwarf":
            return 0.0 if action.target < 0 else self._thanos_fight(r, action.target, hand)
        if kind == "space":
            evs = sorted((self._thanos_fight(r, s, hand) for s in heroes), reverse=True)
            return sum(max(0.0, e) for e in evs[:2]) if len(evs) > 1 else 2 * max(0.0, evs[0])
        if kind == "proxima":
            return 0.25
        if kind == "power":
            return 0.6
        if kind in ("ebony", "reality"):
            return 0.15
        if kind == "time":
            if not action.copy:
                return 0.0
            best = 0.0
            seats = len(r.view["hand_sizes"])
            for a in A.THANOS_PLAYS.get(action.copy, []):
                if a.target < seats:
                    best = max(best, self._effect(a, r, hand))
            return best * 0.95
        return 0.0

    def _pick(self, action: A.PickKind, r: _Reading) -> float:
        if action.verb == "defeat":
            # Lose the card Thanos values least.
            return -self._keep_value(action.kind)
        target = r.view["pending"].get("target", 1)
        theirs = _shift(r.hero_card(target), 2 if r.tokens[target] else 0)
        bonus = 2 if r.tokens[0] else 0
        v = KIND_NUMBER[action.kind]
        ev = _fight_ev(v + bonus, theirs, r.thanos_loss)
        return ev - 0.05 * self._keep_value(action.kind)
