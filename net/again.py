"""Play again (docs/protocol.md section 14, "Play again"): the next game of a finished table, with
its game, options, seats and bots, and a new seed (the host's own entropy, as every new table's),
each of its players in with one tap.

A player at a finished table says ``{"t": "again"}``. The first one makes the **Play again**: a
new lobby table (its own id, journal and seed), whose seats are the last game's (net/seats.py
``keep_for_again``): each bot in its seat again, ready; each player's seat kept for them (their
name, colour and key; empty until they say yes: ``kept``), except for a player who had left the
game; the last game's owner owns it again once they are in (until then, as in any lobby, the
first player in). Each one who says ``again`` takes their kept seat, ready (``Table.accept``):
the finished table tells them ``left`` (``why`` ``again``), the Play again ``seated`` and
``table``; those still at the results get the finished table's summary again with who is in
(``again``). The owner starts as at any table (``start``: every seat filled and ready).

A seat kept for a player who will not play again opens (``release``): they left the finished
table, or the time to answer ran out (the finished table's five minutes; after a restart, as
long again from the restart). A player whose kept seat is open again may still sit in it, or
another player, or the owner's bot (``bot``, ``fill``).

Until it starts, a Play again's lobby is saved in the data dir beside the journals
(``table-<id>.journal.again``: written whole and renamed over, as the standings are; its id is
taken, as a journal's is, also for an older host) and a restart with ``--resume`` brings it back
(net/saves.py): its players' seats kept for them, those who were in with their seat's token
(their window or page comes back by itself), the others from the lobby's list (``tables``'
``mine``: "Play again"). When it starts, its journal holds it and the file goes.
"""
from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from .effects import Effects, LobbyChanged, Presence, table_changed
from .links import Conn
from .seats import TableError

if TYPE_CHECKING:
    from .handlers import HostServices
    from .table import Table

log = logging.getLogger("tikal.host")

#: The file name of a Play again's lobby (its table's id): the journal's name and ``.again``, so
#: that a host of any version finds its id taken (net/journal.py ``table_id``).
SUFFIX = ".again"
_NAME = re.compile(r"^table-(\d+)\.journal\.again$")


def lobby_path(data_dir, tid: int) -> Path:
    return Path(data_dir) / f"table-{tid}.journal{SUFFIX}"


def lobby_files(data_dir) -> dict[int, Path]:
    """Table id -> the saved lobby of each Play again of ``data_dir`` (regular files only)."""
    out: dict[int, Path] = {}
    try:
        entries = list(os.scandir(data_dir))
    except OSError:
        return out
    for e in entries:
        m = _NAME.match(e.name)
        try:
            if m and e.is_file(follow_symlinks=False):
                out[int(m.group(1))] = Path(e.path)
        except OSError:
            continue
    return out


class LobbyKeeper:
    """Where a Play again's lobby is saved until it starts: ``save(record)`` writes the whole
    file anew (a temporary file, synced, renamed over: a crash leaves the old one or the new),
    ``drop()`` removes it. A write that fails is logged once, never raised: the lobby goes on
    (only a restart would not find it)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.failing = False

    def save(self, record: dict) -> None:
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            try:
                os.write(fd, json.dumps(record, ensure_ascii=False, sort_keys=True).encode())
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, self.path)
        except OSError as exc:
            if not self.failing:
                log.warning("table %s: its Play again cannot be saved (%s): a restart of the host "
                            "would not bring it back", record.get("table"), exc.strerror or exc)
            self.failing = True
            return
        self.failing = False

    def drop(self) -> None:
        for p in (self.path, self.path.with_name(self.path.name + ".tmp")):
            try:
                os.unlink(p)
            except FileNotFoundError:
                pass
            except OSError as exc:
                log.warning("cannot remove %s: %s", p.name, exc.strerror or exc)


def read_lobby(path: Path) -> dict:
    """A saved Play again's record (``Table.lobby_record``); ValueError if it holds none."""
    try:
        rec = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"unreadable ({exc})") from None
    if not isinstance(rec, dict) or rec.get("k") != "again" or type(rec.get("table")) is not int:
        raise ValueError("not a Play again's lobby")
    return rec


# --- the host's side ---------------------------------------------------------------------------------
def again(host: HostServices, conn: Conn, msg: dict) -> Effects:
    """``again`` from a player at a finished table: into the Play again (made by the first)."""
    t = host.table_of(conn)
    s = t.seating.sender(conn.id)
    if t.status != "over":
        raise TableError("not_over", "the game is not over yet")
    r = host.tables.get(t.again) if t.again is not None else None
    if r is not None and r.status != "lobby":
        raise TableError("not_lobby", f"the next game (table {r.id}) has started: watch it from the lobby")
    effects: Effects = []
    if r is None:
        r = make(host, t, conn)
        effects.append(LobbyChanged(None))
    before_t, before_r = Presence.of(t), Presence.of(r)
    assert conn.name is not None
    into = r.accept(conn.id, s.index, conn.name, conn.key)   # (refused: nothing changed)
    t.again_in.add(s.index)
    out_t = t.leave(conn.id)
    out_t = [(c, {**m, "why": "again", "reason": "gone to the next game"} if m.get("t") == "left" else m)
             for c, m in out_t]
    return effects + table_changed(t, out_t, before_t) + table_changed(r, into, before_r)


def make(host: HostServices, last: Table, conn: Conn) -> Table:
    """The Play again of the finished table ``last``: a new lobby table with its game, options,
    turn clock, hints and stand-ins, its seats kept for its players, its bots in theirs."""
    host.room_for_a_table(conn)
    if host.tables.get(last.id) is not last:     # (the host made room by letting it go)
        raise TableError("no_table", "the finished table is gone")
    r = host.new_table(last.game_name, last.nseats, dict(last.options), owner=None,
                       takeover=last.takeover_allowed, hints=last.hints_allowed, made_by=conn.addr,
                       clock=last.clock_limit)
    r.seating.keep_for_again(last.seating, last.gone)
    r.again_of, last.again, last.again_in = last.id, r.id, set()
    data_dir = host.config.data_dir
    if data_dir is not None and r.journal is not None:      # (a host that saves its tables)
        r.keeper = LobbyKeeper(lobby_path(data_dir, r.id))
    log.info("table %s: Play again of table %s", r.id, last.id)
    return r


def release(host: HostServices, last: Table, seats: list[int] | None = None) -> Effects:
    """The seats of the finished table ``last``'s Play again that are kept for ``seats``'
    players (all: None) open: those players will not play again."""
    r = host.tables.get(last.again) if last.again is not None else None
    if r is None or r.status != "lobby":
        return []
    return release_kept(r, range(r.nseats) if seats is None else seats)


def release_kept(r: Table, seats) -> Effects:
    """A Play again's seats among ``seats`` still kept for their players open (``release``)."""
    before = Presence.of(r)
    if not [i for i in seats if r.seating.release(i)]:
        return []
    return table_changed(r, r.lobby_out(), before)
