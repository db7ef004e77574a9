"""The host's one index of who is where (net/places.py): after every message that moves anyone
(sit, spectate, remove, leave, a drop, a token taken back from another connection, give, a table
that goes away) it holds exactly what the tables' seats hold, and a seat token is found in it."""
from net import journal as jn

from net_helpers import connect, live_host, run


def what_the_tables_hold(host):
    at = {c: t.id for t in host.tables.values() for c in t.seating.members()}
    tokens = {k: t.id for t in host.tables.values() for k in t.seating.tokens()}
    return at, tokens


def in_step(host):
    assert host.places.held() == what_the_tables_hold(host)


@run
async def test_the_index_follows_every_move_of_the_seats():
    async with live_host(grace=3600.0) as host:
        ana, ben, cleo = [await connect(host, n, key=f"{n}-key-{'x' * 20}") for n in ("Ana", "Ben", "Cleo")]
        ana.send({"t": "create", "game": "tortuga", "seats": 3})
        tid = (await ana.expect("seated"))["table"]
        ben.send({"t": "sit", "table": tid})
        await ben.expect("seated")
        cleo.send({"t": "spectate", "table": tid})
        await cleo.expect("table")
        in_step(host)
        assert host.places.held()[0] == {ana.welcome["player"]: tid, ben.welcome["player"]: tid,
                                         cleo.welcome["player"]: tid}
        ana.send({"t": "remove", "seat": 1})            # the owner frees Ben's seat
        await ben.expect("left")
        in_step(host)
        assert ben.welcome["player"] not in host.places.held()[0]
        ben.send({"t": "sit", "table": tid})
        await ben.expect("seated")
        ben.send({"t": "leave"})                       # a lobby seat left: its token dies
        await ben.expect("left")
        in_step(host)
        ben.send({"t": "sit", "table": tid})
        token = (await ben.expect("seated"))["token"]
        ben.send({"t": "ready", "ready": True})
        ana.send({"t": "bot", "seat": 2, "level": "random"})
        await ana.expect("table", pred=lambda m: m["table"]["players"][2]["kind"] == "bot")
        ana.send({"t": "start"})
        await ana.expect("update")
        in_step(host)
        assert host.table_of_token(token) is host.tables[tid]
        # a second connection takes Ben's seat back with its token: the first one is no longer there
        again = await connect(host, "Ben", token=token)
        await ben.expect("left")
        in_step(host)
        assert host.places.held()[0].get(again.welcome["player"]) == tid
        assert ben.welcome["player"] not in host.places.held()[0]
        # a drop: the seat is kept for its player, the connection is at no table any more
        await again.close()
        await ana.expect("table", pred=lambda m: not m["table"]["players"][1]["connected"])
        in_step(host)
        # the owner gives the away seat to the spectator: a new token, the old one proves nothing
        ana.send({"t": "give", "seat": 1, "to": cleo.welcome["player"]})
        new = (await cleo.expect("seated"))["token"]
        in_step(host)
        assert host.table_of_token(token) is None and host.table_of_token(new) is host.tables[tid]
        # the table goes away: nobody is at it, its tokens prove nothing
        host.lifecycle.forget(host.tables[tid], "over")
        await cleo.expect("left")
        assert host.places.held() == ({}, {})


@run
async def test_a_restored_game_s_tokens_are_in_the_index(tmp_path):
    data = tmp_path / "data"
    async with live_host(data_dir=data) as host:
        ana = await connect(host, "Ana")
        ana.send({"t": "create", "game": "tortuga", "seats": 2})
        token = (await ana.expect("seated"))["token"]
        ana.send({"t": "bot", "seat": 1, "level": "random"})
        ana.send({"t": "start"})
        await ana.expect("update")
        tid = next(iter(host.tables))
    assert jn.journal_path(data, tid).exists()
    async with live_host(data_dir=data, resume=True) as host:
        assert host.table_of_token(token) is host.tables[tid]
        in_step(host)
        back = await connect(host, "Ana", token=token)
        assert back.welcome["resumed"] == {"table": tid, "seat": 0}
        in_step(host)
