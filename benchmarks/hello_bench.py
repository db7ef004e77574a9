"""A hello with a seat token the host does not play (issue 28 point 0): what the host's loop
spends on it with a data dir of many saved games.

Before, the host looked such a token up by reading and parsing every journal of its data dir on
its event loop (``saves.unfinished_games``): the time of that scan is printed first, as the
old hello spent it. Now the token is looked up in the data dir's index (net/saves.py), kept as
games are saved: printed are the round trips of hellos with random tokens on a real loopback
host with the same data dir, and another player's pings meanwhile.

    nice -n 10 python benchmarks/hello_bench.py [--finished 200] [--unfinished 20]
"""
from __future__ import annotations

import argparse
import asyncio
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from net import journal as jn  # noqa: E402
from net import saves  # noqa: E402
from net.client import AsyncClient  # noqa: E402
from net.host import Host, HostConfig  # noqa: E402
from net.table import Table  # noqa: E402


def a_game(path: Path, game: str, seats: int, seed: int, finish: bool) -> bytes:
    """One game of ``game`` in a journal: played to its end, or 60 moves of it; its bytes."""
    j = jn.Journal(path)
    t = Table(1, game, seats, owner=100, journal=j)
    for i in range(seats):
        t.sit(100 + i, f"Player {i + 1}")
        t.ask(100 + i, {"t": "ready", "ready": True})
    t.start(100, seed)
    n = 0
    while not t.game.is_over and (finish or n < 60):
        legal = t.game.legal_actions()
        t.act(100 + t.game.to_act, 0, t.state, legal[(seed + n) % len(legal)])
        n += 1
    j.close()
    return path.read_bytes()


async def hellos(data_dir: Path, count: int) -> tuple[list[float], list[float], float]:
    host = Host(HostConfig(bind="127.0.0.1", port=0, announce=False, data_dir=data_dir,
                           rate=5000, burst=5000))
    t0 = time.perf_counter()
    await host.start()
    started = time.perf_counter() - t0
    addr = host.address
    watcher = AsyncClient(*addr, "Watcher", reconnect=False)
    await watcher.start()
    await watcher.expect("welcome")
    pings: list[float] = []
    stop = asyncio.Event()
    pinger = asyncio.ensure_future(ping_while(watcher, lambda: not stop.is_set(), pings, 0.01))
    trips = []
    for i in range(count):
        c = AsyncClient(*addr, f"X{i}", token=secrets.token_hex(16), reconnect=False)
        t = time.perf_counter()
        await c.start()
        await c.expect("error", timeout=120)        # bad_token
        trips.append(time.perf_counter() - t)
        await c.close()
    stop.set()
    await pinger
    await watcher.close()
    await host.stop()
    return trips, pings, started


async def ping_while(client, going, pings: list[float], pause: float, timeout: float = 60) -> None:
    """Another player's pings (numbered from 1) while ``going()``: each round trip in seconds
    appended to ``pings``, ``pause`` seconds between them."""
    n = 0
    while going():
        n += 1
        t = time.perf_counter()
        client.send({"t": "ping", "n": n})
        await client.expect("pong", timeout=timeout, pred=lambda m, n=n: m.get("n") == n)
        pings.append(time.perf_counter() - t)
        await asyncio.sleep(pause)


def ms(xs: list[float]) -> str:
    xs = sorted(xs)
    p99 = xs[min(len(xs) - 1, int(len(xs) * 0.99))]
    return (f"median {statistics.median(xs) * 1000:7.1f} ms, p99 {p99 * 1000:7.1f} ms, "
            f"max {xs[-1] * 1000:7.1f} ms")


def a_data_dir(data_dir: Path, finished: int, unfinished: int) -> None:
    """``finished`` whole games of Tikal (4 seats) and ``unfinished`` half-played ones in
    ``data_dir``: one of each played once, copied as many times."""
    with tempfile.TemporaryDirectory() as t:
        whole = a_game(Path(t) / "whole.journal", "tikal", 4, 7, finish=True)
        half = a_game(Path(t) / "half.journal", "tikal", 4, 8, finish=False)
    for tid in range(1, finished + unfinished + 1):
        jn.journal_path(data_dir, tid).write_bytes(whole if tid <= finished else half)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--finished", type=int, default=200)
    ap.add_argument("--unfinished", type=int, default=20)
    ap.add_argument("--hellos", type=int, default=200)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        data_dir = Path(d)
        a_data_dir(data_dir, args.finished, args.unfinished)
        size = sum(p.stat().st_size for p in data_dir.iterdir()) / 1e6
        print(f"data dir: {args.finished} finished + {args.unfinished} unfinished games of Tikal "
              f"(4 seats), {size:.1f} MB of journals")
        t = time.perf_counter()
        found = saves.unfinished_games(data_dir, skip=set())
        scan = time.perf_counter() - t
        print(f"before: the scan the old hello made on the loop (every journal read and parsed): "
              f"{scan * 1000:8.1f} ms ({len(found)} unfinished games found)")
        trips, pings, started = asyncio.run(hellos(data_dir, args.hellos))
        print(f"now: the host reads its data dir once at start ({started * 1000:.0f} ms) and keeps an index")
        print(f"now: hello with a random token -> bad_token, round trip ({len(trips)}): {ms(trips)}")
        print(f"now: another player's pings meanwhile ({len(pings)}): {ms(pings)}")
        print(f"ratio: old hello's scan / new hello's median round trip: "
              f"{scan / statistics.median(trips):.0f}x")


if __name__ == "__main__":
    main()
