"""Reinforcement learning on every Parlour game: PettingZoo AEC and Gymnasium environments.

``make_env(game_id, players, **options)`` is the multi-agent (AEC) environment,
``make_single_env(...)`` one seat against Parlour bots, ``measure_env_steps`` their speed.
Observations come from each game's encoder (``parlour.rl.encoders``), built from a seat's
view only.
"""

from parlour.rl.bench import measure_env_steps
from parlour.rl.encoders import encoder_class, encoder_ids, make_encoder, register_encoder
from parlour.rl.encoding import Encoder, Field
from parlour.rl.env import ParlourAECEnv, make_env, raw_env
from parlour.rl.single import IllegalMoveWrapper, ParlourSingleEnv, make_single_env

__all__ = [
    "Encoder",
    "Field",
    "IllegalMoveWrapper",
    "ParlourAECEnv",
    "ParlourSingleEnv",
    "encoder_class",
    "encoder_ids",
    "make_encoder",
    "make_env",
    "make_single_env",
    "measure_env_steps",
    "raw_env",
    "register_encoder",
]
