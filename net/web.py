"""The host serves the game to browsers (docs/protocol.md section 16): on its web port (the game
port + 1 by default; ``run_host.py --web-port``, ``--no-web``) a page at ``/`` that plays, its
files (``assets/web/``, shipped in the package: no CDN, nothing from outside), the catalogs of
``assets/i18n`` as JSON, the download page at ``/download`` (with ``--share DIR``: DIR's files),
and the protocol itself over a WebSocket at ``/ws``.

The WebSocket is a second edge beside net/links.py's TCP one, feeding the same ``Links`` (so the
same admission, per-address caps counted together, rate, hello gate, timeouts and writes) and the
same host callbacks: one binary WebSocket message carries exactly one protocol message (one
msgpack map, no length prefix). The WebSocket framing, the handshake and its ``Origin`` check are
the ``websockets`` library's (its Sans-I/O ``ServerProtocol``), run on the HTTP connections of
net/share.py's server, which already bounds request heads (8 KiB within 5 s), connections (64; 8
per address until a connection becomes a WebSocket, then the host's caps count it) and slow
readers.

- The handshake is refused (403) for an ``Origin`` other than the page's own (``http://`` + the
  request's ``Host``) and for a ``Host`` that is a name other than this machine's (a foreign
  page that rebinds its DNS name to the host's address). A client without ``Origin`` (not a
  browser: a script, the outside checks) is let in.
- A message that is not binary, or whose body is not one msgpack map with a string ``t``, is
  answered ``error`` ``frame`` and the WebSocket closed; a message over 1 MiB too (the error goes
  out just before the close frame, code 1009); a message in more than MAX_FRAGMENTS fragments
  too. Each fragment but the last, and each WebSocket ping and pong, takes a token of the
  connection's rate bucket: a frame costs the host a small, fixed work, however many came before.
- Every answer carries a ``Content-Security-Policy`` with no inline script (``script-src
  'self'``), ``X-Content-Type-Options: nosniff`` and no caching of the page (files revalidate with
  an ETag). The page carries no secret: it learns everything over ``/ws`` as a window does.
"""
from __future__ import annotations

import asyncio
import gzip
import hashlib
import ipaddress
import json
import logging
import posixpath
import re
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import msgpack
from websockets.exceptions import PayloadTooBig
from websockets.frames import Frame, Opcode
from websockets.http11 import Request as WsRequest
from websockets.server import ServerProtocol

from assets.i18n import LANGUAGES, REFERENCE, pofile

from .httpd import Reply, Request
from .links import LINGER, Conn, cut, limit_repeated_lines, shut_write
from .messages import error
from .protocol import HEADER_SIZE, MAX_FRAME
from .share import ShareServer, page_language

if TYPE_CHECKING:
    from .links import Links

log = logging.getLogger("tikal.web")
# the library's own lines ("connection open", "connection closed") say nothing the host's don't
logging.getLogger("tikal.web.ws").setLevel(logging.WARNING)

#: The browser client's files (package data of ``assets``).
WEB_ROOT = Path(__file__).resolve().parent.parent / "assets" / "web"
#: Where the WebSocket is.
WS_PATH = "/ws"
#: The pages at the top, by path.
PAGES = {"/": "index.html", "/index.html": "index.html", "/tv": "index.html"}   # /tv: TV mode
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".svg": "image/svg+xml", ".png": "image/png", ".json": "application/json",
         ".woff2": "font/woff2", ".ttf": "font/ttf", ".txt": "text/plain; charset=utf-8",
         ".md": "text/plain; charset=utf-8", ".webmanifest": "application/manifest+json"}
#: No inline script, nothing from elsewhere; the WebSocket to this same origin only.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; "
       "form-action 'none'; frame-ancestors 'none'")
SECURITY = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
            "Cross-Origin-Opener-Policy": "same-origin"}
READ = 64 * 1024
#: Fragments one WebSocket message may come in (a browser sends each message whole, in one frame):
#: past it, ``error frame`` and closed.
MAX_FRAGMENTS = 128


@dataclass(frozen=True)
class Asset:
    body: bytes
    gz: bytes
    ctype: str
    etag: str


def load_assets(root: Path = WEB_ROOT) -> dict[str, Asset]:
    """Every file under ``root`` by its URL path (``/app/main.js``), read once with its gzip and
    ETag: only these paths are ever served (nothing is looked up on disk from a request). Files
    the browser never loads (``*.md``, ``*.d.ts``, ``*.map``) and dotfiles are left out."""
    out = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if (not path.is_file() or any(p.startswith(".") for p in rel.split("/"))
                or path.suffix not in TYPES or path.suffix == ".md" or rel.endswith(".d.ts")):
            continue
        body = path.read_bytes()
        out["/" + rel] = Asset(body, gzip.compress(body, 9, mtime=0), TYPES[path.suffix],
                               '"' + hashlib.sha256(body).hexdigest()[:20] + '"')
    for url, name in PAGES.items():
        if "/" + name in out:
            out[url] = out["/" + name]
    announce_modules(out)
    return out


#: A static import or re-export of an ES module: ``import ... from "x"``, ``import "x"``,
#: ``export ... from "x"`` (a dynamic ``import(...)`` is not one: it loads when the code asks).
_IMPORT = re.compile(r"""(?:^|[;\n}])\s*(?:import|export)\s(?:[^;"'`]*?\sfrom\s*)?["']([^"']+)["']""")


def module_graph(assets: dict[str, Asset], entry: str) -> list[str]:
    """Every module ``entry`` (a URL path) imports statically, directly or not, that is served:
    what a page can announce (``<link rel="modulepreload">``) so that the browser fetches them all
    at once instead of one level of imports after another. In the order first met, ``entry``
    first."""
    seen: dict[str, None] = {}
    todo = [entry]
    while todo:
        url = todo.pop(0)
        if url in seen or url not in assets:
            continue
        seen[url] = None
        base = url.rsplit("/", 1)[0] + "/"
        for spec in _IMPORT.findall(assets[url].body.decode("utf-8", "replace")):
            if spec.startswith(("./", "../", "/")):
                todo.append(posixpath.normpath(posixpath.join(base, spec)))
    return list(seen)


def announce_modules(assets: dict[str, Asset]) -> None:
    """The page (index.html) with its module graph announced: a ``<link rel="modulepreload">``
    for each module of the shell (app/main.js's), and for each game with a table module a
    ``<meta name="tikal-modules" data-for="<game>">`` listing that module's files and style sheets
    (the shell adds their links when a table of that game opens: app/play.js), so imports never
    load in waves.
    Generated here from the files served, so the list is never out of date."""
    page = assets.get("/index.html")
    if page is None:
        return
    html_text = page.body.decode("utf-8")
    links = "".join(f'<link rel="modulepreload" href="{u}">\n' for u in module_graph(assets, "/app/main.js")[1:])
    for url in sorted(assets):
        m = re.fullmatch(r"/games/([a-z0-9_]+)/index\.js", url)
        if m:
            files = " ".join(module_graph(assets, url))
            styles = " ".join(u for u in sorted(assets) if u.startswith(f"/games/{m.group(1)}/") and u.endswith(".css"))
            links += (f'<meta name="tikal-modules" data-for="{m.group(1)}" content="{files}" '
                      f'data-styles="{styles}">\n')
    m = re.search(r'<script type="module"[^>]*></script>\n?', html_text)
    if m is None:
        return
    html_text = html_text[:m.end()] + links + html_text[m.end():]     # the entry first, then its graph
    body = html_text.encode("utf-8")
    asset = Asset(body, gzip.compress(body, 9, mtime=0), page.ctype,
                  '"' + hashlib.sha256(body).hexdigest()[:20] + '"')
    for url, a in list(assets.items()):
        if a is page:
            assets[url] = asset


def plural_rule(po_header: str) -> tuple[int, str]:
    """(nplurals, the C expression of ``plural=``) of a catalog's ``Plural-Forms``."""
    m = re.search(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?);?\s*$", po_header)
    if not m:
        return 2, "n != 1"
    return int(m.group(1)), m.group(2).strip().rstrip(";")


def catalog_json(lang: str) -> bytes:
    """A language's catalog for the browser: ``{"lang", "nplurals", "plural" (the catalog's own
    C expression, evaluated by the page's small parser, never ``eval``), "messages": {msgid:
    text or [forms]}}`` with English behind every entry the language lacks."""
    messages: dict[str, Any] = {}
    for code in dict.fromkeys((REFERENCE, lang)):
        for e in pofile(code):
            if not e.msgid or e.obsolete or "fuzzy" in e.flags:
                continue
            if e.msgid_plural:
                forms = [e.msgstr_plural[i] for i in sorted(e.msgstr_plural)]
                if all(forms):
                    messages[e.msgid] = forms
            elif e.msgstr:
                messages[e.msgid] = e.msgstr
    nplurals, rule = plural_rule(pofile(lang).metadata.get("Plural-Forms", ""))
    return json.dumps({"lang": lang, "nplurals": nplurals, "plural": rule,
                       "names": {c: _language_name(c) for c in LANGUAGES},
                       "messages": messages}, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")


def _language_name(code: str) -> str:
    return next((e.msgstr or e.msgid for e in pofile(code) if e.msgid == "language.name"), code)


@lru_cache(maxsize=16)
def qr_svg(url: str) -> bytes:
    """The QR code of ``url`` as an SVG (segno; error correction M, the standard quiet zone)."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(url, error="m", micro=False).save(out, kind="svg", scale=10, border=4, dark="#000",
                                                  light="#fff", xmldecl=False)
    return out.getvalue()


def local_names() -> set[str]:
    """The names a browser may call this machine by (besides its addresses): a page reached by
    another name is a foreign page that rebound its DNS name to us."""
    names = {"localhost"}
    try:
        host = socket.gethostname().lower()
    except OSError:   # pragma: no cover
        host = ""
    if host:
        names |= {host, host.split(".")[0], host.split(".")[0] + ".local", host + ".local"}
    return names


#: A ``Host`` header as browsers send it: a name or an IPv4 address, or an IPv6 one in brackets,
#: and an optional port (nothing else: no user part, no path, no second port).
_HOST = re.compile(r"(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::[0-9]{1,5})?")


def host_of(value: str | None) -> str | None:
    """The host name or address of a ``Host`` header (no port, no brackets), lower case; None
    when it is not a well-formed one."""
    if not value:
        return None
    m = _HOST.fullmatch(value.strip().lower())
    return (m.group(1) or m.group(2)) if m else None


def is_local_host(value: str | None, names: set[str]) -> bool:
    """``Host`` names this machine: an IP address, or one of its own names."""
    h = host_of(value)
    if not h:
        return False
    try:
        ipaddress.ip_address(h)
        return True
    except ValueError:
        return h.rstrip(".") in names


class WsTransport:
    """A WebSocket connection seen as the asyncio transport ``Links`` writes to: what it writes
    is the TCP edge's frames (4-byte length + body), each of which goes out as one binary
    WebSocket message; the rest is the TCP transport underneath."""

    def __init__(self, transport: asyncio.Transport, proto: ServerProtocol):
        self.transport = transport
        self.proto = proto

    def write(self, data: bytes) -> None:
        view, at = memoryview(data), 0
        while at + HEADER_SIZE <= len(view):
            size = int.from_bytes(view[at:at + HEADER_SIZE], "big")
            body = view[at + HEADER_SIZE:at + HEADER_SIZE + size]
            at += HEADER_SIZE + size
            if self.proto.state.name != "OPEN":
                return
            self.proto.send_binary(bytes(body))
        self.flush()

    def flush(self) -> None:
        for chunk in self.proto.data_to_send():
            if chunk:
                self.transport.write(chunk)
            elif self.transport.can_write_eof() and not self.transport.is_closing():
                try:
                    self.transport.write_eof()
                except OSError:      # the peer is gone already
                    self.transport.abort()

    def is_closing(self) -> bool:
        return self.transport.is_closing() or self.proto.state.name in ("CLOSING", "CLOSED")

    def can_write_eof(self) -> bool:
        return False     # closing is the WebSocket's close frame (then the TCP close)

    def write_eof(self) -> None:   # pragma: no cover - never called (can_write_eof is False)
        self.close()

    def close(self) -> None:
        """The close frame after what is written, then our half of the TCP connection (EOF):
        what the peer still sends meanwhile is read and dropped (``WebServer._linger``), so that
        our last message reaches it instead of being lost to the reset a socket closed with bytes
        unread makes. A peer that does not read them is cut after LINGER seconds (asyncio's close
        waits for the unsent bytes forever, and the connection, no longer the host's, would hold
        its socket and its bytes for good)."""
        if self.proto.state.name == "OPEN":
            self.proto.send_close(1000)
        self.flush()
        tr = self.transport
        if tr.is_closing():
            return
        try:
            shut_write(tr)           # (a TCP transport can write EOF)
        except OSError:              # the peer is gone already
            tr.abort()
            return
        asyncio.get_running_loop().call_later(LINGER, cut, tr)

    def abort(self) -> None:
        cut(self.transport)

    def get_write_buffer_size(self) -> int:
        return self.transport.get_write_buffer_size()

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self.transport.get_extra_info(name, default)


class GatedProtocol(ServerProtocol):
    """The library's WebSocket protocol, gated by the connection's rate bucket (``gate()``): each
    ping and pong (the library answers a ping with a pong) and each fragment of a message but its
    last (the whole message takes its own token at the session's gate) takes a token. Past it, that
    frame and every later one are dropped unseen and ``over_rate`` says so (the connection is closed
    for it). A message in more than MAX_FRAGMENTS fragments sets ``fragmented`` and is dropped the
    same way. So a frame costs the host the same small, fixed work however many came before it."""

    gate: Callable[[], bool] | None = None
    over_rate = False
    fragmented = False
    fragments = 0          # frames of the message coming so far

    def recv_frame(self, frame: Frame) -> None:
        if self.over_rate or self.fragmented:
            return
        op = frame.opcode
        if op in (Opcode.BINARY, Opcode.TEXT, Opcode.CONT):
            self.fragments += 1
            if self.fragments > MAX_FRAGMENTS:
                self.fragmented = True
                return
            counted = not frame.fin
            if frame.fin:
                self.fragments = 0
        else:
            counted = op in (Opcode.PING, Opcode.PONG)
        if counted and self.gate is not None and not self.gate():
            self.over_rate = True
            return
        super().recv_frame(frame)


@dataclass(eq=False)
class WsConn(Conn):
    """A host connection on the WebSocket edge: each of its messages arrives whole."""
    proto: Any = None              # its websockets ServerProtocol
    #: the fragments of a message still coming (in order, appended in place), their bytes, and
    #: whether a message is coming at all
    parts: list = field(default_factory=list)
    part_bytes: int = 0
    in_message: bool = False

    def receive(self, data: bytes, now: float):
        return self.receive_body(data, now)

    def control(self, now: float) -> bool:
        """A WebSocket control frame (ping, pong) or a fragment takes a token of the connection's
        rate bucket, as a message does (the library answers each ping: a flood of them costs the
        host as much as one of messages); False when the bucket is empty."""
        lim = self.limits
        self.tokens = min(lim.burst, self.tokens + (now - self.last_refill) * lim.rate)
        self.last_refill = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    @property
    def held(self) -> int:
        """Bytes of a message still coming (the library's buffer and our fragments)."""
        buffered = len(self.proto.reader.buffer) if self.proto is not None else 0
        return buffered + self.part_bytes


class WebServer(ShareServer):
    """The web port: the page and its files, ``/ws`` into the host's ``links``, the download page
    at ``/download`` (``directory``: the files to offer, or None). Its routes, in the table of
    net/httpd.py's server: ``/ws``, the page's own paths, then the page's files, then the download
    page's (the folder's files, tonight's replays); before any of them, the request's host must be
    this machine's (421)."""

    def __init__(self, links: Links, directory: Path | str | None = None, *, game_port: int,
                 join: list[str] | None = None, host_name: str = "", lan: Sequence[str] | None = None):
        super().__init__(directory, game_port=game_port, join=join, host_name=host_name,
                         page_path="/download", plays_here=True, lan=lan)
        self.links = links
        self.assets = load_assets()
        self.names = local_names()
        self._catalogs: dict[str, Asset] = {}
        limit_repeated_lines("tikal.web", "tikal.share")    # a flood of refusals: a few lines
        self.refusal_fields = SECURITY
        self.guard(self._known_host)
        self.route(WS_PATH, self._websocket)
        self.route("/qr.svg", self._qr)
        self.route("/host.json", self._host_json)
        self.fallbacks.insert(0, self._asset)      # before the download page's files

    async def start(self, bind: str = "", port: int = 0) -> tuple[str, int]:
        address = await super().start(bind, port)
        log.info("web page on %s:%s", *address)
        return address

    # --- routes -----------------------------------------------------------------------------------
    async def _known_host(self, req: Request):
        """Every path but ``/ws`` (whose handshake says 403 itself) answers only to a request
        naming this machine: a foreign page that rebinds its DNS name to us reads nothing."""
        if req.path == WS_PATH:
            return None
        if host_of(req.host) is None:
            return 400, b"a bad Host\n", SECURITY       # not a host name (RFC 9112 3.2: 400)
        if self.origins(req) is None:
            return 421, b"this host is not known by that name\n", SECURITY
        return None

    async def _qr(self, req: Request, reply: Reply):
        """The page's LAN address (the one the host's window shows), as a QR code."""
        url = self.page_url(req.host)
        if url is None:
            return await reply.send(404, b"this host has no address on the local network\n",
                                    extra={**SECURITY, "Cache-Control": "no-store"})
        await reply.send(200, qr_svg(url), ctype=TYPES[".svg"], extra={**SECURITY, "Cache-Control": "no-store"})

    async def _host_json(self, req: Request, reply: Reply):
        body = json.dumps({"name": self.host_name}).encode("utf-8")
        await reply.send(200, body, ctype=TYPES[".json"], extra=SECURITY)

    async def _asset(self, req: Request, reply: Reply):
        """A file of the page (read once at start) or a language's catalog; False: not one."""
        asset = self.assets.get(req.path)
        m = re.fullmatch(r"/i18n/([a-z]{2})\.json", req.path)
        if asset is None and m and m.group(1) in LANGUAGES:
            asset = self._catalog(m.group(1))
        if asset is None:
            return False
        extra = {**SECURITY, "ETag": asset.etag, "Cache-Control": "no-cache",
                 "Vary": "Accept-Encoding"}
        inm = req.header("if-none-match")
        if inm is not None and any(t.strip().removeprefix("W/") in (asset.etag, "*")
                                   for t in inm.split(",")):
            return await reply.send(304, b"", ctype=asset.ctype, extra=extra)
        if req.path in PAGES:
            # what the page asks for as soon as it runs, announced with it (fetched beside its
            # modules, not after them): the catalog of the browser's language, the host's name
            lang = page_language(req.header("accept-language"))
            extra["Link"] = (f"</i18n/{lang}.json>; rel=preload; as=fetch; crossorigin, "
                             "</host.json>; rel=preload; as=fetch; crossorigin")
            extra["Vary"] = "Accept-Encoding, Accept-Language"
        body = asset.body
        if "gzip" in (req.header("accept-encoding") or ""):
            body, extra["Content-Encoding"] = asset.gz, "gzip"
        await reply.send(200, body, ctype=asset.ctype, extra=extra)

    def page_url(self, host: str | None) -> str | None:
        """The page's address for phones: the LAN address the browser used when it is one of the
        host's (``urls``), else the host's first (the one its window shows), whatever name the
        browser used (``localhost``, the machine's name); None when the host has no LAN address."""
        used = host_of(host)
        for url in self.urls:
            if host_of(url.split("//", 1)[-1].split("/", 1)[0]) == used:
                return url
        return self.urls[0] if self.urls else None

    def _catalog(self, lang: str) -> Asset:
        if lang not in self._catalogs:
            body = catalog_json(lang)
            self._catalogs[lang] = Asset(body, gzip.compress(body, 9, mtime=0), TYPES[".json"],
                                         '"' + hashlib.sha256(body).hexdigest()[:20] + '"')
        return self._catalogs[lang]

    # --- the WebSocket ------------------------------------------------------------------------------
    def origins(self, req: Request) -> list[str | None] | None:
        """The Origins let in for this request: the page's own (``http://`` + its host), or a
        client without one; None when the host is not this machine's (nothing is let in), or
        the request has more than one ``Host``."""
        if req.count("host") > 1 or not is_local_host(req.host, self.names):
            return None
        assert req.host is not None
        return [f"http://{req.host}", None]

    async def _websocket(self, req: Request, reply: Reply):
        """The handshake (the library's: its checks, the Origin's), then the connection is the
        host's: a WebSocket connection of ``links``, read here until it closes."""
        allowed = self.origins(req)
        origins = cast(list, allowed or ["-"])
        proto = GatedProtocol(origins=origins, max_size=MAX_FRAME,
                              logger=logging.getLogger("tikal.web.ws"))
        proto.receive_data(req.head())         # the library parses the handshake itself
        request = next((e for e in proto.events_received() if isinstance(e, WsRequest)), None)
        if request is None:
            return await reply.send(400, b"bad request\n", extra=SECURITY, close=True)
        response = proto.accept(request)
        if response.status_code != 101:
            self.links.count("origin" if response.status_code == 403 else "handshake")
            log.info("web: WebSocket refused (%s) from %s, Origin %r, Host %r",
                     response.status_code, req.peer, req.header("origin"), req.header("host"))
            skip = ("content-length", "content-type", "date", "server", "connection")
            extra = {**SECURITY, **{k: v for k, v in response.headers.raw_items() if k.lower() not in skip}}
            return await reply.send(response.status_code, bytes(response.body), extra=extra, close=True)
        for key, value in SECURITY.items():
            response.headers[key] = value
        rest = reply.take_over()
        proto.send_response(response)
        edge = WsTransport(reply.writer.transport, proto)   # type: ignore[arg-type]
        edge.flush()
        self.release()          # the host's from now on: its caps count it, not the web server's
        conn = self.links.opened(edge, WsConn)
        assert isinstance(conn, WsConn)
        conn.proto = proto
        loop = asyncio.get_running_loop()
        proto.gate = lambda: conn.control(loop.time())
        try:
            if not rest or self._feed(conn, edge, rest):
                await self._read(reply.reader, conn, edge)
        finally:
            self.links.drop(conn)
        await self._linger(reply.reader)

    @staticmethod
    async def _linger(reader: asyncio.StreamReader) -> None:
        """What a closed WebSocket's peer still sends is read and dropped until it closes too, for
        LINGER seconds at most (then the connection is cut)."""
        try:
            async with asyncio.timeout(LINGER):
                while await reader.read(READ):
                    pass
        except (TimeoutError, ConnectionError):
            pass

    async def _read(self, reader: asyncio.StreamReader, conn: WsConn, edge: WsTransport):
        while not edge.is_closing() and conn.id in self.links.conns:
            data = await reader.read(READ)
            if not data:
                conn.proto.receive_eof()
                edge.flush()
                return
            if not self._feed(conn, edge, data):
                return

    def _feed(self, conn: WsConn, edge: WsTransport, data: bytes) -> bool:
        """Bytes of the WebSocket through the library and each whole message to the host; False
        once the connection is closed."""
        proto, links = conn.proto, self.links
        proto.receive_data(data)
        if isinstance(proto.parser_exc, PayloadTooBig):
            self._too_big(conn, edge)
            return False
        for event in proto.events_received():
            if conn.id not in links.conns:
                break
            if not isinstance(event, Frame):
                continue
            body = self._message(conn, event)
            if body is not None:
                links.received(conn, body)
        if proto.over_rate and conn.id in links.conns:
            self._over_rate(conn)
            return False
        if proto.fragmented and conn.id in links.conns:
            self._fragmented(conn)
            return False
        edge.flush()
        unsent = edge.get_write_buffer_size()
        if conn.id in links.conns and unsent > links.config.max_unsent:
            self._too_slow(conn, edge, unsent)
            return False
        if conn.id in links.conns:
            links.holding(conn)
            return True
        return False

    def _message(self, conn: WsConn, frame: Frame) -> bytes | None:
        """A whole message's body once its last fragment is in; a text message is no frame of
        ours: ``error frame`` and closed."""
        op = frame.opcode
        if op is Opcode.TEXT or (op is Opcode.CONT and not conn.in_message):
            conn.parts, conn.part_bytes, conn.in_message = [], 0, False
            self.links.count("frame")
            self.links.send(conn, error("frame", "a message is one binary WebSocket message "
                                                 "holding one msgpack map"))
            self.links.close(conn)
            self.links.drop(conn)
            return None
        if op is Opcode.BINARY or op is Opcode.CONT:
            if frame.fin and not conn.in_message:       # the usual: a message in one frame
                return bytes(frame.data)
            conn.in_message = True
            conn.parts.append(frame.data)                # in place: never a copy of the list
            conn.part_bytes += len(frame.data)
            if not frame.fin:
                return None
            body = b"".join(conn.parts)
            conn.parts, conn.part_bytes, conn.in_message = [], 0, False
            return body
        return None       # ping, pong, close: the library answers them

    def _fragmented(self, conn: WsConn):
        """A message in more fragments than any client sends: ``error frame``, closed."""
        self.links.count("frame")
        log.warning("web: connection %s (%s) sends a message in over %d fragments: closed",
                    conn.id, conn.peer, MAX_FRAGMENTS)
        self.links.send(conn, error("frame", f"a message in over {MAX_FRAGMENTS} fragments"))
        self.links.close(conn)
        self.links.drop(conn)

    def _over_rate(self, conn: WsConn):
        """WebSocket pings (or pongs) or fragments over the connection's rate: no browser sends
        them (a page cannot: it sends each message whole), so this is no guest: told why and
        closed."""
        self.links.count("rate")
        log.warning("web: connection %s (%s) sends WebSocket pings or fragments over %g a second: "
                    "closed", conn.id, conn.peer, self.links.config.rate)
        self.links.send(conn, error("rate", f"over {self.links.config.rate:g} messages per second "
                                            "(WebSocket pings count too, and fragments): closed"))
        self.links.close(conn)
        self.links.drop(conn)

    def _too_slow(self, conn: WsConn, edge: WsTransport, unsent: int):
        """What the host wrote (the library's answers to pings too) is not read: the connection
        is cut (as Links does for its own writes)."""
        self.links.count("slow")
        log.warning("web: connection %s (%s) does not read what the host sends (%d bytes "
                    "waiting): cut", conn.id, conn.peer, unsent)
        conn.closing = True
        self.links.drop(conn)
        edge.abort()     # (a reset: what waits is never read)

    def _too_big(self, conn: WsConn, edge: WsTransport):
        """A message over 1 MiB: the library closes with 1009; our ``error frame`` goes first."""
        self.links.count("frame")
        body = msgpack.packb(error("frame", f"a message over {MAX_FRAME} bytes"),
                             use_bin_type=True)
        edge.transport.write(Frame(Opcode.BINARY, body).serialize(mask=False))
        edge.flush()
        conn.closing = True
        self.links.drop(conn)
        edge.close()


__all__ = ["WebServer", "WsConn", "WsTransport", "catalog_json", "is_local_host", "load_assets",
           "plural_rule"]
