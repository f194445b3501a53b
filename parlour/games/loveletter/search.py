"""Search hints for Love Letter: end rollouts with the round and value the tokens.

A game lasts many rounds and a round's cards tell nothing about the next one (LL-RULING-2),
so search looks one round ahead: a rollout stops when a new round has been dealt and the
position is worth the chance of winning the game from the tokens, as if every later round
went to a player chosen at random. Rollouts never play the Princess by choice
(LL-CARD-PRINCESS: it knocks its player out).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from parlour.engine import Action, Rng, State
from parlour.games.loveletter.actions import Play

if TYPE_CHECKING:
    from parlour.games.loveletter.rules import LoveLetterState


@lru_cache(maxsize=65536)
def win_chances(needed: tuple[int, ...]) -> tuple[float, ...]:
    """Each seat's chance to be first to its target when every round's winner is uniform.

    ``needed[s]`` is how many tokens seat ``s`` still lacks (at least 1 for everyone).
    """
    n = len(needed)
    out = [0.0] * n
    for winner in range(n):
        if needed[winner] == 1:
            out[winner] += 1.0 / n
            continue
        rest = win_chances(tuple(k - (s == winner) for s, k in enumerate(needed)))
        for s in range(n):
            out[s] += rest[s] / n
    return tuple(out)


@lru_cache(maxsize=65536)
def _round_range(before: tuple[int, ...], target: int, seat: int) -> tuple[float, float]:
    """A seat's least and greatest chance to win the game after one more round is won."""
    chances = []
    for winner in range(len(before)):
        tokens = [t + (s == winner) for s, t in enumerate(before)]
        if tokens[winner] >= target:
            chances.append(1.0 if winner == seat else 0.0)
        else:
            chances.append(win_chances(tuple(max(1, target - t) for t in tokens))[seat])
    return min(chances), max(chances)


class LoveLetterHints:
    """Love Letter's :class:`parlour.bots.ismcts.SearchHints`."""

    def stop(self, state: State) -> bool:
        """A new round has been dealt: nobody has discarded yet (LL-SETUP-3)."""
        st: LoveLetterState = state  # type: ignore[assignment]
        return not any(st.discards)

    def value(self, state: State, seat: int) -> float:
        """The seat's chance to win the game from the tokens (LL-GAME-1), on the round's scale.

        One round moves that chance little (from 0.5 to about 0.6 early in a 2-player game),
        which would drown the search's signal in its exploration; so the chance is rescaled
        between the worst and the best the round just played could have given the seat: 1 for
        winning it, 0 for the rival whose win hurts most. The order of outcomes is kept.
        """
        st: LoveLetterState = state  # type: ignore[assignment]
        target = st.target
        now = win_chances(tuple(max(1, target - t) for t in st.tokens))[seat]
        if st.last_round is None:
            return now
        winners = st.last_round[1]
        before = tuple(t - (s in winners) for s, t in enumerate(st.tokens))
        low, high = _round_range(before, target, seat)
        if high - low <= 1e-9:
            return now
        return min(1.0, max(0.0, (now - low) / (high - low)))

    def rollout_action(self, state: State, rng: Rng) -> Action:
        """A Guard naming a hand the player knows, else a random legal move but the Princess."""
        legal = state.legal_actions()
        if len(legal) > 1:
            aimed = _guard_on_known(state, legal)  # type: ignore[arg-type]
            if aimed is not None:
                return aimed
            keep = [a for a in legal if not (isinstance(a, Play) and a.effect == "princess")]
            if keep:
                legal = keep
        return legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]


def _guard_on_known(state: LoveLetterState, legal: list[Action]) -> Action | None:
    """A legal Guard that names the card of a hand its player knows (LL-CARD-GUARD), if any.

    Every player plays it (the heuristic does), so rollouts must too: a hand that was looked
    at is in danger, and the search learns to expect it.
    """
    n = state.players
    actor = state.actor
    if state.to_act != actor:
        return None
    row = state.known[actor * n : actor * n + n]
    for t in range(n):
        if t == actor or row[t] < 0 or row[t] != state.hv[t] or state.hand[t] < 0:
            continue
        value = state.values[state.hand[t]]
        for action in legal:
            if (
                isinstance(action, Play)
                and action.effect == "guard"
                and action.targets == (t,)
                and action.guess == value
            ):
                return action
    return None


SEARCH_HINTS = LoveLetterHints()
"""The hints the search bot looks up (``SEARCH_HINTS`` of the package, once re-exported)."""
