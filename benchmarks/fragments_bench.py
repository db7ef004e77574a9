"""What one hostile socket costs everyone else (issue 40, point 1): while it floods the host,
another player's pings are timed.

- ``ws``: a WebSocket (no hello) sends one binary fragment and then N empty continuation
  fragments (6 bytes each on the wire). Before, net/web.py copied its list of parts for every
  fragment and summed it on every read: 150,000 of them froze the host for minutes.
- ``tcp``: a TCP connection of the game port sends N tiny frames (9 bytes, ``{"t": "x"}``) at
  once, far past its rate.

The attacker runs in a thread of its own with a blocking socket; the host and the other player
(a TCP client pinging 20 times a second) share the event loop, as on a party night.

    nice -n 10 python benchmarks/fragments_bench.py [--fragments 150000] [--edge ws|tcp|both]
"""
from __future__ import annotations

import argparse
import asyncio
import base64
import os
import socket
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from websockets.frames import Frame, Opcode  # noqa: E402

from benchmarks.hello_bench import ms, ping_while  # noqa: E402
from net.client import AsyncClient  # noqa: E402
from net.host import Host, HostConfig  # noqa: E402
from net.protocol import encode  # noqa: E402
from net.web import WebServer  # noqa: E402


def attack_bytes(edge: str, n: int) -> bytes:
    if edge == "ws":
        first = Frame(Opcode.BINARY, b"\x81", fin=False).serialize(mask=True)
        return first + Frame(Opcode.CONT, b"", fin=False).serialize(mask=True) * n
    return encode({"t": "x"}) * n


def attacker(port: int, edge: str, data: bytes, out: dict) -> None:
    """Send ``data`` (blocking), then read until the host closes; what happened goes in ``out``."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.settimeout(600)
    if edge == "ws":
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                      "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        got = b""
        while b"\r\n\r\n" not in got:
            got += sock.recv(1)
    start = time.perf_counter()
    sent = 0
    view = memoryview(data)
    try:
        while sent < len(data):
            sent += sock.send(view[sent:sent + 65536])
        while sock.recv(65536):
            pass
    except OSError:
        pass
    out.update(sent=sent, took=time.perf_counter() - start)
    sock.close()


async def bench(edge: str, n: int) -> None:
    host = Host(HostConfig(bind="127.0.0.1", port=0, announce=False))
    await host.start()
    web = WebServer(host.links, None, game_port=host.address[1])
    await web.start("127.0.0.1", 0)
    other = AsyncClient(*host.address, "Other", reconnect=False)
    await other.start()
    await other.expect("welcome", timeout=60)
    data = attack_bytes(edge, n)
    out: dict = {}
    port = web.address[1] if edge == "ws" else host.address[1]
    thread = threading.Thread(target=attacker, args=(port, edge, data, out), daemon=True)
    pings: list[float] = []
    thread.start()
    # 20 a second (well within its own rate), at least 20 of them
    await ping_while(other, lambda: thread.is_alive() or len(pings) < 20, pings, 0.05, timeout=600)
    thread.join()
    unit = 6 if edge == "ws" else 9
    what = "empty WebSocket fragments" if edge == "ws" else "tiny TCP frames"
    print(f"{edge}: {n} {what} ({len(data) / 1e3:.0f} kB): the host closed the socket "
          f"{out['took']:.2f} s after the attack began (the kernel had taken {out['sent'] // unit} "
          f"of them); refusals counted: {dict(host.stats.errors)}")
    print(f"{edge}: another player's pings meanwhile ({len(pings)}): {ms(pings)}")
    await other.close()
    await web.stop()
    await host.stop()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fragments", type=int, default=150_000, help="fragments (or frames) sent")
    ap.add_argument("--edge", choices=("ws", "tcp", "both"), default="both")
    args = ap.parse_args()
    for edge in ("ws", "tcp") if args.edge == "both" else (args.edge,):
        asyncio.run(bench(edge, args.fragments))


if __name__ == "__main__":
    main()
