"""Play again (docs/protocol.md section 14; net/again.py) through a real host: after the results,
the same game and options, the same seats and bots, a new seed; each player in with one message,
the owner starts. A player who left, the owner gone, the time to answer running out, a restart of
the host between the results and the next start."""
import asyncio

from net import again as play_again
from net import journal as jn

from net_helpers import BotClient, connect, live_host, run, seat_clients

NAMES = ["Ana", "Ben", "Cleo"]
KEYS = [f"the-key-of-{n.lower()}-for-tests" for n in NAMES]


async def finished_game(host, options=None, clock=None):
    """Three players and a bot (seat 3) play a game of La Tortuga to its end: (table id, clients,
    the table)."""
    tid, clients = await seat_clients(host, "tortuga", 4, options, names=NAMES, keys=KEYS,
                                      bots_in_host=1, level="easy")
    await asyncio.gather(*(BotClient(c, "tortuga").play() for c in clients))
    t = host.tables[tid]
    assert t.status == "over"
    return tid, clients, t


def seated_at(c, tid):
    return c.expect("seated", pred=lambda m: m["table"] == tid)


async def ben_plays_again(host):
    """A finished game (``finished_game``) after which Ben, a guest, says Play again: (table id,
    clients, the table, Ben's "seated" at the new table)."""
    tid, (ana, ben, cleo), t = await finished_game(host)
    ben.send({"t": "again"})
    return tid, (ana, ben, cleo), t, await seated_at(ben, tid + 1)


@run
async def test_play_again_the_same_game_seats_and_bots_a_new_seed_each_in_with_one_message(tmp_path):
    async with live_host(data_dir=tmp_path, bot_delay=0.0) as host:
        tid, (ana, ben, cleo), t = await finished_game(host, {"cards_as_dice": True})
        t.seating.code = "K7M3P"                   # (a private table stays private, its code the same)
        ben.send({"t": "again"})                  # a guest first: the Play again is made
        left = await ben.expect("left")
        assert left["table"] == tid and left["why"] == "again"
        got = await seated_at(ben, tid + 1)
        rid = got["table"]
        r = host.tables[rid]
        summary = (await ben.expect("table", pred=lambda m: m["table"]["id"] == rid))["table"]
        assert summary["status"] == "lobby" and summary["again_of"] == tid
        assert (r.game_name, r.options, r.nseats, r.clock_limit, r.hints_allowed, r.takeover_allowed) == \
            (t.game_name, t.options, t.nseats, t.clock_limit, t.hints_allowed, t.takeover_allowed)
        players = summary["players"]
        assert [p["name"] for p in players] == [s.name for s in t.seats]
        assert [p["colour"] for p in players] == [s.colour for s in t.seats]
        assert players[3]["kind"] == "bot" and players[3]["level"] == "easy" and players[3]["ready"]
        assert players[1]["ready"] and players[1]["connected"] and not players[1].get("kept")
        assert [p.get("kept") for p in players] == [True, None, True, None]      # kept for Ana and Cleo
        assert r.seating.code == "K7M3P" and summary["private"]
        assert summary["owner"] == ben.welcome["player"]       # the owner is not in yet: the first in
        # those still at the results hear who is in
        seen = await ana.expect("table", pred=lambda m: m["table"]["id"] == tid and "again" in m["table"])
        assert seen["table"]["again"] == {"table": rid, "in": [1]}
        # a seat kept is nobody else's
        dan = await connect(host, "Dan")
        dan.send({"t": "sit", "table": rid, "seat": 0, "code": "K7M3P"})
        assert (await dan.expect("error"))["code"] == "bad_seat"
        # the owner is in: the table is theirs again; then Cleo
        ana.send({"t": "again"})
        assert (await seated_at(ana, rid))["seat"] == 0
        await ana.expect("table", pred=lambda m: m["table"]["id"] == rid
                         and m["table"]["owner"] == ana.welcome["player"])
        cleo.send({"t": "again"})
        assert (await seated_at(cleo, rid))["seat"] == 2
        await ana.expect("table", pred=lambda m: m["table"]["id"] == rid
                         and all(p["ready"] for p in m["table"]["players"]))
        ana.send({"t": "start"})
        first = await cleo.expect("update", pred=lambda m: m["table"] == rid)
        assert first["state"] == 0 and r.status == "playing"
        assert r.play.seed != t.play.seed
        start = jn.read_records(jn.journal_path(tmp_path, rid))[0][0]
        assert start["options"] == {"cards_as_dice": True} and start["players"][3]["level"] == "easy"
        assert [p["kh"] for p in start["players"][:3]] == [s.key for s in t.seats[:3]]
        assert not play_again.lobby_path(tmp_path, rid).exists()     # saved as a journal now
        assert [c.name for c in (ana, ben, cleo)] == NAMES


@run
async def test_what_play_again_refuses(tmp_path):
    async with live_host(bot_delay=0.0) as host:
        tid, clients = await seat_clients(host, "tortuga", 2, names=NAMES[:2])
        watcher = await connect(host, "Zed")
        watcher.send({"t": "spectate", "table": tid})
        await watcher.expect("table")
        firsts = [await c.expect("update") for c in clients]
        clients[0].send({"t": "again"})
        assert (await clients[0].expect("error"))["code"] == "not_over"
        await asyncio.gather(*(BotClient(c, "tortuga").play(first=m) for c, m in zip(clients, firsts)))
        watcher.send({"t": "again"})
        assert (await watcher.expect("error"))["code"] == "spectator"
        clients[0].send({"t": "again"})
        rid = (await seated_at(clients[0], tid + 1))["table"]
        clients[0].send({"t": "again"})                 # at the Play again now, not the results
        assert (await clients[0].expect("error"))["code"] == "not_over"
        assert host.tables[rid].seats[0].conn == clients[0].welcome["player"]


@run
async def test_a_player_who_left_gets_no_seat_kept_and_the_owner_gone_the_next_is_owner(tmp_path):
    async with live_host(data_dir=tmp_path, bot_delay=0.0) as host:
        tid, (ana, ben, cleo), t = await finished_game(host)
        cleo.send({"t": "leave"})                  # before anyone says again: no seat kept for her
        await cleo.expect("left")
        ben.send({"t": "again"})
        rid = (await seated_at(ben, tid + 1))["table"]
        r = host.tables[rid]
        assert r.seats[2].kind == "empty" and r.seats[0].kept and r.seats[3].kind == "bot"
        # the owner leaves the results: their kept seat opens, the next player is the owner
        ana.send({"t": "leave"})
        await ana.expect("left")
        msg = await ben.expect("table", pred=lambda m: m["table"]["players"][0]["kind"] == "empty")
        assert msg["table"]["owner"] == ben.welcome["player"]
        ben.send({"t": "start"})
        assert (await ben.expect("error"))["code"] == "not_ready"     # two open seats
        ben.send({"t": "fill"})                     # the owner's bots in them, and start
        await ben.expect("table", pred=lambda m: all(p["kind"] != "empty" for p in m["table"]["players"]))
        ben.send({"t": "start"})
        up = await ben.expect("update", pred=lambda m: m["table"] == rid)
        assert up["state"] == 0 and [s.kind for s in r.seats] == ["bot", "human", "bot", "bot"]


@run
async def test_seats_kept_open_when_the_results_go_and_the_time_to_answer_runs_out(tmp_path):
    async with live_host(data_dir=tmp_path, bot_delay=0.0) as host:
        tid, (ana, ben, cleo), t, got = await ben_plays_again(host)
        rid = got["table"]
        r = host.tables[rid]
        host.lifecycle.release_kept(1000.0)         # the finished table is here: they may answer
        host.lifecycle.release_kept(1000.0 + host.config.over_linger)
        assert r.seats[0].kept and r.seats[2].kept
        host.lifecycle.forget(t, "over")            # its five minutes are over: kept no more
        await ben.expect("table", pred=lambda m: m["table"]["players"][0]["kind"] == "empty"
                         and m["table"]["players"][2]["kind"] == "empty")
        assert r.seats[3].kind == "bot" and r.seats[1].conn == ben.welcome["player"]
        ana.send({"t": "sit", "table": rid})        # an open seat like any other now
        assert (await seated_at(ana, rid))["seat"] == 0


@run
async def test_a_restart_between_the_results_and_the_next_start_keeps_the_play_again(tmp_path):
    async with live_host(data_dir=tmp_path, bot_delay=0.0) as host:
        tid, (ana, ben, cleo), t, got = await ben_plays_again(host)
        rid, ben_token = got["table"], got["token"]
        ana_token = ana.token
        await ben.expect("table", pred=lambda m: m["table"]["id"] == rid)
        assert play_again.lobby_path(tmp_path, rid).exists()
        for c in (ana, ben, cleo):
            c.reconnect = False
    # the host stops (its lobby saved), and starts again on its data dir with --resume
    async with live_host(data_dir=tmp_path, bot_delay=0.0, resume=True) as host:
        r = host.tables[rid]
        assert r.status == "lobby" and r.again_of == tid and [s.kind for s in r.seats] == ["human"] * 3 + ["bot"]
        assert all(s.kept and s.conn is None for s in r.seats[:3])
        # Ben was in: his page comes back with his seat's token, in the Play again, ready
        ben2 = await connect(host, "Ben", key=KEYS[1], token=ben_token)
        assert ben2.welcome["resumed"] == {"table": rid, "seat": 1}
        await ben2.expect("table", pred=lambda m: m["table"]["players"][1]["ready"])
        # Ana's token was the finished table's: refused, she is in the lobby, where her seat is
        ana3 = await connect(host, "Ana", key=KEYS[0], token=ana_token)
        assert "resumed" not in ana3.welcome and ana3.token is None     # (bad_token: the lobby)
        tables = await ana3.expect("tables")
        assert {"table": rid, "seat": 0, "again": True} in tables["mine"]
        ana3.send({"t": "sit", "table": rid, "seat": 0})      # one tap: "Play again"
        assert (await seated_at(ana3, rid))["seat"] == 0
        await ana3.expect("table", pred=lambda m: m["table"]["owner"] == ana3.welcome["player"]
                          and m["table"]["players"][0]["ready"])
        cleo2 = await connect(host, "Cleo", key=KEYS[2])
        await cleo2.expect("tables", pred=lambda m: m.get("mine"))
        cleo2.send({"t": "sit", "table": rid, "seat": 2})
        await seated_at(cleo2, rid)
        await ana3.expect("table", pred=lambda m: all(p["ready"] and p["kind"] != "empty"
                                                      for p in m["table"]["players"]))
        ana3.send({"t": "start"})
        up = await ben2.expect("update", pred=lambda m: m["table"] == rid)
        assert up["state"] == 0 and not play_again.lobby_path(tmp_path, rid).exists()
    # a Play again nobody comes back to: its seats open after the time to answer, then it goes
    async with live_host(data_dir=tmp_path, bot_delay=0.0, resume=True) as host:
        assert host.tables[rid].status == "playing"         # (the game, from its journal)


@run
async def test_a_restored_play_again_nobody_comes_back_to_goes(tmp_path):
    async with live_host(data_dir=tmp_path, bot_delay=0.0) as host:
        tid, (ana, ben, cleo), t, got = await ben_plays_again(host)
        rid = got["table"]
        await ben.expect("table", pred=lambda m: m["table"]["id"] == rid)
        for c in (ana, ben, cleo):
            c.reconnect = False
    async with live_host(data_dir=tmp_path, bot_delay=0.0, resume=True) as host:
        assert rid in host.tables
        host.lifecycle.release_kept(50.0)
        host.lifecycle.release_kept(49.0 + host.config.over_linger)
        assert rid in host.tables
        host.lifecycle.release_kept(50.0 + host.config.over_linger)
        assert rid not in host.tables and not play_again.lobby_path(tmp_path, rid).exists()
    async with live_host(data_dir=tmp_path, bot_delay=0.0, resume=True) as host:
        assert rid not in host.tables and not host.tables         # (nothing left of it)
