"""# Parlour games as PettingZoo AEC environments

| Creation           | `parlour.rl.make_env("loveletter", players=2, edition="classic")` |
|--------------------|--------------------------------------------------------------------|
| Actions            | Discrete                                                           |
| Parallel API       | No (one seat decides at a time, not always in turn order)          |
| Agents             | `["player_0", ..., "player_{n-1}"]` (seat `i` is `player_i`)       |
| Action Shape       | `()` (one integer code)                                            |
| Action Values      | `[0, size of the game's action space - 1]`                         |
| Observation Shape  | `{"observation": (encoder size,), "action_mask": (action space size,)}` |
| Observation Values | `observation` in [0, 1] (float32); `action_mask` 0 or 1 (int8)     |

Every registered game with an observation encoder (``parlour.rl.encoders``) is an
environment, in every configuration the game accepts: ``make_env(game_id, players, **game
options)``; ``players`` defaults to the fewest the options allow and every game option to the
game's default.

### Agents and turn order

The agent to act is the seat the game prompts (``state.to_act``). That is usually the next
seat in turn order, but not always: a prompt may go to another seat (a Bishop's target
deciding whether to discard, a Splendor player returning tokens), and one seat may decide
several times in a row. Use ``agent_iter()`` and never assume alternation.

### Observation Space

A dict with ``observation``, the seat's view (``state.view(seat)``, never the state;
an encoder may write that view's vector without building it, see ``Encoder.encode_state``)
encoded by the game's encoder as a fixed-size float32 vector documented in that encoder's
module (``parlour.rl.encoders.<game>``; ``env.unwrapped.encoder.layout()`` lists its fields),
and ``action_mask``, the legal actions. Only the agent to act has ones in its mask; every
other agent's mask, and every mask after the end, is all zeros.

### Action Space

``Discrete(n)`` over the game configuration's fixed action space (``state.action_space``):
action ``k`` is ``state.action_space.actions[k]``, whose text form (``str``) is the move's
canonical notation. ``env.unwrapped.action_text(k)`` gives it.

### Rewards

``reward="game"`` (default): zero everywhere except at the end, where ``Result.scores`` (1
shared among the winners) is made zero-sum: a sole winner gets +1, the others share -1
(two players: win +1, loss -1); ``k`` winners sharing of ``n`` seats get
``(n/k - 1)/(n - 1)`` each; a game nobody wins gives 0. ``reward="round"`` (games with
rounds: Love Letter) adds, at every step where seats gain tokens of affection (as read from
the public view), the same zero-sum transform of the tokens gained (2 players: +1 to the
round's winner, -1 to the other), on top of the end-of-game reward.

### Episode end

Termination when the game ends. Truncation after ``max_steps`` decisions of the game
(default 5000, far above any finished game). After either, each agent is stepped with
``None`` (PettingZoo's dead-step protocol).

### Seeds and stacked openings

``reset(seed=s)`` plays the game ``Game.new(players, options, s)`` exactly (the engine's
seeded generator deals every card), so an episode can be replayed with the engine or the
``parlour`` command. Resets without a seed continue a sequence drawn from the last seed.
``reset(options={"stack": stack})`` deals the game's stacked opening (decks in a given
order, as ``Game.new`` takes it) for scripted tests and puzzles; other keys are not used.

### Illegal moves

The raw environment (``raw_env``, or ``make_env(..., illegal="raise")``) raises
``IllegalActionError`` and leaves the game unchanged. ``make_env`` by default wraps it in
PettingZoo's ``TerminateIllegalWrapper``: an illegal action ends the episode, with
``illegal_reward`` (-1) for the agent that sent it and 0 for the others.

### Rendering

``render_mode="ansi"`` returns, and ``"human"`` prints, a few lines as a spectator sees them
(the public events since the last render and who acts), in the ``lang`` language.

### Version History

* v1: Initial release (observation versions are the encoders' own).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from parlour.engine import OptionError
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


class ParlourAECEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """One Parlour game configuration as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012  # the instance's copy names the game
        "render_modes": list(RENDER_MODES),
        "name": "parlour_v1",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        *,
        reward: str = "game",
        max_steps: int = DEFAULT_MAX_STEPS,
        render_mode: str | None = None,
        lang: str = "en",
        options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.config: EnvConfig = configure(
            game_id, players, options, reward=reward, max_steps=max_steps, lang=lang
        )
        self.encoder = self.config.encoder
        self.render_mode = render_mode
        self.metadata = {
            **type(self).metadata,
            "name": f"{game_id.replace('-', '_')}_v{self.encoder.version}",
        }
        self.possible_agents: list[str] = [f"player_{i}" for i in range(self.config.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents: list[str] = []
        size = self.config.action_size
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.observation_spaces = {a: observation_space(self.config) for a in self.possible_agents}
        self._seeds = EpisodeSeeds()
        self.episode: Episode | None = None

    # -- the AEC API ----------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The (shared, cached) observation space of an agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The (shared, cached) action space of an agent."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``options={"stack": ...}`` deals a stacked opening."""
        self.episode = Episode(
            self.config,
            self._seeds.next(seed),
            record_events=self.render_mode is not None,
            stack=reset_stack(options),
        )
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self._agent_to_act()

    def observe(self, agent: str) -> Obs:
        """The agent's observation: its encoded view and, when it is to act, its mask."""
        return self._episode.observation(self._seats[agent])

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (``None`` for an agent whose episode ended)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self._episode
        if action is None:
            raise OptionError("rl.error.no_action", agent=agent)
        rewards = episode.apply(action)
        cumulative = self._cumulative_rewards
        cumulative[agent] = 0.0
        self.rewards = dict(zip(self.possible_agents, rewards, strict=True))
        state = episode.state
        if state.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif episode.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            seat = state.to_act
            self.agent_selection = self.possible_agents[0 if seat is None else seat]
        # _accumulate_rewards, written out (every step pays for it).
        for who, reward in self.rewards.items():
            cumulative[who] += reward
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The spectator's text of the game since the last render (``human`` prints it)."""
        return render_episode(self.episode, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    # -- helpers --------------------------------------------------------------------------

    @property
    def _episode(self) -> Episode:
        return current(self.episode)

    def _agent_to_act(self) -> str:
        seat = self._episode.state.to_act
        return self.possible_agents[0 if seat is None else seat]

    def action_text(self, code: int) -> str:
        """The canonical text of an action code (``guard>p2=5``-like)."""
        space = self.config.game.action_space(self.config.players, self.config.options)
        return str(space.action(action_code(code)))


def raw_env(game_id: str, players: int | None = None, **kwargs: Any) -> ParlourAECEnv:
    """The unwrapped environment; keyword arguments as :func:`make_env` (no ``illegal``)."""
    env_keys = ("reward", "max_steps", "render_mode", "lang")
    env_args = {k: kwargs.pop(k) for k in env_keys if k in kwargs}
    return ParlourAECEnv(game_id, players, options=kwargs, **env_args)


def make_env(
    game_id: str,
    players: int | None = None,
    *,
    reward: str = "game",
    max_steps: int = DEFAULT_MAX_STEPS,
    render_mode: str | None = None,
    lang: str = "en",
    illegal: str = "terminate",
    illegal_reward: float = -1.0,
    **options: Any,
) -> AECEnv:
    """A PettingZoo AEC environment of a game; other keyword arguments are game options.

    ``illegal="terminate"`` ends the episode on an illegal action with ``illegal_reward``
    for its sender; ``illegal="raise"`` raises ``IllegalActionError`` (state unchanged).
    """
    check_illegal(illegal)
    env: AECEnv = ParlourAECEnv(
        game_id,
        players,
        reward=reward,
        max_steps=max_steps,
        render_mode=render_mode,
        lang=lang,
        options=options,
    )
    if illegal == "terminate":
        env = wrappers.TerminateIllegalWrapper(env, illegal_reward=illegal_reward)
    return wrappers.OrderEnforcingWrapper(env)
