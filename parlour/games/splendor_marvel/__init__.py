"""Splendor Marvel (``splendor-marvel``), 2 to 4 players.

Collect stone tokens, recruit Marvel characters whose bonuses pay for later ones, win
locations and the Avengers Assemble card, and be the first to complete the Infinity
Gauntlet: 16 infinity points, a bonus of each stone colour and the green Time token. The
rules are the project's ``splendor_marvel.md`` with its clause ids (``SM-...``).

Options:

- ``first_player`` (seat, default random) — who plays first (SM-SETUP-4).
- ``max_rounds`` (default 100) — Parlour's ruling, not a printed rule: after this many
  complete rounds without a Gauntlet win the game ends anyway (reason ``round_limit``);
  the most infinity points wins, with the usual tie-breaks (SM-WIN-3). Random play rarely
  meets the Gauntlet condition, so this guarantees every game ends.

Stacked opening (``GAME.new(players, options, seed, stack)``)::

    {"tiers": {"1": ["t1-baron-zemo", ...], "2": [...], "3": [...]},
     "locations": [["1", "A"], ["3", "B"]]}

Each tier lists card ids top first: the first four make the display (slots 1-4), the next
are the deck's top; unlisted cards of that tier are shuffled below. ``locations`` lists one
``[tile, side]`` per player (tiles "1".."4", sides "A"/"B"); omitted, they are random.

Action texts (see ``actions.py``): ``take:yellow,blue,red``, ``take2:red``,
``reserve:t2-3``, ``reserve:t1-deck``, ``recruit:t3-1``, ``recruit:r2``,
``recruit:t2-3/grey=red1,blue1`` (the grey tokens standing in for colours are part of the
recruit), ``return:purple`` (over 10 tokens), ``location:asgard`` (several qualify),
``pass`` (only when nothing else is legal). Prompts: ``play``, ``return_tokens``,
``choose_location``.

Files (the game template): ``game.py`` (options, stack, ``new``), ``state.py`` (the fields,
declared once, and the ``Phase`` enum), ``legal.py`` (legal moves and their caches),
``rules.py`` (one handler per prompt and per action), ``views.py`` (view and determinize),
``actions.py``, ``cards.py`` (with ``data/cards.json``), ``text.py``, ``bot.py``, ``search.py``.

Views: see ``views.py`` (everything public except deck order and others' blind reserves).
Results: ``reason`` is ``gauntlet`` or ``round_limit``; ``details`` holds ``decided_by``
(``points``, ``avengers``, ``fewest_cards``, ``shared``), ``points`` per seat, ``turns``,
``rounds`` and the seats that ``qualified``.

Card data: ``data/cards.json``; no rulebook prints the cards, so each card names its
``source`` and says whether it is ``verified``; eight are not (docs/splendor-marvel-data.md).

Bots: ``heuristic`` (``bot.py``).
"""

from __future__ import annotations

from parlour.engine.players import Bot
from parlour.engine.record import GameRecord
from parlour.games.splendor_marvel.bot import HeuristicBot
from parlour.games.splendor_marvel.game import SplendorMarvel
from parlour.games.splendor_marvel.search import SEARCH_HINTS
from parlour.games.splendor_marvel.state import Phase, SplendorMarvelState

GAME = SplendorMarvel()
"""The game instance the registry loads."""


def _heuristic(arg: str | None) -> Bot:
    return HeuristicBot()


RECORD = GameRecord(
    GAME,
    bots={"heuristic": _heuristic},
    search_hints=SEARCH_HINTS,
    roles={},
    hard_iterations=1000,
    browser_module="games/splendor-marvel.js",
    howto="howto/splendor-marvel.{lang}.html",
    encoder="parlour.rl.encoders.splendor_marvel",
    renderer="parlour.cli.render.splendor_marvel",
)
"""Splendor Marvel and its parts."""

__all__ = ["GAME", "RECORD", "Phase", "SplendorMarvel", "SplendorMarvelState"]
