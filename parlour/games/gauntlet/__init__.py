"""Infinity Gauntlet: A Love Letter Game — Thanos (seat 0) against 1-5 heroes, 2-6 players.

Options
    ``hero_health`` (int): the heroes' starting health, the same for every player count.
    ``thanos_health`` (int_list): Thanos's starting health for 2, 3, 4, 5 and 6 players.
    ``time_stone_copies_defeated`` (bool, on): the Time Stone may copy non-stone cards lying
    defeated in front of Thanos. ``mind_stone_returns`` (bool, on): IG-RULING-1.
    The health defaults (hero 12; Thanos 5, 5, 7, 8, 9) are Parlour's own choice, from the
    balance study in docs/gauntlet-balance.md, not the publisher's numbers.

Stacked opening
    ``stack = {"hero_deck": [ids, top first], "thanos_deck": [ids, top first]}``; either list
    may be partial (the rest is shuffled beneath it). Heroes draw first in seat order, then
    Thanos draws two.

Action texts
    See :mod:`parlour.games.gauntlet.actions` (``1=7``, ``6>p2``, ``outrider>p1=3``,
    ``time=space``, ``with=power``, ``order=201``, ``bottom=mind,outrider``, ``snap``...).

View
    ``role``, ``hand`` (own cards), ``hand_sizes``, ``faceup`` (per seat; Thanos's are the
    cards he played), ``thanos_defeated``, ``tokens``, ``hero_health``, ``thanos_health``,
    ``hero_deck`` and ``thanos_deck`` (sizes), ``known`` (hidden cards the seat has seen and
    where they are), ``looking`` (Scarlet Witch/Vision cards, for the looker), ``pending``
    (public facts of the current prompt), ``active``, ``turns``.

Spec notes
    IG-TURN-4's passing turn never happens, so the rules have no code for it. Thanos's
    cards only ever lie in his deck, his hand, face up in front of him or among his defeated
    cards. His hand shrinks only when a draw finds his deck empty (a draw refills every card
    he plays or loses, and Ebony Maw and the Reality Stone put back as many as they drew),
    and from then on his deck never holds more than one card (a defeat adds back at most the
    card it drew). So while his deck holds two cards he holds two, and after the draw of his
    turn a hand with nothing playable (the Thanos card alone) means an empty deck: all six
    stones are then his, and he is asked to snap or end his turn (IG-END-3). Random games
    check this at every step, and a saved state that breaks it is refused.

Files
    ``game.py`` the Game (options, stack parsing, ``new``) and the state class with its rules
    attached; ``state.py`` the state's fields and the questions they answer (``Prompt`` names
    the decisions); ``legal.py`` legal moves and their prebuilt lists; ``rules.py`` transitions,
    one handler per prompt and one per card effect; ``views.py`` ``view`` and
    ``determinize``; ``actions.py``, ``cards.py`` (data in ``data/cards.json``, and
    ``EFFECTS``: what each card's play asks for, read by actions, legality, rules, texts and
    the bot), ``text.py``, ``bot.py``, ``search.py``. Imports point one way: cards, actions,
    state, legal, rules, views, text, game.
"""

from __future__ import annotations

from parlour.engine.players import Bot
from parlour.engine.record import GameRecord
from parlour.games.gauntlet.bot import HeuristicBot
from parlour.games.gauntlet.cards import CARDS
from parlour.games.gauntlet.game import DEFAULT_HERO_HEALTH, DEFAULT_THANOS_HEALTH, Gauntlet
from parlour.games.gauntlet.search import SEARCH_HINTS
from parlour.games.gauntlet.state import GauntletState, Prompt

GAME = Gauntlet()
"""The game instance the registry loads."""


def _heuristic(arg: str | None) -> Bot:
    return HeuristicBot()


def _thanos(players: int) -> list[int]:
    return [0]


def _heroes(players: int) -> list[int]:
    return list(range(1, players))


RECORD = GameRecord(
    GAME,
    bots={"heuristic": _heuristic},
    search_hints=SEARCH_HINTS,
    roles={"thanos": _thanos, "hero": _heroes, "heroes": _heroes},
    hard_iterations=1000,
    browser_module="games/gauntlet.js",
    howto="howto/gauntlet.{lang}.html",
    encoder="parlour.rl.encoders.gauntlet",
    renderer="parlour.cli.render.gauntlet",
)
"""Infinity Gauntlet and its parts; Thanos is seat 0, the heroes every other seat."""

__all__ = [
    "CARDS",
    "DEFAULT_HERO_HEALTH",
    "DEFAULT_THANOS_HEALTH",
    "GAME",
    "RECORD",
    "Gauntlet",
    "GauntletState",
    "Pending",
    "Prompt",
]
