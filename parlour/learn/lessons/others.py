"""Infinity Gauntlet's and Splendor Marvel's lessons."""

from __future__ import annotations

from parlour.learn.lessons.core import Lesson, Step

GAUNTLET: tuple[Lesson, ...] = (
    Lesson(
        "gauntlet-fight",
        "gauntlet",
        1,
        (Step(("3:fight",)),),
        stack={
            "hero_deck": ["iron_man", "thor", "black_panther"],
            "thanos_deck": ["outrider_1", "outrider_2", "proxima_midnight"],
        },
        setup=("outrider>p1=2",),
    ),
    Lesson(
        "gauntlet-snap",
        "gauntlet",
        0,
        (Step(("snap",)),),
        stack={
            "hero_deck": [
                "black_panther",
                "falcon",
                "doctor_strange",
                "black_widow",
                "gamora",
                "ant_man_wasp",
                "captain_america",
                "hulk",
                "thor",
                "scarlet_witch",
                "vision",
            ],
            "thanos_deck": [
                "power_stone",
                "mind_stone",
                "soul_stone",
                "space_stone",
                "reality_stone",
                "time_stone",
                "proxima_midnight",
            ],
        },
        setup=("soul>p1", "4>p1", "2>p1", "mind=5", "4>p1", "2>p1", "power", "3:pass", "3:pass"),
    ),
)
"""The fight (as the hero) and the snap (as Thanos)."""

SPLENDOR_MARVEL: tuple[Lesson, ...] = (
    Lesson(
        "splendor-marvel-win",
        "splendor-marvel",
        0,
        (Step(("recruit:t2-3*",)),),
        position="splendor-marvel-win.json",
    ),
    Lesson(
        "splendor-marvel-locations",
        "splendor-marvel",
        0,
        (Step(("recruit:t1-1*",)),),
        position="splendor-marvel-locations.json",
    ),
)
"""The Infinity Gauntlet condition and locations."""
