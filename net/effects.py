"""What a handler may see of the host, and what it returns for the host to do (the h11 way: the
logic decides, the loop acts).

A handler (net/handlers.py) and the party night (net/party.py) get a ``HostView``: the host's
settings, its tables and connections to read, and the few changes of its list of tables that must
happen at once (a table made, one brought back from the data dir). They change the tables
themselves (``Table`` is the authority: it answers with the messages to send) and the connection
they serve (its name, its key). Everything else they cause they *return*, as a list of effects,
which the host's loop carries out in order (``Host.run``):

    Reply(conn, msg)        one message now, to that connection (an answer about nothing the
                            journal holds: a welcome, a list, a pong)
    Publish(out, table)     a table's messages, once its journal holds what they are about
                            (net/outbox.py); ``table`` None: now
    Refuse(conn, code, text, msg)   an ``error`` now, counted (it echoes ``msg``'s seq and type)
    Close(conn, forget)     close after what is written (``forget``: the host forgets it at once,
                            its seat held as for a drop; else when the peer has closed too)
    LobbyChanged(table)     the lobby hears of the tables again (and a table just over is counted
                            tonight, one nobody is at goes: Lifecycle.settle)
    WakeBots(table)         the table's turn goes on: the bot whose turn it is thinks (off the
                            loop), the turn's clock is wound for whoever's it is (net/turns.py)
    StartGrace(table, seat)   a player away: their seat is held for the grace period (net/grace.py)
    CancelGrace(table, seat)   ... no longer (they are back, they left, they were removed)
    OffLoop(work, then, asker, share)   ``work()`` on the reads' thread (files: net/reads.py,
                            one at a time for the host; one in flight per ``asker``; read once
                            per ``share`` while it is read), then ``then(its result)``'s effects
                            on the loop
    Greeted(conn)           a hello that waited for a read off the loop is answered: what the
                            connection sent meanwhile goes to its handlers now, in order
    AskHint(conn, table, msg, seat, view, legal)   the strong bot's plan for that seat's view,
                            computed in a worker process and sent when ready (net/hints.py: one
                            per connection, the queue bounded, a stale one stopped)
    Seated(conn, table), Unseated(conn, table), Tokens(table, new, dead)
                            how a table's seats changed: the host's index of who is where and
                            of the live seat tokens (net/places.py) follows; ``changes(table,
                            before)`` makes them from what the table held before the request

Nothing in a handler writes to a socket, starts a timer or a task, or reaches into the host's
parts: mypy holds it to ``HostView`` (tests/test_types.py).
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .config import HostConfig
from .places import EMPTY, Presence, Seated, Tokens, Unseated, changes

__all__ = ["Reply", "Publish", "Refuse", "Close", "LobbyChanged", "WakeBots", "StartGrace",
           "CancelGrace", "OffLoop", "Greeted", "Seated", "Unseated", "Tokens", "Effect", "Effects",
           "EMPTY", "Presence", "table_changed", "HostView"]

if TYPE_CHECKING:
    from .links import Conn, Out
    from .reads import Reads
    from .saves import SaveIndex
    from .table import Table


@dataclass(frozen=True, slots=True)
class Reply:
    conn: Conn
    msg: dict
    frame: bytes | None = None      # ``msg`` already encoded (a cached answer), if it is


@dataclass(frozen=True, slots=True)
class Publish:
    out: Out
    table: Table | None = None


@dataclass(frozen=True, slots=True)
class Refuse:
    conn: Conn
    code: str
    message: str
    msg: dict | None = None


@dataclass(frozen=True, slots=True)
class Close:
    conn: Conn
    forget: bool = False


@dataclass(frozen=True, slots=True)
class LobbyChanged:
    table: Table | None = None


@dataclass(frozen=True, slots=True)
class WakeBots:
    table: Table


@dataclass(frozen=True, slots=True)
class StartGrace:
    table: Table
    seat: int


@dataclass(frozen=True, slots=True)
class CancelGrace:
    table: Table
    seat: int


@dataclass(frozen=True, slots=True)
class OffLoop:
    work: Callable[[], Any]
    then: Callable[[Any], Effects]
    #: the connection (and its message) that asked: one in flight per connection (net/reads.py)
    asker: tuple[Conn, dict] | None = None
    #: read once for everyone who asks for the same ``share`` while it is being read
    share: Hashable | None = None


@dataclass(frozen=True, slots=True)
class Greeted:
    conn: Conn


@dataclass(frozen=True, slots=True)
class AskHint:
    conn: Conn
    table: Table
    msg: dict
    seat: int
    view: dict
    legal: list


Effect = (Reply | Publish | Refuse | Close | LobbyChanged | WakeBots | StartGrace | CancelGrace | OffLoop
          | Greeted | AskHint | Seated | Unseated | Tokens)
Effects = list[Effect]


def table_changed(table: Table, out: Out, before: Presence | None = None) -> Effects:
    """The usual end of a change at a table: who came and went since ``before`` (what its seats
    held before the change, if it may have moved anyone) into the host's index, its messages
    (after its journal), the lobby told, its bots woken."""
    moved: Effects = list(changes(table, before)) if before is not None else []
    return moved + [Publish(out, table), LobbyChanged(table), WakeBots(table)]


class HostView(Protocol):
    """What handlers and the party night may use of the host (``Host`` is one: mypy checks it)."""

    @property
    def config(self) -> HostConfig: ...

    @property
    def tables(self) -> Mapping[int, Table]:
        """The host's tables by id (to read: they come and go through the methods below)."""
        ...

    @property
    def conns(self) -> Mapping[int, Conn]:
        """The open connections by id."""
        ...

    @property
    def addresses(self) -> list[str]:
        """Where other machines reach the host ("ip:port"), for the welcome."""
        ...

    @property
    def share(self) -> list[str]:
        """The download page's URLs, for the welcome."""
        ...

    @property
    def web(self) -> list[str]:
        """The URLs of the page browsers play on (net/web.py), for the welcome."""
        ...

    @property
    def index(self) -> SaveIndex:
        """What the data dir holds (its unfinished and finished games), kept as games are saved:
        looked up, never read (net/saves.py)."""
        ...

    @property
    def reads(self) -> Reads:
        """What was read off the loop and is kept (finished games' replays; net/reads.py)."""
        ...

    def table_of(self, conn: Conn) -> Table:
        """The connection's table, else TableError ``no_table``."""
        ...

    def table_at(self, conn: Conn) -> Table | None:
        """The table the connection is at (a seat, or watching), if any (net/places.py)."""
        ...

    def table_of_token(self, token: str) -> Table | None:
        """The live table one of whose seats ``token`` proves (net/places.py: an index)."""
        ...

    def tables_msg(self, over: bool = False, first: int = 1, conn: Conn | None = None) -> dict:
        """The ``tables`` message: the tables one can join or watch."""
        ...

    def tables_reply(self, conn: Conn, over: bool = False, first: int = 1) -> Reply:
        """``tables_msg`` for ``conn`` as a ``Reply``, answered from what was last listed while
        no table changed (a guest asking for the list a hundred times a second costs one)."""
        ...

    def room_for_a_table(self, conn: Conn) -> None:
        """TableError ``limit`` if the connection's address or the host has all the tables it
        may (the oldest finished one makes room)."""
        ...

    def new_table(self, game: str, seats: int, options: dict | None, *, owner: int | None,
                  takeover: bool, hints: bool, made_by: str, clock: float | None = None) -> Table:
        """A new lobby table, made by a connection from address ``made_by`` (``clock``: its turn
        clock in seconds, 0 none; by default the host's ``turn_limit``)."""
        ...

    def add_table(self, table: Table, made_by: str, note: str | None) -> None:
        """A table brought back from the data dir is the host's again (``note``: told to its
        players who come back: a damaged save)."""
        ...

    def note_of(self, table: Table) -> str | None:
        """What a player coming back to ``table`` is told (a damaged save), if anything."""
        ...
