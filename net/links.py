"""The host's edge: its connections as asyncio sees them, and the limits that keep one peer from
hurting the others (docs/protocol.md sections 9 and 10).

``Links`` owns the connections; the host composes one and talks to it through its interface
(``opened``/``received``/``lost`` from asyncio, ``send``/``write_out``/``refuse``/``close``/
``drop``/``tick`` from the host) and hears back through two callbacks given to it:
``on_message(conn, msg)`` for every message that passed the connection's gates (net/session.py)
and ``on_left(conn)`` when a connection is gone.

- admission: at most ``max_conns`` connections, ``max_conns_per_addr`` from one address. One
  more first makes room by closing the oldest connection (of the host, or of that address) that
  has not said hello (``busy``); if every one has, it is let in to knock: only a hello with a
  seat token is accepted from it (a returning player always gets back to their seat), anything
  else is answered ``busy`` and closed. At most ``KNOCKING`` connections knock at once;
- reading: bytes through the connection's Session; every message it lets through goes to
  ``on_message``; a frame error is answered ``error frame`` and the connection half-closed, the
  peer's bytes read and dropped for a moment, so that the error reaches it instead of being lost
  to a reset. Incomplete frames of all connections together hold at most ``max_held`` bytes:
  past it, the connection holding most is answered ``busy`` and closed;
- writing: all of a connection's frames of the moment in one write; a message that cannot be
  encoded is logged and not sent (it never escapes a handler); a connection whose unsent bytes
  would pass ``max_unsent`` does not read: ``error slow``, closed; closing never raises, even on
  a socket the peer has reset;
- the ticker: pings every ``ping_interval``; a connection that completes no message (a pong is
  one) for ``ping_timeout``, or says no hello in that time, is told why (``bye``) and closed;
- log lines: the same line repeated is written at most a few times a minute (``RepeatFilter``).
"""
from __future__ import annotations

import asyncio
import logging
import socket
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .config import HostConfig
from .messages import error
from .protocol import FrameDecoder, FrameError, encode
from .session import Broken, Expired, Limits, Refusal, Session

log = logging.getLogger("tikal.host")

#: What the kernel may hold unsent for one connection (with ``max_unsent`` in user space).
SEND_BUFFER = 256 << 10
#: How long a closing connection's bytes are read and dropped before it is cut.
LINGER = 2.0
#: Connections let in over the limits at once, to knock with a seat token.
KNOCKING = 16

Out = list[tuple[int, dict]]


def cut(transport: Any) -> None:
    """Abort ``transport``; with a reset (``SO_LINGER`` 0) when bytes written to it still wait
    for its peer (one that does not read): a plain abort closes only our file descriptor, and the
    kernel would keep the connection and its bytes, trying to deliver them for minutes."""
    if transport.get_write_buffer_size():
        sock = transport.get_extra_info("socket")
        if sock is not None:
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            except OSError:    # closed already
                pass
    transport.abort()


def shut_write(transport: Any) -> bool:
    """Our half of the connection closed after what is written (EOF), or the whole of it where
    the transport cannot: whether it was EOF (the peer's half still open to read). A peer gone
    already raises OSError (ENOTCONN, EPIPE...)."""
    if transport.can_write_eof():
        transport.write_eof()
        return True
    transport.close()
    return False


class Transport(Protocol):
    """What the host needs of a connection's way out: asyncio's TCP transport is one; another edge
    (a WebSocket's) gives the same over its own framing. ``write`` takes whole frames (each a
    4-byte length and its msgpack body, net/protocol.py), one or several joined."""

    def write(self, data: bytes) -> None: ...

    def is_closing(self) -> bool: ...

    def get_write_buffer_size(self) -> int:
        """Bytes written and not yet sent (``max_unsent`` closes a connection that lets them pile up)."""
        ...

    def can_write_eof(self) -> bool: ...

    def write_eof(self) -> None:
        """Close the write side after what is written (a TCP half-close)."""
        ...

    def close(self) -> None: ...

    def abort(self) -> None: ...

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        """``"peername"`` (the peer's address: admission counts by it) and ``"socket"`` (None:
        no socket options are set)."""
        ...


@dataclass(eq=False)
class Conn(Session):
    """A Session with its way out."""
    transport: Transport = field(kw_only=True)
    shut: bool = False             # its write side is closed: nothing more can go out
    knocking: str | None = None    # let in over the limits (why): only a hello with a seat token
    counted: int = 0               # its bytes of unfinished frames in ``Links.held``


@dataclass
class Stats:
    errors: dict[str, int] = field(default_factory=dict)   # refusals and closings by code


class _Link(asyncio.Protocol):
    """One connection as asyncio sees it: its bytes go to the links as they come."""

    def __init__(self, links: Links):
        self.links = links
        self.conn: Conn | None = None

    def connection_made(self, transport):
        self.conn = self.links.opened(transport)

    def data_received(self, data: bytes):
        if self.conn is not None:
            self.links.received(self.conn, data)

    def connection_lost(self, exc):
        if self.conn is not None:
            self.links.drop(self.conn)


class RepeatFilter(logging.Filter):
    """Lets the same log line (same logger, template and level) through ``burst`` times per
    ``period`` seconds; the next one after a quiet spell says how many were left out."""

    def __init__(self, burst: int = 3, period: float = 60.0):
        super().__init__()
        self.burst, self.period = burst, period
        self._seen: dict[tuple, list] = {}   # key -> [window start, let through, left out]

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.msg, record.levelno)
        now = time.monotonic()
        seen = self._seen.get(key)
        if seen is None or now - seen[0] > self.period:
            left_out = seen[2] if seen else 0
            self._seen[key] = [now, 1, 0]
            if len(self._seen) > 1000:
                self._seen = {k: v for k, v in self._seen.items() if now - v[0] <= self.period}
            if left_out:
                record.msg = f"{record.msg} (and {left_out} more like it in {self.period:g} s)"
            return True
        if seen[1] < self.burst:
            seen[1] += 1
            return True
        seen[2] += 1
        return False


def forget_repeated_lines() -> None:
    """Every RepeatFilter's memory forgotten (the tests: each one's lines from its own start)."""
    for lg in list(logging.Logger.manager.loggerDict.values()):
        for f in getattr(lg, "filters", ()):
            if isinstance(f, RepeatFilter):
                f._seen.clear()


def limit_repeated_lines(*names: str) -> None:
    """Put one RepeatFilter on each of these loggers (once)."""
    for name in names:
        lg = logging.getLogger(name)
        if not any(isinstance(f, RepeatFilter) for f in lg.filters):
            lg.addFilter(RepeatFilter())


class Links:
    """The connections of a host."""

    def __init__(self, config: HostConfig, on_message: Callable[[Conn, dict], None],
                 on_left: Callable[[Conn], None], stats: Stats | None = None):
        self.config = config
        self.on_message = on_message
        self.on_left = on_left
        self.stats = stats or Stats()
        self.conns: dict[int, Conn] = {}
        self.loop: asyncio.AbstractEventLoop | None = None   # set by the host's start()
        #: called with (connection id, frame bytes) for every frame sent (tests scan them)
        self.frame_tap: Callable[[int, bytes], None] | None = None
        self.held = 0          # bytes of incomplete frames, all connections together
        self._next_conn = 1

    @property
    def _loop(self) -> asyncio.AbstractEventLoop:
        if self.loop is None:
            self.loop = asyncio.get_running_loop()
        return self.loop

    def limits(self) -> Limits:
        cfg = self.config
        return Limits(rate=cfg.rate, burst=cfg.burst, ping_timeout=cfg.ping_timeout)

    # --- in -----------------------------------------------------------------------------------------
    def opened(self, transport: Transport, kind: type[Conn] = Conn) -> Conn:
        """A new connection (``kind``: a Conn subclass of another edge, e.g. net/web.py's
        WebSocket one, whose transport speaks its own framing). Admission counts every edge's
        connections together."""
        peer = transport.get_extra_info("peername")
        ip = str(peer[0]) if peer else "?"
        if ip.startswith("::ffff:"):     # IPv4 on a dual-stack socket: one address, one count
            ip = ip[len("::ffff:"):]
        conn = kind(self._next_conn, self.limits(), self._loop.time(),
                    peer=f"{ip}:{peer[1]}" if peer else "?", addr=ip, transport=transport)
        self._next_conn += 1
        why, knock = self._room(ip)
        if why is not None and not knock:
            self.count("busy")
            log.warning("refused a connection from %s: %s", ip, why)
            self._write_raw(conn, encode(error("busy", why)))
            self.close(conn)
            return conn
        if why is not None:
            conn.knocking = why    # in over the limit, for a hello with a seat token only
        sock = transport.get_extra_info("socket")
        if sock is not None:
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
            except OSError:
                pass
        self.conns[conn.id] = conn
        return conn

    def _room(self, ip: str) -> tuple[str | None, bool]:
        """Make room for one more connection from ``ip``, by closing the oldest one that has
        not said hello where a limit is reached. Returns (None, _) if there is room now, else
        (why not, whether it may come in to knock: the host is full, its address is not, and
        fewer than KNOCKING knock; the oldest knocker makes room for a new one)."""
        cfg = self.config
        members = [c for c in self.conns.values() if c.knocking is None]
        same = [c for c in members if c.addr == ip]
        if len(same) >= cfg.max_conns_per_addr and not self._evict(same):
            return (f"{len(same)} connections come from your address already (the limit is "
                    f"{cfg.max_conns_per_addr})"), False
        if len(members) < cfg.max_conns or self._evict(members):
            return None, True
        knockers = [c for c in self.conns.values() if c.knocking is not None]
        if len(knockers) >= KNOCKING:
            self._evict(knockers)
        return f"the host has {len(members)} connections, its limit", True

    def _evict(self, among: list[Conn]) -> bool:
        nameless = [c for c in among if c.name is None and not c.closing]
        if not nameless:
            return False
        oldest = min(nameless, key=lambda c: (c.opened, c.id))
        self.count("busy")
        log.info("connection %s (%s) said no hello and the host is full: closed to make room",
                 oldest.id, oldest.peer)
        self.send(oldest, error("busy", "the host is full and this connection said no hello: "
                                        "closed to make room"))
        self.drop(oldest)
        return True

    def received(self, conn: Conn, data: bytes):
        """Bytes from ``conn``: every whole message in them handled at once, in order."""
        try:
            for item in conn.receive(data, (self.loop or self._loop).time()):
                if type(item) is dict:      # the usual: a message through every gate
                    self.on_message(conn, item)
                elif isinstance(item, Refusal):
                    self.count(item.code)
                    if item.answer:
                        self.send(conn, item.reply())
                    if item.close:
                        log.info("connection %s (%s): %s: closed", conn.id, conn.peer, item.code)
                        self.close(conn)
                        self.drop(conn)
                elif isinstance(item, Broken):
                    self.count("frame")
                    self.send(conn, error("frame", item.error.message))
                    self.close(conn)
                    self.drop(conn)
        finally:
            self.holding(conn)

    def holding(self, conn: Conn):
        """``conn``'s bytes of unfinished messages counted again (an edge that buffers them
        itself calls this after every read); past ``max_held`` in all, the biggest holder goes."""
        if conn.counted or conn.held:
            self._count_held(conn)
        if self.held > self.config.max_held:
            self._too_much_held()

    def _too_much_held(self):
        """Unfinished frames hold more than ``max_held``: the connection holding most goes."""
        while self.held > self.config.max_held:
            worst = max(self.conns.values(), key=lambda c: c.held, default=None)
            if worst is None or worst.held == 0:
                return
            self.count("busy")
            log.warning("connection %s (%s) holds %d bytes of an unfinished message while the "
                        "host holds %d in all: closed", worst.id, worst.peer, worst.held, self.held)
            self.send(worst, error("busy", "the host holds too many unfinished messages: "
                                           "closed"))
            self.close(worst)
            self.drop(worst)

    def _count_held(self, conn: Conn):
        held = conn.held if conn.id in self.conns else 0
        self.held += held - conn.counted
        conn.counted = held

    # --- out ------------------------------------------------------------------------------------------
    def close(self, conn: Conn):
        """Close after what is already written: the write side at once (the peer reads up to
        our last frame, then EOF), the rest when the peer closes, or after LINGER seconds. What
        it sends meanwhile is read and dropped, so our last frame is not lost to a reset. Never
        raises: a socket the peer has reset (ENOTCONN, EPIPE...) is simply cut."""
        if conn.closing:
            return
        conn.closing = True
        tr = conn.transport
        if tr.is_closing():
            return
        try:
            if shut_write(tr):
                conn.shut = True
                self._loop.call_later(LINGER, cut, tr)
        except OSError as exc:   # the peer is gone already
            log.info("connection %s (%s) was reset while closing: %s", conn.id, conn.peer,
                     exc.strerror or exc)
            conn.shut = True
            tr.abort()

    def drop(self, conn: Conn):
        """The connection is gone (or going): forget it (``on_left`` holds its seat)."""
        if self.conns.pop(conn.id, None) is None:
            return
        conn.decoder = FrameDecoder()   # what it held is let go
        self._count_held(conn)
        self.close(conn)
        self.on_left(conn)

    def send(self, conn: Conn, msg: dict, frame: bytes | None = None):
        if self._may_send(conn, msg):
            frame = frame or self.encode(msg, conn.id)
            if frame is not None:
                self._write(conn, [frame])

    @staticmethod
    def _may_send(conn: Conn, msg: dict) -> bool:
        return not conn.closing or msg.get("t") in ("error", "bye")

    def encode(self, msg: dict, cid: int) -> bytes | None:
        """The frame of ``msg``, or None (logged) if it cannot be one: a message that cannot
        be sent is left out; the handler that made it goes on."""
        try:
            return encode(msg)
        except FrameError as exc:
            self.count("unsendable")
            log.error("a %r message to connection %s cannot be sent: %s", msg.get("t"), cid,
                      exc.message)
            return None

    def _write_raw(self, conn: Conn, data: bytes):
        try:
            conn.transport.write(data)
        except (OSError, RuntimeError) as exc:   # a transport already torn down
            log.info("connection %s (%s): cannot write: %s", conn.id, conn.peer, exc)

    def _write(self, conn: Conn, frames: list[bytes]):
        """One write (one system call, usually) for all of a connection's frames of the moment."""
        transport = conn.transport
        if transport.is_closing() or conn.shut:
            return
        data = frames[0] if len(frames) == 1 else b"".join(frames)
        unsent = transport.get_write_buffer_size()
        if unsent and unsent + len(data) > self.config.max_unsent and not conn.closing:
            return self._too_slow(conn, unsent)
        try:
            transport.write(data)
        except (OSError, RuntimeError) as exc:   # a transport already torn down
            log.info("connection %s (%s): cannot write: %s", conn.id, conn.peer, exc)
            return
        if self.frame_tap is not None:
            for f in frames:
                self.frame_tap(conn.id, f)

    def _too_slow(self, conn: Conn, unsent: int):
        self.count("slow")
        log.warning("connection %s (%s) does not read what the host sends (%d bytes waiting): "
                    "closed", conn.id, conn.peer, unsent)
        if not conn.shut:
            self._write_raw(conn, encode(error("slow", "this connection did not read what the "
                                                       f"host sent ({unsent} bytes waiting): "
                                                       "closed")))
        self.close(conn)
        self._loop.call_soon(self.drop, conn)   # not in the middle of someone's write loop

    def write_out(self, out: Out):
        """Every frame of ``out`` encoded first (a message for several recipients once), then
        one write per connection, so that the recipients get their frames as close together as
        can be."""
        frames: dict[int, bytes | None] = {}
        batches: dict[int, list[bytes]] = {}
        for cid, msg in out:
            conn = self.conns.get(cid)
            if conn is None or not self._may_send(conn, msg):
                continue
            if id(msg) not in frames:
                frames[id(msg)] = self.encode(msg, cid)
            f = frames[id(msg)]
            if f is not None:
                batches.setdefault(cid, []).append(f)
        for cid, fs in batches.items():
            conn = self.conns.get(cid)
            if conn is not None:
                self._write(conn, fs)

    def broadcast(self, msg: dict, to: Callable[[Conn], bool]):
        """``msg`` (encoded once) to every connection ``to`` picks."""
        frame = None
        for c in self.conns.values():
            if to(c):
                frame = frame or self.encode(msg, c.id)
                self.send(c, msg, frame)

    def count(self, code: str):
        self.stats.errors[code] = self.stats.errors.get(code, 0) + 1

    def refuse(self, conn: Conn, code: str, message: str, msg: dict | None = None, **extra):
        self.count(code)
        self.send(conn, Refusal(code, message, msg).reply(**extra))

    # --- pings ------------------------------------------------------------------------------------------
    def tick(self):
        """One tick of the host's ticker: ping every connection; close the ones that completed
        no message for ``ping_timeout`` or said no hello in that time, telling them why. One
        connection that fails here does not keep the others from their tick."""
        now = self._loop.time()
        for c in list(self.conns.values()):
            try:
                tick = c.tick(now)
                if isinstance(tick, Expired):
                    log.info("connection %s (%s): %s: closed", c.id, c.peer, tick.reason)
                    self.send(c, {"t": "bye", "reason": f"{tick.reason}: closed"})
                    self.drop(c)
                else:
                    self.send(c, tick.msg)
            except Exception:
                log.exception("the tick of connection %s (%s) failed: it is cut", c.id, c.peer)
                self.conns.pop(c.id, None)
                self._count_held(c)
                c.closing = c.shut = True
                c.transport.abort()
                self.on_left(c)
