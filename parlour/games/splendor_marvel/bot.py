"""A heuristic Splendor Marvel bot: greedy engine building towards the Infinity Gauntlet.

It sees only its observation (its view and the legal actions) plus the public card data.
Each turn it values every visible card for itself — points, a bonus colour it still lacks
(the Gauntlet needs all five), the green token that only a first tier-3 card brings,
Avengers tags when they can win the Avengers Assemble card, bonuses that bring a location
or the cards it is aiming at closer — then recruits the best card it can pay (spending as
few grey tokens as possible), else takes the tokens that bring its best target nearest,
reserves a card another seat could complete the Gauntlet with, and reserves a strong card
(for the grey token) when tokens no longer help.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from parlour.engine import Action, Rng
from parlour.engine.players import Bot, Observation
from parlour.games.splendor_marvel.actions import (
    Recruit,
    Reserve,
    Return,
    Take,
    TakeLocation,
    TakeTwo,
)
from parlour.games.splendor_marvel.cards import (
    AVENGERS_TAGS,
    CARD_BY_ID,
    COLOURS,
    FACE_BY_ID,
    GREY,
    TOKEN_KINDS,
    Card,
)
from parlour.games.splendor_marvel.contracts import SplendorMarvelView


class _Me:
    """The bot's own position, read from its view."""

    def __init__(self, view: SplendorMarvelView, seat: int) -> None:
        info = view["seats"][seat]
        self.tokens: list[int] = [info["tokens"][k] for k in TOKEN_KINDS]
        self.bonus: list[int] = [info["bonuses"][c] for c in COLOURS]
        self.points: int = info["points"]
        self.tags: int = info["tags"]
        self.cards = len(info["cards"])
        self.reserved: list[str | None] = [r["card"] for r in info["reserved"]]
        self.green = self.tokens[5] > 0
        holder = view["avengers"]
        self.holder_tags = -1 if holder is None else view["seats"][holder]["tags"]
        self.holds_avengers = holder == seat
        self.locations = [FACE_BY_ID[f] for f in view["locations"]]

    def shortfall(self, card: Card) -> int:
        """Tokens still missing to pay ``card`` (grey counted as wild)."""
        missing = sum(
            max(0, card.cost[c] - self.bonus[c] - self.tokens[c]) for c in range(len(COLOURS))
        )
        return max(0, missing - self.tokens[GREY])

    def needs(self, card: Card) -> list[int]:
        """Coloured tokens still missing per colour (grey ignored)."""
        return [max(0, card.cost[c] - self.bonus[c] - self.tokens[c]) for c in range(5)]

    def value(self, card: Card) -> float:
        """How much recruiting ``card`` is worth to this player now."""
        engine = max(0.0, 1.0 - self.cards / 12)
        # The closer to 16 points, the more the Gauntlet's other parts matter.
        urgency = 0.4 * max(0, self.points - 8)
        v = float(card.points)
        if self.bonus[card.bonus] == 0:
            v += 1.2 + urgency
        v += engine * 1.0
        if card.time_stone and not self.green:
            v += 3.0 + urgency
        if card.avengers and not self.holds_avengers:
            target = max(AVENGERS_TAGS, self.holder_tags + 1)
            if self.tags + card.avengers >= target:
                v += 2.5
            else:
                v += 0.4 * card.avengers
        for face in self.locations:
            gap = sum(max(0, face.requires[c] - self.bonus[c]) for c in range(5))
            if face.requires[card.bonus] > self.bonus[card.bonus]:
                v += 3.0 if gap == 1 else 0.6 / gap
        return v


class HeuristicBot(Bot):
    """Greedy engine builder aiming at the Infinity Gauntlet condition."""

    name = "heuristic"

    def act(self, obs: Observation, rng: Rng) -> Action:
        """Choose one of ``obs.legal``."""
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        view = cast(SplendorMarvelView, obs.view)
        me = _Me(view, obs.seat)
        prompt = view["prompt"]
        if prompt == "choose_location":
            return next(a for a in legal if isinstance(a, TakeLocation))
        targets = self._targets(view, me)
        if prompt == "return_tokens":
            return self._return(legal, me, targets)
        return self._play(legal, view, me, targets, rng)

    @staticmethod
    def _card_of(action: Recruit | Reserve, view: SplendorMarvelView, me: _Me) -> Card | None:
        if isinstance(action, Recruit) and action.tier == 0:
            card_id = me.reserved[action.slot]
        elif action.slot is None:
            return None
        else:
            card_id = view["display"][action.tier - 1][action.slot]
        return None if card_id is None else CARD_BY_ID[card_id]

    @staticmethod
    def _targets(view: SplendorMarvelView, me: _Me) -> list[tuple[float, Card]]:
        """Visible cards worth aiming at, best first (value discounted by distance)."""
        cards = [CARD_BY_ID[c] for row in view["display"] for c in row if c is not None]
        cards += [CARD_BY_ID[c] for c in me.reserved if c is not None]
        scored = [(me.value(c) / (1.0 + me.shortfall(c) / 2.5), c) for c in cards]
        scored.sort(key=lambda x: (-x[0], x[1].index))
        return scored

    def _play(
        self,
        legal: Sequence[Action],
        view: SplendorMarvelView,
        me: _Me,
        targets: list[tuple[float, Card]],
        rng: Rng,
    ) -> Action:
        best: tuple[float, int, Action] | None = None
        for a in legal:
            if isinstance(a, Recruit):
                card = self._card_of(a, view, me)
                if card is None:
                    continue
                key = (me.value(card), -sum(a.grey), a)
                if best is None or key[:2] > best[:2]:
                    best = key
        if best is not None and (best[0] >= 1.0 or not targets or best[0] >= targets[0][0]):
            return best[2]
        deny = self._denial(legal, view, me)
        if deny is not None:
            return deny
        if targets and me.shortfall(targets[0][1]) >= 3 and len(me.reserved) < 2:
            # Secure a distant strong target (and a wild grey token) by reserving it.
            goal = targets[0][1]
            for a in legal:
                if isinstance(a, Reserve) and self._card_of(a, view, me) is goal:
                    return a
        take = self._best_take(legal, me, targets)
        if take is not None:
            return take
        reserves = [a for a in legal if isinstance(a, Reserve) and a.slot is not None]
        if reserves:
            return max(reserves, key=lambda a: self._reserve_value(a, view, me))
        if best is not None:
            return best[2]
        takes: list[Action] = [a for a in legal if isinstance(a, Take | TakeTwo)]
        pool = takes or list(legal)
        return pool[rng.below(len(pool))]

    def _denial(self, legal: Sequence[Action], view: SplendorMarvelView, me: _Me) -> Action | None:
        """Reserve a display card that would let another seat complete the Gauntlet now."""
        reserves = [a for a in legal if isinstance(a, Reserve) and a.slot is not None]
        if not reserves:
            return None
        for seat, info in enumerate(view["seats"]):
            if seat == view["seat"]:
                continue
            bonus = [info["bonuses"][c] for c in COLOURS]
            tokens = [info["tokens"][c] for c in COLOURS]
            for action in reserves:
                card = self._card_of(action, view, me)
                if card is None or info["points"] + card.points < 16:
                    continue
                missing = sum(max(0, card.cost[c] - bonus[c] - tokens[c]) for c in range(5))
                colours = sum(1 for c in range(5) if bonus[c] or c == card.bonus)
                green = info["tokens"]["green"] > 0 or card.time_stone
                if missing <= info["tokens"]["grey"] and colours == 5 and green:
                    return action
        return None

    def _reserve_value(self, action: Reserve, view: SplendorMarvelView, me: _Me) -> float:
        card = self._card_of(action, view, me)
        return -1.0 if card is None else me.value(card)

    @staticmethod
    def _best_take(
        legal: Sequence[Action], me: _Me, targets: list[tuple[float, Card]]
    ) -> Action | None:
        """The take that most reduces what the top targets still need (None if none helps)."""
        weights = [1.0, 0.5, 0.25]
        needs = [(w, me.needs(card)) for w, (_, card) in zip(weights, targets, strict=False)]
        room = 10 - sum(me.tokens)
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, Take):
                gain = [1 if c in a.colours else 0 for c in range(5)]
            elif isinstance(a, TakeTwo):
                gain = [2 if c == a.colour else 0 for c in range(5)]
            else:
                continue
            score = 0.0
            for w, need in needs:
                score += w * sum(min(g, n) for g, n in zip(gain, need, strict=True))
            score -= 0.3 * max(0, sum(gain) - room)
            score += 0.01 * sum(gain)
            if best is None or score > best[0]:
                best = (score, a)
        if best is None or best[0] <= 0.05:
            return None
        return best[1]

    @staticmethod
    def _return(legal: Sequence[Action], me: _Me, targets: list[tuple[float, Card]]) -> Action:
        """Give back the token the targets need least (grey last: it pays for anything)."""
        need = [0.0] * 7
        for w, (_, card) in zip([1.0, 0.5, 0.25], targets, strict=False):
            for c in range(5):
                need[c] += w * max(0, card.cost[c] - me.bonus[c])
        need[GREY] = 99.0
        returns = [a for a in legal if isinstance(a, Return)]
        return min(returns, key=lambda a: (need[a.kind] - 0.1 * me.tokens[a.kind], a.kind))
