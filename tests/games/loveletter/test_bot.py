"""The heuristic bot: it sees only its observation, plays sensibly, and beats random play."""

from __future__ import annotations

from parlour.bots.base import Bot, RandomBot
from parlour.bots.registry import make_bot
from parlour.engine import Rng
from parlour.engine.playout import observe
from parlour.games.loveletter import GAME
from parlour.games.loveletter.actions import Play
from parlour.sim.play import play_game
from tests.games.loveletter.helpers import start


def choose(state: object, seat: int) -> str:
    """The heuristic bot's choice for ``seat`` now."""
    bot = make_bot("heuristic", "loveletter")
    return str(bot.act(observe(bot, state, seat), Rng(1)))  # type: ignore[arg-type]


def test_never_plays_the_princess_by_choice_LL_CARD_PRINCESS() -> None:
    """LL-CARD-PRINCESS: legal, but the bot keeps her when it has another card."""
    for second in ("guard", "priest", "baron", "handmaid", "prince", "king", "countess"):
        st = start(3, ["guard", "princess", "priest", "baron", second])
        assert choose(st, 0) != "princess"
        assert not choose(st, 0).endswith(">p0") or second != "prince"


def test_plays_the_countess_when_forced_LL_CARD_COUNTESS() -> None:
    """LL-CARD-COUNTESS: with the King, the only answer is the Countess."""
    assert choose(start(2, ["guard", "countess", "guard", "king"]), 0) == "countess"


def test_guard_uses_what_the_priest_saw_LL_CARD_GUARD_LL_CARD_PRIEST() -> None:
    """After a Priest look, the Guard names the seen card's value on that player."""
    st = start(2, ["princess", "priest", "handmaid", "guard", "guard", "guard"])
    st.apply("priest>p1")  # p0 sees the Handmaid and keeps a Guard
    st.apply("guard>p0=3")  # p1 keeps its Handmaid
    assert st.view(0)["known"] == {"1": "handmaid"}
    assert choose(st, 0) == "guard>p1=4"


def test_guard_guess_follows_the_card_count() -> None:
    """Without knowledge, the Guard names a value still likely to be out there."""
    st = start(2, ["princess", "guard", "priest", "guard"])
    action = make_bot("heuristic", "loveletter").act(
        observe(make_bot("heuristic", "loveletter"), st, 0), Rng(2)
    )
    assert isinstance(action, Play) and action.card == "guard"
    assert action.guess not in (None, 1, 8)  # the Princess is the least likely value


def test_beats_random_play_clearly() -> None:
    """Over 200 seeded two-player games (seats alternating) it wins far above half."""
    wins = 0.0
    for seed in range(200):
        seat = seed % 2
        bots: list[Bot] = [RandomBot(), RandomBot()]
        bots[seat] = make_bot("heuristic", "loveletter")
        wins += play_game(GAME, 2, {}, seed, bots).result.scores[seat]
    assert wins / 200 > 0.8  # measured: 0.94


def test_beats_random_play_in_premium_and_2019() -> None:
    """Premium 5p and 2019 3p: far above the 1/5 and 1/3 a random seat would win."""
    for players, edition, floor in [(5, "premium", 0.4), (3, "2019", 0.6)]:
        wins = 0.0
        for seed in range(60):
            seat = seed % players
            bots: list[Bot] = [RandomBot() for _ in range(players)]
            bots[seat] = make_bot("heuristic", "loveletter")
            result = play_game(GAME, players, {"edition": edition}, seed, bots).result
            wins += result.scores[seat]
        assert wins / 60 > floor  # measured: 0.67 and 0.86
