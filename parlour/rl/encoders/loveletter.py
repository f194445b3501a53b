"""# Love Letter observations (``loveletter``)

| Editions           | classic (2-4 players), premium (5-8), 2019 (2-6)              |
|--------------------|----------------------------------------------------------------|
| Observation        | float32 vector in [0, 1], size depending on edition and players |
| Actions            | the configuration's action space (classic 2 players: 32 actions) |
| Round reward       | yes: tokens of affection (``reward="round"``)                  |

Built only from the seat's view (``state.view(seat)``): the seat's own hand and
still-valid private knowledge (a hand it looked at or was told), and the public table. The
environments ask for the same vector straight from the state (``encode_state``), which reads
it through the view's own knowledge functions without building the view; it is tested to
equal the view's vector, byte for byte, on every prompt of every edition.

### Observation Space

Seats are in absolute order (``p0``, ``p1``...: the same numbers the actions use), the
observer marked by ``me``. Card kinds are the edition's table order (by value: classic
``guard, priest, baron, handmaid, prince, king, countess, princess``). ``K`` is the number of
kinds, ``n`` the number of seats. In order:

| field | size | meaning |
|---|---|---|
| ``me`` | n | the observer's seat, one-hot |
| ``to_act`` | n | the seat that must decide now, one-hot (zero at the end) |
| ``phase`` | 5 | the prompt: play, bishop, chancellor, cardinal, over |
| ``hand`` | K | cards of each kind in the observer's hand / 3 |
| ``known`` | n·K | per seat, the kind of its hand when the observer knows it |
| ``hand_sizes`` | n | cards each seat holds / 3 |
| ``in_round`` | n | 1 for seats still in the round |
| ``protected`` | n | 1 for seats protected by a Handmaid |
| ``discards`` | n·K | per seat, its discards of each kind / copies of the kind |
| ``last_discard`` | n·K | per seat, the kind it discarded last this round |
| ``unseen`` | K | cards of each kind the observer cannot see / copies (1) |
| ``face_up`` | K | two-player face-up set-aside cards / copies |
| ``tokens`` | n | tokens of affection / tokens to win |
| ``pile`` | 1 | cards left in the draw pile / deck size |
| ``first`` | n | the round's first player, one-hot |
| ``sycophant`` | n | the seat the Sycophant named (premium) |
| ``jester`` | n·n | row ``s``: the seat seat ``s`` bet on with the Jester (premium) |
| ``bishop`` | 2·n | a pending Bishop decision: the Bishop's player, then the target |
| ``cardinal`` | n | the two seats whose hands the Cardinal swapped (pending look) |
| ``chancellor`` | 1 | cards drawn by a pending Chancellor / 2 |

(1) Unknown hands of others, the draw pile and the set-aside card: the deck minus the
observer's hand, the hands it knows, every discard and the face-up cards.

### Action Space

The game's fixed action space (``state.action_space``), in this order: for each card kind
in table order, playing it with no target, then with each target (seat) or pair of seats,
and for the Guard and Bishop each target with each value the edition allows naming
(``guard>p1=5``); then ``keep`` and ``discard`` (the Bishop's target); with the Chancellor
(2019) every ``keep=<card>;bottom=<cards>``; with the Cardinal (premium) ``look=none`` and
``look=p<seat>``. Text forms are described in ``parlour.games.loveletter.actions``.

### Rewards

``reward="game"``: the end-of-game reward of :mod:`parlour.rl.env`. ``reward="round"``:
also, whenever seats gain tokens of affection (a round won, a Spy, Bishop, Constable or
Jester token), the zero-sum transform of the tokens gained (two players: +1 / -1).

### Version History

* v1: Initial release.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast, get_args

import numpy as np
from mypy_extensions import mypyc_attr

from parlour.engine import State
from parlour.games.loveletter.cards import TABLES
from parlour.games.loveletter.contracts import LoveLetterView, PromptName
from parlour.games.loveletter.state import (
    PLAY,
    BishopPending,
    CardinalPending,
    ChancellorPending,
    LoveLetterState,
    Prompt,
)
from parlour.games.loveletter.views import held_cards, known_hands
from parlour.rl.encoding import Encoder, Field, Vector, Writer

PHASES: tuple[PromptName, ...] = get_args(PromptName)
"""The view's ``phase`` values, in the order of the ``phase`` field."""
HAND_MAX = 3
"""The most cards a seat holds at once (the Chancellor's draw)."""
_PHASE_AT: dict[Prompt, int] = {Prompt(name): i for i, name in enumerate(PHASES)}
"""Each prompt's place in the ``phase`` field (an enum's value is read slowly)."""
_PLAY_AT = _PHASE_AT[PLAY]


@mypyc_attr(allow_interpreted_subclasses=True)
class LoveLetterEncoder(Encoder):
    """Love Letter views as vectors (layout in the module docstring)."""

    game_id = "loveletter"
    version = 1

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        self.edition = TABLES[str(options["edition"])]
        self.kinds = {card: k for k, card in enumerate(self.edition.ids)}
        super().__init__(players, options)
        self._starts = {name: slot.start for name, slot in self.slots.items()}
        # A subclass writing views its own way is asked for views (see encode_state).
        self._writes_views = type(self).write is not _WRITE

    def fields(self) -> Sequence[Field]:
        """The layout (see the module docstring)."""
        n, k = self.players, len(self.edition.ids)
        return [
            Field("me", n, "the observer's seat"),
            Field("to_act", n, "the seat to decide"),
            Field("phase", len(PHASES), "the prompt"),
            Field("hand", k, "own cards per kind / 3"),
            Field("known", n * k, "known hands per seat"),
            Field("hand_sizes", n, "cards held / 3"),
            Field("in_round", n, "still in the round"),
            Field("protected", n, "protected by a Handmaid"),
            Field("discards", n * k, "discards per seat and kind / copies"),
            Field("last_discard", n * k, "last discard per seat"),
            Field("unseen", k, "cards unseen per kind / copies"),
            Field("face_up", k, "face-up set-aside cards / copies"),
            Field("tokens", n, "tokens / tokens to win"),
            Field("pile", 1, "draw pile / deck size"),
            Field("first", n, "the round's first player"),
            Field("sycophant", n, "the Sycophant's named seat"),
            Field("jester", n * n, "Jester bets, row per bettor"),
            Field("bishop", 2 * n, "pending Bishop: player, target"),
            Field("cardinal", n, "pending Cardinal look: the swapped seats"),
            Field("chancellor", 1, "pending Chancellor: cards drawn / 2"),
        ]

    def write(self, data: Mapping[str, Any], out: Writer) -> None:
        """Fill the vector from one seat's view."""
        view = cast(LoveLetterView, data)
        n, kinds, counts = self.players, self.kinds, self.edition.counts
        k = len(kinds)
        me = view["seat"]
        if me is not None:
            out.one_hot("me", me)
        if view["to_act"] is not None:
            out.one_hot("to_act", view["to_act"])
        out.one_hot("phase", PHASES.index(view["phase"]))
        unseen = list(counts)
        for card in view["hand"]:
            out.add("hand", kinds[card], 1 / HAND_MAX)
            unseen[kinds[card]] -= 1
        for seat_text, card in view["known"].items():
            out.one_hot("known", kinds[card], offset=int(seat_text) * k)
            unseen[kinds[card]] -= 1
        for seat in range(n):
            out.value("hand_sizes", view["hand_sizes"][seat], HAND_MAX, offset=seat)
            out.value("in_round", float(view["in_round"][seat]), offset=seat)
            out.value("protected", float(view["protected"][seat]), offset=seat)
            out.value("tokens", view["tokens"][seat], view["tokens_to_win"], offset=seat)
            pile = view["discards"][seat]
            for card in pile:
                kind = kinds[card]
                out.add("discards", kind, 1 / counts[kind], offset=seat * k)
                unseen[kind] -= 1
            if pile:
                out.one_hot("last_discard", kinds[pile[-1]], offset=seat * k)
            bet = view["jester"][seat]
            if bet is not None:
                out.one_hot("jester", bet, offset=seat * n)
        for card in view["face_up"]:
            kind = kinds[card]
            out.add("face_up", kind, 1 / counts[kind])
            unseen[kind] -= 1
        for kind, left in enumerate(unseen):
            out.value("unseen", left, counts[kind], offset=kind)
        out.value("pile", view["pile"], len(self.edition.deck))
        out.one_hot("first", view["first"])
        if view["sycophant"] is not None:
            out.one_hot("sycophant", view["sycophant"])
        pending = view["pending"]
        if pending is not None:
            if "bishop" in pending:
                out.one_hot("bishop", pending["bishop"])
                out.one_hot("bishop", pending["target"], offset=n)
            if "pair" in pending:
                for seat in pending["pair"]:
                    out.one_hot("cardinal", seat)
            if "drawn" in pending:
                out.value("chancellor", pending["drawn"], 2)

    def encode_state(self, state: State, seat: int) -> Vector | None:
        """The vector :meth:`write` makes of ``state.view(seat)``, without the view.

        Read through the same knowledge functions as the view (the seat's cards, the hands
        it knows) and the public table: the environment's every step used to build a view
        only to read it here. A test checks it equals the view's vector on every prompt.
        """
        if self._writes_views or not isinstance(state, LoveLetterState):
            return None
        data = [0.0] * self.size
        start = self._starts
        n, counts = self.players, self.edition.counts
        k = len(counts)
        data[start["me"] + seat] = 1.0
        to_act = state.to_act
        if to_act is not None:
            data[start["to_act"] + to_act] = 1.0
        phase = state.phase
        data[start["phase"] + (_PLAY_AT if phase is PLAY else _PHASE_AT[phase])] = 1.0
        unseen = list(counts)
        at = start["hand"]
        for kind in held_cards(state, seat):
            data[at + kind] += 1 / HAND_MAX
            unseen[kind] -= 1
        at = start["known"]
        for t, kind in sorted(known_hands(state, seat).items()):
            data[at + t * k + kind] = 1.0
            unseen[kind] -= 1
        sizes, alive, prot = start["hand_sizes"], start["in_round"], start["protected"]
        tokens, discards, last = start["tokens"], start["discards"], start["last_discard"]
        jester = start["jester"]
        target = state.target
        for s in range(n):
            data[sizes + s] = len(held_cards(state, s)) / HAND_MAX
            data[alive + s] = float(bool(state.alive >> s & 1))
            data[prot + s] = float(bool(state.prot >> s & 1))
            data[tokens + s] = min(state.tokens[s] / target, 1.0)  # a winner may pass it
            pile = state.discards[s]
            for kind in pile:
                data[discards + s * k + kind] += 1 / counts[kind]
                unseen[kind] -= 1
            if pile:
                data[last + s * k + pile[-1]] = 1.0
            bet = state.jester[s]
            if bet >= 0:
                data[jester + s * n + bet] = 1.0
        at = start["face_up"]
        for kind in state.face_up:
            data[at + kind] += 1 / counts[kind]
            unseen[kind] -= 1
        at = start["unseen"]
        for kind, left in enumerate(unseen):
            data[at + kind] = max(left, 0) / counts[kind]
        data[start["pile"]] = len(state.pile) / len(self.edition.deck)
        data[start["first"] + state.first] = 1.0
        if state.syc >= 0:
            data[start["sycophant"] + state.syc] = 1.0
        pending = state.pending
        if isinstance(pending, BishopPending):
            data[start["bishop"] + pending.bishop] = 1.0
            data[start["bishop"] + n + pending.target] = 1.0
        elif isinstance(pending, CardinalPending):
            for s in pending.pair:
                data[start["cardinal"] + s] = 1.0
        elif isinstance(pending, ChancellorPending):
            data[start["chancellor"]] = (len(pending.cards) - 1) / 2
        # Every value is in [0, 1] as written (the two that could leave it are clamped
        # above), so the vector needs no clipping: the view's, clipped, is the same.
        return np.array(data, np.float32)

    def round_points(self, view: Mapping[str, Any]) -> Sequence[float]:
        """Tokens of affection per seat (public)."""
        return [float(t) for t in cast(LoveLetterView, view)["tokens"]]


_WRITE = LoveLetterEncoder.write

ENCODER = LoveLetterEncoder
