"""LAN discovery: hosts announce themselves over mDNS/DNS-SD, browsers list the hosts that answer.

A host registers one service of type ``_tikal-lan._tcp.local.``: its SRV/A records carry the TCP
port and the addresses it serves on, its TXT record (all values strings):

    proto   protocol version ("1", net.protocol.PROTO)
    name    the host's name (run_host.py --name)
    games   games offered, comma-separated ("tikal,tortuga")
    free    free seats over all open tables ("3")
    ...     any extra key given to the Announcer (e.g. "tables")

A browser lists a host only after a real check over TCP: connect, ``hello``, a valid ``welcome``,
``bye`` (docs/protocol.md section 2). The hello round trip is the host's ping. A listed host is
checked again every second; two failed checks in a row (refused, closed, timed out, or not a
welcome) drop it, and so does its service's goodbye: a killed host goes within ~1.5 s, a host that
went silent (laptop asleep, cable out) within ~4 s. A dropped host whose service is still known
keeps being checked, with back-off, and comes back when it answers.

Announcing, from the host's event loop (net/host.py):

    ann = Announcer("Kitchen laptop", port, games=["tikal", "tortuga"], free_seats=3,
                    interfaces=interfaces_for_bind(bind))   # None: every interface
    await ann.start()
    await ann.update(free_seats=2)     # whenever seats change; a no-op if the TXT is unchanged
    await ann.stop()                   # goodbye packets, then the zeroconf sockets close

Browsing, from an event loop:

    browser = Browser(interfaces=["127.0.0.1"])
    await browser.start()
    hosts = await browser.wait_until(lambda hs: hs, timeout=2)   # the predicate's value
    await browser.stop()

Browsing from pygame (the loop polls each frame, never blocks):

    finder = BrowserThread(interfaces=None).start()   # its own loop thread, or loop=<a running
    hosts = finder.poll()        # list[FoundHost] if changed since the last poll, else None
    finder.close()               #  loop of another thread, e.g. the client library's>

Network safety: zeroconf binds only to the given interfaces (tests pass ["127.0.0.1"] or a test
namespace's address); ``None`` means every interface and is for real use only. IPv4 only.

Two deliberate departures from zeroconf's defaults, both for speed on a LAN:
- The announcer's instance name is unique by construction (a hash of name, port and addresses,
  stable across restarts), so it registers without the ~1.5 s of name probing.
- Every question is QM (answers by multicast): several mDNS stacks on one machine share port 5353
  and a unicast answer reaches only one of them. To list running hosts at once, the browser also
  sends a one-shot query from an ephemeral port (RFC 6762 section 5.1), which responders answer
  by unicast immediately instead of after the 20-120 ms delay of shared records; the hosts an
  answer names are checked at once, from the answer's own records (read here: zeroconf's public
  API has no one-shot query).

zeroconf is used through its public API only (``zeroconf.__all__``, ``zeroconf.asyncio.__all__``),
and imported only when announcing or browsing starts: a host with ``--no-announce`` never loads
it. pyproject.toml bounds it to the versions tests/test_discovery.py was run with.
"""
from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
import socket
import struct
import threading
import time
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Iterable, Mapping, Sequence

import engine

from .loop_thread import LoopThread
from .messages import NAME_MAX, hello, is_welcome
from .protocol import PROTO, FrameDecoder, FrameError, encode

if TYPE_CHECKING:   # zeroconf is imported where announcing or browsing starts, never before
    from zeroconf import ServiceInfo, ServiceStateChange
    from zeroconf.asyncio import AsyncServiceBrowser, AsyncZeroconf

log = logging.getLogger(__name__)

SERVICE_TYPE = "_tikal-lan._tcp.local."
#: TTL of every record we announce (s): a host gone without a goodbye leaves caches after this.
TTL = 120
#: Seconds between two checks of a listed host.
RECHECK = 1.0
#: Seconds before checking again after a failed check.
RETRY = 0.3
#: Seconds allowed for connect + hello + welcome.
CHECK_TIMEOUT = 1.2
#: Consecutive failed checks that drop a listed host.
DROP_AFTER = 2
#: Longest pause between checks of a dropped host whose service is still known.
MAX_BACKOFF = 8.0
#: How long the one-shot query's socket waits for answers (s).
ONE_SHOT_WINDOW = 0.5
#: Name sent in the checking hello.
PROBE_NAME = "discovery"
PROBE_CLIENT = "tikal-lan-discovery"


# --------------------------------------------------------------------------- TXT and interfaces

def txt_properties(name: str, games: Iterable[str], free_seats: int,
                   extra: Mapping[str, object] | None = None) -> dict[str, str]:
    """The TXT properties of a host (see the module docstring)."""
    props = {"proto": str(PROTO), "name": name, "games": ",".join(games),
             "free": str(int(free_seats))}
    for key, value in (extra or {}).items():
        if key in props:
            raise ValueError(f"TXT key {key!r} is reserved")
        props[key] = str(value)
    return props


def parse_txt(props: Mapping) -> dict:
    """What a browser reads from TXT properties (bytes or str keys/values); never raises:
    a missing or malformed field gets a neutral value (proto None, free seats 0)."""
    d = {}
    for k, v in props.items():
        k = k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)
        v = v.decode("utf-8", "replace") if isinstance(v, bytes) else ("" if v is None else str(v))
        d[k] = v
    proto, free = d.pop("proto", ""), d.pop("free", "")
    return {
        "proto": int(proto) if _DIGITS.fullmatch(proto) else None,
        "name": d.pop("name", ""),
        "games": tuple(g for g in d.pop("games", "").split(",") if g),
        "free_seats": int(free) if _DIGITS.fullmatch(free) else 0,
        "extra": d,
    }


_DIGITS = re.compile(r"[0-9]{1,9}")


def interfaces_for_bind(bind: str | None) -> list[str] | None:
    """The ``interfaces`` argument for a host serving on ``bind`` (run_host.py --bind): None
    (every interface) for a wildcard, else just that IPv4 address (a name is resolved)."""
    if bind in (None, "", "0.0.0.0", "::"):
        return None
    return [socket.gethostbyname(bind)]


def ipv4_addresses(loopback: bool = True) -> list[str]:
    """This machine's IPv4 addresses (used only when no interfaces are given)."""
    import ifaddr  # a dependency of zeroconf
    out = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and (loopback or not ip.ip.startswith("127.")):
                out.append(ip.ip)
    return out


def reach_addresses(bind: str | None, port: int, lan: Sequence[str] | None = None) -> list[str]:
    """Where players on other machines can reach a host serving on ``bind``:``port``: one
    ``"ip:port"`` per non-loopback IPv4 address of this machine (only the bound one when bound),
    none when the host serves on loopback only. Reads the interfaces; sends nothing. ``lan``
    (``HostConfig.lan``): the addresses to say instead, as they are (the interfaces unread)."""
    if lan is not None:
        return [f"{ip}:{port}" for ip in lan]
    try:
        ips = interfaces_for_bind(bind)
        if ips is None:
            ips = ipv4_addresses(loopback=False)
    except (OSError, ImportError):
        return []
    return [f"{ip}:{port}" for ip in ips if not ip.startswith("127.")]


def _zc_interfaces(interfaces: list[str] | None):
    from zeroconf import InterfaceChoice
    return InterfaceChoice.All if interfaces is None else list(interfaces)


def _label(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")[:40] or "host"


# --------------------------------------------------------------------------- the one-shot query
# RFC 6762 section 5.1: a query from an ephemeral port is answered at once, by unicast. zeroconf's
# public API cannot send one, so it is written and its answer read here (RFC 1035's format).
MDNS_ADDR, MDNS_PORT = "224.0.0.251", 5353
TYPE_A, TYPE_PTR, TYPE_TXT, TYPE_SRV = 1, 12, 16, 33
CLASS_IN = 1


def _dns_name(name: str) -> bytes:
    return b"".join(bytes([len(b)]) + b for b in (p.encode("utf-8") for p in name.rstrip(".").split("."))) + b"\0"


def one_shot_query(query_id: int) -> bytes:
    """A standard query (flags 0) for the PTR records of our service type."""
    return (struct.pack(">HHHHHH", query_id, 0, 1, 0, 0, 0) + _dns_name(SERVICE_TYPE)
            + struct.pack(">HH", TYPE_PTR, CLASS_IN))


def _read_name(data: bytes, at: int) -> tuple[str, int]:
    """The (possibly compressed) name at ``at``, and where the record goes on after it."""
    labels: list[str] = []
    end: int | None = None
    jumps = 0
    while True:
        n = data[at]
        if n & 0xC0 == 0xC0:                     # a pointer to an earlier name
            if end is None:
                end = at + 2
            at = ((n & 0x3F) << 8) | data[at + 1]
            jumps += 1
            if jumps > 32:
                raise ValueError("a loop of name pointers")
            continue
        if n == 0:
            return ".".join(labels) + ".", end if end is not None else at + 1
        labels.append(data[at + 1:at + 1 + n].decode("utf-8", "replace"))
        at += 1 + n


def dns_records(data: bytes) -> list[tuple[str, int, int, object]]:
    """The records of a DNS response: (name, type, ttl, value) with value the PTR's name, the
    SRV's (port, target), the TXT's {key: value}, the A's address, else the raw bytes. A packet
    that is not a well-formed response gives []."""
    try:
        qid, flags, qd, an, ns, ar = struct.unpack_from(">HHHHHH", data)
        if not flags & 0x8000:
            return []
        at = 12
        for _ in range(qd):
            at = _read_name(data, at)[1] + 4
        out = []
        for _ in range(an + ns + ar):
            name, at = _read_name(data, at)
            rtype, _cls, ttl, length = struct.unpack_from(">HHIH", data, at)
            at += 10
            rdata = data[at:at + length]
            if len(rdata) != length:
                return []
            out.append((name, rtype, ttl, _record_value(data, at, rtype, rdata)))
            at += length
        return out
    except (struct.error, IndexError, ValueError):
        return []


def _record_value(data: bytes, at: int, rtype: int, rdata: bytes) -> object:
    """A record's value (see ``dns_records``); ``rdata`` is its data, at ``at`` in the packet
    (a PTR's or SRV's name may point back into it)."""
    if rtype == TYPE_PTR:
        return _read_name(data, at)[0]
    if rtype == TYPE_SRV:
        return (struct.unpack_from(">H", data, at + 4)[0], _read_name(data, at + 6)[0])
    if rtype == TYPE_TXT:
        return _txt_items(rdata)
    if rtype == TYPE_A and len(rdata) == 4:
        return socket.inet_ntoa(rdata)
    return rdata


def _txt_items(rdata: bytes) -> dict[bytes, bytes]:
    """A TXT record's strings as {key: value} (the first of a repeated key wins)."""
    txt: dict[bytes, bytes] = {}
    i = 0
    while i < len(rdata):
        item = rdata[i + 1:i + 1 + rdata[i]]
        key, _, val = item.partition(b"=")
        txt.setdefault(key, val)
        i += 1 + rdata[i]
    return txt


def services_in_answer(data: bytes) -> dict[str, dict]:
    """The services of our type an answer names, each with what the answer tells of it:
    ``port``, ``addresses`` (IPv4), ``txt`` (the raw TXT properties) when present."""
    records = dns_records(data)
    services: dict[str, dict[str, Any]] = {str(value): {} for name, rtype, ttl, value in records
                                           if _names_ours(name, rtype, ttl, value)}
    _port_and_txt(services, records)
    for found in services.values():
        server = str(found.get("server", "")).lower()
        found["addresses"] = [value for name, rtype, _, value in records
                              if rtype == TYPE_A and name.lower() == server]
    return services


def _port_and_txt(services: dict, records: list) -> None:
    """Each service's SRV (``port``, ``server``) and TXT (``txt``) from the records."""
    for name, rtype, _ttl, value in records:
        if name in services and rtype == TYPE_SRV and isinstance(value, tuple):
            services[name]["port"], services[name]["server"] = value
        elif name in services and rtype == TYPE_TXT:
            services[name]["txt"] = value


def _names_ours(name: str, rtype: int, ttl: int, value: object) -> bool:
    """Whether a record is a live PTR of our service type (naming one of its instances)."""
    return rtype == TYPE_PTR and ttl > 0 and name.lower() == SERVICE_TYPE.lower() \
        and isinstance(value, str)


# --------------------------------------------------------------------------- announcing

class Announcer:
    """Registers this host's service and keeps its TXT up to date. Runs on the host's loop."""

    def __init__(self, name: str, port: int, games: Iterable[str], free_seats: int, *,
                 interfaces: list[str] | None = None, extra: Mapping[str, object] | None = None):
        self.name = name
        self.port = int(port)
        self.games = list(games)
        self.free_seats = int(free_seats)
        self.extra = dict(extra or {})
        self.interfaces = list(interfaces) if interfaces else None
        self.addresses = self.interfaces or ipv4_addresses(loopback=False) or ["127.0.0.1"]
        key = f"{name}|{self.port}|{','.join(sorted(self.addresses))}"
        ident = hashlib.sha1(key.encode()).hexdigest()[:8]
        #: The service instance's full name (fixed; ``update(name=...)`` changes only the TXT).
        self.service_name = f"{_label(name)}-{ident}.{SERVICE_TYPE}"
        self._server = f"tikal-{ident}.local."
        self._zc: AsyncZeroconf | None = None
        self._info: ServiceInfo | None = None
        self._broadcasts: set[asyncio.Future] = set()
        self._soon_task: asyncio.Task | None = None

    def properties(self) -> dict[str, str]:
        return txt_properties(self.name, self.games, self.free_seats, self.extra)

    @property
    def running(self) -> bool:
        return self._info is not None

    def _service_info(self) -> ServiceInfo:
        from zeroconf import ServiceInfo

        return ServiceInfo(SERVICE_TYPE, self.service_name,
                           addresses=[socket.inet_aton(a) for a in self.addresses],
                           port=self.port, properties=self.properties(), server=self._server,
                           host_ttl=TTL, other_ttl=TTL)

    def _keep(self, aw: Awaitable[Any]) -> None:
        # The announcement's repeats run in the background; keep a reference until they finish.
        fut = asyncio.ensure_future(aw)   # (zeroconf hands back a future already)
        self._broadcasts.add(fut)
        fut.add_done_callback(self._broadcasts.discard)

    async def start(self) -> None:
        """Register and announce (the first announcement goes out at once). Raises OSError if an
        interface cannot be used."""
        if self._zc is not None:
            raise RuntimeError("announcer already started")
        from zeroconf import IPVersion
        from zeroconf.asyncio import AsyncZeroconf

        self._zc = AsyncZeroconf(interfaces=_zc_interfaces(self.interfaces),
                                 ip_version=IPVersion.V4Only)
        try:
            info = self._service_info()
            self._keep(await self._zc.async_register_service(info, cooperating_responders=True))
            self._info = info
        except BaseException:
            await self._zc.async_close()
            self._zc = None
            raise

    async def update(self, *, free_seats: int | None = None, games: Iterable[str] | None = None,
                     name: str | None = None, **extra) -> bool:
        """Change TXT values (``extra`` keys are added or replaced) and announce the change if
        anything changed. Returns whether it did. Before start it only records the values."""
        self._apply(free_seats=free_seats, games=games, name=name, **extra)
        return await self._announce()

    def update_soon(self, *, free_seats: int | None = None, games: Iterable[str] | None = None,
                    name: str | None = None, **extra) -> None:
        """``update`` for synchronous code running on the announcer's loop (e.g. the host's lobby
        handlers): records the values at once and announces them on a later loop turn (several
        calls in a row make one announcement)."""
        self._apply(free_seats=free_seats, games=games, name=name, **extra)
        if self._soon_task is None and self._zc is not None:
            self._soon_task = asyncio.get_running_loop().create_task(self._announce_soon())

    def _apply(self, *, free_seats, games, name, **extra) -> None:
        reserved = set(extra) & {"proto", "name", "games", "free"}
        if reserved:
            raise ValueError(f"TXT keys {sorted(reserved)} are reserved")
        if free_seats is not None:
            self.free_seats = int(free_seats)
        if games is not None:
            self.games = list(games)
        if name is not None:
            self.name = name
        self.extra.update(extra)

    async def _announce_soon(self) -> None:
        try:
            while await self._announce():   # until values changed meanwhile are out too
                pass
        finally:
            self._soon_task = None

    async def _announce(self) -> bool:
        if self._zc is None or self._info is None:
            return False
        info = self._service_info()
        if info.properties == self._info.properties:
            return False
        self._info = info
        self._keep(await self._zc.async_update_service(info))
        return True

    async def stop(self) -> None:
        """Say goodbye (browsers drop the host at once) and close the sockets. Idempotent."""
        zc, info, self._zc, self._info = self._zc, self._info, None, None
        if zc is None:
            return
        if self._soon_task is not None:
            self._soon_task.cancel()
        for fut in list(self._broadcasts):
            fut.cancel()
        try:
            if info is not None:
                await (await zc.async_unregister_service(info))
        finally:
            await zc.async_close()

    async def __aenter__(self) -> "Announcer":
        await self.start()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.stop()


async def announce_host(host) -> Announcer:
    """Announce a running ``net.host.Host`` (called by its ``start()``): its configured name, its
    port, every game it serves, its free seats, on the interfaces of its ``--bind`` address.
    Keep the TXT current with ``announcer.update_soon(free_seats=host.free_seats())``."""
    ann = Announcer(host.config.name, host.address[1], games=list(engine.GAMES),
                    free_seats=host.free_seats(), extra={"tables": len(host.tables)},
                    interfaces=interfaces_for_bind(host.config.bind))
    await ann.start()
    return ann


# --------------------------------------------------------------------------- checking a host

class CheckFailed(Exception):
    """A host did not answer ``hello`` with a valid ``welcome``."""


async def check_host(address: str, port: int, *, name: str = PROBE_NAME,
                     timeout: float = CHECK_TIMEOUT) -> tuple[dict, float]:
    """Connect, send hello, wait for a welcome, say bye. Returns (welcome, round trip in ms);
    raises CheckFailed on any failure (refused, closed, timed out, bad frame, not a welcome)."""
    writer, ok = None, False
    try:
        async with asyncio.timeout(timeout):
            reader, writer = await asyncio.open_connection(address, port)
            started = time.perf_counter()
            writer.write(encode(hello(name, client=PROBE_CLIENT)))
            decoder = FrameDecoder()
            while (msg := decoder.next_message()) is None:
                data = await reader.read(65536)
                if not data:
                    raise CheckFailed("closed before answering hello")
                decoder.feed(data)
            rtt_ms = (time.perf_counter() - started) * 1000.0
            if not is_welcome(msg):
                raise CheckFailed(f"answered hello with {msg.get('t')!r}, not a valid welcome")
            writer.write(encode({"t": "bye"}))
            ok = True
            return msg, rtt_ms
    except CheckFailed:
        raise
    except (OSError, TimeoutError, FrameError) as exc:
        raise CheckFailed(f"{type(exc).__name__}: {exc}") from None
    finally:
        if writer is not None:
            # After a welcome: flush the bye, then FIN. Otherwise: reset, wait for nothing.
            writer.close() if ok else writer.transport.abort()


# --------------------------------------------------------------------------- browsing

@dataclass(frozen=True)
class FoundHost:
    """One listed host, as the host browser shows it."""
    service: str            # the zeroconf service name (unique key)
    name: str
    address: str
    port: int
    games: tuple[str, ...]
    free_seats: int
    ping_ms: float          # the last hello -> welcome round trip
    proto: int
    extra: dict = field(default_factory=dict, hash=False)   # other TXT keys

    def as_dict(self) -> dict:
        d = asdict(self)
        d["games"] = list(self.games)
        return d


@dataclass
class _Tracked:
    service: str
    wake: asyncio.Event
    task: asyncio.Task | None = None
    addresses: list[str] = field(default_factory=list)
    port: int = 0
    txt: dict | None = None
    stale: bool = True          # the service's records changed: read them again
    fails: int = 0
    checks: int = 0
    error: str | None = None
    listed: FoundHost | None = None
    checked_at: float = 0.0


class Browser:
    """Lists the hosts that answer hello. Runs on one event loop; ``hosts()``/``snapshot()`` are
    thread-safe. ``on_change(hosts)`` callbacks run on the loop thread after each change."""

    def __init__(self, *, interfaces: list[str] | None = None, player_name: str = PROBE_NAME,
                 on_change: Callable[[list[FoundHost]], None] | None = None,
                 recheck: float = RECHECK, retry: float = RETRY,
                 timeout: float = CHECK_TIMEOUT, drop_after: int = DROP_AFTER):
        self.interfaces = list(interfaces) if interfaces else None
        self.player_name = (player_name.strip() or PROBE_NAME)[:NAME_MAX]   # hello's limits
        self.recheck, self.retry = recheck, retry
        self.timeout, self.drop_after = timeout, drop_after
        self._on_change = on_change
        self._cond = threading.Condition()
        self._snapshot: tuple[FoundHost, ...] = ()
        self._version = 0
        self._tracked: dict[str, _Tracked] = {}
        self._changed: asyncio.Event | None = None
        self._aiozc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._one_shots: set[asyncio.DatagramTransport] = set()

    # ---- thread-safe reading
    def hosts(self) -> list[FoundHost]:
        with self._cond:
            return list(self._snapshot)

    def snapshot(self) -> tuple[int, list[FoundHost]]:
        """(version, hosts): the version grows by one at every change of the list."""
        with self._cond:
            return self._version, list(self._snapshot)

    def status(self) -> dict[str, dict]:
        """Every service seen, listed or not (loop thread only): service name ->
        {"listed": bool, "checks": int, "fails": int (in a row), "error": str | None}."""
        return {name: {"listed": t.listed is not None, "checks": t.checks, "fails": t.fails,
                       "error": t.error} for name, t in self._tracked.items()}

    # ---- life cycle (on the loop)
    async def start(self) -> None:
        if self._aiozc is not None:
            raise RuntimeError("browser already started")
        from zeroconf import DNSQuestionType, IPVersion
        from zeroconf.asyncio import AsyncServiceBrowser, AsyncZeroconf

        self._loop = asyncio.get_running_loop()
        self._changed = asyncio.Event()
        self._aiozc = AsyncZeroconf(interfaces=_zc_interfaces(self.interfaces),
                                    ip_version=IPVersion.V4Only)
        self._browser = AsyncServiceBrowser(self._aiozc.zeroconf, SERVICE_TYPE,
                                            handlers=[self._on_service_state_change],
                                            question_type=DNSQuestionType.QM)
        self._aiozc.zeroconf.async_add_listener(_record_watch(self._on_record), None)
        await self.refresh()

    async def stop(self) -> None:
        aiozc, browser, self._aiozc, self._browser = self._aiozc, self._browser, None, None
        if aiozc is None:
            return
        for t in self._one_shots:
            t.close()
        self._one_shots.clear()
        tasks = [t.task for t in self._tracked.values() if t.task]
        self._tracked.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if browser is not None:
            await browser.async_cancel()
        await aiozc.async_close()
        self._publish()

    async def __aenter__(self) -> "Browser":
        await self.start()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.stop()

    async def wait_until(self, predicate: Callable[[list[FoundHost]], object], timeout: float):
        """Wait until ``predicate(hosts)`` is true and return its value (like
        ``threading.Condition.wait_for``); TimeoutError after ``timeout`` s. The predicate is
        tried again after every change of the list and every check (so it may also look at
        ``status()``)."""
        async with asyncio.timeout(timeout):
            while True:
                result = predicate(self.hosts())
                if result:
                    return result
                assert self._changed is not None   # (set by start)
                await self._changed.wait()

    async def refresh(self) -> None:
        """Ask every interface at once which hosts are there (the one-shot query)."""
        # A fresh query id each time: responders drop a packet identical to one seen in the last
        # 800 ms as a duplicate.
        packet = one_shot_query(secrets.randbelow(0xFFFF) + 1)
        for address in self.interfaces or ipv4_addresses(loopback=True):
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            try:
                sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF,
                                socket.inet_aton(address))
                sock.bind((address, 0))
            except OSError as exc:
                sock.close()
                log.debug("one-shot query on %s impossible: %s", address, exc)
                continue
            transport, _ = await self._loop.create_datagram_endpoint(
                lambda: _OneShotProtocol(self._on_one_shot_answer), sock=sock)
            self._one_shots.add(transport)
            transport.sendto(packet, (MDNS_ADDR, MDNS_PORT))
            self._loop.call_later(ONE_SHOT_WINDOW, self._close_one_shot, transport)

    def _close_one_shot(self, transport) -> None:
        self._one_shots.discard(transport)
        transport.close()

    def _on_one_shot_answer(self, data: bytes, addr) -> None:
        """A responder's answer to the one-shot query: each host it names is tracked (and
        checked) at once, from the records of the answer when they are complete."""
        if self._aiozc is None or addr[1] != MDNS_PORT:
            return
        for service, found in services_in_answer(data).items():
            tracked = self._track(service)
            if found.get("port") and found.get("addresses") and found.get("txt") is not None:
                tracked.addresses, tracked.port = found["addresses"], found["port"]
                tracked.txt, tracked.stale = parse_txt(found["txt"]), False
            tracked.wake.set()

    def _track(self, name: str) -> _Tracked:
        tracked = self._tracked.get(name)
        if tracked is None:
            tracked = self._tracked[name] = _Tracked(name, asyncio.Event())
            tracked.task = self._loop.create_task(self._watch(tracked))
        return tracked

    # ---- zeroconf events (on the loop; zeroconf passes these by keyword)
    def _on_service_state_change(self, zeroconf, service_type: str, name: str,
                                 state_change: ServiceStateChange) -> None:
        from zeroconf import ServiceStateChange

        if self._aiozc is None:
            return
        if state_change is ServiceStateChange.Removed:
            tracked = self._tracked.pop(name, None)
            if tracked is not None and tracked.task is not None:
                tracked.task.cancel()
                if tracked.listed is not None:
                    self._publish()
            return
        tracked = self._track(name)
        tracked.stale = True
        tracked.wake.set()

    def _on_record(self, record) -> None:
        # Any fresh record of a known service that is not listed (a host restarted under the
        # same name re-announces records the cache still holds, so zeroconf reports no change):
        # check it now rather than at the end of its back-off.
        name = record.alias if record.type == TYPE_PTR else record.name
        tracked = self._tracked.get(name)
        if tracked is not None and tracked.listed is None and record.ttl > 0:
            tracked.stale = True
            tracked.wake.set()

    # ---- checking
    async def _watch(self, t: _Tracked) -> None:
        delay = 0.0
        while True:
            if delay > 0:
                try:
                    async with asyncio.timeout(delay):
                        await t.wake.wait()
                except TimeoutError:
                    pass
            t.wake.clear()
            try:
                ok = await self._check(t)
            except Exception as exc:  # never let one service's watcher die
                log.exception("discovery: checking %s failed", t.service)
                t.error, ok = f"{type(exc).__name__}: {exc}", False
            t.checks += 1
            self._pulse()
            if ok:
                t.fails = 0
                delay = self.recheck
            else:
                t.fails += 1
                if t.fails >= self.drop_after and t.listed is not None:
                    t.listed = None
                    self._publish()
                behind = t.fails - self.drop_after
                delay = self.retry if behind < 0 else min(self.recheck * 2 ** behind, MAX_BACKOFF)

    async def _resolve(self, t: _Tracked) -> None:
        from zeroconf import DNSQuestionType, IPVersion
        from zeroconf.asyncio import AsyncServiceInfo

        info = AsyncServiceInfo(SERVICE_TYPE, t.service)
        assert self._aiozc is not None   # (resolving happens between start and stop)
        if await info.async_request(self._aiozc.zeroconf, 1000, question_type=DNSQuestionType.QM):
            t.addresses = info.parsed_addresses(IPVersion.V4Only)
            t.port = info.port or 0
            t.txt = parse_txt(info.properties or {})
            t.stale = False

    async def _check(self, t: _Tracked) -> bool:
        if t.stale or t.txt is None:
            await self._resolve(t)
        if t.txt is None or not t.addresses:
            t.error = "no address known"
            return False
        if t.txt["proto"] not in (None, PROTO):
            t.error = f"protocol version {t.txt['proto']}, not {PROTO}"
            return False
        # The address that answered last time first.
        addresses = sorted(t.addresses, key=lambda a: a != (t.listed and t.listed.address))
        for address in addresses:
            try:
                welcome, rtt = await check_host(address, t.port, name=self.player_name,
                                                timeout=self.timeout)
            except CheckFailed as exc:
                log.debug("check of %s at %s:%s failed: %s", t.service, address, t.port, exc)
                t.error = f"{address}:{t.port}: {exc}"
                continue
            txt = t.txt
            t.error = None
            t.checked_at = time.monotonic()
            t.listed = FoundHost(service=t.service, name=txt["name"] or welcome["host"],
                            address=address, port=t.port, games=txt["games"],
                            free_seats=txt["free_seats"], ping_ms=round(rtt, 2),
                            proto=welcome["proto"], extra=txt["extra"])
            self._publish()
            return True
        return False

    def _pulse(self) -> None:
        if self._changed is not None:
            self._changed.set()
            self._changed = asyncio.Event()

    def _publish(self) -> None:
        # One entry per address and port (a restarted host may linger under an old name).
        best: dict[tuple[str, int], _Tracked] = {}
        for t in self._tracked.values():
            if t.listed is not None:
                key = (t.listed.address, t.listed.port)
                if key not in best or t.checked_at > best[key].checked_at:
                    best[key] = t
        hosts = tuple(sorted((t.listed for t in best.values() if t.listed is not None),
                             key=lambda h: (h.name.lower(), h.address, h.port)))
        with self._cond:
            if hosts == self._snapshot:
                return
            self._snapshot = hosts
            self._version += 1
            self._cond.notify_all()
        self._pulse()
        if self._on_change is not None:
            try:
                self._on_change(list(hosts))
            except Exception:  # a broken callback must not stop discovery
                log.exception("discovery on_change callback failed")


def _record_watch(on_record):
    """A zeroconf record listener calling ``on_record(record)`` for every record received (the
    class is made when browsing starts: zeroconf is not imported before)."""
    from zeroconf import RecordUpdateListener

    class RecordWatch(RecordUpdateListener):
        def async_update_records(self, zc, now, records) -> None:
            for update in records:
                on_record(update.new)

        def async_update_records_complete(self) -> None:
            pass

    return RecordWatch()


class _OneShotProtocol(asyncio.DatagramProtocol):
    def __init__(self, on_datagram):
        self.on_datagram = on_datagram

    def datagram_received(self, data, addr):
        self.on_datagram(data, addr)

    def error_received(self, exc):  # pragma: no cover - ICMP errors on a UDP socket
        log.debug("one-shot query socket: %s", exc)


# --------------------------------------------------------------------------- pygame facade

class BrowserThread:
    """A Browser for synchronous code (the pygame client): runs on its own loop thread, or on
    ``loop``, an event loop already running in another thread (e.g. the client library's)."""

    def __init__(self, *, loop: asyncio.AbstractEventLoop | None = None, **browser_kwargs):
        self.browser = Browser(**browser_kwargs)
        self._runner = None if loop is not None else LoopThread("discovery-loop")
        self._loop = loop
        self._seen = -1

    def start(self, timeout: float = 5.0) -> "BrowserThread":
        if self._runner is not None:
            self._loop = self._runner.start()
        try:
            asyncio.run_coroutine_threadsafe(self.browser.start(), self._running()).result(timeout)
        except BaseException:
            if self._runner is not None:
                self._runner.stop()
            raise
        return self

    def hosts(self) -> list[FoundHost]:
        return self.browser.hosts()

    def poll(self) -> list[FoundHost] | None:
        """The hosts if the list changed since the last poll, else None. Never blocks."""
        version, hosts = self.browser.snapshot()
        if version == self._seen:
            return None
        self._seen = version
        return hosts

    def wait_until(self, predicate: Callable[[list[FoundHost]], object], timeout: float):
        """Block until ``predicate(hosts)`` is true and return its value; TimeoutError after
        ``timeout`` s (scripts and tests; not for a frame loop)."""
        deadline = time.monotonic() + timeout
        cond = self.browser._cond
        with cond:
            while not (result := predicate(list(self.browser._snapshot))):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no matching host list within {timeout} s")
                cond.wait(left)
            return result

    def refresh(self) -> None:
        """Send the one-shot query again (a "refresh" button). Does not wait."""
        asyncio.run_coroutine_threadsafe(self.browser.refresh(), self._running())

    def _running(self) -> asyncio.AbstractEventLoop:
        assert self._loop is not None, "start() first"
        return self._loop

    def close(self, timeout: float = 5.0) -> None:
        try:
            if self._loop is not None and self._loop.is_running():
                asyncio.run_coroutine_threadsafe(self.browser.stop(), self._loop).result(timeout)
        finally:
            if self._runner is not None:
                self._runner.stop(timeout)

    def __enter__(self) -> "BrowserThread":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()
