"""The table authority and the journal without I/O of their own (net/table.py, net/journal.py),
and run_host.py's command line."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from net import journal as jn
from net.table import Table, TableError

from waiting import HANG

ROOT = Path(__file__).resolve().parents[1]


def started(game="tortuga", seats=2, journal=None, seed=11):
    t = Table(1, game, seats, owner=100, journal=journal)
    for i in range(seats):
        t.sit(100 + i, f"P{i}")
        t.ask(100 + i, {"t": "ready", "ready": True})
    t.start(100, seed)
    return t


def code_of(fn, *a):
    with pytest.raises(TableError) as e:
        fn(*a)
    return e.value.code


def test_checks_in_the_documented_order():
    t = started()
    legal = t.game.legal_actions()
    seat1 = 101
    # spectator / not at the table come before the game's state
    t.spectate(200, "W")
    assert code_of(t.act, 200, 1, 99, {"type": "x"}) == "spectator"
    assert code_of(t.act, 300, 1, 99, {"type": "x"}) == "no_table"
    # a claimed seat that is not one's own, before stale and turn
    assert code_of(t.act, seat1, 1, 99, legal[0], 0) == "wrong_seat"
    # stale before whose turn
    assert code_of(t.act, seat1, 1, 99, legal[0]) == "stale"
    assert code_of(t.act, seat1, 1, 0, legal[0]) == "not_your_turn"
    # legality last
    assert code_of(t.act, 100, 1, 0, {"type": "roll"}) == "illegal"
    assert code_of(t.act, 100, 1, 0, {"type": "teleport"}) == "malformed"
    assert t.state == 0 and t.history == []
    out = t.act(100, 1, 0, legal[0])
    recipients = {c for c, _ in out}
    assert recipients == {100, 101, 200}
    by = {c: msg for c, msg in out}
    assert by[100]["seq"] == 1 and "seq" not in by[101]
    assert by[200]["seat"] is None and "legal" not in by[200]


def test_lobby_rules():
    t = Table(1, "tikal", 3, owner=None)
    assert t.sit(1, "A")[0][1]["t"] == "seated" and t.seating.owner == 1
    assert code_of(t.sit, 1, "A") == "in_table"
    assert code_of(t.sit, 2, "B", 0) == "bad_seat"
    t.sit(2, "B")
    assert code_of(t.ask, 2, {"t": "bot", "seat": 2, "level": "random"}) == "not_owner"
    assert code_of(t.ask, 1, {"t": "bot", "seat": 1, "level": "random"}) == "bad_seat"
    t.ask(1, {"t": "bot", "seat": 2, "level": "random"})
    assert code_of(t.start, 1, 5) == "not_ready"
    t.ask(2, {"t": "ready", "ready": True})
    tokens = t.seating.tokens()
    assert len(tokens) == 2 and all(len(k) == 32 for k in tokens)
    assert code_of(t.sit, 3, "C") == "full"
    t.leave(1)  # the owner leaves: ownership passes on, the token dies
    assert t.seating.owner == 2 and len(t.seating.tokens()) == 1
    t.sit(1, "A")
    t.ask(1, {"t": "ready", "ready": True})
    t.start(2, 5)
    assert t.status == "playing"
    assert code_of(t.ask, 2, {"t": "bot", "seat": 1, "level": "random"}) == "not_lobby"


def test_undo_replays_the_turn_and_refuses_after_a_reveal():
    t = started()
    start = t.game.snapshot()
    assert code_of(t.undo, 100, 1, 0) == "undo_refused"
    t.act(100, 1, 0, {"type": "choose_turtle", "turtle": 2})
    assert code_of(t.undo, 101, 2, 1) == "not_your_turn"
    t.undo(100, 2, 1)
    assert t.game.snapshot() == start and t.state == 2 and t.history == []
    t.act(100, 3, 2, {"type": "choose_turtle", "turtle": 0})
    t.act(100, 4, 3, {"type": "roll"})
    if t.game.to_act == 0:
        assert code_of(t.undo, 100, 5, 4) == "undo_refused"


def test_journal_replay_and_torn_tail(tmp_path):
    path = tmp_path / "table-1.journal"
    j = jn.Journal(path)
    t = started(journal=j)
    t.act(100, 1, 0, t.game.legal_actions()[0])
    t.undo(100, 2, 1)
    while t.status == "playing" and len(t.history) < 30:
        seat = t.game.to_act
        t.act(100 + seat, 0, t.state, t.game.legal_actions()[-1])
    j.close()
    records, good = jn.read_records(path)
    assert good == path.stat().st_size and records[0]["k"] == "start"
    again = Table.replay(records)
    assert again.game.snapshot() == t.game.snapshot() and again.state == t.state
    assert again.seating.tokens() == t.seating.tokens()
    # a crash in the middle of writing a record: the whole records before it survive
    whole = path.read_bytes()
    for cut in (1, 5, 9, 20):
        path.write_bytes(whole + whole[:cut])
        recs, good2 = jn.read_records(path)
        assert recs == records and good2 == good
    path.write_bytes(whole[:-3])
    recs, journal = jn.open_for_resume(path)
    assert recs == records[:-1] and path.stat().st_size < len(whole)
    journal.record({"k": "undo", "seat": 0})
    journal.close()
    assert jn.read_records(path)[0][-1] == {"k": "undo", "seat": 0}
    # a flipped byte in a record body: reading stops before it
    bad = bytearray(whole)
    bad[-2] ^= 0xFF
    path.write_bytes(bytes(bad))
    assert jn.read_records(path)[0] == records[:-1]


def run_host(*args, env=None):
    return subprocess.run([sys.executable, str(ROOT / "run_host.py"), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=HANG, env=env)


@pytest.mark.slow
def test_run_host_bot_game_list_and_export(tmp_path):
    game = "tikal"
    r = run_host("--headless", "--no-announce", "--bind", "127.0.0.1", "--port", "0",
                 "--game", game, "--seats", "4", "--bots", "4", "--data-dir", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "table 1 over" in r.stdout
    r = run_host("--list-saved", "--data-dir", str(tmp_path))
    assert r.returncode == 0 and game in r.stdout and " over " in r.stdout
    r = run_host("--export", "1", str(tmp_path / "replay.json"), "--data-dir", str(tmp_path))
    assert r.returncode == 0, r.stderr
    import json
    replay = json.loads((tmp_path / "replay.json").read_text())
    g = jn.replay_game(replay)
    assert g.is_over and g.scores == replay["scores"]


@pytest.mark.slow
def test_run_host_without_display_says_what_to_run():
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    r = run_host(env=env)
    assert r.returncode == 2 and "--headless" in r.stderr and "no display" in r.stderr
    r = run_host("--seats", "3")
    assert r.returncode == 2 and "--seats needs --game" in r.stderr


class FailingJournal:
    """A journal whose disk is full from the n-th record on."""

    def __init__(self, ok: int):
        self.ok, self.records = ok, []

    def record(self, rec):
        if len(self.records) >= self.ok:
            raise OSError(28, "No space left on device")
        self.records.append(rec)


def test_a_change_the_journal_cannot_keep_is_refused_and_undone():
    j = FailingJournal(ok=1)  # the start record fits, nothing after it
    t = started(journal=j)
    before = (t.game.snapshot(), t.state, list(t.history), list(t.play.turn.actions))
    assert code_of(t.act, 100, 1, 0, t.game.legal_actions()[0]) == "disk_full"
    assert (t.game.snapshot(), t.state, t.history, t.play.turn.actions) == before
    assert t.paused == "the host's disk is full" and t.bot_turn() is None
    j.ok = 2   # space again, but the game waits until the host has checked it (unpause)
    assert code_of(t.act, 100, 1, 0, t.game.legal_actions()[0]) == "disk_full"
    assert len(j.records) == 1
    out = t.unpause()
    assert {c for c, _ in out} == {100, 101} and all(m["t"] in ("table", "update") for _, m in out)
    t.act(100, 1, 0, t.game.legal_actions()[0])
    assert code_of(t.undo, 100, 2, 1) == "disk_full"  # the undo cannot be saved: not done
    assert t.state == 1 and len(t.play.turn.actions) == 1
    j.ok = 3
    t.unpause()
    t.undo(100, 3, 1)
    assert t.game.snapshot() == before[0] and t.state == 2
    # a table whose start cannot be saved stays in the lobby, not paused: it may start again
    t2 = Table(2, "tortuga", 2, owner=1, journal=FailingJournal(ok=0))
    t2.sit(1, "A")
    t2.ask(1, {"t": "bot", "seat": 1, "level": "random"})
    assert code_of(t2.start, 1, 5) == "disk_full"
    assert t2.status == "lobby" and t2.game is None and t2.paused is None


def test_every_field_a_table_sends_is_in_its_messages_schema():
    """What the table says (lobby, updates with legal/can_undo/seq/undone, resyncs with a recap,
    chat, left) names no field its message's schema (net/messages.py HOST_SPECS, which
    docs/protocol.md documents) leaves out, and fits it."""
    from net.messages import HOST, HOST_SPECS, validate
    from net.protocol import HEADER_SIZE, decode_body, encode

    sent: list[dict] = []
    t = Table(1, "tortuga", 2, owner=100)
    for i in range(2):
        sent += [m for _c, m in t.sit(100 + i, f"P{i}")]
        sent += [m for _c, m in t.ask(100 + i, {"t": "ready", "ready": True})]
    sent += [m for _c, m in t.start(100, 5)]
    sent += [m for _c, m in t.spectate(200, "W")]
    sent += [m for _c, m in t.chat(200, "W", "hi")]
    seq, undone = 0, False
    while t.status == "playing" and seq < 2000:
        seat = t.game.to_act
        seq += 1
        conn = t.seats[seat].conn
        out = t.act(conn, seq, t.state, t.game.legal_actions()[-1])
        sent += [m for _c, m in out]
        if not undone and t.play.turn.actions and not t.play.turn.revealed and t.play.turn.seat == seat:
            sent += [m for _c, m in t.undo(conn, seq + 1000, t.state)]
            undone = True
        if seq == 3:
            sent += [m for _c, m in t.leave(101)]
            sent += [m for _c, m in t.rejoin(300, t.seats[1].token, 0)[1]]
    assert t.status == "over"
    kinds = {m["t"] for m in sent}
    assert {"seated", "table", "update", "chat", "left"} <= kinds
    fields = {k for m in sent if m["t"] == "update" for k in m}
    assert {"legal", "can_undo", "seq", "undone", "recap", "full"} <= fields
    for m in sent:
        m = decode_body(encode(m)[HEADER_SIZE:])      # as a client reads it
        spec = HOST_SPECS[m["t"]]
        assert set(m) - {"t"} <= set(spec.required) | set(spec.optional), (m["t"], set(m) - set(spec.optional))
        validate(m, HOST)


def test_every_game_names_the_view_keys_its_journal_checks(monkeypatch):
    """net/journal.py CHECKED has one entry per game of the engine, each naming keys of its
    public view; a game without one cannot be started (it could not be journaled): loudly."""
    import engine

    assert set(jn.CHECKED) == set(engine.GAMES)
    for name, info in engine.GAMES.items():
        view = engine.new_game(name, info.min_seats, 1).view(None)
        assert set(jn.CHECKED[name]) <= set(view), name
    t = Table(1, "tortuga", 2, owner=100)
    for i in range(2):
        t.sit(100 + i, f"P{i}")
        t.ask(100 + i, {"t": "ready", "ready": True})
    checked = jn.CHECKED["tortuga"]
    monkeypatch.delitem(jn.CHECKED, "tortuga")
    with pytest.raises(LookupError, match="CHECKED names no view keys"):
        t.start(100, 3)
    assert t.status == "lobby" and t.game is None       # not started
    monkeypatch.setitem(jn.CHECKED, "tortuga", checked)
    t.start(100, 3)
    assert t.status == "playing"
