"""A guest who asks for replays and the saved games as fast as it can (issue 28 point 8): what
the other players' pings see meanwhile.

Before, each ``replay`` or ``saved`` replayed journals in the host's shared thread pool,
uncached: 100 a second pushed others' pings to a p99 of 4-8 s. Now replays are kept, the saved
games come from the data dir's index, one request is in flight per connection and what must be
read is read on one thread of its own (net/reads.py).

    nice -n 10 python benchmarks/requests_bench.py [--seconds 10]
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.hello_bench import a_data_dir, ms, ping_while  # noqa: E402
from net.client import AsyncClient  # noqa: E402
from net.host import Host, HostConfig  # noqa: E402


async def flood(data_dir: Path, seconds: float, rate: float, finished: int) -> None:
    host = Host(HostConfig(bind="127.0.0.1", port=0, announce=False, data_dir=data_dir))
    await host.start()
    addr = host.address
    guest = AsyncClient(*addr, "Flood", reconnect=False, local="127.0.0.2")
    other = AsyncClient(*addr, "Other", reconnect=False, local="127.0.0.3")
    for c in (guest, other):
        await c.start()
        await c.expect("welcome")
    pings: list[float] = []
    answered = {"replay": 0, "saved": 0, "error": 0}
    end = time.perf_counter() + seconds

    async def asker() -> None:
        n = 0
        while time.perf_counter() < end:
            guest.send({"t": "replay", "id": 1 + n % finished})
            guest.send({"t": "saved"})
            n += 1
            await asyncio.sleep(1 / rate)

    async def reader() -> None:
        while time.perf_counter() < end + 1:
            try:
                m = await guest.recv(timeout=1)
            except asyncio.TimeoutError:
                continue
            if m["t"] in answered:
                answered[m["t"]] += 1

    await asyncio.gather(asker(), reader(), ping_while(other, lambda: time.perf_counter() < end, pings, 0.05))
    print(f"a guest asking {rate:.0f} replay + {rate:.0f} saved a second for {seconds:.0f} s: answered "
          f"{answered['replay']} replays, {answered['saved']} saved lists, {answered['error']} refused "
          f"(one in flight); {host.reads.reads} reads off the loop")
    print(f"another player's pings ({len(pings)}): {ms(pings)}")
    await guest.close()
    await other.close()
    await host.stop()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--rate", type=float, default=100.0)
    ap.add_argument("--finished", type=int, default=200)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        data_dir = Path(d)
        a_data_dir(data_dir, args.finished, 20)
        print(f"data dir: {args.finished} finished and 20 unfinished games of Tikal (4 seats)")
        asyncio.run(flood(data_dir, args.seconds, args.rate, args.finished))


if __name__ == "__main__":
    main()
