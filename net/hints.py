"""The hints the host computes for its players (``hint``, docs/protocol.md section 5): the strong
bot's plan for a seat, from that seat's own view, for a client that cannot run the bots itself (a
browser; the window computes its own, game/hint.py, with the same function and seed).

The bots are pure Python and hold the interpreter while they think, so a hint is never computed
on the host's loop nor in one of its threads: it runs in a **worker process** (net/hint_worker.py).

- ``HintPool``: ``size`` worker processes (``HostConfig.hint_workers``), each started when first
  needed and driven by a thread of its own that sends it a request and waits for the answer (the
  loop never waits). At most ``queue`` requests wait for a worker, host-wide
  (``HostConfig.hint_queue``): one more is answered ``hint_busy``. A request nobody wants any more
  is taken out of the queue, or, while a worker computes it, **stopped by killing that worker**
  (another takes its place: forked from a fork server that has the engine loaded, where the system
  has one; spawned on Windows).
- ``Hints``: the requests of the host's connections. **One per connection**: a new one takes the
  place of the one before (answered ``hint_cancelled``); a request whose table moved on is stopped
  and answered ``stale``; one of a connection that went is stopped. Each connection may ask
  ``BURST`` hints at once, then one every ``EVERY`` seconds (``rate``, with ``retry``: the seconds
  until it may ask again; ``HostConfig.hint_burst`` and ``hint_every``): a client that asked a
  hundred times a second would make the host kill and start a worker a hundred times a second.

The request holds the seat's view and legal actions packed as the host sends them (msgpack), so
the bot reads exactly what that seat's client reads: nothing of the stack's order, a face-down
treasure or another player's cards is ever in it.
"""
from __future__ import annotations

import asyncio
import logging
import math
import multiprocessing
import sys
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgpack

from engine.bots.hints import seed_for

from .config import HostConfig
from .messages import error
from .protocol import decode_body

if TYPE_CHECKING:
    from .links import Conn
    from .table import Table

log = logging.getLogger("tikal.host")

#: What the fork server imports once, so that a new worker is ready in milliseconds.
PRELOAD = ["net.hint_worker", "net.host"]
#: Hints a connection may ask at once, then one every EVERY seconds (by default: HostConfig's).
BURST = HostConfig.hint_burst
EVERY = HostConfig.hint_every


def start_method() -> str:
    """How worker processes start: from a fork server where the system has one (the engine
    preloaded there: a new worker is a fork of it, in milliseconds, and nothing of the host's own
    threads is forked), else spawned (Windows). A PyInstaller app needs
    ``multiprocessing.freeze_support()`` first thing in its entry point for either (run_host.py,
    run_client.py, tikal_lan/)."""
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods and sys.platform != "win32" else "spawn"


@dataclass(eq=False)
class Job:
    """One request: packed for the worker, with what its answer needs."""
    key: Any                          # who asked (a connection id): one job per key
    request: bytes
    done: Callable[[dict | None], None]   # called on the loop with the worker's answer (None: it died)
    cancelled: bool = False


@dataclass(eq=False)
class _Slot:
    """One worker process and the thread that talks to it."""
    pool: HintPool
    index: int
    inbox: deque = field(default_factory=deque)
    wake: threading.Condition = field(default_factory=threading.Condition)
    job: Job | None = None            # the job given to it, until its answer is on the loop
    kill_asked: bool = False
    proc: Any = None
    pipe: Any = None
    thread: threading.Thread | None = None

    def give(self, job: Job) -> None:
        with self.wake:
            self.job, self.kill_asked = job, False
            self.inbox.append(job)
            self.wake.notify()
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, name=f"tikal-hint-{self.index}", daemon=True)
            self.thread.start()

    def stop_job(self, job: Job) -> None:
        """Stop ``job`` if this worker has it: kill the worker (the thread starts another)."""
        with self.wake:
            if self.job is not job:
                return
            self.kill_asked = True
            if self.proc is not None:
                self.proc.kill()
                self.pool.stopped += 1

    def _run(self) -> None:
        while True:
            with self.wake:
                while not self.inbox:
                    self.wake.wait()
                job = self.inbox.popleft()
            if job is None:
                self._end_process()
                return
            answer = self._compute(job)
            with self.wake:
                killed, self.kill_asked = self.kill_asked, False
            if killed or answer is None:
                self._end_process()       # killed, or died: the next job starts a new one
            self.pool.answered(self, job, answer)

    def _compute(self, job: Job) -> dict | None:
        try:
            if self.proc is None or not self.proc.is_alive():
                self._end_process()
                self.proc, self.pipe = self.pool.new_process()
            with self.wake:
                if self.kill_asked:       # stopped before it began
                    return None
            self.pipe.send_bytes(job.request)
            return decode_body(self.pipe.recv_bytes())
        except (EOFError, OSError, ValueError):
            return None                   # killed (or it died): no answer
        except Exception:
            log.exception("hint worker %d failed", self.index)
            return None

    def _end_process(self) -> None:
        proc, pipe = self.proc, self.pipe
        self.proc = self.pipe = None
        if pipe is not None:
            pipe.close()
        if proc is not None:
            if proc.is_alive():
                proc.kill()
            proc.join(5)

    def shutdown(self) -> None:
        with self.wake:
            self.inbox.appendleft(None)
            self.kill_asked = True        # (a worker being started now is ended as soon as it is)
            self.wake.notify()
            if self.proc is not None:
                self.proc.kill()


class HintPool:
    """Worker processes computing packed requests, a bounded queue before them (module doc)."""

    def __init__(self, size: int, queue: int, method: str | None = None):
        self.size, self.queue_max = max(1, size), max(0, queue)
        self.method = method or start_method()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.slots: list[_Slot] = []          # made as needed, up to ``size``
        self.idle: list[_Slot] = []
        self.waiting: deque[Job] = deque()
        self.started = 0                      # worker processes started (tests, bench) ...
        self.stopped = 0                      # ... and killed to stop a job nobody wants
        self.processes: deque = deque(maxlen=8)   # the newest ones started (tests)
        self._ctx = None

    def new_process(self):
        """A new worker process and the host's end of its pipe (on a slot's thread)."""
        from . import hint_worker

        if self._ctx is None:
            ctx = multiprocessing.get_context(self.method)
            if self.method == "forkserver":
                # the worker's own modules, and the host's: a new worker imports the program's main
                # module again (multiprocessing's way), which is the host command (or the window)
                ctx.set_forkserver_preload(PRELOAD)
            self._ctx = ctx
        ctx = self._ctx
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(target=hint_worker.serve, args=(theirs,), name="tikal-hint", daemon=True)
        proc.start()
        theirs.close()
        self.started += 1
        self.processes.append(proc)
        return proc, mine

    def submit(self, job: Job) -> bool:
        """Compute ``job`` (its ``done`` is called on the loop); False when the queue is full."""
        if self.loop is None:
            self.loop = asyncio.get_running_loop()
        if not self.idle and len(self.slots) < self.size:
            self.idle.append(_Slot(self, len(self.slots)))
            self.slots.append(self.idle[-1])
        if self.idle:
            self.idle.pop().give(job)
            return True
        if len(self.waiting) >= self.queue_max:
            return False
        self.waiting.append(job)
        return True

    def cancel(self, job: Job) -> None:
        """``job`` is not wanted any more: out of the queue, or its worker stopped."""
        job.cancelled = True
        try:
            self.waiting.remove(job)
            return
        except ValueError:
            pass
        for slot in self.slots:
            slot.stop_job(job)

    def answered(self, slot: _Slot, job: Job, answer: dict | None) -> None:
        """(On the slot's thread.) The loop hears of it."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self._answered, slot, job, answer)
        except RuntimeError:              # the loop closed meanwhile (the host stopped)
            pass

    def _answered(self, slot: _Slot, job: Job, answer: dict | None) -> None:
        with slot.wake:
            slot.job = None
        while self.waiting and self.waiting[0].cancelled:
            self.waiting.popleft()
        if self.waiting:
            slot.give(self.waiting.popleft())
        else:
            self.idle.append(slot)
        if not job.cancelled:
            job.done(answer)

    def busy(self) -> int:
        """Jobs given to a worker or waiting for one."""
        return len(self.slots) - len(self.idle) + len(self.waiting)

    def shutdown(self) -> None:
        for job in self.waiting:
            job.cancelled = True
        self.waiting.clear()
        for slot in self.slots:
            slot.shutdown()


@dataclass(eq=False)
class _Asked:
    conn: Conn
    table: Table
    seat: int
    state: int
    msg: dict
    job: Job | None = None


class Hints:
    """The host's connections' hint requests (module doc). ``reply(conn, msg)`` sends a message
    now; ``is_current(table)``: the host still has that table."""

    def __init__(self, pool: HintPool, reply: Callable[[Conn, dict], None],
                 is_current: Callable[[Table], bool], clock: Callable[[], float],
                 burst: int = BURST, every: float = EVERY):
        self.pool = pool
        self.burst, self.every = burst, every
        self.reply = reply
        self.is_current = is_current
        self.clock = clock
        self.asked: dict[int, _Asked] = {}             # connection id -> its request
        self.bucket: dict[int, tuple[float, float]] = {}   # connection id -> (tokens, when)

    def _wait(self, conn_id: int) -> float:
        """0 when ``conn_id`` may ask now (and it is counted), else the seconds until it may."""
        now = self.clock()
        tokens, when = self.bucket.get(conn_id, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - when) / self.every if self.every > 0 else float(self.burst))
        if tokens < 1:
            self.bucket[conn_id] = (tokens, now)
            return (1 - tokens) * self.every
        self.bucket[conn_id] = (tokens - 1, now)
        return 0.0

    def ask(self, conn: Conn, table: Table, msg: dict, seat: int, view: dict, legal: list) -> None:
        """``conn``'s request (the table has checked it: ``Table.hint_request``)."""
        wait = self._wait(conn.id)
        if wait:
            self.reply(conn, error("rate", f"hints: at most {self.burst} at once, then one every {self.every:g} s",
                                   retry=math.ceil(wait * 10) / 10,
                                   seq=msg.get("seq"), ref="hint"))
            return
        old = self.asked.pop(conn.id, None)
        if old is not None:
            self._stop(old)
            self._refuse(old, "hint_cancelled", "a newer hint request took this one's place")
        state = table.state
        request = msgpack.packb({"t": "hint", "game": table.game_name, "view": view, "legal": legal,
                                 "seat": seat, "seed": seed_for(state, seat)}, use_bin_type=True)
        asked = _Asked(conn, table, seat, state, msg)
        asked.job = Job(conn.id, request, lambda answer: self._done(asked, answer))
        if not self.pool.submit(asked.job):
            self._refuse(asked, "hint_busy", f"the host computes {self.pool.busy()} hints now: "
                                             "ask again in a moment")
            return
        self.asked[conn.id] = asked

    def _done(self, asked: _Asked, answer: dict | None) -> None:
        if self.asked.get(asked.conn.id) is asked:
            del self.asked[asked.conn.id]
        t = asked.table
        seat = t.seating.seat_of(asked.conn.id) if self.is_current(t) else None
        if seat is None or seat.index != asked.seat:
            return                    # it left the table meanwhile (gone() would have stopped it)
        if t.state != asked.state:
            self._refuse(asked, "stale", f"the game moved on (state {t.state}) while the hint was computed")
        elif answer is None or "hint" not in answer:
            why = (answer or {}).get("error", "the hint's worker stopped")
            log.warning("hint for table %s seat %s failed: %s", t.id, asked.seat, why)
            self._refuse(asked, "internal", "the host could not compute this hint")
        else:
            msg = {"t": "hint", "table": t.id, "state": asked.state, "seat": asked.seat,
                   "steps": answer["hint"]["steps"]}
            if asked.msg.get("seq") is not None:
                msg["seq"] = asked.msg["seq"]
            self.reply(asked.conn, msg)

    def _stop(self, asked: _Asked) -> None:
        if asked.job is not None:
            self.pool.cancel(asked.job)

    def _refuse(self, asked: _Asked, code: str, text: str) -> None:
        self.reply(asked.conn, error(code, text, seq=asked.msg.get("seq"), ref="hint"))

    def moved(self, table: Table) -> None:
        """``table``'s game changed: the requests asked before are stopped (``stale``)."""
        for cid, asked in list(self.asked.items()):
            if asked.table is table and asked.state != table.state:
                del self.asked[cid]
                self._stop(asked)
                self._refuse(asked, "stale", f"the game moved on (state {table.state})")

    def left(self, conn_id: int) -> None:
        """The connection left its table or went: its request is stopped, unanswered."""
        asked = self.asked.pop(conn_id, None)
        if asked is not None:
            self._stop(asked)

    def gone(self, conn_id: int) -> None:
        self.left(conn_id)
        self.bucket.pop(conn_id, None)

    def shutdown(self) -> None:
        self.asked.clear()
        self.pool.shutdown()
