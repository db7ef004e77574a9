"""The client library: an asyncio client, and a thread-safe facade for a pygame loop.

Asyncio (tests, bots, tools)::

    c = AsyncClient("127.0.0.1", 47474, "Ana")
    await c.start()                       # connects, says hello, keeps reconnecting by itself
    welcome = await c.expect("welcome")
    c.send({"t": "create", "game": "tikal", "seats": 4})
    msg = await c.recv()
    await c.close()

Pygame (like python-chess's SimpleEngine: an asyncio loop on a background thread)::

    client = Client("127.0.0.1", 47474, "Ana")
    client.start()                        # returns at once
    ... every frame:
    for msg in client.poll():             # never blocks
        ...
    client.send({"t": "action", "state": n, "action": a})   # thread-safe, queues the message
    client.close()

Both deliver the host's messages as dicts (pings are answered by the library; a pong is
delivered when it answers a ping the application sent), plus local ``{"t": "link", ...}`` messages
that never travel on the wire: ``"connected"`` (the welcome follows), ``"lost"`` (with a
``reason``; the client is reconnecting), ``"closed"`` (for good: close() or reconnect off).

Sleep and drops: the client pings the host every ``ping_interval`` seconds and treats a host
silent for ``ping_timeout`` as gone; then it reconnects with growing pauses and, holding a seat
token (from ``seated`` or a ``welcome.resumed``), says hello with it and gets its seat back.
"""
from __future__ import annotations

import asyncio
import queue

from .loop_thread import LoopThread
from .messages import HOST, MessageError, Numbering, hello, validate
from .protocol import DEFAULT_PORT, FrameDecoder, FrameError, encode


class AsyncClient:
    def __init__(self, host: str = "127.0.0.1", port: int = DEFAULT_PORT, name: str = "Player",
                 *, token: str | None = None, reconnect: bool = True,
                 ping_interval: float = 5.0, ping_timeout: float = 15.0,
                 retry_delays=(0.1, 0.25, 0.5, 1.0, 2.0), validate_incoming: bool = False,
                 on_message=None, operator: str | None = None, local: str | None = None,
                 key: str | None = None):
        self.host, self.port, self.name = host, port, name
        self.token = token
        #: the player key (net/identity.py; docs/protocol.md section 2), said in every hello
        self.key = key
        #: the host's operator secret (the window of run_host.py: Host.party.operator), said in
        #: every hello: that connection may then start a new night (docs/protocol.md section 14)
        self.operator = operator
        #: the address to connect from (None: the system's choice); tests put a second player on
        #: another loopback address (127.0.0.2), as from another machine
        self.local = local
        #: the last state counter of our seat's table we saw: said with the token in a hello
        #: after a drop, so the host's recap starts there (docs/protocol.md section 14)
        self.seen: int | None = None
        self.reconnect = reconnect
        self.ping_interval, self.ping_timeout = ping_interval, ping_timeout
        self.retry_delays = retry_delays
        self.validate_incoming = validate_incoming
        #: called (on the loop) with every message instead of queueing it, if set
        self.on_message = on_message
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.welcome: dict | None = None
        self.table: int | None = None
        self.seat: int | None = None
        self.connected = False
        self.frame_tap = None     # called with every frame body received (tests scan them)
        self._writer: asyncio.StreamWriter | None = None
        self._runner: asyncio.Task | None = None
        self._closing = False
        #: what this connection sends is numbered here (``seq``): the one counter, the facade's too
        self.numbered = Numbering()
        self._connected_event = asyncio.Event()

    # --- public -----------------------------------------------------------------------------------
    async def start(self, wait: bool = True, timeout: float = 5.0):
        """Start the connection task; with ``wait``, return once the first connection is up."""
        self._runner = asyncio.ensure_future(self._run())
        if wait:
            await asyncio.wait_for(self._connected_event.wait(), timeout)

    def send(self, msg: dict) -> dict:
        """Queue ``msg`` for the host (numbered: ``numbered``, unless it has a ``seq``); returns
        it. Dropped when not connected (a ``link`` message said so)."""
        msg = self.numbered(msg)
        w = self._writer
        if w is not None and not w.is_closing():
            w.write(encode(msg))
        return msg

    def send_raw(self, data: bytes):
        """Bytes as they are (tests send broken frames with this)."""
        if self._writer is not None:
            self._writer.write(data)

    async def recv(self, timeout: float | None = None) -> dict:
        return await asyncio.wait_for(self.inbox.get(), timeout)

    async def expect(self, t: str, timeout: float = 5.0, pred=None) -> dict:
        """The next message of type ``t`` (matching ``pred``); others before it are dropped."""
        async def find():
            while True:
                m = await self.inbox.get()
                if m.get("t") == t and (pred is None or pred(m)):
                    return m
        return await asyncio.wait_for(find(), timeout)

    def drop_connection(self):
        """Cut the TCP connection abruptly (tests: a laptop that vanished); reconnects if on."""
        if self._writer is not None and self._writer.transport is not None:
            self._writer.transport.abort()

    async def close(self):
        self._closing = True
        self.connected = False
        if self._writer is not None and not self._writer.is_closing():
            try:
                self._writer.write(encode({"t": "bye"}))
                await self._writer.drain()
            except (ConnectionError, OSError):
                pass
            self._writer.close()
        if self._runner is not None:
            self._runner.cancel()
            try:
                await self._runner
            except (asyncio.CancelledError, Exception):
                pass

    # --- the connection loop ------------------------------------------------------------------------
    async def _run(self):
        attempt = 0
        while not self._closing:
            reason = "closed"
            try:
                reader, writer = await asyncio.open_connection(
                    self.host, self.port, local_addr=(self.local, 0) if self.local else None)
            except OSError as exc:
                reason = f"cannot connect: {exc}"
            else:
                attempt = 0
                reason = await self._session(reader, writer)
            self.connected = False
            self._writer = None
            if self._closing or not self.reconnect:
                self._deliver({"t": "link", "state": "closed", "reason": reason})
                return
            self._deliver({"t": "link", "state": "lost", "reason": reason})
            await asyncio.sleep(self.retry_delays[min(attempt, len(self.retry_delays) - 1)])
            attempt += 1

    async def _session(self, reader, writer) -> str:
        self._writer = writer
        self.connected = True
        self._deliver({"t": "link", "state": "connected"})
        writer.write(encode(self._hello()))
        self._connected_event.set()
        pinger = asyncio.ensure_future(self._pinger(writer))
        decoder = FrameDecoder()
        try:
            while True:
                try:
                    data = await asyncio.wait_for(reader.read(65536), self.ping_timeout)
                except asyncio.TimeoutError:
                    return f"the host was silent for {self.ping_timeout:g} s"
                if not data:
                    return "the host closed the connection"
                decoder.feed(data)
                for msg in decoder:
                    if self.frame_tap is not None:
                        self.frame_tap(msg)
                    self._on_host_message(writer, msg)
        except FrameError as exc:
            return f"bad frame from the host: {exc.message}"
        except (ConnectionError, OSError) as exc:
            return f"connection error: {exc}"
        finally:
            pinger.cancel()
            if writer.transport is not None:
                writer.transport.abort()

    def _hello(self) -> dict:
        """Our hello: the name, the player key and the operator secret every time, the seat
        token (and the last state seen) while we hold one."""
        return hello(self.name, self.token, operator=self.operator, key=self.key,
                     seen=self.seen if self.token else None)

    async def _pinger(self, writer):
        n = 0
        while True:
            await asyncio.sleep(self.ping_interval)
            n -= 1  # negative: the library's own pings, whose pongs it keeps to itself
            if writer.is_closing():
                return
            writer.write(encode({"t": "ping", "n": n}))

    def _on_host_message(self, writer, msg: dict):
        if self.validate_incoming:
            try:
                validate(msg, HOST)
            except MessageError as exc:
                msg = {"t": "link", "state": "invalid", "reason": exc.message, "msg": msg}
        t = msg.get("t")
        if t == "ping":
            writer.write(encode({"t": "pong", **({"n": msg["n"]} if "n" in msg else {})}))
            return
        if t == "pong" and msg.get("n", 0) < 0:
            return
        self._follow_seat(writer, t, msg)
        self._deliver(msg)

    def _follow_seat(self, writer, t, msg: dict) -> None:
        """The table and seat we hold (and our token, the last state seen) as the host's
        messages tell them."""
        if t == "welcome":
            self.welcome = msg
            resumed = msg.get("resumed")
            if resumed:
                self.table, self.seat = resumed["table"], resumed["seat"]
        elif t == "seated":
            self.token, self.table, self.seat = msg["token"], msg["table"], msg["seat"]
            self.seen = None
        elif t == "left":
            self.token, self.table, self.seat, self.seen = None, None, None, None
        elif t == "error" and msg.get("code") == "bad_token" and msg.get("ref") == "hello":
            # our seat is gone (the table ended while we were away): carry on without it
            self.token, self.table, self.seat = None, None, None
            writer.write(encode(self._hello()))
        elif t == "update" and msg.get("seat") is not None:
            self.table, self.seat, self.seen = msg["table"], msg["seat"], msg.get("state")

    def _deliver(self, msg: dict):
        if self.on_message is not None:
            self.on_message(msg)
        else:
            self.inbox.put_nowait(msg)


class Client:
    """Thread-safe facade over AsyncClient: its own asyncio loop on a daemon thread; ``poll()``
    and ``send()`` never block, so a pygame loop calls them every frame."""

    def __init__(self, host: str = "127.0.0.1", port: int = DEFAULT_PORT, name: str = "Player",
                 *, token: str | None = None, reconnect: bool = True, **kwargs):
        self._args = (host, port, name)
        self._kwargs = dict(token=token, reconnect=reconnect, **kwargs)
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._runner: LoopThread | None = None
        self._ac: AsyncClient | None = None

    @property
    def _loop(self) -> asyncio.AbstractEventLoop | None:
        return self._runner.loop if self._runner is not None else None

    def start(self) -> "Client":
        """Start the background thread and connect (returns at once; ``link`` messages tell the
        outcome)."""
        self._runner = LoopThread("tikal-client")
        self._runner.start()
        self._ac = AsyncClient(*self._args, on_message=self._queue.put, **self._kwargs)
        self._runner.call(self._ac.start(wait=False), 5.0)
        return self

    # --- the pygame side -------------------------------------------------------------------------
    def poll(self) -> list[dict]:
        """Every message received since the last call (host messages and ``link`` messages)."""
        out = []
        while True:
            try:
                out.append(self._queue.get_nowait())
            except queue.Empty:
                return out

    def numbered(self, msg: dict) -> dict:
        """``msg`` numbered by this connection's one counter (``AsyncClient.numbered``)."""
        assert self._ac is not None, "start() the client first"
        return self._ac.numbered(msg)

    def send(self, msg: dict) -> dict:
        """Queue ``msg`` for the host; returns it, numbered by its connection's counter
        (``AsyncClient.numbered``)."""
        loop, ac = self._loop, self._ac
        if ac is not None:
            msg = self.numbered(msg)
        if loop is not None and ac is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(ac.send, msg)
            except RuntimeError:  # the loop closed meanwhile
                pass
        return msg

    def wait_for(self, t: str, timeout: float = 5.0, pred=None) -> dict:
        """Blocking: the next message of type ``t`` (scripts and tests, not a pygame loop);
        messages before it are dropped."""
        import time

        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {t!r} message within {timeout} s")
            try:
                m = self._queue.get(timeout=left)
            except queue.Empty:
                continue
            if m.get("t") == t and (pred is None or pred(m)):
                return m

    @property
    def token(self) -> str | None:
        return self._ac.token if self._ac else None

    @property
    def table(self) -> int | None:
        return self._ac.table if self._ac else None

    @property
    def seat(self) -> int | None:
        return self._ac.seat if self._ac else None

    @property
    def connected(self) -> bool:
        return bool(self._ac and self._ac.connected)

    def close(self, timeout: float = 2.0):
        """Say bye, stop the thread."""
        runner, ac = self._runner, self._ac
        if runner is not None and ac is not None and runner.running:
            try:
                runner.call(ac.close(), timeout)
            except Exception:
                pass
            runner.stop(timeout)
