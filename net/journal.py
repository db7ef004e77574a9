"""Append-only journal of one table: its start record (format and rules versions, seed, options,
seats), then every accepted action and undo. Every record is written and fsynced before the host
sends anything about it, so after a crash the journal holds at least everything any client has
seen.

File ``<data_dir>/table-<id>.journal`` (owner-only: it holds the seed and the seat tokens): a
sequence of records, each
    4-byte big-endian body length | 4-byte big-endian CRC-32 of the body | msgpack map body.
From format 3 on the records are chained: each record's CRC-32 is computed starting from the
previous record's CRC (``zlib.crc32(body, previous)``; the start record's from 0), so a whole
record removed, repeated or moved breaks the chain at the record after it: damage, found and
said, never a game that did not happen.

Records (format 4; docs/protocol.md section 13):
    {"k": "start", "v": 4, "rules": n, "table", "game", "seats", "seed", "options", "takeover",
     "players", "check", "creator", "code", "clock"?, "at"?}   players: kind, name, token, colour,
     level, kh; clock: the turn clock (s), at: when it started (the host's clock, s since the epoch)
    {"k": "action", "seat", "action", "check"?, "over"?, "bot"?, "clock"?, "at"?}   the canonical
     action applied (clock: a bot played it as the turn's clock ran out; at: when)
    {"k": "undo", "seat"}
    {"k": "away", "seat"} / {"k": "back", "seat"}   a player went away / came back (the recap)
    {"k": "seat", "seat", "token", "kh", "name"}    the owner gave the seat to another player
    {"k": "closed", "why"}                          put away unfinished
``check`` is ``state_check(game)`` after the record (every CHECK_EVERY states, at the start and at
the end): a replay under another engine, rules version or generator stops at the first check it
fails instead of going on into another game. ``over`` (``{"scores", "winners"}``) marks the last
record of a finished game, so finished games are listed without being replayed.

Writes are unbuffered (one ``os.write`` per record): a record the disk refuses is cut back off the
file at once (or before the next record, if even that fails), never left in a buffer to land
later ahead of another record.

Reading (``scan``): a crash can tear only the last record (short, or zero-filled): that tail is
ignored and cut. Any other bad bytes are damage: the records before them are kept (a playable
prefix) and the damaged file is set aside (``set_aside``).

A replay file (``export_replay``) is JSON: the game, seats, seed, options, names, and the list of
actions in effect (undone ones removed); ``replay_game`` plays it back with the engine.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import stat
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import msgpack

_HEAD = struct.Struct(">II")
_NAME = re.compile(r"^table-(\d+)\.journal$")
_ANY_NAME = re.compile(r"^table-(\d+)\.journal")   # the damaged copies and archived ones too
REPLAY_FORMAT = "tikal-lan-replay"
#: The journal format this host writes; a journal without ``v`` is format 1 (no versions, no
#: checks, no end mark), format 2 is not chained: both still read.
FORMAT = 4
#: The first format whose records are chained (each CRC starts from the previous record's).
CHAINED = 3
#: A state check every this many states (and at the start and the end of the game).
CHECK_EVERY = 20
KINDS = ("start", "action", "undo", "closed", "away", "back", "seat")

# fdatasync where the OS has it: for an append it writes the data and the new file size, which is
# all a replay needs, without the inode's timestamps that fsync also writes.
_sync = getattr(os, "fdatasync", os.fsync)
_O_BINARY = getattr(os, "O_BINARY", 0)
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
#: A msgpack map's first byte (fixmap, map16, map32): where a record's body may start.
_MAP_START = re.compile(rb"[\x80-\x8f\xde\xdf]")


class JournalError(Exception):
    """A journal that cannot be replayed faithfully. ``kind``: ``"unreadable"`` (not a regular
    file, or no permission), ``"newer"`` (a later journal format), ``"rules"`` (written under a
    rules version of its game this engine does not play), ``"diverged"`` (a state check failed:
    another engine or
    generator), ``"damaged"`` (not even a start record is whole)."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind, self.message = kind, message


def journal_path(data_dir, table_id: int) -> Path:
    return Path(data_dir) / f"table-{table_id}.journal"


def state_check(game) -> str:
    """A short hash of a game's public position (the public view's board, hands, scores and
    whose turn; contract section 3): equal on every machine for the same game, different as soon
    as a replay has gone another way. A game of ``engine.GAMES`` without its keys in ``CHECKED``
    cannot be journaled (LookupError: the host refuses to start it, loudly)."""
    v = game.view(None)
    keys = CHECKED.get(v.get("game"))
    if keys is None:
        raise LookupError(f"net/journal.py CHECKED names no view keys for the game {v.get('game')!r}: "
                          "list the keys of its public view that hold its position")
    pub = {k: v.get(k) for k in keys}
    text = json.dumps(pub, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


#: Per game (one entry per game of ``engine.GAMES``; tests/test_net_table.py checks it):
#: the keys of its public view that say its position, hashed by ``state_check``. A fixed list,
#: not the whole view, so that a view that gains a key later still checks the journals written
#: before it.
CHECKED = {
    "tikal": ("tiles", "figures", "camps", "guards", "held", "scores", "to_act", "drawn"),
    "tortuga": ("stacks", "held", "seat", "to_act", "deck_left", "face_up", "scores"),
}


def rules_version(game: str) -> int:
    """The rules version a new game of ``game`` is played under (its start record says it)."""
    import engine

    return engine.rules_version(game)


def start_rules(start: dict) -> int:
    """The rules version a journal's game was played under (its start record's ``rules``): a
    journal written before the start record said it is of rules 1. The engine still plays every
    older version (``engine.GAMES[game].rules_versions``), so such a game replays exactly as it
    was played (docs/architecture.md, "Rules versions")."""
    return start.get("rules", 1)


class Journal:
    """Appends records to one file (created on the first record, readable by its owner only).

    ``record`` writes a record and, unless ``deferred``, syncs it to disk before it returns. A
    deferred journal leaves the sync to its owner: ``written``/``synced`` count the records, and
    ``sync()`` (safe to run in a worker thread) puts every written one on disk. The host does that
    before it sends anything about a record, so the event loop never waits for the disk while
    other tables and chats carry on.
    """

    def __init__(self, path, *, deferred: bool = False):
        self.path = Path(path)
        self.deferred = deferred
        self.written = 0
        self.synced = 0
        self._fd: int | None = None
        self._good = 0          # the byte length of the whole records in the file
        self._clean = True      # False: bytes of a refused record may still follow _good
        self._new = False       # the file was created: its directory entry wants a sync too
        self._chained = True    # its records are chained (a new file; an old one says)
        self._seed = 0          # where the next record's CRC starts (the last one's CRC)

    def open(self) -> None:
        """Open the file now rather than at the first record: a restored journal reads its
        chain (the whole file) here, where its restore runs (off the host's loop), not on the
        loop at its first new record. OSError as opening raises it (it is then opened at the
        first record, as ever)."""
        if self._fd is None:
            self._open()

    def _open(self) -> int:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._new = not self.path.exists()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _O_BINARY, 0o600)
        st = os.fstat(fd)
        if st.st_mode & 0o077 and hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)
        self._fd, self._good = fd, st.st_size
        if st.st_size:   # appending to a restored journal: go on with its chain, if it has one
            s = scan(self.path)
            self._chained, self._seed = s.chained, s.seed
        return fd

    def _write(self, data: bytes) -> int:
        """One write of ``data`` at the end of the file; the bytes written (the seam where tests
        make a disk fill up half-way)."""
        assert self._fd is not None, "the journal is closed"
        return os.write(self._fd, data)

    def sync(self) -> None:
        fd, n = self._fd, self.written
        if fd is not None and self.synced < n:
            _sync(fd)
            if self._new:
                _sync_dir(self.path.parent)
                self._new = False
            self.synced = max(self.synced, n)

    def record(self, rec: dict) -> None:
        body = msgpack.packb(rec, use_bin_type=True)
        fd = self._fd if self._fd is not None else self._open()
        if self._good == 0:   # the first record says the format: chained from format 3 on
            self._chained = _chains(rec)
        crc = zlib.crc32(body, self._seed if self._chained else 0)
        data = _HEAD.pack(len(body), crc) + body
        if not self._clean:
            os.ftruncate(fd, self._good)   # what a refused record left; raises if it can't
            self._clean = True
        done = 0
        try:
            while done < len(data):
                n = self._write(data[done:])
                if n <= 0:
                    raise OSError(errno.EIO, "the journal write made no progress")
                done += n
        except OSError:
            # disk full, I/O error: cut what part of this record reached the file
            self._clean = False
            try:
                os.ftruncate(fd, self._good)
                self._clean = True
            except OSError:
                pass
            raise
        self._good += len(data)
        self._seed = crc
        self.written += 1
        if not self.deferred:
            self.sync()

    def close(self) -> None:
        if self._fd is not None:
            try:
                self.sync()
            finally:
                os.close(self._fd)
                self._fd = None

    @property
    def closed(self) -> bool:
        return self._fd is None


def _sync_dir(path: Path) -> None:
    """The directory's entries on disk (a new journal's name survives a crash too)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def can_write(data_dir, size: int = 16 << 10) -> bool:
    """Whether ``size`` bytes can be written and synced in ``data_dir`` now (the host asks this
    while a table waits for a full disk); leaves nothing behind."""
    probe = Path(data_dir) / ".probe"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _O_BINARY, 0o600)
    except OSError:
        return False
    try:
        left = size
        while left:
            left -= os.write(fd, b"\0" * min(left, 4096))
        _sync(fd)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
        try:
            os.unlink(probe)
        except OSError:
            pass


# --- reading --------------------------------------------------------------------------------------
@dataclass
class Scan:
    """What a journal file holds: ``records`` (the whole records, in order), ``good`` (the bytes
    they span), ``size`` (the file's), and what follows them: nothing, a torn tail (``torn``:
    what a crash leaves, safe to cut) or ``damaged`` (why the bytes after ``good`` are not a
    journal's: the records before them are a playable prefix). ``chained``: its records are
    chained (format 3 on), ``seed``: where the CRC of a record appended after them starts."""
    records: list = field(default_factory=list)
    good: int = 0
    size: int = 0
    torn: bool = False
    damaged: str | None = None
    chained: bool = False
    seed: int = 0


def open_unblocked(path) -> int:
    """A file opened for reading without waiting (a FIFO with no writer opens at once)."""
    return os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_BINARY)


def read_at_most(fd: int, most: int) -> bytes:
    """The bytes of an open file up to one more than ``most`` (that one more says it is larger,
    whatever its size said before)."""
    chunks, left = [], most + 1
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_bytes(path) -> bytes:
    """A journal's bytes; JournalError("unreadable") for anything but a regular file we may
    read (a directory, a FIFO -- opened without blocking --, a dangling link, no permission)."""
    try:
        fd = open_unblocked(path)
    except OSError as exc:
        raise JournalError("unreadable", _why(exc)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise JournalError("unreadable", f"not a regular file ({_kind(st.st_mode)})")
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise JournalError("unreadable", _why(exc)) from None
    finally:
        os.close(fd)


def _why(exc: OSError) -> str:
    if exc.errno == errno.ENOENT:
        return "a link to nothing" if os.path.islink(exc.filename or "") else "gone"
    return exc.strerror or str(exc)


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device")):
        if test(mode):
            return name
    return "not a file"


def _record_at(data: bytes, pos: int, seed: int | None = 0):
    """(record, end) if a whole, valid record starts at ``pos``, its CRC computed from ``seed``
    (None: a record of a chain whose previous record is unknown: its body must be a record's);
    else (None, why)."""
    if pos + _HEAD.size > len(data):
        return None, "short"
    size, crc = _HEAD.unpack_from(data, pos)
    end = pos + _HEAD.size + size
    if end > len(data):
        return None, "short"
    if size == 0:
        return None, "body"   # an empty body is no map
    body = data[pos + _HEAD.size:end]
    if seed is not None and zlib.crc32(body, seed) != crc:
        return None, "crc"
    try:
        rec = msgpack.unpackb(body, raw=False, strict_map_key=False)
    except Exception:
        return None, "body"
    if not isinstance(rec, dict) or (seed is None and rec.get("k") not in KINDS):
        return None, "body"
    return rec, end


def _torn(data: bytes, pos: int, seed: int) -> bool:
    """Is the record at ``pos`` cut short, as the last write of a crash leaves it? (A header
    whose CRC matches everything after it holds a whole body with a damaged length: not torn.)"""
    if pos + _HEAD.size > len(data):
        return True
    size, crc = _HEAD.unpack_from(data, pos)
    return pos + _HEAD.size + size > len(data) and zlib.crc32(data[pos + _HEAD.size:], seed) != crc


def _later_record(data: bytes, pos: int, chained: bool) -> bool:
    """Does a whole record start anywhere after ``pos``? Only where a map's first byte could
    begin a body is one looked for (a tail of zeros, or of text, has no such place)."""
    for m in _MAP_START.finditer(data, pos + 1 + _HEAD.size):
        if _record_at(data, m.start() - _HEAD.size, None if chained else 0)[0] is not None:
            return True
    return False


def _chains(start) -> bool:
    v = start.get("v", 1) if isinstance(start, dict) and start.get("k") == "start" else 1
    return type(v) is int and v >= CHAINED


def scan_bytes(data: bytes) -> Scan:
    s = Scan(size=len(data))
    pos = 0
    while pos < len(data):
        rec, end = _record_at(data, pos, s.seed if s.chained else 0)
        if rec is None:
            break
        if not s.records:
            s.chained = _chains(rec)
        s.seed = _HEAD.unpack_from(data, pos)[1]
        s.records.append(rec)
        pos = end
    s.good = pos
    if pos < len(data):
        _judge_tail(s, data, pos)
    return s


def _judge_tail(s: Scan, data: bytes, pos: int) -> None:
    """What follows the whole records at ``pos``: a torn last write (zeros, or a record cut
    short) or damage (said, and whether whole records follow it)."""
    seed = s.seed if s.chained else 0
    if not data[pos:].strip(b"\0"):
        s.torn = True          # the last write of a crash: zeros
        return
    # (before a first whole record, any chain: a later record's CRC starts from one unknown)
    later = _later_record(data, pos, s.chained or not s.records)
    if not later and _torn(data, pos, seed):
        s.torn = True          # the last write of a crash: short
    else:
        s.damaged = (f"bad bytes at byte {pos} after record {len(s.records)}"
                     + (": whole records follow them" if later else ""))


def scan(path) -> Scan:
    """The records of a journal file and what follows them (JournalError if unreadable)."""
    return scan_bytes(read_bytes(path))


def read_records(path) -> tuple[list[dict], int]:
    """The whole records of a journal file and the byte length they span (what follows is
    ignored: a torn tail or damage, see ``scan``)."""
    s = scan(path)
    return s.records, s.good


def check_start(records: list[dict]) -> dict:
    """The start record, after checking that this host can replay the journal faithfully
    (its format, its game's rules version); raises JournalError."""
    if not records or records[0].get("k") != "start":
        raise JournalError("damaged", "no whole start record")
    start = records[0]
    v = start.get("v", 1)
    if type(v) is not int or v > FORMAT:
        raise JournalError("newer", f"journal format {v} (this host reads 1..{FORMAT}): "
                                    "written by a newer host")
    import engine

    game = start.get("game")
    if game not in engine.GAMES:
        raise JournalError("rules", f"a game this host does not know: {game!r}")
    theirs, versions = start_rules(start), engine.GAMES[game].rules_versions
    if theirs not in versions:
        raise JournalError("rules", f"{game} rules version {theirs}; this host plays versions "
                                    f"{', '.join(map(str, versions))}: it would replay into "
                                    "another game")
    return start


def finished(records: list[dict]) -> dict | None:
    """How a journal ended: the end mark of a finished game (``{"scores", "winners"}``), or
    ``{"closed": why}`` for a game put away unfinished (abandoned); None while it goes on."""
    last = records[-1] if records else None
    if not isinstance(last, dict):
        return None
    if last.get("k") == "closed":
        return {"closed": str(last.get("why", ""))}
    over = last.get("over") if last.get("k") == "action" else None
    return over if isinstance(over, dict) else None


def players(records: list[dict]) -> list[dict]:
    """The seats' players as the journal last says them: the start record's, with the seats the
    owner gave to another player since (``seat`` records: a new token, key and name)."""
    out = [dict(p) for p in (records[0].get("players") or [])] if records else []
    for rec in records[1:]:
        if rec.get("k") == "seat" and type(rec.get("seat")) is int and 0 <= rec["seat"] < len(out):
            p = out[rec["seat"]]
            p["token"], p["kh"] = rec.get("token"), rec.get("kh")
            p["name"] = rec.get("name", p.get("name"))
    return out


def effective_actions(records: list[dict]) -> list[tuple[int, dict]]:
    """(seat, action) in effect: every action, minus the ones undone. Undo takes back the last
    action still in effect (the table only allows it within the acting seat's turn)."""
    out: list = []
    for rec in records[1:]:
        if rec.get("k") == "action":
            out.append((rec["seat"], rec["action"]))
        elif rec.get("k") == "undo" and out:
            out.pop()
    return out


def replay_records(records: list[dict]):
    """The engine game the records lead to (start record, then actions in effect)."""
    import engine

    start = check_start(records)
    game = engine.new_game(start["game"], seats=start["seats"], seed=start["seed"],
                           options=dict(start["options"]), rules=start_rules(start))
    for _seat, action in effective_actions(records):
        game.apply(action)
    return game


# --- setting damage aside ---------------------------------------------------------------------------
def aside_name(path) -> Path:
    """Where a damaged file of the data dir is kept: ``<name>.damaged``, or ``.damaged.2`` ...
    when that is taken (an earlier damaged copy is never overwritten)."""
    path = Path(path)
    aside = path.with_name(path.name + ".damaged")
    n = 2
    while aside.exists():
        aside = path.with_name(f"{path.name}.damaged.{n}")
        n += 1
    return aside


def set_aside(path, records: list[dict]) -> Path:
    """Keep a damaged journal as ``<name>.damaged`` (``.damaged.2`` ... if taken) exactly as it
    is, and write its playable prefix ``records`` in its place. Returns the damaged copy's path."""
    path = Path(path)
    aside = aside_name(path)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _O_BINARY, 0o600)
    try:
        os.write(fd, frames(records))
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.link(path, aside)             # the damaged bytes, untouched, under the new name
    except OSError:
        import shutil
        shutil.copy2(path, aside)
    os.replace(tmp, path)
    _sync_dir(path.parent)
    return aside


def frames(records: list[dict]) -> bytes:
    """``records`` as a journal's bytes (chained if its start record's format is)."""
    out, seed = [], 0
    chained = bool(records) and _chains(records[0])
    for rec in records:
        body = msgpack.packb(rec, use_bin_type=True)
        crc = zlib.crc32(body, seed if chained else 0)
        out.append(_HEAD.pack(len(body), crc) + body)
        seed = crc
    return b"".join(out)


def cut_torn_tail(path, good: int) -> None:
    with open(path, "r+b") as f:
        f.truncate(good)
        f.flush()
        os.fsync(f.fileno())


def open_for_resume(path, *, deferred: bool = False) -> tuple[list[dict], Journal]:
    """The whole records of a journal and a Journal appending after them: a torn tail is cut
    off, damaged bytes are set aside (``set_aside``) with the records before them kept."""
    s = scan(path)
    if s.damaged:
        set_aside(path, s.records)
    elif s.torn:
        cut_torn_tail(path, s.good)
    return s.records, Journal(path, deferred=deferred)


# --- the data dir -------------------------------------------------------------------------------------
def table_id(name: str) -> int | None:
    """The table id in a journal's file name (its damaged copies and archived ones too)."""
    m = _ANY_NAME.match(name)
    return int(m.group(1)) if m else None


def journal_files(data_dir, skipped: list | None = None) -> dict[int, Path]:
    """Table id -> journal path, for every journal in ``data_dir`` that is a regular file;
    the entries that cannot be (a directory, a FIFO, a dangling link...) are left out and noted
    in ``skipped`` as (name, why)."""
    d = Path(data_dir)
    try:
        entries = sorted(os.scandir(d), key=lambda e: e.name)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        if skipped is not None:
            skipped.append((str(d), _why(exc)))
        return {}
    out = {}
    for e in entries:
        m = _NAME.match(e.name)
        if m and _regular(e, skipped):
            out[int(m.group(1))] = Path(e.path)
    return dict(sorted(out.items()))


def _regular(e: os.DirEntry, skipped: list | None) -> bool:
    """Whether a directory entry is a regular file (through a link); if not, why, in
    ``skipped``."""
    why = None
    try:
        st = os.stat(e.path)
    except OSError as exc:
        dangling = exc.errno == errno.ENOENT and e.is_symlink()
        why = "a link to nothing" if dangling else _why(exc)
    else:
        if not stat.S_ISREG(st.st_mode):
            why = _kind(st.st_mode)
    if why is not None and skipped is not None:
        skipped.append((e.name, why))
    return why is None


def summary(tid: int, path: Path) -> dict:
    """What ``--list-saved`` shows of one journal: id, game, seats, options, names, actions,
    over (True / False / None: cannot be replayed), scores, path, and ``problem`` (why it
    cannot be resumed or how it is damaged), without replaying a finished game."""
    out = {"id": tid, "path": str(path), "game": "?", "seats": 0, "options": {}, "names": [],
           "actions": 0, "over": None, "scores": [], "problem": None}
    try:
        s = scan(path)
    except JournalError as exc:
        out["problem"] = f"unreadable: {exc.message}"
        return out
    try:
        check_start(s.records)
    except JournalError as exc:
        out["problem"] = exc.message
        if exc.kind in ("newer", "rules"):
            _fill(out, s.records)
        return out
    _fill(out, s.records)
    if s.damaged:
        out["problem"] = f"damaged: {s.damaged}"
    end = finished(s.records)
    if end is not None and "closed" in end:
        out.update(over=False, problem=f"put away unfinished ({end['closed']}): not resumed")
        return out
    if end is not None:
        out.update(over=True, scores=list(end.get("scores", [])))
        return out
    try:
        game = replay_records(s.records)
        out.update(over=game.is_over, scores=list(game.scores))
    except Exception as exc:  # the engine refuses a record: damage, found by --resume too
        out["problem"] = out["problem"] or f"cannot replay: {exc}"
    return out


def _fill(out: dict, records: list[dict]) -> None:
    start = records[0]
    out.update(game=start.get("game", "?"), seats=start.get("seats", 0),
               options=start.get("options", {}),
               names=[p.get("name", "") for p in start.get("players", [])],
               actions=len(effective_actions(records)))


def list_saved(data_dir) -> list[dict]:
    """One summary per journal of ``data_dir`` and of its ``archive/`` (``archived`` True), then
    one entry per entry that cannot be read (``problem`` says why)."""
    out = []
    for where, archived in ((Path(data_dir), False), (Path(data_dir) / "archive", True)):
        skipped: list = []
        for tid, path in journal_files(where, skipped).items():
            s = summary(tid, path)
            s["archived"] = archived
            out.append(s)
        for name, why in skipped:
            out.append({"id": table_id(Path(name).name), "path": str(where / name),
                        "problem": f"unreadable: {why}", "archived": archived, "over": None,
                        "game": "?", "seats": 0, "names": [], "actions": 0, "scores": []})
    return out


# --- replay files ---------------------------------------------------------------------------------------
class Unfinished(Exception):
    """Exporting a game still being played: its seed tells the rest of the game."""


def export_replay(journal, out_path=None, *, force: bool = False) -> dict:
    """A replay dict of a journal (its path), also written as JSON to ``out_path`` if given.
    An unfinished game is refused (``Unfinished``) unless ``force``: the seed in a replay file
    tells everything still hidden (the tiles to come, the cards, the dice)."""
    records, _ = read_records(journal)
    start = check_start(records)
    game = replay_records(records)
    if not game.is_over and not force:
        raise Unfinished(f"the game is not finished ({len(effective_actions(records))} actions "
                         "so far): its replay file would tell the rest of it (the seed)")
    replay = {"format": REPLAY_FORMAT, "version": 1, "game": start["game"],
              "rules": start_rules(start),
              "seats": start["seats"], "seed": start["seed"], "options": start["options"],
              "names": [p["name"] for p in players(records)],
              # what a table summary shows of each seat (never its token nor its key)
              "players": [{k: p.get(k) for k in ("name", "kind", "colour", "level")} for p in players(records)],
              "actions": [{"seat": s, "action": a} for s, a in effective_actions(records)],
              "over": game.is_over, "scores": list(game.scores), "winners": list(game.winners)}
    if out_path is not None:
        Path(out_path).write_text(json.dumps(replay, indent=1))
    return replay


def replay_game(replay: dict):
    """Play a replay dict back; returns the engine game at its end."""
    import engine

    if replay.get("format") != REPLAY_FORMAT:
        raise ValueError("not a tikal-lan replay")
    rules = replay.get("rules", 1)
    versions = engine.GAMES[replay["game"]].rules_versions
    if rules not in versions:
        raise ValueError(f"a replay of {replay['game']} rules version {rules}; this engine plays "
                         f"versions {', '.join(map(str, versions))}")
    game = engine.new_game(replay["game"], seats=replay["seats"], seed=int(replay["seed"]),
                           options=dict(replay["options"]), rules=rules)
    for step in replay["actions"]:
        if game.to_act != step["seat"]:
            raise ValueError(f"replay: seat {step['seat']} acts out of turn")
        game.apply(step["action"])
    return game
