"""A full disk under a live host: the table pauses and says so, bots back off, nothing refused
reaches the journal, and when space returns the game goes on by itself, with a journal that
replays into the live game and a --resume that restores it whole (a real tmpfs of a few hundred
KiB; and an injected ENOSPC in the middle of a record)."""
import asyncio
import contextlib
import errno
import logging
import os
import subprocess

import pytest

from net import journal as jn
from net.config import HostConfig
from net.host import Host
from net.table import Table, TableError

from net_helpers import connect, live_host, seat_clients
from waiting import until_async


@contextlib.contextmanager
def small_disk(path, size="384k"):
    """A tmpfs of ``size`` mounted on ``path`` (root only; skips with the reason otherwise)."""
    path.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs",
                        str(path)], capture_output=True, text=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.strip()}")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], capture_output=True)


def fill(disk) -> "os.PathLike":
    """Fill the disk to the last byte with a file; returns its path (delete it to free space)."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as f:
        chunk = b"\0" * 4096
        while True:
            try:
                f.write(chunk)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC
                break
        while True:                          # the last few bytes too
            try:
                if not f.write(b"\0"):
                    break
            except OSError:
                break
    return filler


async def human(client, log: list, stop: asyncio.Event):
    """Seat 0's player: plays the first legal action of every update offered to it; notes
    every error and the updates it saw. Once ``stop`` is set it sends nothing more and returns
    when the host has answered its last action (an update past that action's state, or a
    refusal): nothing it sent is still on its way when the test reads where the game is."""
    sent = None         # the state our last action was sent at, until the host answers it
    while not stop.is_set() or sent is not None:
        try:
            m = await client.recv(timeout=0.2)   # not a deadline: a poll that looks at ``stop``
        except asyncio.TimeoutError:
            continue
        log.append(m)
        if sent is not None and (m["t"] == "error" and m.get("ref") == "action"
                                 or m["t"] == "update" and m["state"] > sent):
            sent = None
        if m["t"] == "update" and "legal" in m and not m["over"] and not stop.is_set():
            client.send({"t": "action", "state": m["state"], "action": m["legal"][0]})
            sent = m["state"]


class Counting(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append(record)


@pytest.mark.slow
def test_a_full_disk_pauses_the_table_and_loses_nothing(tmp_path):
    asyncio.run(_full_disk(tmp_path))


async def _full_disk(tmp_path):
    counting = Counting()
    logging.getLogger("tikal").addHandler(counting)
    with small_disk(tmp_path / "disk") as disk:
        saves = disk / "saves"
        try:
            async with live_host(data_dir=saves, disk_retry=0.1) as host:
                tid, (a,) = await seat_clients(host, "tortuga", 2, bots_in_host=1)
                w = await connect(host, "Watcher")
                w.send({"t": "spectate", "table": tid})
                await w.expect("table")
                t = host.tables[tid]
                seen, stop = [], asyncio.Event()
                player = asyncio.ensure_future(human(a, seen, stop))
                while t.state < 12:
                    await asyncio.sleep(0.01)
                mark = len(counting.records)
                filler = fill(disk)
                # the next record cannot be written: the table pauses, and every seat and the
                # spectator are told why
                warn = await w.expect("error")
                assert warn["code"] == "disk_full" and "disk is full" in warn["message"]
                await until_async(lambda: any(m["t"] == "error" and m["code"] == "disk_full" for m in seen),
                                  "the player's disk_full error")
                paused = await w.expect("table", pred=lambda m: m["table"].get("paused"))
                assert "disk" in paused["table"]["paused"]
                state = t.state
                lines = len(counting.records)
                await asyncio.sleep(0.8)       # bots back off: no spinning, no log flood
                assert t.state == state and t.paused
                assert len(counting.records) == lines
                # a player's action while paused is refused with the same code, nothing changes
                a.send({"t": "action", "seq": 9, "state": t.state, "action": {"type": "roll"}})
                await asyncio.sleep(0.2)
                assert t.state == state
                os.unlink(filler)              # space again: the game goes on by itself
                await w.expect("table", pred=lambda m: not m["table"].get("paused"))
                full = await w.expect("update", pred=lambda m: m.get("full"))
                assert full["state"] == state
                while t.state < state + 10 and not t.game.is_over:
                    await asyncio.sleep(0.01)
                stop.set()
                await player
                # one line when it began, one when it ended
                episode = [r.getMessage() for r in counting.records[mark:]
                           if r.levelno >= logging.WARNING]
                assert len(episode) == 2, episode
                assert "disk is full" in episode[0] and "goes on" in episode[1]
            live = t.game.snapshot(), t.state     # where the game was when the host stopped
            # the journal holds exactly the game that was played ...
            records, good = jn.read_records(jn.journal_path(saves, tid))
            assert good == jn.journal_path(saves, tid).stat().st_size
            again = Table.replay(records)
            assert (again.game.snapshot(), again.state) == live
            # ... and a restarted host restores it whole
            host2 = Host(HostConfig(bind="127.0.0.1", port=0, announce=False, data_dir=saves,
                                    resume=True))
            await host2.start()
            try:
                if not again.game.is_over:
                    assert host2.tables[tid].state == live[1]
                    assert host2.tables[tid].game.snapshot() == live[0]
            finally:
                await host2.stop()
        finally:
            logging.getLogger("tikal").removeHandler(counting)


class FullDisk(jn.Journal):
    """A real journal file whose disk fills up while a record is being written: the first
    ``room`` bytes of that write land in the file, then ENOSPC (as a real disk does)."""

    room: int | None = None

    def _write(self, data: bytes) -> int:
        if self.room is None:
            return super()._write(data)
        n = super()._write(data[:self.room]) if self.room else 0
        self.room = 0
        if n < len(data):
            raise OSError(errno.ENOSPC, "No space left on device")
        return n


def test_a_record_refused_half_way_never_reaches_the_file(tmp_path):
    path = tmp_path / "table-1.journal"
    j = FullDisk(path)
    t = Table(1, "tortuga", 2, owner=100, journal=j)
    t.sit(100, "A")
    t.ask(100, {"t": "bot", "seat": 1, "level": "random"})
    t.start(100, 7)
    while t.state < 5:
        t.bot_act(1, t.state, t.game.legal_actions()[0]) if t.game.to_act == 1 else \
            t.act(100, 0, t.state, t.game.legal_actions()[0])
    before = path.read_bytes()
    for room in (0, 3, 11):            # nothing of it, part of the header, part of the body
        j.room = room
        seat = t.game.to_act
        with pytest.raises(TableError) as e:
            if seat == 1:
                t.bot_act(1, t.state, t.game.legal_actions()[0])
            else:
                t.act(100, 0, t.state, t.game.legal_actions()[0])
        assert e.value.code == "disk_full"
        assert path.read_bytes() == before       # the part that was written is gone again
        t.paused = None                           # (the host does this once a probe succeeds)
    j.room = None
    while t.state < 12 and not t.game.is_over:
        seat = t.game.to_act
        t.bot_act(1, t.state, t.game.legal_actions()[0]) if seat == 1 else \
            t.act(100, 0, t.state, t.game.legal_actions()[0])
    j.close()
    records, good = jn.read_records(path)
    assert good == path.stat().st_size
    assert Table.replay(records).game.snapshot() == t.game.snapshot()


def test_a_failed_sync_closes_the_table_and_resume_restores_it(tmp_path, monkeypatch):
    asyncio.run(_failed_sync(tmp_path, monkeypatch))


async def _failed_sync(tmp_path, monkeypatch):
    """A record written whose fdatasync fails (an injected EIO): the game may be ahead of what the
    disk holds, so the table closes, telling its players why; the update about that action is
    never sent; the journal is left unmarked and --resume restores the game from it."""
    saves = tmp_path / "saves"
    async with live_host(data_dir=saves) as host:
        tid, clients = await seat_clients(host, "tortuga", 2)
        t = host.tables[tid]
        while t.state < 6:                      # both play their first legal action a while
            for c in clients:
                try:
                    m = await c.recv(timeout=0.05)   # not a deadline: a poll of both clients
                except asyncio.TimeoutError:
                    continue
                if m["t"] == "update" and "legal" in m and m["state"] == t.state:
                    c.send({"t": "action", "state": m["state"], "action": m["legal"][0]})
        await asyncio.sleep(0.1)
        state = t.state
        seat = t.game.to_act
        action = t.game.legal_actions()[0]

        def failing(fd):
            raise OSError(errno.EIO, "Input/output error")
        monkeypatch.setattr(jn, "_sync", failing)
        clients[seat].send({"t": "action", "state": state, "action": action})
        for c in clients:
            got = []
            while not got or got[-1]["t"] != "left":
                got.append(await c.recv())
            err = [m for m in got if m["t"] == "error"]
            assert err and err[-1]["code"] == "internal" and "cannot save this game" in err[-1]["message"]
            assert got[-1]["table"] == tid
            # nothing about the unsynced state went out
            assert not any(m["t"] == "update" and m["state"] > state for m in got)
        assert tid not in host.tables
        monkeypatch.undo()
    host2 = Host(HostConfig(bind="127.0.0.1", port=0, announce=False, data_dir=saves, resume=True))
    await host2.start()
    try:
        assert host2.tables[tid].state == state + 1    # what the disk holds, played on
        assert not host2.tables[tid].game.is_over
    finally:
        await host2.stop()


@pytest.mark.slow
def test_a_host_started_on_a_full_disk_restores_the_saved_games_once_there_is_room(tmp_path):
    """Issue 30: --resume on a data dir whose disk is full: the host hosts in memory (its tables
    numbered after the saved games), and when room comes back, with no new table asking for it,
    the data dir opens and the unfinished game is restored whole, under its own id."""
    asyncio.run(asyncio.wait_for(_restore_when_room(tmp_path), 120))


async def _restore_when_room(tmp_path):
    with small_disk(tmp_path / "disk", size="512k") as disk:
        saves = disk / "saves"
        async with live_host(data_dir=saves) as host:
            tid, (a,) = await seat_clients(host, "tortuga", 2, bots_in_host=1)
            t = host.tables[tid]
            seen, stop = [], asyncio.Event()
            player = asyncio.ensure_future(human(a, seen, stop))
            while t.state < 8:
                await asyncio.sleep(0.01)
            stop.set()
            await player
            while t.game.to_act != 0:           # the bot's turn done: the game waits for seat 0
                await asyncio.sleep(0.01)
            live = t.game.snapshot(), t.state
        assert not t.game.is_over
        (saves / "host.lock").unlink()          # (else its page is there to be written again)
        filler = fill(disk)
        async with live_host(data_dir=saves, resume=True, disk_retry=0.05) as host:
            assert host.lifecycle.unsaved and tid not in host.tables
            ana = await connect(host, "Ana")
            ana.send({"t": "create", "game": "tortuga", "seats": 2})
            meanwhile = (await ana.expect("seated"))["table"]
            assert meanwhile > tid and host.tables[meanwhile].journal is None
            filler.unlink()                     # room again: nobody creates a table
            for _ in range(2400):
                if tid in host.tables:
                    break
                await asyncio.sleep(0.05)
            restored = host.tables[tid]
            assert (restored.game.snapshot(), restored.state) == live
            assert host.lifecycle.unsaved is None and host.report is not None
            assert restored in host.lifecycle.restored and meanwhile in host.tables
            # the game goes on where it was: its player comes back and the bot answers
            assert (saves / "host.lock").exists()
