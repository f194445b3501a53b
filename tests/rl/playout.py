"""Random legal playouts of an AEC environment, shared by the reward tests."""

from __future__ import annotations

import numpy as np

from parlour.rl import ParlourAECEnv


def play_random(env: ParlourAECEnv, seed: int) -> dict[str, float]:
    """Play random legal moves to the end; return each agent's total reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals
