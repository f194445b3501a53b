"""What both environments share: the configuration, the seeds, and one game being played.

An :class:`Episode` holds the real state, but hands out only what a seat may know: its
observation is encoded from ``state.view(seat)`` and the action mask from the legal moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from numbers import Integral
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from parlour.engine import (
    ActionSpace,
    Event,
    Game,
    IllegalActionError,
    OptionError,
    Rng,
    State,
    seed_from,
)
from parlour.engine.i18n import LANGUAGES
from parlour.games import get_game
from parlour.rl.encoders import make_encoder
from parlour.rl.encoding import Encoder
from parlour.rl.render import render_text
from parlour.rl.rewards import REWARD_KINDS, game_rewards, round_rewards

Obs = dict[str, NDArray[Any]]
"""An observation: ``{"observation": float32 vector, "action_mask": int8 vector}``."""

DEFAULT_MAX_STEPS = 5000
"""Decisions after which an episode is truncated (far above any finished game's length)."""

RENDER_MODES: tuple[str, ...] = ("ansi", "human")
"""Text render modes: ``ansi`` returns the text, ``human`` prints it."""

ILLEGAL_POLICIES: tuple[str, ...] = ("terminate", "raise")
"""What the ``make_*`` factories do with an illegal action: end with a penalty, or raise."""


@dataclass(frozen=True)
class EnvConfig:
    """One environment's resolved settings."""

    game: Game
    """The game."""
    players: int
    """The number of seats."""
    options: Mapping[str, Any]
    """Every game option's value, resolved by the game."""
    reward: str
    """``game`` (end of game only) or ``round`` (also each round's tokens)."""
    max_steps: int
    """Decisions after which an episode is truncated."""
    lang: str
    """The language of rendered text."""
    encoder: Encoder = field(repr=False)
    """The observation encoder of this configuration."""
    action_size: int
    """The size of the game's fixed action space."""


def action_code(action: Any) -> int:
    """An agent's action as an integer code; anything but a whole number is refused.

    ``int()`` alone would turn ``2.7`` into 2, ``"3"`` into 3 and ``True`` into 1 (another
    action than meant) and fail with a raw error on text or arrays.
    """
    if type(action) is int:  # the common case, before the slower checks of ABCs
        return action
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    if isinstance(action, bool | np.bool_) or not isinstance(action, Integral):
        raise IllegalActionError("core.error.malformed_action", action=repr(action)[:80])
    return int(action)


def configure(
    game_id: Any,
    players: Any,
    options: Mapping[str, Any] | None,
    *,
    reward: object = "game",
    max_steps: object = DEFAULT_MAX_STEPS,
    lang: object = "en",
) -> EnvConfig:
    """Check and resolve an environment's settings (raises OptionError with a reason).

    The settings are taken as any object (``Any``): compiled, a typed parameter would
    refuse a wrong type with a TypeError before these checks could name it.
    """
    game = get_game(game_id)
    given = dict(options or {})
    if players is None:
        players = game.player_range(given)[0]
    resolved = game.resolve_options(players, given)
    if not isinstance(reward, str) or reward not in REWARD_KINDS:
        raise OptionError(
            "rl.error.bad_reward", reward=str(reward)[:40], known=", ".join(REWARD_KINDS)
        )
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise OptionError("rl.error.bad_max_steps", value=str(max_steps)[:40])
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise OptionError("rl.error.bad_lang", lang=str(lang)[:20], known=", ".join(LANGUAGES))
    encoder = make_encoder(game.id, players, resolved)
    if reward == "round" and not _has_rounds(encoder, game, players, resolved):
        raise OptionError("rl.error.no_rounds", game=game.id)
    size = game.action_space(players, resolved).size
    return EnvConfig(game, players, resolved, reward, max_steps, lang, encoder, size)


def _has_rounds(encoder: Encoder, game: Game, players: int, options: Mapping[str, Any]) -> bool:
    return encoder.round_points(game.new(players, options, 0).view(None)) is not None


def observation_space(config: EnvConfig) -> spaces.Dict:
    """The observation space of a configuration: the encoded view and the action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (config.encoder.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (config.action_size,), dtype=np.int8),
        }
    )


def reset_stack(options: Mapping[str, Any] | None) -> Any:
    """The stacked opening asked for in ``reset(options={"stack": ...})`` (other keys unused)."""
    return None if options is None else options.get("stack")


def check_render_mode(render_mode: object) -> None:
    """Refuse an unknown render mode."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise OptionError(
            "rl.error.bad_render_mode", mode=str(render_mode)[:20], known=", ".join(RENDER_MODES)
        )


def check_illegal(illegal: object) -> None:
    """Refuse an unknown illegal-action policy."""
    if illegal not in ILLEGAL_POLICIES:
        raise OptionError(
            "rl.error.bad_illegal", value=str(illegal)[:40], known=", ".join(ILLEGAL_POLICIES)
        )


SPACES_KEPT = 64
"""How many action spaces' identity tables are kept (one per configuration in use)."""
_BY_ID: dict[int, tuple[ActionSpace, dict[int, int]]] = {}


def codes_by_id(space: ActionSpace) -> dict[int, int]:
    """The codes of a space's own action objects by their ``id`` (no hashing of an action).

    Each entry holds its space, which holds the actions: no id is reused while it lives.
    """
    found = _BY_ID.get(id(space))
    if found is None or found[0] is not space:
        if len(_BY_ID) >= SPACES_KEPT:
            _BY_ID.clear()
        found = _BY_ID[id(space)] = (space, {id(a): i for i, a in enumerate(space.actions)})
    return found[1]


class EpisodeSeeds:
    """Game seeds for successive episodes: ``reset(seed=s)`` plays the game of seed ``s``.

    Later resets without a seed draw from a generator seeded from ``s`` (from the system's
    entropy when no seed was ever given), so a seeded run of episodes is reproducible.
    """

    def __init__(self) -> None:
        self._rng: Rng | None = None

    def next(self, seed: object) -> int:
        """The game seed of the next episode."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, Integral):
                raise OptionError("core.error.bad_seed", seed=str(seed)[:40])
            self._rng = Rng(seed_from(int(seed), "episodes"))
            return int(seed)
        if self._rng is None:
            self._rng = Rng(Game.fresh_seed(None))
        return self._rng.next64() >> 1


class Episode:
    """One game being played, with the rewards and observations the environments hand out."""

    def __init__(
        self, config: EnvConfig, seed: int, *, record_events: bool = False, stack: Any = None
    ) -> None:
        self.config = config
        self.seed = seed
        self.state: State = config.game.new(config.players, config.options, seed, stack)
        self.state.record_events = record_events
        self.truncated = False
        """Whether the episode was cut at ``max_steps`` decisions."""
        self.events: list[Event] = []
        """Events not yet rendered (kept only when recording)."""
        self._points = self._round_points()
        self._cache: dict[int, Obs] = {}
        space = self.state.action_space
        self._space = space
        self._by_id = codes_by_id(space)

    @property
    def done(self) -> bool:
        """Whether the game ended or was truncated."""
        return self.truncated or self.state.is_over

    def _round_points(self) -> list[float] | None:
        if self.config.reward != "round":
            return None
        points = self.config.encoder.round_points(self.state.view(None))
        return None if points is None else [float(p) for p in points]

    def observation(self, seat: int) -> Obs:
        """A fresh observation for ``seat``: its encoded view; its mask when it is to act."""
        obs = self._cache.get(seat)
        if obs is None:
            encoder = self.config.encoder
            vector = encoder.encode_state(self.state, seat)
            if vector is None:
                vector = encoder.encode(self.state.view(seat))
            ones = bytearray(self.config.action_size)
            state = self.state
            if not self.truncated and state.to_act == seat:
                space = state.action_space
                by_id = self._by_id if space is self._space else codes_by_id(space)
                # The space's own (interned) actions by identity, anything else by value.
                for a in state.legal_actions():
                    c = by_id.get(id(a))
                    ones[space.code(a) if c is None else c] = 1
            mask: NDArray[np.int8] = np.frombuffer(ones, np.int8)
            obs = {"observation": vector, "action_mask": mask}
            self._cache[seat] = obs
        return {"observation": obs["observation"].copy(), "action_mask": obs["action_mask"].copy()}

    def apply(self, code: object) -> list[float]:
        """Apply one action code for the seat to act; return every seat's reward for it.

        An illegal code raises IllegalActionError and changes nothing.
        """
        events = self.state.apply(action_code(code))
        self._cache.clear()
        if self.state.record_events:
            self.events += events
        rewards = [0.0] * self.config.players
        if self._points is not None:
            after = self._round_points()
            assert after is not None  # the same encoder answered at the start
            rewards = round_rewards(self._points, after)
            self._points = after
        result = self.state.result
        if result is not None:
            rewards = [r + g for r, g in zip(rewards, game_rewards(result.scores), strict=True)]
        elif self.state.move_number >= self.config.max_steps:
            self.truncated = True
        return rewards


def current(episode: Episode | None) -> Episode:
    """The episode being played; refused before the first ``reset``."""
    if episode is None:
        raise OptionError("rl.error.not_reset")
    return episode


def render_episode(episode: Episode | None, render_mode: str | None) -> str | None:
    """The spectator's text of the game since the last render (``human`` prints it)."""
    if render_mode is None or episode is None:
        return None
    text = render_text(
        episode.state, episode.events, truncated=episode.truncated, lang=episode.config.lang
    )
    episode.events = []
    if render_mode == "human":
        print(text)
        return None
    return text
