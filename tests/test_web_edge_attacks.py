"""The web port under a long party night's abuse (issue 27, point 6), from outside: real sockets on
loopback, raw frames where no browser would send them. What each test holds: a peer that stops
reading is cut for good (its socket too, not only the host's record of it: a WebSocket, a download,
and a TCP connection of the game port alike); WebSocket pings count in the rate and their pongs in
the unread bytes; every route of the page answers GET and HEAD only, and only to this machine's
names; a flood of refusals writes a few log lines, not one per refusal."""
from __future__ import annotations

import asyncio
import base64
import logging
import os
import socket
import struct

import msgpack
import pytest
from test_web_edge import get, http, web_host
from websockets.frames import Frame, Opcode

from net.links import RepeatFilter
from net.protocol import encode
from net.share import ShareServer
from net.web import host_of, is_local_host

from net_helpers import connect, live_host, run
from waiting import HANG, until_async

TCP_ESTABLISHED = 1


def tcp_state(sock: socket.socket) -> int:
    """The kernel's TCP state of our end (Linux's TCP_INFO): 1 while established; another once
    the other end reset or closed it."""
    return struct.unpack("B", sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1))[0]


needs_tcp_info = pytest.mark.skipif(not hasattr(socket, "TCP_INFO"), reason="TCP_INFO is Linux's")


async def raw_websocket(port: int, hello: str | None = "Sloth", rcvbuf: int = 0) -> socket.socket:
    """A WebSocket opened by hand (a non-blocking socket: the test decides when it reads), its
    hello sent."""
    sock = socket.socket()
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.setblocking(False)
    loop = asyncio.get_running_loop()
    await loop.sock_connect(sock, ("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    await loop.sock_sendall(sock, (f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                                   "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    got = b""
    while b"\r\n\r\n" not in got:
        got += await loop.sock_recv(sock, 1)       # the head only: what follows stays unread
    assert got.startswith(b"HTTP/1.1 101"), got
    if hello:
        body = msgpack.packb({"t": "hello", "proto": 1, "name": hello})
        await loop.sock_sendall(sock, Frame(Opcode.BINARY, body).serialize(mask=True))
    return sock


class Sender:
    """Sends frames whole over a non-blocking socket: what the socket did not take of one yet goes
    first the next time (a frame cut short would be a protocol error, not the attack)."""

    def __init__(self, sock: socket.socket):
        self.sock, self.rest = sock, b""

    def send(self, data: bytes) -> bool:
        """Send (the rest, or else ``data``) what the socket takes now; False once it takes
        nothing (the other end stopped reading, or cut the connection)."""
        if not self.rest:
            self.rest = data
        try:
            sent = self.sock.send(self.rest)
        except (BlockingIOError, ConnectionError):
            return False
        self.rest = self.rest[sent:]
        return sent > 0

    def fill(self, data: bytes) -> None:
        """Send until the socket takes no more now (at most 10000 sends: the host, on this same
        event loop, reads nothing meanwhile, so it stops at the host's receive buffer)."""
        for _ in range(10000):
            if not self.send(data):
                return


def host_unsent(host) -> int:
    """Bytes the host's connections have written that the kernel did not take yet."""
    return sum(c.transport.get_write_buffer_size() for c in host.links.conns.values())


async def read_to_the_end(sock: socket.socket) -> bytes:
    """Everything the host sends until it closes (a hang fails)."""
    loop, got = asyncio.get_running_loop(), b""
    while True:
        data = await asyncio.wait_for(loop.sock_recv(sock, 65536), HANG)
        if not data:
            return got
        got += data


@needs_tcp_info
@run
async def test_ws_peer_that_never_reads_is_cut_for_good_when_the_host_closes_it():
    """A WebSocket whose peer stops reading (its buffers full of the library's pongs) and is closed
    by the host (it answers no ping) is cut at the TCP level too, a reset LINGER seconds later:
    before, asyncio's close waited for the unsent bytes forever and the socket stayed open, its
    reading task too, counted by no limit (an attacker could pile them up to the host's file
    limit). The peer sends nothing more once the pongs wait in the host: the host's reading task
    has nothing left to read when it closes."""
    async with web_host(ping_interval=0.5, ping_timeout=2.0, rate=1e6, burst=1e6,
                        max_unsent=64 << 20) as (host, web):
        sock = await raw_websocket(web.address[1], rcvbuf=4096)
        ping = Frame(Opcode.PING, b"x" * 125).serialize(mask=True) * 64
        # pings (the host reads them between our bursts) until its pongs, never read, fill the
        # kernel's buffers and wait in the host's own
        sender = Sender(sock)
        await until_async(lambda: sender.fill(ping) or host_unsent(host) or not host.links.conns,
                          "pongs waiting in the host")
        await until_async(lambda: not host.links.conns, "the host closing the connection")
        await until_async(lambda: tcp_state(sock) != TCP_ESTABLISHED, "the socket cut")
        sock.close()


@needs_tcp_info
@run
async def test_tcp_peer_that_never_reads_is_cut_for_good_when_the_host_closes_it():
    """The TCP edge's counterpart: a peer that asks (``list``) and never reads is closed as
    ``slow``, and LINGER seconds later cut with a reset: before, the host's abort closed only its
    file descriptor and the kernel kept the connection open, trying to deliver its bytes."""
    async with live_host(rate=1e6, burst=1e6, max_unsent=64 << 10) as host:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        await loop.sock_connect(sock, host.address)
        await loop.sock_sendall(sock, encode({"t": "hello", "proto": 1, "name": "Sloth"}))
        sender = Sender(sock)
        asks = encode({"t": "list"}) * 64
        await until_async(lambda: sender.fill(asks) or host.links.stats.errors.get("slow", 0),
                          "closed as slow")
        await until_async(lambda: not host.links.conns, "the connection dropped")
        await until_async(lambda: tcp_state(sock) != TCP_ESTABLISHED, "the socket cut")
        sock.close()


@run
async def test_ws_ping_flood_counts_in_the_rate_and_closes():
    """WebSocket pings take tokens of the connection's rate bucket as messages do (each costs
    the host a pong): a flood of them is answered ``error rate`` and closed."""
    async with web_host(rate=20.0, burst=40.0) as (host, web):
        sock = await raw_websocket(web.address[1])
        loop = asyncio.get_running_loop()
        await loop.sock_sendall(sock, Frame(Opcode.PING, b"p").serialize(mask=True) * 400)
        got = await read_to_the_end(sock)
        sock.close()
        assert b"rate" in got and b"WebSocket pings count" in got
        assert got.count(b"\x8a\x01p") <= 41          # pongs: at most the bucket's worth
        assert host.links.stats.errors.get("rate", 0) >= 1
        assert not host.links.conns


@run
async def test_ws_pongs_left_unread_count_as_unsent_bytes():
    """What the library writes (pongs) counts against ``max_unsent`` as the host's own frames do:
    a peer that pings within the rate but never reads is cut (``slow``)."""
    async with web_host(rate=1e6, burst=1e6, max_unsent=16 << 10) as (host, web):
        sock = await raw_websocket(web.address[1], rcvbuf=4096)
        ping = Frame(Opcode.PING, b"x" * 125).serialize(mask=True) * 32
        sender = Sender(sock)
        await until_async(lambda: not sender.send(ping) or not host.links.conns, "a full pipe")
        await until_async(lambda: host.links.stats.errors.get("slow", 0) >= 1, "cut as slow")
        assert not host.links.conns
        sock.close()


@run
async def test_page_routes_answer_get_and_head_only_and_to_this_machines_names_only():
    """Every route of the web port but ``/ws`` (which answers its own way) answers GET and HEAD
    only (405 with ``Allow``), and only a request whose Host is this machine's (an address, its
    names): the host's name, the download page, replays and the QR code are not for a foreign
    page that rebinds its name to the host (421). A Host that is no host (a user part, a port
    that is no number), two of them, or none is a bad request (400, RFC 9112 section 3.2)."""
    async with web_host() as (host, web):
        port = web.address[1]
        for path in ("/host.json", "/qr.svg", "/", "/app/main.js", "/download", "/replay-tikal-1.json"):
            for method in ("POST", "PUT", "DELETE", "TRACE", "OPTIONS", "BREW"):
                status, fields, _ = await http(port, f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                                                     "Content-Length: 0\r\nConnection: close\r\n\r\n".encode())
                assert (status, fields.get("allow")) == (405, "GET, HEAD"), (method, path)
            for bad in ("evil.example", f"evil.example:{port}", "kitchen.evil.example"):
                status, _, body = await http(port, get(path, host=bad))
                assert status == 421, (path, bad, status)
            for bad in (f"127.0.0.1:{port}@evil.example", "127.0.0.1:http"):
                status, _, body = await http(port, get(path, host=bad))
                assert status == 400, (path, bad, status)
            status, _, _ = await http(port, f"GET {path} HTTP/1.1\r\nHost: evil.example\r\n"
                                            f"Host: 127.0.0.1:{port}\r\n\r\n".encode())
            assert status == 400, path                       # two Hosts: which one is meant?
            status, _, _ = await http(port, f"GET {path} HTTP/1.1\r\n\r\n".encode())
            assert status == 400, path                       # none
            status, _, _ = await http(port, f"GET {path} HTTP/1.0\r\n\r\n".encode())
            assert status == 400, path                       # none, in HTTP/1.0 (h11 lets it by)
        status, fields, body = await http(port, get("/qr.svg", host=f"127.0.0.1:{port}"))
        assert status == 200 and body.startswith(b"<svg")
        status, _, body = await http(port, get("/host.json", host=f"localhost:{port}"))
        assert status == 200 and b"Kitchen table" in body


def test_host_header_is_parsed_strictly():
    assert host_of("Kitchen.Local:47475") == "kitchen.local"
    assert host_of("[::1]:1") == "::1" and host_of("10.0.0.7") == "10.0.0.7"
    for bad in ("127.0.0.1:1@evil.example", "127.0.0.1:x", "127.0.0.1:1:2", "a/b", "[::1", "", None,
                "user@127.0.0.1"):
        assert host_of(bad) is None, bad
        assert not is_local_host(bad, {"localhost"})


@run
async def test_a_flood_of_refused_handshakes_writes_a_few_log_lines(caplog):
    """Each refused WebSocket handshake and each refused path logs a line: a flood of them is
    limited to a few lines a minute (the host's RepeatFilter), so that no one fills the host's
    disk with a script."""
    for name in ("tikal.web", "tikal.share"):     # what earlier tests in this process logged: forgotten
        lg = logging.getLogger(name)
        for f in [f for f in lg.filters if isinstance(f, RepeatFilter)]:
            lg.removeFilter(f)
    async with web_host() as (host, web):
        port = web.address[1]
        with caplog.at_level(logging.INFO):
            for i in range(40):
                await http(port, (f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                                  "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                                  f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n"
                                  "Origin: http://evil.example\r\n\r\n").encode())
                await http(port, get(f"/..%2f{i}", host=f"127.0.0.1:{port}"))
        refused_ws = [r for r in caplog.records if r.name == "tikal.web" and "refused" in r.getMessage()]
        refused_paths = [r for r in caplog.records if r.name == "tikal.share" and "refused" in r.getMessage()]
        assert 1 <= len(refused_ws) <= 4 and 1 <= len(refused_paths) <= 4, (len(refused_ws), len(refused_paths))


@needs_tcp_info
@run
async def test_a_download_that_is_not_read_is_cut_for_good(tmp_path, monkeypatch):
    """A download whose reader stops reading is given up after the write timeout, and its socket
    is cut then (before, the close waited for the unsent bytes forever: the socket stayed, no
    longer counted by the per-address and total limits)."""
    from net import httpd as httpd_mod

    monkeypatch.setattr(httpd_mod, "WRITE_TIMEOUT", 0.3)
    (tmp_path / "big.zip").write_bytes(os.urandom(8 << 20))
    server = ShareServer(tmp_path, game_port=1)
    await server.start("127.0.0.1", 0)
    try:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        await loop.sock_connect(sock, server.address)
        await loop.sock_sendall(sock, get("/big.zip"))
        await until_async(lambda: server._downloads, "the download begun")
        await until_async(lambda: not server._downloads and not server._conns, "the download given up")
        await until_async(lambda: tcp_state(sock) != TCP_ESTABLISHED, "the socket cut")
        sock.close()
    finally:
        await server.stop()


@run
async def test_ws_many_empty_fragments_cost_a_fragment_each_and_others_play_on():
    """Issue 40's worst finding: one binary fragment and then 150,000 empty continuation fragments
    (6 bytes each, 900 KB, no hello) froze the host for minutes, each fragment copying and summing
    the ones before. Each fragment takes a token of the connection's rate bucket now: the socket
    is answered ``error rate`` and closed after the bucket's worth, and another player's pings are
    answered all along. (A bucket of 40: below MAX_FRAGMENTS, whose cap is the next test's.)"""
    async with web_host(rate=20.0, burst=40.0) as (host, web):
        other = await connect(host, "Other", reconnect=False)
        sock = await raw_websocket(web.address[1], hello=None)
        loop = asyncio.get_running_loop()
        first = Frame(Opcode.BINARY, b"\x81", fin=False).serialize(mask=True)
        empty = Frame(Opcode.CONT, b"", fin=False).serialize(mask=True)
        assert len(empty) == 6
        attack = asyncio.ensure_future(loop.sock_sendall(sock, first + empty * 150_000))
        for n in range(1, 6):
            other.send({"t": "ping", "n": n})
            await other.expect("pong", pred=lambda m, n=n: m.get("n") == n)
        got = await read_to_the_end(sock)
        await asyncio.gather(attack, return_exceptions=True)
        sock.close()
        assert b"rate" in got and b"fragments" in got
        assert host.links.stats.errors.get("rate", 0) >= 1
        other.send({"t": "ping", "n": 99})
        await other.expect("pong", pred=lambda m: m.get("n") == 99)
        await until_async(lambda: len(host.links.conns) == 1, "the attacker gone")
        await other.close()


@run
async def test_ws_a_message_in_more_than_max_fragments_is_error_frame_and_closed():
    """However high the rate, a message comes in at most MAX_FRAGMENTS fragments (a browser sends
    each whole): one in that many is one message; one more fragment is ``error frame``, closed."""
    from net.web import MAX_FRAGMENTS

    async with web_host(rate=1e6, burst=1e6) as (host, web):
        body = msgpack.packb({"t": "hello", "proto": 1, "name": "Ana"})
        loop = asyncio.get_running_loop()
        for n, welcome in ((MAX_FRAGMENTS, True), (MAX_FRAGMENTS + 1, False)):
            sock = await raw_websocket(web.address[1], hello=None)
            frames = [Frame(Opcode.BINARY, body[:1], fin=False)]
            frames += [Frame(Opcode.CONT, b"", fin=False) for _ in range(n - 2)]
            frames += [Frame(Opcode.CONT, body[1:], fin=True)]
            await loop.sock_sendall(sock, b"".join(f.serialize(mask=True) for f in frames))
            if welcome:
                got = b""
                while b"welcome" not in got:
                    got += await asyncio.wait_for(loop.sock_recv(sock, 65536), HANG)
            else:
                got = await read_to_the_end(sock)
                assert b"frame" in got and f"over {MAX_FRAGMENTS} fragments".encode() in got
            sock.close()
        await until_async(lambda: not host.links.conns, "both gone")


@run
async def test_an_absolute_form_target_is_served_with_its_authority_as_the_host(caplog):
    """RFC 9112 3.2.2: a server accepts a request target in absolute form (``GET http://host/path``,
    as a proxy-minded client sends it) and takes the host from it, not from ``Host``: the
    download page answers; a foreign authority is refused as a foreign Host would be (421).
    (Before, such a target was refused with 403.) Without ``--share`` the log says so, never
    "serving None"."""
    with caplog.at_level(logging.INFO):
        async with web_host() as (host, web):
            port = web.address[1]
            status, _, body = await http(port, f"GET http://127.0.0.1:{port}/download HTTP/1.1\r\n"
                                               f"Host: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
            assert status == 200 and b"<html" in body
            status, _, body = await http(port, f"GET http://127.0.0.1:{port}/app/main.js?x=1 HTTP/1.1\r\n"
                                               "Host: evil.example\r\nConnection: close\r\n\r\n".encode())
            assert status == 200 and b"import" in body
            status, _, _ = await http(port, f"GET http://evil.example/download HTTP/1.1\r\n"
                                            f"Host: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
            assert status == 421
    lines = [r.getMessage() for r in caplog.records if r.name == "tikal.share"]
    assert any("download page on" in m for m in lines) and not any("None" in m for m in lines), lines


@run
async def test_a_connection_is_kept_alive_for_its_next_requests():
    """HTTP/1.1's persistent connections: one connection, several requests one after another
    (pipelined too), each answered in order; ``Connection: close`` ends it after its answer."""
    async with web_host() as (host, web):
        port = web.address[1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        ask = lambda path, close="": (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{close}\r\n").encode()  # noqa: E731
        writer.write(ask("/host.json"))
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HANG)
        assert head.startswith(b"HTTP/1.1 200") and b"connection: close" not in head.lower()
        n = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
        assert b"Kitchen table" in await reader.readexactly(n)
        writer.write(ask("/app/boot.js") + ask("/i18n/en.json") + ask("/qr.svg", "Connection: close\r\n"))
        rest = await asyncio.wait_for(reader.read(), HANG)           # to the end: closed after the third
        assert rest.count(b"HTTP/1.1 200 OK") == 3 and rest.index(b"tikalBoot") < rest.index(b"nplurals")
        assert rest.rstrip().endswith(b"</svg>")
        writer.close()
        assert web.accepted == 1
