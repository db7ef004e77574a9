"""Network figures from one run; all on 127.0.0.1.

    python benchmarks/net_bench.py                 # everything (about 60 s)
    python benchmarks/net_bench.py --no-discovery  # without the zeroconf timings
    python benchmarks/net_bench.py --only-host --profile-host /tmp/host.prof   # + cProfile

1. echo: the raw floor: an asyncio server (own process; a Protocol, like the host) echoing one
   msgpack frame the size of an action; round trip from one client. Also the fan-out floor: one
   frame in, a 3 KB frame (the size of a Tikal update) out to 4 connections, no game at all.
2. host: a real host (run_host.py, own process) and 4 seat clients in this process playing Tikal;
   the time from sending an action to the moment all 4 seats have received its update (p50, p99,
   ratio to the echo's p50 and p99), three ways: the journal on this machine's disk (every
   accepted action flushed and fsynced before its update goes out: the disk's sync is in the
   figure, printed beside it), the journal on /dev/shm (tmpfs: still written and synced, the
   sync costs next to nothing: the host's own cost), and no journal at all.
3. load: 8 tables x 4 bots inside one host process: its memory (peak RSS) and CPU while the bots
   play at a table pace (--bot-delay), and the actions per second when they play flat out.
4. discovery: the timings of benchmarks/discovery_timing.py (a running host listed, a new host
   listed, a killed host dropped).
Targets: ratio <= 3, p99 <= 2 ms, host memory <= 80 MB, running host listed <= 100 ms, dead host
dropped <= 5 s. Other processes running on the machine move every figure: the first line says
how busy it was.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from net.protocol import FrameDecoder, decode_body, encode  # noqa: E402

ACTION = {"t": "action", "seq": 1, "state": 17,
          "action": {"type": "move", "figure": "worker", "path": [[0, 1], [1, 1]]}}


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


# --- child processes ------------------------------------------------------------------------------
async def _echo_server():
    """An asyncio Protocol server, the host's own I/O style, answering each frame at once."""
    links = []

    class Echo(asyncio.Protocol):
        def connection_made(self, transport):
            self.transport, self.dec = transport, FrameDecoder()
            links.append(transport)

        def data_received(self, data):
            self.dec.feed(data)
            for msg in self.dec:
                if msg.get("fanout"):  # the broadcast floor: every connection gets a copy
                    frame = encode(msg)
                    for t in links:
                        t.write(frame)
                else:
                    self.transport.write(encode(msg))

    server = await asyncio.get_running_loop().create_server(Echo, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()


async def _load_host(tables: int, delay: float, data_dir: str):
    from net.config import HostConfig
    from net.host import Host
    host = Host(HostConfig(bind="127.0.0.1", port=0, announce=False, data_dir=data_dir,
                           bot_delay=delay, bots_alone_delay=delay))  # bots at a table's pace
    await host.start()
    made = [host.create_table("tikal", 4, {"variant": "base" if i % 2 else "auction"}, bots=4)
            for i in range(tables)]
    print("ready", flush=True)
    while True:
        await asyncio.sleep(0.05)
        if all(t.status == "over" for t in made):
            print("over", sum(len(t.history) for t in made), flush=True)
            await asyncio.sleep(3600)


def spawn(*args) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, __file__, *args], stdout=subprocess.PIPE, text=True,
                            cwd=ROOT)
    return proc, proc.stdout.readline().strip()


# --- 1. echo --------------------------------------------------------------------------------------
async def measure_echo(n: int) -> list[float]:
    proc, port = spawn("--child-echo")
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", int(port))
        dec, out = FrameDecoder(), []
        frame = encode(ACTION)
        for i in range(n + 50):
            t0 = time.perf_counter()
            writer.write(frame)
            msg = None
            while msg is None:
                dec.feed(await reader.read(65536))
                msg = dec.next_message()
            if i >= 50:  # warm-up
                out.append(time.perf_counter() - t0)
        writer.close()
        return out
    finally:
        proc.kill()
        proc.wait()


async def measure_fanout(n: int, size: int = 3000) -> list[float]:
    """One frame in, the same ``size``-byte frame out to 4 connections: the raw floor under a
    4-seat update (no game, no views, one encoding)."""
    proc, port = spawn("--child-echo")
    try:
        conns = [await asyncio.open_connection("127.0.0.1", int(port)) for _ in range(4)]
        decs = [FrameDecoder() for _ in conns]

        async def next_message(reader, dec):
            msg = dec.next_message()
            while msg is None:
                dec.feed(await reader.read(65536))
                msg = dec.next_message()
            return msg

        for (reader, writer), dec in zip(conns, decs):  # the server has all 4 before the first
            writer.write(encode(ACTION))                   # broadcast (an echo each)
            await next_message(reader, dec)
        frame = encode({**ACTION, "fanout": True, "pad": "x" * size})
        out = []
        for i in range(n + 50):
            t0 = time.perf_counter()
            conns[i % 4][1].write(frame)
            for (reader, _), dec in zip(conns, decs):
                await next_message(reader, dec)
            if i >= 50:
                out.append(time.perf_counter() - t0)
        for _, w in conns:
            w.close()
        return out
    finally:
        proc.kill()
        proc.wait()


# --- 2. host latency ------------------------------------------------------------------------------
class Seat:
    """A lean client for measuring: a socket, a decoder, nothing else (like the echo client)."""

    def __init__(self, reader, writer):
        self.r, self.w, self.dec = reader, writer, FrameDecoder()

    @classmethod
    async def open(cls, port: int, name: str) -> "Seat":
        s = cls(*await asyncio.open_connection("127.0.0.1", port))
        s.send({"t": "hello", "proto": 1, "name": name})
        await s.until("welcome")
        return s

    def send(self, msg: dict):
        self.w.write(encode(msg))

    async def raw_frame(self) -> bytes:
        """The bytes of the next whole frame, not decoded (so that decoding four updates one
        after the other in this one process is not counted as the host's time)."""
        head = await self.r.readexactly(4)
        return await self.r.readexactly(struct.unpack(">I", head)[0])

    async def until(self, t: str, pred=None) -> dict:
        while True:
            msg = self.dec.next_message()
            if msg is None:
                self.dec.feed(await self.r.read(1 << 20))
            elif msg["t"] == t and (pred is None or pred(msg)):
                return msg
            elif msg["t"] == "ping":
                self.send({"t": "pong", "n": msg.get("n", 0)})


async def measure_host(samples: int, data_dir: str | None,
                       profile: str | None = None) -> tuple[list[float], int]:
    from engine.bots import make_bot

    prof = ["-m", "cProfile", "-o", profile] if profile else []
    cmd = [sys.executable, *prof, str(ROOT / "run_host.py"), "--headless", "--no-announce",
           "--bind", "127.0.0.1", "--port", "0", "--rate", "100000", "--log-level", "WARNING",
           "--ping-interval", "3600", "--ping-timeout", "7200"]  # no ping among the timed frames
    if data_dir is None:
        cmd += ["--no-journal"]
    else:
        cmd += ["--data-dir", data_dir]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    port = int(proc.stdout.readline().rsplit(":", 1)[1].split(";")[0])
    times: list[float] = []
    games = 0
    try:
        while len(times) < samples:
            seats = [await Seat.open(port, f"S{i}") for i in range(4)]
            seats[0].send({"t": "create", "game": "tikal", "seats": 4})
            tid = (await seats[0].until("seated"))["table"]
            for s in seats[1:]:
                s.send({"t": "sit", "table": tid})
                await s.until("seated")
                s.send({"t": "ready", "ready": True})
            await seats[0].until("table", lambda m: all(
                p["ready"] for p in m["table"]["players"][1:]))
            seats[0].send({"t": "start"})
            latest = [await s.until("update") for s in seats]
            for s in seats:  # the lobby messages are behind us; from here one update per action
                assert not s.dec.buffered
            bots = [make_bot("tikal", "random", i, i + 10 * games) for i in range(4)]
            while not latest[0]["over"] and len(times) < samples:
                seat = latest[0]["to_act"]
                mine = latest[seat]
                action = bots[seat].choose(mine["view"], mine["legal"])
                state = mine["state"]
                t0 = time.perf_counter()
                seats[seat].send({"t": "action", "seq": state, "state": state, "action": action})
                raw = [await s.raw_frame() for s in seats]
                times.append(time.perf_counter() - t0)
                latest = [decode_body(b) for b in raw]
                assert all(u["state"] == state + 1 for u in latest), "refused"
            for s in seats:
                s.w.close()
            games += 1
        return times, games
    finally:
        if profile:  # a clean stop, so that cProfile writes its file
            proc.send_signal(signal.SIGINT)
            proc.wait(30)
        proc.kill()
        proc.wait()


def measure_fsync(data_dir: str, n: int = 200) -> list[float]:
    """The disk's floor under a journaled update: one small append + flush + the journal's sync."""
    from net.journal import _sync
    out = []
    with open(Path(data_dir) / "probe", "ab") as f:
        for _ in range(n):
            f.write(b"x" * 120)
            f.flush()
            t0 = time.perf_counter()
            _sync(f.fileno())
            out.append(time.perf_counter() - t0)
    return out


# --- 3. load --------------------------------------------------------------------------------------
def proc_stats(pid: int) -> tuple[float, int, int]:
    """(cpu seconds, rss kB, peak rss kB) of a process, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    rss = hwm = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("VmHWM:"):
                hwm = int(line.split()[1])
    return cpu, rss, hwm


def measure_load(delay: float, window: float, data_dir: str) -> dict:
    proc, line = spawn("--child-load", str(delay), data_dir)
    assert line == "ready", line
    try:
        if delay > 0:
            time.sleep(1.0)
            c0, _, _ = proc_stats(proc.pid)
            t0 = time.perf_counter()
            time.sleep(window)
            c1, rss, hwm = proc_stats(proc.pid)
            return {"cpu_pct": 100 * (c1 - c0) / (time.perf_counter() - t0), "rss_mb": rss / 1024,
                    "peak_mb": hwm / 1024}
        t0 = time.perf_counter()
        done = proc.stdout.readline().split()
        elapsed = time.perf_counter() - t0
        cpu, rss, hwm = proc_stats(proc.pid)
        return {"actions": int(done[1]), "seconds": elapsed,
                "actions_per_s": int(done[1]) / elapsed, "peak_mb": hwm / 1024}
    finally:
        proc.kill()
        proc.wait()


# --- report -----------------------------------------------------------------------------------------
def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def load_average() -> str:
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


def ms(xs) -> tuple[float, float]:
    return pct(xs, 50) * 1e3, pct(xs, 99) * 1e3


def tmpfs_dir() -> str | None:
    """A directory on a RAM file system, if the machine has one."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None


def report_host(label: str, times: list[float], games: int, echo: tuple, fan: tuple):
    h50, h99 = ms(times)
    e50, e99 = echo
    print(f"host, {label} (n={len(times)}, {games} games):")
    print(f"    action -> update at all 4 seats: p50 {h50:.3f} ms  p99 {h99:.3f} ms  "
          f"mean {statistics.mean(times) * 1e3:.3f} ms  max {max(times) * 1e3:.3f} ms")
    print(f"    ratio to the echo: p50 {h50 / e50:.2f}  p99 {h99 / e99:.2f}   target <= 3: "
          f"{verdict(h50 / e50 <= 3 and h99 / e99 <= 3)};  p99 <= 2 ms: {verdict(h99 <= 2.0)}")
    print(f"    ratio to the fan-out floor: p50 {h50 / fan[0]:.2f}  p99 {h99 / fan[1]:.2f}")
    # The "p50, p99, and their ratio" read the other way: the tail against the median.
    print(f"    p99 / p50 (the host's own jitter): {h99 / h50:.2f}   target <= 3: "
          f"{verdict(h99 / h50 <= 3)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--samples", type=int, default=1500)
    ap.add_argument("--no-discovery", action="store_true")
    ap.add_argument("--only-host", action="store_true",
                    help="only the echo, the fan-out floor and the host's latency")
    ap.add_argument("--profile-host", metavar="FILE",
                    help="run the host (tmpfs journal) under cProfile, its stats to FILE")
    ap.add_argument("--child-echo", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--child-load", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child_echo:
        return asyncio.run(_echo_server())
    if args.child_load:
        return asyncio.run(_load_host(8, float(args.child_load[0]), args.child_load[1]))

    print(f"net_bench: Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, loopback, "
          f"{load_average()}")
    echo = ms(asyncio.run(measure_echo(args.samples)))
    print(f"echo (asyncio + msgpack, one frame, n={args.samples}): "
          f"p50 {echo[0]:.3f} ms  p99 {echo[1]:.3f} ms")
    fan = ms(asyncio.run(measure_fanout(args.samples)))
    print(f"fan-out floor (one frame in, a 3 KB frame out to 4 connections, no game): "
          f"p50 {fan[0]:.3f} ms  p99 {fan[1]:.3f} ms")

    with tempfile.TemporaryDirectory() as d:
        disk = ms(measure_fsync(d))
        times, games = asyncio.run(measure_host(args.samples, d))
    report_host(f"journal fsynced on this machine's disk (fdatasync alone: p50 {disk[0]:.3f} ms"
                f"  p99 {disk[1]:.3f} ms)", times, games, echo, fan)
    shm = tmpfs_dir()
    if shm is None:
        print("host, journal on tmpfs: skipped (no writable /dev/shm)")
    else:
        with tempfile.TemporaryDirectory(dir=shm) as d:
            sync = ms(measure_fsync(d))
            times, games = asyncio.run(measure_host(args.samples, d, args.profile_host))
        report_host(f"journal written and fsynced on tmpfs /dev/shm (fdatasync alone: "
                    f"p50 {sync[0]:.4f} ms): the host's own cost", times, games, echo, fan)
        if args.profile_host:
            print(f"    (host under cProfile: its figures above are slower; stats in "
                  f"{args.profile_host})")
    times, games = asyncio.run(measure_host(args.samples, None))
    report_host("no journal", times, games, echo, fan)
    if args.only_host:
        return

    with tempfile.TemporaryDirectory() as d:
        paced = measure_load(0.5, 8.0, d)
    with tempfile.TemporaryDirectory() as d:
        flat = measure_load(0.0, 0.0, d)
    print("load: 8 tables x 4 Tikal bots in one host process (journals fsynced):")
    print(f"    at table pace (a bot waits 0.5 s): CPU {paced['cpu_pct']:.1f} % of a core, "
          f"RSS {paced['rss_mb']:.1f} MB, peak {paced['peak_mb']:.1f} MB   "
          f"target <= 80 MB: {verdict(paced['peak_mb'] <= 80)}")
    print(f"    flat out until all 8 games end: {flat['actions']} actions in "
          f"{flat['seconds']:.1f} s = {flat['actions_per_s']:.0f} actions/s, "
          f"peak RSS {flat['peak_mb']:.1f} MB   target <= 80 MB: {verdict(flat['peak_mb'] <= 80)}")

    if args.no_discovery:
        return
    try:
        from benchmarks.discovery_timing import measure, report
    except ImportError as exc:
        print(f"discovery: benchmarks/discovery_timing.py not available ({exc})")
        return
    print(report(measure()))


if __name__ == "__main__":
    main()
