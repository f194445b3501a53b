"""One side of ``parlour bench --against``: measures a source tree when asked, line by line.

Run as ``python -c <this file's text> TREE``: it imports ``parlour`` from ``TREE`` (a checkout
of any commit), then answers one JSON request per input line with one JSON line. It uses only
the parts of the package every commit since the benchmarks began has had (``get_game``,
``new``, ``legal_actions``, ``apply``, ``measure_iterations``, ``measure_env_steps``,
``simulate``), so the same requests measure an older checkout and this one alike. A
measure an older tree does not offer answers ``null``.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any


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
    games = decisions = 0
    started = time.perf_counter()
    deadline = started + float(req["seconds"])
    while True:
        state = game.new(players, options, rng.next64() >> 1)
        state.record_events = bool(req.get("events", False))
        while state.to_act is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        games += 1
        decisions += state.move_number
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - started
    return {"games": games / elapsed, "decisions": decisions / elapsed}


def ismcts(req: dict[str, Any]) -> dict[str, Any]:
    """ISMCTS iterations per second (the hard bot's search when ``model``)."""
    from parlour.bots import ismcts as search

    kwargs = {"model_players": True} if req.get("model") else {}
    rate = search.measure_iterations(
        req["game"], int(req["players"]), req.get("options") or {}, float(req["seconds"]), **kwargs
    )
    return {"iterations": float(rate)}


def rl(req: dict[str, Any]) -> dict[str, Any]:
    """RL environment steps per second under random legal play."""
    from parlour.rl import measure_env_steps

    options = req.get("options") or {}
    rate = measure_env_steps(
        req["game"], float(req["seconds"]), players=int(req["players"]), **options
    )
    return {"steps": float(rate)}


def simulate(req: dict[str, Any]) -> dict[str, Any]:
    """``parlour simulate``'s own runner in this process, batch after batch: games per second."""
    from parlour.sim.runner import simulate as run

    batch = int(req.get("games", 100))
    games = 0
    started = time.perf_counter()
    deadline = started + float(req["seconds"])
    while True:
        run(req["game"], int(req["players"]), batch, req.get("bots"), req.get("options"), games, 1)
        games += batch
        if time.perf_counter() >= deadline:
            break
    return {"games": games / (time.perf_counter() - started)}


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
