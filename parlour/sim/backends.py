"""Where batches of games run: this process, a local process pool, or a Ray cluster.

Every backend takes a list of picklable tasks and a top-level function, and returns the
results in task order whatever order they finished in, so a report built from them does not
depend on the backend or its parallelism. Games registered at run time (tests, plug-ins) are
registered again in every worker before it runs a task.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from parlour.engine import Game, OptionError
from parlour.games import register

T = TypeVar("T")
R = TypeVar("R")

Done = Callable[[Any], None]
"""Called with each result as soon as its task finishes (for progress bars)."""

RAY_LOCAL = "local"
"""The ``--ray`` address that starts a private Ray instance on this machine."""


class Backend(Protocol):
    """Runs tasks and gives their results back in task order."""

    @property
    def name(self) -> str:
        """``local`` or ``ray``."""
        ...

    def parallelism(self, tasks: int) -> int:
        """How many tasks may run at once for a batch of ``tasks``."""
        ...

    def run(
        self,
        fn: Callable[[T], R],
        tasks: Sequence[T],
        games: Sequence[Game],
        done: Callable[[R], None] | None = None,
    ) -> list[R]:
        """``[fn(task) for task in tasks]``, computed wherever the backend runs things."""
        ...


def _register_all(games: Sequence[Game]) -> None:
    for game in games:
        register(game)


def in_task_order(
    size: int, finished: Iterable[tuple[int, R]], done: Callable[[R], None] | None
) -> list[R]:
    """Results (task index, result) put back in task order, each given to ``done`` on arrival."""
    results: dict[int, R] = {}
    for i, result in finished:
        results[i] = result
        if done is not None:
            done(result)
    return [results[i] for i in range(size)]


@dataclass
class LocalBackend:
    """This process (one worker) or a pool of worker processes on this machine."""

    workers: int | None = None
    """Worker processes; ``None`` means one per core."""

    @property
    def name(self) -> str:
        """Always ``local``."""
        return "local"

    def parallelism(self, tasks: int) -> int:
        """Processes used for a batch of ``tasks`` (1 when it runs in this process)."""
        workers = max(1, self.workers or os.cpu_count() or 1)
        return 1 if workers == 1 or tasks <= 1 else min(workers, tasks)

    def run(
        self,
        fn: Callable[[T], R],
        tasks: Sequence[T],
        games: Sequence[Game],
        done: Callable[[R], None] | None = None,
    ) -> list[R]:
        """Run in this process, or on a process pool when more than one worker is allowed."""
        used = self.parallelism(len(tasks))
        if used == 1:
            return in_task_order(len(tasks), ((i, fn(t)) for i, t in enumerate(tasks)), done)
        with ProcessPoolExecutor(
            max_workers=used, initializer=_register_all, initargs=(list(games),)
        ) as pool:
            index: dict[Future[R], int] = {pool.submit(fn, task): i for i, task in enumerate(tasks)}
            return in_task_order(len(tasks), _as_completed(index), done)


AHEAD = 4
"""Tasks a streamed run keeps submitted per worker process (the pool never idles for want
of one, and no more are held than that)."""


def stream_local(
    backend: LocalBackend,
    fn: Callable[[T], R],
    tasks: Iterable[T],
    size: int,
    games: Sequence[Game],
    done: Callable[[R], None] | None = None,
) -> Iterator[R]:
    """``fn(task)`` of each of ``size`` tasks, yielded in task order as they are ready.

    The tasks are read as they are needed and at most ``AHEAD`` per worker are submitted at
    once, so neither the tasks nor their results are ever all held: a run's memory does not
    grow with its number of tasks. ``done`` is told of each result in task order.
    """
    used = backend.parallelism(size)
    if used == 1:
        for task in tasks:
            result = fn(task)
            if done is not None:
                done(result)
            yield result
        return
    with ProcessPoolExecutor(
        max_workers=used, initializer=_register_all, initargs=(list(games),)
    ) as pool:
        window: deque[Future[R]] = deque()
        for task in tasks:
            window.append(pool.submit(fn, task))
            if len(window) >= used * AHEAD:
                result = window.popleft().result()
                if done is not None:
                    done(result)
                yield result
        while window:
            result = window.popleft().result()
            if done is not None:
                done(result)
            yield result


def _as_completed(index: dict[Future[R], int]) -> Iterator[tuple[int, R]]:
    """(task index, result) of each future as soon as it finishes."""
    pending = set(index)
    while pending:
        finished, pending = wait(pending, return_when=FIRST_COMPLETED)
        for future in finished:
            yield index[future], future.result()


def _on_ray(fn: Callable[[T], R], task: T, games: Sequence[Game]) -> R:
    _register_all(games)
    return fn(task)


@dataclass
class RayBackend:
    """A Ray cluster: ``local`` starts one here, any other text is a cluster address."""

    address: str
    """``local``, ``auto`` or ``ray://host:port``."""
    cpus: int | None = None
    """CPUs of a ``local`` instance (default: every core)."""
    _started: bool = field(default=False, repr=False)

    @property
    def name(self) -> str:
        """Always ``ray``."""
        return "ray"

    def _ray(self) -> Any:
        try:
            import ray
        except ImportError:
            raise OptionError("cli.error.no_ray") from None
        if not ray.is_initialized():
            try:
                if self.address == RAY_LOCAL:
                    ray.init(
                        num_cpus=self.cpus,
                        include_dashboard=False,
                        log_to_driver=False,
                        configure_logging=False,
                    )
                else:
                    ray.init(address=self.address, log_to_driver=False, configure_logging=False)
            except Exception as exc:  # Ray raises several kinds; all mean "no cluster here"
                raise OptionError(
                    "cli.error.ray_start", address=self.address[:100], error=str(exc)[:300]
                ) from exc
            self._started = True
        return ray

    def parallelism(self, tasks: int) -> int:
        """The cluster's CPUs, at most one per task."""
        cpus = int(self._ray().cluster_resources().get("CPU", 1))
        return max(1, min(cpus, tasks))

    def run(
        self,
        fn: Callable[[T], R],
        tasks: Sequence[T],
        games: Sequence[Game],
        done: Callable[[R], None] | None = None,
    ) -> list[R]:
        """Submit one Ray task per task and wait for them all."""
        ray = self._ray()
        remote = ray.remote(_on_ray)
        shared = ray.put(list(games))
        refs = [remote.remote(fn, task, shared) for task in tasks]

        def as_completed() -> Iterator[tuple[int, R]]:
            position = {ref: i for i, ref in enumerate(refs)}
            pending = list(refs)
            while pending:
                finished, pending = ray.wait(pending, num_returns=1)
                for ref in finished:
                    yield position[ref], ray.get(ref)

        return in_task_order(len(tasks), as_completed(), done)

    def close(self) -> None:
        """Stop the Ray connection this backend opened (a no-op otherwise)."""
        if self._started:
            import ray

            ray.shutdown()
            self._started = False


def make_backend(workers: int | None = None, ray: str | None = None) -> LocalBackend | RayBackend:
    """A Ray backend when an address is given, else the local one with ``workers`` processes."""
    if workers is not None and workers < 1:
        raise OptionError("cli.error.bad_workers", workers=workers)
    if ray:
        return RayBackend(ray, workers)
    return LocalBackend(workers)
