"""Backends: the same results on this process, a process pool, and a local Ray instance."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from parlour.engine import OptionError
from parlour.sim.backends import AHEAD, LocalBackend, RayBackend, make_backend, stream_local
from parlour.sim.runner import SimulationReport, simulate
from parlour.sim.tournament import TournamentReport, tournament


def _square(x: int) -> int:
    return x * x


def _plain(report: SimulationReport | TournamentReport) -> dict[str, Any]:
    data = report.to_json()
    for key in ("elapsed", "games_per_second", "workers", "backend"):
        data.pop(key, None)
    return data


@pytest.mark.parametrize("workers", [1, 2])
def test_local_results_come_back_in_task_order_and_each_is_reported(workers: int) -> None:
    seen: list[int] = []
    out = LocalBackend(workers).run(_square, list(range(9)), [], seen.append)
    assert out == [x * x for x in range(9)]
    assert sorted(seen) == out


def _streamed(workers: int, size: int) -> tuple[list[int], list[int], list[int]]:
    """A streamed run's results, what ``done`` heard, and how many tasks had been read as
    each result was given out."""
    drawn = [0]

    def tasks() -> Iterator[int]:
        for x in range(size):
            drawn[0] += 1
            yield x

    heard: list[int] = []
    out: list[int] = []
    read: list[int] = []
    for result in stream_local(LocalBackend(workers), _square, tasks(), size, [], heard.append):
        out.append(result)
        read.append(drawn[0])
    return out, heard, read


@pytest.mark.parametrize("workers", [1, 2])
def test_streamed_results_come_in_task_order_with_few_tasks_read_ahead(workers: int) -> None:
    """A streamed run reads its tasks as the pool needs them: never more than ``AHEAD`` per
    worker beyond the results given out, so a long run holds few tasks and results."""
    size = 40
    out, heard, read = _streamed(workers, size)
    assert out == heard == [x * x for x in range(size)]
    ahead = 1 if workers == 1 else workers * AHEAD
    assert all(r <= i + ahead for i, r in enumerate(read))
    assert read[0] < size


def test_backend_choice_and_bad_worker_counts() -> None:
    assert isinstance(make_backend(2), LocalBackend)
    ray = make_backend(2, "local")
    assert isinstance(ray, RayBackend) and ray.cpus == 2
    assert LocalBackend(1).parallelism(10) == 1
    assert LocalBackend(3).parallelism(2) == 2
    with pytest.raises(OptionError) as caught:
        make_backend(0)
    assert caught.value.key == "cli.error.bad_workers"


def test_an_unreachable_ray_cluster_is_a_clear_error() -> None:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install ray)")
    if ray.is_initialized():
        pytest.skip("a Ray instance is already running in this process")
    with pytest.raises(OptionError) as caught:
        RayBackend("ray://127.0.0.1:1").parallelism(1)
    assert caught.value.key == "cli.error.ray_start"
    assert not ray.is_initialized()


@pytest.fixture(scope="module")
def ray_backend() -> Iterator[RayBackend]:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install ray)")
    if ray.is_initialized():
        pytest.skip("a Ray instance is already running in this process")
    backend = RayBackend("local", cpus=2)
    try:
        backend.parallelism(1)  # starts Ray
    except Exception as exc:  # a machine where Ray cannot start is not this suite's failure
        pytest.skip(f"Ray cannot start here: {exc}")
    yield backend
    backend.close()


def test_ray_runs_tasks_in_order(ray_backend: RayBackend) -> None:
    seen: list[int] = []
    assert ray_backend.run(_square, [3, 1, 2], [], seen.append) == [9, 1, 4]
    assert sorted(seen) == [1, 4, 9]


def test_simulate_on_ray_equals_one_and_two_local_workers(ray_backend: RayBackend) -> None:
    """Games registered at run time reach the Ray workers; seeds fix every game."""
    args: dict[str, Any] = {"bots": "random", "options": {"copies": 3}, "seed": 9}
    one = simulate("highcard", [2, 3], 30, **args, workers=1)
    two = simulate("highcard", [2, 3], 30, **args, workers=2)
    on_ray = simulate("highcard", [2, 3], 30, **args, backend=ray_backend)
    assert on_ray.backend == "ray"
    assert _plain(one) == _plain(two) == _plain(on_ray)


def test_tournament_on_ray_equals_the_process_pool(ray_backend: RayBackend) -> None:
    bots = ["random", "heuristic"]
    local = tournament("loveletter", 2, bots, 8, seed=3, workers=2)
    on_ray = tournament("loveletter", 2, bots, 8, seed=3, backend=ray_backend)
    assert on_ray.backend == "ray"
    assert _plain(local) == _plain(on_ray)
