"""The requests that cost the host more than a message (docs/protocol.md sections 14 and 15): a
finished game's replay, the scores of a saved game, read from files and replayed.

One guest asking for them a hundred times a second once pushed every other player's pings to
4-8 s (each request replayed a journal in the shared thread pool, uncached). Now:

- **cached**: a finished game's replay never changes, it is read once and kept (the newest
  ``REPLAYS_KEPT``); the saved games' list and tonight's finished games come from the data dir's
  index (net/saves.py), kept as games are saved, so they change only when a game ends or is
  continued;
- **one in flight per connection**: a connection that asks again before its answer came is
  refused (``rate``);
- **under a budget**: what must be read runs on one thread of its own, one read at a time for the
  whole host, so that reads never crowd out the loop, the bots or the journal's syncs; the same
  replay asked by several at once is read once.

    reads = Reads(spawn, send, refuse)
    reads.answer(conn, msg, lambda: reads.replay(data_dir, 12, to_message))
    await reads.run(fn, *args)        # fn(*args) on the reads' thread
"""
from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .table import TableError

#: Finished games' replays kept in memory (a long Tikal game's: some 60 KiB).
REPLAYS_KEPT = 32


class Reads:
    def __init__(self, spawn: Callable[[Coroutine[Any, Any, Any]], Any],
                 send: Callable[[Any, dict], None],
                 refuse: Callable[[Any, str, str, dict], None]):
        self.spawn, self.send, self.refuse = spawn, send, refuse
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="tikal-reads")
        self.in_flight: set[int] = set()            # connections waiting for an answer
        self.replays: OrderedDict[int, dict] = OrderedDict()
        self._reading: dict[Any, asyncio.Future] = {}   # what is being read -> its answer
        self.reads = 0                                  # reads done on the thread (tests, bench)

    def answer(self, conn, msg: dict, make: Callable[[], Awaitable[dict]]) -> None:
        """Answer ``msg`` of ``conn`` with what ``make()`` gives (a message to send), once, off
        the loop's way; TableError raised by it is sent as that error. Refused (``rate``) if the
        connection still waits for an earlier answer."""
        if conn.id in self.in_flight:
            raise TableError("rate", f"{msg['t']}: one request at a time: wait for the answer to "
                                     "the last one")
        self.in_flight.add(conn.id)

        async def go() -> None:
            try:
                reply = await make()
            except TableError as exc:
                self.refuse(conn, exc.code, exc.message, msg)
            else:
                self.send(conn, reply)
            finally:
                self.in_flight.discard(conn.id)
        self.spawn(go())

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` on the reads' own thread (one read at a time for the whole host)."""
        self.reads += 1
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def once(self, what: Any, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` on the reads' thread, read once for everyone who asks for ``what`` while
        it is being read."""
        fut = self._reading.get(what)
        if fut is None:
            fut = asyncio.ensure_future(self.run(fn, *args))
            self._reading[what] = fut
            fut.add_done_callback(lambda _f: self._reading.pop(what, None))
        return await asyncio.shield(fut)

    async def replay(self, tid: int, read: Callable[[int], dict]) -> dict:
        """The replay of finished game ``tid``: kept, or ``read(tid)`` on the reads' thread (and
        kept). What ``read`` raises goes to the caller and is not kept."""
        got = self.replays.get(tid)
        if got is None:
            got = await self.once(("replay", tid), read, tid)
            self.replays[tid] = got
            while len(self.replays) > REPLAYS_KEPT:
                self.replays.popitem(last=False)
        self.replays.move_to_end(tid)
        return got

    def gone(self, conn) -> None:
        self.in_flight.discard(conn.id)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
