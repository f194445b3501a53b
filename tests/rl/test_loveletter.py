"""Love Letter in the environments: scripted openings, the encoder's fields, round rewards."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from parlour.rl import ParlourAECEnv, ParlourSingleEnv, make_encoder, make_env
from parlour.rl.encoders.loveletter import LoveLetterEncoder
from tests.rl.playout import play_random

# Top card first: set aside the Princess, deal p0 a Guard and p1 a Priest, p0 draws a Baron.
REST = ["guard"] * 3 + ["priest", "baron", "handmaid", "handmaid", "prince", "prince"]
REST += ["king", "countess"]
STACK: dict[str, Any] = {
    "rounds": [["princess", "guard", "priest", "baron", "guard", *REST]],
    "first_player": 0,
}
GUARD_NAMES_PRIEST = "guard>p1=2"


def _field(encoder: LoveLetterEncoder, vector: np.ndarray[Any, Any], name: str) -> list[float]:
    slot = encoder.slots[name]
    return [round(float(v), 4) for v in vector[slot.start : slot.stop]]


def test_the_opening_observation_holds_exactly_what_the_seat_knows() -> None:
    """LL-SETUP-1, LL-SETUP-3, LL-TURN-2: own two cards, the rest unseen, nothing of p1's."""
    env = ParlourAECEnv("loveletter", 2)
    env.reset(seed=0, options={"stack": STACK})
    enc = env.encoder
    assert isinstance(enc, LoveLetterEncoder)
    mine = env.observe("player_0")["observation"]
    assert _field(enc, mine, "me") == [1, 0]
    assert _field(enc, mine, "to_act") == [1, 0]
    assert _field(enc, mine, "phase") == [1, 0, 0, 0, 0]
    # guard, priest, baron, handmaid, prince, king, countess, princess
    assert _field(enc, mine, "hand") == [0.3333, 0, 0.3333, 0, 0, 0, 0, 0]
    assert _field(enc, mine, "unseen") == [0.8, 1, 0.5, 1, 1, 1, 1, 1]
    assert _field(enc, mine, "hand_sizes") == [0.6667, 0.3333]
    assert _field(enc, mine, "pile") == [0.75]  # 16 - set aside - 2 dealt - 1 drawn
    assert not any(_field(enc, mine, "known"))
    theirs = env.observe("player_1")["observation"]
    assert _field(enc, theirs, "hand") == [0, 0.3333, 0, 0, 0, 0, 0, 0]
    assert not env.observe("player_1")["action_mask"].any()


def test_a_guard_hit_wins_the_round_and_pays_the_round_reward() -> None:
    """LL-CARD-GUARD, LL-END-1, LL-GAME-1: p0 names p1's Priest, p1 is out, p0 takes a token."""
    env = ParlourAECEnv("loveletter", 2, reward="round", render_mode="ansi")
    env.reset(seed=0, options={"stack": STACK})
    assert env.episode is not None
    space = env.episode.state.action_space
    env.step(space.code(space.parse(GUARD_NAMES_PRIEST)))
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert env.episode.state.view(None)["tokens"] == [1, 0]
    text = env.render()
    assert isinstance(text, str) and len(text.splitlines()) >= 3
    # The next round is dealt: the winner of the last round starts (LL-GAME-2).
    assert env.agent_selection == "player_0"
    assert not any(env.terminations.values())


def test_game_rewards_wait_for_the_end() -> None:
    """With ``reward="game"`` the same round win pays nothing yet."""
    env = ParlourAECEnv("loveletter", 2)
    env.reset(seed=0, options={"stack": STACK})
    assert env.episode is not None
    space = env.episode.state.action_space
    env.step(space.code(space.parse(GUARD_NAMES_PRIEST)))
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0}


@pytest.mark.parametrize("edition", ["classic", "2019"])
def test_round_rewards_add_up_to_token_differences_plus_the_result(edition: str) -> None:
    """LL-GAME-1: each token gained pays +1 to its seat and -1 to the other (two players)."""
    env = ParlourAECEnv("loveletter", 2, reward="round", options={"edition": edition})
    for seed in range(3):
        totals = play_random(env, seed)
        assert env.episode is not None
        state = env.episode.state
        tokens = state.view(None)["tokens"]
        result = state.result
        assert result is not None
        end = 1.0 if 0 in result.winners else -1.0
        assert totals["player_0"] == pytest.approx(tokens[0] - tokens[1] + end)
        assert totals["player_1"] == pytest.approx(-totals["player_0"])


def test_single_agent_env_against_the_random_bot_plays_whole_games() -> None:
    env = ParlourSingleEnv("loveletter", 2, seat=1, reward="round")
    for seed in range(4):
        obs, info = env.reset(seed=seed)
        done = False
        steps = 0
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) > 0
            obs, _, terminated, truncated, info = env.step(int(legal[0]))
            done = terminated or truncated
            steps += 1
        assert steps > 3
        assert info["seat"] == 1
        assert info["won"] == (1 in info["winners"])


@pytest.mark.parametrize(
    ("players", "edition", "size"),
    [(2, "classic", 105), (4, "classic", 187), (8, "premium", 618), (6, "2019", 319)],
)
def test_layout_sizes_are_stable(players: int, edition: str, size: int) -> None:
    """Encoder v1 sizes: a change here must bump the encoder version."""
    from parlour.games import get_game

    opts = get_game("loveletter").resolve_options(players, {"edition": edition})
    enc = make_encoder("loveletter", players, opts)
    assert enc.size == size == sum(s for _, _, s, _ in enc.layout())
    assert enc.version == 1


@pytest.mark.parametrize("illegal", ["terminate", "raise"])
def test_round_reward_env_passes_the_pettingzoo_tests(illegal: str) -> None:
    def make() -> Any:
        return make_env("loveletter", 3, reward="round", illegal=illegal, edition="2019")

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice such as "observation is not a NumPy array"
        api_test(make(), num_cycles=40)
    seed_test(make, num_cycles=40)


def _state_vectors_differing(encoder_of: Any, players: int, options: dict[str, Any]) -> list[str]:
    """Where encoding the state straight differs from encoding the seat's view.

    Seeded random games; at every position, every seat's two vectors are compared byte for
    byte. Also returns the prompts met (as ``phase:NAME``), so a caller can see they all were.
    """
    from parlour.games.loveletter import GAME

    encoder = encoder_of(players, GAME.resolve_options(players, options))
    out: list[str] = []
    rng = np.random.default_rng(3)
    for seed in range(5):
        state = GAME.new(players, options, seed)
        while True:
            out.append(f"phase:{state.phase.value}")
            for seat in range(players):
                direct = encoder.encode_state(state, seat)
                assert direct is not None
                if direct.tobytes() != encoder.encode(state.view(seat)).tobytes():
                    out.append(f"seat {seat} at move {state.move_number}")
            if state.to_act is None:
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    return out


STATE_CONFIGURATIONS = [
    (2, {"edition": "classic", "ruleset": "printed"}),
    (4, {"edition": "classic"}),
    (6, {"edition": "2019"}),
    (8, {"edition": "premium"}),
]


@pytest.mark.parametrize(("players", "options"), STATE_CONFIGURATIONS)
def test_the_state_is_encoded_exactly_as_the_view(players: int, options: dict[str, Any]) -> None:
    """The environment encodes the state without building the view, through the view's own
    knowledge functions: every seat's vector is the view's, byte for byte, on every prompt."""
    met = _state_vectors_differing(LoveLetterEncoder, players, options)
    assert [m for m in met if not m.startswith("phase:")] == []


def test_the_state_encoding_check_catches_a_peek_and_sees_every_prompt() -> None:
    """Planted fault: an encoder that marks another seat's real hand as known is caught;
    the configurations above meet the Bishop's, Chancellor's and Cardinal's prompts."""

    class Peeking(LoveLetterEncoder):
        def encode_state(self, state: Any, seat: int) -> Any:
            vector = super().encode_state(state, seat)
            other = (seat + 1) % self.players
            if vector is not None and state.hand[other] >= 0:
                k = len(self.edition.ids)
                vector[self.slots["known"].start + other * k + state.hand[other]] = 1.0
            return vector

    assert [m for m in _state_vectors_differing(Peeking, 4, {}) if not m.startswith("phase:")]
    met = set()
    for players, options in STATE_CONFIGURATIONS:
        met |= set(_state_vectors_differing(LoveLetterEncoder, players, options))
    assert {"phase:play", "phase:bishop", "phase:chancellor", "phase:cardinal"} <= met


def test_an_encoder_writing_views_its_own_way_is_given_views() -> None:
    """A subclass that overrides ``write`` is not bypassed by the state encoding."""

    class Own(LoveLetterEncoder):
        def write(self, data: Any, out: Any) -> None:
            super().write(data, out)

    from parlour.games.loveletter import GAME

    state = GAME.new(2, {}, 0)
    assert Own(2, state.options).encode_state(state, 0) is None
    assert LoveLetterEncoder(2, state.options).encode_state(state, 0) is not None
