"""One side of ``parlour bench --against``: measures a source tree when asked, line by line.

Run as ``python -c <this file's text> TREE``: it imports ``parlour`` from ``TREE`` (a checkout
of any commit), then answers one JSON request per input line with one JSON line. It uses only
the parts of the package every commit since the benchmarks began has had (``get_game``,
``new``, ``legal_actions``, ``apply``, ``measure_iterations``, ``measure_env_steps``,
``simulate``), so the same requests measure an older checkout and this one alike. A
measure an older tree does not offer answers ``null``.

A request's ``clock`` is ``wall`` (the default: ``time.perf_counter``) or ``cpu``
(``time.process_time``: only the time this process ran, so the machine's other work
steals less from the figures). The ISMCTS searches time themselves by the wall clock: in
CPU mode their rate is scaled by the wall time over the CPU time of the whole call.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""The clocks a request may ask for."""


def clock(req: dict[str, Any]) -> Callable[[], float]:
    """The request's clock (``wall`` unless it asks for ``cpu``)."""
    return CLOCKS[str(req.get("clock", "wall"))]


def build_name() -> str:
    """``compiled`` when the tree's compiled modules are in use, else ``pure``."""
    try:
        from parlour import _build  # type: ignore[attr-defined, unused-ignore]
    except ImportError:
        return "pure"
    return str(getattr(_build, "NAME", "pure"))


def playouts(req: dict[str, Any]) -> dict[str, Any]:
    """Random games of one configuration for about ``seconds``: games, decisions, time."""
    from parlour.engine import Rng, seed_from
    from parlour.games import get_game

    game = get_game(req["game"])
    players = int(req["players"])
    options = req.get("options") or {}
    rng = Rng(seed_from(req.get("seed", 0), game.id, players))
    now = clock(req)
    games = decisions = 0
    started = now()
    deadline = started + float(req["seconds"])
    while True:
        state = game.new(players, options, rng.next64() >> 1)
        state.record_events = bool(req.get("events", False))
        while state.to_act is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        games += 1
        decisions += state.move_number
        if now() >= deadline:
            break
    elapsed = now() - started
    return {"games": games / elapsed, "decisions": decisions / elapsed}


def ismcts(req: dict[str, Any]) -> dict[str, Any]:
    """ISMCTS iterations per second (the hard bot's search when ``model``)."""
    from parlour.bots import ismcts as search

    kwargs = {"model_players": True} if req.get("model") else {}
    wall, cpu = time.perf_counter(), time.process_time()
    rate = search.measure_iterations(
        req["game"], int(req["players"]), req.get("options") or {}, float(req["seconds"]), **kwargs
    )
    if req.get("clock") == "cpu":
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        rate = rate * wall / cpu if cpu > 0 else rate
    return {"iterations": float(rate)}


def rl(req: dict[str, Any]) -> dict[str, Any]:
    """RL environment steps per second under random legal play (``measure_env_steps``'s
    loop, timed here so either clock can time it)."""
    import numpy as np

    from parlour.rl.env import ParlourAECEnv

    env = ParlourAECEnv(req["game"], int(req["players"]), options=req.get("options") or {})
    seed = int(req.get("seed", 0))
    rng = np.random.default_rng(seed)
    now = clock(req)
    steps = episode = 0
    started = now()
    deadline = started + float(req["seconds"])
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
        if now() >= deadline:
            break
    return {"steps": steps / (now() - started)}


def simulate(req: dict[str, Any]) -> dict[str, Any]:
    """``parlour simulate``'s own runner in this process, batch after batch: games per second."""
    from parlour.sim.runner import simulate as run

    batch = int(req.get("games", 100))
    now = clock(req)
    games = 0
    started = now()
    deadline = started + float(req["seconds"])
    while True:
        run(req["game"], int(req["players"]), batch, req.get("bots"), req.get("options"), games, 1)
        games += batch
        if now() >= deadline:
            break
    return {"games": games / (now() - started)}


MEASURES = {"playouts": playouts, "ismcts": ismcts, "rl": rl, "simulate": simulate}
"""Every request kind a worker answers."""


def main(tree: str) -> None:
    """Answer requests from stdin until it closes."""
    sys.path.insert(0, tree)
    # An editable install's finder maps ``parlour`` to the installed checkout, and would
    # serve an older tree the modules it lacks from the newer one: only TREE may answer.
    sys.meta_path[:] = [
        f
        for f in sys.meta_path
        if not (f if isinstance(f, type) else type(f)).__module__.startswith("__editable__")
    ]
    import parlour

    hello = {"path": parlour.__file__, "build": build_name(), "python": sys.version.split()[0]}
    print(json.dumps(hello), flush=True)
    for line in sys.stdin:
        req = json.loads(line)
        try:
            out: dict[str, Any] | None = MEASURES[req["kind"]](req)
        except Exception as exc:  # a measure the tree lacks (or cannot run) is reported as missing
            out = None
            print(f"{req['kind']}: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
