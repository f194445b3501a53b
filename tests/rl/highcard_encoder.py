"""An observation encoder for the toy game, used to test the generic RL machinery."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.rl.encoding import Encoder, Field, Writer

VALUES = 6


class HighCardEncoder(Encoder):
    """Own card, cards shown at the end, discards, deck size, who acts."""

    game_id = "highcard"
    version = 1

    def fields(self) -> Sequence[Field]:
        n = self.players
        return [
            Field("hand", VALUES, "own card, one-hot by value"),
            Field("shown", (n - 1) * VALUES, "other seats' cards once shown, relative order"),
            Field("discards", VALUES, "discarded cards per value / copies"),
            Field("deck", 1, "cards left in the deck / full deck"),
            Field("to_act", n, "who acts, relative order (all zero at the end)"),
        ]

    def write(self, view: Mapping[str, Any], out: Writer) -> None:
        me = view["seat"]
        copies = self.options["copies"]
        for seat, value in enumerate(view["hands"]):
            if value is None:
                continue
            if seat == me:
                out.one_hot("hand", value - 1)
            else:
                out.one_hot("shown", value - 1, offset=(self.relative(seat, me) - 1) * VALUES)
        for value in view["discards"]:
            out.add("discards", value - 1, 1 / copies)
        out.value("deck", view["deck_size"], VALUES * copies)
        if view["to_act"] is not None:
            out.one_hot("to_act", self.relative(view["to_act"], me))
