"""The party night on a real loopback host (issue 18, host side; docs/protocol.md section 14):
the evening's standings across games and host restarts, private tables, removing a seat,
filling with bots, several local seats, saved games continued from the lobby, the recap of
what happened while a player was away."""
import asyncio
import errno
import json

import pytest

from net import journal as jn
from net import standings as st
from net.identity import new_key
from tikal_lan.host import main as host_main

from net_helpers import BotClient, HiddenScanner, PatientClient, connect, live_host, run, seat_clients
from waiting import until_async


def test_placement_points_share_ties_and_bots_are_not_listed():
    assert st.places([10, 5, 5, 1], [0]) == [1, 2, 2, 4]
    assert st.points([10, 5, 5, 1], [0]) == [3, 1.5, 1.5, 0]
    assert st.points([10, 10, 5, 1], [0, 1]) == [2.5, 2.5, 1, 0]
    # the engine's winners are first even when a tie-break made them so on equal scores
    assert st.points([7, 7, 2], [1]) == [1, 2, 0]
    games = [{"id": 1, "game": "tikal", "names": ["Ana", "Ben", "Bot 3 (easy)"],
              "kinds": ["human", "human", "bot"], "scores": [9, 3, 5], "winners": [0]},
             {"id": 2, "game": "tortuga", "names": ["Ben", "Ana"], "kinds": ["human", "human"],
              "scores": [4, 4], "winners": [0, 1]}]
    night = st.Night()
    assert [night.add(g) for g in games] == [True, True] and not night.add(games[0])
    msg = night.message()
    assert msg["overall"] == [{"name": "Ana", "played": 2, "wins": 2, "points": 2.5, "rank": 1},
                              {"name": "Ben", "played": 2, "wins": 1, "points": 0.5, "rank": 2}]
    assert msg["games"]["tikal"] == [{"name": "Ana", "played": 1, "wins": 1, "points": 2, "rank": 1},
                                     {"name": "Ben", "played": 1, "wins": 0, "points": 0, "rank": 2}]
    assert msg["last"]["table"] == 2 and msg["last"]["places"] == [1, 1]
    # a game of bots only counts for nobody
    assert not night.add({"id": 3, "game": "tikal", "names": ["B1", "B2"], "kinds": ["bot", "bot"],
                          "scores": [1, 0], "winners": [0]})


async def play_tortuga(host, name: str, *, subscribe: bool = True) -> tuple[int, dict, dict]:
    """One La Tortuga game: ``name`` (a random bot over the socket) against a random host bot.
    Returns (table id, the last update, the standings pushed after it)."""
    tid, (a,) = await seat_clients(host, "tortuga", 2, names=[name], bots_in_host=1)
    if subscribe:
        a.send({"t": "standings"})
    end = await BotClient(a, "tortuga", seed=tid).play()
    pushed = None
    if subscribe:
        pushed = await a.expect("standings", pred=lambda m: m["night"]["games"] > 0)
    await a.close()
    return tid, end, pushed


def expected_row(name, results):
    """The standings row of ``name`` after ``results`` [(its seat, scores, winners), ...]."""
    pts = sum(st.points(sc, w)[seat] for seat, sc, w in results)
    return {"name": name, "played": len(results), "wins": sum(seat in w for seat, _sc, w in results),
            "points": st._num(pts), "rank": 1}


@run
async def test_standings_count_two_finished_games_across_a_host_restart(tmp_path, capsys):
    async with live_host(data_dir=tmp_path) as host:
        old = await connect(host, "Old client")     # knows none of the new messages
        tid1, end1, pushed = await play_tortuga(host, "Ana")
        r1 = (0, end1["scores"], end1["winners"])
        # (Ana has no key: her row is her name's, marked as hers)
        assert pushed["night"]["games"] == 1 and pushed["overall"] == [{**expected_row("Ana", [r1]), "you": True}]
        assert pushed["last"]["table"] == tid1 and pushed["last"]["kinds"] == ["human", "bot"]
        # one that never asked gets nothing new (only messages an older client knows)
        assert {m["t"] for m in old.inbox._queue} <= {"welcome", "tables", "link"}
    saved = json.loads((tmp_path / st.FILE).read_text())
    assert [g["id"] for g in saved["games"]] == [tid1]
    # the host starts again on the same data dir: the night goes on
    async with live_host(data_dir=tmp_path) as host:
        watcher = await connect(host, "Watcher")
        watcher.send({"t": "standings"})
        first = await watcher.expect("standings")
        assert first["overall"] == [expected_row("Ana", [r1])]
        tid2, end2, pushed = await play_tortuga(host, "Ana")
        r2 = (0, end2["scores"], end2["winners"])
        assert tid2 != tid1 and pushed["night"]["games"] == 2
        assert pushed["overall"] == [{**expected_row("Ana", [r1, r2]), "you": True}]
        assert pushed["games"]["tortuga"] == pushed["overall"]
        # one who asked once gets it after every game, without asking again (not marked: not theirs)
        again = await watcher.expect("standings", pred=lambda m: m["night"]["games"] == 2)
        assert again["overall"] == [expected_row("Ana", [r1, r2])]
    # run_host.py --standings prints them, one line per player
    assert host_main(["--standings", "--data-dir", str(tmp_path), "--log-file", ""]) == 0
    out = capsys.readouterr().out
    ana = [line for line in out.splitlines() if "Ana" in line]
    row = expected_row("Ana", [r1, r2])
    assert len(ana) == 2 and f"{row['played']:>3} played {row['wins']:>3} won" in ana[0]
    assert out.startswith("tonight: 2 game(s)")


@run
async def test_a_standings_file_that_cannot_be_written_or_read_loses_no_result(tmp_path,
                                                                             monkeypatch):
    def full(self):
        raise OSError(errno.ENOSPC, "No space left on device")

    async with live_host(data_dir=tmp_path) as host:
        monkeypatch.setattr(st.Night, "save", full)
        tid, end, pushed = await play_tortuga(host, "Ana")
        assert "cannot save tonight's standings" in pushed["problem"]
        assert pushed["night"]["games"] == 1     # counted all the same
        monkeypatch.undo()
    assert not (tmp_path / st.FILE).exists()
    # the next start counts it from its journal and writes the file
    async with live_host(data_dir=tmp_path) as host:
        assert [g["id"] for g in host.party.night.games] == [tid]
        assert json.loads((tmp_path / st.FILE).read_text())["games"][0]["id"] == tid
    # a damaged file: set aside, said at start, counted again from the journals
    (tmp_path / st.FILE).write_bytes(b'{"format": "tikal-lan-standings", "vers')
    async with live_host(data_dir=tmp_path) as host:
        assert [g["id"] for g in host.party.night.games] == [tid]
        said = [line for line in host.report.lines() if st.FILE in line]
        assert said and "damaged" in said[0]
        assert (tmp_path / (st.FILE + ".damaged")).exists()
        c = await connect(host, "Ana")
        c.send({"t": "standings"})
        assert "damaged" in (await c.expect("standings"))["problem"]


@run
async def test_a_new_night_only_from_the_hosts_window_and_on_the_command_line(tmp_path):
    async with live_host(data_dir=tmp_path) as host:
        await play_tortuga(host, "Ana", subscribe=False)
        guest = await connect(host, "Guest")
        guest.send({"t": "new_night"})
        assert (await guest.expect("error"))["code"] == "not_operator"
        # the host's own window says hello with the host's operator secret
        w = await connect(host, "Host", operator=host.party.operator)
        assert host.party.operators == {w.welcome["player"]}
        w.send({"t": "new_night"})
        fresh = await w.expect("standings")
        assert fresh["night"]["games"] == 0 and fresh["overall"] == []
        tid, end, pushed = await play_tortuga(host, "Ben")
        assert pushed["night"]["games"] == 1 and [r["name"] for r in pushed["overall"]] == ["Ben"]
    # run_host.py --new-night: the host begins a new night as it starts
    async with live_host(data_dir=tmp_path, new_night=True) as host:
        assert host.party.night.games == []
    async with live_host(data_dir=tmp_path) as host:   # and it stays new after a restart
        assert host.party.night.games == []


@run
async def test_a_private_table_asks_for_its_code_and_only_the_owner_sees_it(tmp_path):
    class Frames:       # every frame the host sends, by connection
        host = None
        sent: list = []

        def tap(self, cid, frame):
            self.sent.append((cid, frame))

    frames = Frames()
    async with live_host(scanner=frames) as host:
        owner = await connect(host, "Owner")
        guest = await connect(host, "Guest")
        owner.send({"t": "create", "game": "tikal", "seats": 3})
        tid = (await owner.expect("seated"))["table"]
        guest.send({"t": "private", "private": True})
        assert (await guest.expect("error"))["code"] == "no_table"
        owner.send({"t": "private", "private": True})
        mine = await owner.expect("table", pred=lambda m: m["table"]["private"])
        code = mine["table"]["code"]
        assert len(code) == 5 and set(code) <= set("ACDEFHJKMNPRTUVWXY34679")
        listed = await guest.expect("tables", pred=lambda m: m["tables"] and m["tables"][0]["private"])
        assert "code" not in listed["tables"][0]
        guest.send({"t": "sit", "table": tid})
        assert (await guest.expect("error"))["code"] == "code_needed"
        guest.send({"t": "spectate", "table": tid, "code": "AAAAA"})
        assert (await guest.expect("error"))["code"] == "bad_code"
        guest.send({"t": "sit", "table": tid, "code": code.lower()})
        assert (await guest.expect("seated"))["seat"] == 1
        theirs = await guest.expect("table")
        assert theirs["table"]["private"] and "code" not in theirs["table"]
        # the guest may not change it; the owner opens the table again
        guest.send({"t": "private", "private": False})
        assert (await guest.expect("error"))["code"] == "not_owner"
        owner.send({"t": "private", "private": False})
        await owner.expect("table", pred=lambda m: not m["table"]["private"])
        third = await connect(host, "Third")
        third.send({"t": "sit", "table": tid})
        assert (await third.expect("seated"))["seat"] == 2
        # the code went to the owner only, never to anyone else
        to = {cid for cid, frame in frames.sent if code.encode() in frame}
        assert to == {owner.welcome["player"]}


@run
async def test_the_owner_removes_any_seat_and_fills_the_empty_ones_with_bots(tmp_path):
    async with live_host() as host:
        owner = await connect(host, "Owner")
        guest = await connect(host, "Guest")
        owner.send({"t": "create", "game": "tortuga", "seats": 4})
        tid = (await owner.expect("seated"))["table"]
        guest.send({"t": "sit", "table": tid})
        await guest.expect("seated")
        owner.send({"t": "bot", "seat": 2, "level": "easy"})
        guest.send({"t": "remove", "seat": 2})
        assert (await guest.expect("error"))["code"] == "not_owner"
        for seat, code in ((0, "bad_seat"), (3, "bad_seat"), (9, "bad_seat")):
            owner.send({"t": "remove", "seat": seat})
            assert (await owner.expect("error"))["code"] == code
        owner.send({"t": "remove", "seat": 2})    # a bot
        await owner.expect("table", pred=lambda m: m["table"]["players"][2]["kind"] == "empty")
        owner.send({"t": "remove", "seat": 1})    # a player
        left = await guest.expect("left")
        assert left["reason"] == "removed by the table's owner" and left["why"] == "removed"
        await guest.expect("tables")
        t = host.tables[tid]
        assert t.seats[1].kind == "empty" and guest.token is None
        guest.send({"t": "ready", "ready": True})
        assert (await guest.expect("error"))["code"] == "no_table"
        owner.send({"t": "fill", "level": "nope"})
        assert (await owner.expect("error"))["code"] == "no_level"
        owner.send({"t": "fill"})
        filled = await owner.expect("table", pred=lambda m: all(
            p["kind"] != "empty" for p in m["table"]["players"]))
        assert [p["level"] for p in filled["table"]["players"][1:]] == [t.seating.takeover_level] * 3
        owner.send({"t": "fill"})
        assert (await owner.expect("error"))["code"] == "full"
        owner.send({"t": "start"})
        up = await owner.expect("update")
        assert up["full"] and t.status == "playing"


@run
async def test_two_local_seats_of_one_window_are_real_seats_and_both_come_back(tmp_path):
    """Pass-and-play: one connection per local seat, from one address; a dropped window gets
    every seat back with its own token."""
    async with live_host(data_dir=tmp_path, grace=30) as host:
        tid, (anna, ben) = await seat_clients(host, "tortuga", 3, names=["Anna", "Ben"],
                                              bots_in_host=1)
        assert anna.token != ben.token
        assert {c.addr for c in host.conns.values()} == {"127.0.0.1"}
        pa, pb = BotClient(anna, "tortuga", seed=1), BotClient(ben, "tortuga", seed=2)
        await pa.play(stop_after=1)      # Anna's turn: she picks her turtle
        t = host.tables[tid]
        # the window drops: both connections at once; each comes back with its own token
        anna.drop_connection()
        ben.drop_connection()
        back = await asyncio.gather(anna.expect("welcome"), ben.expect("welcome"))
        assert [w["resumed"] for w in back] == [{"table": tid, "seat": 0}, {"table": tid, "seat": 1}]
        assert all(s.conn is not None for s in t.seats[:2]) and not t.seats[0].takeover
        ends = await asyncio.gather(pa.play(), pb.play())
        assert ends[0]["scores"] == ends[1]["scores"] == t.game.scores


@run
async def test_the_recap_after_an_absence_lists_what_the_takeover_bot_did(tmp_path):
    scanner = HiddenScanner()
    async with live_host(data_dir=tmp_path, grace=0.05, scanner=scanner) as host:
        tid, (a, b) = await seat_clients(host, "tortuga", 2, names=["Ana", "Ben"])
        pa, pb = BotClient(a, "tortuga", seed=1), BotClient(b, "tortuga", seed=2)
        await pa.play(stop_after=1)      # Ana's turn: she picks her turtle, then goes away
        t = host.tables[tid]
        token, left_at = a.token, t.state
        a.reconnect = False
        a.drop_connection()
        b_task = asyncio.ensure_future(pb.play())
        await until_async(lambda: t.seats[0].takeover and t.state > left_at + 6, "the takeover's moves",
                          progress=lambda: t.state)
        a2 = await connect(host, "Ana", token=token)
        full = await a2.expect("update", pred=lambda m: m.get("full"))
        recap = full["recap"]
        assert recap["from"] == left_at
        moves = recap["moves"]
        assert [m["state"] for m in moves] == list(range(left_at + 1, full["state"] + 1))
        # what the bot did in Ana's seat, said as a bot's
        assert any(m["seat"] == 0 and m.get("bot") == t.seating.takeover_level for m in moves)
        assert all("bot" not in m for m in moves if m["seat"] == 1)    # Ben played his own
        # the same public events Ben got in his updates, with the scores after each
        seen_by_b = {m["state"]: m for m in pb.received if m.get("t") == "update"}
        for m in moves:
            if m["state"] in seen_by_b and "events" in m:
                assert m["events"] == seen_by_b[m["state"]]["events"]
                assert m["scores"] == seen_by_b[m["state"]]["scores"]
        # a spectator arriving mid-game gets it from the start; with seen, from there
        w = await connect(host, "Watcher")
        w.send({"t": "spectate", "table": tid})
        watched = await w.expect("update")
        assert watched["recap"]["from"] == 0 and watched["recap"]["moves"][0]["state"] == 1
        w2 = await connect(host, "Watcher 2")
        w2.send({"t": "spectate", "table": tid, "seen": watched["state"]})
        later = await w2.expect("update")    # (the game went on meanwhile)
        rc = later.get("recap") or {"from": watched["state"], "moves": []}
        assert rc["from"] == watched["state"] and later["state"] == watched["state"] + len(rc["moves"])
        b_task.cancel()     # (the game would go on; what is tested is done)
    assert not scanner.leaks, scanner.leaks[:3]


@run
async def test_one_who_left_a_game_and_comes_back_later_gets_the_recap_from_there(tmp_path):
    """A closed window: the player left (a bot plays at once); their next client comes back
    with the token, without saying what it saw."""
    async with live_host(data_dir=tmp_path) as host:
        tid, (a, b) = await seat_clients(host, "tortuga", 2, names=["Ana", "Ben"])
        await BotClient(a, "tortuga").play(stop_after=1)
        t = host.tables[tid]
        token, left_at = a.token, t.state
        a.send({"t": "leave"})
        await a.expect("left")
        pb = BotClient(b, "tortuga")
        b_task = asyncio.ensure_future(pb.play())
        await until_async(lambda: t.state > left_at + 4, "four more moves", progress=lambda: t.state)
        back = await connect(host, "Ana", token=token)
        full = await back.expect("update", pred=lambda m: m.get("full"))
        assert full["recap"]["from"] == left_at
        assert [m["state"] for m in full["recap"]["moves"]] == list(range(left_at + 1, full["state"] + 1))
        b_task.cancel()     # (the game would go on; what is tested is done)


@run
async def test_a_saved_unfinished_game_is_listed_and_continued_by_a_lobby_message(tmp_path):
    ana_key, ben_key = new_key(), new_key()
    async with live_host(data_dir=tmp_path) as host:
        tid, (a, b) = await seat_clients(host, "tortuga", 3, names=["Ana", "Ben"],
                                         bots_in_host=1, reconnect=False, keys=[ana_key, ben_key])
        pa = BotClient(a, "tortuga", seed=1)
        await pa.play(stop_after=1)
        ben_token = b.token
        state = host.tables[tid].state
        scores_then = list(host.tables[tid].game.scores)
    # the host starts again without --resume: the game waits in the data dir
    async with live_host(data_dir=tmp_path) as host:
        assert tid not in host.tables
        ana = await connect(host, "ana", key=ana_key)    # by her key (under another name even)
        ben = await connect(host, "Someone", reconnect=False)   # by token
        eve = await connect(host, "Eve")
        fake = await connect(host, "Ana")                # her name, not her key: nothing of hers
        fake.send({"t": "saved"})
        assert (await fake.expect("saved"))["games"] == []
        fake.send({"t": "continue", "id": tid})
        assert (await fake.expect("error"))["code"] == "not_yours"
        ana.send({"t": "saved"})
        listed = (await ana.expect("saved"))["games"]
        assert [(g["id"], g["mine"], g["state"]) for g in listed] == [(tid, [0], state)]
        assert listed[0]["names"] == ["Ana", "Ben", "Bot 3 (random)"] and "tokens" not in listed[0]
        assert "keys" not in listed[0]
        assert listed[0]["scores"] == scores_then
        ben.send({"t": "saved", "tokens": [ben_token]})
        assert (await ben.expect("saved"))["games"][0]["mine"] == [1]
        eve.send({"t": "saved"})
        assert (await eve.expect("saved"))["games"] == []
        eve.send({"t": "continue", "id": tid})
        assert (await eve.expect("error"))["code"] == "not_yours"
        ana.send({"t": "continue", "id": tid + 50})
        assert (await ana.expect("error"))["code"] == "no_save"
        # Ana continues it from the lobby: she owns it and sits in her seat
        ana.send({"t": "continue", "id": tid})
        seated = await ana.expect("seated")
        assert seated["seat"] == 0 and seated["table"] == tid
        full = await ana.expect("update", pred=lambda m: m.get("full"))
        assert full["state"] == state and full["seat"] == 0
        t = host.tables[tid]
        assert t.seating.owner == ana.welcome["player"] and t.seats[1].conn is None
        assert (await ben.expect("saved"))["games"] == []   # no longer a saved game: it is played
        eve.send({"t": "continue", "id": tid})
        assert (await eve.expect("error"))["code"] == "no_save"
        # someone else may not take Ben's seat, not even with his name; Ben sits in it by his key
        eve.send({"t": "sit", "table": tid, "seat": 1})
        assert (await eve.expect("error"))["code"] == "bad_seat"
        fake2 = await connect(host, "Ben")
        fake2.send({"t": "sit", "table": tid, "seat": 1})
        assert (await fake2.expect("error"))["code"] == "bad_seat"
        ben2 = await connect(host, "Ben", key=ben_key)
        ben2.send({"t": "sit", "table": tid, "seat": 1})
        back = await ben2.expect("seated")
        assert back["seat"] == 1 and back["token"] == ben_token
        full_b = await ben2.expect("update", pred=lambda m: m.get("full"))
        ends = await asyncio.gather(BotClient(ana, "tortuga", seed=3).play(first=full),
                                    BotClient(ben2, "tortuga", seed=4).play(first=full_b))
        assert ends[0]["over"] and ends[0]["scores"] == t.game.scores
    records, _ = jn.read_records(jn.journal_path(tmp_path, tid))
    assert jn.finished(records) is not None
    assert jn.replay_records(records).snapshot() == t.game.snapshot()


@run
async def test_a_continued_game_without_some_players_goes_on_with_their_bots(tmp_path):
    ana_key = new_key()
    async with live_host(data_dir=tmp_path) as host:
        tid, (a, b) = await seat_clients(host, "tortuga", 2, names=["Ana", "Ben"],
                                         reconnect=False, keys=[ana_key, None])
        await BotClient(a, "tortuga").play(stop_after=1)
        await a.close()
        await b.close()
    # the game was put away as abandoned (nobody came back): it can still be continued
    path = jn.journal_path(tmp_path, tid)
    j = jn.Journal(path)
    j.record({"k": "closed", "why": "abandoned"})
    j.close()
    async with live_host(data_dir=tmp_path, resume=True) as host:
        assert tid not in host.tables           # --resume leaves a game put away
    async with live_host(data_dir=tmp_path) as host:
        ana = await connect(host, "Ana", key=ana_key)
        ana.send({"t": "continue", "id": tid})
        full = await ana.expect("update", pred=lambda m: m.get("full"))
        t = host.tables[tid]
        ana.send({"t": "fill"})
        await ana.expect("table", pred=lambda m: m["table"]["players"][1]["takeover"])
        end = await BotClient(ana, "tortuga").play(first=full)
        assert end["over"] and t.status == "over"
    records, _ = jn.read_records(path)
    assert [r["k"] for r in records].count("closed") == 1 and jn.finished(records)["scores"]
    assert jn.replay_records(records).snapshot() == t.game.snapshot()


@pytest.mark.parametrize("argv, bots", [([], 0), (["--bots", "2"], 2)])
def test_the_host_windows_table_seats_the_host_and_leaves_the_others_open(tmp_path, monkeypatch,
                                                                         argv, bots):
    """``run_host.py`` with its window: a Tikal table of 4 with no bots (the window sits in it and
    owns it); --bots N puts N bots in its last seats."""
    import game.launch
    from tikal_lan import host as cli

    seen = {}

    def window_stub(addr, port, host=None, settings=None):
        seen["tables"] = {tid: [s.kind for s in t.seats] for tid, t in host.tables.items()}
        seen["owner"] = [t.seating.owner for t in host.tables.values()]
        seen["reserved"] = [s.index for t in host.tables.values() for s in t.seats if s.reserved]
        return 0

    monkeypatch.setattr(game.launch, "play_local", window_stub)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert cli.main(["--port", "0", "--bind", "127.0.0.1", "--no-announce", "--data-dir",
                     str(tmp_path), "--log-file", ""] + argv) == 0
    (kinds,) = seen["tables"].values()
    assert kinds == ["empty"] * (4 - bots) + ["bot"] * bots
    assert seen["owner"] == [None]      # nobody owns it but the window, once it sits ...
    assert seen["reserved"] == [0]      # ... in the seat kept for it


@run
async def test_a_game_put_away_unfinished_is_offered_again_to_those_who_asked(tmp_path):
    ana_key = new_key()
    async with live_host(data_dir=tmp_path, abandoned_after=0.0, ping_interval=0.05) as host:
        ana = await connect(host, "Ana", key=ana_key)
        ben = await connect(host, "Ben")
        ana.send({"t": "create", "game": "tortuga", "seats": 2, "takeover": False})
        tid = (await ana.expect("seated"))["table"]
        ben.send({"t": "sit", "table": tid})
        await ben.expect("seated")
        ben.send({"t": "ready", "ready": True})
        await ana.expect("table", pred=lambda m: m["table"]["players"][1]["ready"])
        ana.send({"t": "start"})
        await BotClient(ana, "tortuga").play(stop_after=1)
        watcher = await connect(host, "ANA", key=ana_key)   # Ana's other window, in the lobby
        watcher.send({"t": "saved"})
        assert (await watcher.expect("saved"))["games"] == []     # it is being played
        for c in (ana, ben):
            c.send({"t": "leave"})
            await c.expect("left")
        # nobody is at it and no bot plays it: the host puts it away, and says so
        again = await watcher.expect("saved")
        assert [(g["id"], g["mine"]) for g in again["games"]] == [(tid, [0])]
        assert tid not in host.tables


def test_a_standings_file_is_replaced_whole_or_not_at_all(tmp_path, monkeypatch):
    night = st.Night(tmp_path / st.FILE)
    night.add({"id": 1, "game": "tortuga", "names": ["Ana", "Ben"], "kinds": ["human", "human"],
               "scores": [5, 3], "winners": [0]})
    night.save()
    before = (tmp_path / st.FILE).read_bytes()
    night.add({"id": 2, "game": "tortuga", "names": ["Ana", "Ben"], "kinds": ["human", "human"],
               "scores": [1, 3], "winners": [1]})
    real_write = st.os.write

    def half_then_full(fd, data):      # the disk takes a few bytes, then is full
        if len(data) > 8:
            real_write(fd, bytes(data[:8]))
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(st.os, "write", half_then_full)
    with pytest.raises(OSError):
        night.save()
    monkeypatch.undo()
    assert (tmp_path / st.FILE).read_bytes() == before          # the old file, whole
    assert sorted(p.name for p in tmp_path.iterdir()) == [st.FILE]   # no half-written copy
    night.save()
    again = st.Night.load(tmp_path)
    assert again.problem is None and [g["id"] for g in again.games] == [1, 2]
    assert again.message()["overall"] == night.message()["overall"]


def test_the_recap_keeps_the_newest_moves_within_its_size(monkeypatch):
    from net.table import Table

    t = Table(1, "tortuga", 2, owner=-1)     # two bots (no journal: no I/O)
    for i in range(2):
        t.ask(-1, {"t": "bot", "seat": i, "level": "random"})
    t.start(-1, 7)
    while t.status == "playing" and t.state < 40:
        t.bot_act(t.game.to_act, t.state, t.game.legal_actions()[0])
    whole = t.play.recap(0)
    assert whole["from"] == 0 and [m["state"] for m in whole["moves"]] == list(range(1, t.state + 1))
    assert t.play.recap(t.state) is None
    monkeypatch.setattr("net.play.RECAP_BYTES", 600)
    cut = t.play.recap(0)
    assert 0 < cut["from"] < t.state - 1 and cut["moves"][-1]["state"] == t.state
    assert cut["moves"] == whole["moves"][cut["from"]:]


def test_the_recap_says_the_scores_it_starts_from():
    """A recap carries the scores after its ``from`` state (``scores``), so that a client says
    each seat's "then -> now" whole: the scores after its first move would miss what that move
    scored. An undo says the scores after it too."""
    from net.table import Table

    t = Table(1, "tortuga", 2, owner=-1)
    for i in range(2):
        t.ask(-1, {"t": "bot", "seat": i, "level": "random"})
    t.start(-1, 3)
    while t.status == "playing" and not any(m.get("scores") != [0, 0] for m in t.play.moves):
        t.bot_act(t.game.to_act, t.state, t.game.legal_actions()[0])
    assert t.play.recap(0)["scores"] == [0, 0]       # the start
    scored = next(i for i, m in enumerate(t.play.moves) if m["scores"] != [0, 0])
    since = t.play.moves[scored]["state"] - 1   # just before the first eggs: then 0, now more
    rc = t.play.recap(since)
    assert rc["from"] == since and rc["scores"] == [0, 0] and rc["moves"][0]["scores"] != [0, 0]
    for _ in range(3):
        if t.status == "playing":
            t.bot_act(t.game.to_act, t.state, t.game.legal_actions()[0])
    assert t.play.recap(since + 1)["scores"] == t.play.moves[scored]["scores"] != [0, 0]
    # an undo: the scores after it
    u = Table(2, "tortuga", 2, owner=-1)
    for i in range(2):
        u.ask(-1, {"t": "bot", "seat": i, "level": "random"})
    u.start(-1, 3)
    seat = u.game.to_act
    u.play.apply(seat, u.game.legal_actions()[0])       # the turtle chosen: nothing revealed
    assert u.play.can_undo(seat)
    u.play.undo(seat)
    assert u.play.moves[-1] == {"state": 2, "seat": seat, "undone": True, "scores": [0, 0]}


@run
async def test_a_player_back_with_a_token_of_a_saved_game_brings_it_back(tmp_path):
    """The host was restarted without --resume: the first player whose client comes back with
    its token gets the game back (and owns it); the next one too, with theirs."""
    async with live_host(data_dir=tmp_path) as host:
        tid, (a, b) = await seat_clients(host, "tortuga", 2, names=["Ana", "Ben"],
                                         reconnect=False)
        await BotClient(a, "tortuga").play(stop_after=1)
        tokens, state = (a.token, b.token), host.tables[tid].state
    async with live_host(data_dir=tmp_path) as host:
        assert tid not in host.tables
        ana = await connect(host, "Ana", token=tokens[0])
        assert ana.welcome["resumed"] == {"table": tid, "seat": 0}
        full = await ana.expect("update", pred=lambda m: m.get("full"))
        t = host.tables[tid]
        assert full["state"] == state and t.seating.owner == ana.welcome["player"]
        ben = await connect(host, "Ben", token=tokens[1])
        assert ben.welcome["resumed"] == {"table": tid, "seat": 1}
        full_b = await ben.expect("update", pred=lambda m: m.get("full"))
        ends = await asyncio.gather(BotClient(ana, "tortuga").play(first=full),
                                    BotClient(ben, "tortuga").play(first=full_b))
        assert ends[0]["over"] and ends[0]["scores"] == t.game.scores
        # a token of nothing is still refused
        x = PatientClient(*host.address, "X", token="ab" * 16, reconnect=False)
        host.test_clients.append(x)
        await x.start()
        assert (await x.expect("error"))["code"] == "bad_token"


@run
async def test_a_game_brought_back_by_a_token_on_a_bots_turn_goes_on(tmp_path):
    async with live_host(data_dir=tmp_path, bot_delay=600.0) as host:   # the bot never plays here
        tid, (a,) = await seat_clients(host, "tortuga", 2, names=["Ana"], bots_in_host=1,
                                       reconnect=False)
        while True:     # Ana plays her turn until the bot is to act
            m = await a.expect("update")
            if m["to_act"] == 1:
                break
            if "legal" in m:
                a.send({"t": "action", "state": m["state"], "action": m["legal"][0]})
        token, state = a.token, m["state"]
    async with live_host(data_dir=tmp_path) as host:
        ana = await connect(host, "Ana", token=token)
        full = await ana.expect("update", pred=lambda m: m.get("full"))
        assert full["state"] == state and full["to_act"] == 1
        moved = await ana.expect("update", pred=lambda m: m["state"] > state)
        assert moved["state"] == state + 1     # the bot played on
