"""A night of bots' games in one host: its memory over time (the 8-table soak).

    python benchmarks/soak_bench.py                        # 8 tables x 4 hard bots, 10 minutes
    python benchmarks/soak_bench.py --level easy --minutes 3
    python benchmarks/soak_bench.py --root /tmp/other-checkout   # another version of the code

A host (net.host.Host with the command's defaults, journals on this machine's disk, in a process of
its own) keeps 8 Tikal tables of 4 bots playing, the base game and the auction in turn: as soon as a
game ends, its table goes (as a finished table nobody sat at does) and a new one starts, for
``--minutes``. Every ``--every`` seconds it prints the host's RSS and its peak (VmRSS, VmHWM from
/proc), the games finished and the actions played; at the end, where the RSS levelled (its largest
value over the run's second half against its first half) and the peak. Target (issue 40): the
host levels under 80 MB. Other work on the machine slows the games, not the memory; the first line
says how busy the machine was.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_MB = 80


async def _child(tables: int, level: str, data_dir: str) -> None:
    from dataclasses import replace

    from net.config import COMMAND
    from net.host import Host

    host = Host(replace(COMMAND, bind="127.0.0.1", port=0, announce=False, data_dir=data_dir))
    await host.start()
    playing: list = []
    made = done = actions = 0
    print("ready", flush=True)
    while True:
        for t in [t for t in playing if t.status == "over"]:
            playing.remove(t)
            done += 1
            actions += len(t.history)
        while len(playing) < tables:
            playing.append(host.create_table("tikal", 4, {"variant": ("base", "auction")[made % 2]},
                                             bots=4, bot_level=level))
            made += 1
        sys.stdout.write(f"games {done} actions {actions + sum(len(t.history) for t in playing)}\n")
        sys.stdout.flush()
        await asyncio.sleep(1.0)


def memory(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) of a process in MB."""
    got = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key = line.split(":")[0]
            if key in ("VmRSS", "VmHWM"):
                got[key] = int(line.split()[1]) / 1024
    return got["VmRSS"], got["VmHWM"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--every", type=float, default=30.0, help="seconds between two samples")
    ap.add_argument("--tables", type=int, default=8)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout whose host runs")
    ap.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        sys.path.insert(0, str(args.root))
        return asyncio.run(_child(int(args.child[0]), args.child[1], args.child[2]))

    print(f"soak_bench: Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg())
          + f"; {args.tables} Tikal tables x 4 {args.level} bots, {args.minutes:g} min, code in {args.root}")
    with tempfile.TemporaryDirectory() as data_dir:
        proc = subprocess.Popen([sys.executable, __file__, "--root", str(args.root), "--child",
                                 str(args.tables), args.level, data_dir],
                                stdout=subprocess.PIPE, text=True, cwd=args.root)
        try:
            assert proc.stdout.readline().strip() == "ready"
            t0 = time.monotonic()
            end = t0 + 60 * args.minutes
            samples: list[tuple[float, float]] = []
            status = ""
            next_sample = t0 + args.every
            while time.monotonic() < end:
                line = proc.stdout.readline()
                if not line:
                    raise SystemExit("the host's process ended")
                status = line.strip()
                now = time.monotonic()
                if now >= next_sample:
                    rss, hwm = memory(proc.pid)
                    samples.append((now - t0, rss))
                    print(f"{now - t0:6.0f} s  RSS {rss:5.1f} MB  peak {hwm:5.1f} MB  {status}", flush=True)
                    next_sample += args.every
            rss, hwm = memory(proc.pid)
        finally:
            proc.kill()
            proc.wait()
    half = [r for t, r in samples if t > 30 * args.minutes]
    first = [r for t, r in samples if t <= 30 * args.minutes]
    print(f"levelled at {max(half or [rss]):.1f} MB over the second half (first half's largest "
          f"{max(first or [rss]):.1f} MB), peak {hwm:.1f} MB, {status}   target < {TARGET_MB} MB: "
          + ("ok" if hwm < TARGET_MB else "MISSED"))


if __name__ == "__main__":
    main()
