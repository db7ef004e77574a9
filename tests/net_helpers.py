"""Helpers of the network tests: a live host on 127.0.0.1:0, bot clients over real sockets, and a
scanner that checks frames for hidden information against the host's real hidden state."""
from __future__ import annotations

import asyncio
import contextlib
import functools
import secrets

from engine.bots import make_bot
from net.client import AsyncClient
from net.config import HostConfig
from net.host import Host
from net.protocol import decode_body

from waiting import HANG

#: Keys that only a snapshot may hold, anywhere in a message ...
HIDDEN_KEYS = {"stack", "deck", "rng", "seed"}
#: ... and at the top of a view (events use "dice" and "removed" for public things).
HIDDEN_VIEW_KEYS = {"tikal": {"stack"}, "tortuga": {"deck", "removed", "dice"}}


def run(coro_fn):
    """A test written as a coroutine function, run in a fresh event loop (how long it may take is
    pytest-timeout's business, never a clock of its own)."""
    @functools.wraps(coro_fn)
    def wrapper(*a, **kw):
        return asyncio.run(coro_fn(*a, **kw))
    return wrapper


@contextlib.asynccontextmanager
async def live_host(**cfg):
    cfg.setdefault("bind", "127.0.0.1")
    cfg.setdefault("port", 0)
    cfg.setdefault("announce", False)
    cfg.setdefault("rate", 5000.0)  # bot clients act far faster than people; floods test it low
    cfg.setdefault("burst", 5000.0)
    # no keep-alive pings nor silence cuts unless a test asks for them: on a busy machine a test's
    # raw connection may stay silent longer than the real defaults (5 s / 15 s) allow
    cfg.setdefault("ping_interval", 3600.0)
    cfg.setdefault("ping_timeout", 7200.0)
    scanner = cfg.pop("scanner", None)
    clock = cfg.pop("clock", None)      # the host's time: a test's (tests/fake_clock.py), if given
    host = Host(HostConfig(**cfg), clock=clock)
    host.test_clients = []
    if scanner is not None:
        scanner.host = host
        host.frame_tap = scanner.tap
    await host.start()
    try:
        yield host
    finally:
        for c in host.test_clients:
            await c.close()
        await host.stop()


def spare_loopback() -> str:
    """A loopback address for this test alone (127.x.y.z: every address of 127/8 is this machine's
    own). A host started again on the same port there never finds the port taken by another
    test's host or connection meanwhile, as it may on 127.0.0.1."""
    return f"127.{secrets.randbelow(200) + 50}.{secrets.randbelow(256)}.{secrets.randbelow(254) + 1}"


class PatientClient(AsyncClient):
    """The network client with a test's patience: its waits (``start``, ``expect``, ``recv``)
    default to ``waiting.HANG``, a guard against a hang only (the library's few seconds are for
    scripts on an idle machine; a test on a busy one waits for the message itself)."""

    async def start(self, wait: bool = True, timeout: float = HANG):
        return await super().start(wait, timeout)

    async def recv(self, timeout: float | None = HANG) -> dict:
        return await super().recv(timeout)

    async def expect(self, t: str, timeout: float = HANG, pred=None) -> dict:
        return await super().expect(t, timeout, pred)


async def connect(host_or_addr, name="P", **kw) -> PatientClient:
    addr = host_or_addr.address if isinstance(host_or_addr, Host) else host_or_addr
    kw.setdefault("validate_incoming", True)
    c = PatientClient(addr[0], addr[1], name, **kw)
    if isinstance(host_or_addr, Host):
        host_or_addr.test_clients.append(c)
    await c.start()
    await c.expect("welcome")
    return c


class BotClient:
    """A seat played over the socket by an engine bot; keeps every message it received."""

    def __init__(self, client: AsyncClient, game: str, level: str = "random", seed: int = 0):
        self.c, self.game, self.level, self.seed = client, game, level, seed
        self.bot = None
        self.last: dict | None = None
        self.received: list[dict] = []
        self.errors: list[dict] = []
        self.acted = 0

    async def play(self, timeout: float = HANG, stop_after: int | None = None, first: dict | None = None):
        """Play until the game is over (or after ``stop_after`` own actions); ``first``: a
        message already taken from the inbox (e.g. the resync after a rejoin). However long the
        game takes, only a hang fails: no message for ``timeout`` seconds (a limit on time
        without progress, never on the game's length)."""
        async def run():
            pending = [first] if first else []
            while True:
                m = pending.pop() if pending else await self.c.recv(timeout)
                self.received.append(m)
                t = m.get("t")
                if t == "link" and m["state"] == "invalid":
                    raise AssertionError(f"the host sent an invalid message: {m}")
                if t == "error":
                    self.errors.append(m)
                    if m["code"] not in ("stale",):
                        raise AssertionError(f"unexpected error {m}")
                if t != "update":
                    continue
                self.last = m
                if m["over"]:
                    return m
                if "legal" in m:
                    if stop_after is not None and self.acted >= stop_after:
                        return m
                    if self.bot is None or self.bot.seat != m["seat"]:
                        self.bot = make_bot(self.game, self.level, m["seat"], self.seed)
                    action = self.bot.choose(m["view"], m["legal"])
                    self.c.send({"t": "action", "state": m["state"], "action": action})
                    self.acted += 1
        return await run()


async def seat_clients(host: Host, game: str, seats: int, options=None, *, names=None,
                       bots_in_host: int = 0, level="random", keys=None, start: bool = True,
                       **client_kw) -> tuple[int, list]:
    """Connect ``seats - bots_in_host`` clients (``keys``: their player keys), create a table
    and seat them, put bots in the last seats, start (unless not ``start``: the owner sends it
    later). Returns (table id, clients in seat order)."""
    humans = seats - bots_in_host
    names = names or [f"P{i}" for i in range(humans)]
    keys = keys or [None] * humans
    clients = [await connect(host, names[i], key=keys[i], **client_kw) for i in range(humans)]
    owner = clients[0]
    owner.send({"t": "create", "game": game, "seats": seats, "options": options or {}})
    seated = await owner.expect("seated")
    tid = seated["table"]
    for c in clients[1:]:
        c.send({"t": "sit", "table": tid})
        await c.expect("seated")
        c.send({"t": "ready", "ready": True})
    for i in range(humans, seats):
        owner.send({"t": "bot", "seat": i, "level": level})
    # wait until the owner sees every seat filled and ready
    await owner.expect("table", pred=lambda m: all(
        p["kind"] != "empty" and p["ready"] for p in m["table"]["players"][1:]))
    if start:
        owner.send({"t": "start"})
    return tid, clients


def walk(obj, key=None):
    """Every (key, value) in a nested structure (key None for list items and the root)."""
    yield key, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk(v, k)
    elif isinstance(obj, list):
        for v in obj:
            yield from walk(v, None)


class HiddenScanner:
    """Checks every frame the host sends against the host's real hidden state at that moment:
    no snapshot-only key, no seed or generator state, not three tiles of the Tikal stack in their
    order, no kind of a face-down treasure, not the La Tortuga deck below its face-up card."""

    def __init__(self):
        self.host = None
        self.frames = 0
        self.updates = 0
        self.leaks: list[str] = []
        self._snaps: dict = {}

    def tap(self, conn_id: int, frame: bytes):
        self.frames += 1
        msg = decode_body(frame[4:])
        secrets_ = []
        for t in self.host.tables.values():
            if t.game is not None:
                key = (t.id, t.state, len(t.history))
                if key not in self._snaps:
                    self._snaps = {k: v for k, v in self._snaps.items() if k[0] != t.id}
                    self._snaps[key] = t.game.snapshot()
                secrets_.append((t, self._snaps[key]))
        if msg.get("t") == "update":
            self.updates += 1
        self.check(msg, secrets_)

    def check(self, msg: dict, tables):
        ints = set()
        for _t, snap in tables:
            for k in ("seed", "rng"):
                if isinstance(snap.get(k), int) and abs(snap[k]) > 10_000:
                    ints.add(snap[k])
        for key, value in walk(msg):
            if key in HIDDEN_KEYS:
                self.leaks.append(f"hidden key {key!r} in {msg.get('t')}")
            if type(value) is int and value in ints:
                self.leaks.append(f"seed/generator state in {msg.get('t')}")
            if isinstance(value, list):
                for _t, snap in tables:
                    self._check_list(value, snap, msg)
        if msg.get("t") == "update":
            bad = HIDDEN_VIEW_KEYS.get(msg["view"].get("game"), set()) & set(msg["view"])
            if bad:
                self.leaks.append(f"hidden keys {sorted(bad)} in a view")
            for t, snap in tables:
                if t.id == msg["table"] and snap.get("game") == "tikal":
                    self._check_treasures(msg["view"], snap)

    def _check_list(self, value: list, snap: dict, msg: dict):
        stack = snap.get("stack") if snap.get("game") == "tikal" else None
        if stack and len(stack) >= 3 and len(value) >= 3 and all(type(x) is str for x in value):
            triples = {tuple(stack[j:j + 3]) for j in range(len(stack) - 2)}
            if any(tuple(value[i:i + 3]) in triples for i in range(len(value) - 2)):
                self.leaks.append(f"tile stack order in {msg.get('t')}")
        if snap.get("game") == "tortuga":
            # Cards and dice are small ints: a public list (a hand, a stack) equals a short
            # hidden one by chance now and then, so only lists long enough to mean a leak count.
            hidden = list(snap.get("deck", [])[1:])
            if len(hidden) >= 6 and value == hidden:
                self.leaks.append(f"deck order in {msg.get('t')}")
            dice = snap.get("dice", [])   # the dice to come (drawn 20 at a time)
            if len(value) >= 8 and value == dice[:len(value)]:
                self.leaks.append(f"the next dice in {msg.get('t')}")

    def _check_treasures(self, view: dict, snap: dict):
        down = {tuple(t["hex"]): t["treasures"] for t in snap.get("tiles", [])
                if isinstance(t.get("treasures"), list) and t["treasures"]}
        for t in view.get("tiles", []):
            if tuple(t.get("hex", ())) in down and not isinstance(t.get("treasures"), int):
                self.leaks.append(f"face-down treasures shown at {t['hex']}: {t.get('treasures')}")


class Holds:
    """A route of the server's that answers only when the test says (``free(n)``): a request held
    there keeps its connection's place busy (one answering a request is never made to give it
    up), as a page's requests do while a slow phone reads them."""

    def __init__(self, server):
        self.gates: list[asyncio.Event] = []
        self.open = False          # every request answered at once (``free_all``)
        server.route("/hold", self.handle)

    async def handle(self, req, reply):
        gate = asyncio.Event()
        self.gates.append(gate)
        if not self.open:
            await gate.wait()
        await reply.send(200, b"held\n")

    def free(self, n: int = 1) -> None:
        for gate in [g for g in self.gates if not g.is_set()][:n]:
            gate.set()

    def free_all(self) -> None:
        """Every request held answered, and the ones still to come at once."""
        self.open = True
        self.free(len(self.gates))
