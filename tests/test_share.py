"""The host hands the game out (``run_host.py --share DIR``, net/share.py): a read-only page on the
next port of the host's address says how to join and lists DIR's files; a guest downloads one over
127.0.0.1; nothing outside DIR can be reached; the console and the lobby show the page's address
beside the join address (the welcome's ``share``)."""
import asyncio
import hashlib
import html
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from test_web_downloads import dist_folder

from assets.i18n import LANGUAGES, translations
from game.scenes.lobby import LobbyScene
from net import host as net_host
from net.config import HostConfig
from net.share import ShareServer, page_language

from client_helpers import launch, pump, read_line, stays_up, stop_cleanly, window
from net_helpers import Holds
from waiting import HANG, until_async

ROOT = Path(__file__).resolve().parents[1]


def http(port: int, request: bytes, timeout: float = HANG) -> tuple[int, dict, bytes]:
    """One raw request to 127.0.0.1:port (the target exactly as written): status, headers, body."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(request)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


def get(port: int, target: str, method: str = "GET") -> tuple[int, dict, bytes]:
    return http(port, f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode("latin-1"))


@pytest.fixture
def shared(tmp_path):
    """DIR with a wheel-sized file, beside a secret the page must never give out."""
    d, payload = dist_folder(tmp_path, "tikal_lan-0.1.0-py3-none-any.whl")
    (d / "tikal-lan-linux x64.tar.gz").write_bytes(b"app")             # a space in its name
    (d / ".hidden").write_text("dotfile")
    (d / "sub").mkdir()
    (d / "sub" / "inner.txt").write_text("inner")
    (tmp_path / "secret.txt").write_text("SECRET")
    (d / "link-out").symlink_to(tmp_path / "secret.txt")              # a symlink leading out
    (d / "link-in").symlink_to(d / "sub" / "inner.txt")               # one that stays inside
    return d, payload


def two_free_ports() -> int:
    """A port P of 127.0.0.1 free with P + 1 free too (the download page's default is the game's
    port + 1: with ``--port 0`` the next port may well be another test's)."""
    while True:
        with socket.socket() as a, socket.socket() as b:
            a.bind(("127.0.0.1", 0))
            port = a.getsockname()[1]
            try:
                b.bind(("127.0.0.1", port + 1))
            except (OSError, OverflowError):
                continue
            return port


def host_sharing(d, tmp_path, *extra: str, tries: int = 5):
    """run_host.py sharing ``d`` on a free port P, its page on P + 1 (the default); another try
    on other ports if one was taken meanwhile. Returns the process and its first line."""
    for _ in range(tries):
        p = subprocess.Popen([sys.executable, str(ROOT / "run_host.py"), "--headless", "--no-announce",
                              "--bind", "127.0.0.1", "--port", str(two_free_ports()), "--share", str(d),
                              "--data-dir", str(tmp_path / "saves"), "--log-file", "", *extra],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = p.stdout.readline()
        if first:
            return p, first
        err = p.communicate(timeout=HANG)[1]
        assert p.returncode == 2 and ("in use" in err or "port" in err), err[-3000:]   # taken: again
    raise AssertionError(f"no two free ports in {tries} tries")


@pytest.mark.parametrize("web", [True, False], ids=["web", "no-web"])
def test_run_host_share_serves_the_page_and_files_and_nothing_outside(shared, tmp_path, web):
    """With the web page (the default) the download page is at /download beside the page that
    plays; with --no-web it is the page at / as before. The same files, refusals and languages."""
    d, payload = shared
    page_path = "/download" if web else "/"
    p, first = host_sharing(d, tmp_path, *([] if web else ["--no-web"]))
    try:
        assert "listening on 127.0.0.1:" in first, first
        game_port = int(first.split("127.0.0.1:")[1].split()[0].rstrip(";"))
        page_line = p.stdout.readline()
        what = "web page" if web else "download page"
        # --port 0: the page takes any free port too (the next one may be another host's)
        assert page_line.startswith(f"{what} on 127.0.0.1:"), page_line
        port = int(page_line.split("127.0.0.1:")[1].split()[0].rstrip(","))
        assert port not in (0, game_port)

        status, headers, body = get(port, page_path)
        page = body.decode("utf-8")
        assert status == 200 and headers["Content-Type"].startswith("text/html")
        assert f"127.0.0.1:{game_port}" in page                      # how to join: address, port
        assert 'href="/tikal_lan-0.1.0-py3-none-any.whl"' in page
        assert 'href="/tikal-lan-linux%20x64.tar.gz"' in page
        assert "link-in" in page
        assert ".hidden" not in page and "link-out" not in page and "sub" not in page.split("<ul>")[1]
        # in the guest's own language (the browser's Accept-Language), from the game's catalogs
        assert '<html lang="en">' in page and headers["Content-Language"] == "en"
        for lang in LANGUAGES:
            asked = f"de-DE,de;q=0.95,{lang};q=0.9,en;q=0.5".encode()   # no German catalog
            request = f"GET {page_path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAccept-Language: ".encode()
            status, headers, body = http(port, request + asked + b"\r\n\r\n")
            page = body.decode("utf-8")
            assert status == 200 and headers["Content-Language"] == lang
            assert "Accept-Language" in headers["Vary"] and f'<html lang="{lang}">' in page
            assert f"127.0.0.1:{game_port}" in page and 'href="/tikal_lan-0.1.0-py3-none-any.whl"' in page
            catalog = translations(lang).gettext
            assert html.escape(catalog("share.get"), quote=False) in page
            assert "{" not in page.split("<body>")[1]                    # every placeholder filled
            assert "<code>tikal-lan</code>" in page                     # what to run, and how to
            assert "<code>pipx install tikal_lan-0.1.0-py3-none-any.whl</code>" in page  # get it: the
            assert "*" not in page.split("<body>")[1]                   # exact name (no wildcard)

        status, headers, body = get(port, "/tikal_lan-0.1.0-py3-none-any.whl")
        assert status == 200 and body == payload and headers["Content-Length"] == str(len(payload))
        assert "attachment" in headers["Content-Disposition"]
        status, _, body = get(port, "/tikal-lan-linux%20x64.tar.gz")
        assert (status, body) == (200, b"app")
        status, headers, body = get(port, "/tikal_lan-0.1.0-py3-none-any.whl", "HEAD")
        assert (status, body, headers["Content-Length"]) == (200, b"", str(len(payload)))
        assert get(port, "/link-in")[2] == b"inner"                 # a symlink inside DIR: fine

        refused = ["/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
                   "/..%2fsecret.txt", "/%252e%252e%252fsecret.txt", "/..\\secret.txt",
                   "//etc/passwd", "/" + str(tmp_path / "secret.txt"), "/sub/inner.txt",
                   "/sub%2finner.txt", "/.hidden", "/secret.txt%00.whl",
                   "http://127.0.0.1/../secret.txt", "../secret.txt", "*"]
        for target in refused:
            status, _, body = get(port, target)
            assert status == 403 and b"SECRET" not in body, (target, status)
        for target in ["/link-out", "/secret.txt", "/nope.whl", "/sub"]:  # not offered: 404
            status, _, body = get(port, target)
            assert status == 404 and b"SECRET" not in body, (target, status)
        for method in ["POST", "PUT", "DELETE", "OPTIONS"]:                # read-only
            status, headers, _ = get(port, "/tikal_lan-0.1.0-py3-none-any.whl", method)
            assert status == 405 and headers["Allow"] == "GET, HEAD", method
        assert http(port, b"GET / HTTP/1.1\r\nX: " + b"a" * 10_000 + b"\r\n\r\n")[0] == 431
        assert http(port, b"NONSENSE\r\n\r\n")[0] == 400
        assert sorted(os.listdir(d)) == sorted(["tikal_lan-0.1.0-py3-none-any.whl", ".hidden", "sub",
                                                "tikal-lan-linux x64.tar.gz", "link-out", "link-in"])
        assert get(port, page_path)[0] == 200                         # still serving after all that
    finally:
        p.terminate()
        _, err = p.communicate(timeout=HANG)
    assert p.returncode == 0 and "Traceback" not in err, err[-3000:]


@pytest.mark.slow
def test_share_needs_a_folder_and_a_free_port(tmp_path):
    run = [sys.executable, str(ROOT / "run_host.py"), "--headless", "--no-announce",
           "--bind", "127.0.0.1", "--data-dir", str(tmp_path), "--log-file", ""]
    r = subprocess.run(run + ["--share", str(tmp_path / "missing")], capture_output=True, text=True,
                       timeout=HANG)
    assert r.returncode == 2 and "is not a folder" in r.stderr
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        r = subprocess.run(run + ["--port", "0", "--share", str(tmp_path), "--share-port", str(taken)],
                           capture_output=True, text=True, timeout=HANG)
        assert r.returncode == 2 and f"port {taken}" in r.stderr and "--share-port" in r.stderr, r.stderr
        windowed = [a for a in run if a != "--headless"]   # the host with its window (dummy display)
        r = subprocess.run(windowed + ["--port", "0", "--share", str(tmp_path), "--share-port", str(taken)],
                           capture_output=True, text=True, timeout=HANG)
        assert r.returncode == 2 and f"port {taken}" in r.stderr and "Traceback" not in r.stderr, r.stderr


async def _fetch(port: int, local: str, target: str = "/") -> bytes:
    """One request to 127.0.0.1:port from the loopback address ``local``: the whole answer."""
    r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(local, 0))
    w.write(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
    try:
        return await r.read()
    finally:
        w.close()


async def sharing(folder: Path) -> tuple[ShareServer, int]:
    """A share of ``folder`` started on 127.0.0.1 (a free port): the server and its port."""
    s = ShareServer(folder, game_port=47474)
    _, port = await s.start("127.0.0.1", 0)
    return s, port


#: a slowloris's request: half a head, the rest never comes
HALF_HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
#: a whole request head for the /hold route, whose answer waits
HOLD_HEAD = b"GET /hold HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


async def _sent(port: int, local: str, head: bytes):
    """A connection from ``local`` that has sent ``head`` and waits (its reader and writer)."""
    r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(local, 0))
    w.write(head)
    await w.drain()
    return r, w


def test_slow_clients_cannot_starve_the_guests(tmp_path, monkeypatch):
    """Slowloris (issue 23): connections that send their request head a byte at a time must not
    keep a guest from the page: one address gets its share of connections, and when every place
    is taken a newcomer takes the place of the oldest connection still without a request (once
    it had its FRESH to send one: here none, no clock in the test)."""
    from net import httpd as httpd_mod

    monkeypatch.setattr(httpd_mod, "FRESH", 0.0)

    (tmp_path / "tikal_lan-0.1.0-py3-none-any.whl").write_bytes(b"wheel")

    async def scenario():
        s, port = await sharing(tmp_path)
        slow = []
        try:
            # one address opens many connections and sends half a head on each
            for _ in range(3 * httpd_mod.MAX_PER_ADDRESS):
                slow.append(await _sent(port, "127.0.0.1", HALF_HEAD))
            await asyncio.sleep(0.1)
            got = await _fetch(port, "127.0.0.2")                 # a guest at another address
            assert got.startswith(b"HTTP/1.1 200") and b"tikal_lan-0.1.0" in got, got[:200]
            # beyond its share, a newcomer of that address takes the place of its connection
            # idle longest (a page loaded again leaves its kept-alive connections idle)
            assert (await _fetch(port, "127.0.0.1")).startswith(b"HTTP/1.1 200")
            assert sum(1 for p in s._conns.values() if p.peer == "127.0.0.1") <= httpd_mod.MAX_PER_ADDRESS
            # many addresses fill every place: a guest still gets in, in an idle one's place
            for i in range(httpd_mod.MAX_CONNECTIONS // httpd_mod.MAX_PER_ADDRESS + 2):
                for _ in range(httpd_mod.MAX_PER_ADDRESS):
                    slow.append(await _sent(port, f"127.0.0.{10 + i}", HALF_HEAD))
            await asyncio.sleep(0.1)
            assert len(s._conns) == httpd_mod.MAX_CONNECTIONS
            for _ in range(3):
                got = await _fetch(port, "127.0.0.2")
                assert got.startswith(b"HTTP/1.1 200"), got[:200]
            got = await _fetch(port, "127.0.0.2", "/tikal_lan-0.1.0-py3-none-any.whl")
            assert got.startswith(b"HTTP/1.1 200") and got.endswith(b"\r\n\r\nwheel")
        finally:
            for _, w in slow:
                w.close()
            await s.stop()

    asyncio.run(scenario())


def test_pages_loading_at_once_from_one_address_never_cut_each_others_new_connections(tmp_path, monkeypatch):
    """Four TVs behind one address load /tv at once (a browser opens up to six connections to a
    host for one page): a connection just opened for a request is not cut for a newcomer of its
    address before its request came (a browser sends again a request that met a reused
    connection's close, never a fresh one's: its file fails and the page stays blank). The
    newcomer waits; each of the share's new connections is answered, then the newcomer is."""
    from net import httpd as httpd_mod

    monkeypatch.setattr(httpd_mod, "QUEUE_WAIT", HANG)        # no clock: the test's order only
    monkeypatch.setattr(httpd_mod, "FRESH", HANG)
    (tmp_path / "tikal_lan-0.1.0-py3-none-any.whl").write_bytes(b"wheel")

    async def scenario():
        s, port = await sharing(tmp_path)
        opened = []
        try:
            for _ in range(httpd_mod.MAX_PER_ADDRESS):
                opened.append(await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.1", 0)))
            await until_async(lambda: len(s._conns) == httpd_mod.MAX_PER_ADDRESS, "the share opened")
            late = asyncio.create_task(_fetch(port, "127.0.0.1"))
            await until_async(lambda: len(s._queued) == 1, "the newcomer waiting")
            for r, w in opened:            # each new connection's request, answered whole
                w.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                await w.drain()
                got = await asyncio.wait_for(r.read(), HANG)
                assert got.startswith(b"HTTP/1.1 200") and b"tikal_lan-0.1.0" in got, got[:200]
                w.close()
            got = await asyncio.wait_for(late, HANG)
            assert got.startswith(b"HTTP/1.1 200"), got[:200]
        finally:
            await s.stop()

    asyncio.run(scenario())


def test_a_connection_beyond_its_share_waits_for_a_place(tmp_path, monkeypatch):
    """Several browsers behind one address load their pages at once: beyond the address's share,
    while every one of its places answers a request, a newcomer waits for a place instead of
    being told "busy" (a blank page), and takes one as soon as a connection of that address goes
    idle. As many as its share may wait; the next one is told "busy" at once, with when to ask
    again (Retry-After, and Refresh: a browser loads a refused page again by itself)."""
    from net import httpd as httpd_mod

    monkeypatch.setattr(httpd_mod, "QUEUE_WAIT", HANG)        # no clock: the test frees the places
    (tmp_path / "tikal_lan-0.1.0-py3-none-any.whl").write_bytes(b"wheel")

    async def scenario():
        s = ShareServer(tmp_path, game_port=47474)
        holds = Holds(s)
        _, port = await s.start("127.0.0.1", 0)
        held = []
        try:
            for _ in range(httpd_mod.MAX_PER_ADDRESS):
                held.append(await _sent(port, "127.0.0.1", HOLD_HEAD))
            await until_async(lambda: len(holds.gates) == httpd_mod.MAX_PER_ADDRESS, "the share busy")
            asked = asyncio.create_task(_fetch(port, "127.0.0.1"))
            await until_async(lambda: len(s._queued) == 1, "the request waiting")
            assert not asked.done()
            holds.free(1)                               # one of that address's requests answered
            got = await asyncio.wait_for(asked, HANG)
            assert got.startswith(b"HTTP/1.1 200") and b"tikal_lan-0.1.0" in got, got[:200]
            # its share busy and as many waiting: the next one is told busy, and when to come back
            held.append(await _sent(port, "127.0.0.1", HOLD_HEAD))
            await until_async(lambda: len(holds.gates) == httpd_mod.MAX_PER_ADDRESS + 1, "the share busy")
            for _ in range(httpd_mod.MAX_PER_ADDRESS):
                held.append(await _sent(port, "127.0.0.1", HOLD_HEAD))
            await until_async(lambda: len(s._queued) == httpd_mod.MAX_PER_ADDRESS, "the queue full")
            got = await asyncio.wait_for(_fetch(port, "127.0.0.1"), HANG)
            head = got.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
            assert head[0] == "HTTP/1.1 503 Service Unavailable", head
            assert f"Retry-After: {httpd_mod.BUSY_RETRY}" in head and f"Refresh: {httpd_mod.BUSY_RETRY}" in head
            # another address is not kept waiting by that one
            got = await asyncio.wait_for(_fetch(port, "127.0.0.2"), HANG)
            assert got.startswith(b"HTTP/1.1 200"), got[:200]
        finally:
            holds.free_all()
            for _, w in held:
                w.close()
            await s.stop()
        assert s._queued == {} and s._conns == {}

    asyncio.run(scenario())


def test_a_connection_that_waited_in_vain_is_told_busy(tmp_path, monkeypatch):
    """No place came free while it waited (QUEUE_WAIT): "busy", and it no longer waits."""
    from net import httpd as httpd_mod

    monkeypatch.setattr(httpd_mod, "QUEUE_WAIT", 0.05)

    async def scenario():
        s = ShareServer(tmp_path, game_port=47474)
        holds = Holds(s)
        _, port = await s.start("127.0.0.1", 0)
        held = [await _sent(port, "127.0.0.1", HOLD_HEAD) for _ in range(httpd_mod.MAX_PER_ADDRESS)]
        try:
            await until_async(lambda: len(holds.gates) == httpd_mod.MAX_PER_ADDRESS, "the share busy")
            got = await asyncio.wait_for(_fetch(port, "127.0.0.1"), HANG)
            assert got.startswith(b"HTTP/1.1 503"), got[:200]
            assert s._queued == {}
        finally:
            holds.free_all()
            for _, w in held:
                w.close()
            await s.stop()

    asyncio.run(scenario())


def test_a_silent_connection_is_told_it_is_too_slow(tmp_path, monkeypatch):
    from net import httpd as httpd_mod

    monkeypatch.setattr(httpd_mod, "HEAD_TIMEOUT", 0.3)

    async def scenario():
        s, port = await sharing(tmp_path)
        try:
            r, w = await _sent(port, "127.0.0.1", HALF_HEAD)
            assert (await r.read()).startswith(b"HTTP/1.1 408")    # the head never completed
            w.close()
            assert (await _fetch(port, "127.0.0.1")).startswith(b"HTTP/1.1 200")
        finally:
            await s.stop()

    asyncio.run(scenario())


def test_a_download_that_does_not_keep_its_pace_is_dropped(tmp_path, monkeypatch):
    from net import share as share_mod

    monkeypatch.setattr(share_mod, "RATE_GRACE", 0.0)          # judged from the first chunk on,
    monkeypatch.setattr(share_mod, "MIN_RATE", 1e15)           # at a pace no reader keeps
    payload = os.urandom(5 * share_mod.CHUNK)
    (tmp_path / "big.bin").write_bytes(payload)

    async def scenario():
        s, port = await sharing(tmp_path)
        try:
            got = await _fetch(port, "127.0.0.1", "/big.bin")
            head, _, body = got.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 200") and f"Content-Length: {len(payload)}".encode() in head
            assert 0 < len(body) < len(payload) and payload.startswith(body)   # cut off, not stalled
        finally:
            await s.stop()

    asyncio.run(scenario())
    monkeypatch.setattr(share_mod, "MIN_RATE", 1.0)            # a pace any reader keeps: all of it

    async def again():
        s, port = await sharing(tmp_path)
        try:
            assert (await _fetch(port, "127.0.0.1", "/big.bin")).endswith(payload)
        finally:
            await s.stop()

    asyncio.run(again())


def test_a_slow_disk_holds_up_only_the_download_that_waits_for_it(tmp_path, monkeypatch):
    """Files are read off the event loop: while one download's read hangs on the disk, the page
    is served to another guest."""
    import threading

    from net import share as share_mod

    (tmp_path / "app.tar.gz").write_bytes(b"x" * 1000)
    release, reading, waited_out = threading.Event(), threading.Event(), []

    class SlowFile:
        def __init__(self, f):
            self.f = f

        def read(self, n=-1):
            reading.set()
            if not release.wait(HANG):            # bounded: a blocked loop shows as a failure
                waited_out.append(True)
            return self.f.read(n)

        def __getattr__(self, name):
            return getattr(self.f, name)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

    monkeypatch.setattr(share_mod, "open", lambda *a, **kw: SlowFile(open(*a, **kw)), raising=False)

    async def scenario():
        s, port = await sharing(tmp_path)
        try:
            download = asyncio.create_task(_fetch(port, "127.0.0.1", "/app.tar.gz"))
            while not reading.is_set():
                await asyncio.sleep(0.01)
            page = await _fetch(port, "127.0.0.2")               # while that read hangs
            assert page.startswith(b"HTTP/1.1 200") and not release.is_set() and not waited_out
            release.set()
            assert (await download).endswith(b"x" * 1000)
        finally:
            release.set()
            await s.stop()

    asyncio.run(scenario())


def test_the_page_lists_per_system_what_a_guest_downloads_and_how_to_start_it(tmp_path):
    """Issue 21: per OS, in a guest's words: the Windows, macOS and Linux apps, the exact pipx
    command for the wheel (no ``*``: Windows does not expand it), macOS 15's Open Anyway; the
    sdist is not offered. Every language."""
    names = ["tikal-lan-0.2.0-windows-amd64.zip", "tikal-lan-0.2.0-macos-arm64.tar.gz",
             "tikal-lan-0.2.0-linux-x86_64.tar.gz", "tikal_lan-0.2.0-py3-none-any.whl",
             "tikal_lan-0.2.0.tar.gz", "rules.pdf"]
    for n in names:
        (tmp_path / n).write_bytes(b"x" * 200_000)
    s = ShareServer(tmp_path, game_port=47474)
    assert "tikal_lan-0.2.0.tar.gz" not in s.files() and len(s.files()) == 5
    for lang in LANGUAGES:
        tr = translations(lang).gettext
        page = s.page("127.0.0.1", lang).decode()
        body = page.split("<body>")[1]
        order = [body.index(html.escape(tr(k), quote=False)) for k in
                 ("share.windows_app", "share.macos_app", "share.linux_app", "share.python", "share.other")]
        assert order == sorted(order), lang
        for n in names[:4] + names[5:]:
            assert f'href="/{n}"' in body, (lang, n)
        assert "tikal_lan-0.2.0.tar.gz" not in body and "*" not in body
        assert "<code>pipx install tikal_lan-0.2.0-py3-none-any.whl</code>" in body
        assert "(Apple silicon)" in body and "<code>tikal-lan.exe</code>" in body
        assert "<code>./tikal-lan</code>" in body and "{" not in body
    assert "System Settings → Privacy &amp; Security" in s.page(None, "en").decode()
    assert "Open Anyway" in s.page(None, "en").decode()
    only_wheel = tmp_path / "w"
    only_wheel.mkdir()
    (only_wheel / "tikal_lan-0.2.0-py3-none-any.whl").write_bytes(b"w")
    page = ShareServer(only_wheel, game_port=1).page(None).decode()
    assert "Windows app" not in page and "pipx install tikal_lan-0.2.0-py3-none-any.whl" in page


def test_more_sections_go_after_the_downloads(tmp_path):
    s = ShareServer(tmp_path, game_port=47474)
    s.sections.append(lambda tr, esc: f"<h2>{esc('Replays <1>')}</h2>")
    page = s.page(None).decode()
    assert "<h2>Replays &lt;1&gt;</h2>" in page
    assert page.index("Replays") > page.index(html.escape(translations("en").gettext("share.get"),
                                                          quote=False))


def test_console_says_the_page_beside_the_join_address(tmp_path, capsys):
    from tikal_lan.host import say_listening
    from tikal_lan.host_options import parse_args

    async def scenario():
        s = ShareServer(tmp_path, game_port=47474)
        await s.start("127.0.0.1", 0)
        s.urls = ["http://10.9.8.7:47475/"]      # safe: only printed (as on a LAN), never dialled
        h = net_host.Host(HostConfig(name="Kitchen", bind="127.0.0.1", port=0,
                                              announce=False))
        h.addresses = ["10.9.8.7:47474"]        # safe: only printed
        h.share = s.urls
        say_listening(h, "127.0.0.1", 47474, None, parse_args(["--data-dir", str(tmp_path)]), s)
        await s.stop()

    asyncio.run(scenario())
    out = capsys.readouterr().out
    # safe: text, never dialled
    assert "players join at 10.9.8.7:47474; the game to download: http://10.9.8.7:47475/" in out  # safe
    assert "download page on 127.0.0.1:" in out and str(tmp_path) in out


def test_the_lobby_shows_the_download_page_beside_the_join_address(host):
    h, address = host
    h.addresses = ["10.9.8.7:47474"]          # safe: only shown, never dialled
    h.share = ["http://10.9.8.7:47475/"]      # safe: only shown, never dialled
    app = window(address)
    bridge = app.bridge
    try:
        pump(app, lambda: isinstance(app.scene, LobbyScene))
        assert bridge.host_share == ["http://10.9.8.7:47475/"]   # from the welcome  # safe: text, never dialled
        band = (180, 70, 920, 26)       # the line under the title
        shown = app.draw().subsurface(band).copy()
        line = app.scene.join_line(bridge.host_addresses, bridge.host_share)
        assert "10.9.8.7:47474" in line and "http://10.9.8.7:47475/" in line  # safe: text, never dialled
        bridge.host_share = []
        bare = app.draw().subsurface(band).copy()
        assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(bare, "RGB")
        # every language: the line fits between the buttons, with three long LAN addresses too
        many = ["192.168.100.200:47474", "10.100.200.250:47474", "172.16.250.250:47474"]  # safe: text
        for lang in LANGUAGES:
            app.set_language(lang)
            line = app.scene.join_line(many, ["http://192.168.100.200:47475/"])  # safe: text
            assert "http://192.168.100.200:47475/" in line and many[0] in line, lang  # safe: text
            assert app.assets.font(17).size(line)[0] <= LobbyScene.JOIN_WIDTH, (lang, line)
    finally:
        app.close()


@pytest.mark.slow
def test_run_host_with_its_window_shares_too(shared, tmp_path):
    d, payload = shared
    p = launch(tmp_path, "run_host.py", "--bind", "127.0.0.1", "--port", "0", "--no-announce",
               "--data-dir", str(tmp_path / "saves"), "--log-file", "", "--share", str(d), "--share-port", "0")
    try:
        assert "listening on 127.0.0.1:" in read_line(p, timeout=120)
        line = p.stdout.readline()      # printed with the first (already in the pipe's buffer)
        assert line.startswith("web page on 127.0.0.1:"), line     # the download page beside it
        port = int(line.split("127.0.0.1:")[1].split(",")[0])
        status, _, body = get(port, "/tikal_lan-0.1.0-py3-none-any.whl")
        assert status == 200 and body == payload
        stays_up(p, 1.0)
    finally:
        stop_cleanly(p)


GUEST = """
import asyncio, hashlib, json, sys, urllib.parse, urllib.request
from net.client import AsyncClient

async def welcome(addr, port):
    c = AsyncClient(addr, port, "Guest", validate_incoming=True)
    await c.start(timeout=180)
    try:
        return await c.expect("welcome", timeout=180)          # only against a hang
    finally:
        await c.close()

addr, port, name = sys.argv[1], int(sys.argv[2]), sys.argv[3]
w = asyncio.run(welcome(addr, port))
url = w["share"][0]                                   # what the guest's lobby shows
page = urllib.request.urlopen(url, timeout=180).read().decode()
data = urllib.request.urlopen(urllib.parse.urljoin(url, name), timeout=180).read()
print(json.dumps({"addresses": w.get("addresses"), "share": w["share"], "page": page,
                  "sha256": hashlib.sha256(data).hexdigest()}))
"""


@pytest.mark.netns
@pytest.mark.slow
def test_a_guest_on_another_machine_gets_the_game_from_the_address_its_lobby_shows(
        netns_lan, shared, tmp_path):
    d, payload = shared
    lan = netns_lan(2)
    host_node, guest = lan.nodes
    p = host_node.popen([sys.executable, str(ROOT / "run_host.py"), "--headless", "--no-announce",
                         "--bind", host_node.address, "--port", "47474", "--share", str(d),
                         "--data-dir", str(tmp_path / "saves"), "--log-file", ""],
                        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = [p.stdout.readline() for _ in range(3)]
    page = f"http://{host_node.address}:47475/"
    url = page + "download"
    assert lines[1].startswith(f"web page on {host_node.address}:47475"), lines
    assert lines[2].strip() == (f"players join at {host_node.address}:47474; phones and browsers "
                                f"open {page}; the game to download: {url}"), lines
    wheel = "tikal_lan-0.1.0-py3-none-any.whl"
    r = guest.run([sys.executable, "-c", GUEST, host_node.address, "47474", wheel], cwd=ROOT,
                  capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got["addresses"] == [f"{host_node.address}:47474"] and got["share"] == [url]
    assert f"<code>{host_node.address}:47474</code>" in got["page"] and wheel in got["page"]
    assert got["sha256"] == hashlib.sha256(payload).hexdigest()


def test_the_page_speaks_the_browsers_first_language_with_a_catalog(tmp_path):
    assert page_language(None) == page_language("") == page_language("*") == "en"
    assert page_language("cs-CZ,cs;q=0.9,en;q=0.8") == "cs"
    assert page_language("de-DE,de;q=0.9,it;q=0.5,ru;q=0.7") == "ru"      # by weight, not order
    assert page_language("it;q=0.5,ru;q=0.5") == "it"                     # a tie: the order given
    assert page_language("ru;q=0,it") == "it"                             # q=0: not wanted
    assert page_language("xx;q=abc,it-CH;q=0.1") == "it"
    assert page_language("de,fr,es") == "en"
    # the host's name and the translations are text, never markup
    page = ShareServer(tmp_path, game_port=47474, join=["127.0.0.9:47474"],
                       host_name="<b>Anna</b> & co").page(None, "ru").decode()
    assert "&lt;b&gt;Anna&lt;/b&gt; &amp; co" in page and "<b>Anna" not in page
    assert "Tikal &amp; La Tortuga на" in page and "Скачать игру" in page
    assert "127.0.0.9:47474" in page and "(файлов нет)" in page


@pytest.mark.slow
def test_a_real_browser_gets_the_page_in_its_language(tmp_path):
    """Debian's chromium, headless (``apt-get install chromium``; skipped without it), asks for the
    page in each language the game speaks: the page it gets lists per system what to download."""
    import shutil

    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no chromium here (apt-get install chromium)")
    for n in ("tikal-lan-0.1.0-windows-amd64.zip", "tikal-lan-0.1.0-linux-x86_64.tar.gz",
              "tikal_lan-0.1.0-py3-none-any.whl", "tikal_lan-0.1.0.tar.gz"):
        (tmp_path / n).write_bytes(b"x" * 1000)

    async def scenario():
        s, port = await sharing(tmp_path)
        try:
            for lang in LANGUAGES:
                proc = await asyncio.create_subprocess_exec(
                    browser, "--headless", "--no-sandbox", "--disable-gpu", f"--accept-lang={lang}",
                    f"--user-data-dir={tmp_path / ('profile-' + lang)}", "--dump-dom",
                    f"http://127.0.0.1:{port}/", stdout=asyncio.subprocess.PIPE,
                    stderr=asyncio.subprocess.DEVNULL)
                dom = (await asyncio.wait_for(proc.communicate(), 120))[0].decode()
                tr = translations(lang).gettext
                for key in ("share.get", "share.windows_app", "share.linux_app", "share.python"):
                    assert html.escape(tr(key), quote=False) in dom, (lang, key)
                assert f'<html lang="{lang}">' in dom
                assert "pipx install tikal_lan-0.1.0-py3-none-any.whl" in dom
                assert "tikal_lan-0.1.0.tar.gz" not in dom and "macOS" not in dom.split("<body>")[1]
        finally:
            await s.stop()

    asyncio.run(scenario())


def test_a_linux_archive_says_the_glibc_its_name_gives_and_never_promises_an_older_system(tmp_path):
    """Issue 30: an archive built against glibc 2.36 is not offered to Ubuntu 22.04 (2.35); the
    2.35 one is; one whose name says nothing promises no system. Intel and Apple silicon Macs are
    told apart; a Mac guest is told to allow the local network."""
    from net.share import glibc_of, linux_systems

    assert glibc_of("tikal-lan-0.2.0-linux-x86_64-glibc2.35.tar.gz") == (2, 35)
    assert glibc_of("tikal-lan-0.2.0-linux-x86_64.tar.gz") is None
    assert linux_systems((2, 35)) == ["Ubuntu 22.04", "Linux Mint 21", "Debian 12", "Fedora 36"]
    assert linux_systems((2, 36)) == ["Ubuntu 24.04", "Linux Mint 22", "Debian 12", "Fedora 37"]
    assert linux_systems((2, 99)) == []
    old, new = "tikal-lan-0.2.0-linux-x86_64-glibc2.35.tar.gz", "tikal-lan-0.2.0-linux-aarch64-glibc2.36.tar.gz"
    for n in (old, new, "tikal-lan-0.2.0-macos-x86_64.tar.gz", "tikal-lan-0.2.0-macos-arm64.tar.gz"):
        (tmp_path / n).write_bytes(b"x")
    s = ShareServer(tmp_path, game_port=47474)
    for lang in LANGUAGES:
        body = s.page(None, lang).decode().split("<body>")[1]
        first = body.split(f'href="/{old}"')[1].split("</li>")[0]
        second = body.split(f'href="/{new}"')[1].split("</li>")[0]
        assert "2.35" in first and "Ubuntu 22.04" in first and "Debian 12" in first, (lang, first)
        assert "2.36" in second and "22.04" not in second and "Ubuntu 24.04" in second, (lang, second)
        assert "(Intel)" in body and "(Apple silicon)" in body and "{" not in body
        assert "Ubuntu 22.04" not in body.split('id="linux"')[1].split("</ul>")[1], lang   # not in the how-to
    assert "answer Allow" in s.page(None, "en").decode()
