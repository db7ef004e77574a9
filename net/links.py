"""The host's edge: its connections as asyncio sees them, and the limits that keep one peer from
hurting the others (docs/protocol.md sections 9 and 10).

``Links`` is the part of ``net.host.Host`` that owns the connections:

- admission: at most ``max_conns`` connections, ``max_conns_per_addr`` from one address; one more
  is answered ``error busy`` and closed;
- reading: bytes through a FrameDecoder; every whole message goes to ``Host._on_message``; a
  frame error is answered ``error frame`` and the connection half-closed, the peer's bytes read
  and dropped for a moment, so that the error reaches it instead of being lost to a reset;
- writing: all of a connection's frames of the moment in one write; a message that cannot be
  encoded is logged and not sent (it never escapes a handler); a connection whose unsent bytes
  would pass ``max_unsent`` does not read: ``error slow``, closed;
- the ticker: pings every ``ping_interval``; a connection that completes no message (a pong is
  one) for ``ping_timeout``, or says no hello in that time, is told why (``bye``) and closed;
- log lines: the same line repeated is written at most a few times a minute (``RepeatFilter``).
"""
from __future__ import annotations

import asyncio
import logging
import socket
import time
from dataclasses import dataclass, field

from .messages import error
from .protocol import FrameDecoder, FrameError, encode

log = logging.getLogger("tikal.host")

#: What the kernel may hold unsent for one connection (with ``max_unsent`` in user space).
SEND_BUFFER = 256 << 10
#: How long a closing connection's bytes are read and dropped before it is cut.
LINGER = 2.0


@dataclass
class Conn:
    id: int
    transport: asyncio.Transport
    peer: str = ""                 # "ip:port"
    addr: str = ""                 # the peer's ip (connection and table limits count by it)
    name: str | None = None        # set by an accepted hello
    table: object = None           # the Table it is at
    last_rx: float = 0.0           # when it last completed a message
    tokens: float = 0.0
    last_refill: float = 0.0
    last_rate_error: float = -1e9
    closing: bool = False
    shut: bool = False             # its write side is closed: nothing more can go out
    ping_n: int = 0
    opened: float = 0.0
    decoder: FrameDecoder = field(default_factory=FrameDecoder)


class _Link(asyncio.Protocol):
    """One connection as asyncio sees it: its bytes go to the host as they come."""

    def __init__(self, host: "Links"):
        self.host = host
        self.conn: Conn | None = None

    def connection_made(self, transport):
        self.conn = self.host._opened(transport)

    def data_received(self, data: bytes):
        self.host._received(self.conn, data)

    def connection_lost(self, exc):
        self.host._drop(self.conn)


class RepeatFilter(logging.Filter):
    """Lets the same log line (same logger, template and level) through ``burst`` times per
    ``period`` seconds; the next one after a quiet spell says how many were left out."""

    def __init__(self, burst: int = 3, period: float = 60.0):
        super().__init__()
        self.burst, self.period = burst, period
        self._seen: dict = {}   # key -> [window start, lines let through, lines left out]

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


def limit_repeated_lines(*names: str) -> None:
    """Put one RepeatFilter on each of these loggers (once)."""
    for name in names:
        lg = logging.getLogger(name)
        if not any(isinstance(f, RepeatFilter) for f in lg.filters):
            lg.addFilter(RepeatFilter())


class Links:
    """The connections of a host (mixed into ``net.host.Host``, whose ``config``, ``loop``,
    ``stats``, ``frame_tap``, ``_on_message`` and ``_left`` it uses)."""

    def _init_links(self):
        self.conns: dict[int, Conn] = {}
        self._next_conn = 1

    # --- in -----------------------------------------------------------------------------------------
    def _opened(self, transport: asyncio.Transport) -> Conn:
        cfg = self.config
        now = self.loop.time()
        peer = transport.get_extra_info("peername")
        ip = str(peer[0]) if peer else "?"
        conn = Conn(self._next_conn, transport, peer=f"{ip}:{peer[1]}" if peer else "?",
                    addr=ip, last_rx=now, tokens=cfg.burst, last_refill=now, opened=now)
        self._next_conn += 1
        same = sum(c.addr == ip for c in self.conns.values())
        if len(self.conns) >= cfg.max_conns:
            why = f"the host has {len(self.conns)} connections, its limit"
        elif same >= cfg.max_conns_per_addr:
            why = (f"{same} connections come from your address already (the limit is "
                   f"{cfg.max_conns_per_addr})")
        else:
            sock = transport.get_extra_info("socket")
            if sock is not None:
                try:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
                except OSError:
                    pass
            self.conns[conn.id] = conn
            return conn
        self._count("busy")
        log.warning("refused a connection from %s: %s", ip, why)
        transport.write(encode(error("busy", why)))
        self._close(conn)
        return conn

    def _received(self, conn: Conn, data: bytes):
        """Bytes from ``conn``: every whole message in them handled at once, in order."""
        if conn.closing:
            return   # closing: what it still sends is dropped
        conn.decoder.feed(data)
        try:
            for msg in conn.decoder:
                conn.last_rx = self.loop.time()
                self.stats.frames_in += 1
                self._on_message(conn, msg)
                if conn.closing:
                    break
        except FrameError as exc:
            self._count("frame")
            self._send(conn, error("frame", exc.message))
            self._close(conn)
            self._drop(conn)

    # --- out ------------------------------------------------------------------------------------------
    def _close(self, conn: Conn):
        """Close after what is already written: the write side at once (the peer reads up to
        our last frame, then EOF), the rest when the peer closes, or after LINGER seconds. What
        it sends meanwhile is read and dropped, so our last frame is not lost to a reset."""
        if conn.closing:
            return
        conn.closing = True
        tr = conn.transport
        if tr.is_closing():
            return
        if tr.can_write_eof():
            tr.write_eof()
            conn.shut = True
            self.loop.call_later(LINGER, tr.abort)
        else:
            tr.close()

    def _drop(self, conn: Conn):
        """The connection is gone (or going): forget it (``_left`` holds its seat)."""
        if self.conns.pop(conn.id, None) is None:
            return
        self._close(conn)
        self._left(conn)

    def _send(self, conn: Conn, msg: dict, frame: bytes | None = None):
        if self._may_send(conn, msg):
            frame = frame or self._encode(msg, conn.id)
            if frame is not None:
                self._write(conn, [frame])

    @staticmethod
    def _may_send(conn: Conn, msg: dict) -> bool:
        return not conn.closing or msg.get("t") in ("error", "bye")

    def _encode(self, msg: dict, cid: int) -> bytes | None:
        """The frame of ``msg``, or None (logged) if it cannot be one: a message that cannot
        be sent is left out; the handler that made it goes on."""
        try:
            return encode(msg)
        except FrameError as exc:
            self._count("unsendable")
            log.error("a %r message to connection %s cannot be sent: %s", msg.get("t"), cid,
                      exc.message)
            return None

    def _write(self, conn: Conn, frames: list[bytes]):
        """One write (one system call, usually) for all of a connection's frames of the moment."""
        transport = conn.transport
        if transport.is_closing() or conn.shut:
            return
        data = frames[0] if len(frames) == 1 else b"".join(frames)
        unsent = transport.get_write_buffer_size()
        if unsent and unsent + len(data) > self.config.max_unsent and not conn.closing:
            return self._too_slow(conn, unsent)
        transport.write(data)
        self.stats.frames_out += len(frames)
        if self.frame_tap is not None:
            for f in frames:
                self.frame_tap(conn.id, f)

    def _too_slow(self, conn: Conn, unsent: int):
        self._count("slow")
        log.warning("connection %s (%s) does not read what the host sends (%d bytes waiting): "
                    "closed", conn.id, conn.peer, unsent)
        if not conn.shut:
            conn.transport.write(encode(error("slow", "this connection did not read what the "
                                                      f"host sent ({unsent} bytes waiting): "
                                                      "closed")))
        self._close(conn)
        self.loop.call_soon(self._drop, conn)   # not in the middle of someone's write loop

    def _write_out(self, out: list):
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
                frames[id(msg)] = self._encode(msg, cid)
            f = frames[id(msg)]
            if f is not None:
                batches.setdefault(cid, []).append(f)
        for cid, fs in batches.items():
            conn = self.conns.get(cid)
            if conn is not None:
                self._write(conn, fs)

    def _count(self, code: str):
        self.stats.errors[code] = self.stats.errors.get(code, 0) + 1

    def _refuse(self, conn: Conn, code: str, message: str, msg: dict | None = None, **extra):
        self._count(code)
        seq = msg.get("seq") if isinstance(msg, dict) else None
        ref = msg.get("t") if isinstance(msg, dict) else None
        self._send(conn, error(code, message, seq=seq if type(seq) is int else None,
                               ref=ref if isinstance(ref, str) else None, **extra))

    def _rate_ok(self, conn: Conn) -> bool:
        now = self.loop.time()
        cfg = self.config
        conn.tokens = min(cfg.burst, conn.tokens + (now - conn.last_refill) * cfg.rate)
        conn.last_refill = now
        if conn.tokens >= 1.0:
            conn.tokens -= 1.0
            return True
        return False

    # --- pings ------------------------------------------------------------------------------------------
    def _ping_all(self):
        """One tick of the host's ticker: ping every connection; close the ones that completed
        no message for ``ping_timeout`` (a sleeping laptop, a half-open connection, a peer
        trickling bytes) or said no hello in that time, telling them why."""
        cfg = self.config
        now = self.loop.time()
        for c in list(self.conns.values()):
            if now - c.last_rx > cfg.ping_timeout:
                why = f"no message for {cfg.ping_timeout:g} s"
            elif c.name is None and now - c.opened > cfg.ping_timeout:
                why = f"no hello within {cfg.ping_timeout:g} s"
            else:
                c.ping_n += 1
                self._send(c, {"t": "ping", "n": c.ping_n})
                continue
            log.info("connection %s (%s): %s: closed", c.id, c.peer, why)
            self._send(c, {"t": "bye", "reason": f"{why}: closed"})
            self._drop(c)
