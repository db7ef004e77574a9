"""The last faults of a long night (issue 23), each against the part where it lives: the socket-
free Session and Ticker where they can, a live host on loopback where the socket matters."""
from __future__ import annotations

import asyncio
import logging
import socket
import struct

import pytest
from test_names import told_apart
from test_net_limits import closed, raw, read_msg, until

from net import messages
from net.host import Ticker
from net.protocol import encode
from net.session import Expired, Limits, Ping, Refusal, Session
from net.table import Table

from net_helpers import connect, live_host, run
from waiting import until_async


def reset(sock: socket.socket) -> None:
    """Close with a reset (RST), as a peer whose machine vanished and came back does."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


async def greeted_socket(host, name="P") -> socket.socket:
    """A plain blocking socket that said hello, once the host has taken the hello."""
    s = socket.create_connection(host.address)
    s.sendall(encode({"t": "hello", "proto": 1, "name": name}))
    await until_async(lambda: any(c.name == name for c in host.conns.values()), "the host taking the hello")
    return s


# --- 1. a host stopped for a while, its peers reset meanwhile ------------------------------------
@run
async def test_closing_a_connection_whose_peer_has_reset_never_raises():
    async with live_host() as host:
        s = await greeted_socket(host)
        conn = next(iter(host.conns.values()))
        reset(s)     # the RST is in the host's kernel; its loop has not run since
        host.links.close(conn)          # write_eof() on it raised OSError(ENOTCONN)
        assert conn.closing and conn.transport.is_closing()
        host.links.drop(conn)
        assert conn.id not in host.conns


@run
async def test_a_tick_over_a_reset_peer_goes_on_and_the_ticker_still_closes_the_silent(caplog):
    caplog.set_level(logging.INFO, logger="tikal")
    async with live_host(ping_interval=0.05, ping_timeout=0.5) as host:
        s = await greeted_socket(host)
        conn = next(iter(host.conns.values()))
        reset(s)
        conn.last_rx -= 1000                 # silent for long: this tick closes it
        host.ticker.tick(host.loop.time())   # the ticker's own jobs, before the loop sees the RST
        assert conn.id not in host.conns and not host.ticker.failing
        r, w = await raw(host, hello=None)   # a connection that never says hello ...
        assert await closed(r)               # ... is still closed by the ticker
        w.close()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_every_periodic_job_survives_a_failure_and_is_logged_once(caplog):
    ran = []

    def broken():
        if len(ran) < 6:
            raise OSError(107, "Transport endpoint is not connected")

    ticker = Ticker(5.0, [("pings", broken), ("abandoned", lambda: ran.append(1))])
    for i in range(8):
        ticker.tick(5.0 * i)
    assert len(ran) == 8                      # the other job ran at every tick
    failed = [r for r in caplog.records if "'pings' failed" in r.getMessage()]
    assert len(failed) == 1 and failed[0].exc_info    # logged once, with its traceback
    assert any("'pings' works again" in r.getMessage() for r in caplog.records)
    assert not ticker.failing


def test_a_stopped_host_does_not_count_its_own_stop_as_its_peers_silence():
    stalls = []
    ticker = Ticker(5.0, [], on_stall=lambda late, busy: stalls.append((late, busy)),
                    cpu=lambda: 1.0)   # the process spent no CPU time: it did not run
    ticker.tick(100.0)
    ticker.tick(105.2)                # on time
    ticker.tick(140.0)                # 30 s late: the process was stopped
    assert stalls == [(pytest.approx(29.8), False)]
    lim = Limits(ping_timeout=15.0)
    stopped, vanished = Session(1, lim, now=100.0), Session(2, lim, now=100.0)
    stopped.name = vanished.name = "Ana"
    stopped.stalled(29.8, now=140.0)
    assert isinstance(stopped.tick(140.0), Ping)          # it could not be heard: a fresh chance
    assert isinstance(stopped.tick(156.0), Expired)       # ... and no more than that
    assert isinstance(vanished.tick(140.0), Expired)      # without the stall it would be cut


def test_a_loop_held_up_by_the_hosts_own_threads_is_no_suspend():
    """issue 28 point 8: the host took its own stall (its worker threads busy replaying journals
    for a flood of requests) for a suspend. The stall detector measures the loop against the
    process's CPU time: a process that ran (its threads) was not stopped."""
    cpu = [0.0]
    stalls = []
    ticker = Ticker(5.0, [], on_stall=lambda late, busy: stalls.append((late, busy)),
                    cpu=lambda: cpu[0])
    ticker.tick(100.0)
    cpu[0] += 7.5                     # the threads worked while the loop waited
    ticker.tick(112.0)                # 7 s late
    cpu[0] += 0.01                    # then the process was stopped
    ticker.tick(150.0)                # 33 s late
    assert stalls == [(pytest.approx(7.0), True), (pytest.approx(33.0), False)]


# --- 2. one guest with many addresses -------------------------------------------------------------
ADDRS = ["127.0.0.10", "127.0.0.11", "127.0.0.12", "127.0.0.13"]


async def seat_token(host) -> tuple[int, str]:
    ana = await connect(host, "Ana")
    ana.send({"t": "create", "game": "tortuga", "seats": 2})
    seated = await ana.expect("seated")
    await ana.close()
    return seated["table"], seated["token"]


@run
async def test_a_returning_seat_token_gets_in_when_many_addresses_fill_the_host():
    async with live_host(max_conns=8, max_conns_per_addr=2, grace=30) as host:
        tid, token = await seat_token(host)
        # connections that say nothing fill every slot: the newcomer takes the oldest's place
        silent = [await raw(host, hello=None, local=a) for a in ADDRS for _ in range(2)]
        await asyncio.sleep(0.05)
        assert len(host.conns) == 8
        r, w = await raw(host, hello=None)
        w.write(encode({"t": "hello", "proto": 1, "name": "Ana", "token": token}))
        welcome = await until(r, "welcome")
        assert welcome["resumed"] == {"table": tid, "seat": 0}
        err = await until(silent[0][0], "error")
        assert err["code"] == "busy" and "no hello" in err["message"]
        w.close()
        for _, sw in silent:
            sw.close()
        await asyncio.sleep(0.05)
        # connections that said hello fill every slot: one with a seat token still gets in ...
        greeted = [await raw(host, hello="Guest", local=a) for a in ADDRS for _ in range(2)]
        for gr, _ in greeted:
            await until(gr, "welcome")
        r, w = await raw(host, hello=None)
        w.write(encode({"t": "hello", "proto": 1, "name": "Ana", "token": token}))
        assert (await until(r, "welcome"))["resumed"]["table"] == tid
        # ... and one without is told why and closed
        r2, w2 = await raw(host, hello="Newcomer", local="127.0.0.20")
        err = await until(r2, "error")
        assert err["code"] == "busy" and "seat" in err["message"]
        assert await closed(r2)
        for _, gw in greeted + [(r, w), (r2, w2)]:
            gw.close()


@run
async def test_incomplete_frames_hold_a_bounded_amount_of_memory_in_all():
    async with live_host(max_held=256 << 10) as host:
        parts = []
        for i, a in enumerate(ADDRS * 2):          # 8 x 64 KiB of a 1 MiB frame, never finished
            r, w = await raw(host, local=a)
            await until(r, "welcome")
            w.write(struct.pack(">I", 1 << 20) + b"\x81" + b"x" * ((64 << 10) - 1 + i))
            await w.drain()
            parts.append((r, w))
        await until_async(lambda: sum(c.held for c in host.conns.values()) >= (192 << 10), "the host reading")
        assert host.links.held == sum(c.held for c in host.conns.values()) <= 256 << 10
        refused = 0
        for r, _ in parts:
            try:
                m = await read_msg(r, timeout=0.5)   # not a deadline: a kept one says nothing
                while m["t"] != "error":
                    m = await read_msg(r, timeout=0.5)   # not a deadline: as above
                assert m["code"] == "busy" and "unfinished" in m["message"]
                refused += 1
            except (asyncio.TimeoutError, asyncio.IncompleteReadError):
                pass
        assert refused >= 4                        # the biggest holders went
        c = await connect(host, "Bea")             # the host serves others all along
        c.send({"t": "ping", "n": 3})
        assert (await c.expect("pong"))["n"] == 3
        for _, w in parts:
            w.close()


# --- 5. small ones ------------------------------------------------------------------------------------
@run
async def test_bye_then_a_reset_logs_no_internal_error(caplog):
    caplog.set_level(logging.INFO)
    async with live_host() as host:
        for _ in range(5):                 # not a deadline: five in a row, a breath between
            s = await greeted_socket(host)
            s.sendall(encode({"t": "bye"}))
            reset(s)
            await asyncio.sleep(0.02)
        c = await connect(host, "Bea")
        c.send({"t": "ping", "n": 1})
        await c.expect("pong")
    bad = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not bad, bad[:3]


@pytest.mark.parametrize("proto", [2, 1 << 53, (1 << 53) + 1, 1 << 60, (1 << 64) - 1, -(1 << 60)])
def test_a_hello_of_any_other_protocol_version_is_proto_and_closes(proto):
    s = Session(1, Limits(), now=0.0)
    (item,) = list(s.receive(encode({"t": "hello", "proto": proto, "name": "Ana"}), 0.0))
    assert isinstance(item, Refusal) and item.code == "proto" and item.close
    assert item.reply()["code"] == "proto" and messages.ERROR_CODES["proto"][1]


@run
async def test_a_huge_proto_over_the_wire_is_answered_proto_then_closed():
    async with live_host() as host:
        r, w = await raw(host, hello=None)
        w.write(encode({"t": "hello", "proto": 1 << 60, "name": "Ana"}))
        err = await until(r, "error")
        assert err["code"] == "proto" and err["ref"] == "hello"
        assert await closed(r)
        w.close()


@pytest.mark.parametrize("name", ["Bot 2 (hard)", "bot2", "BOT 3", "Ｂｏｔ 1 (easy)", "  bot  4",
                                  "Бот 2 (средний)", "ВОТ 3", "B\u03bft 1",
                                  # issue 30: separators, digits and small capitals for letters,
                                  # Roman numerals, a level without a number, invisible characters
                                  "Bot_2 (hard)", "B0t 2 (hard)", "ʙᴏᴛ 2 (hard)", "Bot Ⅱ (hard)", "Bot (hard)",
                                  "B-o-t 7", "Bo\u200bt 2", "Bot IV", "Bot²", "Bòt 3", "Бот (сильный)",
                                  "Bot (těžký)", "ＢＯＴ（ｈａｒｄ）", "8ot 2", "Bo+ 2"])
def test_a_name_that_passes_for_a_bot_is_refused(name):
    with pytest.raises(messages.MessageError) as e:
        messages.validate({"t": "hello", "proto": 1, "name": name}, messages.CLIENT)
    assert e.value.code == "bad_field" and "bot" in e.value.message


@pytest.mark.parametrize("name", ["Botond", "Bot", "Robot 2", "Ana", "Abbot", "Robot Wars fan", "Bottle",
                                  "Botvinnik", "Botić", "Bo Tan", "Boten Anna", "Botha", "Bot Hardy", "Tobi",
                                  "Bodo 2", "Bob 2", "Abbot 2 (hard)", "Hardbot"])
def test_names_that_merely_start_like_bot_are_fine(name):
    """A name that is not "bot" (as it reads) then a number or a level: "Bot" alone is no bot's
    name (a bot's always says its seat), nor is a name going on after "Bot" ("Botond")."""
    messages.validate({"t": "hello", "proto": 1, "name": name}, messages.CLIENT)


def test_a_name_already_at_the_table_is_told_apart():
    t, names = told_apart(["Ana", "ana", "Ana"], "ＡＮＡ")
    assert names == ["Ana", "ana (2)", "Ana (3)", "ＡＮＡ (4)"]
    chat = t.chat(2, "ana", "hi")[0][1]
    assert chat["from"] == "ana (2)"
    long = "x" * messages.NAME_MAX
    t2 = Table(2, "tortuga", 3, owner=1)
    t2.sit(1, long)
    t2.sit(2, long)
    assert t2.seats[1].name == "x" * (messages.NAME_MAX - 4) + " (2)"
    assert not messages.NAME.check(t2.seats[1].name)


# --- 4. a full disk at start ----------------------------------------------------------------------
def test_a_host_on_a_full_disk_starts_and_hosts_in_memory_until_there_is_room(tmp_path, caplog):
    from test_net_diskfull import fill, small_disk

    async def go(disk, filler):
        async with live_host(data_dir=disk) as host:     # writing its lock failed: ENOSPC
            assert "full" in host.lifecycle.unsaved and "nothing is saved" in host.lifecycle.unsaved
            ana = await connect(host, "Ana")
            ana.send({"t": "create", "game": "tortuga", "seats": 2})
            first = (await ana.expect("seated"))["table"]
            assert host.tables[first].journal is None     # in memory
            filler.unlink()                               # room again
            bea = await connect(host, "Bea")
            bea.send({"t": "create", "game": "tortuga", "seats": 2})
            second = (await bea.expect("seated"))["table"]
            assert host.tables[second].journal is not None and host.lifecycle.unsaved is None
            assert (disk / "host.lock").exists()

    caplog.set_level(logging.WARNING, logger="tikal")
    with small_disk(tmp_path / "disk", size="256k") as disk:
        asyncio.run(go(disk, fill(disk)))
    said = [r.getMessage() for r in caplog.records]
    assert any("is full" in m and "nothing is saved until there is room" in m for m in said)
    assert any("has room again" in m for m in said)


@pytest.mark.slow
def test_a_host_stopped_twice_still_cuts_takes_over_and_closes_real_process():
    """benchmarks/freeze_check.py with 3 s stops (the timers it sets are shorter still): a real
    host process, SIGSTOP and SIGCONT twice, peers resetting meanwhile."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "freeze_check.py"
    r = subprocess.run([sys.executable, str(script), "--freeze", "3"], capture_output=True,
                       text=True, timeout=240)
    assert r.returncode == 0, r.stdout + r.stderr[-2000:]
    assert "FAIL" not in r.stdout and "10 of 10 checks passed" in r.stdout
