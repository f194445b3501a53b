"""# Infinity Gauntlet observations (``gauntlet``)

| Players            | 2-6: Thanos (seat 0, ``player_0``) against 1-5 heroes        |
|--------------------|---------------------------------------------------------------|
| Observation        | float32 vector in [0, 1]; ``241 + 64·n`` floats for n seats  |
| Actions            | 229 with 2 players, 13 more per extra seat (242 with 3)       |
| Round reward       | no (``reward="game"`` only)                                   |

Built only from the seat's view (``state.view(seat)``): the seat's own hand, the hidden
cards it has seen and still knows the place of (a Doctor Strange look, a Scarlet Witch or
Vision look while ordering), and the public table.

### Observation Space

Seats are in absolute order (seat 0 is always Thanos; the actions name seats the same
way), the observer marked by ``me``. Cards are the game's 29 cards in data order (16 hero
cards ``nebula`` .. ``iron_man``, then Thanos's 13 ``outrider_1`` .. ``thanos``), so a
*card set* is 29 flags. In order:

| field | size | meaning |
|---|---|---|
| ``me`` | n | the observer's seat, one-hot (seat 0: playing Thanos) |
| ``to_act`` | n | the seat to decide, one-hot (zero at the end) |
| ``active`` | n | the seat whose turn it is |
| ``prompt`` | 9 | play, defeat, with, space, copy, bottom, order, accept, snap |
| ``hand`` | 29 | the observer's hand |
| ``known_thanos_hand`` | 29 | cards of Thanos's hand a hero knows |
| ``known_hands`` | n·29 | cards of each hero's hand the observer knows |
| ``known_hero_deck`` | 29 | cards the observer knows to be in the hero deck |
| ``known_top`` | 29 | the card the observer knows to be on top of the hero deck |
| ``known_thanos_deck`` | 29 | cards the observer knows to be in Thanos's deck |
| ``looking`` | 29 | cards the observer is looking at (Scarlet Witch, Vision) |
| ``faceup`` | n·29 | cards face up in front of each seat (Thanos: the ones he played) |
| ``defeated`` | 29 | hero cards lying defeated in front of Thanos |
| ``hand_sizes`` | n | cards in each hand / 5 |
| ``tokens`` | n | tokens per seat / 10 |
| ``health`` | 2 | heroes' health / their start, Thanos's health / his start |
| ``decks`` | 2 | hero deck / 16, Thanos deck / 13 |
| ``pending`` | n + 23 | the prompt's public facts (1) |
| ``snap_ready`` | 1 | (Thanos) all six stones are in hand or face up |
| ``turns`` | 1 | turns played / 60 |

(1) The named number one-hot (1-7), the target seat (n), fights left / 3 and whether a
first fighter is set, the copied Thanos card kind (one-hot over the 12 kinds), the cards to
put at the bottom or order / 3, the number of cards being looked at / 3.

### Action Space

The game's actions (texts in ``parlour.games.gauntlet.actions``): hero plays
(``1=7``, ``6>p2``...), Thanos plays (``outrider>p1=3``, ``mind=5``, ``time=space``...),
the answers of follow-up prompts (``with=power``, ``order=201``, ``bottom=mind,outrider``,
``snap``...). ``env.unwrapped.action_text(code)`` gives an action's text.

### Rewards

The end-of-game reward of :mod:`parlour.rl.env` from ``Result.scores`` (zero-sum): when
Thanos wins he gets +1 and each hero -1/(n-1); when the heroes win (sharing the score),
each hero gets 1/(n-1)² and Thanos -1/(n-1). Two players: +1 / -1.

### Version History

* v1: Initial release.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from parlour.games.gauntlet.cards import BY_ID, CARDS, THANOS_KINDS
from parlour.games.gauntlet.contracts import GauntletView, PromptName
from parlour.rl.encoding import Encoder, Field, Writer

PROMPTS: tuple[PromptName, ...] = (
    "play",
    "defeat",
    "with",
    "space",
    "copy",
    "bottom",
    "order",
    "accept",
    "snap",
)
"""The view's prompts, in the order of the ``prompt`` field."""
CARD_COUNT = len(CARDS)
INDEX = {card_id: card.index for card_id, card in BY_ID.items()}
HERO_DECK = sum(1 for c in CARDS if c.hero)
THANOS_DECK = CARD_COUNT - HERO_DECK


class GauntletEncoder(Encoder):
    """Infinity Gauntlet views as vectors (layout in the module docstring)."""

    game_id = "gauntlet"
    version = 1

    def fields(self) -> Sequence[Field]:
        """The layout (see the module docstring)."""
        n, c = self.players, CARD_COUNT
        return [
            Field("me", n, "the observer's seat"),
            Field("to_act", n, "the seat to decide"),
            Field("active", n, "the seat whose turn it is"),
            Field("prompt", len(PROMPTS), "the prompt"),
            Field("hand", c, "own hand"),
            Field("known_thanos_hand", c, "known cards of Thanos's hand"),
            Field("known_hands", n * c, "known cards of each hero's hand"),
            Field("known_hero_deck", c, "known cards in the hero deck"),
            Field("known_top", c, "known top card of the hero deck"),
            Field("known_thanos_deck", c, "known cards in Thanos's deck"),
            Field("looking", c, "cards being looked at"),
            Field("faceup", n * c, "face-up cards per seat"),
            Field("defeated", c, "defeated hero cards"),
            Field("hand_sizes", n, "hand sizes / 5"),
            Field("tokens", n, "tokens / 10"),
            Field("health", 2, "hero health, Thanos health, / start"),
            Field("decks", 2, "deck sizes"),
            Field("pending", 7 + n + 2 + len(THANOS_KINDS) + 2, "the prompt's public facts"),
            Field("snap_ready", 1, "Thanos can snap"),
            Field("turns", 1, "turns / 60"),
        ]

    def write(self, data: Mapping[str, Any], out: Writer) -> None:
        """Fill the vector from one seat's view."""
        view = cast(GauntletView, data)
        n = self.players
        me = view["seat"]
        if me is not None:
            out.one_hot("me", me)
        if view["to_act"] is not None:
            out.one_hot("to_act", view["to_act"])
        out.one_hot("active", view["active"])
        prompt = view["prompt"]
        if prompt is not None and prompt in PROMPTS:
            out.one_hot("prompt", PROMPTS.index(prompt))
        for card in view["hand"]:
            out.one_hot("hand", INDEX[card])
        known = view["known"]
        for card in known["thanos_hand"]:
            out.one_hot("known_thanos_hand", INDEX[card])
        for seat_text, cards in known["hands"].items():
            for card in cards:
                out.one_hot("known_hands", INDEX[card], offset=int(seat_text) * CARD_COUNT)
        for position, card in known["hero_deck"]:
            out.one_hot("known_hero_deck", INDEX[card])
            if position == 0:
                out.one_hot("known_top", INDEX[card])
        for _, card in known["thanos_deck"]:
            out.one_hot("known_thanos_deck", INDEX[card])
        for card in view["looking"]:
            out.one_hot("looking", INDEX[card])
        for seat in range(n):
            for card in view["faceup"][seat]:
                out.one_hot("faceup", INDEX[card], offset=seat * CARD_COUNT)
            out.value("hand_sizes", view["hand_sizes"][seat], 5, offset=seat)
            out.value("tokens", view["tokens"][seat], 10, offset=seat)
        for card in view["thanos_defeated"]:
            out.one_hot("defeated", INDEX[card])
        out.value("health", view["hero_health"], self.options["hero_health"], offset=0)
        thanos_start = self.options["thanos_health"][n - 2]
        out.value("health", view["thanos_health"], thanos_start, offset=1)
        out.value("decks", view["hero_deck"], HERO_DECK, offset=0)
        out.value("decks", view["thanos_deck"], THANOS_DECK, offset=1)
        self._pending(view, out)
        out.value("snap_ready", float(bool(view["snap_ready"])))
        out.value("turns", view["turns"], 60)

    def _pending(self, view: GauntletView, out: Writer) -> None:
        n = self.players
        pending = view["pending"]
        guess = pending.get("guess")
        if guess is not None and 1 <= guess <= 7:
            out.one_hot("pending", guess - 1)
        target = pending.get("target")
        if target is not None and 0 <= target < n:
            out.one_hot("pending", target, offset=7)
        at = 7 + n
        if "fights_left" in pending:
            out.value("pending", pending["fights_left"], 3, offset=at)
            out.value("pending", float(pending.get("first", -1) >= 0), offset=at + 1)
        at += 2
        kind = pending.get("kind")
        if kind is not None and kind in THANOS_KINDS:
            out.one_hot("pending", THANOS_KINDS.index(kind), offset=at)
        at += len(THANOS_KINDS)
        if "count" in pending:
            out.value("pending", pending["count"], 3, offset=at)
        out.value("pending", view["looking_count"], 3, offset=at + 1)


ENCODER = GauntletEncoder
