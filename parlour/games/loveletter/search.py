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


class LoveLetterHints:
    """Love Letter's :class:`parlour.bots.ismcts.SearchHints`."""

    def stop(self, state: State) -> bool:
        """A new round has been dealt: nobody has discarded yet (LL-SETUP-3)."""
        st: LoveLetterState = state  # type: ignore[assignment]
        return not any(st.discards)

    def value(self, state: State, seat: int) -> float:
        """The seat's chance to win the game from the tokens (LL-GAME-1)."""
        st: LoveLetterState = state  # type: ignore[assignment]
        target = st.target
        needed = tuple(max(1, target - t) for t in st.tokens)
        return win_chances(needed)[seat]

    def rollout_action(self, state: State, rng: Rng) -> Action:
        """A random legal move, but never the Princess by choice."""
        legal = state.legal_actions()
        if len(legal) > 1:
            keep = [a for a in legal if not (isinstance(a, Play) and a.effect == "princess")]
            if keep:
                legal = keep
        return legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]


SEARCH_HINTS = LoveLetterHints()
"""The hints the search bot looks up (``SEARCH_HINTS`` of the package, once re-exported)."""
