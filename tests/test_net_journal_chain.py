"""Journal format 3: each record's CRC is chained to the previous record's, so that removing,
repeating or moving one whole record is found as damage instead of replaying into a game that
never happened; older formats are still read; a long tail of zeros is a crash's torn tail."""
from __future__ import annotations

import struct
import zlib

import msgpack
from test_net_saves import game_journal, write_records

from net import journal as jn
from net import saves


def splices(records: list[dict]):
    """Every journal one whole record away from ``records``: one removed (not the last: that is
    a crash's prefix), one repeated, two neighbours swapped."""
    n = len(records)
    for i in range(1, n - 1):
        yield f"removed {i}", records[:i] + records[i + 1:]
    for i in range(1, n):
        yield f"repeated {i}", records[:i + 1] + records[i:]
    for i in range(1, n - 1):
        yield f"swapped {i}", records[:i] + [records[i + 1], records[i]] + records[i + 2:]


def spliced_bytes(records: list[dict], spliced: list[dict]) -> bytes:
    """The bytes of ``spliced`` cut out of the real journal's bytes of ``records`` (each record's
    frame exactly as the host wrote it: what an attacker or a broken copy can do)."""
    data = jn.frames(records)
    frames, pos = {}, 0
    for rec in records:
        size = struct.unpack_from(">I", data, pos)[0]
        frames.setdefault(id(rec), data[pos:pos + 8 + size])
        pos += 8 + size
    return b"".join(frames[id(r)] for r in spliced)


def test_removing_repeating_or_swapping_one_whole_record_is_found(tmp_path):
    records = game_journal(tmp_path, 1, 12)
    assert records[0]["v"] == jn.FORMAT >= jn.CHAINED
    assert jn.scan(jn.journal_path(tmp_path, 1)).damaged is None
    missed = []
    for what, spliced in splices(records):
        s = jn.scan_bytes(spliced_bytes(records, spliced))
        if s.damaged is None:
            missed.append(what)
    assert not missed, missed


def test_a_spliced_journal_is_restored_up_to_the_splice_and_the_players_are_told(tmp_path):
    records = game_journal(tmp_path, 1, 12)
    path = jn.journal_path(tmp_path, 1)
    path.write_bytes(spliced_bytes(records, records[:5] + records[6:]))   # record 5 removed
    opened = saves.open_saves(tmp_path, resume=True, deferred=False)
    t = opened.tables[1]
    assert len(t.history) == 4 and "damaged" in opened.notes[1]
    assert jn.read_records(path)[0] == records[:5]
    t.journal.close()


def test_older_formats_are_read_unchained(tmp_path):
    records = game_journal(tmp_path, 1, 12)
    old = [{**records[0], "v": 2}] + records[1:]
    data = b""
    for rec in old:                      # format 2: each CRC of its own body
        body = msgpack.packb(rec, use_bin_type=True)
        data += struct.pack(">II", len(body), zlib.crc32(body)) + body
    path = jn.journal_path(tmp_path, 2)
    path.write_bytes(data)
    s = jn.scan(path)
    assert s.records == old and not s.damaged and not s.chained
    # a restored format-2 journal goes on unchained, and reads back whole
    write_records(path, old)
    assert path.read_bytes() == data
    j = jn.Journal(path)
    j.record({"k": "undo", "seat": 0})
    j.close()
    assert jn.scan(path).records == old + [{"k": "undo", "seat": 0}]


def test_appending_to_a_restored_chained_journal_continues_its_chain(tmp_path):
    records = game_journal(tmp_path, 1, 6)
    path = jn.journal_path(tmp_path, 1)
    j = jn.Journal(path)
    j.record({"k": "undo", "seat": 1})
    j.close()
    s = jn.scan(path)
    assert s.chained and not s.damaged and s.records == records + [{"k": "undo", "seat": 1}]


def test_a_long_tail_of_zeros_is_a_torn_tail_and_garbage_after_it_is_damage(tmp_path):
    records = game_journal(tmp_path, 1, 6)
    path = jn.journal_path(tmp_path, 1)
    good = path.read_bytes()
    path.write_bytes(good + bytes(4 << 20))
    s = jn.scan(path)
    assert s.torn and not s.damaged and s.records == records and s.good == len(good)
    # the same zeros with a whole record after them: not a crash's tail
    path.write_bytes(good + bytes(4 << 20) + jn.frames([records[0]]))
    s = jn.scan(path)
    assert s.damaged and "whole records follow" in s.damaged and s.records == records
