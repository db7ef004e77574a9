"""The asyncio host: connections at the edges, tables (net/table.py) at the centre.

    host = Host(HostConfig(bind="127.0.0.1", port=0, data_dir="saves"))
    await host.start()            # -> (address, port); resumes journals if config.resume
    ...
    await host.stop()

or, from a thread that is not running asyncio (the pygame client embeds a host this way):

    addr, port, stop = start_in_thread(HostConfig(port=0, bind="127.0.0.1"))
    ...
    stop()

Connections are the edge (net/links.py: admission limits, framing, bounded writes, pings).
Each message goes, at once, through: rate limit -> frame/schema validation (net/messages.py) ->
hello gate -> its handler (one dispatch table; lobby messages take one path, LOBBY_OPS) -> the
table's authority (net/table.py, which journals before anything goes out) -> the per-recipient
messages it returns are written once the journal is synced (in a worker thread, or in the loop
on a disk whose syncs proved fast: SyncTimer). Bots think in a worker thread
(``run_in_executor``), so a thinking bot never stalls the loop, another table or a chat.

Tables have a life (docs/protocol.md section 3): a lobby table nobody is at goes away; a dropped
player's seat is held ``grace`` seconds, then a bot plays it if the table allows (the token
takes it back at any time); a finished table closes its journal at once and goes away after
``over_linger``; a started game nobody is at and no bot plays is put away after
``abandoned_after``. A full disk pauses a table until a probe write succeeds. The data dir
(net/saves.py) is locked, and read at start: restored, set aside, refused, archived.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import msgpack

from . import journal as jn
from . import saves
from .discovery import announce_host, reach_addresses
from .links import Conn, Links, _Link, limit_repeated_lines
from .loop_thread import LoopThread
from .messages import CLIENT, MessageError, error, validate
from .party import Party, fill_op, private_op
from .protocol import DEFAULT_PORT, MAX_FRAME, PROTO
from .table import Table, TableError, bot_levels, welcome_message

log = logging.getLogger("tikal.host")

#: A ``tables`` message lists tables until its summaries reach this many bytes ("more": true).
LIST_BYTES = MAX_FRAME // 4

#: The lobby messages and how each asks its table (the host's one lobby path: Host._lobby_op).
LOBBY_OPS = {
    "sit": lambda t, c, m: t.sit(c.id, c.name, m.get("seat"), m.get("code")),
    "spectate": lambda t, c, m: t.spectate(c.id, c.name, m.get("code"), m.get("seen")),
    "colour": lambda t, c, m: t.colour(c.id, m["colour"]),
    "ready": lambda t, c, m: t.ready(c.id, m["ready"]),
    "bot": lambda t, c, m: t.put_bot(c.id, m["seat"], m["level"]),
    "unbot": lambda t, c, m: t.remove_bot(c.id, m["seat"]),
    "start": lambda t, c, m: t.start(c.id, secrets.randbits(62)),
    "private": private_op,
    "fill": fill_op,
}
JOINS = ("sit", "spectate")   # the lobby messages of a connection at no table yet


@dataclass
class HostConfig:
    name: str = "Tikal LAN host"
    bind: str = ""                 # "" = every interface
    port: int = DEFAULT_PORT       # 0 = any free port
    data_dir: str | Path | None = None   # journals; None = no journal (nothing survives a crash)
    resume: bool = False           # restore the unfinished tables of data_dir at start
    new_night: bool = False        # tonight's standings begin afresh at start (net/party.py)
    grace: float = 60.0            # seconds a dropped player's seat is held before a bot plays it
    ping_interval: float = 5.0
    ping_timeout: float = 15.0     # a connection silent this long is closed
    rate: float = 100.0            # messages per second per connection (token bucket) ...
    burst: float = 200.0           # ... with this bucket size
    bot_delay: float = 0.0         # seconds a bot waits before it plays where people sit
    bots_alone_delay: float = 0.0  # ... and at a table of bots only (0: full speed)
    announce: bool = True          # zeroconf announcement (net/discovery.py)
    bot_threads: int = 2
    inline_sync_below: float = 1e-3  # journal syncs faster than this run in the loop (SyncTimer)
    disk_retry: float = 2.0        # a table paused by a full disk checks it this often
    keep_finished: int = saves.KEEP_FINISHED  # finished games kept in data_dir (net/saves.py)
    keep_days: float = saves.KEEP_DAYS        # journals not written for longer are archived
    max_conns: int = 256           # connections in all ...
    max_conns_per_addr: int = 16   # ... and from one address
    max_unsent: int = 512 << 10    # bytes a connection may leave unread before it is closed
    max_tables: int = 64           # tables in all (a finished one makes room) ...
    max_tables_per_addr: int = 6   # ... and made by connections from one address
    over_linger: float = 300.0     # a finished table stays this long (results, rejoin)
    abandoned_after: float = 1800.0  # a game nobody is at and no bot plays is put away


class SyncTimer:
    """Where the journal syncs run. In a worker thread at first: a disk that takes its time never
    stalls the event loop. Once the last ``streak`` syncs each took under ``fast`` seconds (a RAM
    disk, a quick SSD), in the loop itself: the hop to a thread and back (0.15 ms typically, and
    up to milliseconds on a busy machine) costs more than such a sync, and holding the loop for
    under a millisecond per game action delays no other table or chat noticeably. One slower
    sync sends them back to the thread. ``fast=0``: always in the thread."""

    def __init__(self, fast: float, streak: int = 8):
        self.fast, self.streak = fast, streak
        self.fast_in_a_row = 0

    @property
    def inline(self) -> bool:
        return self.fast > 0 and self.fast_in_a_row >= self.streak

    def sync(self, journal) -> None:
        """``journal.sync()``, timed (from the loop or the worker thread)."""
        t0 = time.perf_counter()
        journal.sync()
        fast = time.perf_counter() - t0 < self.fast
        self.fast_in_a_row = self.fast_in_a_row + 1 if fast else 0


@dataclass
class _Stats:
    frames_in: int = 0
    frames_out: int = 0
    errors: dict = field(default_factory=dict)


class Host(Links):
    def __init__(self, config: HostConfig | None = None, *, frame_tap=None):
        self.config = config or HostConfig()
        self.tables: dict[int, Table] = {}
        self._init_links()
        self.stats = _Stats()
        #: called with (connection id, frame bytes) for every frame sent (tests scan them)
        self.frame_tap = frame_tap
        self._next_table = 1
        self._made_by: dict[int, str] = {}       # table id -> the address of its creator
        self._hosted: set[int] = set()           # tables the host's operator made (kept)
        self._leaving: dict[int, asyncio.TimerHandle] = {}   # finished tables' last minutes
        self._idle_since: dict[int, float] = {}  # started games nobody is at
        self._lock: saves.DataDirLock | None = None
        self.report: saves.Report | None = None   # what the data dir held at start
        self._restored: list[Table] = []
        self._notes: dict[int, str] = {}          # table id -> told to players who come back
        self._server: asyncio.AbstractServer | None = None
        self._executor = ThreadPoolExecutor(self.config.bot_threads, thread_name_prefix="bot")
        self._syncer = ThreadPoolExecutor(1, thread_name_prefix="journal-sync")  # FIFO syncs
        self._outboxes: dict[int, list] = {}   # table id -> [(messages, records needed)]
        self._syncs = SyncTimer(self.config.inline_sync_below)
        self._thinking: set[int] = set()
        self._waiting: set[int] = set()     # tables paused until the disk takes records again
        self._grace: dict[tuple[int, int], asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task] = set()
        self._announcer = None
        self._announced: tuple[int, int] | None = None   # (free seats, tables) in its TXT
        self._txt_rev = 0
        self.address: tuple[str, int] | None = None
        self.addresses: list[str] = []      # "ip:port" where other machines reach this host
        self.share: list[str] = []          # the download page's URLs (run_host.py --share)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.party = Party(self)   # the night's standings, saved games, the host's own window
        self._handlers = self._dispatch_table()

    # --- life cycle -------------------------------------------------------------------------------
    async def start(self) -> tuple[str, int]:
        self.loop = asyncio.get_running_loop()
        cfg = self.config
        limit_repeated_lines("tikal.host", "asyncio")
        self._open_data_dir()
        for t in self._restored:
            for s in t.seats:
                if s.kind == "human":
                    self._start_grace(t, s.index)
        try:
            self._server = await self.loop.create_server(lambda: _Link(self),
                                                         host=cfg.bind or None, port=cfg.port,
                                                         reuse_address=True)
        except OSError:
            if self._lock is not None:   # another host on this port: the data dir is free again
                self._lock.release()
                self._lock = None
            raise
        sock = self._server.sockets[0].getsockname()
        self.address = (sock[0], sock[1])
        self.addresses = reach_addresses(cfg.bind, self.address[1])
        self._spawn(self._ticker())
        if cfg.announce:
            self._announcer = await announce(self)
            self._announced = (self.free_seats(), len(self.tables))
        for t in list(self.tables.values()):
            self._kick_bots(t)
        log.info("host %r listening on %s:%s", cfg.name, *self.address)
        return self.address

    async def serve_forever(self):
        await self._server.serve_forever()

    async def stop(self):
        if self._announcer is not None:
            try:
                await self._announcer.stop()
            except Exception:  # pragma: no cover - best effort at shutdown
                log.exception("announcer close failed")
            self._announcer = None
        if self._server is not None:
            self._server.close()
        for c in list(self.conns.values()):
            self._send(c, error("shutdown", "the host is stopping"))
            self._drop(c)
            c.transport.close()
        for h in list(self._grace.values()) + list(self._leaving.values()):
            h.cancel()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()
        self._syncer.shutdown(wait=True)  # no sync running while the files close
        for t in self.tables.values():
            if t.journal is not None:
                try:
                    t.journal.close()
                except OSError:
                    log.exception("closing the journal of table %s", t.id)
        self._executor.shutdown(wait=False, cancel_futures=True)
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _open_data_dir(self):
        """The first time the host needs its data dir: lock it (DataDirBusy if another host
        holds it), archive what is old, restore the unfinished games with ``resume``, and learn
        the first free table id (net/saves.py). ``report`` says what was found."""
        cfg = self.config
        if cfg.data_dir is None or self._lock is not None:
            return
        self._lock = saves.DataDirLock(cfg.data_dir).acquire()
        try:
            opened = saves.open_saves(cfg.data_dir, resume=cfg.resume,
                                      keep_finished=cfg.keep_finished, keep_days=cfg.keep_days)
        except BaseException:
            self._lock.release()
            self._lock = None
            raise
        self.report = opened.report
        self.report.damaged += self.party.opened(opened.finished)
        if cfg.new_night:
            self.party.new_night_now()
        self._notes.update(opened.notes)
        self._next_table = max(self._next_table, opened.next_id)
        for tid, table in opened.tables.items():
            self.tables[tid] = table
            self._restored.append(table)

    # --- programmatic tables (run_host.py --game) -------------------------------------------------
    def create_table(self, game: str, seats: int, options: dict | None = None, *, bots: int = 0,
                     bot_level: str | None = None, takeover: bool = True, hints: bool = False) -> Table:
        """A table in the lobby with its last ``bots`` seats held by bots; started at once when
        every seat is a bot."""
        levels = bot_levels(game)
        level = bot_level or next((lv for lv in ("easy", "normal") if lv in levels),
                                  levels[0] if levels else None)
        if bots and level not in levels:
            raise ValueError(f"no {level!r} bot for {game}; levels: {levels}")
        table = self._new_table(game, seats, options, owner=-1, takeover=takeover,  # -1: the host
                                hints=hints)
        self._hosted.add(table.id)
        for i in range(seats - bots, seats):
            table.put_bot(-1, i, level)
        if bots == seats:
            table.start(-1, secrets.randbits(62))
        table.owner = None
        if self.loop is not None:  # the host runs: tell the lobby and the LAN
            self._lobby_changed()
            self._kick_bots(table)
        return table

    def _new_table(self, game, seats, options, owner, takeover=True, hints=False) -> Table:
        self._open_data_dir()
        tid = self._next_table
        journal = jn.Journal(jn.journal_path(self.config.data_dir, tid), deferred=True) \
            if self.config.data_dir is not None else None
        table = Table(tid, game, seats, options, owner=owner, takeover=takeover, journal=journal,
                      hints=hints)
        self._next_table += 1
        self.tables[tid] = table
        return table

    # --- connections (net/links.py) ---------------------------------------------------------------
    def _left(self, conn: Conn):
        """A connection is gone: its seat is held for the grace period."""
        self.party.gone(conn)
        t = conn.table
        if t is not None and t.id in self.tables:
            seat = t.seat_of(conn.id)
            self._send_out(t.disconnect(conn.id), t)
            if seat is not None:
                self._start_grace(t, seat.index)
            self._lobby_changed(t)

    # --- what goes out, after the journal ---------------------------------------------------------
    def _send_out(self, out: list, table: Table | None = None):
        """Send a table's messages, in order, once its journal holds on disk everything they
        are about. The sync runs in a worker thread, so that a slow disk never stalls the loop
        (the loop goes on meanwhile) -- or, once syncs have proved fast (``SyncTimer``), in the
        loop itself, where the hop to a thread and back would cost more than the sync."""
        if table is None or table.journal is None or not out:
            return self._write_out(out)
        journal = table.journal
        if table.id not in self._outboxes:  # nothing of this table is waiting before these
            if journal.synced >= journal.written:
                return self._write_out(out)
            if self._syncs.inline:
                try:
                    self._syncs.sync(journal)
                except Exception:
                    self._journal_failed(table)
                    self._close_journal(table, journal)
                    return
                return self._write_out(out)
        q = self._outboxes.get(table.id)
        if q is None:
            q = self._outboxes[table.id] = []
            self._spawn(self._outbox(table, q))
        q.append((out, journal.written))

    async def _outbox(self, table: Table, q: list):
        """Drains one table's outbox; ends when it is empty (the next send starts a new one)."""
        journal = table.journal
        try:
            while q:
                out, needed = q[0]
                if journal.synced < needed:
                    await self.loop.run_in_executor(self._syncer, self._syncs.sync, journal)
                q.pop(0)
                self._write_out(out)
        except asyncio.CancelledError:
            raise
        except Exception:
            self._journal_failed(table)
        finally:
            if self._outboxes.get(table.id) is q:
                del self._outboxes[table.id]
            self._close_journal(table, journal)

    def _journal_failed(self, table: Table):
        log.exception("journal of table %s cannot be saved: the table closes", table.id)
        self._close_table(table, "the host cannot save this game any more")

    def _close_journal(self, table: Table, journal):
        """Close the journal of a finished table, or of one the host has let go of."""
        gone = self.tables.get(table.id) is not table or table.status == "over"
        if gone and journal is not None and not journal.closed and table.id not in self._outboxes:
            try:
                journal.close()
            except OSError:
                log.exception("closing the journal of table %s", table.id)

    def _close_table(self, table: Table, reason: str):
        self._outboxes.pop(table.id, None)
        for cid in table.members():
            conn = self.conns.get(cid)
            if conn is not None:
                self._refuse(conn, "internal", reason)
        self._forget(table, reason)

    # --- messages ---------------------------------------------------------------------------------
    def _on_message(self, conn: Conn, msg: dict):
        if not self._rate_ok(conn):
            self._count("rate")
            if self.loop.time() - conn.last_rate_error >= 1.0:
                conn.last_rate_error = self.loop.time()
                self._refuse(conn, "rate", f"over {self.config.rate:g} messages per second: "
                                           "messages dropped", msg)
            return
        try:
            validate(msg, CLIENT)
        except MessageError as exc:
            self._refuse(conn, exc.code, exc.message, msg)
            return
        t = msg["t"]
        if conn.name is None and t not in ("hello", "ping", "pong", "bye"):
            return self._refuse(conn, "hello_first", "say hello first", msg)
        try:
            self._handlers[t](conn, msg)
        except TableError as exc:
            self._refuse(conn, exc.code, exc.message, msg, reason=exc.reason, rule=exc.rule)
            if exc.code == "disk_full" and conn.table is not None:
                self._pause(conn.table, conn.id)
        except MessageError as exc:
            self._refuse(conn, exc.code, exc.message, msg)
        except Exception:
            log.exception("internal error on %r", t)
            self._refuse(conn, "internal", "the host failed on this message", msg)

    def _hello(self, conn: Conn, msg: dict):
        if conn.name is not None:
            return self._refuse(conn, "already_hello", "hello was already accepted", msg)
        if msg["proto"] != PROTO:
            self._refuse(conn, "proto", f"this host speaks protocol {PROTO}, not {msg['proto']}",
                         msg)
            self._close(conn)
            self._drop(conn)
            return
        token = msg.get("token")
        if token:
            table = self._table_of_token(token)
            if table is None:
                return self._refuse(conn, "bad_token", "unknown seat token", msg)
        conn.name = msg["name"]
        self.party.hello(conn, msg)
        welcome = welcome_message(self.config.name, conn.id)
        if self.addresses:
            welcome["addresses"] = self.addresses
        if self.share:
            welcome["share"] = self.share
        if token:
            previous, out = table.rejoin(conn.id, token, msg.get("seen"))
            self._cancel_grace(table, table.seat_of(conn.id).index)
            conn.table = table
            if previous is not None and previous in self.conns:
                self.conns[previous].table = None
            welcome["resumed"] = {"table": table.id, "seat": table.seat_of(conn.id).index}
            self._send(conn, welcome)
            if table.id in self._notes:   # restored from a damaged save: say so, after the resync
                out = out + [(conn.id, error("damaged_save", self._notes[table.id]))]
            self._send_out(out, table)
            self._lobby_changed(table)
            return
        self._send(conn, welcome)
        self._send(conn, self._tables_msg())

    def _table_of_token(self, token: str) -> Table | None:
        for t in self.tables.values():
            if token in t.tokens():
                return t
        return None

    def _tables_msg(self, over: bool = False, first: int = 1) -> dict:
        """The tables one can join or watch (with ``over``: the finished ones kept too), from
        table id ``first`` on, as many as fit in LIST_BYTES; ``more``: ask again from the id
        after the last one listed."""
        status = ("lobby", "playing", "over") if over else ("lobby", "playing")
        listed, size, more = [], 0, False
        for tid in sorted(self.tables):
            t = self.tables[tid]
            if tid < first or t.status not in status:
                continue
            summary = t.summary()
            size += len(msgpack.packb(summary, use_bin_type=True))
            if size > LIST_BYTES:
                more = True
                break
            listed.append(summary)
        return {"t": "tables", "tables": listed, "more": more}

    def _lobby_changed(self, table: Table | None = None):
        """Tell every greeted connection outside a table the new list of tables; forget a
        table that has just ended or emptied (its lifecycle, ``_settle``)."""
        if table is not None:
            self._settle(table)
        self._announce_seats()
        msg = self._tables_msg()
        frame = None
        for c in self.conns.values():
            if c.name is not None and c.table is None:
                frame = frame or self._encode(msg, c.id)
                self._send(c, msg, frame)

    # --- the life of a table ----------------------------------------------------------------------
    def _settle(self, t: Table):
        """Where ``t`` is in its life: a lobby table nobody is at (no seated player, not even
        away, no spectator) goes, unless the host's operator made it; a finished one closes its
        journal and goes after ``over_linger`` (at once if no player ever sat there and nobody
        watches)."""
        if self.tables.get(t.id) is not t:
            return
        if t.status == "lobby":
            if not t.members() and not t.has_people and t.id not in self._hosted:
                self._forget(t, "nobody is at the table", tell_lobby=False)
        elif t.status == "over" and t.id not in self._leaving:
            self.party.finished(t)
            self._close_journal(t, t.journal)
            if not t.has_people and not t.members():
                self._forget(t, "the game is over", tell_lobby=False)
            else:
                self._leaving[t.id] = self.loop.call_later(
                    self.config.over_linger, self._forget, t, "the game is over")

    def _forget(self, t: Table, reason: str, tell_lobby: bool = True):
        """``t`` goes away: whoever is still there is told (``left``), its seats' tokens die,
        its journal is closed (it stays on disk: --list-saved, --export, --resume)."""
        if self.tables.get(t.id) is not t:
            return
        del self.tables[t.id]
        for key in [k for k in self._grace if k[0] == t.id]:
            self._cancel_grace(t, key[1])
        h = self._leaving.pop(t.id, None)
        if h is not None:
            h.cancel()
        self._made_by.pop(t.id, None)
        self._hosted.discard(t.id)
        self._idle_since.pop(t.id, None)
        self._notes.pop(t.id, None)
        self._close_journal(t, t.journal)   # (or its outbox does, after the last updates)
        out = []
        for cid in t.members():
            conn = self.conns.get(cid)
            if conn is not None and conn.table is t:
                conn.table = None
                out.append((cid, {"t": "left", "table": t.id, "reason": reason}))
        self._write_out(out)
        log.info("table %s closed: %s", t.id, reason)
        if tell_lobby:
            self._lobby_changed()

    def _put_away_abandoned(self):
        """Started games that nobody is at and no bot plays (their players away, without
        takeover) wait ``abandoned_after``, then go: their journal is closed with a mark, so
        that no --resume brings them back."""
        now = self.loop.time()
        for t in list(self.tables.values()):
            if t.status != "playing" or t.members() or t.bot_turn() is not None \
                    or t.id in self._thinking:
                self._idle_since.pop(t.id, None)
                continue
            since = self._idle_since.setdefault(t.id, now)
            if now - since >= self.config.abandoned_after:
                t.close_record("abandoned")
                self._forget(t, "abandoned: nobody came back")

    def _room_for_a_table(self, conn: Conn):
        """A connection may make a table if its address has fewer than ``max_tables_per_addr``
        and the host fewer than ``max_tables`` (the oldest finished table makes room)."""
        cfg = self.config
        mine = sum(addr == conn.addr for addr in self._made_by.values())
        if mine >= cfg.max_tables_per_addr:
            raise TableError("limit", f"{mine} tables are open from your address (the limit "
                                      f"is {cfg.max_tables_per_addr}): finish or leave one first")
        if len(self.tables) >= cfg.max_tables:
            over = [t for t in self.tables.values() if t.status == "over"]
            if not over:
                raise TableError("limit", f"the host has {len(self.tables)} tables, its limit: "
                                          "join one, or wait for one to end")
            self._forget(min(over, key=lambda t: t.id), "the host needed room for a new table")

    def _announce_seats(self):
        """Keep the announcement's TXT (free seats, tables) equal to the host's (a no-op when
        they have not changed). Each change also gets a new ``rev``: a TXT that comes back
        within a second (3 free seats, then 2, then 3 again) would be taken by the browsers'
        zeroconf caches for the record they still hold, and they would go on showing 2."""
        if self._announcer is None:
            return
        now = (self.free_seats(), len(self.tables))
        if now != self._announced:
            self._announced = now
            self._txt_rev += 1
            try:
                self._announcer.update_soon(free_seats=now[0], tables=now[1],
                                            rev=self._txt_rev)
            except Exception:  # the announcement is a convenience; the host goes on without it
                log.exception("announcement update failed")

    def _table(self, conn: Conn) -> Table:
        if conn.table is None or conn.table.id not in self.tables:
            raise TableError("no_table", "not at a table")
        return conn.table

    def _join_check(self, conn: Conn, tid: int) -> Table:
        if conn.table is not None and conn.table.id in self.tables:
            raise TableError("in_table", "already at a table; leave it first")
        t = self.tables.get(tid)
        if t is None:
            raise TableError("no_table", f"no table {tid}")
        return t

    # --- one handler per client message type (validated already) -----------------------------------
    def _dispatch_table(self) -> dict:
        lobby = {t: self._lobby_op for t in LOBBY_OPS}
        return {"hello": self._hello, "list": self._list, "create": self._create,
                "leave": self._leave, "action": self._action, "undo": self._undo,
                "chat": self._chat, "ping": self._ping, "pong": self._pong, "bye": self._bye,
                **lobby, **self.party.handlers()}

    def _list(self, conn, msg):
        self._send(conn, self._tables_msg(msg.get("over", False), msg.get("from", 1)))

    def _create(self, conn, msg):
        if conn.table is not None and conn.table.id in self.tables:
            raise TableError("in_table", "already at a table; leave it first")
        self._room_for_a_table(conn)
        table = self._new_table(msg["game"], msg["seats"], msg.get("options") or {},
                                owner=conn.id, takeover=msg.get("takeover", True),
                                hints=msg.get("hints", False))
        self._made_by[table.id] = conn.addr
        self._lobby_op(conn, {"t": "sit" if msg.get("sit", True) else "spectate"}, table)

    def _lobby_op(self, conn, msg, table: Table | None = None):
        """Every lobby message goes this one way: find the table (the connection's own, or the
        one it joins), let the table do it (LOBBY_OPS), send what it says, then tell the lobby
        and wake the bots."""
        t = msg["t"]
        if table is None:
            table = self._join_check(conn, msg["table"]) if t in JOINS else self._table(conn)
        out = LOBBY_OPS[t](table, conn, msg)
        conn.table = table
        self._send_out(out, table)
        self._lobby_changed(table)
        self._kick_bots(table)

    def _leave(self, conn, msg):
        t = self._table(conn)
        seat = t.seat_of(conn.id)
        out = t.leave(conn.id)
        conn.table = None
        if seat is not None:
            self._cancel_grace(t, seat.index)
        self._send_out(out + [(conn.id, self._tables_msg())], t)
        self._lobby_changed(t)
        self._kick_bots(t)

    def _action(self, conn, msg):
        t = self._table(conn)
        self._send_out(t.act(conn.id, msg["seq"], msg["state"], msg["action"], msg.get("seat")),
                       t)
        self._refund(conn)
        self._after_play(t)

    def _undo(self, conn, msg):
        t = self._table(conn)
        self._send_out(t.undo(conn.id, msg["seq"], msg["state"], msg.get("seat")), t)
        self._refund(conn)

    def _refund(self, conn: Conn):
        """Accepted actions and undos do not count against the rate limit: the game itself
        paces them (each needs the state of the host's previous update)."""
        conn.tokens = min(self.config.burst, conn.tokens + 1.0)

    def _chat(self, conn, msg):
        t = self._table(conn)
        self._send_out(t.chat(conn.id, conn.name, msg["text"]), t)

    def _ping(self, conn, msg):
        pong = {"t": "pong"}
        if "n" in msg:
            pong["n"] = msg["n"]
        self._send(conn, pong)

    def _pong(self, conn, msg):
        pass

    def _bye(self, conn, msg):
        self._close(conn)

    def _after_play(self, t: Table):
        if t.status == "over":
            self._lobby_changed(t)
        self._kick_bots(t)

    # --- grace periods ----------------------------------------------------------------------------
    def _start_grace(self, t: Table, seat: int):
        self._cancel_grace(t, seat)
        self._grace[(t.id, seat)] = self.loop.call_later(self.config.grace, self._expire, t, seat) \
            if self.loop is not None else None

    def _cancel_grace(self, t: Table, seat: int):
        h = self._grace.pop((t.id, seat), None)
        if h is not None:
            h.cancel()

    def _expire(self, t: Table, seat: int):
        self._grace.pop((t.id, seat), None)
        if self.tables.get(t.id) is not t:
            return
        self._send_out(t.seat_expired(seat), t)
        self._lobby_changed(t)
        self._kick_bots(t)

    # --- a disk that cannot take the journal ----------------------------------------------------------
    def _pause(self, t: Table, told: int | None = None):
        """``t`` could not journal a change (its disk is full or failing) and waits: everyone at
        the table is told once (``told`` already was, by its refusal), one log line, and a
        watcher lets the game go on by itself once the host can write again."""
        if not t.paused or t.id in self._waiting or self.tables.get(t.id) is not t:
            return
        self._waiting.add(t.id)
        log.warning("table %s: %s: the game waits until the host can save it again",
                    t.id, t.paused)
        note = error("disk_full", f"{t.paused}: the game waits")
        self._write_out([(c, note) for c in t.members() if c != told] + t.lobby_out())
        self._lobby_changed(t)
        self._spawn(self._wait_for_disk(t))

    async def _wait_for_disk(self, t: Table):
        since = self.loop.time()
        try:
            while self.tables.get(t.id) is t and t.paused:
                await asyncio.sleep(self.config.disk_retry)
                if await self.loop.run_in_executor(self._syncer, jn.can_write,
                                                   self.config.data_dir):
                    log.warning("table %s: the host can save again (after %.0f s): the game "
                                "goes on", t.id, self.loop.time() - since)
                    self._write_out(t.unpause())
                    self._lobby_changed(t)
                    self._kick_bots(t)
        finally:
            self._waiting.discard(t.id)

    # --- bots -------------------------------------------------------------------------------------
    def _kick_bots(self, t: Table):
        """If a bot is to act at ``t`` and none is thinking there, let it think off the loop."""
        if t.id in self._thinking or self.tables.get(t.id) is not t:
            return
        turn = t.bot_turn()
        if turn is None:
            return
        self._thinking.add(t.id)
        self._spawn(self._bot_move(t, *turn))

    async def _bot_move(self, t: Table, seat: int, level: str, state: int, view: dict,
                        legal: list):
        try:
            cfg = self.config
            delay = cfg.bot_delay if t.has_people else cfg.bots_alone_delay
            if delay > 0:   # people follow the moves; bots alone race
                await asyncio.sleep(delay)
            bot = t.bot(seat)
            action = await self.loop.run_in_executor(self._executor, bot.choose, view, legal)
            if t.state != state or t.bot_turn() is None:
                return  # things changed while it thought (the player came back)
            try:
                out = t.bot_act(seat, state, action)
            except TableError as exc:
                if exc.code == "disk_full":
                    raise
                log.error("bot %s at table %s chose a refused action %r: %s; playing the first "
                          "legal action", level, t.id, action, exc.message)
                out = t.bot_act(seat, state, legal[0])
            self._send_out(out, t)
        except asyncio.CancelledError:
            raise
        except TableError as exc:
            if exc.code != "disk_full":
                log.exception("bot failure at table %s", t.id)
            self._pause(t)   # the bot backs off until the host can save again
        except Exception:
            log.exception("bot failure at table %s", t.id)
        finally:
            self._thinking.discard(t.id)
        if t.status == "over":
            self._lobby_changed(t)
        self._kick_bots(t)

    # --- the ticker -------------------------------------------------------------------------------
    async def _ticker(self):
        while True:
            await asyncio.sleep(self.config.ping_interval)
            self._ping_all()
            self._put_away_abandoned()

    # --- info for discovery -----------------------------------------------------------------------
    def free_seats(self) -> int:
        return sum(t.free_seats() for t in self.tables.values())


# --- announcement (zeroconf, net/discovery.py) --------------------------------------------------
async def announce(host: Host):
    """Announce ``host`` on the LAN through net/discovery.py; returns its Announcer (async
    ``stop()``, ``update_soon(free_seats=...)``), or None when the announcement fails (no
    multicast on this machine: the host still works by address)."""
    try:
        return await announce_host(host)
    except Exception:
        log.exception("announcement failed: the host is reachable by address only")
        return None


# --- embedding -------------------------------------------------------------------------------------
def start_in_thread(config: HostConfig | None = None, *, host: Host | None = None,
                    timeout: float = 10.0):
    """Run a host on its own asyncio loop in a daemon thread (the pygame client embeds one so).
    Returns ``(address, port, stop)``; ``stop()`` shuts the host down and joins the thread.
    Tables can be made before with ``host.create_table`` (pass ``host=``)."""
    host = host or Host(config)
    runner = LoopThread("tikal-host")
    runner.start()
    try:
        addr, port = runner.call(host.start(), timeout)
    except BaseException:
        runner.stop(timeout)
        raise

    def stop():
        if runner.running:
            try:
                runner.call(host.stop(), timeout)
            finally:
                runner.stop(timeout)

    return addr, port, stop
