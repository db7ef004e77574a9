"""The web port's HTTP/1.1 server (docs/protocol.md sections 13 and 16): persistent connections,
a table of routes, and the admission rules that keep one peer from starving the others.

The protocol itself is h11's (a Sans-I/O HTTP/1.1 library: the request line and headers parsed
and bounded, keep-alive and pipelining decided per RFC 9112, the framing of what is sent); this
module runs it on asyncio's streams and adds what a party's host needs around it:

- **admission**: at most MAX_CONNECTIONS connections in all and MAX_PER_ADDRESS from one address.
  A newcomer past either limit takes the place of the connection that has been idle longest (a
  kept-alive one between requests: a browser sends a request again that met a reused connection's
  close; or one whose first request head has not come within FRESH of its opening: a browser does
  not try a fresh connection's request again, so several pages loading at once from one address
  never cut each other's new connections); when every one of them is answering a request, it waits up to
  QUEUE_WAIT for a place (as many as an address's share wait, per address), then is told
  ``503`` with ``Retry-After``/``Refresh``;
- **time**: a request head within HEAD_TIMEOUT of its first byte (of the connection's opening
  for its first request; else ``408``), a kept-alive connection idle for KEEP_ALIVE is closed, an
  answer whose reader leaves it unread for WRITE_TIMEOUT is given up;
- **routes**: ``route(path, handler)`` for one path, ``fallback(handler)`` for what no path names
  (tried in order; a handler returns False when the path is not its own); GET and HEAD only
  (``405``); a request target in origin form or, per RFC 9112 section 3.2.2, absolute form
  (``GET http://host/path``: its authority is the request's host); a request without ``Host``
  is ``400`` (h11's own check, as are a second ``Host``, a bad line or a head over MAX_HEAD);
  ``guard(fn)``: a check every request passes before its route (net/web.py: this machine's
  names only);
- **downloads apart**: a handler that streams a large file asks ``reply.download()``: the
  connection then leaves the page's places (so the page, its files and ``/ws`` always have room)
  for the downloads' own (MAX_DOWNLOADS, MAX_DOWNLOADS_PER_ADDRESS), and its bytes share the
  downloads' bandwidth (DOWNLOAD_RATE bytes a second in all);
- **upgrades**: a handler may take the connection over (``reply.take_over()``: the WebSocket,
  net/web.py), and ``release()`` frees its place (the host's own caps count it from then on).
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from email.utils import formatdate
from typing import Any, TypeVar, cast

import h11

from .links import LINGER, cut, limit_repeated_lines

log = logging.getLogger("tikal.share")
T = TypeVar("T")

MAX_HEAD = 8192          # bytes of request line + headers
HEAD_TIMEOUT = 5.0       # seconds to send them
KEEP_ALIVE = 30.0        # seconds a kept-alive connection may wait idle for its next request
WRITE_TIMEOUT = 30.0     # seconds a reader may leave a chunk unread
MAX_CONNECTIONS = 64     # in all ...
MAX_PER_ADDRESS = 8      # ... and from one address (a browser opens up to 6 to one host)
#: Seconds a connection beyond those places waits for one before it is told "busy", when every
#: place is answering a request (several browsers behind one address load their pages at once).
QUEUE_WAIT = 5.0
#: Seconds a new connection keeps its place before its first request head has come (a browser
#: opens it for a request it sends at once; one that says nothing meanwhile may be made way for).
FRESH = 1.0
#: Seconds a browser told "busy" waits before it asks again by itself (the page: Refresh).
BUSY_RETRY = 2
#: Downloads of large files (``--share``'s): their own places, in all and per address ...
MAX_DOWNLOADS = 32
MAX_DOWNLOADS_PER_ADDRESS = 4
#: ... and their own bandwidth, all of them together (bytes a second): the game's and the page's
#: bytes never queue behind a night's worth of app archives on the party's Wi-Fi.
DOWNLOAD_RATE = 8 << 20
READ = 64 * 1024
REASONS = {101: "Switching Protocols", 200: "OK", 206: "Partial Content", 304: "Not Modified",
           400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
           408: "Request Timeout", 416: "Range Not Satisfiable", 421: "Misdirected Request",
           431: "Request Header Fields Too Large", 503: "Service Unavailable"}


def close_soon(transport: asyncio.BaseTransport) -> None:
    """Close ``transport`` after what is written to it, or cut it (a reset) LINGER seconds from
    now if its peer has not taken that much by then: asyncio's close waits for unsent bytes
    forever, and a peer that never reads would keep the socket, the bytes and (for a WebSocket)
    its reading task for good, while no limit counts it any more."""
    transport.close()
    if isinstance(transport, asyncio.WriteTransport) and transport.get_write_buffer_size():
        asyncio.get_running_loop().call_later(LINGER, cut, transport)


async def _within(aw: Awaitable[T], seconds: float) -> T:
    """``await aw``, TimeoutError after ``seconds`` (asyncio.timeout: unlike wait_for in Python
    3.11 it never swallows a cancellation that comes as ``aw`` completes, so an evicted
    connection's task always stops)."""
    async with asyncio.timeout(seconds):
        return await aw


@dataclass
class Request:
    """One request as a route sees it. ``host``: the request's authority (the target's, for an
    absolute-form target, else the ``Host`` header), lower case; ``path`` without the query."""
    method: str
    target: str
    path: str
    query: str
    host: str | None
    headers: list[tuple[str, str]]
    peer: str
    local: str | None
    #: the headers as they came (their names' case kept: the WebSocket handshake reads them again)
    raw_headers: list[tuple[bytes, bytes]] = field(default_factory=list)

    def head(self) -> bytes:
        """The request head again, as bytes (what a Sans-I/O library that parses it is fed)."""
        return (f"{self.method} {self.target} HTTP/1.1\r\n".encode("latin-1")
                + b"".join(k + b": " + v + b"\r\n" for k, v in self.raw_headers) + b"\r\n")

    def header(self, name: str) -> str | None:
        """The first header ``name`` (lower case), or None."""
        return next((v for k, v in self.headers if k == name), None)

    def count(self, name: str) -> int:
        return sum(1 for k, _ in self.headers if k == name)

    @property
    def head_only(self) -> bool:
        return self.method == "HEAD"


class Budget:
    """A token bucket of bytes a second shared by the downloads: ``take(n)`` waits until ``n``
    may go; the seconds waited are the server's doing, not the reader's (the pace check)."""

    def __init__(self, rate: float):
        self.rate = rate
        self.tokens = rate / 4
        self.last = 0.0

    async def take(self, n: int) -> float:
        loop = asyncio.get_running_loop()
        waited = 0.0
        while True:
            now = loop.time()
            self.tokens = min(self.rate / 4, self.tokens + (now - self.last) * self.rate)
            self.last = now
            if self.tokens >= n or self.tokens >= self.rate / 4:
                self.tokens -= n
                return waited
            pause = (n - self.tokens) / self.rate
            waited += pause
            await asyncio.sleep(pause)


class Place:
    """A connection's place at the server: its peer, whether it answers a request now (never
    evicted then), since when it idles, its reading task and its transport, and whether it was
    made to give its place up."""
    __slots__ = ("peer", "busy", "since", "task", "transport", "evicted", "served", "opened")

    def __init__(self, peer: str, task: asyncio.Task, now: float, transport: asyncio.Transport):
        self.peer, self.task, self.busy, self.since = peer, task, False, now
        self.transport, self.evicted, self.served, self.opened = transport, False, False, now

    def evictable(self, now: float) -> bool:
        """Idle between requests, or opened FRESH ago with no request answered yet."""
        return not self.busy and (self.served or now - self.opened >= FRESH)


class Reply:
    """How a route answers its request: ``send`` (a whole answer), or ``start``, ``write``... and
    ``end`` (a streamed one); ``download()`` before a large file; ``take_over()`` for an upgrade."""

    def __init__(self, server: HttpServer, conn: h11.Connection, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter, request: Request, place: Place):
        self.server, self.conn, self.request, self.place = server, conn, request, place
        self.reader, self.writer = reader, writer
        self.started = self.ended = self.taken = False
        self.close_after = False
        self.waited = 0.0         # seconds a download waited for the downloads' bandwidth
        self.downloading = False

    def _fields(self, status: int, ctype: str | None, length: int | None, extra: dict | None):
        fields = {"Date": formatdate(usegmt=True), "Server": "tikal-lan"}
        if ctype:
            fields["Content-Type"] = ctype
        if length is not None:
            fields["Content-Length"] = str(length)
        fields |= {"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store", **(extra or {})}
        if self.close_after or self.server.stopping:
            fields["Connection"] = "close"
        return [(k.encode("latin-1"), str(v).encode("latin-1")) for k, v in fields.items()]

    def start(self, status: int, length: int, ctype: str | None = "text/plain; charset=utf-8",
              extra: dict | None = None) -> None:
        """The status line and headers of an answer of ``length`` bytes (none follow for a
        HEAD request, nor for 304)."""
        self.started = True
        data = self.conn.send(h11.Response(status_code=status, reason=REASONS.get(status, "").encode(),
                                           headers=self._fields(status, ctype, length, extra)))
        self.writer.write(data or b"")

    async def write(self, chunk: bytes) -> None:
        """A piece of the body, sent before the next (a reader that leaves it WRITE_TIMEOUT unread
        is given up: TimeoutError); a download's pieces share the downloads' bandwidth."""
        if self.downloading:
            self.waited += await self.server.download_budget.take(len(chunk))
        self.writer.write(self.conn.send(h11.Data(data=chunk)) or b"")
        await _within(self.writer.drain(), WRITE_TIMEOUT)

    async def end(self) -> None:
        self.writer.write(self.conn.send(h11.EndOfMessage()) or b"")
        self.ended = True
        await _within(self.writer.drain(), WRITE_TIMEOUT)

    async def send(self, status: int, body: bytes = b"", *, ctype: str | None = "text/plain; charset=utf-8",
                   extra: dict | None = None, close: bool = False) -> None:
        """A whole answer (its body left out for HEAD and 304, its length said all the same)."""
        if close:
            self.close_after = True
        self.start(status, len(body), ctype, extra)
        if body and not self.request.head_only and status != 304:
            self.writer.write(self.conn.send(h11.Data(data=body)) or b"")
        await self.end()

    def download(self) -> bool:
        """This answer is a download: the connection leaves the page's places for the downloads'
        own (False: none is free: answer 503); it closes after the download."""
        if not self.server._admit_download(self.place):
            return False
        self.downloading = True
        self.close_after = True
        return True

    def take_over(self) -> bytes:
        """The connection is the route's from now on (an upgrade): the bytes that came after the
        request head."""
        self.taken = True
        data, _ = self.conn.trailing_data
        return bytes(data)


Handler = Callable[[Request, Reply], Awaitable[Any]]


class HttpServer:
    """An HTTP/1.1 server on asyncio: ``route``, ``fallback``, ``guard``, then ``start``."""

    def __init__(self) -> None:
        self.routes: dict[str, Handler] = {}
        self.fallbacks: list[Handler] = []
        self.guards: list[Callable[[Request], Awaitable[tuple[int, bytes, dict] | None]]] = []
        self.address: tuple[str, int] | None = None
        #: headers every refusal of the server's own carries (net/web.py: its security headers)
        self.refusal_fields: dict[str, str] = {}
        self.stopping = False
        self._server: asyncio.AbstractServer | None = None
        self._conns: dict[asyncio.Task, Place] = {}      # the page's places
        self._downloads: dict[asyncio.Task, Place] = {}  # the downloads'
        self._queued: dict[asyncio.Task, str] = {}       # waiting for a place: its peer
        self._room = asyncio.Event()
        self._taken: set[asyncio.Task] = set()           # connections a route took over
        self.accepted = 0                                 # connections accepted, ever
        self.download_budget = Budget(DOWNLOAD_RATE)
        limit_repeated_lines("tikal.share")

    # --- the table ----------------------------------------------------------------------------------
    def route(self, path: str, handler: Handler) -> None:
        self.routes[path] = handler

    def fallback(self, handler: Handler) -> None:
        self.fallbacks.append(handler)

    def guard(self, check) -> None:
        """``async check(request) -> (status, body, headers) | None``: a refusal, before any route."""
        self.guards.append(check)

    # --- life cycle -----------------------------------------------------------------------------------
    async def listen(self, bind: str = "", port: int = 0) -> tuple[str, int]:
        self.download_budget = Budget(DOWNLOAD_RATE)
        self._room = asyncio.Event()
        self._server = await asyncio.start_server(self._serve, host=bind or None, port=port,
                                                  limit=MAX_HEAD, reuse_address=True)
        sock = self._server.sockets[0].getsockname()
        self.address = (sock[0], sock[1])
        return self.address

    async def stop(self) -> None:
        self.stopping = True
        if self._server is not None:
            self._server.close()
            tasks = [*self._conns, *self._downloads, *self._queued]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await self._server.wait_closed()
            self._server = None

    # --- places ---------------------------------------------------------------------------------------
    def _evict(self, among: list[Place]) -> bool:
        """The place idle longest among ``among`` is freed (its connection closed); False when
        every one answers a request (or was opened just now for its first)."""
        now = asyncio.get_running_loop().time()
        idle = [p for p in among if p.evictable(now)]
        if not idle:
            return False
        oldest = min(idle, key=lambda p: p.since)
        oldest.evicted = True
        oldest.task.cancel()
        oldest.transport.abort()            # (gone even if its task were past the cancel)
        del self._conns[oldest.task]
        return True

    def _admit(self, task: asyncio.Task, peer: str, transport: asyncio.Transport) -> bool:
        """A place for a new connection from ``peer``, within its address's share and the total,
        once the connection idle longest made way where one must."""
        same = [p for p in self._conns.values() if p.peer == peer]
        if len(same) >= MAX_PER_ADDRESS and not self._evict(same):
            return False
        if len(self._conns) >= MAX_CONNECTIONS and not self._evict(list(self._conns.values())):
            return False
        self._conns[task] = Place(peer, task, asyncio.get_running_loop().time(), transport)
        return True

    async def _queue(self, task: asyncio.Task, peer: str, transport: asyncio.Transport) -> bool:
        """Wait up to QUEUE_WAIT for a place for ``peer``'s connection; False at once when as many
        of its connections wait already (or as many as all places), or when none came in time."""
        if (sum(1 for a in self._queued.values() if a == peer) >= MAX_PER_ADDRESS
                or len(self._queued) >= MAX_CONNECTIONS):
            return False
        self._queued[task] = peer
        try:
            async with asyncio.timeout(QUEUE_WAIT):
                while not self._admit(task, peer, transport):
                    try:        # (woken by a place freed or idle, or a fresh one's FRESH over)
                        await asyncio.wait_for(self._room.wait(), FRESH)
                    except TimeoutError:
                        pass
            return True
        except TimeoutError:
            return False
        finally:
            self._queued.pop(task, None)

    def release(self, task: asyncio.Task | None = None) -> None:
        """``task``'s place (the current task's) is free: the connections waiting for one try
        again (in their order). A connection taken over (a WebSocket) stays open, the host's."""
        task = task or asyncio.current_task()
        if task is not None and (self._conns.pop(task, None) is not None
                                 or self._downloads.pop(task, None) is not None):
            self._wake()

    def _wake(self) -> None:
        """A place is free, or may be made free (a connection went idle): the waiting try again."""
        self._room.set()
        self._room = asyncio.Event()

    def _admit_download(self, place: Place) -> bool:
        same = sum(1 for p in self._downloads.values() if p.peer == place.peer)
        if len(self._downloads) >= MAX_DOWNLOADS or same >= MAX_DOWNLOADS_PER_ADDRESS:
            return False
        self.release(place.task)            # out of the page's places ...
        self._downloads[place.task] = place   # ... into the downloads'
        return True

    # --- one connection ---------------------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        task = asyncio.current_task()
        assert task is not None   # (a connection's handler runs as a task)
        self.accepted += 1
        peer = str((writer.get_extra_info("peername") or ("?",))[0])
        if peer.startswith("::ffff:"):
            peer = peer[len("::ffff:"):]
        try:
            transport = cast(asyncio.Transport, writer.transport)
            if not self._admit(task, peer, transport) and not await self._queue(task, peer, transport):
                log.info("share: busy, refused a connection from %s", peer)
                await self._busy(reader, writer)
            else:
                await self._requests(reader, writer, self._conns[task])
        except (TimeoutError, ConnectionError, asyncio.IncompleteReadError, h11.LocalProtocolError):
            pass
        except asyncio.CancelledError:
            pass
        except Exception:  # pragma: no cover - never take the host down for a web request
            log.exception("share: request failed")
        finally:
            self.release(task)
            if task not in self._taken:
                close_soon(writer.transport)
            self._taken.discard(task)

    async def _busy(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """``503`` with when to ask again, once the request head is in (a socket closed with the
        request unread would be reset, and the browser would see no answer at all)."""
        try:
            await _within(reader.readuntil(b"\r\n\r\n"), HEAD_TIMEOUT)
        except (asyncio.LimitOverrunError, asyncio.IncompleteReadError, TimeoutError):
            pass
        body = b"busy, try again\n"
        head = (f"HTTP/1.1 503 {REASONS[503]}\r\nDate: {formatdate(usegmt=True)}\r\nServer: tikal-lan\r\n"
                f"Content-Type: text/plain; charset=utf-8\r\nContent-Length: {len(body)}\r\n"
                f"Connection: close\r\nRetry-After: {BUSY_RETRY}\r\nRefresh: {BUSY_RETRY}\r\n"
                "X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n\r\n")
        writer.write(head.encode("latin-1") + body)
        await _within(writer.drain(), WRITE_TIMEOUT)

    async def _next(self, conn: h11.Connection, reader: asyncio.StreamReader, place: Place,
                    first: bool) -> Any:
        """The next h11 event of the connection. Waiting for a request: up to KEEP_ALIVE idle
        between requests (None then: closed quietly), then HEAD_TIMEOUT from the head's first
        byte (from the connection's opening for its first request): TimeoutError."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + HEAD_TIMEOUT if first else None
        while True:
            event = conn.next_event()
            if event is not h11.NEED_DATA:
                return event
            # a head is read MAX_HEAD bytes at a time at most: h11 bounds the head it waits for,
            # and one that came whole in a bigger read would escape that bound
            want = max(1, MAX_HEAD + 1 - len(conn.trailing_data[0])) if conn.their_state is h11.IDLE else READ
            if deadline is None and conn.their_state is h11.IDLE and not conn.trailing_data[0]:
                try:
                    data = await _within(reader.read(want), KEEP_ALIVE)
                except TimeoutError:
                    return None
                deadline = loop.time() + HEAD_TIMEOUT
            else:
                if deadline is None:
                    deadline = loop.time() + HEAD_TIMEOUT
                data = await _within(reader.read(want), max(0.0, deadline - loop.time()))
            if data and conn.their_state is h11.IDLE:
                place.since = loop.time()
            conn.receive_data(data)

    async def _requests(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, place: Place):
        """The connection's requests, one after another, until one of its ends closes."""
        conn = h11.Connection(h11.SERVER, max_incomplete_event_size=MAX_HEAD)
        first = True
        local = writer.get_extra_info("sockname")
        while True:
            place.busy = False
            if self._queued:
                self._wake()          # its place can be taken now, if a newcomer waits for one
            try:
                event = await self._next(conn, reader, place, first)
            except TimeoutError:
                if conn.their_state is h11.IDLE and (first or conn.trailing_data[0] or True):
                    await self._error(conn, writer, 408, b"too slow\n")
                return
            except h11.RemoteProtocolError as exc:
                status = exc.error_status_hint
                await self._error(conn, writer, 431 if status == 431 else 400,
                                  b"request too large\n" if status == 431 else b"bad request\n")
                return
            first = False
            if event is None or isinstance(event, h11.ConnectionClosed) or place.evicted:
                return
            if not isinstance(event, h11.Request):     # (the rest of a body: read past)
                if isinstance(event, h11.EndOfMessage) and not self._next_cycle(conn):
                    return
                continue
            place.busy = True
            request = self._request(event, place.peer, local[0] if local else None)
            reply = Reply(self, conn, reader, writer, request, place)
            if (event.headers and any(k in (b"content-length", b"transfer-encoding")
                                      for k, _ in event.headers)):
                reply.close_after = True        # a GET with a body: answered, then closed
            await self._answer(request, reply)
            if reply.taken:
                self._taken.add(place.task)
                return
            if not reply.ended or reply.close_after or conn.our_state is h11.MUST_CLOSE:
                return
            place.since, place.served = asyncio.get_running_loop().time(), True
            if not self._next_cycle(conn):
                return

    @staticmethod
    def _next_cycle(conn: h11.Connection) -> bool:
        """Ready for the next request (the client's own message read to its end first)."""
        while conn.their_state is h11.SEND_BODY:
            event = conn.next_event()
            if event is h11.NEED_DATA or isinstance(event, h11.ConnectionClosed):
                return False
        if conn.our_state is h11.DONE and conn.their_state is h11.DONE:
            conn.start_next_cycle()
            return True
        return False

    @staticmethod
    async def _error(conn: h11.Connection, writer, status: int, body: bytes) -> None:
        """An error answer outside any route (a bad or late head), then the connection closes."""
        if conn.our_state not in (h11.IDLE, h11.SEND_RESPONSE):
            return
        fields = [(b"Date", formatdate(usegmt=True).encode()), (b"Server", b"tikal-lan"),
                  (b"Content-Type", b"text/plain; charset=utf-8"), (b"Content-Length", str(len(body)).encode()),
                  (b"Connection", b"close"), (b"X-Content-Type-Options", b"nosniff")]
        try:
            data = conn.send(h11.Response(status_code=status, reason=REASONS[status].encode(), headers=fields))
            data = (data or b"") + (conn.send(h11.Data(data=body)) or b"") + (conn.send(h11.EndOfMessage()) or b"")
        except h11.LocalProtocolError:     # h11 cannot answer (no request line at all): by hand
            data = (f"HTTP/1.1 {status} {REASONS[status]}\r\n".encode()
                    + b"".join(k + b": " + v + b"\r\n" for k, v in fields) + b"\r\n" + body)
        writer.write(data)
        await _within(writer.drain(), WRITE_TIMEOUT)

    @staticmethod
    def _request(event: h11.Request, peer: str, local: str | None) -> Request:
        target = event.target.decode("latin-1")
        headers = [(k.decode("latin-1").lower(), v.decode("latin-1").strip()) for k, v in event.headers]
        host = next((v for k, v in headers if k == "host"), None)
        path = target
        low = target.lower()
        if low.startswith(("http://", "https://")):     # absolute form (RFC 9112 3.2.2)
            rest = target.split("://", 1)[1]
            authority, slash, tail = rest.partition("/")
            host, path = authority, slash + tail if slash else "/"
            if "?" in authority:
                host, _, q = authority.partition("?")
                path = "/?" + q
        path, _, query = path.partition("?")
        path = path.split("#", 1)[0]
        return Request(event.method.decode("latin-1"), target, path, query,
                       host.strip().lower() if host is not None else None, headers, peer, local,
                       list(event.headers.raw_items()))

    async def _answer(self, request: Request, reply: Reply) -> None:
        if request.host is None:      # (HTTP/1.0: h11 lets it by; the origin checks need it)
            return await reply.send(400, b"a request names its host (Host)\n", close=True)
        for check in self.guards:
            refusal = await check(request)
            if refusal is not None:
                status, body, extra = refusal
                return await reply.send(status, body, extra=extra)
        if request.method not in ("GET", "HEAD"):
            return await reply.send(405, b"read-only: GET and HEAD only\n",
                                    extra={"Allow": "GET, HEAD", **self.refusal_fields})
        handler = self.routes.get(request.path)
        if handler is not None:
            await handler(request, reply)
            return
        for handler in self.fallbacks:
            if await handler(request, reply) is not False:
                return
        await reply.send(404, b"no such file\n")


__all__ = ["BUSY_RETRY", "HttpServer", "Reply", "Request", "close_soon"]
