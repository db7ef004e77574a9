"""Discovery timings on 127.0.0.1 (net/discovery.py), real zeroconf and real hosts.

    python benchmarks/discovery_timing.py        # prints the figures
    from benchmarks.discovery_timing import measure   # -> dict (benchmarks/net_bench.py)

- running_listed_ms: a browser starts while a host has been up for a while; until it is listed
  (zeroconf answer + a real hello/welcome). Target <= 100 ms.
- new_listed_ms: a browser is running; a host starts; from the host's start until it is listed.
- killed_dropped_ms: a listed host's process gets SIGKILL (no goodbye); until it is dropped.
  Target <= 5000 ms.
- frozen_dropped_ms: a listed host's process gets SIGSTOP (a laptop gone to sleep: its kernel
  still accepts connections, nobody answers); until it is dropped. Target <= 5000 ms.
- stopped_dropped_ms: a listed host stops cleanly (goodbye packets); until it is dropped.
Each figure is given as median and max over ``rounds`` tries.
"""
from __future__ import annotations

import asyncio
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from net.config import HostConfig  # noqa: E402
from net.discovery import Browser  # noqa: E402
from net.host import Host  # noqa: E402

LO = ["127.0.0.1"]
TARGETS = {"running_listed_ms": 100.0, "killed_dropped_ms": 5000.0, "frozen_dropped_ms": 5000.0}

def spawn_host(name: str, data_dir: str | Path, port: int = 0) -> tuple[subprocess.Popen, int]:
    """``run_host.py --headless`` on 127.0.0.1 in its own process, announcing itself.
    Returns (process, port) once it listens. The caller kills the process."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "run_host.py"), "--headless", "--bind", "127.0.0.1",
         "--port", str(port), "--name", name, "--data-dir", str(data_dir),
         "--log-level", "WARNING"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    found = re.search(r"listening on \S*:(\d+)", line)
    if not found:
        proc.kill()
        proc.wait()
        raise RuntimeError(f"run_host.py did not start: {line!r}")
    return proc, int(found.group(1))


def _named(name):
    return lambda hosts: any(h.name == name for h in hosts)


def _gone(name):
    return lambda hosts: not any(h.name == name for h in hosts)


def _ms(since: float) -> float:
    return (time.perf_counter() - since) * 1000.0


def _summary(values: list[float]) -> dict:
    return {"median": round(statistics.median(values), 1), "max": round(max(values), 1),
            "n": len(values)}


async def _running_listed(rounds: int) -> list[float]:
    host = Host(HostConfig(name="bench-running", bind="127.0.0.1", port=0))
    await host.start()
    await asyncio.sleep(1.2)   # past its announcements: a host that has been running a while
    out = []
    try:
        for _ in range(rounds):
            browser = Browser(interfaces=LO)
            t0 = time.perf_counter()
            await browser.start()
            await browser.wait_until(_named("bench-running"), 5)
            out.append(_ms(t0))
            await browser.stop()
    finally:
        await host.stop()
    return out


async def _new_listed_and_stopped(rounds: int) -> tuple[list[float], list[float]]:
    new, stopped = [], []
    browser = Browser(interfaces=LO)
    await browser.start()
    try:
        for i in range(rounds):
            name = f"bench-new-{i}"
            host = Host(HostConfig(name=name, bind="127.0.0.1", port=0))
            t0 = time.perf_counter()
            await host.start()
            await browser.wait_until(_named(name), 5)
            new.append(_ms(t0))
            t0 = time.perf_counter()
            stopping = asyncio.ensure_future(host.stop())
            await browser.wait_until(_gone(name), 10)
            stopped.append(_ms(t0))
            await stopping
    finally:
        await browser.stop()
    return new, stopped


async def _dead_dropped(rounds: int, sig: int) -> list[float]:
    """A host process is listed, then gets ``sig``; the times until it is dropped."""
    out = []
    browser = Browser(interfaces=LO)
    await browser.start()
    try:
        with tempfile.TemporaryDirectory(prefix="tikal-bench-") as data_dir:
            for i in range(rounds):
                name = f"bench-dead-{sig}-{i}"
                proc, _ = await asyncio.to_thread(spawn_host, name, data_dir)
                try:
                    await browser.wait_until(_named(name), 5)
                    # At a different phase of the browser's 1 s check cycle each round.
                    await asyncio.sleep((0.37 * i) % 1.0)
                    t0 = time.perf_counter()
                    proc.send_signal(sig)
                    await browser.wait_until(_gone(name), 10)
                    out.append(_ms(t0))
                finally:
                    proc.kill()
                    proc.wait()
                    proc.stdout.close()
    finally:
        await browser.stop()
    return out


async def _measure(rounds: int) -> dict:
    running = await _running_listed(rounds)
    new, stopped = await _new_listed_and_stopped(rounds)
    killed = await _dead_dropped(max(3, rounds // 2), signal.SIGKILL)
    frozen = await _dead_dropped(2, signal.SIGSTOP)
    return {"running_listed_ms": _summary(running), "new_listed_ms": _summary(new),
            "killed_dropped_ms": _summary(killed), "frozen_dropped_ms": _summary(frozen),
            "stopped_dropped_ms": _summary(stopped)}


def measure(rounds: int = 6) -> dict:
    """Discovery timings on 127.0.0.1 (see the module docstring). About 20 s."""
    return asyncio.run(_measure(rounds))


def report(figures: dict) -> str:
    lines = ["discovery (127.0.0.1, real zeroconf + hello check):"]
    for key, fig in figures.items():
        target = TARGETS.get(key)
        verdict = "" if target is None else (
            f"  target <= {target:.0f} ms: {'ok' if fig['max'] <= target else 'MISSED'}")
        lines.append(f"  {key:20s} median {fig['median']:8.1f}  max {fig['max']:8.1f}"
                     f"  (n={fig['n']}){verdict}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(measure()))
