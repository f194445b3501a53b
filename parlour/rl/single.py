"""# A Parlour game as a Gymnasium single-agent environment

| Creation           | `parlour.rl.make_single_env("loveletter", players=2, opponent="random")` |
|--------------------|---------------------------------------------------------------------------|
| Actions            | Discrete (the game's action space)                                        |
| Observation        | `{"observation": float32 in [0, 1], "action_mask": int8 0/1}`             |

The learner holds one seat (``seat``, default 0; ``None`` draws a seat per episode); every
other seat is played by a Parlour bot (``opponent``: one bot spec such as ``random``,
``heuristic`` or ``ismcts:200ms`` for every other seat, or a list with one spec per other
seat, in seat order). Bots decide through :func:`parlour.engine.playout.decide` (their own
view and legal moves, never the state), seeded by its rule from the episode's seed.

``step(action)`` applies the learner's action, then lets the bots play until the learner
must decide again or the game ends. Observations, the action mask, rewards
(``reward="game"`` or ``"round"``), truncation (``max_steps`` decisions of the game), seeds
(``reset(seed=s)`` plays the game of seed ``s``) and stacked openings
(``reset(options={"stack": ...})``) are as in the AEC environment (:mod:`parlour.rl.env`),
seen from the learner's seat. Should a game end before the learner's first decision,
``reset`` deals the next game of the seed sequence instead.

### Illegal moves

:class:`ParlourSingleEnv` raises ``IllegalActionError`` (the game is unchanged).
:class:`IllegalMoveWrapper` (what ``make_single_env`` returns by default) ends the episode
instead: reward ``penalty`` (-1), ``terminated=True``, ``info["illegal_action"] = True``, the
observation unchanged; the game is not played on, so ``reset`` before stepping again.

### Version History

* v1: Initial release.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from parlour.bots.base import Bot
from parlour.bots.registry import make_bot
from parlour.engine import OptionError, Rng, seed_from
from parlour.engine.playout import decide
from parlour.rl.core import (
    DEFAULT_MAX_STEPS,
    RENDER_MODES,
    EnvConfig,
    Episode,
    EpisodeSeeds,
    Obs,
    action_code,
    check_illegal,
    check_render_mode,
    configure,
    current,
    observation_space,
    render_episode,
    reset_stack,
)

_RESET_TRIES = 100
"""Deals tried by ``reset`` before giving up on games where the learner never decides."""


class ParlourSingleEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a Parlour game against bots, as a Gymnasium environment."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        *,
        seat: int | None = 0,
        opponent: str | Sequence[str] = "random",
        reward: str = "game",
        max_steps: int = DEFAULT_MAX_STEPS,
        render_mode: str | None = None,
        lang: str = "en",
        options: dict[str, Any] | None = None,
    ) -> None:
        check_render_mode(render_mode)
        self.config: EnvConfig = configure(
            game_id, players, options, reward=reward, max_steps=max_steps, lang=lang
        )
        n = self.config.players
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n
        ):
            raise OptionError("core.error.bad_seat", seat=str(seat)[:20])
        self.fixed_seat = seat
        specs = [opponent] * (n - 1) if isinstance(opponent, str) else list(opponent)
        if len(specs) != n - 1:
            raise OptionError("rl.error.bad_opponents", count=len(specs), needed=n - 1)
        self.opponent_specs: list[str] = specs
        self.render_mode = render_mode
        self.encoder = self.config.encoder
        size = self.config.action_size
        self.action_space = spaces.Discrete(size)
        self.observation_space = observation_space(self.config)
        self._seeds = EpisodeSeeds()
        self.episode: Episode | None = None
        self.seat = 0 if seat is None else seat
        """The learner's seat in the current episode."""
        self._bots: dict[int, Bot] = {}
        self._return = 0.0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal a new game and let the bots play up to the learner's first decision."""
        super().reset(seed=seed)
        game_seed = self._seeds.next(seed)
        stack = reset_stack(options)
        for _ in range(_RESET_TRIES):
            self._start(game_seed, stack)
            self._play_bots()
            if not self._episode.done:
                return self._episode.observation(self.seat), self._info()
            game_seed = self._seeds.next(None)
        raise OptionError("rl.error.learner_never_acts", game=self.config.game.id)

    def _start(self, game_seed: int, stack: Any) -> None:
        episode = Episode(
            self.config, game_seed, record_events=self.render_mode is not None, stack=stack
        )
        self.episode = episode
        n = self.config.players
        self.seat = (
            self.fixed_seat
            if self.fixed_seat is not None
            else Rng(seed_from(game_seed, "learner")).below(n)
        )
        others = [s for s in range(n) if s != self.seat]
        self._bots = {
            s: make_bot(spec, self.config.game.id)
            for s, spec in zip(others, self.opponent_specs, strict=True)
        }
        for s, bot in self._bots.items():
            bot.reset(s, n, episode.state.options)
        self._return = 0.0

    def step(self, action: np.int64 | int) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the bots' up to the learner's next decision."""
        episode = self._episode
        if episode.done:
            raise OptionError("rl.error.episode_over")
        reward = episode.apply(action_code(action))[self.seat]
        reward += self._play_bots()
        self._return += reward
        if self.render_mode == "human":
            self.render()
        return (
            episode.observation(self.seat),
            reward,
            episode.state.is_over,
            episode.truncated,
            self._info(),
        )

    def _play_bots(self) -> float:
        """Let the bots act until the learner is to act or the episode ends; its rewards."""
        episode = self._episode
        total = 0.0
        while not episode.done and (seat := episode.state.to_act) != self.seat:
            assert seat is not None  # not done, so someone is to act
            choice = decide(self._bots[seat], episode.state, seat)
            code = episode.state.action_space.code(choice)
            total += episode.apply(code)[self.seat]
        return total

    def _info(self) -> dict[str, Any]:
        episode = self._episode
        info: dict[str, Any] = {"seat": self.seat, "seed": episode.seed}
        result = episode.state.result
        if result is not None:
            info["winners"] = list(result.winners)
            info["won"] = self.seat in result.winners
        return info

    def render(self) -> str | None:
        """The spectator's text of the game since the last render (``human`` prints it)."""
        return render_episode(self.episode, self.render_mode)

    @property
    def _episode(self) -> Episode:
        return current(self.episode)

    def legal_mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The learner's current action mask."""
        return self._episode.observation(self.seat)["action_mask"]


class IllegalMoveWrapper(gymnasium.Wrapper[dict[str, Any], np.int64, dict[str, Any], np.int64]):
    """Ends the episode with ``penalty`` on an illegal action instead of raising."""

    def __init__(self, env: gymnasium.Env[dict[str, Any], np.int64], penalty: float = -1.0) -> None:
        super().__init__(env)
        self.penalty = float(penalty)
        self._last: Obs | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Reset the wrapped environment and remember its mask."""
        obs, info = self.env.reset(seed=seed, options=options)
        self._last = obs
        return _copy(obs), info

    def step(self, action: np.int64 | int) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """Step when ``action`` is legal; otherwise end the episode with the penalty."""
        last = self._last
        code = action_code(action)
        mask = None if last is None else last["action_mask"]
        if mask is not None and not (0 <= code < len(mask) and mask[code]):
            self._last = None
            return _copy(last), self.penalty, True, False, {"illegal_action": True}  # type: ignore[arg-type]
        obs, reward, terminated, truncated, info = self.env.step(np.int64(code))
        self._last = obs
        return _copy(obs), reward, terminated, truncated, info


def _copy(obs: Obs) -> Obs:
    return {k: v.copy() for k, v in obs.items()}


def make_single_env(
    game_id: str,
    players: int | None = None,
    *,
    seat: int | None = 0,
    opponent: str | Sequence[str] = "random",
    reward: str = "game",
    max_steps: int = DEFAULT_MAX_STEPS,
    render_mode: str | None = None,
    lang: str = "en",
    illegal: str = "terminate",
    illegal_reward: float = -1.0,
    **options: Any,
) -> gymnasium.Env[dict[str, Any], np.int64]:
    """A Gymnasium environment of one seat against bots; other keyword arguments are game options.

    ``illegal="terminate"`` wraps it in :class:`IllegalMoveWrapper` (penalty
    ``illegal_reward``); ``illegal="raise"`` returns the raw environment, which raises.
    """
    check_illegal(illegal)
    env: gymnasium.Env[dict[str, Any], np.int64] = ParlourSingleEnv(
        game_id,
        players,
        seat=seat,
        opponent=opponent,
        reward=reward,
        max_steps=max_steps,
        render_mode=render_mode,
        lang=lang,
        options=options,
    )
    if illegal == "terminate":
        env = IllegalMoveWrapper(env, penalty=illegal_reward)
    return env
