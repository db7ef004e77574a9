"""One connection's conversation with the host, without a socket: bytes and time in, messages
and actions out (docs/protocol.md sections 9 and 10).

    s = Session(1, Limits(rate=100, burst=200, ping_timeout=15), now=0.0, addr="10.0.0.7")
    for item in s.receive(data, now):      # whatever the socket gave, split anywhere
        if isinstance(item, Refusal): ...  # answer it (item.answer) and count item.code
        elif isinstance(item, Broken): ... # a bad frame: answer ``error frame``, close
        else: ...                          # a message that passed every gate: handle it
    tick = s.tick(now)                     # Ping(msg) or Expired(reason)

What a session decides on its own: the framing (a FrameDecoder), the rate bucket (tokens,
``rate`` per second up to ``burst``), the schema (net/messages.py), the hello gate (before an
accepted hello only ``hello``, ``ping``, ``pong``, ``bye``; a hello of another protocol version,
however big the number, is ``proto`` and closes), and when the connection has been silent or
nameless too long. What it holds for the host: its name, its key, whether it is closing (the
table it is at is the host's index's to say: net/places.py). The
edge (net/links.py) moves the bytes; the host (net/host.py) acts on the messages.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .messages import CLIENT, MessageError, error, validate
from .protocol import PROTO, FrameDecoder, FrameError, decode_body

#: Bursts' worth of messages dropped for the rate (leaking away at the rate) after which a
#: connection is a flood, not a client a little too eager: closed (each of them cost a decode).
FLOOD = 10

#: The messages a connection may send before its hello is accepted.
BEFORE_HELLO = frozenset({"hello", "ping", "pong", "bye"})


@dataclass(frozen=True)
class Limits:
    rate: float = 100.0          # messages per second (token bucket) ...
    burst: float = 200.0         # ... with this bucket size
    ping_timeout: float = 15.0   # silent (or nameless) this long: closed


@dataclass(frozen=True)
class Refusal:
    """A message refused by a gate: answer ``error code`` (when ``answer``) and count ``code``.
    ``close``: the connection closes after the answer."""
    code: str
    message: str
    msg: dict | None
    answer: bool = True
    close: bool = False

    def reply(self, **extra: Any) -> dict:
        """The ``error`` message answering it (echoing the refused message's seq and type)."""
        msg = self.msg if isinstance(self.msg, dict) else {}
        seq, ref = msg.get("seq"), msg.get("t")
        return error(self.code, self.message, seq=seq if type(seq) is int else None,
                     ref=ref if isinstance(ref, str) else None, **extra)


@dataclass(frozen=True)
class Broken:
    """Bytes that are no frame: answer ``error frame`` and close (the decoder is dead)."""
    error: FrameError


@dataclass(frozen=True)
class Ping:
    msg: dict


@dataclass(frozen=True)
class Expired:
    reason: str   # why the connection is closed (told in a ``bye``)


Inbound = dict | Refusal | Broken


@dataclass(eq=False)
class Session:
    id: int
    limits: Limits = field(default_factory=Limits)
    now: float = 0.0               # when it opened
    peer: str = ""                 # "ip:port"
    addr: str = ""                 # the peer's ip (connection and table limits count by it)
    name: str | None = None        # set by an accepted hello
    key: str | None = None         # the hash of the hello's player key (net/identity.py), if any
    operator: bool = False         # the host's own window (its hello carried the operator secret)
    #: its hello waits for a read off the loop (a saved game its token brings back): what it
    #: sends meanwhile passes the gates and waits its turn (net/host.py), as if the hello were done
    greeting: bool = False
    waiting: list = field(default_factory=list)   # ... those messages, in order
    closing: bool = False
    ping_n: int = 0
    decoder: FrameDecoder = field(default_factory=FrameDecoder)

    def __post_init__(self) -> None:
        self.opened = self.last_rx = self.last_refill = self.now
        self.tokens = self.limits.burst
        self.last_rate_error = -1e9
        # messages dropped for the rate, leaking away at ``rate`` a second: past FLOOD bursts the
        # peer floods (at twice the rate or more, for long), and is closed, not decoded forever
        self.dropped = 0.0
        self.last_drop = self.now

    # --- in ---------------------------------------------------------------------------------------
    def receive(self, data: bytes, now: float) -> Iterator[Inbound]:
        """Every whole message in ``data`` (with what came before), in order, through the gates.
        Lazy: the caller handles each before the next is decoded, and stops when the session
        closes. Nothing comes out of a closing session."""
        if self.closing:
            return
        self.decoder.feed(data)
        try:
            for msg in self.decoder:
                self.last_rx = now
                yield self._gate(msg, now)
                if self.closing:
                    return
        except FrameError as exc:
            yield Broken(exc)

    def receive_body(self, body: bytes, now: float) -> Iterator[Inbound]:
        """One whole message without its length prefix (a WebSocket edge's binary message: one
        msgpack map), through the same gates as ``receive``'s frames. Nothing comes out of a
        closing session; a body that is not one map with a string ``t`` is ``Broken``."""
        if self.closing:
            return
        try:
            msg = decode_body(body)
        except FrameError as exc:
            yield Broken(exc)
            return
        self.last_rx = now
        yield self._gate(msg, now)

    def _gate(self, msg: dict, now: float) -> Inbound:
        lim = self.limits      # the rate bucket: ``rate`` tokens a second, up to ``burst``
        self.tokens = min(lim.burst, self.tokens + (now - self.last_refill) * lim.rate)
        self.last_refill = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
        else:
            self.dropped = max(0.0, self.dropped - (now - self.last_drop) * lim.rate) + 1.0
            self.last_drop = now
            if self.dropped > FLOOD * lim.burst:
                return Refusal("rate", f"over {lim.rate:g} messages per second, far past it: "
                                       "closed", msg, close=True)
            answer = now - self.last_rate_error >= 1.0
            if answer:
                self.last_rate_error = now
            return Refusal("rate", f"over {lim.rate:g} messages per second: messages dropped",
                           msg, answer=answer)
        t = msg["t"]
        if t == "hello" and self.name is None:
            proto = msg.get("proto")
            if type(proto) is int and proto != PROTO:
                # any other version, however big: the documented answer, never bad_field
                return Refusal("proto", f"this host speaks protocol {PROTO}, not {proto}", msg,
                               close=True)
        try:
            validate(msg, CLIENT)
        except MessageError as exc:
            return Refusal(exc.code, exc.message, msg)
        if self.name is None and t not in BEFORE_HELLO and not self.greeting:
            return Refusal("hello_first", "say hello first", msg)
        return msg

    def refund(self) -> None:
        """Accepted actions and undos do not count against the rate limit: the game itself
        paces them (each needs the state of the host's previous update)."""
        self.tokens = min(self.limits.burst, self.tokens + 1.0)

    # --- time ---------------------------------------------------------------------------------------
    def tick(self, now: float) -> Ping | Expired:
        """One tick of the host's ticker: a ping, or why the connection is closed (it completed
        no message for ``ping_timeout`` -- a sleeping laptop, a half-open connection, a peer
        trickling bytes -- or said no hello in that time)."""
        timeout = self.limits.ping_timeout
        if now - self.last_rx > timeout:
            return Expired(f"no message for {timeout:g} s")
        if self.name is None and now - self.opened > timeout:
            return Expired(f"no hello within {timeout:g} s")
        self.ping_n += 1
        return Ping({"t": "ping", "n": self.ping_n})

    def stalled(self, seconds: float, now: float) -> None:
        """The host did not run for ``seconds`` (its process was stopped): nothing could be
        heard meanwhile, so that time does not count as this connection's silence."""
        self.last_rx = min(now, self.last_rx + seconds)
        self.opened = min(now, self.opened + seconds)

    @property
    def greeted(self) -> bool:
        return self.name is not None

    @property
    def held(self) -> int:
        """Bytes of incomplete frames this session holds."""
        return self.decoder.buffered
