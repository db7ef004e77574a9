"""The host's fast path (net/host.py): where the journal syncs run (SyncTimer), and that every
update still goes out only once its record is on disk; one write per connection for the frames
of one moment. Real journal files, real sockets on 127.0.0.1."""
import asyncio
import functools
import threading
import time

from net import journal as jn
from net.host import SyncTimer

from net.protocol import decode_body

from net_helpers import BotClient, connect, live_host, seat_clients


def run(coro_fn):
    @functools.wraps(coro_fn)
    def wrapper(*a, **kw):
        return asyncio.run(asyncio.wait_for(coro_fn(*a, **kw), 60))
    return wrapper


class Disk:
    """``jn._sync`` as it is, made slow on demand; notes the thread each sync ran in."""

    def __init__(self, monkeypatch):
        self.real, self.slow, self.threads = jn._sync, False, []
        monkeypatch.setattr(jn, "_sync", self.sync)

    def sync(self, fd):
        self.real(fd)
        if self.slow:
            time.sleep(0.03)
        self.threads.append(threading.current_thread().name)


def test_syncs_move_into_the_loop_after_a_fast_streak_and_back_after_a_slow_one(
        tmp_path, monkeypatch):
    disk = Disk(monkeypatch)
    journal = jn.Journal(tmp_path / "t.journal", deferred=True)
    timer = SyncTimer(fast=0.02, streak=3)

    def sync_one():
        journal.record({"k": "action"})
        timer.sync(journal)

    try:
        for _ in range(3):
            assert not timer.inline
            sync_one()
        assert timer.inline
        disk.slow = True
        sync_one()                                   # one slow sync: back to the thread ...
        assert not timer.inline
        disk.slow = False
        for _ in range(3):
            sync_one()
        assert timer.inline                          # ... until 3 fast ones in a row again
        assert journal.synced == journal.written == 7
        assert not SyncTimer(fast=0, streak=0).inline   # fast=0: never in the loop
    finally:
        journal.close()


@run
async def test_every_update_waits_for_its_record_inline_or_in_the_thread(tmp_path, monkeypatch):
    """A whole game with the journal synced in the worker thread, then in the loop once syncs
    proved fast, then in the thread again after a slow one: whichever, no update leaves before
    the sync of the record it shows (a state counter s needs the start record and s more)."""
    disk = Disk(monkeypatch)
    early = []

    def tap(cid, frame):
        msg = jn.msgpack.unpackb(frame[4:])
        if msg["t"] == "update":
            journal = host.tables[msg["table"]].journal
            if journal.synced < 1 + msg["state"]:
                early.append((msg["state"], journal.synced))

    async with live_host(data_dir=tmp_path, inline_sync_below=0.02) as host:
        host.frame_tap = tap
        host._syncs.streak = 5
        tid, clients = await seat_clients(host, "tortuga", 2)
        players = [BotClient(c, "tortuga", seed=i) for i, c in enumerate(clients)]

        async def slow_disk_midway():
            while host.tables[tid].state < 15:
                await asyncio.sleep(0.005)
            disk.slow = True
            while host.tables[tid].state < 18:
                await asyncio.sleep(0.005)
            disk.slow = False

        finals = await asyncio.gather(*(p.play() for p in players), slow_disk_midway())
        assert all(f["over"] for f in finals[:2])
        table = host.tables[tid]
        assert table.journal.synced == table.journal.written == 1 + table.state
    assert not early, early[:5]
    in_loop = [i for i, name in enumerate(disk.threads) if name == threading.main_thread().name]
    in_thread = [i for i, name in enumerate(disk.threads) if name.startswith("journal-sync")]
    assert in_thread[0] < in_loop[0]                 # the thread first, then the loop ...
    assert any(i > in_loop[0] for i in in_thread)    # ... and the thread again after the slow one
    assert in_loop[-1] > in_thread[-1]               # ... and the loop once fast again


@run
async def test_the_frames_of_one_moment_go_in_one_write_per_connection():
    """The start of a game sends each seat the table (lobby) and its first update: one write."""
    async with live_host() as host:
        clients = [await connect(host, f"P{i}") for i in range(3)]
        clients[0].send({"t": "create", "game": "tikal", "seats": 3})
        tid = (await clients[0].expect("seated"))["table"]
        for c in clients[1:]:
            c.send({"t": "sit", "table": tid})
            await c.expect("seated")
            c.send({"t": "ready", "ready": True})
        await clients[0].expect("table", pred=lambda m: all(
            p["ready"] for p in m["table"]["players"][1:]))
        writes: dict[int, list] = {}

        def counted(cid, real):
            def write(data):
                writes.setdefault(cid, []).append(data)
                return real(data)
            return write

        for conn in host.conns.values():
            conn.transport.write = counted(conn.id, conn.transport.write)
        clients[0].send({"t": "start"})
        for c in clients:
            await c.expect("table", pred=lambda m: m["table"]["status"] == "playing")
            await c.expect("update")
        assert sorted(map(len, writes.values())) == [1, 1, 1], writes
        for data, in writes.values():                   # each write: the table, then the update
            first = 4 + int.from_bytes(data[:4], "big")
            assert [m["t"] for m in (decode_body(data[4:first]),
                                     decode_body(data[first + 4:]))] == ["table", "update"]
