"""The host over real sockets on 127.0.0.1: whole games played by bot clients, rejoin, trust,
hidden information, undo, bad input, bots off the event loop."""
import asyncio
import struct
import threading

import msgpack
import pytest
from test_net_limits import closed, raw, until

from engine.bots.random_bot import RandomBot
from engine.bots.registry import FACTORIES
from net import journal as jn
from net.protocol import MAX_FRAME, encode

from net_helpers import BotClient, HiddenScanner, PatientClient, connect, live_host, run, seat_clients
from waiting import HANG, until_async


async def play_whole_game(tmp_path, game, seats, options, bots_in_host=0):
    scanner = HiddenScanner()
    async with live_host(data_dir=tmp_path, scanner=scanner) as host:
        tid, clients = await seat_clients(host, game, seats, options, bots_in_host=bots_in_host)
        spectator = await connect(host, "Watcher")
        spectator.send({"t": "spectate", "table": tid})
        watch = BotClient(spectator, game)
        players = [BotClient(c, game, seed=i) for i, c in enumerate(clients)]
        finals = await asyncio.gather(*(p.play() for p in players + [watch]))
        table = host.tables[tid]
        # every seat and the spectator saw the same end
        assert all(f["over"] for f in finals)
        assert len({tuple(f["scores"]) for f in finals}) == 1
        assert finals[0]["scores"] == table.game.scores
        assert finals[0]["winners"] == table.game.winners and table.game.winners
        # the journal's replay is the live game
        records, _ = jn.read_records(jn.journal_path(tmp_path, tid))
        replayed = jn.replay_records(records)
        assert replayed.snapshot() == table.game.snapshot()
        for i, p in enumerate(players):
            assert p.last["view"] == replayed.view(i)
            assert p.last["seat"] == i
        assert watch.last["view"] == replayed.view(None) and watch.last["seat"] is None
        assert all(p.acted > 0 for p in players)
        # nothing hidden ever went out, to anyone
        assert scanner.updates > 20 and not scanner.leaks, scanner.leaks[:5]
        for c in clients + [spectator]:
            assert not [m for m in c.inbox._queue if m.get("t") == "link"
                        and m.get("state") == "invalid"]
            await c.close()
        return table


@pytest.mark.slow
@run
async def test_tortuga_seven_seats_played_by_bot_clients(tmp_path):
    table = await play_whole_game(tmp_path, "tortuga", 7, {})
    assert table.status == "over" and len(table.history) > 20


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["base", "auction"])
@run
async def test_tikal_four_seats_played_by_bot_clients(tmp_path, variant):
    table = await play_whole_game(tmp_path, "tikal", 4, {"variant": variant})
    assert table.options["variant"] == variant


@pytest.mark.slow
@run
async def test_bots_in_host_seats_and_lobby_rules(tmp_path):
    async with live_host(data_dir=tmp_path) as host:
        a = await connect(host, "Ana")
        b = await connect(host, "Bo")
        a.send({"t": "create", "game": "tortuga", "seats": 3})
        tid = (await a.expect("seated"))["table"]
        b.send({"t": "sit", "table": tid, "seat": 0})
        assert (await b.expect("error"))["code"] == "bad_seat"
        b.send({"t": "sit", "table": tid})
        assert (await b.expect("seated"))["seat"] == 1
        b.send({"t": "colour", "colour": "orange"})  # Ana got the first colour by default
        assert (await b.expect("error"))["code"] == "colour_taken"
        b.send({"t": "bot", "seat": 2, "level": "random"})
        assert (await b.expect("error"))["code"] == "not_owner"
        a.send({"t": "bot", "seat": 2, "level": "grandmaster"})
        assert (await a.expect("error"))["code"] == "no_level"
        a.send({"t": "bot", "seat": 2, "level": "random"})
        a.send({"t": "start"})
        assert (await a.expect("error"))["code"] == "not_ready"  # Bo is not ready
        b.send({"t": "ready", "ready": True})
        await a.expect("table", pred=lambda m: m["table"]["players"][1]["ready"])
        a.send({"t": "start"})
        ups = await asyncio.gather(BotClient(a, "tortuga").play(), BotClient(b, "tortuga").play())
        assert ups[0]["scores"] == ups[1]["scores"]
        assert host.tables[tid].seats[2].kind == "bot"


@pytest.mark.slow
@run
async def test_rejoin_with_token_mid_turn_and_takeover_after_grace(tmp_path):
    async with live_host(data_dir=tmp_path, grace=0.3) as host:
        tid, (a, b) = await seat_clients(host, "tortuga", 2)
        pa, pb = BotClient(a, "tortuga"), BotClient(b, "tortuga")
        # seat 0 plays one action of its turn (choosing its turtle), still to act afterwards
        first = await pa.play(stop_after=1)
        assert first["to_act"] == 0 and first["phase"] == "roll"
        token = a.token
        a.drop_connection()
        a.reconnect = False
        await asyncio.sleep(0)
        # back within the grace period on a new connection, with the token only
        a2 = await connect(host, "Ana again", token=token)
        assert a2.welcome["resumed"] == {"table": tid, "seat": 0}
        full = await a2.expect("update")
        assert full["full"] and full["seat"] == 0 and full["state"] == first["state"]
        assert full["legal"] == first["legal"] and full["view"] == first["view"]
        # b's view never changed meanwhile; the game goes on from the same point
        t = host.tables[tid]
        assert t.game.to_act == 0 and t.seats[0].takeover is None
        # now a leaves for longer than the grace period: a bot plays seat 0 ...
        a2.drop_connection()
        a2.reconnect = False
        pb_task = asyncio.ensure_future(pb.play())
        await until_async(lambda: t.seats[0].takeover and t.state > first["state"] + 2, "the takeover's moves",
                          progress=lambda: t.state)
        assert t.seats[0].takeover == t.seating.takeover_level and t.state > first["state"]
        # ... until the player comes back with the token, at any time
        a3 = await connect(host, "Ana", token=token)
        full = await a3.expect("update", pred=lambda m: m.get("full"))
        assert t.seats[0].takeover is None and full["seat"] == 0
        end = await asyncio.gather(BotClient(a3, "tortuga").play(first=full), pb_task)
        assert end[0]["scores"] == end[1]["scores"] == t.game.scores


@run
async def test_impersonation_and_spectators_refused(tmp_path):
    async with live_host() as host:
        tid, (a, b) = await seat_clients(host, "tortuga", 2)
        up = await a.expect("update", pred=lambda m: "legal" in m)
        state = up["state"]
        # b claims seat 0 in its action
        b.send({"t": "action", "seq": 5, "state": state, "action": up["legal"][0], "seat": 0})
        err = await b.expect("error")
        assert err["code"] == "wrong_seat" and err["seq"] == 5
        # without the claim it is simply not b's turn
        b.send({"t": "action", "seq": 6, "state": state, "action": up["legal"][0]})
        assert (await b.expect("error"))["code"] == "not_your_turn"
        # a forged token does not take a seat
        forged = "0" * 32
        x = await connect(host, "Mallory", reconnect=False)
        x.send({"t": "hello", "proto": 1, "name": "M", "token": forged})
        assert (await x.expect("error"))["code"] == "already_hello"
        y = PatientClient(*host.address, "Mallory2", token=forged, reconnect=False)
        await y.start()
        err = await y.expect("error")
        assert err["code"] == "bad_token"
        # a spectator cannot act
        x.send({"t": "spectate", "table": tid})
        await x.expect("update")
        x.send({"t": "action", "seq": 1, "state": state, "action": up["legal"][0]})
        assert (await x.expect("error"))["code"] == "spectator"
        t = host.tables[tid]
        assert t.state == state and t.game.to_act == 0
        # the real seat 0 still plays
        a.send({"t": "action", "seq": 9, "state": state, "action": up["legal"][0]})
        mine = await a.expect("update")
        assert mine["seq"] == 9 and mine["state"] == state + 1
        for c in (a, b, x, y):
            await c.close()


@run
async def test_undo_allowed_then_refused_after_a_reveal(tmp_path):
    async with live_host(data_dir=tmp_path) as host:
        tid, (a, b) = await seat_clients(host, "tortuga", 2)
        t = host.tables[tid]
        up = await a.expect("update", pred=lambda m: "legal" in m)
        before = up["view"]
        assert up["phase"] == "choose_turtle" and not up.get("can_undo")
        a.send({"t": "undo", "seq": 1, "state": up["state"]})
        assert (await a.expect("error"))["code"] == "undo_refused"
        a.send({"t": "action", "seq": 2, "state": up["state"], "action": up["legal"][-1]})
        up2 = await a.expect("update", pred=lambda m: m.get("seq") == 2)
        assert up2["can_undo"] and up2["view"]["turtle"] == up["legal"][-1]["turtle"]
        b.send({"t": "undo", "seq": 3, "state": up2["state"]})
        assert (await b.expect("error"))["code"] == "not_your_turn"
        a.send({"t": "undo", "seq": 4, "state": up["state"]})  # stale
        assert (await a.expect("error"))["code"] == "stale"
        a.send({"t": "undo", "seq": 5, "state": up2["state"]})
        up3 = await a.expect("update", pred=lambda m: m.get("seq") == 5)
        assert up3["undone"] == 0 and up3["view"] == before and up3["state"] == up2["state"] + 1
        other = await b.expect("update", pred=lambda m: m["state"] == up3["state"])
        assert other["view"] == {**before, "you": 1}         # seat 1's own view of that state
        # choose again, then roll: a die shows (reveal) -> no undo this turn any more
        a.send({"t": "action", "seq": 6, "state": up3["state"], "action": up3["legal"][0]})
        up4 = await a.expect("update", pred=lambda m: m.get("seq") == 6)
        a.send({"t": "action", "seq": 7, "state": up4["state"], "action": {"type": "roll"}})
        up5 = await a.expect("update", pred=lambda m: m.get("seq") == 7)
        assert any(e.get("reveal") for e in up5["events"])
        if up5["to_act"] == 0:
            assert up5["can_undo"] is False
            a.send({"t": "undo", "seq": 8, "state": up5["state"]})
            err = await a.expect("error")
            assert err["code"] == "undo_refused" and "revealed" in err["message"]
        assert t.state == up5["state"]
        # the journal holds the undo, and replaying it gives the live game
        records, _ = jn.read_records(jn.journal_path(tmp_path, tid))
        assert [r["k"] for r in records].count("undo") == 1
        assert jn.replay_records(records).snapshot() == t.game.snapshot()
        from net.table import Table
        assert Table.replay(records).state == t.state


@run
async def test_every_bad_input_gets_its_code_and_nothing_changes():
    async with live_host(rate=20, burst=40) as host:
        tid, (a, b) = await seat_clients(host, "tortuga", 2)
        up = await a.expect("update", pred=lambda m: "legal" in m)
        t = host.tables[tid]
        snap = t.game.snapshot()

        # fatal classes: answered with an error "frame", then closed
        for data in [struct.pack(">I", MAX_FRAME + 1) + b"x" * 100,
                     struct.pack(">I", 3) + msgpack.packb([1, 2]),
                     struct.pack(">I", 4) + msgpack.packb({"x": 1}),
                     struct.pack(">I", 5) + b"\xc1\xc1\xc1\xc1\xc1"]:
            r, w = await raw(host)
            w.write(data)
            err = await until(r, "error")
            assert err["code"] == "frame"
            assert await closed(r)
            w.close()
        # wrong protocol version: "proto", then closed
        r, w = await raw(host, hello=None)
        w.write(encode({"t": "hello", "proto": 99, "name": "old"}))
        assert (await until(r, "error"))["code"] == "proto"
        assert await closed(r)
        w.close()
        # before hello: refused, connection kept
        r, w = await raw(host, hello=None)
        w.write(encode({"t": "list", "seq": 3}))
        err = await until(r, "error")
        assert err["code"] == "hello_first" and err["seq"] == 3
        w.write(encode({"t": "hello", "proto": 1, "name": "late"}))
        assert (await until(r, "welcome"))["proto"] == 1
        w.close()
        # recoverable classes on a seated connection
        state = up["state"]
        cases = [
            ({"t": "frobnicate"}, "unknown_type"),
            ({"t": "action", "seq": 1, "state": state}, "bad_field"),
            ({"t": "action", "seq": 1, "state": "0", "action": up["legal"][0]}, "bad_field"),
            ({"t": "action", "seq": 1, "state": state + 5, "action": up["legal"][0]}, "stale"),
            ({"t": "action", "seq": 1, "state": state, "action": {"type": "fly"}}, "malformed"),
            ({"t": "action", "seq": 1, "state": state, "action": {"type": "roll"}}, "illegal"),
            ({"t": "sit", "table": 999}, "in_table"),
            ({"t": "start"}, "not_lobby"),
        ]
        for msg, code in cases:
            a.send(msg)
            err = await a.expect("error")
            assert err["code"] == code, (msg, err)
            assert err["message"]
            if code == "illegal":
                assert err["reason"] and err["rule"].startswith("L-")
        bb = await connect(host, "other", reconnect=False)
        bb.send({"t": "spectate", "table": 12345})
        assert (await bb.expect("error"))["code"] == "no_table"
        bb.send({"t": "chat", "text": "hi"})
        assert (await bb.expect("error"))["code"] == "no_table"
        bb.send({"t": "action", "seq": 1, "state": 0, "action": {"type": "roll"}})
        assert (await bb.expect("error"))["code"] == "no_table"
        # a flood: the rate limit drops the excess with an error; the connection stays
        for i in range(300):
            bb.send({"t": "ping", "n": i})
        err = await bb.expect("error")
        assert err["code"] == "rate"
        assert host.stats.errors["rate"] > 100
        await asyncio.sleep(0.2)
        bb.send({"t": "list"})
        await bb.expect("tables")
        # nothing changed, and the game carries on
        assert t.game.snapshot() == snap and t.state == state
        a.send({"t": "action", "seq": 77, "state": state, "action": up["legal"][0]})
        assert (await a.expect("update"))["seq"] == 77
        await b.expect("update", pred=lambda m: m["state"] == state + 1)
        for c in (a, b, bb):
            await c.close()


@run
async def test_game_over_and_journal_listing(tmp_path):
    async with live_host(data_dir=tmp_path) as host:
        tid, (a,) = await seat_clients(host, "tortuga", 3, bots_in_host=2)
        end = await BotClient(a, "tortuga").play()
        a.send({"t": "action", "seq": 1, "state": end["state"], "action": {"type": "roll"}})
        assert (await a.expect("error"))["code"] == "game_over"
        await a.close()
    saved = jn.list_saved(tmp_path)
    assert [g["id"] for g in saved] == [tid] and saved[0]["over"] is True
    assert saved[0]["scores"] == end["scores"]
    replay = jn.export_replay(jn.journal_path(tmp_path, tid), tmp_path / "r.json")
    g = jn.replay_game(replay)
    assert g.scores == end["scores"] and g.view(0) == end["view"]
    assert (tmp_path / "r.json").read_text().startswith("{")


class _BlockingBot(RandomBot):
    gate = threading.Event()

    def choose(self, view, legal):
        assert self.gate.wait(HANG), "test never released the bot"
        return super().choose(view, legal)


@pytest.mark.parametrize("delay", [0.01, 0.0])
@run
async def test_a_bot_that_waits_to_play_for_an_away_player_lets_them_play_once_back(caplog, delay):
    """A bot playing an away player's seat waits ``bot_delay`` before its move (people follow the
    moves); the player comes back meanwhile: the bot leaves the move to them, no "bot failure"
    (it once asked for the seat's bot after the wait, and there was none). With no delay too: the
    player's hello can be handled between kick() and the bot task's first step (it logged "seat 0
    is played by no bot")."""
    from net.bots import Bots
    from net.config import HostConfig
    from net.table import Table

    t = Table(1, "tortuga", 2, owner=-1)
    for i in range(2):
        t.ask(-1, {"t": "bot", "seat": i, "level": "random"})
    t.start(-1, 5)
    seat = t.game.to_act
    t.seats[seat].kind, t.seats[seat].takeover = "human", "random"     # away: a bot plays for them
    tasks, sent = [], []
    bots = Bots(HostConfig(bot_delay=delay), lambda coro: tasks.append(asyncio.ensure_future(coro)),
                lambda _t: True, lambda out, _t: sent.append(out), lambda _t: None, lambda _t: None)
    try:
        bots.kick(t)
        assert tasks and t.id in bots.thinking
        t.seats[seat].takeover = None       # back before the wait is over
        await tasks[0]
    finally:
        bots.shutdown()
    assert t.state == 0 and not sent and t.id not in bots.thinking
    assert not [r for r in caplog.records if r.levelname == "ERROR"], caplog.text


@run
async def test_a_thinking_bot_never_stalls_chat_or_other_tables():
    FACTORIES[("tortuga", "blocking-test")] = _BlockingBot
    _BlockingBot.gate.clear()
    try:
        async with live_host() as host:
            a = await connect(host, "Ana")
            a.send({"t": "create", "game": "tortuga", "seats": 2})
            tid = (await a.expect("seated"))["table"]
            a.send({"t": "bot", "seat": 1, "level": "blocking-test"})
            a.send({"t": "start"})
            # seat 0 plays until the bot is to act (and blocks in its thread)
            while True:
                up = await a.expect("update")
                if up["to_act"] == 1:
                    break
                if "legal" in up:
                    a.send({"t": "action", "state": up["state"], "action": up["legal"][0]})
            while tid not in host.bots.thinking:              # the bot's turn has begun
                await asyncio.sleep(0.01)
            # chat at the same table and a whole game at another table go on meanwhile
            a.send({"t": "chat", "text": "are you thinking?"})
            assert (await a.expect("chat"))["text"] == "are you thinking?"
            tid2, (c,) = await seat_clients(host, "tortuga", 2, bots_in_host=1)
            end = await BotClient(c, "tortuga").play()
            assert end["over"] and tid in host.bots.thinking
            _BlockingBot.gate.set()
            nxt = await a.expect("update", pred=lambda m: m["state"] > up["state"])
            assert nxt["state"] == up["state"] + 1
            await a.close()
            await c.close()
    finally:
        _BlockingBot.gate.set()
        FACTORIES.pop(("tortuga", "blocking-test"), None)


@pytest.mark.slow
@run
async def test_ping_timeouts_find_half_open_connections():
    async with live_host(ping_interval=0.05, ping_timeout=0.3) as host:
        # a peer that says hello and then never answers anything (a sleeping laptop)
        r, w = await asyncio.open_connection(*host.address)
        w.write(encode({"t": "hello", "proto": 1, "name": "sleepy"}))
        data = b""
        while True:
            chunk = await asyncio.wait_for(r.read(65536), HANG)
            if not chunk:
                break
            data += chunk
        assert not host.conns and b"ping" in data
        w.close()
        # a peer that answers pings but never says hello is not kept either
        r, w = await asyncio.open_connection(*host.address)
        for i in range(10_000):                          # until the host cuts it (bounded)
            w.write(encode({"t": "pong", "n": i}))
            await asyncio.sleep(0.02)
            if r.at_eof() or not host.conns:
                break
        assert not host.conns
        w.close()
    # the client side: a "host" that accepts and then stays silent
    async def silent(reader, writer):
        await asyncio.sleep(HANG)
    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    c = PatientClient(*server.sockets[0].getsockname()[:2], "x", ping_interval=0.05,
                    ping_timeout=0.3, reconnect=False)
    await c.start()
    assert (await c.expect("link", pred=lambda m: m["state"] == "connected"))
    lost = await c.expect("link", pred=lambda m: m["state"] == "closed")
    assert "silent" in lost["reason"]
    server.close()
    await c.close()


def test_thread_facade_polls_without_blocking():
    from net.client import Client
    from net.config import HostConfig
    from net.host import start_in_thread

    # no keep-alive pings: nothing arrives unasked, so a poll that waited for a message would hang
    addr, port, stop = start_in_thread(HostConfig(bind="127.0.0.1", port=0, announce=False,
                                                  ping_interval=3600.0, ping_timeout=7200.0), timeout=HANG)
    try:
        cl = Client(addr, port, "Ana").start()
        welcome = cl.wait_for("welcome", timeout=HANG)
        assert welcome["proto"] == 1 and cl.connected
        cl.send({"t": "create", "game": "tortuga", "seats": 2})
        seated = cl.wait_for("seated", timeout=HANG)
        assert cl.token == seated["token"] and len(cl.token) == 32 and cl.seat == 0
        cl.send({"t": "ping", "n": 7})                         # everything sent before the pong is in
        cl.wait_for("pong", timeout=HANG, pred=lambda m: m.get("n") == 7)
        assert [cl.poll() for _ in range(100)] == [[]] * 100  # nothing waiting: each returns at once
        cl.close()
        assert not cl.connected
    finally:
        stop()


@run
async def test_host_announces_itself_and_its_free_seats_on_loopback():
    from net.discovery import Browser

    async with live_host(announce=True, name="Loopback party") as host:
        assert host.announcement.announcer is not None
        browser = Browser(interfaces=["127.0.0.1"])  # zeroconf on loopback only
        await browser.start()
        try:
            hosts = await browser.wait_until(
                lambda hs: [h for h in hs if h.port == host.address[1]], timeout=HANG)
            assert hosts[0].name == "Loopback party" and hosts[0].free_seats == 0
            a = await connect(host, "Ana")
            a.send({"t": "create", "game": "tikal", "seats": 3})
            await a.expect("seated")
            await browser.wait_until(lambda hs: [h for h in hs if h.port == host.address[1]
                                                 and h.free_seats == 2], timeout=HANG)
        finally:
            await browser.stop()


@pytest.mark.slow
@run
async def test_the_announced_free_seats_follow_every_change(tmp_path):
    """The TXT "free" (empty lobby seats) and "tables" follow tables made by the host or by
    players, seats taken and left, bots put and removed, a dropped player's seat freed after
    the grace period, a table started, a table played out and forgotten (zeroconf on 127.0.0.1
    only)."""
    from net.discovery import Browser

    async with live_host(announce=True, grace=0.3, bot_delay=0.002, data_dir=tmp_path) as host:
        browser = Browser(interfaces=["127.0.0.1"])
        await browser.start()

        async def announced(free, tables, timeout=HANG):
            assert (host.free_seats(), len(host.tables)) == (free, tables)  # the host's count
            ours = lambda hs: [h for h in hs if h.port == host.address[1] and (
                h.free_seats, h.extra.get("tables")) == (free, str(tables))]
            await browser.wait_until(ours, timeout=timeout)                  # ... on the LAN

        try:
            await announced(0, 0)
            host.create_table("tikal", 4, bots=1)                # by the host, once it runs
            await announced(3, 1)
            a = await connect(host, "Ana")
            a.send({"t": "create", "game": "tortuga", "seats": 3})
            tid = (await a.expect("seated"))["table"]
            await announced(5, 2)
            b = await connect(host, "Bo")
            b.send({"t": "sit", "table": tid})
            await b.expect("seated")
            await announced(4, 2)
            a.send({"t": "bot", "seat": 2, "level": "random"})
            await a.expect("table", pred=lambda m: m["table"]["players"][2]["kind"] == "bot")
            await announced(3, 2)
            a.send({"t": "unbot", "seat": 2})
            await a.expect("table", pred=lambda m: m["table"]["players"][2]["kind"] == "empty")
            await announced(4, 2)
            b.send({"t": "leave"})
            await b.expect("left")
            await announced(5, 2)
            b.send({"t": "sit", "table": tid})
            await b.expect("seated")
            await announced(4, 2)
            await b.close()                                      # dropped: seat held ...
            await a.expect("table", pred=lambda m: not m["table"]["players"][1]["connected"])
            await announced(4, 2)
            await a.expect("table", pred=lambda m: m["table"]["players"][1]["kind"] == "empty")
            await announced(5, 2)                                # ... then freed (grace 0.3 s)
            c = await connect(host, "Cy")
            c.send({"t": "sit", "table": tid})
            await c.expect("seated")
            c.send({"t": "ready", "ready": True})
            a.send({"t": "bot", "seat": 2, "level": "random"})
            await a.expect("table", pred=lambda m: m["table"]["players"][2]["kind"] == "bot")
            await announced(3, 2)
            a.send({"t": "start"})
            await a.expect("update")
            await announced(3, 2)
            done = host.create_table("tortuga", 2, bots=2)       # bots play it out: over, and
            await announced(3, 3)                                # nobody to come back: gone
            await until_async(lambda: done.id not in host.tables, "the finished table's end", poll=0.05)
            await announced(3, 2)
        finally:
            await browser.stop()


@pytest.mark.parametrize("game", ["tikal", "tortuga"])
def test_the_hidden_information_scanner_catches_a_leak(game):
    """The scanner used above is not blind: a snapshot sent as a view is caught."""
    from net.table import Table
    t = Table(1, game, 3, owner=1)
    t.sit(1, "A")
    t.ask(1, {"t": "bot", "seat": 1, "level": "random"})
    t.ask(1, {"t": "bot", "seat": 2, "level": "random"})
    t.start(1, 99)
    snap = t.game.snapshot()
    scanner = HiddenScanner()
    scanner.check({"t": "update", "table": 1, "view": t.game.view(0)}, [(t, snap)])
    assert scanner.leaks == []
    scanner.check({"t": "update", "table": 1, "view": snap}, [(t, snap)])
    assert scanner.leaks
    # hidden data smuggled under an innocent key is caught too
    scanner.leaks.clear()
    hidden = snap["stack"] if game == "tikal" else snap["deck"][1:]
    scanner.check({"t": "chat", "table": 1, "from": "x", "seat": None, "text": "hi",
                   "extra": {"list": hidden}}, [(t, snap)])
    assert scanner.leaks
    if game == "tortuga":   # ... and so are the dice to come
        while len(t.game.snapshot()["dice"]) < 8:
            t.game.apply(t.game.legal_actions()[0])
        snap = t.game.snapshot()
        scanner.leaks.clear()
        scanner.check({"t": "chat", "table": 1, "from": "x", "seat": None, "text": "hi",
                       "extra": {"list": snap["dice"][:8]}}, [(t, snap)])
        assert scanner.leaks == ["the next dice in chat"]


@run
async def test_a_slow_disk_holds_back_only_its_own_updates(tmp_path, monkeypatch):
    """The journal's sync runs off the event loop: while one table waits for the disk, pings
    and chat elsewhere are answered, and its update goes out only once the record is on disk."""
    gate, synced = threading.Event(), []
    real = jn._sync

    def slow_sync(fd):
        assert gate.wait(HANG)
        real(fd)
        synced.append(fd)

    async with live_host(data_dir=tmp_path, inline_sync_below=0) as host:  # never in the loop
        tid, (a, b) = await seat_clients(host, "tortuga", 2)
        up = await a.expect("update", pred=lambda m: "legal" in m)
        c = await connect(host, "Chatty")
        c.send({"t": "create", "game": "tikal", "seats": 2})
        await c.expect("seated")
        monkeypatch.setattr(jn, "_sync", slow_sync)
        a.send({"t": "action", "seq": 1, "state": up["state"], "action": up["legal"][0]})
        while host.tables[tid].state != up["state"] + 1:      # applied and written ...
            await asyncio.sleep(0.01)
        for who in (a, b, c):                                   # ... the loop is free ...
            who.send({"t": "ping", "n": 42})
            await who.expect("pong")
        c.send({"t": "chat", "text": "still here"})
        assert (await c.expect("chat"))["text"] == "still here"
        assert not synced and not [m for m in a.inbox._queue if m.get("t") == "update"]
        gate.set()                                              # ... and the update waits
        mine = await a.expect("update")
        assert mine["seq"] == 1 and synced
        records, _ = jn.read_records(jn.journal_path(tmp_path, tid))
        assert {k: v for k, v in records[-1].items() if k != "at"} == {"k": "action", "seat": 0,
                                                                      "action": up["legal"][0]}


def test_a_client_written_from_docs_protocol_md_alone():
    """Only what docs/protocol.md says: a socket, 4-byte big-endian lengths, msgpack maps. It
    creates a table, puts a bot in, starts, plays every decision it is offered (undoing once
    when it may), chats, and says bye."""
    import random
    import socket

    from net.config import HostConfig
    from net.host import start_in_thread

    addr, port, stop = start_in_thread(HostConfig(bind="127.0.0.1", port=0, announce=False), timeout=HANG)
    rnd = random.Random(5)
    sock = socket.create_connection((addr, port), timeout=HANG)
    buf = b""

    def send(msg):
        body = msgpack.packb(msg, use_bin_type=True)
        sock.sendall(struct.pack(">I", len(body)) + body)

    def recv():
        nonlocal buf
        while True:
            if len(buf) >= 4:
                (n,) = struct.unpack(">I", buf[:4])
                if len(buf) >= 4 + n:
                    msg, buf = msgpack.unpackb(buf[4:4 + n], raw=False), buf[4 + n:]
                    if msg["t"] == "ping":
                        send({"t": "pong", "n": msg.get("n", 0)})
                        continue
                    return msg
            data = sock.recv(65536)
            assert data, "the host closed the connection"
            buf += data

    def until(t):
        while (m := recv())["t"] != t:
            assert m["t"] != "error", m
        return m

    try:
        send({"t": "hello", "proto": 1, "name": "DocReader"})
        welcome = until("welcome")
        assert "random" in welcome["games"]["tortuga"]["levels"]
        for game in ("tikal", "tortuga"):      # the host offers the three levels
            assert {"easy", "normal", "hard"} <= set(welcome["games"][game]["levels"])
        send({"t": "create", "game": "tortuga", "seats": 2, "options": {"cards_as_dice": True}})
        seated = until("seated")
        assert len(seated["token"]) == 32
        send({"t": "bot", "seat": 1, "level": "random"})
        send({"t": "start"})
        undone = False
        seq = 0
        while True:
            up = until("update")
            if up["over"]:
                break
            if "legal" not in up:
                continue
            seq += 1
            if up.get("can_undo") and not undone:
                send({"t": "undo", "seq": seq, "state": up["state"]})
                undone = True
                continue
            send({"t": "action", "seq": seq, "state": up["state"],
                  "action": rnd.choice(up["legal"])})
        assert up["winners"] and len(up["scores"]) == 2 and undone
        send({"t": "chat", "text": "gg"})
        assert until("chat")["text"] == "gg"
        send({"t": "bye"})
    finally:
        sock.close()
        stop()
