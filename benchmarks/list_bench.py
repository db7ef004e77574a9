"""A guest asking for the list of tables as fast as it can, from 16 connections of one address,
while 64 tables are open: what another player's pings see meanwhile, and how many lists the
host answered. Three processes, as at a party: the host, the guest, the other player.

Each answer lists 64 tables (some 45 KB): it cost the loop about a millisecond to list and
encode; the host now encodes it once while no table changes (net/host.py ``tables_reply``).

    nice -n 10 python benchmarks/list_bench.py [--seconds 8] [--tree DIR]

(``--tree``: the host's code from another checkout, to compare.)
"""
from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from net.client import AsyncClient  # noqa: E402
from net.protocol import FrameDecoder, encode  # noqa: E402

HOST = """
import asyncio, sys
from net.host import Host, HostConfig
async def main():
    h = Host(HostConfig(bind="127.0.0.1", port=0, announce=False))
    await h.start()
    for _ in range(64):
        h.create_table("tortuga", 7, bots=5)
    print(h.address[1], flush=True)
    await asyncio.Event().wait()
asyncio.run(main())
"""


async def guest(port: int, seconds: float) -> int:
    """16 connections from 127.0.0.2 asking ``list`` (reading every answer); answers counted."""
    answered = 0

    async def one(i: int) -> None:
        nonlocal answered
        r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0))
        w.write(encode({"t": "hello", "proto": 1, "name": f"Flood{i}"}))
        end = time.perf_counter() + seconds
        dec = FrameDecoder()

        async def read() -> None:
            nonlocal answered
            while True:
                data = await r.read(1 << 20)
                if not data:
                    return
                dec.feed(data)
                answered += sum(m.get("t") == "tables" for m in dec)
        reader = asyncio.ensure_future(read())
        while time.perf_counter() < end:
            for _ in range(10):
                w.write(encode({"t": "list", "over": True}))
            await asyncio.sleep(0.01)
        reader.cancel()
        w.close()
    await asyncio.gather(*(one(i) for i in range(16)))
    return answered


async def other(port: int, seconds: float) -> list[float]:
    c = AsyncClient("127.0.0.1", port, "Other", reconnect=False, local="127.0.0.3")
    rtts, sent = [], {}

    def on(m):
        if m.get("t") == "pong" and m.get("n") in sent:
            rtts.append(time.perf_counter() - sent.pop(m["n"]))
    c.on_message = on
    await c.start()
    end, n = time.perf_counter() + seconds, 0
    while time.perf_counter() < end:
        n += 1
        sent[n] = time.perf_counter()
        c.send({"t": "ping", "n": n})
        await asyncio.sleep(0.05)
    await asyncio.sleep(1.0)
    await c.close()
    return rtts + [float("inf")] * len(sent)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--tree", default=str(ROOT), help="the checkout whose host is measured")
    ap.add_argument("--role", choices=["guest", "other"], help=argparse.SUPPRESS)
    ap.add_argument("--port", type=int, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.role == "guest":
        print(json.dumps(asyncio.run(guest(a.port, a.seconds))))
        return
    if a.role == "other":
        print(json.dumps(asyncio.run(other(a.port, a.seconds))))
        return
    host = subprocess.Popen([sys.executable, "-c", HOST], cwd=a.tree, stdout=subprocess.PIPE, text=True)
    try:
        port = int(host.stdout.readline())
        me = [sys.executable, __file__, "--port", str(port), "--seconds", str(a.seconds)]
        quiet = json.loads(subprocess.run(me + ["--role", "other"], capture_output=True, text=True).stdout)
        g = subprocess.Popen(me + ["--role", "guest"], stdout=subprocess.PIPE, text=True)
        o = subprocess.run(me + ["--role", "other"], capture_output=True, text=True)
        flooded = json.loads(o.stdout)
        answered = json.loads(g.communicate()[0])
    finally:
        host.kill()
        host.wait()

    def q(xs: list[float], p: float) -> str:
        xs = sorted(xs)
        x = xs[min(len(xs) - 1, int(p * len(xs)))]
        return "lost" if x == float("inf") else f"{x * 1000:.0f} ms"
    print(f"64 tables; the other player's pings, quiet: p50 {q(quiet, .5)}, p99 {q(quiet, .99)}")
    print(f"a guest asking list from 16 connections for {a.seconds:g} s: {answered} lists answered "
          f"({answered / a.seconds:.0f}/s); the other's pings meanwhile: p50 {q(flooded, .5)}, "
          f"p99 {q(flooded, .99)}, max {q(flooded, 1.0)}")


if __name__ == "__main__":
    main()
