"""The host's data dir: its lock, its owner-only permissions, what is restored at start and what
is archived (docs/protocol.md section 13).

    lock = DataDirLock(data_dir).acquire()    # DataDirBusy if another host holds it
    opened = open_saves(data_dir, resume=True)
    opened.tables      # table id -> Table, the unfinished games restored (journals open again)
    opened.next_id     # the first table id no entry of the data dir (or its archive) uses
    opened.report      # what was restored, set aside, refused, skipped, archived: lines()
    lock.release()

At start, a journal is read in full only to find where it ends: a finished game (its last record
carries the end mark) is listed, never replayed; an unfinished one is replayed only with
``resume``. What cannot be read (a directory, a FIFO, a dangling link, no permission) is skipped
and reported; a damaged journal keeps its playable prefix and the damaged file is set aside;
one this host cannot replay faithfully (a newer format, another rules version, a failed state
check) is refused loudly and left as it is.

Archive policy: the newest ``keep_finished`` finished games stay in the data dir; older finished
games, and any journal not written for ``keep_days`` days (an unfinished game too: it is no
longer resumed), move to ``<data_dir>/archive/``, which keeps the newest ``archive_max`` journals
and deletes older ones. ``--list-saved`` and ``--export`` look in both.
"""
from __future__ import annotations

import logging
import os
import socket
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import again
from . import journal as jn
from .config import KEEP_DAYS, KEEP_FINISHED
from .table import Table

log = logging.getLogger("tikal.host")

LOCK_NAME = "host.lock"
ARCHIVE = "archive"
ARCHIVE_MAX = 2000


class DataDirBusy(Exception):
    """Another host holds the data dir's lock."""


def private_dir(path) -> Path:
    """``path`` as a directory only its owner may read (journals hold seeds and seat tokens):
    made with mode 0700, or narrowed to it if it is ours and wider."""
    d = Path(path)
    d.mkdir(mode=0o700, parents=True, exist_ok=True)
    st = d.stat()
    if st.st_mode & 0o077 and (not hasattr(os, "getuid") or st.st_uid == os.getuid()):
        os.chmod(d, 0o700)
    return d


class DataDirLock:
    """An exclusive lock on a data dir (``host.lock``, an OS file lock, released by the OS if
    the host dies): two hosts writing the same ``table-1.journal`` would interleave two games."""

    def __init__(self, data_dir):
        self.path = Path(data_dir) / LOCK_NAME
        self._fd: int | None = None

    def acquire(self) -> "DataDirLock":
        private_dir(self.path.parent)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            _lock(fd)
        except OSError:
            try:
                holder = os.read(fd, 200).decode(errors="replace").strip()
            except OSError:
                holder = ""
            os.close(fd)
            pid = holder.split()[0] if holder else "?"
            raise DataDirBusy(f"the data dir {self.path.parent} is in use by another host "
                              f"(process {pid}; {LOCK_NAME}: {holder or 'no details'}); stop "
                              "that host, or give this one another --data-dir") from None
        self._fd = fd
        try:   # who holds it, for the next host that finds it held
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()} on {socket.gethostname()} since "
                         f"{time.strftime('%Y-%m-%d %H:%M:%S')}\n".encode())
        except OSError:
            self.release()
            raise
        return self

    def release(self) -> None:
        if self._fd is not None:
            try:
                _unlock(self._fd)
            finally:
                os.close(self._fd)
                self._fd = None


if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


@dataclass
class Report:
    """What the host found in its data dir at start, one line per item (``lines()``)."""
    restored: list = field(default_factory=list)
    damaged: list = field(default_factory=list)
    refused: list = field(default_factory=list)
    skipped: list = field(default_factory=list)
    archived: int = 0
    deleted: int = 0
    finished: int = 0
    unfinished_left: int = 0

    def lines(self) -> list[str]:
        out = list(self.restored) + list(self.damaged) + list(self.refused) + list(self.skipped)
        if self.finished:
            out.append(f"{self.finished} finished game(s) kept (--list-saved shows them)")
        if self.unfinished_left:
            out.append(f"{self.unfinished_left} unfinished game(s) not restored (--resume "
                       "restores them)")
        if self.archived or self.deleted:
            out.append(f"archived {self.archived} old journal(s) in {ARCHIVE}/"
                       + (f", deleted the {self.deleted} oldest there" if self.deleted else ""))
        return out


class SaveIndex:
    """What the host knows of its data dir's games without reading it again: built as the data
    dir is read at start (``open_saves``), then kept as games are saved (a game starts, ends, is
    put away, a seat changes hands). A hello with a seat token, the lobby's saved games, tonight's
    finished games: all looked up here, never by reading every journal on the host's loop (a
    hello with an unknown token once made the host read them all: 13-27 s without an answer).

    ``unfinished``: table id -> the entry of an unfinished game (``unfinished_entry``'s shape:
    names, kinds, colours, state, the seats' tokens and keys' hashes; ``scores`` once known),
    those being played now too (the host skips them). ``finished``: table id -> its
    ``game_record``. ``version`` changes with every change (what is computed from the index is
    kept until it changes)."""

    def __init__(self) -> None:
        self.unfinished: dict[int, dict] = {}
        self.finished: dict[int, dict] = {}
        self._tokens: dict[str, int] = {}
        self.version = 0

    def put_unfinished(self, entry: dict) -> None:
        """An unfinished game's entry, new or newer (its tokens replace the old ones)."""
        self._forget_tokens(entry["id"])
        self.finished.pop(entry["id"], None)
        self.unfinished[entry["id"]] = entry
        for tok in entry.get("tokens") or []:
            if tok:
                self._tokens[tok] = entry["id"]
        self.version += 1

    def put_finished(self, record: dict) -> None:
        """A game that ended (``game_record``'s shape): no longer one to continue."""
        self._forget_tokens(record["id"])
        self.unfinished.pop(record["id"], None)
        self.finished[record["id"]] = record
        self.version += 1

    def drop(self, tid: int) -> None:
        """A journal that left the data dir (archived)."""
        self._forget_tokens(tid)
        self.unfinished.pop(tid, None)
        self.finished.pop(tid, None)
        self.version += 1

    def _forget_tokens(self, tid: int) -> None:
        old = self.unfinished.get(tid)
        for tok in (old or {}).get("tokens") or []:
            if self._tokens.get(tok) == tid:
                del self._tokens[tok]

    def of_token(self, token: str) -> int | None:
        """The unfinished game one of whose seats ``token`` proves, if any."""
        return self._tokens.get(token)


def unfinished_entry(tid: int, records: list[dict]) -> dict:
    """One unfinished game as its records tell it (``SaveIndex.unfinished``; the lobby's saved
    games): id, game, options, seats, per seat ``names``, ``kinds``, ``colours``, ``keys`` (the
    players' key hashes, None for a seat without one) and ``tokens`` (for the host's matching:
    never sent), and ``state`` (the actions and undos recorded). JournalError if the records
    hold no start this host can replay."""
    start = jn.check_start(records)
    players = jn.players(records)
    return {"id": tid, "game": start["game"], "options": dict(start.get("options") or {}),
            "seats": start.get("seats", len(players)),
            "names": [str(p.get("name", "")) for p in players],
            "kinds": [str(p.get("kind", "")) for p in players],
            "colours": [p.get("colour") for p in players],
            "keys": [p.get("kh") for p in players],
            "tokens": [p.get("token") for p in players],
            "state": sum(r.get("k") in ("action", "undo") for r in records[1:])}


def table_entry(t: Table) -> dict:
    """A started table in ``unfinished_entry``'s shape (its scores too), from memory."""
    return {"id": t.id, "game": t.game_name, "options": dict(t.options), "seats": t.nseats,
            "names": [s.name for s in t.seats], "kinds": [s.kind for s in t.seats],
            "colours": [s.colour for s in t.seats],
            "keys": [s.key for s in t.seats],
            "tokens": [s.token for s in t.seats], "state": t.state,
            "scores": list(t.game.scores) if t.game is not None else None}


def finished_record(t: Table, ended: float | None = None) -> dict:
    """A table whose game just ended, in ``game_record``'s shape, from memory."""
    g = t.game
    assert g is not None
    return {"id": t.id, "game": t.game_name, "options": dict(t.options), "seats": t.nseats,
            "names": [s.name for s in t.seats], "kinds": [s.kind for s in t.seats],
            "colours": [s.colour for s in t.seats], "keys": [s.key for s in t.seats],
            "scores": list(g.scores), "winners": list(g.winners), "actions": len(t.history),
            "ended": time.time() if ended is None else ended}


@dataclass
class Opened:
    tables: dict = field(default_factory=dict)
    next_id: int = 1
    report: Report = field(default_factory=Report)
    notes: dict = field(default_factory=dict)   # table id -> what its players are told
    finished: list = field(default_factory=list)  # the finished games kept (game_record)
    index: SaveIndex = field(default_factory=SaveIndex)   # what the data dir holds, kept up


def _ends(path: Path) -> tuple[jn.Scan | None, str | None]:
    try:
        return jn.scan(path), None
    except jn.JournalError as exc:
        return None, exc.message


def open_saves(data_dir, *, resume: bool, keep_finished: int = KEEP_FINISHED,
               keep_days: float = KEEP_DAYS, archive_max: int = ARCHIVE_MAX,
               deferred: bool = True, now: float | None = None) -> Opened:
    d = private_dir(data_dir)
    now = time.time() if now is None else now
    opened = Opened()
    rep = opened.report
    skipped: list = []
    files = jn.journal_files(d, skipped)
    rep.skipped += [f"skipped {name}: {why}" for name, why in skipped]
    opened.next_id = _next_id(d)
    finished: list = []
    candidates: list = []
    for tid, path in files.items():
        scan = _young_scan(d, path, now, keep_days, rep)
        if scan is None:
            continue
        if not scan.records and (scan.torn or not scan.size):
            _first_record_short(tid, path, scan, rep)
        elif jn.finished(scan.records) is not None:
            finished.append(_index_finished(opened, tid, path, scan))
        else:
            candidates.append((tid, path, scan))
            _index_unfinished(opened.index, tid, scan.records)
    _archive_oldest(d, sorted(finished), keep_finished, opened)
    rep.deleted = _prune_archive(d / ARCHIVE, archive_max)
    _unfinished(candidates, opened, resume, deferred)
    _lobbies(d, opened, resume, deferred)
    for line in rep.lines():
        log.info("%s", line)
    return opened


def _young_scan(d: Path, path: Path, now: float, keep_days: float, rep) -> jn.Scan | None:
    """A journal's scan; None for one older than ``keep_days`` (archived) or unreadable
    (skipped): said in ``rep``."""
    try:
        age = now - path.stat().st_mtime
    except OSError as exc:
        rep.skipped.append(f"skipped {path.name}: {exc.strerror}")
        return None
    if age > keep_days * 86400:
        rep.archived += _archive(d, path)
        return None
    scan, why = _ends(path)
    if scan is None:
        rep.skipped.append(f"skipped {path.name}: {why}")
    return scan


def _index_finished(opened: Opened, tid: int, path: Path, scan: jn.Scan) -> tuple:
    """A finished game's record in the index and ``opened.finished``; (mtime, tid, path)."""
    mtime = path.stat().st_mtime
    rec = game_record(tid, scan.records, mtime)
    if rec is not None:
        opened.finished.append(rec)
        opened.index.put_finished(rec)
    else:   # put away unfinished: a saved game one may continue
        _index_unfinished(opened.index, tid, scan.records)
    return mtime, tid, path


def _archive_oldest(d: Path, finished: list, keep_finished: int, opened: Opened) -> None:
    """All but the newest ``keep_finished`` finished games archived (``finished`` sorted by
    mtime)."""
    rep = opened.report
    for _mtime, tid, path in finished[:max(0, len(finished) - keep_finished)]:
        if _archive(d, path):
            rep.archived += 1
            opened.index.drop(tid)
            opened.finished = [g for g in opened.finished if g["id"] != tid]
    rep.finished = min(len(finished), keep_finished)


def _unfinished(candidates: list, opened: Opened, resume: bool, deferred: bool) -> None:
    """The unfinished games: restored with --resume, else left as they are."""
    for tid, path, scan in candidates:
        if resume:
            _restore(tid, path, scan, opened, deferred)
        else:
            _leave_unfinished(tid, scan, opened.report)


def _leave_unfinished(tid: int, scan: jn.Scan, rep) -> None:
    """Without --resume an unfinished game is counted and left; its damage is said now too,
    though nothing is touched."""
    rep.unfinished_left += 1
    if scan.damaged:
        rep.damaged.append(f"table {tid}: damaged ({scan.damaged}): left as it is "
                           "(--resume keeps what can be played and sets the file aside)")


def _lobbies(d: Path, opened: Opened, resume: bool, deferred: bool) -> None:
    """The Play agains that had not started when the host stopped (net/again.py): brought back
    with ``resume`` (their players' seats kept for them); one whose journal exists had started
    (the host stopped before its lobby's file went): the file goes."""
    rep = opened.report
    for tid, path in again.lobby_files(d).items():
        if jn.journal_path(d, tid).exists() or tid in opened.tables:
            again.LobbyKeeper(path).drop()
            continue
        if not resume:
            rep.unfinished_left += 1
            continue
        try:
            table = Table.from_lobby(again.read_lobby(path), again.LobbyKeeper(path))
            if table.id != tid:
                raise ValueError(f"it says table {table.id}")
        except ValueError as exc:
            rep.skipped.append(f"skipped {path.name}: {exc}")
            continue
        table.journal = jn.Journal(jn.journal_path(d, tid), deferred=deferred)
        opened.tables[tid] = table
        rep.restored.append(f"restored table {tid}: the Play again of table {table.again_of}, "
                            f"waiting for its players")


def _index_unfinished(index: SaveIndex, tid: int, records: list[dict]) -> None:
    try:
        index.put_unfinished(unfinished_entry(tid, records))
    except jn.JournalError:   # one this host cannot replay: never offered
        pass


def _restore(tid: int, path: Path, scan: jn.Scan, opened: Opened, deferred: bool) -> None:
    rep = opened.report
    try:
        table = Table.replay(scan.records)
    except jn.JournalError as exc:
        if exc.kind == "damaged":   # not even a start: nothing to play; keep the file aside
            aside = jn.set_aside(path, [])
            os.unlink(path)
            rep.damaged.append(f"table {tid}: damaged ({exc.message}): nothing could be "
                               f"restored; the file is kept as {aside.name}")
        else:
            rep.refused.append(f"table {tid} not restored: {exc.message}; {path.name} is left "
                               "as it is")
            log.error("table %s not restored: %s", tid, exc.message)
        return
    except Exception as exc:  # a bug, not the file: say so, keep the file as it is
        log.exception("cannot restore table %s from %s", tid, path)
        rep.refused.append(f"table {tid} not restored: {exc}")
        return
    keep = scan.records
    why = scan.damaged
    if table.damage is not None:
        keep = scan.records[:table.damage[0]]
        why = table.damage[1]
    if why is not None:
        aside = jn.set_aside(path, keep)
        msg = (f"this game's save was damaged: it goes on from move {table.state}; what came "
               f"after was lost ({why})")
        opened.notes[tid] = msg
        rep.damaged.append(f"table {tid}: damaged ({why}): restored its first {len(keep)} "
                           f"record(s), state {table.state}; the damaged file is kept as "
                           f"{aside.name}")
        log.warning("table %s: damaged journal (%s): kept its first %d records, the file is "
                    "set aside as %s", tid, why, len(keep), aside.name)
    elif scan.torn:
        jn.cut_torn_tail(path, scan.good)
    if table.status != "playing":   # over by its last record, without the end mark (format 1)
        rep.finished += 1
        return
    table.journal = jn.Journal(path, deferred=deferred)
    try:    # its chain read now, with the rest of the restore (off the loop for a continue)
        table.journal.open()
    except OSError as exc:
        log.warning("table %s: its journal could not be opened yet (%s): at its next move",
                    tid, exc.strerror or exc)
    opened.tables[tid] = table
    rep.restored.append(f"restored table {tid}: {table.game_name}, {len(table.history)} "
                        f"action(s), state {table.state}")


def _first_record_short(tid: int, path: Path, scan: jn.Scan, rep: Report) -> None:
    """A journal without one whole record: empty (a table made and never written to: nothing is
    lost, the file goes), or its first record cut short, which a crash while the table was made
    leaves, and so does damage to its length (a flipped bit): the host cannot tell them apart,
    so the file is set aside as it is (``.damaged``, its id never given to another game) and
    said, never deleted."""
    if not scan.size:
        try:
            os.unlink(path)
        except OSError:
            pass
        return
    aside = jn.aside_name(path)
    try:
        os.replace(path, aside)
    except OSError as exc:
        rep.damaged.append(f"table {tid}: its first record is cut short or damaged: nothing could "
                           f"be restored; {path.name} is left as it is ({exc.strerror or exc})")
        return
    rep.damaged.append(f"table {tid}: its first record is cut short or damaged ({scan.size} "
                       f"bytes, no whole record): nothing could be restored; the file is kept "
                       f"as {aside.name}")
    log.warning("table %s: no whole record in its journal: the file is set aside as %s", tid,
                aside.name)


def next_free_id(data_dir) -> int:
    """The first table id no game of ``data_dir`` has (its names only: it writes nothing)."""
    return _next_id(Path(data_dir))


def _next_id(d: Path) -> int:
    ids = [jn.table_id(e.name) for e in _entries(d)]
    ids += [jn.table_id(e.name) for e in _entries(d / ARCHIVE)]
    return max((i for i in ids if i is not None), default=0) + 1


def _entries(d: Path) -> list:
    try:
        return list(os.scandir(d))
    except OSError:
        return []


def _archive(d: Path, path: Path) -> int:
    """Move a journal (and its damaged copies) into ``archive/``; 1 if moved."""
    a = private_dir(d / ARCHIVE)
    try:
        for e in _entries(d):
            if e.name.startswith(path.name + ".damaged"):
                os.replace(e.path, a / e.name)
        os.replace(path, a / path.name)
        return 1
    except OSError as exc:
        log.warning("cannot archive %s: %s", path.name, exc.strerror)
        return 0


def _prune_archive(a: Path, archive_max: int) -> int:
    entries = []
    for e in _entries(a):
        if jn.table_id(e.name) is not None:
            try:
                entries.append((e.stat().st_mtime, e.path))
            except OSError:
                pass
    entries.sort()
    gone = 0
    for _mtime, p in entries[:max(0, len(entries) - archive_max)]:
        try:
            os.unlink(p)
            gone += 1
        except OSError:
            pass
    return gone


# --- what the saved games tell the lobby (standings, finished and unfinished games) ---------------
def game_record(tid: int, records: list[dict], ended: float | None = None) -> dict | None:
    """One finished game as its journal tells it (the standings and the lists of finished games
    read this, one reader for both): id, game, options, seats, per seat ``names``, ``kinds``
    ("human" | "bot"), ``colours``, then ``scores``, ``winners``, ``actions`` (in effect) and
    ``ended`` (the journal's last write, seconds since the epoch). None for a game that is not
    finished (or was put away unfinished), or a journal without a start record."""
    end = jn.finished(records)
    if end is None or "closed" in end or not records or records[0].get("k") != "start":
        return None
    start = records[0]
    players = jn.players(records)
    return {"id": tid, "game": start.get("game", "?"), "options": dict(start.get("options") or {}),
            "seats": start.get("seats", len(players)),
            "names": [str(p.get("name", "")) for p in players],
            "kinds": [str(p.get("kind", "")) for p in players],
            "colours": [p.get("colour") for p in players],
            "keys": [p.get("kh") for p in players],
            "scores": list(end.get("scores", [])), "winners": list(end.get("winners", [])),
            "actions": len(jn.effective_actions(records)), "ended": ended}


def finished_games(data_dir, first: int = 1, archive: bool = False) -> list[dict]:
    """Every finished game of ``data_dir`` (with ``archive``, of its archive too) whose table id
    is ``first`` or more, by id (``game_record``); what cannot be read is left out."""
    out = {}
    dirs = [Path(data_dir)] + ([Path(data_dir) / ARCHIVE] if archive else [])
    for d in dirs:
        for tid, path in jn.journal_files(d).items():
            if tid < first or tid in out:
                continue
            try:
                rec = game_record(tid, jn.scan(path).records, path.stat().st_mtime)
            except (jn.JournalError, OSError):
                continue
            if rec is not None:
                out[tid] = rec
    return [out[k] for k in sorted(out)]


def unfinished_games(data_dir, skip=(), only: int | None = None,
                     scores: bool = False) -> list[dict]:
    """The unfinished games of ``data_dir`` a lobby may offer to continue (not those in ``skip``:
    the host plays them now): per game its id, game, options, seats, names, kinds, colours,
    ``state`` (its state counter: the actions and undos recorded) and the seat ``tokens`` (for
    the host's matching only: never sent). A game put away (abandoned) is one too; one this
    host cannot replay is not. ``only``: that game's journal alone is read. ``scores``: each
    game is replayed for its ``scores`` so far (a list per seat; left out if it cannot be)."""
    out = []
    for tid, path in jn.journal_files(data_dir).items():
        if tid in skip or (only is not None and tid != only):
            continue
        try:
            records = jn.scan(path).records
            entry = unfinished_entry(tid, records)
        except (jn.JournalError, OSError):
            continue
        end = jn.finished(records)
        if end is not None and "closed" not in end:
            continue
        out.append(entry)
        if scores:
            got = saved_scores(records)
            if got is not None:
                out[-1]["scores"] = got
    return out


def saved_scores(records: list[dict]) -> list | None:
    """The scores of an unfinished game so far (its records replayed); None if it cannot be."""
    try:
        return list(jn.replay_records(records).scores)
    except Exception:   # a record the engine refuses: --resume would say so
        return None


def scores_of(data_dir, tid: int) -> list | None:
    """``saved_scores`` of game ``tid``'s journal (read in a worker thread: it replays)."""
    try:
        return saved_scores(jn.scan(jn.journal_path(data_dir, tid)).records)
    except (jn.JournalError, OSError):
        return None


class SaveError(Exception):
    """A saved game that cannot be continued (``code``: a wire error code, ``message``)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


def restore_one(data_dir, tid: int, *, deferred: bool = True) -> tuple[Table, str | None]:
    """Restore the unfinished game ``tid`` of ``data_dir`` (a lobby's ``continue``) the way
    ``--resume`` does at start: (the table, what its players are told if its save was damaged).
    SaveError("no_save") when there is no such unfinished game or it cannot be replayed."""
    path = jn.journal_path(data_dir, tid)
    try:
        scan = jn.scan(path)
    except jn.JournalError as exc:
        raise SaveError("no_save", f"no saved game {tid} ({exc.message})") from None
    end = jn.finished(scan.records)
    if end is not None and "closed" not in end:
        raise SaveError("no_save", f"game {tid} is finished")
    opened = Opened()
    _restore(tid, path, scan, opened, deferred)
    table = opened.tables.get(tid)
    if table is None:
        rep = opened.report
        why = "; ".join(rep.refused + rep.damaged) or "it is over"
        raise SaveError("no_save", f"game {tid} cannot be continued: {why}")
    return table, opened.notes.get(tid)
