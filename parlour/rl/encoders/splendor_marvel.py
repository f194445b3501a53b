"""# Splendor Marvel observations (``splendor-marvel``)

| Players            | 2-4                                                           |
|--------------------|---------------------------------------------------------------|
| Observation        | float32 vector in [0, 1]; 2 players 460, 3 players 560, 4 players 660 |
| Actions            | 3840 (the same space for every player count)                  |
| Round reward       | no (``reward="game"`` only)                                   |

Built only from the seat's view (``state.view(seat)``): everything on the table is public
except the deck order and the identity of another seat's blind reserve (its tier shows).

### Observation Space

Seats are written relative to the observer (``r0`` the observer, ``r1`` the next seat in
turn order...): no Splendor action names a seat, so one policy plays every seat. A *card
block* (19 floats) describes one character card: present, cost per colour (yellow, blue,
orange, red, purple) / 7, bonus colour one-hot (5), points / 5, Avengers tags / 2, Time
Stone icon, and the *shortfall* per colour / 7: stones still missing after the bonuses and
tokens of the seat that would recruit it (the observer for display cards, the holder for
reserved ones), before grey tokens. In order:

| field | size | meaning |
|---|---|---|
| ``to_act`` | n | the seat to decide, relative one-hot (zero at the end) |
| ``prompt`` | 3 | play, return_tokens, choose_location |
| ``supply`` | 7 | tokens in the supply per kind (5 stones, green, grey) / 7, 4, 5 |
| ``display`` | 12·19 | tier 1 slots 1-4, tier 2, tier 3: a card block each |
| ``decks`` | 3 | cards left in each tier's deck / tier size (40, 30, 20) |
| ``locations`` | 8 | location faces still on the table (data order) |
| ``location_choices`` | 8 | faces offered by a ``choose_location`` prompt |
| ``owned_locations`` | n·8 | per relative seat, the faces it won |
| ``avengers`` | n | the holder of Avengers Assemble, relative one-hot |
| ``first`` | n | the first player, relative one-hot |
| ``seats`` | n·17 | per relative seat (1) |
| ``reserved`` | n·3·24 | per relative seat and reserve position (2) |
| ``round`` | 3 | round / max rounds, the final round is being played, tokens to return / 3 |

(1) Tokens per kind / 10 (7), bonuses per colour / 10 (5), points / 32, Avengers tags /
15, cards recruited / 30, reserved cards / 3, meets the Gauntlet condition now.
(2) Present, tier one-hot (3), card known, card block (zero for another seat's blind
reserve).

### Action Space

The game's 3840 actions in this order (texts in ``parlour.games.splendor_marvel.actions``):
take three / two / one different colours (``take:yellow,blue,red``, every combination,
largest first), take two of one colour (``take2:red``), reserve (``reserve:t1-1`` ..
``reserve:t3-deck``), recruit a display card with every grey payment
(``recruit:t2-3/grey=red1,blue1``), recruit a reserved card with every grey payment,
return one token (``return:purple``), choose a location (``location:asgard``), ``pass``.

### Rewards

The end-of-game reward of :mod:`parlour.rl.env` (the Gauntlet, or the round limit's
points and tie-breaks, decides the winners).

### Version History

* v1: Initial release.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from parlour.games.splendor_marvel.cards import (
    CARD_BY_ID,
    CARDS,
    COLOURS,
    DISPLAY_SLOTS,
    GREEN_TOKENS,
    GREY_TOKENS,
    LOCATION_FACES,
    RESERVE_LIMIT,
    TIERS,
    TOKEN_KINDS,
    TOKEN_LIMIT,
    TOKENS_PER_STONE,
    WIN_POINTS,
    Card,
)
from parlour.games.splendor_marvel.contracts import PromptName, SeatView, SplendorMarvelView
from parlour.rl.encoding import Encoder, Field, Writer

PROMPTS: tuple[PromptName, ...] = ("play", "return_tokens", "choose_location")
"""The view's prompts, in the order of the ``prompt`` field (``over`` sets none)."""
CARD = 19
"""Floats per card block."""
SEAT = 17
"""Floats per seat in the ``seats`` field."""
RESERVED = 5 + CARD
"""Floats per reserve position."""
TIER_SIZES = (40, 30, 20)
FACES = {f.id: f.index for f in LOCATION_FACES}
SUPPLY_MAX = (TOKENS_PER_STONE,) * len(COLOURS) + (GREEN_TOKENS, GREY_TOKENS)


class SplendorMarvelEncoder(Encoder):
    """Splendor Marvel views as vectors (layout in the module docstring)."""

    game_id = "splendor-marvel"
    version = 1

    def fields(self) -> Sequence[Field]:
        """The layout (see the module docstring)."""
        n, faces = self.players, len(LOCATION_FACES)
        return [
            Field("to_act", n, "the seat to decide, relative"),
            Field("prompt", len(PROMPTS), "the prompt"),
            Field("supply", len(TOKEN_KINDS), "supply per token kind"),
            Field("display", len(TIERS) * DISPLAY_SLOTS * CARD, "display card blocks"),
            Field("decks", len(TIERS), "cards left per deck"),
            Field("locations", faces, "location faces on the table"),
            Field("location_choices", faces, "faces offered now"),
            Field("owned_locations", n * faces, "faces won per relative seat"),
            Field("avengers", n, "Avengers Assemble holder, relative"),
            Field("first", n, "the first player, relative"),
            Field("seats", n * SEAT, "per relative seat: tokens, bonuses, points..."),
            Field("reserved", n * RESERVE_LIMIT * RESERVED, "reserved cards per relative seat"),
            Field("round", 3, "round / max, final round, tokens to return"),
        ]

    def write(self, data: Mapping[str, Any], out: Writer) -> None:
        """Fill the vector from one seat's view."""
        view = cast(SplendorMarvelView, data)
        n = self.players
        me = view["seat"] if view["seat"] is not None else 0
        seats = view["seats"]
        if view["to_act"] is not None:
            out.one_hot("to_act", self.relative(view["to_act"], me))
        prompt = view["prompt"]
        if prompt is not None and prompt in PROMPTS:
            out.one_hot("prompt", PROMPTS.index(prompt))
        for k, kind in enumerate(TOKEN_KINDS):
            out.value("supply", view["supply"][kind], SUPPLY_MAX[k], offset=k)
        mine = seats[me]
        for t, row in enumerate(view["display"]):
            for s, card in enumerate(row):
                if card is not None:
                    self._card(out, "display", (t * DISPLAY_SLOTS + s) * CARD, card, mine)
        for t, left in enumerate(view["decks"]):
            out.value("decks", left, TIER_SIZES[t], offset=t)
        for face in view["locations"]:
            out.one_hot("locations", FACES[face])
        for face in view["location_choices"]:
            out.one_hot("location_choices", FACES[face])
        if view["avengers"] is not None:
            out.one_hot("avengers", self.relative(view["avengers"], me))
        out.one_hot("first", self.relative(view["first"], me))
        for seat in range(n):
            rel = self.relative(seat, me)
            info = seats[seat]
            for face in info["locations"]:
                out.one_hot("owned_locations", FACES[face], offset=rel * len(LOCATION_FACES))
            base = rel * SEAT
            for k, kind in enumerate(TOKEN_KINDS):
                out.value("seats", info["tokens"][kind], TOKEN_LIMIT, offset=base + k)
            base += len(TOKEN_KINDS)
            for c, colour in enumerate(COLOURS):
                out.value("seats", info["bonuses"][colour], 10, offset=base + c)
            base += len(COLOURS)
            out.value("seats", info["points"], 2 * WIN_POINTS, offset=base)
            out.value("seats", info["tags"], 15, offset=base + 1)
            out.value("seats", len(info["cards"]), 30, offset=base + 2)
            out.value("seats", len(info["reserved"]), RESERVE_LIMIT, offset=base + 3)
            out.value("seats", float(info["gauntlet"]), offset=base + 4)
            for pos, held in enumerate(info["reserved"]):
                at = (rel * RESERVE_LIMIT + pos) * RESERVED
                out.value("reserved", 1.0, offset=at)
                out.one_hot("reserved", held["tier"] - 1, offset=at + 1)
                if held["card"] is not None:
                    out.value("reserved", 1.0, offset=at + 4)
                    self._card(out, "reserved", at + 5, held["card"], info)
        out.value("round", view["round"], view["max_rounds"], offset=0)
        out.value("round", float(view["final_round"]), offset=1)
        out.value("round", view["to_return"], 3, offset=2)

    def _card(self, out: Writer, name: str, at: int, card_id: str, buyer: SeatView) -> None:
        """One card block at offset ``at`` of field ``name``; shortfall for ``buyer``."""
        cost = CARD_BY_ID[card_id].cost
        bonuses, tokens = buyer["bonuses"], buyer["tokens"]
        short = [
            max(0, cost[c] - bonuses[colour] - tokens[colour]) / TOKENS_PER_STONE
            for c, colour in enumerate(COLOURS)
        ]
        out.values(name, STATIC[card_id] + short, offset=at)


def _static(card: Card) -> list[float]:
    """The fixed part of a card block: present, cost, bonus colour, points, tags, Time."""
    bonus = [0.0] * len(COLOURS)
    bonus[card.bonus] = 1.0
    costs = [c / TOKENS_PER_STONE for c in card.cost]
    return [1.0, *costs, *bonus, card.points / 5, card.avengers / 2, float(card.time_stone)]


STATIC: dict[str, list[float]] = {c.id: _static(c) for c in CARDS}
"""The fixed part of every card's block, by card id."""

ENCODER = SplendorMarvelEncoder
