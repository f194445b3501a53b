"""Search hints for Love Letter: end rollouts with the round and value the tokens.

A game lasts many rounds and a round's cards tell nothing about the next one (LL-RULING-2),
so search looks one round ahead: a rollout stops when a new round has been dealt and the
position is worth the chance of winning the game from the tokens (every token, whatever
won it), as if every later round went to a player chosen at random. Rollouts never play
the Princess by choice (LL-CARD-PRINCESS: it knocks its player out).

The model of how players move (``player_model``, used by the hard bot) is the heuristic bot
itself, read straight off the state as its actor knows it. Under that model a sampled world
is the more plausible the likelier the other players' plays were with the hands it gives
them: every hand kept while a card was played (a ``KEPT`` fact) is weighed by the chance
that the heuristic would have played that card rather than the one kept.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from functools import lru_cache
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from parlour.engine import Action, Rng, State
from parlour.games.loveletter.actions import Play
from parlour.games.loveletter.bot import _score, _Table, choose
from parlour.games.loveletter.cards import TABLES
from parlour.games.loveletter.legal import legal_tables
from parlour.games.loveletter.state import KEPT, BishopPending, LoveLetterState
from parlour.games.loveletter.views import held_cards, info_key, known_hands

if TYPE_CHECKING:
    from parlour.games.loveletter.game import LoveLetterPlay


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


# A test subclasses the hints to record what search asks of them.
@mypyc_attr(allow_interpreted_subclasses=True)
class LoveLetterHints:
    """Love Letter's :class:`parlour.bots.ismcts.SearchHints`."""

    def stop(self, state: State) -> bool:
        """A new round has been dealt: nobody has discarded yet (LL-SETUP-3)."""
        st: LoveLetterState = state  # type: ignore[assignment]
        return not any(st.discards)

    def value(self, state: State, seat: int) -> float:
        """The seat's chance to win the game from the tokens (LL-GAME-1), every token counted
        whatever won it (a round, a Bishop, a Spy, a Jester, a Constable: LL-GAME-3)."""
        return self.values(state)[seat]

    def values(self, state: State) -> tuple[float, ...]:
        """Every seat's :meth:`value` at once (a rollout scores all seats where it stops)."""
        st: LoveLetterState = state  # type: ignore[assignment]
        return game_chances(tuple(st.tokens), st.target)

    def reward_scale(self, state: State, seat: int) -> float:
        """How far one round can move the seat's chance from the root: search explores on
        that scale (a round moves the chance from 0.5 to about 0.6 early in a 2-player game,
        which an exploration made for rewards spread over [0, 1] would drown)."""
        st: LoveLetterState = state  # type: ignore[assignment]
        low, high = _round_range(tuple(st.tokens), st.target, seat)
        return max(MIN_REWARD_SCALE, high - low)

    def sensible(self, state: State, seat: int) -> list[Action]:
        """The seat's options but the guesses no strong player makes (LL-CARD-GUARD,
        LL-CARD-BISHOP): a value whose every copy is in sight (in its hand, a discard pile,
        face up, a hand it knows), or another value than the one it knows the target holds.
        Reads only what ``seat`` knows."""
        st: LoveLetterState = state  # type: ignore[assignment]
        legal = list(st.legal_actions())
        values = st.values
        seen: dict[int, int] = {}
        known = known_hands(st, seat)
        shown = [*held_cards(st, seat), *st.face_up, *known.values()]
        for pile in st.discards:
            shown += pile
        for k in shown:
            seen[values[k]] = seen.get(values[k], 0) + 1
        copies: dict[int, int] = {}
        for k, count in enumerate(st.ed.counts):
            copies[values[k]] = copies.get(values[k], 0) + count
        named = {
            (a.targets[0], a.guess)
            for a in legal
            if isinstance(a, Play) and a.guess is not None and len(a.targets) == 1
        }
        keep: list[Action] = []
        for a in legal:
            if isinstance(a, Play) and a.guess is not None and len(a.targets) == 1:
                if seen.get(a.guess, 0) >= copies.get(a.guess, 0):
                    continue  # every copy in sight: the guess cannot be right
                held = known.get(a.targets[0], -1)
                if (
                    held >= 0
                    and held != st.k_assassin
                    and values[held] != a.guess
                    and (a.targets[0], values[held]) in named
                ):
                    continue  # the target's card is known: name it
            keep.append(a)
        return keep or legal

    def infoset_key(self, state: State, seat: int) -> Hashable:
        """The seat's information set, equal exactly when its views are (see ``info_key``)."""
        return info_key(state, seat)  # type: ignore[arg-type]

    def plausibility(self, state: State, seat: int) -> float:
        """How likely the other players' plays were, had they held the sampled hands.

        For every hand kept while a card was played (a ``KEPT`` fact still true), the chance
        that the heuristic would have played that card rather than the kept one, softened so
        that no world is ruled out but by the rules (a King or Prince played beside the
        Countess, LL-CARD-COUNTESS).
        """
        st: LoveLetterState = state  # type: ignore[assignment]
        weight = 1.0
        hv, hand = st.hv, st.hand
        public: tuple[object, ...] | None = None
        for kind, t, version, played, _ in st.facts:
            if kind == KEPT and t != seat and hv[t] == version and hand[t] >= 0:
                if public is None:
                    public = _public(st)
                weight *= _kept_likelihood(st, t, played, public)
        return weight

    def player_model(self, state: State, rng: Rng) -> Action:
        """How a player is expected to move: as the heuristic bot would, knowing what it knows."""
        return heuristic_action(state, rng)

    def rollout_action(self, state: State, rng: Rng) -> Action:
        """A Guard naming a hand the player knows, else a random legal move but the Princess."""
        st: LoveLetterPlay = state  # type: ignore[assignment]
        legal = st._legal_now()
        if len(legal) == 1:
            return legal[0]
        keep, guards = _rollout_choices(legal)
        if guards:
            aimed = _guard_on_known(st, guards)
            if aimed is not None:
                return aimed
        return keep[rng.below(len(keep))] if len(keep) > 1 else keep[0]


MIN_REWARD_SCALE = 0.02
"""The least exploration scale (a round that can hardly change the game still explores)."""


@lru_cache(maxsize=65536)
def game_chances(tokens: tuple[int, ...], target: int) -> tuple[float, ...]:
    """Every seat's chance to win the game from the tokens: 1 and 0 once someone has reached
    the target (shared: 1 for each), else :func:`win_chances` of what each still lacks."""
    if max(tokens) >= target:
        return tuple(1.0 if t >= target else 0.0 for t in tokens)
    return win_chances(tuple(target - t for t in tokens))


ROLLOUT_CACHE = 4096
"""How many legal-answer tuples' rollout choices are kept (emptied when full; the answers of
the play prompt are themselves cached per configuration, so a search meets few)."""
_ROLLOUT: dict[int, tuple[tuple[Action, ...], tuple[Action, ...], dict[tuple[int, int], Action]]]
_ROLLOUT = {}


def _rollout_choices(
    legal: tuple[Action, ...],
) -> tuple[tuple[Action, ...], dict[tuple[int, int], Action]]:
    """A legal answer's moves but the Princess (all of them if nothing else) and its Guards.

    The Guards by (target, value named), the first in legal order; kept by the answer's
    identity (the entry holds the answer, so its ``id`` cannot be reused meanwhile).
    """
    found = _ROLLOUT.get(id(legal))
    if found is not None and found[0] is legal:
        return found[1], found[2]
    keep = tuple(a for a in legal if not (isinstance(a, Play) and a.effect == "princess"))
    guards: dict[tuple[int, int], Action] = {}
    for a in legal:
        if (
            isinstance(a, Play)
            and a.effect == "guard"
            and a.guess is not None
            and len(a.targets) == 1
        ):
            guards.setdefault((a.targets[0], a.guess), a)
    if len(_ROLLOUT) >= ROLLOUT_CACHE:
        _ROLLOUT.clear()
    _ROLLOUT[id(legal)] = (legal, keep or legal, guards)
    return keep or legal, guards


def _guard_on_known(state: LoveLetterState, guards: dict[tuple[int, int], Action]) -> Action | None:
    """A legal Guard that names the card of a hand its player knows (LL-CARD-GUARD), if any.

    Every player plays it (the heuristic does), so rollouts must too: a hand that was looked
    at is in danger, and the search learns to expect it. ``guards``: the legal Guards by
    target and value named.
    """
    n = state.players
    actor = state.actor
    if state.to_act != actor:
        return None
    row = state.known[actor * n : actor * n + n]
    hv, hand, values = state.hv, state.hand, state.values
    for t in range(n):
        if t == actor or row[t] < 0 or row[t] != hv[t] or hand[t] < 0:
            continue
        aimed = guards.get((t, values[hand[t]]))
        if aimed is not None:
            return aimed
    return None


class _StateTable(_Table):
    """The heuristic's table read straight off a (sampled) state, as its actor knows it.

    The same facts the view gives the actor: its hand, the hands it knows, every discard
    and face-up card, the tokens and the pile's size; no view is built (search plays
    thousands of moves a second this way).
    """

    def __init__(
        self, state: LoveLetterState, seat: int = -1, held: list[int] | None = None, skip: int = -1
    ) -> None:
        """Read the table of ``seat`` holding ``held`` (by default: the seat to answer the
        current prompt, holding its cards), ``skip`` a discard not yet made."""
        if seat < 0:
            pending = state.pending
            seat = pending.target if isinstance(pending, BishopPending) else state.actor
        _fill(self, state, seat, held_cards(state, seat) if held is None else held, skip)


def _fill(
    table: _Table, state: LoveLetterState, seat: int, held: list[int], skip: int = -1
) -> None:
    """Set ``table`` to what ``seat`` knows holding ``held`` (``skip``: a discard not yet made)."""
    ed = state.ed
    ids = ed.ids
    table.ed = ed
    table.seat = seat
    table.value = _values(ed.name)
    table.hand = [ids[k] for k in held]
    known = known_hands(state, seat)
    table.known = {t: ids[k] for t, k in known.items()}
    table.tokens = state.tokens
    table.pile = len(state.pile)
    unseen = list(ed.counts)
    for k in held:
        unseen[k] -= 1
    for k in state.face_up:
        unseen[k] -= 1
    for k in known.values():
        unseen[k] -= 1
    for pile in state.discards:
        for k in pile:
            unseen[k] -= 1
    if skip >= 0:
        unseen[skip] += 1
    table.unseen = {ids[k]: c for k, c in enumerate(unseen) if c > 0}
    table.total = max(1, sum(c for c in unseen if c > 0))
    table.by_value = None


PLAY_NOISE = 0.15
"""The share of plays a model of other players expects to be anything (not the heuristic's)."""
PLAY_TEMPERATURE = 4.0
"""How sharply a model of other players prefers the better-scored card (in score points)."""
LIKELIHOOD_CACHE = 4096
"""How many computed likelihoods are kept (the cache is emptied when full; one search
needs a few hundred at most: seats × kept cards × what those seats know)."""
_LIKELIHOODS: dict[tuple[object, ...], float] = {}


def _public(state: LoveLetterState) -> tuple[object, ...]:
    """What every seat sees that a likelihood reads: edition, tokens, pile, cards shown."""
    return (
        state.ed.name,
        tuple(state.tokens),
        len(state.pile),
        tuple(state.face_up),
        tuple(map(tuple, state.discards)),
    )


def _kept_likelihood(
    state: LoveLetterState, t: int, played: int, public: tuple[object, ...]
) -> float:
    """The chance ``t`` played ``played`` rather than its current hand, holding both.

    ``public``: the state's :func:`_public` part (one per world, shared by its seats).
    """
    kept = state.hand[t]
    if kept == played:
        return 1.0
    others = state.alive & ~state.prot & ~(1 << t)
    # Sampled worlds of one search share their public part: the answer is cached by
    # everything it reads (so a cached answer is the one a fresh computation would give).
    n = state.players
    row = state.known[t * n : t * n + n]
    hv, hand = state.hv, state.hand
    known = tuple(
        (s, hand[s])
        for s in range(n)
        if s != t and row[s] >= 0 and row[s] == hv[s] and hand[s] >= 0
    )
    key = (public, t, played, kept, others, known)
    found = _LIKELIHOODS.get(key)
    if found is not None:
        return found
    if len(_LIKELIHOODS) >= LIKELIHOOD_CACHE:
        _LIKELIHOODS.clear()
    found = _LIKELIHOODS[key] = _likelihood(state, t, played, kept, others)
    return found


def _likelihood(state: LoveLetterState, t: int, played: int, kept: int, others: int) -> float:
    legal = legal_tables(state.ed.name, state.players).play_legal(kept, played, t, others, -1)
    ids = state.ed.ids
    mine, theirs = ids[played], ids[kept]
    if not any(isinstance(a, Play) and a.card == mine for a in legal):
        return 0.0  # the rules forbade that play beside this hand
    table = _StateTable(state, t, [played, kept], skip=played)
    best = {mine: -1e9, theirs: -1e9}
    # A named value's score only grows with its chance, so of each card's guesses at one
    # player only the likeliest needs scoring (a premium Guard names one of ten values).
    likeliest: dict[tuple[str, tuple[int, ...]], tuple[float, Play]] = {}
    for action in legal:
        if not isinstance(action, Play):
            continue
        if action.guess is not None and action.targets:
            chance = table.chance_value(action.targets[0], action.guess, action.guess)
            group = (action.card, action.targets)
            seen = likeliest.get(group)
            if seen is None or chance > seen[0]:
                likeliest[group] = (chance, action)
            continue
        best[action.card] = max(best[action.card], _score(action, table))
    for _, action in likeliest.values():
        best[action.card] = max(best[action.card], _score(action, table))
    if best[theirs] <= -1e9:
        return 1.0
    gap = max(-50.0, min(50.0, (best[mine] - best[theirs]) / PLAY_TEMPERATURE))
    return PLAY_NOISE * 0.5 + (1.0 - PLAY_NOISE) / (1.0 + math.exp(-gap))


@lru_cache(maxsize=8)
def _values(edition: str) -> dict[str, int]:
    ed = TABLES[edition]
    return dict(zip(ed.ids, ed.values, strict=True))


def heuristic_action(state: State, rng: Rng) -> Action:
    """The heuristic bot's move in a (sampled) state, from its actor's knowledge only."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return choose(_StateTable(state), legal, rng)  # type: ignore[arg-type]


SEARCH_HINTS = LoveLetterHints()
"""The hints the search bot looks up (``SEARCH_HINTS`` of the package, once re-exported)."""
