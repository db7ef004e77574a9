"""The asyncio host: connections at the edges, tables (net/table.py) at the centre.

    host = Host(HostConfig(bind="127.0.0.1", port=0, data_dir="saves"))
    await host.start()            # -> (address, port); resumes journals if config.resume
    ...
    await host.stop()

or, from a thread that is not running asyncio (the pygame client embeds a host this way):

    addr, port, stop = start_in_thread(HostConfig(port=0, bind="127.0.0.1"))
    ...
    stop()

The host composes its parts, one job per file:

    net/config.py        HostConfig: every setting and its default (a leaf: the parts read it)
    net/session.py       one connection without a socket: hello gate, rate bucket, limits,
                         timeouts (bytes and time in, messages and actions out)
    net/links.py         the connections as asyncio sees them: admission, framing, bounded
                         writes, closing, the pings' tick
    net/handlers.py      one handler per client message (add a message there): it sees the
                         host as a HostServices and returns effects
    net/effects.py       what handlers may see of the host (HostView) and the effects they
                         return, which ``Host.run`` carries out on the loop
    net/party.py         the party night: standings, saved games, the owner's powers
    net/places.py        who is at which table, which table a seat token proves: one index,
                         changed only by the effects that say how the seats changed
    net/outbox.py        what goes out of a table, after its journal's sync
    net/lifecycle.py     the tables' lives: lobby, paused by a full disk, finished, abandoned;
                         the data dir
    net/bots.py          the bots, thinking off the loop
    net/hints.py         the hints asked by browsers, computed in worker processes
    net/grace.py         a dropped player's seat, held for a while
    net/turns.py         the turn clocks: a turn that runs out is played by a bot
    net/announcement.py  the zeroconf announcement and its TXT record
    net/host.py          (this file) the composition, start and stop, the ticker, the lobby's
                         list of tables, and ``run``: the effects carried out

Each message goes, at once, through: its connection's gates (rate limit -> frame/schema
validation -> hello gate, net/session.py) -> its handler (net/handlers.py) -> the table's
authority (net/table.py, which journals before anything goes out) -> the effects the handler
returns (``run``): the per-recipient messages the table said, written once the journal is synced
(net/outbox.py), the lobby told, the bots woken.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Coroutine, Iterable
from typing import Any

import msgpack

from . import again as play_again
from . import saves
from .announcement import Announcement
from .bots import Bots
from .churn import ChurnGuard
from .codes import CodeGuard
from .config import HostConfig
from .discovery import reach_addresses
from .effects import (
    AskHint,
    CancelGrace,
    Close,
    Effect,
    Greeted,
    LobbyChanged,
    OffLoop,
    Presence,
    Publish,
    Refuse,
    Reply,
    Seated,
    StartGrace,
    Tokens,
    Unseated,
    WakeBots,
    table_changed,
)
from .grace import Grace
from .handlers import HANDLERS
from .hints import HintPool, Hints
from .lifecycle import Lifecycle
from .links import Conn, Links, Out, Stats, _Link, limit_repeated_lines
from .loop_thread import LoopThread
from .messages import MessageError, error
from .outbox import Outbox, SyncTimer
from .party import Party
from .places import Places, changes
from .protocol import MAX_FRAME
from .reads import Reads
from .seats import TableError, bot_levels
from .session import BEFORE_HELLO
from .table import Table
from .turns import Clock, LoopClock, TurnClock

__all__ = ["Host", "HostConfig", "LIST_BYTES", "SyncTimer", "start_in_thread"]

log = logging.getLogger("tikal.host")

#: A ``tables`` message lists tables until its summaries reach this many bytes ("more": true).
LIST_BYTES = MAX_FRAME // 4
#: The longest a list of tables is answered from what was listed (no change missed for longer).
LIST_KEPT = 1.0
#: Messages a connection may send while its hello waits for a read off the loop (they wait too).
WAITING_MAX = 64
#: The lobby's list goes to one connection at most this often (seconds): the latest list wins.
LOBBY_EVERY = 0.25
#: ... and only while what that connection has not read yet is under this many bytes: a phone on
#: a slow link gets the current list once it has read the last, never a queue of old ones.
LOBBY_UNREAD = 32 << 10


class Ticker:
    """The host's periodic jobs, every ``interval`` seconds. Each job survives any one failure
    of another or of itself: a failure is logged once (with its traceback) until that job works
    again. A tick that comes much later than it should is reported to ``on_stall(seconds,
    busy)`` first: ``busy`` false when the process did not run meanwhile (it was stopped: a
    laptop lid, Ctrl-Z then ``fg``, a stalled VM; its CPU time, ``cpu``, did not move), true
    when it was running but its loop was held up (its own threads: bots, reads; a long step on
    the loop). Either way nobody could be heard meanwhile."""

    def __init__(self, interval: float, jobs: list[tuple[str, Callable[[], None]]],
                 on_stall: Callable[[float, bool], None] | None = None,
                 cpu: Callable[[], float] = time.process_time):
        self.interval = interval
        self.jobs = jobs
        self.on_stall = on_stall
        self.cpu = cpu
        self.failing: set[str] = set()
        self.last: float | None = None
        self.last_cpu = cpu()

    def tick(self, now: float) -> None:
        stall = self.on_stall
        cpu = self.cpu()
        if self.last is not None and stall is not None:
            late = now - self.last - self.interval
            if late > max(1.0, self.interval):
                # the process's CPU time (all its threads) over the interval: a process that was
                # stopped spent none; one whose loop waited on its own work spent about as much
                busy = cpu - self.last_cpu >= (late + self.interval) / 2
                self._run("stall", lambda: stall(late, busy))
        self.last, self.last_cpu = now, cpu
        for name, job in self.jobs:
            self._run(name, job)

    def _run(self, name: str, job: Callable[[], None]) -> None:
        try:
            job()
        except Exception:
            if name not in self.failing:
                self.failing.add(name)
                log.exception("the host's periodic job %r failed (it goes on; further failures "
                              "of it are not logged until it works again)", name)
        else:
            if name in self.failing:
                self.failing.discard(name)
                log.warning("the host's periodic job %r works again", name)

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        self.last = loop.time()
        while True:
            await asyncio.sleep(self.interval)
            self.tick(loop.time())


class Host:
    def __init__(self, config: HostConfig | None = None, *,
                 frame_tap: Callable[[int, bytes], None] | None = None, clock: Clock | None = None):
        self.config = cfg = config or HostConfig()
        #: the host's time (net/turns.py): the wall clock and the loop's timers, or a test's
        self.clock: Clock = clock or LoopClock()
        self.stats = Stats()
        self.links = Links(cfg, self._on_message, self._left, self.stats)
        self.links.frame_tap = frame_tap
        self.send: Callable[[Conn, dict], None] = self.links.send
        self.outbox = Outbox(cfg.inline_sync_below, self.links.write_out, self._spawn,
                             self._is_current, self._journal_failed)
        self.send_out: Callable[[Out, Table | None], None] = self._send_out
        self.grace = Grace(cfg.grace, self._expire)
        self.bots = Bots(cfg, self._spawn, self._is_current, self.send_out, self._disk_full,
                         self._after_bot)
        self.turns = TurnClock(self.clock, self.grace, self._clock_ran_out)
        #: who is at which table, which table a seat token proves (changed by effects only)
        self.places = Places()
        self.lifecycle = Lifecycle(cfg, self.links, self.outbox, self.grace, self.bots.kick,
                                   self.lobby_changed, self._spawn, self.run, self.clock.now)
        self.announcement = Announcement()
        self.ticker = Ticker(cfg.ping_interval,
                             [("pings", self.links.tick), ("abandoned", self._put_away_abandoned),
                              ("again", self._release_kept)],
                             on_stall=self._stalled)
        self.tables: dict[int, Table] = self.lifecycle.tables
        self.conns: dict[int, Conn] = self.links.conns
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Future] = set()
        self.address: tuple[str, int] | None = None
        self.addresses: list[str] = []      # "ip:port" where other machines reach this host
        self.share: list[str] = []          # the download page's URLs (run_host.py --share)
        self.web: list[str] = []            # the page browsers play on (net/web.py)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.party = Party(self)   # the night's standings, saved games, the host's own window
        self.lifecycle.saved_again = lambda t: self.run(self.party.push_saved())
        self.lifecycle.opened_late = self._opened_late
        self.lifecycle.let_go = lambda t: self.run(play_again.release(self, t))
        self.lifecycle.kept_too_long = lambda t: self.run(play_again.release_kept(t, range(t.nseats)))
        #: replays and saved games' scores: cached, one in flight per connection, one thread
        self.reads = Reads()
        #: the hints browsers ask for: worker processes, one request per connection (net/hints.py)
        self.hints = Hints(HintPool(cfg.hint_workers, cfg.hint_queue), self.links.send, self._is_current,
                           time.monotonic, cfg.hint_burst, cfg.hint_every)
        #: wrong codes of private tables, limited per address and per connection (net/codes.py)
        self.codes = CodeGuard(time.monotonic)
        #: tables made and left, limited by what they cost the lobby (net/churn.py)
        self.churn = ChurnGuard(time.monotonic, self._lobby_cost)
        #: the list of tables as last answered (``tables_reply``), and the lobby's changes
        self._listed: dict[tuple, tuple] = {}
        self._lobby_version = 0
        # the lobby's lists, coalesced per connection: the pending push, and for each connection
        # when it last got one and of which version (``lobby_changed``)
        self._lobby_push: asyncio.Handle | None = None
        self._lobby_sent: dict[int, tuple[float, int]] = {}
        #: how ``run`` carries out each kind of effect (net/effects.py)
        self._carry_out: dict[type, Callable[[Any], None]] = {
            Publish: lambda e: self._send_out(e.out, e.table),
            Reply: lambda e: self.links.send(e.conn, e.msg, e.frame),
            WakeBots: lambda e: self._next_turn(e.table),
            LobbyChanged: lambda e: self.lobby_changed(e.table),
            StartGrace: lambda e: self.grace.start(e.table, e.seat),
            CancelGrace: lambda e: self.grace.cancel(e.table, e.seat),
            Refuse: lambda e: self.links.refuse(e.conn, e.code, e.message, e.msg),
            Close: lambda e: (self.links.drop if e.forget else self.links.close)(e.conn),
            Greeted: lambda e: self._greeted(e.conn),
            OffLoop: self._start_off_loop,
            AskHint: lambda e: self.hints.ask(e.conn, e.table, e.msg, e.seat, e.view, e.legal),
            Seated: self.places.apply,
            Unseated: self.places.apply,
            Tokens: self.places.apply,
        }

    @property
    def frame_tap(self) -> Callable[[int, bytes], None] | None:
        """Called with (connection id, frame bytes) for every frame sent (tests scan them)."""
        return self.links.frame_tap

    @frame_tap.setter
    def frame_tap(self, tap: Callable[[int, bytes], None] | None) -> None:
        self.links.frame_tap = tap

    @property
    def report(self) -> saves.Report | None:
        """What the data dir held at start."""
        return self.lifecycle.report

    # --- life cycle -------------------------------------------------------------------------------
    async def start(self) -> tuple[str, int]:
        self.loop = loop = asyncio.get_running_loop()
        self.links.loop = self.grace.loop = self.lifecycle.loop = loop
        if isinstance(self.clock, LoopClock):
            self.clock.loop = loop
        cfg = self.config
        limit_repeated_lines("tikal.host", "asyncio")
        self.lifecycle.open_data_dir()
        self._open_night()
        self._restored(self.lifecycle.restored)
        if self.lifecycle.unsaved:      # a full disk: the data dir opens once there is room
            self._spawn(self.lifecycle.wait_for_room())
        try:
            self._server = await loop.create_server(lambda: _Link(self.links),
                                                    host=cfg.bind or None, port=cfg.port,
                                                    reuse_address=True)
        except OSError:
            self.lifecycle.release()   # another host on this port: the data dir is free again
            raise
        sock = self._server.sockets[0].getsockname()
        self.address = (sock[0], sock[1])
        self.addresses = reach_addresses(cfg.bind, self.address[1], cfg.lan)
        self._spawn(self.ticker.run())
        if cfg.announce:
            await self.announcement.start(self)
        for t in list(self.tables.values()):
            self._next_turn(t)
        log.info("host %r listening on %s:%s", cfg.name, *self.address)
        return self.address

    async def serve_forever(self):
        assert self._server is not None
        await self._server.serve_forever()

    async def stop(self):
        await self.announcement.stop()
        if self._server is not None:
            self._server.close()
        for c in list(self.conns.values()):
            self.links.send(c, error("shutdown", "the host is stopping"))
            self.links.drop(c)
            c.transport.close()
        self.grace.cancel_all()
        if self._lobby_push is not None:
            self._lobby_push.cancel()
            self._lobby_push = None
        self.turns.cancel_all()
        for h in list(self.lifecycle.leaving.values()):
            h.cancel()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()
        self.outbox.shutdown()   # no sync running while the files close
        self.lifecycle.close_journals()
        self.bots.shutdown()
        self.hints.shutdown()
        self.reads.shutdown()
        self.lifecycle.release()

    def _restored(self, tables: list[Table]) -> None:
        """Tables restored from the data dir (--resume): their players' seats wait for them."""
        for t in tables:
            for s in t.seats:
                if s.kind == "human":
                    self.grace.start(t, s.index)

    def _opened_late(self, tables: list[Table]) -> None:
        """The data dir opened after a full disk at start: the night's standings as at a start,
        the restored games' seats wait for their players, their bots play, the lobby shows them."""
        self._open_night()
        self._restored(tables)
        for t in tables:
            self._next_turn(t)
            self.lobby_changed(t)

    def _open_night(self) -> None:
        """The night's standings, once the data dir is read (net/party.py): what its file
        missed is counted, what is wrong with it is said with the rest of the report."""
        life = self.lifecycle
        if life.lock is None:
            return
        lines = self.party.opened(life.finished)
        if life.report is not None:
            life.report.damaged += lines
        if self.config.new_night:
            self.party.new_night_now()

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Future:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _is_current(self, t: Table) -> bool:
        return self.lifecycle.is_current(t)

    def _send_out(self, out: Out, table: Table | None) -> None:
        """A table's messages, after its journal (net/outbox.py); a hint asked before its game
        moved is stopped."""
        self.outbox.send(out, table)
        if table is not None and self.hints.asked:
            self.hints.moved(table)

    # --- programmatic tables (run_host.py --game) -------------------------------------------------
    def create_table(self, game: str, seats: int, options: dict | None = None, *, bots: int = 0,
                     bot_level: str | None = None, takeover: bool = True, hints: bool = False,
                     for_window: bool = False, clock: float | None = None) -> Table:
        """A table in the lobby with its last ``bots`` seats held by bots; started at once when
        every seat is a bot. ``for_window``: its first seat, and the table, are kept for the
        host's own window (whatever screen it shows, until it sits: docs/protocol.md 14)."""
        level = self._programmed_level(game, bot_level) if bots else None
        table = self.lifecycle.new_table(game, seats, options, owner=-1,  # -1: the host
                                         takeover=takeover, hints=hints, clock=clock)
        self.lifecycle.hosted.add(table.id)
        for i in range(seats - bots, seats):
            table.ask(-1, {"t": "bot", "seat": i, "level": level})
        if bots == seats:
            table.start(-1, secrets.randbits(62))
        table.seating.owner = table.seating.creator = None
        if for_window and bots < seats:
            table.seating.hold_for_host(0, self.party.window_name)
        if self.loop is not None:  # the host runs: tell the lobby and the LAN
            self.lobby_changed()
            self._next_turn(table)
        return table

    @staticmethod
    def _programmed_level(game: str, asked: str | None) -> str:
        """The bots' level of a programmatic table: the one asked for, else easy (or normal, or
        the weakest there is); ValueError for a level the game has no bot of."""
        levels = bot_levels(game)
        level = asked or next((lv for lv in ("easy", "normal") if lv in levels), levels[0] if levels else None)
        if level not in levels:
            raise ValueError(f"no {level!r} bot for {game}; levels: {levels}")
        return level

    # --- what handlers see (net/effects.py: HostView; net/handlers.py: HostServices) -----------------
    def table_of(self, conn: Conn) -> Table:
        t = self.places.table_of(conn.id)
        if t is None:
            raise TableError("no_table", "not at a table")
        return t

    def table_at(self, conn: Conn) -> Table | None:
        return self.places.table_of(conn.id)

    def table_of_token(self, token: str) -> Table | None:
        return self.places.table_of_token(token)

    def room_for_a_table(self, conn: Conn) -> None:
        self.lifecycle.room_for_a_table(conn)

    def new_table(self, game: str, seats: int, options: dict | None, *, owner: int | None,
                  takeover: bool, hints: bool, made_by: str, clock: float | None = None) -> Table:
        table = self.lifecycle.new_table(game, seats, options, owner=owner, takeover=takeover,
                                         hints=hints, clock=clock)
        self.lifecycle.made_by[table.id] = made_by
        return table

    def add_table(self, table: Table, made_by: str, note: str | None) -> None:
        self.lifecycle.add(table, made_by, note)

    def note_of(self, table: Table) -> str | None:
        return self.lifecycle.notes.get(table.id)

    def _after_bot(self, t: Table) -> None:
        """A bot moved (or gave up): a game just over is told to the lobby; the next bot thinks."""
        if t.status == "over":
            self.lobby_changed(t)
        self._next_turn(t)

    def _next_turn(self, t: Table) -> None:
        """``t``'s turn may have moved on: the bot whose turn it is thinks, the turn's clock is
        wound for it (net/turns.py)."""
        self.bots.kick(t)
        self.turns.watch(t)

    def _clock_ran_out(self, t: Table) -> None:
        """A player's turn ran out: the table's bot plays the rest of it (net/turns.py)."""
        if self._is_current(t):
            self.run([Publish(t.clock_out(), t), WakeBots(t)])

    def tables_msg(self, over: bool = False, first: int = 1, conn: Conn | None = None) -> dict:
        """The tables one can join or watch (with ``over``: the finished ones kept too), from
        table id ``first`` on, as many as fit in LIST_BYTES; ``more``: ask again from the id
        after the last one listed. For ``conn``: ``mine``, the away seats of its player key
        ("Back to my seat")."""
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
        msg = {"t": "tables", "tables": listed, "more": more}
        mine = self._away_seats().get(conn.key) if conn is not None and conn.key else None
        return {**msg, "mine": mine} if mine else msg

    def tables_reply(self, conn: Conn, over: bool = False, first: int = 1) -> Reply:
        """The answer to ``list`` (and a hello's list): ``tables_msg``, encoded once while no
        table changes (the lobby told of a change, or a table's state moved) and for at most
        ``LIST_KEPT`` seconds. Listing 64 tables costs the loop about a millisecond: a guest
        asking a hundred times a second from 16 connections held every other player's pings
        for over a second."""
        assert self.loop is not None
        now = self.loop.time()
        key = (over, first, self._lobby_version, tuple((tid, t.state) for tid, t in self.tables.items()))
        kept = self._listed.get((over, first))
        if kept is None or kept[0] != key or now - kept[1] > LIST_KEPT:
            msg = self.tables_msg(over, first)
            kept = (key, now, msg, self.links.encode(msg, conn.id), self._away_seats())
            self._listed[(over, first)] = kept
            while len(self._listed) > 8:        # (a few pages of a long list at most)
                self._listed.pop(next(iter(self._listed)))
        _key, _when, msg, frame, away = kept
        mine = away.get(conn.key) if conn.key else None
        return Reply(conn, {**msg, "mine": mine}) if mine else Reply(conn, msg, frame)

    def _away_seats(self) -> dict[str, list[dict]]:
        """Key hash -> the away seats of started games that key's player may take back, and the
        seats a Play again keeps for them (``"again": true``: net/again.py)."""
        out: dict[str, list[dict]] = {}
        for t in self.tables.values():
            lobby = t.status == "lobby"
            if lobby and t.again_of is None:
                continue
            for s in t.seats:
                if s.kind == "human" and s.key and s.conn is None and s.token and (s.kept or not lobby):
                    seat: dict = {"table": t.id, "seat": s.index}
                    out.setdefault(s.key, []).append({**seat, "again": True} if lobby else seat)
        return out

    def lobby_changed(self, table: Table | None = None) -> None:
        """The list of tables changed: forget a table that has just ended or emptied (its
        lifecycle, ``settle``), and tell every greeted connection outside a table the new list,
        coalesced per connection (``_push_lobby``)."""
        self._lobby_version += 1
        if table is not None:
            if table.status == "over":
                self.run(self.party.finished(table))   # (counted once)
            self.lifecycle.settle(table)
        self.announcement.update(self.free_seats(), len(self.tables))
        if self._lobby_push is None and self.loop is not None:    # (no loop yet: nobody to tell)
            self._lobby_push = self.loop.call_soon(self._push_lobby)

    def _in_lobby(self, c: Conn) -> bool:
        """A connection that hears of the lobby's changes: outside a table, or the host's own
        window wherever it is (it sees all)."""
        return c.name is not None and (c.operator or self.places.table_of(c.id) is None) and not c.closing

    def _push_lobby(self) -> None:
        """The current list to each lobby connection that has not got it, at most every
        LOBBY_EVERY seconds each and only once it has read the last one (LOBBY_UNREAD): a guest
        churning tables makes a few lists a second reach each phone, not one per change, and a
        slow phone is never cut for the lists it could not read (the latest one wins)."""
        self._lobby_push = None
        loop = self.loop
        assert loop is not None
        now, version = loop.time(), self._lobby_version
        msg: dict | None = None
        frame: bytes | None = None
        away: dict[str, list[dict]] = {}
        later: float | None = None
        sent = self._lobby_sent
        for c in list(self.conns.values()):
            if not self._in_lobby(c):
                continue
            at, seen = sent.get(c.id, (-1e9, -1))
            if seen == version:
                continue
            wait = at + LOBBY_EVERY - now
            if wait <= 0 and c.transport.get_write_buffer_size() > LOBBY_UNREAD:
                wait = LOBBY_EVERY                    # its last list still unread: later
            if wait > 0:
                later = wait if later is None else min(later, wait)
                continue
            if msg is None:
                msg, away = self.tables_msg(), self._away_seats()
                frame = self.links.encode(msg, c.id)
            assert msg is not None
            if c.key and c.key in away:                # those with seats to go back to: theirs said
                self.links.send(c, {**msg, "mine": away[c.key]})
            else:
                self.links.send(c, msg, frame)
            sent[c.id] = (now, version)
        if len(sent) > 2 * len(self.conns) + 64:       # the gone connections forgotten
            self._lobby_sent = {cid: v for cid, v in sent.items() if cid in self.conns}
        if later is not None:
            self._lobby_push = loop.call_later(later, self._push_lobby)

    def _lobby_cost(self, conn: Conn) -> int:
        """What one change of the lobby costs everyone else: (the other connections in the lobby)
        x (the bytes of the list they would each get)."""
        listeners = sum(1 for c in self.conns.values() if c is not conn and self._in_lobby(c))
        if not listeners:
            return 0
        reply = self.tables_reply(conn)
        frame = reply.frame if reply.frame is not None else self.links.encode(reply.msg, conn.id)
        return listeners * len(frame or b"")

    # --- messages ---------------------------------------------------------------------------------
    def _on_message(self, conn: Conn, msg: dict) -> None:
        """A message that passed its connection's gates (net/session.py): its handler, then what
        the handler says to do."""
        t = msg["t"]
        if conn.greeting and t not in ("ping", "pong"):     # its hello is being answered: after it
            if len(conn.waiting) < WAITING_MAX:
                conn.waiting.append(msg)
            else:
                self.links.refuse(conn, "rate", "wait for the answer to your hello", msg)
            return
        try:
            self.run(HANDLERS[t](self, conn, msg))
        except TableError as exc:
            self.links.refuse(conn, exc.code, exc.message, msg, reason=exc.reason, rule=exc.rule)
            t = self.places.table_of(conn.id)
            if exc.code == "disk_full" and t is not None:
                self.lifecycle.pause(t, conn.id)
        except MessageError as exc:
            self.links.refuse(conn, exc.code, exc.message, msg)
        except Exception:
            log.exception("internal error on %r", t)
            self.links.refuse(conn, "internal", "the host failed on this message", msg)

    def run(self, effects: Iterable[Effect]) -> None:
        """Carry out what a handler (or the party night) returned, in order (net/effects.py)."""
        for e in effects:
            carry_out = self._carry_out.get(type(e))
            if carry_out is None:
                raise TypeError(f"not an effect: {e!r}")
            carry_out(e)

    def _start_off_loop(self, e: OffLoop) -> None:
        if e.asker is not None and e.asker[0].id in self.reads.in_flight:
            conn, msg = e.asker
            self.links.refuse(conn, "rate", f"{msg.get('t')}: one request at a time: "
                                            "wait for the answer to the last one", msg)
            return
        if e.asker is not None:
            self.reads.in_flight.add(e.asker[0].id)
        self._spawn(self._off_loop(e))

    async def _off_loop(self, e: OffLoop) -> None:
        """``e.work()`` on the reads' thread (net/reads.py), then ``e.then``'s effects on the
        loop."""
        try:
            result = await self.reads.run(e.work, e.share)
        finally:
            if e.asker is not None:
                self.reads.in_flight.discard(e.asker[0].id)
        self.run(e.then(result))

    def _greeted(self, conn: Conn) -> None:
        """``conn``'s hello, which waited for a read off the loop, is answered: what it sent
        meanwhile goes to its handlers, in order (until a second hello waits again)."""
        conn.greeting = False
        while conn.waiting and not conn.greeting and conn.id in self.conns:
            msg = conn.waiting.pop(0)
            if conn.name is None and msg["t"] not in BEFORE_HELLO:   # the hello was refused
                self.links.refuse(conn, "hello_first", "say hello first", msg)
            else:
                self._on_message(conn, msg)

    @property
    def index(self) -> saves.SaveIndex:
        return self.lifecycle.index

    def _left(self, conn: Conn) -> None:
        """A connection is gone: its seat is held for the grace period."""
        self.party.gone(conn)
        self.reads.gone(conn.id)
        self.hints.gone(conn.id)
        t = self.places.table_of(conn.id)
        if t is not None:
            before = Presence.of(t)
            seat = t.seating.seat_of(conn.id)
            out = t.disconnect(conn.id)
            held: list[Effect] = [StartGrace(t, seat.index)] if seat is not None else []
            self.run(list(changes(t, before)) + [Publish(out, t)] + held + [LobbyChanged(t)])

    def _expire(self, t: Table, seat: int) -> None:
        """A dropped player's grace period is over: a bot plays the seat if the table allows."""
        if not self._is_current(t):
            return
        before = Presence.of(t)
        self.run(table_changed(t, t.seat_expired(seat), before))

    def _disk_full(self, t: Table) -> None:
        self.lifecycle.pause(t)

    def _journal_failed(self, table: Table) -> None:
        """A journal that cannot be saved any more: its table closes (its players are told)."""
        for cid in table.seating.members():
            conn = self.conns.get(cid)
            if conn is not None:
                self.links.refuse(conn, "internal", "the host cannot save this game any more")
        self.lifecycle.forget(table, "unsaved")

    # --- the ticker -------------------------------------------------------------------------------
    def _put_away_abandoned(self) -> None:
        assert self.loop is not None
        self.lifecycle.put_away_abandoned(self.loop.time(), self.bots.thinking)

    def _release_kept(self) -> None:
        assert self.loop is not None
        self.lifecycle.release_kept(self.loop.time())

    def _stalled(self, seconds: float, busy: bool = False) -> None:
        """The host's loop did not run for ``seconds``: its process was stopped (suspended), or
        (``busy``) its loop was held up by its own work. Its connections could not be heard
        meanwhile either way, so their silence is counted from now, not from before."""
        if busy:
            log.warning("the host's loop was held up %.1f s by its own work (it did not stop): "
                        "its connections get a fresh %g s to answer", seconds,
                        self.config.ping_timeout)
        else:
            log.warning("the host did not run for %.0f s (stopped or suspended): its connections "
                        "get a fresh %g s to answer", seconds, self.config.ping_timeout)
        assert self.loop is not None
        now = self.loop.time()
        for c in list(self.conns.values()):
            c.stalled(seconds, now)

    # --- info for discovery -----------------------------------------------------------------------
    def free_seats(self) -> int:
        return sum(t.free_seats() for t in self.tables.values())


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
