"""A host stopped and continued (SIGSTOP, SIGCONT), twice, while its peers reset: does it still
cut a vanished player, start the takeover bot and close a silent connection? (issue 23, fault 1)

    python benchmarks/freeze_check.py                 # two 30 s stops (about 2 minutes)
    python benchmarks/freeze_check.py --freeze 3      # the same, quicker (tests/test_net_faults)

The host is a real process (this script with --child-host: a net.host.Host on 127.0.0.1 with
short timers: ping every 0.5 s, silent 4 s = cut, seats held 3 s). In this process: Ana and Bea
play La Tortuga at a table with takeover; three lobby guests; then

  stop 1: while the host is stopped the guests reset their connections and Ana's laptop
          vanishes (she keeps her socket open and answers nothing any more);
  stop 2: three more guests reset meanwhile, and a connection that never says hello waits.

After each stop the script checks, within bounded waits: Bea is not cut (the host's stop is not
her silence), Ana is cut (``bye``, then the end of her connection), a bot plays Ana's seat (an
update after one where Ana's seat was to act), the host still pings Bea, and the silent
connection is closed. It prints one line per check and exits 1 if any failed.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from net.protocol import FrameDecoder, encode  # noqa: E402

PING, SILENT, GRACE = 0.5, 4.0, 3.0


async def child_host() -> None:
    from net.config import HostConfig
    from net.host import Host

    host = Host(HostConfig(bind="127.0.0.1", port=0, announce=False, ping_interval=PING,
                           ping_timeout=SILENT, grace=GRACE, bot_delay=0.5))
    addr = await host.start()
    print(f"PORT {addr[1]}", flush=True)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    await host.stop()


class Peer:
    """One raw connection: reads every frame, keeps them; answers pings while ``alive``; plays
    its seat (the first legal action) while ``plays``."""

    def __init__(self, name: str | None):
        self.name, self.alive, self.plays = name, True, False
        self.got: list[dict] = []
        self.eof = False
        self.seat: int | None = None

    async def open(self, port: int):
        self.r, self.w = await asyncio.open_connection("127.0.0.1", port)
        self.task = asyncio.ensure_future(self._read())
        if self.name:
            self.send({"t": "hello", "proto": 1, "name": self.name})
        return self

    def _play(self, m: dict):
        if self.alive and not self.eof:
            self.send({"t": "action", "seq": m["state"], "state": m["state"],
                       "action": m["legal"][0]})

    def send(self, msg: dict):
        self.w.write(encode(msg))

    async def _read(self):
        dec = FrameDecoder()
        try:
            while data := await self.r.read(65536):
                dec.feed(data)
                for m in dec:
                    self.got.append(m)
                    if not self.alive:
                        continue
                    if m["t"] == "ping":
                        self.send({"t": "pong", "n": m.get("n", 0)})
                    elif m["t"] == "seated":
                        self.seat = m["seat"]
                    elif (m["t"] == "update" and self.plays and m.get("legal")
                          and not m["over"]):     # a person's pace: the game lasts
                        asyncio.get_running_loop().call_later(0.3, self._play, m)
        except (ConnectionError, OSError):
            pass
        self.eof = True

    async def wait(self, pred, timeout: float) -> dict | bool:
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            for m in self.got:
                if pred(m):
                    return m
            await asyncio.sleep(0.05)
        return False

    def reset(self):
        sock = self.w.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.task.cancel()
        self.w.transport.abort()


async def main(freeze: float) -> int:
    child = subprocess.Popen([sys.executable, __file__, "--child-host"], stdout=subprocess.PIPE,
                             text=True)
    results = []

    def check(what: str, ok) -> None:
        results.append(bool(ok))
        print(f"{'ok  ' if ok else 'FAIL'} {what}", flush=True)

    try:
        port = int(child.stdout.readline().split()[1])
        ana, bea = await (Peer("Ana")).open(port), await (Peer("Bea")).open(port)
        ana.send({"t": "create", "game": "tortuga", "seats": 2, "takeover": True})
        tid = (await ana.wait(lambda m: m["t"] == "seated", 5))["table"]
        bea.send({"t": "sit", "table": tid})
        await bea.wait(lambda m: m["t"] == "seated", 5)
        bea.send({"t": "ready", "ready": True})
        await asyncio.sleep(0.3)
        ana.send({"t": "start"})
        ana.plays = bea.plays = True
        check("the game starts", await bea.wait(lambda m: m["t"] == "update", 5))
        guests = [await Peer(f"Guest{i}").open(port) for i in range(3)]
        await asyncio.sleep(1.0)

        async def stop_host(what: str, resetting: list[Peer]):
            """Stop the host for ``freeze`` seconds while ``resetting`` reset; then Bea must be
            pinged again."""
            child.send_signal(signal.SIGSTOP)
            t0 = time.monotonic()
            for g in resetting:
                g.reset()
            await asyncio.sleep(freeze)
            child.send_signal(signal.SIGCONT)
            print(f"     host stopped {time.monotonic() - t0:.1f} s, continued", flush=True)
            seen = len(bea.got)
            check(f"Bea is pinged again after the {what} stop",
                  await bea.wait(lambda m: m["t"] == "ping" and bea.got.index(m) >= seen, 5))

        # --- stop 1 ---------------------------------------------------------------------------
        ana.alive = False                       # her laptop vanishes, her socket stays
        await stop_host("first", guests)
        check("Ana is cut (bye, then the end of her connection)",
              await ana.wait(lambda m: m["t"] == "bye", SILENT + 6) and
              await _until(lambda: ana.eof, 5))
        a_seat = ana.seat
        after = len(bea.got)

        def taken_over(m):
            i = bea.got.index(m)
            return (m["t"] == "update" and i > after and
                    any(p["t"] == "update" and p.get("to_act") == a_seat
                        for p in bea.got[after:i]))
        check("a bot plays Ana's seat", await bea.wait(taken_over, GRACE + 10))
        check("Bea was not cut", not bea.eof and not any(m["t"] == "bye" for m in bea.got))

        # --- stop 2 ---------------------------------------------------------------------------
        guests = [await Peer(f"Late{i}").open(port) for i in range(3)]
        silent = await Peer(None).open(port)
        await asyncio.sleep(0.5)
        await stop_host("second", guests)
        check("the connection that never said hello is closed",
              await _until(lambda: silent.eof, SILENT + 6))
        moved = len(bea.got)
        over = any(m["t"] == "update" and m["over"] for m in bea.got)
        check("the game goes on (a bot for Ana, Bea herself)" + (": it is over" if over else ""),
              over or await bea.wait(lambda m: m["t"] == "update" and bea.got.index(m) > moved,
                                     10))
        check("Bea was not cut", not bea.eof and not any(m["t"] == "bye" for m in bea.got))
        check("the host process is alive", child.poll() is None)
    finally:
        if child.poll() is None:
            child.send_signal(signal.SIGCONT)
            child.terminate()
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()
    print(f"{sum(results)} of {len(results)} checks passed", flush=True)
    return 0 if all(results) else 1


async def _until(cond, timeout: float) -> bool:
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if cond():
            return True
        await asyncio.sleep(0.05)
    return False


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--freeze", type=float, default=30.0, help="seconds the host is stopped")
    ap.add_argument("--child-host", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child_host:
        asyncio.run(child_host())
        sys.exit(0)
    if os.name != "posix":
        sys.exit("SIGSTOP/SIGCONT: POSIX only")
    sys.exit(asyncio.run(main(args.freeze)))
