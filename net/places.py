"""Where each connection is, and which table each seat token proves: the host's one index of its
tables' seats.

Who sits where is the tables' own (net/seats.py: each seat's player, token and connection; the
spectators): the authority checks every request against it. What the host needs of it to route a
message -- the table of a connection, the table of a token a ``hello`` brings -- it looks up here,
never by scanning the tables. The index is changed only by the effects that say how a table's seats
changed (``Seated``, ``Unseated``, ``Tokens``: net/effects.py), which the host's loop carries out
as it does the others (``Host.run``); ``changes(table, before)`` makes them, from what the table
held before a request (``Presence.of``) and what it holds after, so no handler writes a connection's
place by hand and none is forgotten.

    before = Presence.of(table)
    out = table.ask(conn.id, msg, who)
    effects = changes(table, before) + [Publish(out, table), ...]
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table import Table


@dataclass(frozen=True, slots=True)
class Move:
    """A connection's move at a table (``Seated`` or ``Unseated``)."""
    conn: int
    table: Table


class Seated(Move):
    """Connection ``conn`` is at ``table`` from now on (in a seat, or watching)."""
    __slots__ = ()


class Unseated(Move):
    """Connection ``conn`` is no longer at ``table`` (it left, dropped, was removed, its seat
    was taken back by another connection, the table went away)."""
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Tokens:
    """The seat tokens of ``table`` changed: ``new`` prove one of its seats from now on,
    ``dead`` no longer do."""
    table: Table
    new: frozenset[str] = frozenset()
    dead: frozenset[str] = frozenset()


Change = Seated | Unseated | Tokens


@dataclass(frozen=True, slots=True)
class Presence:
    """What a table's seats hold, as the index sees it: the connections at it, its live tokens."""
    conns: frozenset[int] = frozenset()
    tokens: frozenset[str] = frozenset()

    @classmethod
    def of(cls, table: Table) -> Presence:
        return cls(frozenset(table.seating.members()), frozenset(table.seating.tokens()))


EMPTY = Presence()


def changes(table: Table, before: Presence, after: Presence | None = None) -> list[Change]:
    """How ``table``'s seats changed since ``before`` (to ``after``: by default what it holds
    now), as the effects that carry the change into the index: first who went, then who came."""
    now = Presence.of(table) if after is None else after
    out: list[Change] = [Unseated(c, table) for c in sorted(before.conns - now.conns)]
    out += [Seated(c, table) for c in sorted(now.conns - before.conns)]
    if now.tokens != before.tokens:
        out.append(Tokens(table, now.tokens - before.tokens, before.tokens - now.tokens))
    return out


def arrived(table: Table) -> list[Change]:
    """A table the host has from now on (made, restored, brought back): its seats indexed."""
    return changes(table, EMPTY)


def gone(table: Table) -> list[Change]:
    """A table the host lets go of: nobody is at it any more, its tokens prove nothing."""
    return changes(table, Presence.of(table), EMPTY)


class Places:
    """Connection id -> the table it is at; seat token -> the table of its seat (live tables
    only: the data dir's saved games have their own index, net/saves.py ``SaveIndex``)."""

    def __init__(self) -> None:
        self._at: dict[int, Table] = {}
        self._tokens: dict[str, Table] = {}

    def table_of(self, conn: int) -> Table | None:
        return self._at.get(conn)

    def table_of_token(self, token: str) -> Table | None:
        return self._tokens.get(token)

    def held(self) -> tuple[dict[int, int], dict[str, int]]:
        """What the index holds, by table id: (connection -> table, token -> table)."""
        return ({c: t.id for c, t in self._at.items()}, {k: t.id for k, t in self._tokens.items()})

    def apply(self, change: Change) -> None:
        """Carry one change into the index (the host's loop does, in order with the others)."""
        if type(change) is Seated:
            self._at[change.conn] = change.table
        elif type(change) is Unseated:
            if self._at.get(change.conn) is change.table:
                del self._at[change.conn]
        elif type(change) is Tokens:
            for tok in change.dead:
                if self._tokens.get(tok) is change.table:
                    del self._tokens[tok]
            for tok in change.new:
                self._tokens[tok] = change.table
        else:
            raise TypeError(f"not a change of the seats: {change!r}")
