"""The load test's CPU options: the cores to run on are checked, and the CPU each process
used during the run is read from its own accounts (busy shows above idle)."""

from __future__ import annotations

import os
import time

import pytest

from parlour.cli.loadtest import parse_cpus
from parlour.engine import ParlourError
from parlour.tools.loadtest import CpuShare, pinned

linux = pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="Linux only")


@linux
def test_cores_are_checked() -> None:
    usable = sorted(os.sched_getaffinity(0))
    assert parse_cpus(",".join(map(str, usable))) == set(usable)
    for bad in ("x", ",", "-1", str(max(usable) + 1000)):
        with pytest.raises(ParlourError) as caught:
            parse_cpus(bad)
        assert caught.value.key == "cli.loadtest.bad_cpus"


@linux
def test_pinning_is_undone_afterwards() -> None:
    was = os.sched_getaffinity(0)
    with pinned({min(was)}):
        assert os.sched_getaffinity(0) == {min(was)}
    assert os.sched_getaffinity(0) == was


def share_while(work: str) -> tuple[list[float], float]:
    """The shares measured over a quarter second of busy work or of sleep, this process
    counted both as the client and as a server."""
    cpu = CpuShare([os.getpid()])
    cpu.mark("start")
    stop = time.perf_counter() + 0.25
    while time.perf_counter() < stop:
        if work == "idle":
            time.sleep(0.01)
    cpu.mark("end")
    shares = cpu.shares()
    assert shares is not None
    return shares


@linux
def test_busy_work_shows_above_idle() -> None:
    (server_busy,), client_busy = share_while("busy")
    _, client_idle = share_while("idle")
    assert server_busy == pytest.approx(client_busy, abs=5)  # the same process, read twice
    assert client_busy > client_idle + 10
    assert CpuShare([]).shares() is None  # no marks, no figures
