"""The host's fast path (net/outbox.py): where the journal syncs run (SyncTimer), and that every
update still goes out only once its record is on disk; one write per connection for the frames
of one moment. Real journal files, real sockets on 127.0.0.1."""
import asyncio
import os
import tempfile
import threading
import time
from pathlib import Path

import pytest

from net import journal as jn
from net.host import SyncTimer
from net.protocol import decode_body

from net_helpers import BotClient, live_host, run, seat_clients


class Disk:
    """``jn._sync`` as it is, made slow on demand (``slow``, or the syncs numbered in
    ``slow_at``); notes the thread each sync ran in."""

    def __init__(self, monkeypatch, slow_at=()):
        self.real, self.slow, self.slow_at, self.threads = jn._sync, False, set(slow_at), []
        monkeypatch.setattr(jn, "_sync", self.sync)

    def sync(self, fd):
        self.real(fd)
        if self.slow or len(self.threads) + 1 in self.slow_at:
            time.sleep(0.06)
        self.threads.append(threading.current_thread().name)


@pytest.fixture
def quick_dir(tmp_path):
    """A directory on tmpfs where the machine has one (syncs there take microseconds, so the
    syncs' timing below is the test's own), else the usual temporary directory."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir=shm) as d:
        yield Path(d)


def test_syncs_move_into_the_loop_after_a_fast_streak_and_back_after_a_slow_one(
        quick_dir, monkeypatch):
    disk = Disk(monkeypatch)
    journal = jn.Journal(quick_dir / "t.journal", deferred=True)
    timer = SyncTimer(fast=0.05, streak=3)

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
async def test_every_update_waits_for_its_record_inline_or_in_the_thread(quick_dir, monkeypatch):
    """A whole game with the journal synced in the worker thread, then in the loop once syncs
    proved fast, then in the thread again after a slow one (the 12th), then in the loop again:
    whichever, no update leaves before the sync of the record it shows (a state counter s needs
    the start record and s more)."""
    disk = Disk(monkeypatch, slow_at={12})
    early = []

    def tap(cid, frame):
        msg = decode_body(frame[4:])
        if msg["t"] == "update":
            journal = host.tables[msg["table"]].journal
            if journal.synced < 1 + msg["state"]:
                early.append((msg["state"], journal.synced))

    async with live_host(data_dir=quick_dir, inline_sync_below=0.05) as host:
        host.frame_tap = tap
        host.outbox.syncs.streak = 4
        tid, clients = await seat_clients(host, "tortuga", 2)
        players = [BotClient(c, "tortuga", seed=i) for i, c in enumerate(clients)]
        finals = await asyncio.gather(*(p.play() for p in players))
        assert all(f["over"] for f in finals)
        table = host.tables[tid]
        assert table.journal.synced == table.journal.written == 1 + table.state
    assert not early, early[:5]
    where = ["loop" if name == threading.main_thread().name else "thread"
             for name in disk.threads]
    assert len(where) > 20 and where[:4] == ["thread"] * 4     # a streak of 4 fast ones ...
    assert where[4:11] == ["loop"] * 7                         # ... then in the loop, until
    assert where[11] == "loop" and where[12:16] == ["thread"] * 4   # the slow 12th: the thread
    assert where[16:].count("loop") > 0                        # ... and the loop again


@run
async def test_the_frames_of_one_moment_go_in_one_write_per_connection():
    """The start of a game sends each seat the table (lobby) and its first update: one write."""
    async with live_host() as host:
        _, clients = await seat_clients(host, "tikal", 3, start=False)
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
