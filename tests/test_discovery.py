"""Discovery (net/discovery.py) with real zeroconf bound to 127.0.0.1 and real hosts over TCP.

Every zeroconf instance here binds only to 127.0.0.1 (NETWORK SAFETY in the team briefing).
"""
import asyncio
import secrets
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import engine
from net.config import HostConfig
from net.discovery import (
    Announcer,
    Browser,
    BrowserThread,
    CheckFailed,
    check_host,
    interfaces_for_bind,
    parse_txt,
    txt_properties,
)
from net.host import Host, start_in_thread
from net.protocol import encode

from waiting import HANG

LO = ["127.0.0.1"]
ROOT = Path(__file__).resolve().parent.parent


# Other test runs on this machine may announce hosts on 127.0.0.1 too: every name here carries a
# per-run tag, and assertions look only at this run's hosts.
TAG = secrets.token_hex(3)


def tagged(name: str) -> str:
    return f"{name} {TAG}"


def named(name):
    return lambda hosts: [h for h in hosts if h.name == tagged(name)]


def ours(hosts):
    return [h for h in hosts if h.name.endswith(f" {TAG}")]


# --- fake hosts: they advertise the service but are not hosts -------------------------------------

async def _silent(reader, writer):
    """Accepts, reads, never answers."""
    while await reader.read(4096):
        pass
    writer.close()


async def _not_a_host(reader, writer):
    """Answers the hello with a well-formed frame that is not a welcome, then closes."""
    await reader.read(4096)
    writer.write(encode({"t": "error", "code": "proto", "message": "no"}))
    await writer.drain()
    writer.close()


# A host in its own process (run_host.py), to be killed with SIGKILL: no goodbye, no FIN.
sys.path.insert(0, str(ROOT))
from benchmarks.discovery_timing import spawn_host  # noqa: E402

# --- tests ---------------------------------------------------------------------------------------

def test_txt_round_trip_and_malformed_txt_never_raises():
    props = txt_properties("Kitchen", ["tikal", "tortuga"], 3, {"tables": 2})
    assert props == {"proto": "1", "name": "Kitchen", "games": "tikal,tortuga", "free": "3",
                     "tables": "2"}
    wire = {k.encode(): v.encode() for k, v in props.items()}
    assert parse_txt(wire) == {"proto": 1, "name": "Kitchen", "games": ("tikal", "tortuga"),
                               "free_seats": 3, "extra": {"tables": "2"}}
    junk = parse_txt({b"proto": "²".encode(), b"free": b"-1", b"name": b"\xff", b"flag": None})
    assert junk["proto"] is None and junk["free_seats"] == 0 and junk["games"] == ()
    assert junk["name"] == "\ufffd" and junk["extra"] == {"flag": ""}
    with pytest.raises(ValueError):
        txt_properties("x", [], 0, {"free": 9})
    assert interfaces_for_bind("") is None and interfaces_for_bind("0.0.0.0") is None  # safe: no traffic
    assert interfaces_for_bind("10.1.2.3") == ["10.1.2.3"]  # safe: no traffic
    assert interfaces_for_bind("localhost") == ["127.0.0.1"]


def test_reach_addresses_are_the_non_loopback_ones_where_the_host_serves():
    from net.discovery import ipv4_addresses, reach_addresses

    assert reach_addresses("127.0.0.1", 47474) == []          # loopback only: nobody else reaches it
    assert reach_addresses("localhost", 5) == []
    assert reach_addresses("10.1.2.3", 47474) == ["10.1.2.3:47474"]   # safe: no traffic; bound: only there
    # the host's configuration says them instead (HostConfig.lan: tests fake a LAN address that way)
    assert reach_addresses("127.0.0.1", 5, ("192.168.1.20",)) == ["192.168.1.20:5"]
    assert reach_addresses("", 5, ()) == []
    everywhere = reach_addresses("", 47474)                     # every interface: each LAN address
    assert everywhere == [f"{ip}:47474" for ip in ipv4_addresses(loopback=False)]
    assert not any(a.startswith("127.") for a in everywhere)


def test_check_host_needs_a_real_welcome():
    async def main():
        host = Host(HostConfig(name=tagged("Checked"), bind="127.0.0.1", port=0, announce=False))
        _, port = await host.start()
        fake = await asyncio.start_server(_not_a_host, "127.0.0.1", 0)
        closed = await asyncio.start_server(_silent, "127.0.0.1", 0)
        closed_port = closed.sockets[0].getsockname()[1]
        closed.close()
        await closed.wait_closed()
        try:
            welcome, rtt = await check_host("127.0.0.1", port)
            assert welcome["t"] == "welcome" and welcome["host"] == tagged("Checked") and rtt > 0
            assert "addresses" not in welcome       # served on loopback: nothing to show others
            with pytest.raises(CheckFailed, match="not a valid welcome"):
                await check_host("127.0.0.1", fake.sockets[0].getsockname()[1])
            with pytest.raises(CheckFailed, match="Connection|refused|OSError"):
                await check_host("127.0.0.1", closed_port)
        finally:
            fake.close()
            await host.stop()
    asyncio.run(main())


@pytest.mark.slow
def test_running_host_is_listed_with_its_txt_and_fake_hosts_are_not():
    async def main():
        host = Host(HostConfig(name=tagged("Kitchen laptop"), bind="127.0.0.1", port=0))
        host.create_table("tortuga", 4, bots=1)
        _, port = await host.start()          # announces itself through announce_host()
        silent = await asyncio.start_server(_silent, "127.0.0.1", 0)
        wrong = await asyncio.start_server(_not_a_host, "127.0.0.1", 0)
        fakes = [Announcer(tagged(name), srv.sockets[0].getsockname()[1], ["tikal"], 4,
                           interfaces=LO) for name, srv in (("Silent", silent), ("Wrong", wrong))]
        # the browser's own check (a real host slow to answer is checked again), the silent fake's end
        browser = Browser(interfaces=LO, timeout=2.5)   # not a deadline: the check's own setting
        try:
            for fake in fakes:
                await fake.start()
            await browser.start()
            [h] = await browser.wait_until(named("Kitchen laptop"), timeout=HANG)
            assert (h.address, h.port, h.proto) == ("127.0.0.1", port, 1)
            assert h.games == tuple(engine.GAMES)
            assert h.free_seats == host.free_seats() == 3
            assert h.extra == {"tables": "1"} and h.ping_ms > 0
            # Both fakes were seen and checked twice in a row without success: never listed.
            fake_names = {f.service_name for f in fakes}

            def fakes_failed(_):
                st = browser.status()
                return all(n in st and st[n]["fails"] >= 2 for n in fake_names)
            await browser.wait_until(fakes_failed, timeout=HANG)
            st = browser.status()
            assert "not a valid welcome" in st[fakes[1].service_name]["error"]
            assert "Timeout" in st[fakes[0].service_name]["error"]
            assert [x.name for x in ours(browser.hosts())] == [tagged("Kitchen laptop")]
        finally:
            await browser.stop()
            for fake in fakes:
                await fake.stop()
            silent.close()
            wrong.close()
            await host.stop()
    asyncio.run(main())


def test_a_new_host_appears_its_txt_updates_propagate_and_a_stopped_host_goes():
    async def main():
        seen = []                                  # on_change callbacks, on the loop
        browser = Browser(interfaces=LO, on_change=seen.append)
        await browser.start()
        host = Host(HostConfig(name=tagged("Late host"), bind="127.0.0.1", port=0, announce=False))
        _, port = await host.start()
        ann = Announcer(tagged("Late host"), port, ["tikal"], 2, interfaces=LO)
        try:
            assert ours(browser.hosts()) == []
            await ann.start()
            [h] = await browser.wait_until(named("Late host"), timeout=HANG)
            assert (h.port, h.games, h.free_seats) == (port, ("tikal",), 2)
            assert h.service in {x.service for x in seen[-1]}

            assert await ann.update(free_seats=1, games=["tikal", "tortuga"], tables=4)
            assert not await ann.update(free_seats=1)          # nothing changed: nothing sent
            [h] = await browser.wait_until(
                lambda hs: [x for x in ours(hs)
                            if x.free_seats == 1 and x.extra.get("tables") == "4"], HANG)
            assert h.games == ("tikal", "tortuga")

            ann.update_soon(free_seats=0)                      # from synchronous host code
            await browser.wait_until(lambda hs: [x for x in ours(hs) if x.free_seats == 0], HANG)

            await ann.stop()                                   # goodbye: dropped at once,
            await browser.wait_until(lambda hs: not ours(hs), HANG)   # though it still answers hello
        finally:
            await ann.stop()
            await browser.stop()
            await host.stop()
    asyncio.run(main())


@pytest.mark.slow
def test_killed_host_is_dropped_and_listed_again_when_it_restarts(tmp_path):
    """How fast it is dropped is a figure of benchmarks/discovery_timing.py, not a limit here."""
    finder = BrowserThread(interfaces=LO).start()
    proc, port = spawn_host(tagged("Crashy"), tmp_path)
    try:
        assert finder.poll() is not None                       # first poll: the current list
        finder.wait_until(named("Crashy"), HANG)
        assert [h.name for h in ours(finder.poll())] == [tagged("Crashy")]
        finder.poll()
        assert finder.poll() is None                           # unchanged since the last poll

        proc.send_signal(signal.SIGKILL)                        # no goodbye, no clean close
        proc.wait()
        finder.wait_until(lambda hs: not named("Crashy")(hs), HANG)
        assert ours(finder.poll()) == []

        proc.stdout.close()
        proc, port2 = spawn_host(tagged("Crashy"), tmp_path, port)   # restarted (e.g. --resume)
        assert port2 == port
        [h] = finder.wait_until(named("Crashy"), HANG)
        assert h.port == port
    finally:
        proc.kill()
        proc.wait()
        proc.stdout.close()
        finder.close()


def test_browser_thread_can_share_a_loop_running_in_another_thread():
    addr, port, stop_host = start_in_thread(HostConfig(name=tagged("Shared"), bind="127.0.0.1",
                                                       port=0), timeout=HANG)
    loop = asyncio.new_event_loop()
    th = threading.Thread(target=loop.run_forever, daemon=True)
    th.start()
    finder = BrowserThread(loop=loop, interfaces=LO).start()
    try:
        [h] = finder.wait_until(named("Shared"), HANG)
        assert h.port == port
    finally:
        finder.close()
        loop.call_soon_threadsafe(loop.stop)
        th.join(HANG)
        loop.close()
        stop_host()


# --- zeroconf through its public API only (issue 21) -------------------------------------------

def test_zeroconf_is_used_through_its_public_api_only():
    """Every name the project takes from zeroconf is in ``zeroconf.__all__`` or
    ``zeroconf.asyncio.__all__``; no private module (``zeroconf.const``, ``zeroconf._…``), no
    private attribute (``record_manager``, ``_…``) of its objects."""
    import ast

    import zeroconf
    import zeroconf.asyncio

    public = {"zeroconf": set(zeroconf.__all__), "zeroconf.asyncio": set(zeroconf.asyncio.__all__)}
    used = []
    for path in list((ROOT / "net").rglob("*.py")) + list((ROOT / "game").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "zeroconf":
                assert node.module in public, (path.name, node.module)
                for alias in node.names:
                    assert alias.name in public[node.module], (path.name, node.module, alias.name)
                    used.append(alias.name)
            elif isinstance(node, ast.Import):
                assert not [a for a in node.names if a.name.startswith("zeroconf")], path.name
        if "zeroconf" in text:
            assert "record_manager" not in text and ".zeroconf._" not in text, path.name
    assert {"AsyncZeroconf", "AsyncServiceBrowser", "ServiceInfo"} <= set(used)


def test_a_host_without_announcement_never_imports_zeroconf(tmp_path):
    """--no-announce: a host that plays a game out and a download page, zeroconf never loaded."""
    code = ("import sys; from tikal_lan.host import main; "
            "rc = main(['--headless', '--no-announce', '--bind', '127.0.0.1', '--port', '0', "
            "'--game', 'tortuga', '--seats', '2', '--bots', '2', '--log-file', '', "
            f"'--share', {str(tmp_path)!r}, '--share-port', '0', '--data-dir', {str(tmp_path / 'saves')!r}]); "
            "print('zeroconf loaded' if 'zeroconf' in sys.modules else 'zeroconf never loaded'); "
            "sys.exit(rc)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                       cwd=ROOT)
    assert r.returncode == 0 and "table 1 over" in r.stdout, r.stdout + r.stderr
    assert r.stdout.strip().splitlines()[-1] == "zeroconf never loaded", r.stdout


def test_the_one_shot_query_is_answered_and_read_without_zeroconf_internals():
    """The one-shot query (written by net.discovery, not by zeroconf) sent to a real announcer on
    127.0.0.1 from an ephemeral port: its unicast answer read back gives the service, its port,
    its address and its TXT."""
    import socket

    from net.discovery import MDNS_ADDR, MDNS_PORT, one_shot_query, services_in_answer

    async def main():
        ann = Announcer(tagged("One shot"), 47999, ["tikal"], 3, interfaces=LO, extra={"tables": 2})
        await ann.start()
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("127.0.0.1"))
            sock.bind(("127.0.0.1", 0))
            sock.setblocking(False)
            loop = asyncio.get_running_loop()
            for _ in range(int(HANG)):                 # bounded: a lost datagram is asked again
                sock.sendto(one_shot_query(secrets.randbelow(0xFFFF) + 1), (MDNS_ADDR, MDNS_PORT))
                try:
                    while True:
                        data, addr = await asyncio.wait_for(  # not a deadline: one try of many
                            loop.sock_recvfrom(sock, 9000), 1.0)
                        found = services_in_answer(data)
                        if ann.service_name in found:
                            return addr, found[ann.service_name]
                except TimeoutError:
                    continue
            raise AssertionError("no answer to the one-shot query")
        finally:
            sock.close()
            await ann.stop()

    addr, found = asyncio.run(main())
    assert addr[1] == MDNS_PORT
    assert found["port"] == 47999 and found["addresses"] == ["127.0.0.1"]
    assert parse_txt(found["txt"]) == {"proto": 1, "name": tagged("One shot"), "games": ("tikal",),
                                       "free_seats": 3, "extra": {"tables": "2"}}


def test_a_malformed_answer_is_read_as_nothing():
    import random

    from net.discovery import dns_records, one_shot_query, services_in_answer

    assert dns_records(one_shot_query(7)) == []               # a query is not an answer
    rnd = random.Random(5)
    for _ in range(2000):
        data = bytes(rnd.randrange(256) for _ in range(rnd.randrange(80)))
        assert isinstance(services_in_answer(b"\x00\x01\x84\x00" + data), dict)
    loop = b"\x00\x00\x84\x00\x00\x00\x00\x01\x00\x00\x00\x00" + b"\xc0\x0c" + b"\x00" * 10
    assert dns_records(loop) == []                            # a name pointing at itself
