"""The bots of the host's tables: each thinks in a worker thread (``run_in_executor``), so a
thinking bot never stalls the loop, another table or a chat; at most one thinks per table.

``kick(table)`` lets the bot whose turn it is think (a no-op if none is, or one thinks there
already). The host gives it: ``is_current(table)`` (the host still has it), ``send_out(out,
table)`` (through the outbox), ``on_disk_full(table)`` (the table pauses, net/lifecycle.py) and
``after_move(table)`` (the lobby hears of a finished game).
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from .config import HostConfig
from .links import Out
from .seats import TableError

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("tikal.host")


class Bots:
    def __init__(self, config: HostConfig, spawn: Callable[[Coroutine[Any, Any, Any]], Any],
                 is_current: Callable[[Table], bool],
                 send_out: Callable[[Out, Table], None],
                 on_disk_full: Callable[[Table], None],
                 after_move: Callable[[Table], None]):
        self.config = config
        self.spawn = spawn
        self.is_current = is_current
        self.send_out = send_out
        self.on_disk_full = on_disk_full
        self.after_move = after_move
        self.thinking: set[int] = set()       # tables where a bot thinks
        self._executor = ThreadPoolExecutor(config.bot_threads, thread_name_prefix="bot")

    def kick(self, t: Table):
        """If a bot is to act at ``t`` and none is thinking there, let it think off the loop."""
        if t.id in self.thinking or not self.is_current(t):
            return
        turn = t.bot_turn()
        if turn is None:
            return
        self.thinking.add(t.id)
        self.spawn(self._move(t, *turn))

    async def _move(self, t: Table, seat: int, level: str, state: int, view: dict, legal: list):
        try:
            cfg = self.config
            delay = cfg.bot_delay if t.seating.has_people else cfg.bots_alone_delay
            if delay > 0:   # people follow the moves; bots alone race
                await asyncio.sleep(delay)
            if t.state != state or t.bot_turn() is None:
                # the player came back while it waited (even with no delay: between kick() and
                # this task's first step a hello may be handled): theirs to play
                return
            bot = t.bot(seat)
            action = await asyncio.get_running_loop().run_in_executor(
                self._executor, bot.choose, view, legal)
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
            self.send_out(out, t)
        except asyncio.CancelledError:
            raise
        except TableError as exc:
            if exc.code != "disk_full":
                log.exception("bot failure at table %s", t.id)
            self.on_disk_full(t)   # the bot backs off until the host can save again
        except Exception:
            log.exception("bot failure at table %s", t.id)
        finally:
            self.thinking.discard(t.id)
        self.after_move(t)

    def shutdown(self):
        self._executor.shutdown(wait=False, cancel_futures=True)
