"""Love Letter's lessons: one per card, grouped by edition (classic, 2019, premium).

Each opens a stacked round (the deck's top cards given, the rest below in table order) with
the learner in seat 0 moving first, then plays the setup moves: mostly a Priest showing the
learner one hand while the others play cards without effect, so the lesson's move rests on
knowledge the learner's own view shows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from parlour.learn.lessons.core import Lesson, Step

PREMIUM_PLAYERS = 5
"""The premium edition's fewest players: its lessons are 5-player rounds."""


def stack(edition: str, top: Sequence[str]) -> dict[str, Any]:
    """A round dealing ``top`` first (the set-aside card, the hands from seat 0, then the
    draws), the rest of the edition's deck below in table order; seat 0 starts."""
    from parlour.games.loveletter.cards import TABLES

    ed = TABLES[edition]
    left = Counter(dict(zip(ed.ids, ed.counts, strict=True)))
    left.subtract(top)
    if any(n < 0 for n in left.values()):
        raise ValueError(f"{list(top)} holds more cards than the {edition} deck")
    rest = [cid for cid in ed.ids for _ in range(left[cid])]
    return {"rounds": [[*top, *rest]], "first_player": 0}


def ll(
    card: str,
    top: Sequence[str],
    steps: Sequence[Step | str],
    setup: Sequence[str] = (),
    edition: str = "classic",
    name: str | None = None,
    tokens: int | None = None,
) -> Lesson:
    """A Love Letter lesson for ``card`` (seat 0 learns); a bare string is a one-move step.

    Classic and 2019 lessons are 2-player rounds, premium ones 5-player rounds. One token
    wins a classic game, two a 2019 one (the Spy's round ends with the round's token and the
    Spy's), three a premium one (the seed rules': a token gained mid-round, by the Bishop or
    the Constable, shows without ending the game) unless ``tokens`` says otherwise.
    """
    options: dict[str, Any] = {
        "edition": edition,
        "tokens_to_win": tokens or {"classic": 1, "2019": 2}.get(edition, 3),
    }
    return Lesson(
        f"loveletter-{name or card}",
        "loveletter",
        0,
        tuple(Step((s,)) if isinstance(s, str) else s for s in steps),
        players=PREMIUM_PLAYERS if edition == "premium" else 2,
        options=options,
        stack=stack(edition, top),
        setup=tuple(setup),
        seed=7,
        group=edition,
    )


# The premium lessons' setup: the learner's Priest looks at seat 1's hand; seat 1 plays the
# card it drew (so the hand seen stays the same), the others play cards without effect.
PRIEST_SETUP = ("priest>p1", "count", "countess", "constable", "handmaid")
"""Seat 0's Priest on seat 1, then four plays that change no hand."""


def _premium_priest(seen: str, hand: str, drawn: str) -> list[str]:
    """Top cards: set aside, hands of seats 0-4, then the draws of seats 0-4 and seat 0 again."""
    return [
        "guard",
        "priest",  # seat 0 plays it on seat 1 at once
        seen,
        "guard",
        "guard",
        "guard",
        hand,  # seat 0's first draw, kept
        "count",  # seat 1 draws and plays it
        "countess",
        "constable",
        "handmaid",
        drawn,  # seat 0's second draw: the lesson's turn
    ]


# The Count's lesson is the round's last turn: seats 2-4 are knocked out at once (a Guard, a
# Dowager Queen, a Prince on the Princess), the Barons tie and the Cardinals swap two Guards,
# then seats 0 and 1 keep a Count and the King and play each card they draw to no effect.
COUNT_TOP = (
    "jester",  # set aside
    *("guard", "guard", "prince", "count", "princess"),  # hands, seats 0-4
    *("guard", "dowager", "cardinal", "prince", "baron", "cardinal", "baron", "count", "king"),
    *("guard", "handmaid", "guard", "countess", "baroness", "guard", "handmaid", "guard"),
    *("sycophant", "assassin", "guard", "sycophant", "bishop", "priest", "priest", "baroness"),
    "constable",  # the last card: seat 0's final draw
)
COUNT_SETUP = (
    *("guard>p2=5", "dowager>p3", "cardinal>p0+p1", "look=none", "prince>p4", "baron>p0"),
    *("cardinal>p0+p1", "look=none", "baron>p0", "guard>p1=2", "guard>p0=2", "guard>p1=2"),
    *("handmaid", "guard", "countess", "baroness>p1", "guard>p0=2", "handmaid", "guard"),
    *("sycophant>p1", "assassin", "guard>p1=2", "sycophant>p1", "bishop>p1=2", "priest>p0"),
    *("priest>p1", "baroness>p0"),
)


CLASSIC: tuple[Lesson, ...] = (
    ll(
        "guard",
        ["guard", "priest", "prince", "guard", "countess", "handmaid"],
        ["guard>p1=5"],
        ["priest>p1", "countess"],
    ),
    ll("priest", ["guard", "priest", "prince", "guard", "countess", "handmaid"], ["priest>p1"]),
    ll(
        "baron",
        ["guard", "priest", "handmaid", "king", "guard", "baron"],
        ["baron>p1"],
        ["priest>p1", "guard>p0=8"],
    ),
    ll("handmaid", ["guard", "princess", "priest", "handmaid", "guard", "baron"], ["handmaid"]),
    ll(
        "prince",
        ["guard", "prince", "princess", "priest", "guard", "handmaid"],
        ["prince>p1"],
        ["priest>p1", "guard>p0=3"],
    ),
    ll(
        "king",
        ["guard", "king", "princess", "priest", "guard", "baron"],
        ["king>p1"],
        ["priest>p1", "guard>p0=2"],
    ),
    ll("countess", ["guard", "countess", "priest", "king", "guard", "baron"], ["countess"]),
    ll("princess", ["guard", "princess", "priest", "guard", "guard", "baron"], ["guard>p1=*"]),
)
"""The classic deck's eight cards (also the premium edition's)."""

EDITION_2019: tuple[Lesson, ...] = (
    ll(
        "spy",
        # set aside, hands (Princess; a Guard), draws: Spy, Priest, Baron
        ["guard", "princess", "guard", "spy", "priest", "baron"],
        [Step(("spy",), ("guard>p0=7",)), "baron>p1"],
        edition="2019",
    ),
    ll(
        "chancellor",
        # set aside, hands (Countess; a Guard), draws: Chancellor, then the two it draws
        ["guard", "countess", "guard", "chancellor", "princess", "baron"],
        ["chancellor", "keep=princess;bottom=*"],
        edition="2019",
    ),
)
"""The 2019 edition's own cards (its others are the classic ones, some valued higher)."""

PREMIUM: tuple[Lesson, ...] = (
    ll(
        "guard",
        _premium_priest("bishop", "guard", "handmaid"),
        ["guard>p1=9"],
        PRIEST_SETUP,
        "premium",
        name="guard-premium",
    ),
    ll(
        "bishop",
        _premium_priest("baron", "bishop", "handmaid"),
        [Step(("bishop>p1=3",), ("discard",))],
        PRIEST_SETUP,
        "premium",
    ),
    ll(
        "dowager",
        _premium_priest("princess", "priest", "dowager"),
        ["dowager>p1"],
        PRIEST_SETUP,
        "premium",
    ),
    ll(
        "cardinal",
        _premium_priest("princess", "cardinal", "count"),
        ["cardinal>p0+p1", "look=*"],
        PRIEST_SETUP,
        "premium",
    ),
    ll(
        "jester",
        _premium_priest("princess", "jester", "count"),
        ["jester>p1"],
        PRIEST_SETUP,
        "premium",
    ),
    ll(
        "baroness",
        ["guard", "baroness", "prince", "king", "guard", "guard", "count"],
        ["baroness>p?+p?"],
        edition="premium",
    ),
    ll(
        "sycophant",
        ["guard", "princess", "prince", "guard", "guard", "guard", "sycophant"],
        ["sycophant>p[1-4]"],
        edition="premium",
    ),
    ll(
        "assassin",
        # seat 1 holds a Guard and draws a Count: it chooses the learner with its Guard
        ["guard", "assassin", "guard", "guard", "guard", "guard", "count", "count"],
        [Step(("count",), ("guard>p0=5",))],
        edition="premium",
    ),
    ll("count", COUNT_TOP, ["count"], COUNT_SETUP, "premium", tokens=1),
    ll(
        "constable",
        ["guard", "count", "guard", "guard", "guard", "guard", "constable", "count"],
        [Step(("constable",), ("guard>p0=5",))],
        edition="premium",
    ),
)
"""The premium edition's own cards, and its Guard naming 0 and 9."""

LESSONS: tuple[Lesson, ...] = CLASSIC + EDITION_2019 + PREMIUM
"""Love Letter's lessons in teaching order."""
