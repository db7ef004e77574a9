"""The turn clocks of the host's tables (docs/protocol.md, "A turn nobody holds forever").

A table's ``clock`` is the seconds a player's turn may last (0: no clock). The table knows when
each turn began (``Turn.at``, journaled with the record that began it) and so its deadline
(``Table.clock_deadline``); ``TurnClock.watch(table)``, called whenever a table's turn may have
moved on (with its bots: ``WakeBots``), keeps one timer per table on that deadline. When it
fires on a turn still under way, the table's stand-in bot plays the rest of that turn for its
player (``Table.clock_out``), who keeps the seat and is told what the bot did.

It also holds the grace of a page hidden at its turn (a phone's screen off): the seat to act
whose page says it is hidden is held as a dropped one is (net/grace.py), and is away once that
grace ends (``Table.seat_expired``); shown again, or its turn over, the hold ends.

Time is the host's ``Clock``: the wall clock and the loop's timers (``LoopClock``), or a test's
(tests/fake_clock.py), so a test sets the time instead of waiting for it.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .grace import Grace
    from .play import Turn
    from .table import Table


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    """The host's time: ``now()`` in seconds since the epoch (a turn's start outlives a restart in
    the journal), and ``call_at(when, fn)``: ``fn()`` once ``now()`` has reached ``when``."""

    def now(self) -> float: ...

    def call_at(self, when: float, fn: Callable[[], None]) -> Timer: ...


class LoopClock:
    """The wall clock, and the running loop's timers (``loop`` set by the host's start)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None

    def now(self) -> float:
        return time.time()

    def call_at(self, when: float, fn: Callable[[], None]) -> Timer:
        assert self.loop is not None, "the host has not started"
        return self.loop.call_later(max(0.0, when - time.time()), fn)


def hidden_at_its_turn(t: Table) -> int | None:
    """The seat to act if its player's page is hidden (connected, played by no bot)."""
    seat = t.play.game.to_act if t.play is not None and t.status == "playing" else None
    s = t.seats[seat] if seat is not None else None
    if s is None or s.kind != "human" or not s.hidden or s.conn is None or s.is_bot_played:
        return None
    return s.index


class TurnClock:
    """One timer per table with a clock running (its deadline), and the holds of hidden pages.
    ``on_out(table)``: a turn's clock ran out (the host lets the table's bot play it)."""

    def __init__(self, clock: Clock, grace: Grace, on_out: Callable[[Table], None]):
        self.clock = clock
        self.grace = grace
        self.on_out = on_out
        self.armed: dict[int, tuple[Turn, float, Timer]] = {}   # table id -> its turn, deadline
        self.hidden: dict[int, int] = {}                         # table id -> the seat held
        self.ran_out: dict[int, Turn] = {}      # table id -> its turn that ran out (never again)

    def watch(self, t: Table) -> None:
        """``t``'s turn may have moved on: its clock's timer follows its deadline."""
        self._hold_hidden(t)
        deadline = t.clock_deadline()
        armed = self.armed.get(t.id)
        turn = t.play.turn if t.play is not None else None
        if armed is not None and armed[0] is turn and armed[1] == deadline:
            return
        self.cancel(t)
        if deadline is not None and turn is not None and self.ran_out.get(t.id) is not turn:
            self.armed[t.id] = (turn, deadline, self.clock.call_at(deadline, lambda: self._fire(t, turn)))

    def _fire(self, t: Table, turn: Turn) -> None:
        armed = self.armed.pop(t.id, None)
        if armed is None or armed[0] is not turn or t.play is None or t.play.turn is not turn:
            return      # another turn meanwhile
        if self.clock.now() < armed[1]:     # (the wall clock was set back meanwhile)
            self.watch(t)
            return
        self.ran_out[t.id] = turn   # (a table whose bot cannot play it: it waits for its player)
        self.on_out(t)

    def _hold_hidden(self, t: Table) -> None:
        """A player whose page is hidden at its turn is held as a dropped one is; no longer
        once it is shown again or its turn passed."""
        hide = hidden_at_its_turn(t)
        held = self.hidden.get(t.id)
        if held is not None and held != hide:
            del self.hidden[t.id]
            if t.seats[held].conn is not None:    # (a dropped seat's own grace stays)
                self.grace.cancel(t, held)
        if hide is not None and held != hide:
            self.hidden[t.id] = hide
            self.grace.start(t, hide)

    def cancel(self, t: Table) -> None:
        armed = self.armed.pop(t.id, None)
        if armed is not None:
            armed[2].cancel()

    def cancel_all(self) -> None:
        for _turn, _deadline, timer in self.armed.values():
            timer.cancel()
        self.armed.clear()
        self.hidden.clear()
        self.ran_out.clear()
