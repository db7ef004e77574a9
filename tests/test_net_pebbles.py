"""The third game plays through a real host (issue 29): Pebbles (tests/pebbles/), registered for
one test as a new game would be (tests/pebbles/engine_game.py ``register``), is offered in the
welcome, created with its option, played to its end by two players over real TCP connections
on loopback with the host's own bot in the third seat, journaled, replayed and counted tonight;
the host command takes its flags from it. Without its registration each place fails loudly."""
from __future__ import annotations

import asyncio

import pytest
from pebbles.engine_game import CHECKED, INFO, register

from net import journal as jn
from net.table import Table, TableError
from tikal_lan.host_options import parse_args, table_options

from net_helpers import BotClient, HiddenScanner, live_host, run, seat_clients


def test_pebbles_is_played_to_its_end_through_a_real_host(tmp_path, monkeypatch):
    register(monkeypatch)
    scanner = HiddenScanner()

    @run
    async def scenario():
        async with live_host(data_dir=tmp_path, scanner=scanner) as host:
            tid, (ana, ben) = await seat_clients(host, "pebbles", 3, {"pile": 9}, names=["Ana", "Ben"],
                                                 bots_in_host=1, level="easy")
            offered = ana.welcome["games"]["pebbles"]
            assert offered == {"seats": [2, 3], "options": {"pile": [5, 7, 9]}, "defaults": {"pile": 7},
                               "levels": ["easy"], "title": "Pebbles", "labels": {}, "hint": False}
            players = [BotClient(c, "pebbles", "easy", seed=i) for i, c in enumerate((ana, ben))]
            ends = await asyncio.gather(*(p.play(timeout=300) for p in players))
            t = host.tables[tid]
            assert t.status == "over" and t.options == {"pile": 9}
            assert all(e["over"] and e["winners"] == t.game.winners for e in ends)
            assert sum(t.game.view(None)["taken"]) == 9 and len(t.history) >= 5
            assert t.seats[2].kind == "bot" and any(s == 2 for s, _a in t.history)   # the bot played
            assert all(p.acted for p in players) and not any(p.errors for p in players)
            ana.send({"t": "standings"})
            night = await ana.expect("standings")
            assert night["night"]["games"] == 1 and "pebbles" in night["games"]
            records = jn.read_records(jn.journal_path(tmp_path, tid))[0]
            assert jn.finished(records)["winners"] == t.game.winners
            assert jn.replay_records(records).snapshot() == t.game.snapshot()
            assert Table.replay(records).game.snapshot() == t.game.snapshot()
    scenario()
    assert scanner.updates > 10 and not scanner.leaks


def test_a_game_the_host_does_not_know_fails_loudly_at_each_place(monkeypatch):
    with pytest.raises(TableError, match="unknown game"):
        Table(1, "pebbles", 2)
    with pytest.raises(SystemExit):
        parse_args(["--game", "pebbles"])
    register(monkeypatch)
    args = parse_args(["--headless", "--game", "pebbles", "--seats", "3", "--pile", "5"])
    assert table_options(args) == {"pile": 5}
    assert INFO.options[0].name == "pile" and CHECKED
    monkeypatch.delitem(jn.CHECKED, "pebbles")      # the journal's checked view keys forgotten:
    t = Table(1, "pebbles", 2, owner=1)
    t.sit(1, "Ana")
    t.ask(1, {"t": "bot", "seat": 1, "level": "easy"})
    with pytest.raises(LookupError, match="pebbles"):
        t.start(1, 5)                                # no game it could not journal starts
    assert t.status == "lobby"
