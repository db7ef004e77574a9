"""The host's WebSocket edge and web page (net/web.py, docs/protocol.md section 16), from outside:
real sockets on loopback, the ``websockets`` client as a browser's stand-in (with the page's
Origin), raw TCP for what no browser sends. No browser here (tests/test_web_*.py drive Chromium)."""
from __future__ import annotations

import asyncio
import contextlib
import gzip
import json

import msgpack
import pytest
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from net.protocol import encode
from net.web import WebServer, catalog_json, is_local_host, load_assets, plural_rule

from net_helpers import connect, live_host, run
from waiting import HANG


@contextlib.asynccontextmanager
async def web_host(**cfg):
    cfg.setdefault("name", "Kitchen table")
    async with live_host(**cfg) as host:
        # (its LAN address said as 127.0.0.1: the page's address, its QR code, are the tests' own)
        web = WebServer(host.links, None, game_port=host.address[1], host_name="Kitchen table", lan=["127.0.0.1"])
        await web.start("127.0.0.1", 0)
        web.origin = f"http://127.0.0.1:{web.address[1]}"
        web.ws = f"ws://127.0.0.1:{web.address[1]}/ws"
        try:
            yield host, web
        finally:
            await web.stop()


def pack(msg) -> bytes:
    return msgpack.packb(msg, use_bin_type=True)


async def recv(ws, t: str | None = None):
    """The next message (of type ``t``: others are skipped)."""
    while True:
        msg = msgpack.unpackb(await asyncio.wait_for(ws.recv(), HANG), raw=False)
        if t is None or msg["t"] == t:
            return msg


async def http(port: int, request: bytes) -> tuple[int, dict, bytes]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(request)
    data = await asyncio.wait_for(reader.read(), HANG)
    writer.close()
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    fields = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        fields[k.strip().lower()] = v.strip()
    return int(lines[0].split()[1]), fields, body


def get(path: str, host: str = "127.0.0.1", **fields) -> bytes:
    extra = "".join(f"{k.replace('_', '-')}: {v}\r\n" for k, v in fields.items())
    return f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n{extra}\r\n".encode("latin-1")


# --- the protocol over the WebSocket ------------------------------------------------------------------
@run
async def test_ws_hello_welcome_tables_and_a_game_with_the_page_origin():
    """One binary message = one msgpack map: hello -> welcome (with the page's own address) and
    tables; a table made, a bot added, started: the updates come as over TCP, with legal."""
    async with web_host() as (host, web):
        host.web = [web.origin + "/"]
        async with ws_connect(web.ws, origin=web.origin) as ws:
            await ws.send(pack({"t": "hello", "proto": 1, "name": "Ana", "key": "k" * 24}))
            welcome = await recv(ws)
            assert welcome["t"] == "welcome" and welcome["host"] == "Kitchen table"
            assert welcome["web"] == [web.origin + "/"]
            assert (await recv(ws))["t"] == "tables"
            await ws.send(pack({"t": "create", "game": "tortuga", "seats": 2}))
            seated = await recv(ws, "seated")
            assert len(seated["token"]) == 32
            await ws.send(pack({"t": "bot", "seat": 1, "level": "easy"}))
            await ws.send(pack({"t": "start"}))
            upd = await recv(ws, "update")
            assert upd["full"] and upd["seat"] == 0 and upd["state"] == 0
            if upd["to_act"] == 0:
                assert upd["legal"]
                await ws.send(pack({"t": "action", "seq": 5, "state": upd["state"],
                                    "action": upd["legal"][0]}))
                mine = await recv(ws, "update")
                while mine.get("seq") != 5:
                    mine = await recv(ws, "update")
                assert mine["state"] == 1


@run
async def test_ws_foreign_origin_and_foreign_host_name_are_refused():
    """A page elsewhere (another Origin) cannot reach the host; neither can a page that rebinds
    its own name to the host's address (a Host that is not this machine's)."""
    async with web_host() as (host, web):
        for origin in ("http://evil.example", "http://127.0.0.1:1", "null"):
            with pytest.raises(InvalidStatus) as exc:
                async with ws_connect(web.ws, origin=origin):
                    pass
            assert exc.value.response.status_code == 403
        port = web.address[1]
        handshake = ("GET /ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                     "Origin: http://{host}\r\n\r\n")
        status, _, _ = await http(port, handshake.format(host=f"evil.example:{port}").encode())
        assert status == 403
        assert not host.conns
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(handshake.format(host=f"127.0.0.1:{port}").encode())
        assert (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HANG)).startswith(b"HTTP/1.1 101")
        writer.close()
        assert host.stats.errors.get("origin", 0) >= 4
        # no Origin at all: not a browser (a script): let in
        async with ws_connect(web.ws) as ws:
            await ws.send(pack({"t": "hello", "proto": 1, "name": "Script"}))
            assert (await recv(ws))["t"] == "welcome"


@run
async def test_ws_a_message_that_is_not_one_map_is_error_frame_and_closed():
    async with web_host() as (host, web):
        for bad in (pack([1, 2, 3]), b"\xc1", pack({"t": 5}), pack({"t": "hello"}) + pack({"t": "x"})):
            async with ws_connect(web.ws, origin=web.origin) as ws:
                await ws.send(bad)
                msg = await recv(ws)
                assert msg["t"] == "error" and msg["code"] == "frame", msg
                with pytest.raises(ConnectionClosed):
                    await recv(ws)
        async with ws_connect(web.ws, origin=web.origin) as ws:   # a text message
            await ws.send(json.dumps({"t": "hello"}))
            msg = await recv(ws)
            assert msg["code"] == "frame" and "binary" in msg["message"]
        async with ws_connect(web.ws, origin=web.origin, max_size=None) as ws:  # over 1 MiB
            await ws.send(b"\x81" + b"x" * (1 << 20))
            msg = await recv(ws)
            assert msg["code"] == "frame" and "over" in msg["message"]
            with pytest.raises(ConnectionClosed) as closed:
                await recv(ws)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        assert host.stats.errors["frame"] == 6
        # the host carries on
        async with ws_connect(web.ws, origin=web.origin) as ws:
            await ws.send(pack({"t": "hello", "proto": 1, "name": "Ana"}))
            assert (await recv(ws))["t"] == "welcome"


@run
async def test_ws_fragmented_message_is_one_message():
    async with web_host() as (host, web):
        async with ws_connect(web.ws, origin=web.origin) as ws:
            body = pack({"t": "hello", "proto": 1, "name": "Ana"})
            await ws.send([body[:3], body[3:7], body[7:]])
            assert (await recv(ws))["t"] == "welcome"


@run
async def test_ws_hello_gate_rate_and_proto_as_over_tcp():
    async with web_host(rate=20.0, burst=20.0) as (host, web):
        async with ws_connect(web.ws, origin=web.origin) as ws:
            await ws.send(pack({"t": "list", "seq": 3}))
            msg = await recv(ws)
            assert (msg["code"], msg["seq"], msg["ref"]) == ("hello_first", 3, "list")
            for i in range(40):                       # a flood: the rate limit drops the excess
                await ws.send(pack({"t": "ping", "n": i}))
            codes: list = []
            while "rate" not in codes:                # the flood's answers, up to the rate limit's error
                m = msgpack.unpackb(await asyncio.wait_for(ws.recv(), HANG), raw=False)
                codes.append(m["t"] if m["t"] != "error" else m["code"])
            assert codes.count("pong") < 40
        async with ws_connect(web.ws, origin=web.origin) as ws:
            await ws.send(pack({"t": "hello", "proto": 99, "name": "Ana"}))
            assert (await recv(ws))["code"] == "proto"
            with pytest.raises(ConnectionClosed):
                await recv(ws)


@run
async def test_ws_and_tcp_connections_count_together_per_address():
    """16 connections from one address in all, whichever edge they come by."""
    async with web_host(max_conns_per_addr=4) as (host, web):
        tcp = [await connect(host, f"T{i}") for i in range(2)]
        socks = []
        for i in range(2):
            ws = await ws_connect(web.ws, origin=web.origin)
            await ws.send(pack({"t": "hello", "proto": 1, "name": f"W{i}"}))
            assert (await recv(ws))["t"] == "welcome"
            socks.append(ws)
        assert len(host.conns) == 4
        extra = await ws_connect(web.ws, origin=web.origin)    # the fifth, by WebSocket
        msg = await recv(extra)
        assert msg["code"] == "busy" and "your address" in msg["message"]
        with pytest.raises(ConnectionClosed):
            await recv(extra)
        reader, writer = await asyncio.open_connection(*host.address)   # the fifth, by TCP
        data = await asyncio.wait_for(reader.read(), HANG)
        assert msgpack.unpackb(data[4:], raw=False)["code"] == "busy"
        writer.close()
        for ws in socks:
            await ws.close()
        for c in tcp:
            await c.close()


@run
async def test_ws_slowloris_handshake_and_silent_websocket_are_cut():
    """A handshake trickled a byte at a time is cut after the request-head timeout; a WebSocket
    that completes no message is closed by the host's ping timeout, as a TCP one."""
    from net import httpd as httpd_mod

    async with web_host(ping_interval=0.2, ping_timeout=1.0) as (host, web):
        old = httpd_mod.HEAD_TIMEOUT
        httpd_mod.HEAD_TIMEOUT = 0.5
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", web.address[1])
            writer.write(b"GET /ws HTTP/1.1\r\n")
            await writer.drain()
            data = await asyncio.wait_for(reader.read(), HANG)      # the server gives up first
            assert data.startswith(b"HTTP/1.1 408")
            writer.close()
        finally:
            httpd_mod.HEAD_TIMEOUT = old
        async with ws_connect(web.ws, origin=web.origin, ping_interval=None) as ws:
            await ws.send(pack({"t": "hello", "proto": 1, "name": "Sleepy"}))
            seen = []
            with pytest.raises(ConnectionClosed):
                while True:                # we never answer the host's pings
                    seen.append((await recv(ws))["t"])
            assert "bye" in seen
        assert not host.conns


@run
async def test_ws_browser_and_tcp_client_at_one_table_get_the_same_public_update():
    """A browser gets exactly what a window gets: the spectator's update by WebSocket equals the
    spectator's update by TCP, field for field; no token but its own, never a key."""
    async with web_host() as (host, web):
        owner = await connect(host, "Owner")
        owner.send({"t": "create", "game": "tikal", "seats": 2})
        await owner.expect("seated", HANG)
        owner.send({"t": "bot", "seat": 1, "level": "easy"})
        watcher = await connect(host, "Tcp")
        async with ws_connect(web.ws, origin=web.origin) as ws:
            await ws.send(pack({"t": "hello", "proto": 1, "name": "Web", "key": "s" * 30}))
            await recv(ws, "tables")
            tid = next(iter(host.tables))
            await ws.send(pack({"t": "spectate", "table": tid}))
            watcher.send({"t": "spectate", "table": tid})
            await recv(ws, "table")
            await watcher.expect("table", HANG)
            owner.send({"t": "start"})
            a = await recv(ws, "update")
            b = await watcher.expect("update", HANG)
            assert a == b and a["seat"] is None and "legal" not in a
            raw = json.dumps(a)
            for t in host.tables.values():
                for token in t.seating.tokens():
                    assert token not in raw
            assert "s" * 30 not in raw
        await watcher.close()
        await owner.close()


# --- the page and its files -------------------------------------------------------------------------
@run
async def test_page_files_csp_gzip_etag_and_nothing_else():
    async with web_host() as (host, web):
        port = web.address[1]
        status, fields, body = await http(port, get("/", accept_encoding="gzip"))
        assert status == 200 and fields["content-encoding"] == "gzip"
        page = gzip.decompress(body).decode()
        assert '<script type="module" src="/app/main.js" data-boot>' in page
        assert '<script src="/app/boot.js">' in page       # before it: a refused file loads the page again
        csp = fields["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert "default-src 'none'" in csp and fields["x-content-type-options"] == "nosniff"
        assert "<script>" not in page and "onclick=" not in page and "style=" not in page
        status, fields, _ = await http(port, get("/", if_none_match=fields["etag"]))
        assert status == 304
        status, fields, body = await http(port, get("/app/main.js"))
        assert status == 200 and fields["content-type"].startswith("text/javascript")
        status, fields, body = await http(port, get("/vendor/msgpack/index.mjs"))
        assert status == 200 and fields["content-type"].startswith("text/javascript")
        for path in ("/../net/web.py", "/app/../../net/web.py", "/%2e%2e/pyproject.toml",
                     "/games/README.md", "/nope.js", "/app/", "/.git/config"):
            status, _, _ = await http(port, get(path))
            assert status in (403, 404), path
        status, _, body = await http(port, get("/host.json"))
        assert status == 200 and json.loads(body) == {"name": "Kitchen table"}
        # a page asked for by a name that is not this machine's (DNS rebinding): refused
        status, _, _ = await http(port, get("/", host="evil.example"))
        assert status == 421


def test_catalogs_for_the_browser_carry_every_key_and_the_plural_rule():
    from assets.i18n import keys, pofile

    for lang in ("en", "cs", "it", "ru"):
        data = json.loads(catalog_json(lang))
        assert set(data["messages"]) >= {k for k in keys() if k.startswith("web.")}
        assert data["plural"] == plural_rule(pofile(lang).metadata["Plural-Forms"])[1]
        assert data["names"]["ru"] == "Русский"
    assert plural_rule("nplurals=3; plural=(n==1 ? 0 : n>=2 && n<=4 ? 1 : 2);") == \
        (3, "(n==1 ? 0 : n>=2 && n<=4 ? 1 : 2)")


def test_host_names_a_page_may_use():
    names = {"localhost", "kitchen", "kitchen.local"}
    for ok in ("127.0.0.1:47475", "192.168.1.20:47475", "[::1]:47475", "localhost:1", "Kitchen.local:4"):
        assert is_local_host(ok, names), ok
    for bad in ("evil.example:47475", "", None, "kitchen.evil.example", "127.0.0.1.evil:1"):
        assert not is_local_host(bad, names), bad


def test_the_shipped_files_are_all_served_and_nothing_from_outside():
    """Every script, style and page loads only the host's own files: no import, src, href, url()
    or fetch of another address (a URL in a comment, a namespace, is never loaded)."""
    import re

    assets = load_assets()
    assert "/" in assets and "/app/main.js" in assets and "/vendor/msgpack/index.mjs" in assets
    loads = re.compile(r"""(?:\bfrom[ \t]*["']|\bimport[ \t]*\([ \t]*["']|\bsrc[ \t]*=[ \t]*["']"""
                       r"""|\bhref[ \t]*=[ \t]*["']|url\([ \t]*["']?|fetch\([ \t]*["'`])([^"'`)\s]+)""")
    for path, asset in assets.items():
        if asset.ctype.startswith(("text/", "image/svg")):
            for target in loads.findall(asset.body.decode("utf-8")):
                assert "//" not in target or target.startswith("//"), (path, target)
                assert not target.startswith("//"), (path, target)


def test_web_port_default_and_options(tmp_path):
    from tikal_lan.host_options import parse_args

    args = parse_args(["--headless", "--data-dir", str(tmp_path)])
    assert args.web_port is None and not args.no_web
    args = parse_args(["--headless", "--no-web", "--web-port", "0", "--data-dir", str(tmp_path)])
    assert args.no_web and args.web_port == 0


@run
async def test_tcp_edge_unchanged_by_the_web_server():
    async with web_host() as (host, web):
        reader, writer = await asyncio.open_connection(*host.address)
        writer.write(encode({"t": "hello", "proto": 1, "name": "Ana"}))
        await writer.drain()
        head = await reader.readexactly(4)
        body = await reader.readexactly(int.from_bytes(head, "big"))
        assert msgpack.unpackb(body, raw=False)["t"] == "welcome"
        writer.close()
        status, _, _ = await http(web.address[1], b"BREW / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        assert status == 405


# --- the download page knows its visitor ---------------------------------------------------------------
UAS = {
    "windows": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",  # noqa: E501
    "macos": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",  # noqa: E501
    "linux": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",  # noqa: E501
    "android": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",  # noqa: E501
    "ios": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",  # noqa: E501
}
APPS = {"windows": "tikal-lan-0.1.0-windows-x86_64.zip", "macos": "tikal-lan-0.1.0-macos-arm64.zip",
        "linux": "tikal-lan-0.1.0-linux-x86_64-glibc2.35.tar.gz"}


@run
async def test_download_page_knows_its_visitor_and_resumes_downloads(tmp_path):
    from net.share import visitor_system

    for system, ua in UAS.items():
        assert visitor_system(ua) == system
    d = tmp_path / "dist"
    d.mkdir()
    for name in APPS.values():
        (d / name).write_bytes(bytes(range(256)) * 40)
    (d / "tikal_lan-0.1.0-py3-none-any.whl").write_bytes(b"wheel")
    async with live_host(name="Kitchen table") as host:
        web = WebServer(host.links, d, game_port=host.address[1], host_name="Kitchen table")
        await web.start("127.0.0.1", 0)
        port = web.address[1]
        try:
            for system, ua in UAS.items():
                status, fields, body = await http(port, get("/download", user_agent=ua))
                page = body.decode()
                assert status == 200 and "script-src" not in fields["content-security-policy"]
                assert "<script" not in page
                yours = page.split('<p id="yours">')[1].split("</p>")[0]
                if system in APPS:
                    assert f"For your {dict(windows='Windows', macos='macOS', linux='Linux')[system]}:" in yours
                    assert APPS[system] in yours and all(a not in yours for s, a in APPS.items() if s != system)
                else:                                 # a phone: no app, the page that plays
                    assert "No app for your system here: play in the browser." in yours
                    assert '<a href="/">Play in this browser</a>' in yours
                assert "pipx ensurepath" in page
                assert ("brew install pipx" in page) == (system not in ("windows", "linux"))
            status, fields, body = await http(port, get("/download", user_agent=UAS["ios"],
                                                        accept_language="ru"))
            assert "Приложения для вашей системы здесь нет" in body.decode()
            name = APPS["linux"]
            whole = (d / name).read_bytes()
            status, fields, body = await http(port, get("/" + name))
            assert status == 200 and body == whole and fields["accept-ranges"] == "bytes"
            status, fields, body = await http(port, get("/" + name, range="bytes=1000-"))
            assert status == 206 and body == whole[1000:]
            assert fields["content-range"] == f"bytes 1000-{len(whole) - 1}/{len(whole)}"
            status, fields, body = await http(port, get("/" + name, range="bytes=10-19"))
            assert (status, body) == (206, whole[10:20])
            status, fields, body = await http(port, get("/" + name, range="bytes=-5"))
            assert (status, body) == (206, whole[-5:])
            status, fields, _ = await http(port, get("/" + name, range=f"bytes={len(whole)}-"))
            assert status == 416 and fields["content-range"] == f"bytes */{len(whole)}"
            status, _, body = await http(port, get("/" + name, range="bytes=0-1,5-6"))
            assert (status, body) == (200, whole)        # several ranges: the whole file
        finally:
            await web.stop()


@pytest.mark.slow
def test_outside_check_web_join_against_run_host(tmp_path):
    """tools/web_join.py (the outside check ``web join``) against a real ``run_host.py --headless``:
    the page, hello -> welcome and tables over /ws with the page's Origin, a foreign Origin
    refused."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    p = subprocess.Popen([sys.executable, str(root / "run_host.py"), "--headless", "--no-announce",
                          "--bind", "127.0.0.1", "--port", "0", "--web-port", "0",
                          "--data-dir", str(tmp_path / "saves"), "--log-file", ""],
                         cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = p.stdout.readline()
        assert "listening on 127.0.0.1:" in first, first + p.stderr.read()
        game_port = int(first.split("127.0.0.1:")[1].split()[0].rstrip(";"))
        line = p.stdout.readline()
        assert line.startswith("web page on 127.0.0.1:"), line
        web_port = int(line.split("127.0.0.1:")[1].split()[0].rstrip(","))
        r = subprocess.run([sys.executable, str(root / "tools" / "web_join.py"), f"127.0.0.1:{game_port}",
                            "--web-port", str(web_port)], capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stdout + r.stderr
        assert "welcome, tables" in r.stdout and "foreign Origin: refused (403)" in r.stdout
        assert r.stdout.strip().endswith("web join: ok")
    finally:
        p.terminate()
        _, err = p.communicate(timeout=HANG)
    assert "Traceback" not in err, err[-3000:]


@run
async def test_ws_many_addresses_meet_the_hosts_total_cap():
    """Connections from many addresses (127.0.0.2, .3, ...) fill the host's total cap, WebSocket and
    TCP together: one more is let in only to knock (a hello without a seat token: busy)."""
    async with web_host(max_conns=3) as (host, web):
        socks = []
        for i in range(3):
            ws = await ws_connect(web.ws, origin=web.origin, local_addr=(f"127.0.0.{i + 2}", 0))
            await ws.send(pack({"t": "hello", "proto": 1, "name": f"A{i}"}))
            assert (await recv(ws))["t"] == "welcome"
            socks.append(ws)
        assert sorted(c.addr for c in host.conns.values()) == ["127.0.0.2", "127.0.0.3", "127.0.0.4"]
        reader, writer = await asyncio.open_connection(*host.address, local_addr=("127.0.0.5", 0))
        writer.write(encode({"t": "hello", "proto": 1, "name": "Late"}))
        data = await asyncio.wait_for(reader.read(), HANG)
        assert msgpack.unpackb(data[4:], raw=False)["code"] == "busy"
        writer.close()
        late = await ws_connect(web.ws, origin=web.origin, local_addr=("127.0.0.6", 0))
        await late.send(pack({"t": "hello", "proto": 1, "name": "Later"}))
        msg = await recv(late)
        assert msg["code"] == "busy"
        for ws in socks:
            await ws.close()


@run
async def test_ws_unfinished_messages_count_in_the_hosts_bound():
    """Bytes of a WebSocket message still coming count in the host's bound on unfinished messages
    (``max_held``, with the TCP connections'): past it, the connection holding most is closed
    (``busy``)."""
    from websockets.frames import Frame, Opcode

    async with web_host(max_held=64 << 10) as (host, web):
        ws = await ws_connect(web.ws, origin=web.origin)
        await ws.send(pack({"t": "hello", "proto": 1, "name": "Slow"}))
        assert (await recv(ws))["t"] == "welcome"
        await recv(ws, "tables")
        frame = Frame(Opcode.BINARY, pack({"t": "chat", "text": "x" * 200_000})).serialize(mask=True)
        ws.transport.write(frame[:100_000])          # most of one big message, never its end
        msg = await recv(ws)
        assert msg["code"] == "busy" and "unfinished" in msg["message"]
        with pytest.raises(ConnectionClosed):
            await recv(ws)
        assert host.links.held == 0 and not host.conns
