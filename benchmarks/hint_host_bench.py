#!/usr/bin/env python3
"""Six phones ask the host for hints at once (issue 38): what another player's pings see.

A host runs in a process of its own (its hint workers are its children, net/hints.py). Six
"phones" (one connection each, from addresses of their own) each sit at a Tikal table of their own
with a bot, made with hints; at each update that gives them something to do they ask the host a
``hint`` and play its first step (a refused ask, ``rate`` or ``hint_busy``, is asked again a moment
later), one action every 0.3 s at most, as people tap. A seventh connection,
another player, pings the host every 20 ms all along. The same run without hints (the phones play
their own random choices) is the baseline; the figure is the ratio of the two p99s (the machine's
load moves both).

    python benchmarks/hint_host_bench.py [--seconds 30] [--phones 6] [--workers 2] [--pace 0.3]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.hello_bench import ping_while  # noqa: E402
from net.client import AsyncClient  # noqa: E402

HOST = """
import asyncio, sys
from net.host import Host, HostConfig
async def main():
    host = Host(HostConfig(bind="127.0.0.1", port=0, announce=False, hint_workers={workers},
                           rate=1000.0, burst=1000.0))
    await host.start()
    print(host.address[1], flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await host.stop()
asyncio.run(main())
"""


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * q))]


async def phone(port: int, i: int, hints: bool, end: float, pace: float, seen: dict) -> None:
    """A phone at a table of its own: at each of its updates with something to do it asks a hint
    (with ``hints``) and plays its first step, else a random legal action; one action every
    ``pace`` seconds at most, as a person taps (both runs alike)."""
    c = AsyncClient("127.0.0.1", port, f"Phone{i}", reconnect=False, local=f"127.0.0.{10 + i}")
    await c.start()
    await c.expect("welcome", timeout=60)
    c.send({"t": "create", "game": "tikal", "seats": 2, "hints": hints})
    await c.expect("seated", timeout=60)
    c.send({"t": "bot", "seat": 1, "level": "random"})
    await c.expect("table", timeout=60, pred=lambda m: m["table"]["players"][1]["kind"] == "bot")
    c.send({"t": "start"})
    rng = random.Random(i)
    turn, asked_at, last_act = None, 0.0, 0.0

    async def act(action: dict) -> None:
        nonlocal last_act
        await asyncio.sleep(max(0.0, last_act + pace - time.perf_counter()))
        last_act = time.perf_counter()
        c.send({"t": "action", "state": turn["state"], "action": action})
        seen["actions"] += 1

    def ask() -> None:
        nonlocal asked_at
        asked_at = time.perf_counter()
        c.send({"t": "hint", "state": turn["state"]})
        seen["asked"] += 1

    try:
        while time.perf_counter() < end:
            try:
                m = await c.recv(timeout=0.5)
            except asyncio.TimeoutError:
                continue
            if m["t"] == "update":
                if m["over"]:
                    return
                turn = m if "legal" in m else None
                if turn is not None:
                    if hints:
                        ask()
                    else:
                        await act(rng.choice(turn["legal"]))
            elif m["t"] == "hint" and turn is not None and m["state"] == turn["state"]:
                seen["hints"] += 1
                seen["latency"].append(time.perf_counter() - asked_at)
                await act(m["steps"][0]["action"])
            elif m["t"] == "error" and m.get("ref") == "hint":
                seen[m["code"]] = seen.get(m["code"], 0) + 1
                if turn is not None and m["code"] in ("rate", "hint_busy"):   # again in a moment
                    await asyncio.sleep(0.5)
                    ask()
    finally:
        await c.close()


async def pinger(port: int, end: float, pings: list[float]) -> None:
    c = AsyncClient("127.0.0.1", port, "Other", reconnect=False, local="127.0.0.3")
    await c.start()
    await c.expect("welcome", timeout=60)
    await ping_while(c, lambda: time.perf_counter() < end, pings, 0.02)
    await c.close()


def one_run(hints: bool, seconds: float, phones: int, workers: int, pace: float) -> tuple[list[float], dict]:
    host = subprocess.Popen([sys.executable, "-c", HOST.format(workers=workers)], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        port = int(host.stdout.readline())
        pings: list[float] = []
        seen: dict = {"hints": 0, "asked": 0, "actions": 0, "latency": []}

        async def go():
            end = time.perf_counter() + seconds
            await asyncio.gather(pinger(port, end, pings),
                                 *(phone(port, i, hints, end, pace, seen) for i in range(phones)))
        asyncio.run(go())
        return pings, seen
    finally:
        host.stdin.close()
        host.wait(30)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--phones", type=int, default=6)
    ap.add_argument("--workers", type=int, default=None, help="the host's hint_workers (default its own)")
    ap.add_argument("--pace", type=float, default=0.3, help="seconds between a phone's actions at least")
    args = ap.parse_args()
    from net.config import HostConfig
    workers = args.workers or HostConfig().hint_workers
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; {args.phones} phones, "
          f"{workers} hint workers, {args.seconds:g} s per run")
    base, plain = one_run(False, args.seconds, args.phones, workers, args.pace)
    with_hints, seen = one_run(True, args.seconds, args.phones, workers, args.pace)
    for name, pings in (("without hints", base), ("with hints", with_hints)):
        print(f"  another player's pings {name:14}: {len(pings):5} pings, median "
              f"{statistics.median(pings) * 1000:6.1f} ms, p99 {pct(pings, 0.99) * 1000:6.1f} ms, "
              f"max {max(pings) * 1000:6.1f} ms")
    lat = seen.pop("latency")
    refused = {k: v for k, v in seen.items() if k not in ("hints", "asked", "actions")}
    print(f"  the phones' actions: {plain['actions']} without hints, {seen['actions']} with; hints asked "
          f"{seen['asked']}, answered {seen['hints']} (a hint's wait: median {statistics.median(lat):.2f} s, "
          f"p99 {pct(lat, 0.99):.2f} s); refused: {refused or 'none'}")
    print(f"  p99 with hints / without: {pct(with_hints, 0.99) / pct(base, 0.99):.2f} "
          f"(target: p99 <= 50 ms with hints)")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
