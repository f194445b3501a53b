"""The heuristic bot: it plays from its observation only and beats the random bot."""

from __future__ import annotations

from parlour.bots.base import RandomBot
from parlour.bots.registry import make_bot
from parlour.engine import Rng
from parlour.engine.playout import observe
from parlour.games.splendor_marvel import GAME
from parlour.games.splendor_marvel.bot import HeuristicBot
from parlour.sim.play import play_game
from tests.games.splendor_marvel.helpers import give_cards, give_tokens, new, play


def test_heuristic_beats_random_in_nearly_every_two_player_game() -> None:
    """100 seeded 2-player games, seats alternating: the heuristic bot wins at least 90%."""
    wins = 0
    for seed in range(100):
        seat = seed % 2
        bots = [HeuristicBot() if s == seat else RandomBot() for s in range(2)]
        game = play_game(GAME, 2, {}, seed, bots)
        wins += game.result.winners == (seat,)
    assert wins >= 90, f"the heuristic bot won only {wins} of 100"


def test_heuristic_bots_finish_games_with_the_gauntlet() -> None:
    """Heuristic bots against each other reach the Infinity Gauntlet (no round limit)."""
    for players in (2, 3, 4):
        bots = [make_bot("heuristic", "splendor-marvel") for _ in range(players)]
        game = play_game(GAME, players, {}, players, bots)
        assert game.result.reason == "gauntlet"
        assert game.result.details["qualified"]


def test_heuristic_reserves_the_card_that_would_complete_a_rivals_gauntlet() -> None:
    """It denies: a display card giving another seat the Gauntlet (SM-WIN-1) is reserved."""
    st = new()
    give_cards(st, 1, "t3-green-goblin", "t3-gamora", "t2-groot", "t2-ghost-rider")
    give_cards(st, 1, "t1-abomination")  # 14 points, every colour
    give_tokens(st, 1, green=1, yellow=4)  # Ronan (2 points, yellow 5) is within reach
    bot = HeuristicBot()
    action = bot.act(observe(bot, st, 0), Rng(1))
    assert str(action) == "reserve:t2-4"


def test_heuristic_saves_grey_when_coloured_tokens_can_pay() -> None:
    """Of several payments for the same card it spends the fewest grey tokens."""
    st = new()
    give_tokens(st, 0, red=3, grey=2)
    st.display[0] = [st.display[0][0], -1, -1, -1]  # only Baron Zemo (red 3) to recruit
    st._legal = None
    bot = HeuristicBot()
    assert str(bot.act(observe(bot, st, 0), Rng(1))) == "recruit:t1-1"


def test_heuristic_returns_the_least_needed_token_never_grey_first() -> None:
    """SM-END-LIMIT: asked to return, it keeps grey (a wild) and what its targets need."""
    st = new()
    give_tokens(st, 0, grey=1, red=4, purple=3, orange=2)
    play(st, "take:yellow,blue,orange")  # 13 tokens: return 3
    bot = HeuristicBot()
    returned = []
    while st.to_act == 0 and st.prompt() == "return_tokens":
        action = bot.act(observe(bot, st, 0), Rng(2))
        returned.append(str(action))
        st.apply(action)
    assert len(returned) == 3 and "return:grey" not in returned
