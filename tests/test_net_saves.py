"""The host's data dir over a party night and after it: damaged journals keep their playable
prefix and are set aside, journals this host cannot replay faithfully are refused loudly, two
hosts never share a data dir, unreadable entries are skipped, finished games are listed without
being replayed and old ones archived, journals are readable by their owner only, an unfinished
game is not exported without --force, and a padded action is journaled as the rules read it."""
import asyncio
import os
import shutil
import stat
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

import engine
from net import journal as jn
from net import saves
from net.config import HostConfig
from net.host import Host
from net.table import Table

from net_helpers import live_host, seat_clients
from waiting import HANG

ROOT = Path(__file__).resolve().parents[1]


def game_journal(data_dir: Path, tid: int, actions: int | None, seed: int = 3) -> list[dict]:
    """A real La Tortuga game of two players (seat tokens and all) journaled in
    ``table-<tid>.journal``: ``actions`` actions, or to its end (None). Returns its records."""
    data_dir.mkdir(parents=True, exist_ok=True)
    j = jn.Journal(jn.journal_path(data_dir, tid), deferred=True)
    t = Table(tid, "tortuga", 2, owner=100, journal=j)
    t.sit(100, "Ana")
    t.sit(101, "Bo")
    t.ask(101, {"t": "ready", "ready": True})
    t.start(100, seed)
    while not t.game.is_over and (actions is None or len(t.history) < actions):
        legal = t.game.legal_actions()
        t.act(100 + t.game.to_act, 0, t.state, legal[len(t.history) % len(legal)])
    j.close()
    return jn.read_records(jn.journal_path(data_dir, tid))[0]


def write_records(path: Path, records: list[dict]) -> bytes:
    """``records`` written as a journal (chained, as their start record's format says)."""
    data = jn.frames(records)
    path.write_bytes(data)
    return data


def offsets(data: bytes) -> list[int]:
    out, pos = [], 0
    while pos < len(data):
        out.append(pos)
        pos += 8 + struct.unpack_from(">I", data, pos)[0]
    return out


def read_until(proc, done, timeout: float = HANG) -> str:
    """What ``proc`` printed until ``done(text)`` or its end (``timeout`` only against a hang)."""
    import select

    fd = proc.stdout.fileno()
    data, end = b"", time.monotonic() + timeout
    while not done(data.decode(errors="replace")) and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            data += chunk
    return data.decode(errors="replace")


def restore(data_dir, **cfg) -> saves.Opened:
    return saves.open_saves(data_dir, resume=True, deferred=False, **cfg)


def expected(records: list[dict]) -> Table:
    return Table.replay(records)


def close_all(opened: saves.Opened):
    for t in opened.tables.values():
        t.journal.close()


# --- 2. damage ------------------------------------------------------------------------------------
def test_a_damaged_record_mid_journal_keeps_the_playable_prefix_and_is_set_aside(tmp_path):
    records = game_journal(tmp_path, 1, 51)
    assert len(records) == 52
    path = jn.journal_path(tmp_path, 1)
    data = bytearray(path.read_bytes())
    data[offsets(bytes(data))[5] + 10] ^= 0x40          # one flipped bit in record 5's body
    path.write_bytes(bytes(data))
    opened = restore(tmp_path)
    t = opened.tables[1]
    want = expected(records[:5])
    assert (t.state, t.game.snapshot()) == (want.state, want.game.snapshot())
    # the damaged file is kept as it was, the journal holds the playable prefix
    aside = tmp_path / "table-1.journal.damaged"
    assert aside.read_bytes() == bytes(data)
    assert jn.read_records(path)[0] == records[:5]
    assert any("table 1: damaged" in line and "table-1.journal.damaged" in line
               for line in opened.report.lines())
    assert "damaged" in opened.notes[1]
    # the players come back with their tokens and the game goes on, journaled after the prefix
    for seat, p in enumerate(records[0]["players"]):
        t.rejoin(100 + seat, p["token"])
    t.act(100 + t.game.to_act, 0, t.state, t.game.legal_actions()[0])
    close_all(opened)
    kept = jn.read_records(path)[0]
    assert len([r for r in kept if r["k"] not in ("away", "back")]) == 6   # (who came back: noted too)


def test_a_record_the_rules_refuse_or_an_unknown_kind_ends_the_replay_there(tmp_path):
    for tid, bad in ((1, {"k": "action", "seat": 0, "action": {"type": "fly"}}),
                     (2, {"k": "comment", "text": "what a move"})):
        records = game_journal(tmp_path, tid, 20)
        write_records(jn.journal_path(tmp_path, tid), records[:8] + [bad] + records[8:])
    opened = restore(tmp_path)
    for tid in (1, 2):
        t = opened.tables[tid]
        want = expected(records[:8])
        assert (t.state, t.game.snapshot()) == (want.state, want.game.snapshot())
        assert (tmp_path / f"table-{tid}.journal.damaged").exists()
    close_all(opened)


def test_a_torn_last_record_is_cut_quietly(tmp_path):
    records = game_journal(tmp_path, 1, 10)
    path = jn.journal_path(tmp_path, 1)
    whole = path.read_bytes()
    for tail in (whole[-7:-2], b"\0" * 40, struct.pack(">II", 500, 0) + b"\x81\xa1k"):
        path.write_bytes(whole + tail)
        opened = restore(tmp_path)
        assert opened.tables[1].state == expected(records).state
        assert not opened.report.damaged and path.read_bytes() == whole
        assert not list(tmp_path.glob("*.damaged*"))
        close_all(opened)


# --- 3. versions and checks ---------------------------------------------------------------------
def test_journals_carry_versions_and_checks_and_the_unfaithful_are_refused_loudly(tmp_path):
    records = game_journal(tmp_path, 1, 45)
    start = records[0]
    assert start["v"] == jn.FORMAT and start["rules"] == engine.rules_version(start["game"]) \
        and len(start["check"]) == 16
    checked = [r for r in records[1:] if "check" in r]
    assert len(checked) >= 2                       # every CHECK_EVERY states
    cases = {2: {**start, "v": jn.FORMAT + 1},     # a newer host's journal
             3: {**start, "rules": 99},            # another rules version
             4: {**start, "seed": start["seed"] + 1}}  # another generator, or seed
    for tid, first in cases.items():
        write_records(jn.journal_path(tmp_path, tid), [{**first, "table": tid}] + records[1:])
    before = {tid: jn.journal_path(tmp_path, tid).read_bytes() for tid in cases}
    opened = restore(tmp_path)
    assert set(opened.tables) == {1}
    refused = "\n".join(opened.report.refused)
    assert f"table 2 not restored: journal format {jn.FORMAT + 1}" in refused
    assert "table 3 not restored: tortuga rules version 99" in refused
    assert "table 4 not restored: the replay differs" in refused
    for tid in cases:                              # left as they are, for a host that can
        assert jn.journal_path(tmp_path, tid).read_bytes() == before[tid]
    close_all(opened)
    listed = {g["id"]: g for g in jn.list_saved(tmp_path)}
    assert "newer host" in listed[2]["problem"] and "rules version" in listed[3]["problem"]
    # a state check that fails later in the game stops the replay there too
    bad = [dict(r) for r in records]
    bad[[i for i, r in enumerate(bad) if "check" in r and i][0]]["check"] = "0" * 16
    write_records(jn.journal_path(tmp_path, 5), [{**start, "table": 5}] + bad[1:])
    opened = restore(tmp_path)
    assert 5 not in opened.tables and "table 5 not restored" in "\n".join(opened.report.refused)
    close_all(opened)


# --- 4. one host per data dir ---------------------------------------------------------------------
def test_two_hosts_never_share_a_data_dir(tmp_path):
    async def run():
        async with live_host(data_dir=tmp_path) as first:
            second = Host(HostConfig(bind="127.0.0.1", port=0, announce=False, data_dir=tmp_path))
            with pytest.raises(saves.DataDirBusy) as e:
                await second.start()
            assert f"process {os.getpid()}" in str(e.value) and "--data-dir" in str(e.value)
            assert not first.tables or True
            # another process is told the same and exits without serving
            r = subprocess.run([sys.executable, str(ROOT / "run_host.py"), "--headless",
                                "--no-announce", "--bind", "127.0.0.1", "--port", "0",
                                "--data-dir", str(tmp_path)], capture_output=True, text=True,
                               timeout=HANG, cwd=ROOT)
            assert r.returncode == 1 and f"process {os.getpid()}" in r.stderr
            assert "listening" not in r.stdout
        # once the first host is gone, the data dir is free again
        again = Host(HostConfig(bind="127.0.0.1", port=0, announce=False, data_dir=tmp_path))
        await again.start()
        await again.stop()
    asyncio.run(run())


# --- 5. what cannot be read ---------------------------------------------------------------------
def test_unreadable_entries_are_skipped_and_reported(tmp_path):
    records = game_journal(tmp_path, 1, 12)
    (tmp_path / "table-2.journal").mkdir()
    os.symlink(tmp_path / "nowhere", tmp_path / "table-3.journal")
    os.mkfifo(tmp_path / "table-4.journal")
    os.symlink(tmp_path / "table-5.journal", tmp_path / "table-5.journal")   # a loop

    async def run():
        host = Host(HostConfig(bind="127.0.0.1", port=0, announce=False, data_dir=tmp_path,
                               resume=True))
        await asyncio.wait_for(host.start(), HANG)   # a FIFO must not hang it
        try:
            assert host.tables[1].state == expected(records).state
            lines = host.report.lines()
            for name, why in (("table-2.journal", "a directory"),
                              ("table-3.journal", "a link to nothing"),
                              ("table-4.journal", "a FIFO"),
                              ("table-5.journal", "Too many levels of symbolic links")):
                assert f"skipped {name}: {why}" in lines, (name, lines)
            made = host.create_table("tortuga", 2)
            assert made.id == 6                      # no id an entry already has
        finally:
            await host.stop()
    asyncio.run(run())
    r = subprocess.run([sys.executable, str(ROOT / "run_host.py"), "--list-saved",
                        "--data-dir", str(tmp_path)], capture_output=True, text=True,
                       timeout=HANG, cwd=ROOT)
    assert r.returncode == 0 and "unfinished" in r.stdout
    for name in ("table-2.journal", "table-3.journal", "table-4.journal", "table-5.journal"):
        assert name in r.stdout and "unreadable" in r.stdout


def test_a_journal_without_permission_is_skipped(tmp_path):
    """Root reads everything: the host runs here without the capabilities that let root read a
    file whose mode says no (setpriv), as a normal user's host would."""
    if shutil.which("setpriv") is None or os.geteuid() != 0:
        pytest.skip("needs root and setpriv to run a host without the DAC capabilities")
    game_journal(tmp_path, 1, 12)
    game_journal(tmp_path, 2, 12)
    os.chmod(jn.journal_path(tmp_path, 2), 0)
    r = subprocess.run(["setpriv", "--bounding-set=-dac_override,-dac_read_search",
                        sys.executable, str(ROOT / "run_host.py"), "--list-saved",
                        "--data-dir", str(tmp_path)], capture_output=True, text=True, timeout=HANG,
                       cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert "table-2.journal" in r.stdout and "Permission denied" in r.stdout
    assert "   1  tortuga" in r.stdout


# --- 10. finished games listed, old ones archived --------------------------------------------------
def test_startup_lists_finished_games_without_replaying_them(tmp_path, monkeypatch):
    game_journal(tmp_path, 1, None)
    for tid in range(2, 41):                        # 40 finished games
        shutil.copy(jn.journal_path(tmp_path, 1), jn.journal_path(tmp_path, tid))
        os.utime(jn.journal_path(tmp_path, tid), (time.time() - 3600 + tid, ) * 2)
    game_journal(tmp_path, 41, 9)
    game_journal(tmp_path, 42, 9)
    old = jn.journal_path(tmp_path, 42)
    os.utime(old, (time.time() - 40 * 86400,) * 2)   # not written for 40 days
    replays = []
    real = Table.replay.__func__
    monkeypatch.setattr(Table, "replay", classmethod(
        lambda cls, records, journal=None: replays.append(records[0]["table"]) or
        real(cls, records, journal)))
    opened = restore(tmp_path, keep_finished=30)
    assert replays == [41] and set(opened.tables) == {41}   # only the unfinished game, resumed
    archive = tmp_path / "archive"
    assert len(list(archive.glob("table-*.journal"))) == 11      # 10 oldest finished + the old
    assert (archive / "table-42.journal").exists()
    assert opened.next_id == 43
    close_all(opened)
    listed = jn.list_saved(tmp_path)
    assert len(listed) == 42 and sum(g["archived"] for g in listed) == 11
    assert sum(g["over"] is True for g in listed) == 40
    assert replays == [41]                           # listing replayed no finished game either
    lines = "\n".join(opened.report.lines())
    assert "restored table 41" in lines and "30 finished" in lines and "archived 11" in lines


# --- 11. owner only; no export of an unfinished game ------------------------------------------------
def test_journals_are_owner_only_and_an_unfinished_game_is_not_exported(tmp_path):
    old = os.umask(0o022)
    try:
        wide = tmp_path / "saves"
        wide.mkdir(mode=0o755)
        os.chmod(wide, 0o755)

        async def run():
            async with live_host(data_dir=wide) as host:
                tid, (a,) = await seat_clients(host, "tortuga", 2, bots_in_host=1)
                await a.expect("update")
                await a.close()
            return tid
        tid = asyncio.run(run())
    finally:
        os.umask(old)
    assert stat.S_IMODE(wide.stat().st_mode) == 0o700
    assert stat.S_IMODE(jn.journal_path(wide, tid).stat().st_mode) == 0o600
    out = tmp_path / "r.json"

    def export(*extra):
        return subprocess.run([sys.executable, str(ROOT / "run_host.py"), "--export", str(tid),
                               str(out), "--data-dir", str(wide), *extra], capture_output=True,
                              text=True, timeout=HANG, cwd=ROOT)
    r = export()
    assert r.returncode == 1 and "not finished" in r.stderr and "--force" in r.stderr
    assert not out.exists()
    r = export("--force")
    assert r.returncode == 0 and out.exists()


# --- 9. the canonical action ------------------------------------------------------------------------
def test_a_padded_action_is_journaled_as_the_rules_read_it(tmp_path):
    async def run():
        async with live_host(data_dir=tmp_path) as host:
            tid, (a, b) = await seat_clients(host, "tortuga", 2)
            up = await a.expect("update", pred=lambda m: "legal" in m)
            path = jn.journal_path(tmp_path, tid)
            size = path.stat().st_size
            padded = {**up["legal"][0], **{f"pad{i}": "x" * 1000 for i in range(600)}}
            a.send({"t": "action", "seq": 5, "state": up["state"], "action": padded})
            assert (await a.expect("update", pred=lambda m: m.get("seq") == 5))["state"] == 1
            records, _ = jn.read_records(path)
            assert {k: v for k, v in records[-1].items() if k != "at"} == {"k": "action", "seat": 0,
                                                                          "action": up["legal"][0]}
            assert path.stat().st_size - size < 200
    asyncio.run(run())


def test_resume_on_the_command_line_says_what_it_restored_and_what_it_dropped(tmp_path):
    game_journal(tmp_path, 1, 12)
    records = game_journal(tmp_path, 2, 12)
    write_records(jn.journal_path(tmp_path, 2), [{**records[0], "rules": 7}] + records[1:])
    records = game_journal(tmp_path, 3, 12)
    data = bytearray(jn.journal_path(tmp_path, 3).read_bytes())
    data[offsets(bytes(data))[4] + 9] ^= 1
    jn.journal_path(tmp_path, 3).write_bytes(bytes(data))
    proc = subprocess.Popen([sys.executable, str(ROOT / "run_host.py"), "--headless",
                             "--no-announce", "--bind", "127.0.0.1", "--port", "0", "--resume",
                             "--data-dir", str(tmp_path)], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        want = ("restored table 1", "table 2 not restored", "table 3: damaged",
                "restored table 3")
        text = read_until(proc, lambda text: all(w in text for w in want))
        assert text.startswith("host ") and "listening" in text.splitlines()[0]
    finally:
        proc.terminate()
        proc.wait(HANG)
    assert "restored table 1: tortuga, 12 action(s)" in text
    assert "table 2 not restored: tortuga rules version 7" in text
    assert "table 3: damaged" in text and "table-3.journal.damaged" in text
    assert "restored table 3" in text


# --- issue 40 point 6: nothing in the data dir is deleted for damage ------------------------------
def _kept_somewhere(d: Path, data: bytes) -> bool:
    """``data`` is the whole of some file of the data dir (the journal, or its damaged copy)."""
    return any(p.is_file() and p.read_bytes() == data for p in d.iterdir())


def _flip_each_bit(tmp_path: Path, bits, resume: bool) -> None:
    """Each of ``bits`` of a real journal's first record flipped, one at a time, in a data dir of
    its own: the host starts, the damaged bytes stay in the data dir (the journal as it is, or
    set aside as ``.damaged``) and the report names the table."""
    src = tmp_path / "src"
    game_journal(src, 1, 6)
    whole = jn.journal_path(src, 1).read_bytes()
    first = 8 + struct.unpack_from(">I", whole, 0)[0]
    base = Path("/dev/shm") if Path("/dev/shm").is_dir() else tmp_path   # (tmpfs: its syncs are free)
    for bit in bits(first * 8):
        d = Path(tempfile.mkdtemp(prefix="flip-", dir=base))
        try:
            data = bytearray(whole)
            data[bit // 8] ^= 1 << (bit % 8)
            jn.journal_path(d, 1).write_bytes(bytes(data))
            opened = saves.open_saves(d, resume=resume, deferred=False)
            close_all(opened)
            assert _kept_somewhere(d, bytes(data)), (bit, sorted(p.name for p in d.iterdir()))
            said = "\n".join(opened.report.lines())
            assert "table 1" in said, (bit, said)
        finally:
            shutil.rmtree(d)


@pytest.mark.parametrize("resume", [True, False])
def test_each_bit_of_a_journals_first_record_header_flipped_is_kept_and_said_never_deleted(tmp_path, resume):
    """A flipped bit in a journal's first record's length or CRC (and, in the test after this,
    in its body): the host starts, keeps the bytes and says so. Before, a flipped bit in the
    length's first byte made the first record look torn (a crash while the game was being made)
    and the whole file was deleted without a word."""
    _flip_each_bit(tmp_path, lambda n: range(64), resume)


@pytest.mark.slow
def test_each_bit_of_a_journals_first_record_body_flipped_is_kept_and_said(tmp_path):
    _flip_each_bit(tmp_path, lambda n: range(64, n), True)


def test_a_journal_whose_first_record_is_cut_short_is_set_aside_not_deleted(tmp_path):
    """A first record that never got whole (a crash while the table was made, or damage: the
    host cannot tell) is set aside with a word; an empty file (nothing in it) is removed."""
    game_journal(tmp_path, 1, 3)
    whole = jn.journal_path(tmp_path, 1).read_bytes()
    jn.journal_path(tmp_path, 1).write_bytes(whole[:20])
    jn.journal_path(tmp_path, 2).write_bytes(b"")
    opened = restore(tmp_path)
    assert (tmp_path / "table-1.journal.damaged").read_bytes() == whole[:20]
    assert not jn.journal_path(tmp_path, 1).exists() and not jn.journal_path(tmp_path, 2).exists()
    said = "\n".join(opened.report.lines())
    assert "table 1" in said and "table-1.journal.damaged" in said
    assert saves.next_free_id(tmp_path) == 2          # its id is not given to another game
