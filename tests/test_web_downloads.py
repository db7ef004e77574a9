"""The shared files (``--share``) as HTTP serves them (issues 40 and 41): validators and the
requests they answer (a strong ``ETag`` and ``Last-Modified``; ``If-None-Match`` and
``If-Modified-Since`` answered 304; ``Range`` with ``If-Range`` honoured only while the file is
the same); downloads kept apart from the page and ``/ws`` (their own places and bandwidth); each
file's SHA-256 on the download page (tests/test_web_download_resume.py: a download cut halfway in
a real Chromium, resumed by the browser itself). Real sockets on loopback, a real host."""
from __future__ import annotations

import asyncio
import hashlib
import os
import socket
from pathlib import Path

import pytest
from test_web_edge import pack, recv
from websockets.asyncio.client import connect as ws_connect

from net import httpd as httpd_mod
from net.share import ShareServer, not_modified, same_file
from net.web import WebServer

from net_helpers import live_host, run
from waiting import HANG, until_async


async def request(port: int, target: str, local: str = "127.0.0.1", **fields) -> tuple[int, dict, bytes]:
    """One GET (``Connection: close``) from ``local``: status, headers (lower case), body."""
    r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(local, 0))
    extra = "".join(f"{k.replace('_', '-')}: {v}\r\n" for k, v in fields.items())
    w.write(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n{extra}\r\n".encode("latin-1"))
    try:
        data = await asyncio.wait_for(r.read(), HANG)
    finally:
        w.close()
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def dist_folder(tmp_path, name: str) -> tuple[Path, bytes]:
    """tmp_path/dist holding one file ``name`` of 300 kB of random bytes: the folder, the bytes."""
    d = tmp_path / "dist"
    d.mkdir()
    payload = os.urandom(300_000)
    (d / name).write_bytes(payload)
    return d, payload


@pytest.fixture
def folder(tmp_path):
    return dist_folder(tmp_path, "tikal-lan-0.2.0-linux-x86_64.tar.gz")


# --- validators and conditional requests --------------------------------------------------------------
@run
async def test_a_shared_file_has_a_strong_etag_and_answers_conditional_requests(folder):
    d, payload = folder
    name = "/tikal-lan-0.2.0-linux-x86_64.tar.gz"
    s = ShareServer(d, game_port=47474)
    _, port = await s.start("127.0.0.1", 0)
    try:
        status, h, body = await request(port, name)
        assert (status, body) == (200, payload)
        etag, modified = h["etag"], h["last-modified"]
        assert etag.startswith('"') and not etag.startswith("W/")          # strong
        assert modified.endswith("GMT") and h["accept-ranges"] == "bytes"
        # the copy is current: 304, nothing sent, the validators said again
        for inm in (etag, f"W/{etag}", f'"other", {etag}', "*"):
            status, h2, body = await request(port, name, if_none_match=inm)
            assert (status, body, h2["etag"]) == (304, b"", etag), inm
        assert (await request(port, name, if_none_match='"other"'))[0] == 200
        assert (await request(port, name, if_modified_since=modified))[:3:2] == (304, b"")
        assert (await request(port, name, if_modified_since="Mon, 01 Jan 2001 00:00:00 GMT"))[0] == 200
        # If-None-Match wins over If-Modified-Since (RFC 9110 13.1.3)
        assert (await request(port, name, if_none_match='"other"', if_modified_since=modified))[0] == 200
        # a range: 206 with no If-Range, or one that names this very file (its ETag, its date) ...
        for fields in ({}, {"if_range": etag}, {"if_range": modified}):
            status, h3, body = await request(port, name, range="bytes=1000-", **fields)
            assert (status, body) == (206, payload[1000:])
            assert h3["content-range"] == f"bytes 1000-{len(payload) - 1}/{len(payload)}"
        # ... and the whole file (200) for one that does not: a weak tag, another tag, another date
        for other in (f"W/{etag}", '"0-0"', "Mon, 01 Jan 2001 00:00:00 GMT"):
            status, h4, body = await request(port, name, range="bytes=1000-", if_range=other)
            assert (status, body) == (200, payload) and "content-range" not in h4, other
    finally:
        await s.stop()


@run
async def test_a_file_rebuilt_between_a_cut_and_its_resume_is_sent_whole(folder):
    """A download cut, the file rebuilt (another content, another modification time), the download
    resumed with its old validator: the guest gets the new file whole (200), never the new file's
    end spliced onto the old one's start."""
    d, payload = folder
    name = "tikal-lan-0.2.0-linux-x86_64.tar.gz"
    s = ShareServer(d, game_port=47474)
    _, port = await s.start("127.0.0.1", 0)
    try:
        _, h, body = await request(port, "/" + name, range="bytes=0-99999")
        first = body
        assert first == payload[:100_000]
        rebuilt = os.urandom(len(payload))
        st = (d / name).stat()
        (d / name).write_bytes(rebuilt)
        os.utime(d / name, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
        status, h2, body = await request(port, "/" + name, range="bytes=100000-", if_range=h["etag"])
        assert (status, body) == (200, rebuilt) and h2["etag"] != h["etag"]
    finally:
        await s.stop()


def test_the_validators_rules():
    etag = '"49e0-17c"'
    assert not_modified(etag, None, etag, 0) and not_modified(f"W/{etag}", None, etag, 0)
    assert not not_modified('"x"', "Mon, 01 Jan 2001 00:00:00 GMT", etag, 0)
    assert not_modified(None, "Mon, 01 Jan 2001 00:00:00 GMT", etag, 978307200.9)   # whole seconds
    assert not not_modified(None, "Mon, 01 Jan 2001 00:00:00 GMT", etag, 978307201.0)
    assert not not_modified(None, "not a date", etag, 0) and not not_modified(None, None, etag, 0)
    assert same_file(None, etag, "d") and same_file(etag, etag, "d") and same_file("d", etag, "d")
    assert not same_file(f"W/{etag}", etag, "d") and not same_file("e", etag, "d")


# --- the page shows each file's SHA-256 ------------------------------------------------------------------
def test_the_download_page_shows_each_files_sha256_computed_once(folder):
    d, payload = folder
    s = ShareServer(d, game_port=47474)
    s.hash_files()                                  # (start() does this in its hashing thread)
    page = s.page(None, "en").decode()
    assert f"SHA-256 <code>{hashlib.sha256(payload).hexdigest()}</code>" in page
    path = d / "tikal-lan-0.2.0-linux-x86_64.tar.gz"
    key = s._hashes[path.resolve()][0]
    s._hashes[path.resolve()] = (key, "0" * 64)     # cached: by size and modification time
    assert "0" * 64 in s.page(None, "en").decode()
    new = os.urandom(1000)
    path.write_bytes(new)                           # changed: computed again (in its thread)
    s.sha256(path.resolve(), wait=True)
    assert hashlib.sha256(new).hexdigest() in s.page(None, "en").decode()


# --- downloads apart from the page ------------------------------------------------------------------------
@run
async def test_the_downloads_share_a_bandwidth_of_their_own(folder, monkeypatch):
    """The downloads' bytes go out at DOWNLOAD_RATE a second at most, all of them together (the
    bucket holds a quarter second's worth): a fast reader on loopback gets no more than that in
    the time it took, however fast the machine (a slower one only takes longer)."""
    import time

    rate = 512 << 10
    monkeypatch.setattr(httpd_mod, "DOWNLOAD_RATE", rate)
    d, _ = folder
    payload = os.urandom(3 * rate)
    (d / "app.zip").write_bytes(payload)
    s = ShareServer(d, game_port=47474)
    _, port = await s.start("127.0.0.1", 0)
    try:
        t = time.monotonic()
        status, _, body = await request(port, "/app.zip")
        took = time.monotonic() - t
        assert (status, body) == (200, payload)
        assert len(body) <= rate * took + rate / 4 + 64 * 1024, (len(body), took)
    finally:
        await s.stop()


@run
async def test_slow_downloads_from_many_addresses_leave_room_for_a_new_guest(folder, monkeypatch):
    """Ten addresses each start eight downloads they never read, more than all the page's places
    (theirs are busy for as long as the server's writes wait: made a hang's length here): the
    downloads have places of their own (so many of those are told 503), and a new guest still
    loads the page and its files and opens /ws, every time. (When downloads took the page's
    places, a guest got in 1 time in 4.)"""
    monkeypatch.setattr(httpd_mod, "WRITE_TIMEOUT", HANG)
    d, _ = folder
    (d / "big.bin").write_bytes(os.urandom(8 << 20))
    async with live_host() as host:
        web = WebServer(host.links, d, game_port=host.address[1], host_name="Kitchen table")
        _, port = await web.start("127.0.0.1", 0)
        slow: list[socket.socket] = []
        loop = asyncio.get_running_loop()
        try:
            for a in range(2, 12):
                for _ in range(8):
                    sock = socket.socket()
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                    sock.bind((f"127.0.0.{a}", 0))
                    sock.setblocking(False)
                    await loop.sock_connect(sock, ("127.0.0.1", port))
                    await loop.sock_sendall(sock, b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    slow.append(sock)
            await until_async(lambda: len(web._downloads) >= httpd_mod.MAX_DOWNLOADS, "the downloads places taken")
            for _ in range(10):
                status, _, body = await request(port, "/")
                assert status == 200 and b'type="module"' in body
                status, _, _ = await request(port, "/app/main.js")
                assert status == 200
                async with ws_connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}") as ws:
                    await ws.send(pack({"t": "hello", "proto": 1, "name": "Guest"}))
                    assert (await recv(ws))["t"] == "welcome"
            assert len(web._downloads) == httpd_mod.MAX_DOWNLOADS           # all the while
            status, h, _ = await request(port, "/big.bin", local="127.0.0.20")
            assert status == 503 and h["retry-after"]                       # a download more: later
        finally:
            for sock in slow:
                sock.close()
            await web.stop()
