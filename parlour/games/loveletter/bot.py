"""A heuristic Love Letter bot: card counting from its view, sensible targets, no suicide.

It sees only its :class:`Observation` (the view and the legal actions): the unseen cards are
the deck minus its hand, every discard pile, the face-up cards and the hands it knows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import cast

from parlour.engine import Action, Rng
from parlour.engine.players import Bot, Observation
from parlour.games.loveletter.actions import Decide, Look, Play, Return
from parlour.games.loveletter.cards import EFFECT, TABLES, Edition
from parlour.games.loveletter.contracts import LoveLetterView


class _Table:
    """What the bot reads off a view."""

    def __init__(self, view: LoveLetterView, seat: int) -> None:
        self.ed: Edition = TABLES[view["edition"]]
        self.seat = seat
        self.value = dict(zip(self.ed.ids, self.ed.values, strict=True))
        self.hand: list[str] = list(view["hand"])
        self.known: dict[int, str] = {int(t): c for t, c in view["known"].items()}
        self.tokens: list[int] = list(view["tokens"])
        self.pile: int = view["pile"]
        unseen = Counter(dict(zip(self.ed.ids, self.ed.counts, strict=True)))
        seen = [*self.hand, *view["face_up"], *self.known.values()]
        seen += [c for pile in view["discards"] for c in pile]
        for card in seen:
            unseen[card] -= 1
        self.unseen: dict[str, int] = +unseen
        self.total = max(1, sum(self.unseen.values()))
        self.by_value: list[int] | None = None

    def chance_value(self, target: int, low: int, high: int) -> float:
        """The probability that ``target``'s hand has a value from ``low`` to ``high``."""
        if target in self.known:
            return 1.0 if low <= self.value[self.known[target]] <= high else 0.0
        counts = self.by_value
        if counts is None:
            counts = [0] * (max(self.value.values()) + 1)
            for card, n in self.unseen.items():
                counts[self.value[card]] += n
            self.by_value = counts
        return sum(counts[max(low, 0) : high + 1]) / self.total

    def chance_card(self, target: int, card: str) -> float:
        """The probability that ``target``'s hand is ``card``."""
        if target in self.known:
            return 1.0 if self.known[target] == card else 0.0
        return self.unseen.get(card, 0) / self.total

    def lead(self, target: int) -> float:
        """A small bonus for hurting the player closest to winning."""
        return 0.5 * self.tokens[target]


def _score(play: Play, table: _Table) -> float:
    """How good a play looks (higher is better)."""
    held = list(table.hand)
    held.remove(play.card)
    kept = held[0] if held else play.card
    kept_value = table.value[kept]
    eff = play.effect
    t = play.targets[0] if play.targets else -1
    # The card kept matters more as the pile runs out (the showdown draws near).
    score = kept_value * (0.3 + 2.0 / (1 + table.pile))
    if eff == "princess":
        return -1000.0
    if eff == "assassin":
        return score - 6
    if EFFECT[eff].names_value and t >= 0:
        g = play.guess
        p = table.chance_value(t, g, g) if g is not None else 0.0
        gain = 60 if eff == "guard" else 40
        score += p * gain + table.lead(t)
        if eff == "guard":  # LL-CARD-ASSASSIN: a Guard on its holder knocks us out
            score -= 80 * table.chance_card(t, "assassin")
    elif eff in ("priest", "baroness") and t >= 0:
        unknown = [s for s in play.targets if s not in table.known]
        score += 4 * len(unknown) + table.lead(t) * 0.2
    elif eff in ("baron", "dowager") and t >= 0:
        win = table.chance_value(t, 0, kept_value - 1)
        lose = table.chance_value(t, kept_value + 1, 99)
        if eff == "dowager":
            win, lose = lose, win
        score += 40 * (win - lose) + table.lead(t)
    elif eff == "prince" and t >= 0:
        if t == table.seat:
            score += -1000 if kept == "princess" else -3 - kept_value + 4.5
        else:
            score += 60 * table.chance_card(t, "princess") + 2 + table.lead(t)
    elif eff == "king" and t >= 0:
        theirs = sum(table.value[c] * n for c, n in table.unseen.items()) / table.total
        if t in table.known:
            theirs = float(table.value[table.known[t]])
        score += (theirs - kept_value) * 1.5 - kept_value * (0.3 + 2.0 / (1 + table.pile))
        score += theirs * (0.3 + 2.0 / (1 + table.pile))
    elif eff == "handmaid":
        score += 6 + kept_value * 0.5
    elif eff in ("constable", "count", "spy"):
        score += 5
    elif eff == "jester" and t >= 0:
        score += (
            2 + table.tokens[t] * 0.1 + (table.value[table.known[t]] if t in table.known else 0)
        )
    elif eff == "sycophant":
        score += 1
    elif eff == "cardinal" and play.targets:
        score += 0 if table.seat in play.targets else 1
    elif eff == "chancellor":
        score += 4
    elif eff == "countess":
        score += 2
    elif not play.targets:
        score += 1  # a targeted card with no effect: discarding it is harmless
    return score


class HeuristicBot(Bot):
    """Counts cards, guesses well with the Guard, keeps the Princess, picks sensible targets."""

    name = "heuristic"

    def act(self, obs: Observation, rng: Rng) -> Action:
        """The best-scored legal action (ties broken at random)."""
        return choose(_Table(cast(LoveLetterView, obs.view), obs.seat), obs.legal, rng)


def choose(table: _Table, legal: Sequence[Action], rng: Rng) -> Action:
    """The heuristic's answer to any prompt, from what ``table`` says the seat knows."""
    first = legal[0]
    if isinstance(first, Decide):
        card = table.hand[0] if table.hand else ""
        keep = card == "princess" or table.value.get(card, 0) >= 6
        return next(a for a in legal if isinstance(a, Decide) and a.discard != keep)
    if isinstance(first, Return):
        return max(
            legal,
            key=lambda a: table.value[a.keep] if isinstance(a, Return) else -1,
        )
    if isinstance(first, Look):
        looks = [a for a in legal if isinstance(a, Look) and a.seat is not None]
        return looks[0] if looks else first
    best: list[Action] = []
    top = float("-inf")
    for action in legal:
        s = _score(action, table) if isinstance(action, Play) else 0.0
        if s > top + 1e-9:
            top, best = s, [action]
        elif abs(s - top) <= 1e-9:
            best.append(action)
    return best[rng.below(len(best))]


def make_heuristic(arg: str | None) -> Bot:
    """The registry factory (``heuristic``; no argument)."""
    del arg
    return HeuristicBot()
