"""What goes out of a table, after its journal: nothing a player sees is ever ahead of the disk.

``Outbox.send(out, table)`` sends a table's messages, in order, once its journal holds on disk
everything they are about. The syncs run in one worker thread (FIFO), so that a slow disk never
stalls the event loop -- or, once syncs have proved fast (``SyncTimer``), in the loop itself,
where the hop to a thread and back would cost more than the sync. A journal that cannot be saved
any more closes its table (``on_failed``). The outbox also closes the journals of tables the host
has let go of (``close_journal``), after their last updates are out.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from .links import Out

if TYPE_CHECKING:
    from .journal import Journal
    from .table import Table

log = logging.getLogger("tikal.host")
R = TypeVar("R")


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

    def sync(self, journal: Journal) -> None:
        """``journal.sync()``, timed (from the loop or the worker thread)."""
        t0 = time.perf_counter()
        journal.sync()
        fast = time.perf_counter() - t0 < self.fast
        self.fast_in_a_row = self.fast_in_a_row + 1 if fast else 0


class Outbox:
    """The tables' outgoing messages and their journals' syncs.

    ``write_out(out)`` writes messages now (net/links.py); ``spawn(coro)`` runs a task the host
    keeps; ``is_current(table)`` is True while the host still has that table; ``on_failed(table)``
    is called (from a log.exception context) when its journal cannot be saved any more."""

    def __init__(self, inline_below: float, write_out: Callable[[Out], None],
                 spawn: Callable[[Coroutine[Any, Any, Any]], Any],
                 is_current: Callable[[Table], bool], on_failed: Callable[[Table], None]):
        self.syncs = SyncTimer(inline_below)
        self.write_out = write_out
        self.spawn = spawn
        self.is_current = is_current
        self.on_failed = on_failed
        self.queues: dict[int, list[tuple[Out, int]]] = {}   # table id -> [(messages, records)]
        self._syncer = ThreadPoolExecutor(1, thread_name_prefix="journal-sync")  # FIFO syncs

    async def in_syncer(self, fn: Callable[..., R], *args: Any) -> R:
        """``fn(*args)`` in the sync thread, after the syncs queued before it (disk probes)."""
        return await asyncio.get_running_loop().run_in_executor(self._syncer, fn, *args)

    def send(self, out: Out, table: Table | None = None):
        if table is None or table.journal is None or not out:
            return self.write_out(out)
        journal = table.journal
        if table.id not in self.queues:  # nothing of this table is waiting before these
            if journal.synced >= journal.written:
                return self.write_out(out)
            if self.syncs.inline:
                try:
                    self.syncs.sync(journal)
                except Exception:
                    self._failed(table)
                    self.close_journal(table, journal)
                    return
                return self.write_out(out)
        q = self.queues.get(table.id)
        if q is None:
            q = self.queues[table.id] = []
            self.spawn(self._drain(table, q))
        q.append((out, journal.written))

    async def _drain(self, table: Table, q: list[tuple[Out, int]]):
        """Drains one table's outbox; ends when it is empty (the next send starts a new one)."""
        journal = table.journal
        assert journal is not None
        try:
            while q:
                out, needed = q[0]
                if journal.synced < needed:
                    await self.in_syncer(self.syncs.sync, journal)
                q.pop(0)
                self.write_out(out)
        except asyncio.CancelledError:
            raise
        except Exception:
            self._failed(table)
        finally:
            if self.queues.get(table.id) is q:
                del self.queues[table.id]
            self.close_journal(table, journal)

    def _failed(self, table: Table):
        log.exception("journal of table %s cannot be saved: the table closes", table.id)
        self.queues.pop(table.id, None)
        self.on_failed(table)

    def close_journal(self, table: Table, journal: Journal | None):
        """Close the journal of a finished table, or of one the host has let go of (after what
        its outbox still holds)."""
        gone = not self.is_current(table) or table.status == "over"
        if gone and journal is not None and not journal.closed and table.id not in self.queues:
            try:
                journal.close()
            except OSError:
                log.exception("closing the journal of table %s", table.id)

    def shutdown(self):
        """No sync running while the files close (the host's stop)."""
        self._syncer.shutdown(wait=True)
