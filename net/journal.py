"""Append-only journal of one table: its start record (seed, options, seats), then every accepted
action and undo. Every record is flushed and fsynced before the host sends anything about it, so
after a crash the journal holds at least everything any client has seen.

File ``<data_dir>/table-<id>.journal``: a sequence of records, each
    4-byte big-endian body length | 4-byte big-endian CRC-32 of the body | msgpack map body.
A crash can tear the last record (short, or with a wrong CRC): reading stops at the last whole
record, and ``open_for_resume`` cuts the torn tail off before appending again.

A replay file (``export_replay``) is JSON: the game, seats, seed, options, names, and the list of
actions in effect (undone ones removed); ``replay_game`` plays it back with the engine.
"""
from __future__ import annotations

import json
import os
import re
import struct
import zlib
from pathlib import Path

import msgpack

_HEAD = struct.Struct(">II")
_NAME = re.compile(r"^table-(\d+)\.journal$")
REPLAY_FORMAT = "tikal-lan-replay"


# fdatasync where the OS has it: for an append it writes the data and the new file size, which is
# all a replay needs, without the inode's timestamps that fsync also writes.
_sync = getattr(os, "fdatasync", os.fsync)


def journal_path(data_dir, table_id: int) -> Path:
    return Path(data_dir) / f"table-{table_id}.journal"


class Journal:
    """Appends records to one file; the file is created on the first record.

    ``record`` writes and flushes a record and, unless ``deferred``, syncs it to disk before it
    returns. A deferred journal leaves the sync to its owner: ``written``/``synced`` count the
    records, and ``sync()`` (safe to run in a worker thread) puts every written one on disk. The
    host does that before it sends anything about a record, so the event loop never waits for
    the disk while other tables and chats carry on.
    """

    def __init__(self, path, *, deferred: bool = False):
        self.path = Path(path)
        self.deferred = deferred
        self.written = 0
        self.synced = 0
        self._f = None

    @property
    def dirty(self) -> bool:
        return self.synced < self.written

    def sync(self) -> None:
        f, n = self._f, self.written
        if f is not None and self.synced < n:
            _sync(f.fileno())
            self.synced = max(self.synced, n)

    def record(self, rec: dict) -> None:
        body = msgpack.packb(rec, use_bin_type=True)
        if self._f is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._f = open(self.path, "ab")
        pos = self._f.tell()
        try:
            self._f.write(_HEAD.pack(len(body), zlib.crc32(body)) + body)
            self._f.flush()
            self.written += 1
            if not self.deferred:
                self.sync()
        except OSError:
            # disk full, I/O error: leave no partial record behind the last whole one
            try:
                self._f.truncate(pos)
                self._f.flush()
            except OSError:
                pass
            raise

    def close(self) -> None:
        if self._f is not None:
            try:
                self.sync()
            finally:
                self._f.close()
            self._f = None


def read_records(path) -> tuple[list[dict], int]:
    """The whole records of a journal file and the byte length they span (a torn tail after
    that length is ignored)."""
    data = Path(path).read_bytes()
    records, pos = [], 0
    while pos + _HEAD.size <= len(data):
        size, crc = _HEAD.unpack_from(data, pos)
        end = pos + _HEAD.size + size
        if end > len(data):
            break
        body = data[pos + _HEAD.size:end]
        if zlib.crc32(body) != crc:
            break
        try:
            rec = msgpack.unpackb(body, raw=False, strict_map_key=False)
        except Exception:
            break
        if not isinstance(rec, dict):
            break
        records.append(rec)
        pos = end
    return records, pos


def open_for_resume(path, *, deferred: bool = False) -> tuple[list[dict], Journal]:
    """The records of a journal, its torn tail (if any) cut off, and a Journal appending to it."""
    records, good = read_records(path)
    if good != os.path.getsize(path):
        with open(path, "r+b") as f:
            f.truncate(good)
            f.flush()
            os.fsync(f.fileno())
    return records, Journal(path, deferred=deferred)


def journal_files(data_dir) -> dict[int, Path]:
    """Table id -> journal path, for every journal in ``data_dir``."""
    d = Path(data_dir)
    if not d.is_dir():
        return {}
    out = {}
    for p in d.iterdir():
        m = _NAME.match(p.name)
        if m:
            out[int(m.group(1))] = p
    return dict(sorted(out.items()))


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

    start = records[0]
    game = engine.new_game(start["game"], seats=start["seats"], seed=start["seed"],
                           options=dict(start["options"]))
    for _seat, action in effective_actions(records):
        game.apply(action)
    return game


def list_saved(data_dir) -> list[dict]:
    """One summary per journal: id, game, seats, options, names, actions, over, scores, path."""
    out = []
    for tid, path in journal_files(data_dir).items():
        records, _ = read_records(path)
        if not records or records[0].get("k") != "start":
            continue
        start = records[0]
        try:
            game = replay_records(records)
            over, scores = game.is_over, list(game.scores)
        except Exception as exc:  # a journal written by an incompatible engine
            over, scores = None, f"cannot replay: {exc}"
        out.append({"id": tid, "game": start["game"], "seats": start["seats"],
                    "options": start["options"],
                    "names": [p["name"] for p in start["players"]],
                    "actions": len(effective_actions(records)), "over": over,
                    "scores": scores, "path": str(path)})
    return out


def export_replay(journal, out_path=None) -> dict:
    """A replay dict of a journal (its path), also written as JSON to ``out_path`` if given."""
    records, _ = read_records(journal)
    start = records[0]
    game = replay_records(records)
    replay = {"format": REPLAY_FORMAT, "version": 1, "game": start["game"],
              "seats": start["seats"], "seed": start["seed"], "options": start["options"],
              "names": [p["name"] for p in start["players"]],
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
    game = engine.new_game(replay["game"], seats=replay["seats"], seed=replay["seed"],
                           options=dict(replay["options"]))
    for step in replay["actions"]:
        if game.to_act != step["seat"]:
            raise ValueError(f"replay: seat {step['seat']} acts out of turn")
        game.apply(step["action"])
    return game
