"""Environment throughput: decisions per second through the AEC environment."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from parlour.rl.env import ParlourAECEnv


def measure_env_steps(
    game_id: str,
    seconds: float = 1.0,
    *,
    players: int | None = None,
    seed: int = 0,
    **options: Any,
) -> float:
    """Steps per second of ``game_id``'s AEC environment under uniformly random legal play.

    Each step is what a learner pays for: observe (encode the view, build the mask), pick a
    legal action, step (apply, rewards). Whole episodes are played until ``seconds`` pass.
    """
    env = ParlourAECEnv(game_id, players, options=options)
    rng = np.random.default_rng(seed)
    steps = 0
    episode = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        env.reset(seed=seed + episode)
        episode += 1
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        if time.perf_counter() >= deadline:
            break
    return steps / (time.perf_counter() - start)
