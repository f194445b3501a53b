"""Love Letter: the classic (2-4 players), premium (5-8) and 2019 (2-6) editions.

The rules are ``rules/loveletter.md`` of the specification; tests name its clause ids.

Options
    ``edition``: ``classic`` (default), ``premium`` or ``2019``; it sets the deck and the
    player counts. ``ruleset``: ``seed`` (default, Board Game Arena's page) or ``printed``
    (the publishers' rulebooks). Each difference between them is its own option, derived
    from the rule set when not given: ``tokens_to_win`` (seed: 2p 6, 3p 5, 4p 4, 5+ 3),
    ``two_player_face_up`` (printed: three cards set aside face up with two players; giving
    it true for more players is an error) and ``tie_rule`` (``discard-then-nobody``,
    ``discard-then-all`` or ``all``). ``first_player``: the seat starting the first round
    (default: drawn from the seed).

Stacked openings
    ``GAME.new(players, options, seed, stack)`` with
    ``stack = {"rounds": [[card ids...], ...], "first_player": 0}`` fixes the first rounds'
    decks (a bare list is one round). Each list holds the edition's whole deck, top card
    first, dealt in this order: the set-aside card, the three face-up cards (two players with
    ``two_player_face_up``), one card per player from the round's first player on, then the
    draw pile from its top. Later rounds are shuffled. Wrong cards or counts raise
    ``OptionError("core.error.bad_stack")``.

Actions (seats are 0-based, written ``p<seat>``)
    ``handmaid``; ``priest>p1``; ``guard>p1=5`` (name a value); ``baroness>p1+p3``;
    ``cardinal>p0+p2``; a targeted card alone (``guard``) when every choice is protected;
    ``keep`` / ``discard`` (the Bishop's target); ``keep=guard;bottom=prince,baron`` (the
    Chancellor: the card kept, then the returned cards top to bottom); ``look=p2`` /
    ``look=none`` (the Cardinal's look). ``GAME.action_steps`` labels card, target(s), value.

Views
    ``edition``, ``round``, ``first``, ``actor``, ``tokens``, ``tokens_to_win``, ``hand`` (the
    seat's own cards: two or three on its turn), ``hand_sizes``, ``known`` (other seats'
    hands the seat knows for sure, by seat, while unchanged), ``in_round``, ``protected``,
    ``discards`` (in order), ``pile`` (size), ``set_aside`` (whether the face-down card is
    still there), ``face_up``, ``sycophant`` (the forced target), ``jester`` (each seat's
    Jester choice), ``pending`` (the Bishop, Cardinal or Chancellor follow-up),
    ``last_round`` (winners and the showdown hands of the previous round), ``phase``.
    ``determinize(seat, rng)`` reshuffles every card the seat cannot see, keeps the hands
    it knows, and respects the public facts still true (a missed Guard or Bishop guess, a
    Bishop's hit, a Baron or Dowager tie) by rejection sampling; the other seats keep knowing
    a hand they looked at while no play, trade or draw has touched it since. Every fact is
    public: which of its two cards a player played is not (LL-TURN-6), so every play starts
    a new version of its hand. The state also records the card played beside each hand now
    held; search may weigh worlds by it (``search``), ``determinize`` does not.

Events
    Public: turns, plays, knock-outs with the revealed card, protections, trades, tokens,
    showdown reveals, round and game ends. Private: draws (the drawer), Priest, Baroness and
    Cardinal looks (the looker), Baron and Dowager comparisons (both players), traded cards
    (each receiver), the Chancellor's cards (its player).
"""

from parlour.engine.record import GameRecord
from parlour.games.loveletter.bot import HeuristicBot, make_heuristic
from parlour.games.loveletter.game import GAME, LoveLetter, LoveLetterPlay
from parlour.games.loveletter.search import SEARCH_HINTS
from parlour.games.loveletter.state import LoveLetterState

RECORD = GameRecord(
    GAME,
    bots={"heuristic": make_heuristic},
    search_hints=SEARCH_HINTS,
    roles={},
    hard_iterations=1500,
    browser_module="games/loveletter.js",
    howto="howto/loveletter.{lang}.html",
    encoder="parlour.rl.encoders.loveletter",
    renderer="parlour.cli.render.loveletter",
)
"""Love Letter and its parts (the registry adds the generic bots to ``bots``)."""

__all__ = ["GAME", "RECORD", "HeuristicBot", "LoveLetter", "LoveLetterPlay", "LoveLetterState"]
