"""Analyses run in the background: a bounded pool of threads, progress, and kept results.

A server must not let one request hog it: at most ``workers`` analyses run at once (each on
its own thread, off the event loop), a request past that is refused at once rather than
queued, and every analysis searches within a fixed per-decision budget. A finished analysis
is kept (most recently asked first, up to ``keep``), since a finished game never changes.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from parlour.bots.ismcts import Budget
from parlour.engine import ParlourError, Replay
from parlour.learn.analysis import Analysis, analyse

log = logging.getLogger(__name__)

RUNNING = "running"
DONE = "done"
FAILED = "failed"


class PoolBusy(Exception):
    """Every worker is taken: the request is refused, nothing queued."""


class _Stopped(Exception):
    """Raised inside an analysis when its pool closes."""


@dataclass(slots=True)
class Job:
    """One analysis of one seat: where it is, and its outcome."""

    key: Hashable
    done: int = 0
    """Decisions analysed so far."""
    total: int = 0
    """Decisions to analyse (0 until counted)."""
    state: str = RUNNING
    """``running``, ``done`` or ``failed``."""
    result: Analysis | None = None
    error: ParlourError | None = None
    finished: threading.Event = field(default_factory=threading.Event)


Analyser = Callable[..., Analysis]


class AnalysisPool:
    """At most ``workers`` analyses at once; finished ones kept, most recent first."""

    def __init__(self, workers: int = 1, keep: int = 64, analyser: Analyser = analyse) -> None:
        self.workers = workers
        self.keep = keep
        self.analyser = analyser
        self._jobs: OrderedDict[Hashable, Job] = OrderedDict()
        self._running = 0
        self._lock = threading.Lock()
        self._closed = False
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="analysis")

    def get(self, key: Hashable) -> Job | None:
        """The job of ``key``, running or finished (None when never asked or forgotten)."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None:
                self._jobs.move_to_end(key)
            return job

    def submit(self, key: Hashable, replay: Replay, seat: int, budget: Budget, seed: int) -> Job:
        """The job of ``key``: the one known, else a new one (PoolBusy when all are taken)."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job.state != FAILED:
                self._jobs.move_to_end(key)
                return job
            if self._closed or self._running >= self.workers:
                raise PoolBusy
            job = Job(key)
            self._jobs[key] = job
            self._running += 1
            self._forget_old()
        self._pool.submit(self._run, job, replay, seat, budget, seed)
        return job

    def close(self) -> None:
        """Stop running analyses at their next decision; release the threads."""
        with self._lock:
            self._closed = True
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _forget_old(self) -> None:
        """Drop the least recently asked finished jobs past ``keep`` (running ones stay)."""
        extra = len(self._jobs) - self.keep
        for key in [k for k, j in self._jobs.items() if j.state != RUNNING][: max(0, extra)]:
            del self._jobs[key]

    def _run(self, job: Job, replay: Replay, seat: int, budget: Budget, seed: int) -> None:
        def progress(done: int, total: int) -> None:
            if self._closed:
                raise _Stopped
            job.done, job.total = done, total

        try:
            job.result = self.analyser(replay, seat, budget=budget, seed=seed, progress=progress)
            job.done = job.total = len(job.result.decisions)
            job.state = DONE
        except ParlourError as exc:
            job.error = exc
            job.state = FAILED
        except _Stopped:
            job.state = FAILED
        except Exception:  # a fault in the search must not leave the job running for ever
            log.exception("analysis %r failed", job.key)
            job.state = FAILED
        finally:
            with self._lock:
                self._running -= 1
            job.finished.set()


__all__ = ["DONE", "FAILED", "RUNNING", "AnalysisPool", "Job", "PoolBusy"]
