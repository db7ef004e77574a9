#!/usr/bin/env python3
"""How long the README's test command takes, and where the time goes: the whole suite with
``-n auto`` (as CI runs it), each test's start and end recorded per pytest-xdist worker.

    python benchmarks/suite_bench.py [pytest arguments ...]      # default: -q -n auto

Prints the wall time; per worker: its tests, the seconds it spent in them and when it finished;
the tail (the last worker's finish after the first's: a long test started late runs alone there);
on Linux the machine's busy and idle CPU seconds over the run (/proc/stat: idle cores are the
room the tests' waits leave); and the longest tests with the second each started at. The aim is
the whole suite under 5 minutes on a quiet machine (README); run it with nothing else running.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: the pytest plugin each worker loads (-p): it writes (test, start, end) rows to $SUITE_BENCH_DIR
PLUGIN = '''
import json, os, time
import pytest
ROWS = []
@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    start = time.time()
    yield
    ROWS.append((item.nodeid, start, time.time()))
def pytest_sessionfinish(session):
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with open(os.path.join(os.environ["SUITE_BENCH_DIR"], worker + ".json"), "w") as f:
        json.dump(ROWS, f)
'''


def cpu_seconds() -> tuple[float, float] | None:
    """(busy, idle) CPU seconds of the whole machine since boot (Linux), or None."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    except OSError:
        return None
    ticks = [int(x) for x in fields]
    hz = os.sysconf("SC_CLK_TCK")
    idle = ticks[3] + ticks[4]
    return (sum(ticks) - idle) / hz, idle / hz


def main(args: list[str]) -> int:
    args = args or ["-q", "-n", "auto"]
    with tempfile.TemporaryDirectory(prefix="suite-bench-") as out:
        Path(out, "suite_bench_plugin.py").write_text(PLUGIN)
        env = dict(os.environ, SUITE_BENCH_DIR=out,
                   PYTHONPATH=os.pathsep.join(filter(None, [out, os.environ.get("PYTHONPATH")])))
        cpu0, t0 = cpu_seconds(), time.time()
        r = subprocess.run([sys.executable, "-m", "pytest", "-p", "suite_bench_plugin",
                            "-p", "no:cacheprovider", *args], cwd=ROOT, env=env)
        wall, cpu1 = time.time() - t0, cpu_seconds()
        workers = {p.stem: json.loads(p.read_text()) for p in sorted(Path(out).glob("*.json"))}
    if len(workers) > 1:        # with xdist the controller runs no test
        workers = {name: rows for name, rows in workers.items() if rows}
    print(f"\nsuite: {wall:.0f} s wall ({wall // 60:.0f} min {wall % 60:.0f} s), pytest exit {r.returncode}")
    ends = []
    for name, rows in workers.items():
        busy = sum(end - start for _, start, end in rows)
        end = max((e for _, _, e in rows), default=t0) - t0
        ends.append(end)
        print(f"  {name}: {len(rows)} tests, {busy:.0f} s in tests, finished at {end:.0f} s")
    if len(ends) > 1:
        print(f"  tail: {max(ends) - min(ends):.0f} s between the first worker's finish and the last's")
    if cpu0 and cpu1:
        busy, idle = cpu1[0] - cpu0[0], cpu1[1] - cpu0[1]
        print(f"  machine: {busy:.0f} CPU s busy, {idle:.0f} idle ({100 * idle / max(1e-9, busy + idle):.0f} % idle)")
    rows = sorted((end - start, start - t0, test) for rows in workers.values() for test, start, end in rows)
    print("  longest tests (seconds, started at):")
    for took, at, test in reversed(rows[-12:]):
        print(f"    {took:5.1f}  @{at:4.0f}  {test}")
    return r.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
