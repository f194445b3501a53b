"""Train a small NumPy policy on two-player Love Letter and plot its win rate.

    python -m parlour.rl.train_example --minutes 3 --plot out.png

The learner is a linear softmax policy over the legal actions (masked logits ``W x + b``,
``x`` the observation vector of :mod:`parlour.rl.encoders.loveletter`), trained by REINFORCE
with a linear value baseline and Adam, on :class:`~parlour.rl.single.ParlourSingleEnv`
against a Parlour bot (``random`` by default), in a random seat each game, with
``reward="round"`` (a token won +1, lost -1; the game's result on top) discounted by
``gamma``. Every so often the greedy policy plays a fixed set of evaluation games (same
seeds each time, both seats) and the win rate is recorded; the plot shows it over the
training games, with the untrained (uniformly random) policy's rate for comparison.
No PyTorch: only NumPy, on one CPU core.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from parlour.engine.i18n import LANGUAGES, t
from parlour.rl.render import game_name
from parlour.rl.single import ParlourSingleEnv

Array = NDArray[np.float64]


class LinearPolicy:
    """Masked softmax over ``W x + b`` with a linear value baseline, trained with Adam."""

    def __init__(self, obs_size: int, actions: int, lr: float = 0.01, value_lr: float = 0.01):
        self.w: Array = np.zeros((actions, obs_size + 1))
        self.v: Array = np.zeros(obs_size + 1)
        self.lr, self.value_lr = lr, value_lr
        self._m = np.zeros_like(self.w)
        self._s = np.zeros_like(self.w)
        self._steps = 0

    @staticmethod
    def features(obs: NDArray[Any]) -> Array:
        """The observation with a constant 1 appended (the bias input)."""
        return np.append(obs.astype(np.float64), 1.0)

    def probabilities(self, x: Array, legal: NDArray[np.intp]) -> Array:
        """Action probabilities over the legal actions (in ``legal`` order)."""
        logits = self.w[legal] @ x
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()  # type: ignore[no-any-return]

    def act(self, obs: dict[str, NDArray[Any]], rng: np.random.Generator, greedy: bool) -> int:
        """Choose an action code: sampled, or the most likely when ``greedy``."""
        legal = np.flatnonzero(obs["action_mask"])
        p = self.probabilities(self.features(obs["observation"]), legal)
        i = int(np.argmax(p)) if greedy else int(rng.choice(len(legal), p=p))
        return int(legal[i])

    def update(
        self, steps: Sequence[tuple[Array, NDArray[np.intp], int]], returns: Sequence[float]
    ) -> None:
        """One policy-gradient step over a batch of decisions and their returns."""
        grad = np.zeros_like(self.w)
        value_grad = np.zeros_like(self.v)
        for (x, legal, choice), g in zip(steps, returns, strict=True):
            advantage = g - float(self.v @ x)
            value_grad += advantage * x
            p = self.probabilities(x, legal)
            p[choice] -= 1.0  # d(-log p[choice]) / d logits
            grad[legal] -= advantage * np.outer(p, x)
        n = max(1, len(steps))
        self.v += self.value_lr * value_grad / n
        self._adam(grad / n)

    def _adam(self, grad: Array, beta1: float = 0.9, beta2: float = 0.999) -> None:
        self._steps += 1
        self._m = beta1 * self._m + (1 - beta1) * grad
        self._s = beta2 * self._s + (1 - beta2) * grad * grad
        m_hat = self._m / (1 - beta1**self._steps)
        s_hat = self._s / (1 - beta2**self._steps)
        self.w += self.lr * m_hat / (np.sqrt(s_hat) + 1e-8)


@dataclass
class TrainingRun:
    """What a training run measured."""

    curve: list[tuple[int, float]] = field(default_factory=list)
    """``(training games, win rate of the greedy policy)`` at each evaluation."""
    baseline: float = 0.0
    """The untrained (uniformly random) policy's win rate on the same evaluation games."""
    games: int = 0
    """Training games played."""
    seconds: float = 0.0
    """Wall time spent."""

    @property
    def final(self) -> float:
        """The last evaluation's win rate."""
        return self.curve[-1][1] if self.curve else self.baseline


def evaluate(
    policy: LinearPolicy | None, env: ParlourSingleEnv, games: int, seed: int = 10_000
) -> float:
    """The win rate of the greedy policy (uniform random when ``None``) on fixed games."""
    rng = np.random.default_rng(seed)
    wins = 0.0
    for i in range(games):
        env.fixed_seat = i % 2
        obs, info = env.reset(seed=seed + i)
        done = False
        while not done:
            if policy is None:
                code = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            else:
                code = policy.act(obs, rng, greedy=True)
            obs, _, terminated, truncated, info = env.step(code)
            done = terminated or truncated
        winners = info.get("winners", [])
        if env.seat in winners:
            wins += 1.0 / len(winners)
    env.fixed_seat = None
    return wins / games


def _episode(
    env: ParlourSingleEnv, policy: LinearPolicy, rng: np.random.Generator, gamma: float
) -> tuple[list[tuple[Array, NDArray[np.intp], int]], list[float]]:
    obs, _ = env.reset()
    steps: list[tuple[Array, NDArray[np.intp], int]] = []
    rewards: list[float] = []
    done = False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        x = policy.features(obs["observation"])
        p = policy.probabilities(x, legal)
        i = int(rng.choice(len(legal), p=p))
        steps.append((x, legal, i))
        obs, reward, terminated, truncated, _ = env.step(int(legal[i]))
        rewards.append(float(reward))
        done = terminated or truncated
    returns = [0.0] * len(rewards)
    running = 0.0
    for j in range(len(rewards) - 1, -1, -1):
        running = rewards[j] + gamma * running
        returns[j] = running
    return steps, returns


def train(
    seconds: float,
    *,
    seed: int = 0,
    opponent: str = "random",
    eval_games: int = 400,
    evaluations: int = 12,
    batch: int = 16,
    gamma: float = 0.9,
    lr: float = 0.01,
    games: int | None = None,
    on_evaluation: Callable[[int, float], None] | None = None,
) -> tuple[LinearPolicy, TrainingRun]:
    """Train for about ``seconds`` of wall time (evaluations included); return the policy.

    With ``games``, train for that many games instead (evaluating every ``games /
    evaluations``): the run is then reproducible from ``seed`` on any machine.

    ``on_evaluation(games, win_rate)`` is called after each evaluation, first with 0 games
    for the untrained policy.
    """
    env = ParlourSingleEnv("loveletter", 2, seat=None, opponent=opponent, reward="round")
    judge = ParlourSingleEnv("loveletter", 2, seat=None, opponent=opponent)
    policy = LinearPolicy(env.encoder.size, env.config.action_size, lr=lr)
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    run = TrainingRun(baseline=evaluate(None, judge, eval_games))
    if on_evaluation is not None:
        on_evaluation(0, run.baseline)
    env.reset(seed=seed)
    interval = seconds / evaluations
    next_eval = start + interval
    games_per_eval = None if games is None else max(batch, games // evaluations)
    next_eval_games = games_per_eval
    while True:
        batch_steps: list[tuple[Array, NDArray[np.intp], int]] = []
        batch_returns: list[float] = []
        for _ in range(batch):
            steps, returns = _episode(env, policy, rng, gamma)
            batch_steps += steps
            batch_returns += returns
        run.games += batch
        policy.update(batch_steps, batch_returns)
        now = time.perf_counter()
        if games is not None and next_eval_games is not None and games_per_eval is not None:
            finished = run.games >= games
            due = finished or run.games >= next_eval_games
            if due:
                next_eval_games += games_per_eval
        else:
            finished = now - start >= seconds
            due = finished or now >= next_eval
        if due:
            rate = evaluate(policy, judge, eval_games)
            run.curve.append((run.games, rate))
            if on_evaluation is not None:
                on_evaluation(run.games, rate)
            next_eval = time.perf_counter() + interval
        if finished:
            break
    run.seconds = time.perf_counter() - start
    return policy, run


def plot(run: TrainingRun, path: str, *, opponent: str = "random", lang: str = "en") -> None:
    """Write the win-rate curve as a PNG (matplotlib, Agg backend)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    xs = [0] + [g for g, _ in run.curve]
    ys = [run.baseline] + [r for _, r in run.curve]
    ax.plot(xs, ys, marker="o", label=t("rl.plot.trained", lang))
    ax.axhline(run.baseline, linestyle="--", color="grey", label=t("rl.plot.untrained", lang))
    ax.set_ylim(0, 1)
    ax.set_xlabel(t("rl.plot.xlabel", lang))
    ax.set_ylabel(t("rl.plot.ylabel", lang))
    ax.set_title(t("rl.plot.title", lang, game=game_name("loveletter", lang), opponent=opponent))
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def main(argv: Sequence[str] | None = None) -> TrainingRun:
    """Run the example from the command line; return what it measured."""
    env_lang = os.environ.get("PARLOUR_LANG", "en")
    default_lang = env_lang if env_lang in LANGUAGES else "en"
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--lang", choices=LANGUAGES, default=default_lang)
    lang = pre.parse_known_args(argv)[0].lang
    parser = argparse.ArgumentParser(
        prog="python -m parlour.rl.train_example", description=t("rl.train.help", lang)
    )
    parser.add_argument("--minutes", type=float, default=3.0, help=t("rl.train.help.minutes", lang))
    parser.add_argument("--plot", default=None, help=t("rl.train.help.plot", lang))
    parser.add_argument("--seed", type=int, default=0, help=t("rl.train.help.seed", lang))
    parser.add_argument("--opponent", default="random", help=t("rl.train.help.opponent", lang))
    parser.add_argument(
        "--eval-games", type=int, default=400, help=t("rl.train.help.eval_games", lang)
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=default_lang, help=t("rl.train.help.lang", lang)
    )
    args = parser.parse_args(argv)
    opponent = args.opponent
    print(
        t(
            "rl.train.start",
            lang,
            game=game_name("loveletter", lang),
            players=2,
            opponent=opponent,
            minutes=args.minutes,
        ),
        flush=True,
    )

    def report(games: int, rate: float) -> None:
        if games == 0:
            text = t(
                "rl.train.baseline",
                lang,
                rate=_percent(rate),
                opponent=opponent,
                games=args.eval_games,
            )
        else:
            text = t("rl.train.progress", lang, games=games, rate=_percent(rate), opponent=opponent)
        print(text, flush=True)

    _, run = train(
        args.minutes * 60,
        seed=args.seed,
        opponent=opponent,
        eval_games=args.eval_games,
        on_evaluation=report,
    )
    print(
        t(
            "rl.train.done",
            lang,
            games=run.games,
            seconds=f"{run.seconds:.0f}",
            rate=_percent(run.final),
            opponent=opponent,
            eval_games=args.eval_games,
            baseline=_percent(run.baseline),
        )
    )
    if args.plot:
        plot(run, args.plot, opponent=opponent, lang=lang)
        print(t("rl.train.plot", lang, path=args.plot))
    return run


if __name__ == "__main__":
    main()
