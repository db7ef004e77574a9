"""The life of the host's tables (docs/protocol.md section 3), and where they are saved.

A lobby table nobody is at goes away (unless the host's operator made it); a finished table
closes its journal at once and goes away after ``over_linger``; a started game nobody is at and
no bot plays is put away after ``abandoned_after``; a table whose disk is full pauses until a
probe write succeeds (``pause``). The data dir (net/saves.py) is locked, and read at start:
restored, set aside, refused, archived.

``Lifecycle`` holds the tables (``tables``: id -> Table). What it needs of the rest of the host
is given to it: the connections (net/links.py: to tell members that a table is gone), the outbox
(net/outbox.py: to close a journal after its last updates, to probe the disk in the sync
thread), the grace timers (net/grace.py), ``kick_bots(table)``, ``lobby_changed(table)``,
``spawn(coro)`` and ``carry_out(effects)``: a table that comes or goes comes or goes in the host's
index of who is where (net/places.py) through the effects that say so, as every change of seats.
"""
from __future__ import annotations

import asyncio
import errno
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any

from . import journal as jn
from . import saves
from .config import HostConfig
from .grace import Grace
from .links import Conn, Links
from .messages import error
from .outbox import Outbox
from .places import Change, arrived, gone
from .seats import TableError
from .table import Table

log = logging.getLogger("tikal.host")

#: Why a table went away, as the ``why`` of its ``left`` (a code the clients say in their own
#: language) and the English ``reason`` beside it (the log, older clients).
GONE = {
    "unsaved": "the host cannot save this game any more",
    "room": "the host needed room for a new table",
    "empty": "nobody is at the table",
    "over": "the game is over",
    "abandoned": "abandoned: nobody came back",
}


class Lifecycle:
    def __init__(self, config: HostConfig, links: Links, outbox: Outbox, grace: Grace,
                 kick_bots: Callable[[Table], None],
                 lobby_changed: Callable[[Table | None], None],
                 spawn: Callable[[Coroutine[Any, Any, Any]], Any],
                 carry_out: Callable[[list[Change]], None] = lambda changes: None,
                 now: Callable[[], float] = time.time):
        self.config = config
        self.links = links
        self.outbox = outbox
        self.grace = grace
        self.kick_bots = kick_bots
        self.lobby_changed = lobby_changed
        self.spawn = spawn
        self.carry_out = carry_out
        self.now = now      # the host's clock (net/turns.py): the tables' turn clocks read it
        self.loop: asyncio.AbstractEventLoop | None = None   # set by the host's start()
        self.tables: dict[int, Table] = {}
        self.next_id = 1
        self.made_by: dict[int, str] = {}       # table id -> the address of its creator
        self.hosted: set[int] = set()           # tables the host's operator made (kept)
        self.leaving: dict[int, asyncio.TimerHandle] = {}   # finished tables' last minutes
        self.idle_since: dict[int, float] = {}  # started games nobody is at
        self.notes: dict[int, str] = {}         # table id -> told to players who come back
        self.waiting: set[int] = set()          # tables paused until the disk takes records
        self.lock: saves.DataDirLock | None = None
        self.report: saves.Report | None = None   # what the data dir held at start
        self.restored: list[Table] = []
        self.unsaved: str | None = None         # why tables are not saved (a full disk)
        self.finished: list[dict] = []          # the finished games found at start (standings)
        #: what the data dir holds, kept as games are saved (net/saves.py): looked up, never scanned
        self.index = saves.SaveIndex()
        #: called with a started game that goes away unfinished: it is a saved game again
        self.saved_again: Callable[[Table], None] = lambda t: None
        #: called when a data dir that was on a full disk at start opens at last, with the tables
        #: it restored then (--resume)
        self.opened_late: Callable[[list[Table]], None] = lambda tables: None
        #: called with a finished table that goes away: the seats its Play again kept open
        #: (net/again.py); and with a Play again whose seats kept are to open (their time is up)
        self.let_go: Callable[[Table], None] = lambda t: None
        self.kept_too_long: Callable[[Table], None] = lambda t: None
        self.kept_since: dict[int, float] = {}  # Play agains without their last game's table

    def is_current(self, t: Table) -> bool:
        """The host still has ``t`` (a table it let go of may still be referenced)."""
        return self.tables.get(t.id) is t

    # --- the data dir -----------------------------------------------------------------------------
    def open_data_dir(self):
        """The first time the host needs its data dir: lock it (DataDirBusy if another host
        holds it), archive what is old, restore the unfinished games with ``resume``, and learn
        the first free table id (net/saves.py). ``report`` says what was found.

        A data dir on a full disk does not keep the host from hosting: it says so (``unsaved``,
        a warning), and its tables are kept in memory only, numbered after every game the data
        dir holds (its names are read: reading needs no room), until there is room again (a new
        table, or ``wait_for_room``): then the data dir opens and the games of a --resume are
        restored as at any start (``opened_late`` is told)."""
        cfg = self.config
        if cfg.data_dir is None or self.lock is not None:
            return
        late = self.unsaved is not None
        try:
            self.lock = saves.DataDirLock(cfg.data_dir).acquire()
            try:
                opened = saves.open_saves(cfg.data_dir, resume=cfg.resume,
                                          keep_finished=cfg.keep_finished,
                                          keep_days=cfg.keep_days)
            except BaseException:
                self.release()
                raise
        except OSError as exc:
            if exc.errno not in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
                raise
            if not self.unsaved:
                self.unsaved = (f"the disk of the data dir {cfg.data_dir} is full "
                                f"({exc.strerror}): hosting anyway, but nothing is saved until "
                                "there is room")
                log.warning("%s", self.unsaved)
                # the tables played meanwhile never take the id of a game saved there
                self.next_id = max(self.next_id, saves.next_free_id(cfg.data_dir))
            return
        if self.unsaved:
            log.warning("the data dir %s has room again: new tables are saved", cfg.data_dir)
            self.unsaved = None
        self.report = opened.report
        self.finished = opened.finished
        self.index = opened.index
        self.notes.update(opened.notes)
        self.next_id = max(self.next_id, opened.next_id)
        restored = []
        for tid, table in opened.tables.items():
            if tid in self.tables:              # (never: the tables of a full disk came after)
                log.warning("table %s of the data dir is not restored: a table of that id is "
                            "being played", tid)
                continue
            self.tables[tid] = table
            table.came_back(self.now)
            self.carry_out(arrived(table))
            self.restored.append(table)
            restored.append(table)
        if late:
            self.opened_late(restored)

    async def wait_for_room(self):
        """A data dir on a full disk at start: try again every ``disk_retry`` seconds until it
        opens (its games restored, ``opened_late``), even if no new table asks for it."""
        while self.unsaved is not None and self.lock is None:
            await asyncio.sleep(self.config.disk_retry)
            try:
                self.open_data_dir()
            except Exception:
                log.exception("opening the data dir %s", self.config.data_dir)
                return

    def release(self):
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def new_table(self, game: str, seats: int, options: dict | None, owner: int | None,
                  takeover: bool = True, hints: bool = False, clock: float | None = None) -> Table:
        """A new lobby table (``clock``: its turn clock, else the host's ``turn_limit``)."""
        self.open_data_dir()
        tid = self.next_id
        journal = jn.Journal(jn.journal_path(self.config.data_dir, tid), deferred=True) \
            if self.config.data_dir is not None and self.lock is not None else None
        table = Table(tid, game, seats, options, owner=owner, takeover=takeover, journal=journal,
                      hints=hints, now=self.now,
                      clock=self.config.turn_limit if clock is None else clock)
        self.next_id += 1
        self.tables[tid] = table
        self.carry_out(arrived(table))
        return table

    def add(self, table: Table, made_by: str, note: str | None = None) -> None:
        """A table brought back from the data dir (``continue``, a returning token) is the
        host's again; ``note`` is told to its players who come back (a damaged save)."""
        self.tables[table.id] = table
        table.came_back(self.now)
        self.carry_out(arrived(table))
        self.made_by[table.id] = made_by
        if note:
            self.notes[table.id] = note

    def room_for_a_table(self, conn: Conn):
        """A connection may make a table if its address has fewer than ``max_tables_per_addr``
        and the host fewer than ``max_tables`` (the oldest finished table makes room)."""
        cfg = self.config
        mine = sum(addr == conn.addr for addr in self.made_by.values())
        if mine >= cfg.max_tables_per_addr:
            raise TableError("limit", f"{mine} tables are open from your address (the limit "
                                      f"is {cfg.max_tables_per_addr}): finish or leave one first")
        if len(self.tables) >= cfg.max_tables:
            over = [t for t in self.tables.values() if t.status == "over"]
            if not over:
                raise TableError("limit", f"the host has {len(self.tables)} tables, its limit: "
                                          "join one, or wait for one to end")
            self.forget(min(over, key=lambda t: t.id), "room")

    # --- where a table is in its life ---------------------------------------------------------------
    def settle(self, t: Table):
        """Where ``t`` is in its life: a lobby table nobody is at (no seated player, not even
        away, no spectator) goes, unless the host's operator made it; a finished one closes its
        journal and goes after ``over_linger`` (at once if no player ever sat there and nobody
        watches)."""
        if not self.is_current(t):
            return
        if t.journal is not None:   # the index of saved games follows (a start, an end)
            if t.status == "playing" and t.id not in self.index.unfinished:
                self.index.put_unfinished(saves.table_entry(t))
            elif t.status == "over" and t.id not in self.index.finished:
                self.index.put_finished(saves.finished_record(t))
        if t.status == "lobby":
            if not t.seating.members() and not t.seating.has_people and t.id not in self.hosted:
                self.forget(t, "empty", tell_lobby=False)
        elif t.status == "over" and t.id not in self.leaving:
            self.outbox.close_journal(t, t.journal)
            if not t.seating.has_people and not t.seating.members():
                self.forget(t, "over", tell_lobby=False)
            elif self.loop is not None:
                self.leaving[t.id] = self.loop.call_later(
                    self.config.over_linger, self.forget, t, "over")

    def forget(self, t: Table, why: str, tell_lobby: bool = True):
        """``t`` goes away: whoever is still there is told (``left``, with ``why``: a code of
        ``GONE``, and its English reason), its seats' tokens die, its journal is closed (it stays
        on disk: --list-saved, --export, --resume)."""
        reason = GONE[why]
        if not self.is_current(t):
            return
        del self.tables[t.id]
        self.grace.cancel_table(t)
        h = self.leaving.pop(t.id, None)
        if h is not None:
            h.cancel()
        self.made_by.pop(t.id, None)
        self.hosted.discard(t.id)
        self.idle_since.pop(t.id, None)
        self.kept_since.pop(t.id, None)
        self.notes.pop(t.id, None)
        if t.keeper is not None:        # a Play again that goes before it starts: not kept
            t.keeper.drop()
            t.keeper = None
        self.outbox.close_journal(t, t.journal)   # (or its outbox does, after the last updates)
        out = [(cid, {"t": "left", "table": t.id, "reason": reason, "why": why})
               for cid in t.seating.members() if cid in self.links.conns]
        self.carry_out(gone(t))
        self.links.write_out(out)
        log.info("table %s closed: %s", t.id, reason)
        if t.status == "playing" and t.journal is not None:
            self.index.put_unfinished(saves.table_entry(t))   # as it is now: its state, scores
            self.saved_again(t)
        if t.again is not None:
            self.let_go(t)
        if tell_lobby:
            self.lobby_changed(None)

    def put_away_abandoned(self, now: float, thinking: set[int]):
        """Started games that nobody is at and no bot plays (their players away, without
        takeover) wait ``abandoned_after``, then go: their journal is closed with a mark, so
        that no --resume brings them back."""
        for t in list(self.tables.values()):
            if t.status != "playing" or t.seating.members() or t.bot_turn() is not None \
                    or t.id in thinking:
                self.idle_since.pop(t.id, None)
                continue
            since = self.idle_since.setdefault(t.id, now)
            if now - since >= self.config.abandoned_after:
                t.close_record("abandoned")
                self.forget(t, "abandoned")

    def release_kept(self, now: float):
        """A Play again's seats kept for their players (net/again.py) wait for them as long as
        its last game's table stays (``over_linger``); one whose last game's table is not here
        (the host was restarted) keeps them as long again from when it was first seen so."""
        for t in list(self.tables.values()):
            waiting = t.status == "lobby" and t.again_of is not None and any(s.kept for s in t.seats)
            last = self.tables.get(t.again_of) if waiting and t.again_of is not None else None
            if not waiting or (last is not None and last.status == "over" and last.again == t.id):
                self.kept_since.pop(t.id, None)
                continue
            since = self.kept_since.setdefault(t.id, now)
            if now - since >= self.config.over_linger:
                self.kept_since.pop(t.id, None)
                self.kept_too_long(t)

    def close_journals(self):
        """The host stops: every journal closed (no sync runs any more)."""
        for t in self.tables.values():
            if t.journal is not None:
                try:
                    t.journal.close()
                except OSError:
                    log.exception("closing the journal of table %s", t.id)

    # --- a disk that cannot take the journal ----------------------------------------------------------
    def pause(self, t: Table, told: int | None = None):
        """``t`` could not journal a change (its disk is full or failing) and waits: everyone at
        the table is told once (``told`` already was, by its refusal), one log line, and a
        watcher lets the game go on by itself once the host can write again."""
        if not t.paused or t.id in self.waiting or not self.is_current(t):
            return
        self.waiting.add(t.id)
        log.warning("table %s: %s: the game waits until the host can save it again",
                    t.id, t.paused)
        note = error("disk_full", f"{t.paused}: the game waits")
        self.links.write_out([(c, note) for c in t.seating.members() if c != told] + t.lobby_out())
        self.lobby_changed(t)
        self.spawn(self._wait_for_disk(t))

    async def _wait_for_disk(self, t: Table):
        loop = asyncio.get_running_loop()
        since = loop.time()
        try:
            while self.is_current(t) and t.paused:
                await asyncio.sleep(self.config.disk_retry)
                if await self.outbox.in_syncer(jn.can_write, self.config.data_dir):
                    log.warning("table %s: the host can save again (after %.0f s): the game "
                                "goes on", t.id, loop.time() - since)
                    self.links.write_out(t.unpause())
                    self.lobby_changed(t)
                    self.kick_bots(t)
        finally:
            self.waiting.discard(t.id)
