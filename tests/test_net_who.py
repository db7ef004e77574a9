"""Who is who at the party, through a real host on loopback (issue 28, points 1-8), each guest on
an address of its own (127.0.0.2, 127.0.0.3 ...) as from another machine."""
from __future__ import annotations

import asyncio
import json
import os
import secrets
import sys
import threading

import pytest

from net import journal as jn
from net.identity import key_hash, new_key
from tests.net_helpers import BotClient, PatientClient, connect, live_host, run, seat_clients

from waiting import until_async


# --- point 2: the host's window is its operator on every hello ---------------------------------
@run
async def test_the_windows_second_hello_after_a_stale_token_still_carries_the_operator_secret(tmp_path):
    """The host restarted: the window's seat token is stale (bad_token) and its client says hello
    again without it: with the operator secret, so that New night works (it was not_operator)."""
    async with live_host(data_dir=tmp_path / "d") as host:
        window = PatientClient(*host.address, "Host", token="ab" * 16, operator=host.party.operator,
                             validate_incoming=True)
        host.test_clients.append(window)
        await window.start()
        refused = await window.expect("error", timeout=120)
        assert refused["code"] == "bad_token"
        welcome = await window.expect("welcome", timeout=120)
        assert welcome.get("operator") is True
        window.send({"t": "new_night"})
        night = await window.expect("standings", timeout=120)
        assert night["night"]["games"] == 0
        # a guest who claims nothing is no operator, and is told so
        guest = await connect(host, "Guest", local="127.0.0.2")
        assert "operator" not in guest.welcome
        guest.send({"t": "new_night"})
        err = await guest.expect("error", timeout=120)
        assert err["code"] == "not_operator"


# --- point 0: a hello with an unknown token reads no journal -------------------------------------
_OPENED: list | None = None     # paths the process opens while a test watches (an audit hook)


def _watch_opens(event: str, args: tuple) -> None:
    if _OPENED is not None and event in ("open", "os.scandir", "os.listdir") and args:
        _OPENED.append(str(args[0]))


async def _a_data_dir_with_games(data_dir, finished: int = 3, unfinished: int = 2) -> list[str]:
    """Finished games (bots only, at full speed) and unfinished ones (two people, a move each);
    returns the unfinished games' seat tokens."""
    tokens = []
    async with live_host(data_dir=data_dir) as host:
        made = [host.create_table("tortuga", 2, bots=2) for _ in range(finished)]
        for _ in range(unfinished):
            tid, (a, b) = await seat_clients(host, "tortuga", 2, names=["Ana", "Ben"], reconnect=False)
            await BotClient(a, "tortuga").play(stop_after=1)
            tokens += [a.token, b.token]
        while any(t.status != "over" for t in made):
            await asyncio.sleep(0.05)       # (the bots' own progress; pytest-timeout against a hang)
    return tokens


@run
async def test_a_hello_with_a_random_token_reads_no_journal_and_a_saved_games_token_still_works(tmp_path):
    global _OPENED
    data_dir = tmp_path / "d"
    tokens = await _a_data_dir_with_games(data_dir)
    sys.addaudithook(_watch_opens)
    async with live_host(data_dir=data_dir) as host:
        assert len(host.lifecycle.index.unfinished) == 2 and len(host.lifecycle.index.finished) == 3
        _OPENED = []
        try:
            x = PatientClient(*host.address, "Stranger", token=secrets.token_hex(16), reconnect=False,
                            local="127.0.0.2")
            host.test_clients.append(x)
            await x.start()
            assert (await x.expect("error", timeout=120))["code"] == "bad_token"
            await x.expect("welcome", timeout=120)
            read = [p for p in _OPENED if p.startswith(str(data_dir))]
        finally:
            _OPENED = None
        assert read == [], f"a hello with an unknown token read the data dir: {read}"
        # the token of a saved game still brings it back (one journal read: that game's)
        ana = await connect(host, "Ana", token=tokens[0], local="127.0.0.3")
        assert ana.welcome["resumed"]["seat"] == 0


_OPENED_BY: list | None = None  # (path, thread) of what the process opens to read while a test watches


def _watch_opens_by_thread(event: str, args: tuple) -> None:
    if _OPENED_BY is not None and event == "open" and len(args) == 3 and isinstance(args[2], int) \
            and args[2] & os.O_ACCMODE == os.O_RDONLY:
        _OPENED_BY.append((str(args[0]), threading.current_thread().name))


@run
async def test_a_saved_games_token_and_continue_read_its_journal_off_the_loop(tmp_path):
    """A hello whose token is a seat of a saved game, and a ``continue``, bring that game back
    with its journal read on the host's reads thread, never on its loop (a long journal held
    every other player meanwhile); the returning player is answered as ever (welcome with
    ``resumed``, the table, the full update), and what it sent right after its hello is
    answered after it, not refused ``hello_first``."""
    global _OPENED_BY
    data_dir = tmp_path / "d"
    tokens = await _a_data_dir_with_games(data_dir, finished=1, unfinished=3)
    sys.addaudithook(_watch_opens_by_thread)
    async with live_host(data_dir=data_dir) as host:
        loop_thread = threading.current_thread().name
        first, second = (host.index.of_token(tokens[i]) for i in (0, 2))
        assert first != second and first not in host.tables and second not in host.tables
        _OPENED_BY = []
        try:
            ana = PatientClient(*host.address, "Ana", token=tokens[0], reconnect=False, local="127.0.0.2",
                                validate_incoming=True)
            host.test_clients.append(ana)
            await ana.start()
            ana.send({"t": "standings"})                     # at once, before the welcome
            seen = [m for m in [(await ana.recv(timeout=120)) for _ in range(5)] if m["t"] != "link"]
            # (the standings go at once; the table's messages after its journal's sync)
            assert seen[0]["t"] == "welcome" and sorted(m["t"] for m in seen) == ["standings", "table", "update",
                                                                                 "welcome"], seen
            assert seen[0]["resumed"] == {"table": first, "seat": 0}
            assert next(m for m in seen if m["t"] == "update")["full"]
            # continue: the other saved game, by the token its player kept
            cleo = await connect(host, "Cleo", local="127.0.0.3")
            cleo.send({"t": "continue", "id": second, "tokens": [tokens[2]]})
            assert (await cleo.expect("seated", timeout=120))["table"] == second
            await cleo.expect("update", timeout=120, pred=lambda m: m.get("full"))
            opened = list(_OPENED_BY)
        finally:
            _OPENED_BY = None
        for tid in (first, second):
            path = str(jn.journal_path(data_dir, tid))
            threads = {thread for p, thread in opened if p == path}
            assert threads and loop_thread not in threads, (tid, threads)
        assert host.tables[first].seats[0].conn is not None and host.tables[second].seating.owner is not None
        # a saved game gone from the disk since the host started: the token is unknown after all
        # (bad_token), what was sent behind that hello is "hello_first", a second hello works
        gone = host.index.of_token(tokens[4])
        jn.journal_path(data_dir, gone).unlink()
        dan = PatientClient(*host.address, "Dan", token=tokens[4], reconnect=False, local="127.0.0.4",
                            validate_incoming=True)
        host.test_clients.append(dan)
        await dan.start()
        dan.send({"t": "standings"})
        errors = [(await dan.expect("error", timeout=120))["code"] for _ in range(2)]
        assert errors == ["bad_token", "hello_first"]
        assert "resumed" not in await dan.expect("welcome", timeout=120)   # (the library's second hello)


# --- point 8: requests that cost the host --------------------------------------------------------
@run
async def test_a_guest_flooding_replay_and_saved_costs_the_host_one_read_each(tmp_path):
    """A guest asks for a finished game's replay and the saved games as fast as it can: one
    request in flight per connection (the others are refused ``rate``), each replay read once and
    kept, the saved games' scores read once; another player's pings are answered meanwhile, and
    the answers are the right ones."""
    data_dir = tmp_path / "d"
    await _a_data_dir_with_games(data_dir, finished=2, unfinished=1)
    async with live_host(data_dir=data_dir) as host:
        finished = sorted(host.index.finished)
        flood = await connect(host, "Flood", local="127.0.0.2")
        other = await connect(host, "Other", local="127.0.0.3")
        replays, rated, saved, i = {}, 0, 0, 0
        while len(replays) < 2 or not saved:    # bursts, each until one of them is answered
            for _ in range(10):
                flood.send({"t": "replay", "id": finished[i % 2], "seq": i})
                flood.send({"t": "saved", "seq": 1000 + i})
                if i % 10 == 0:
                    other.send({"t": "ping", "n": i})
                i += 1
            while True:
                m = await flood.recv(timeout=120)
                if m["t"] == "error":
                    assert m["code"] == "rate" and m["ref"] in ("replay", "saved"), m
                    rated += 1
                    continue
                if m["t"] == "replay":
                    replays[m["id"]] = m["replay"]
                elif m["t"] == "saved":
                    saved += 1
                else:
                    continue
                break
        pongs = {(await other.expect("pong", timeout=120))["n"] for _ in range(0, i, 10)}
        assert pongs == set(range(0, i, 10))
        assert rated > 0                               # refused while one was in flight
        assert host.reads.reads <= 3                   # two replays and the saved games' scores, once
        # kept: asked again, answered at once from memory, the same replay
        flood.send({"t": "replay", "id": finished[0]})
        again = await flood.expect("replay", timeout=120)
        assert again["replay"] == replays[finished[0]] and host.reads.reads <= 3
        assert replays[finished[0]]["seed"].isdigit()


@run
async def test_a_guest_flooding_list_costs_the_host_one_listing_while_nothing_changes(tmp_path):
    """``list`` answered 200 times from four connections while no table changes is listed (and
    encoded) once, not 200 times (listing 64 tables costs the loop about a millisecond: such a
    flood held every other player's pings for over a second); a change shows at once: a new
    table, a move at a running one, a player who sits."""
    async with live_host(data_dir=tmp_path / "d") as host:
        for _ in range(8):
            host.create_table("tortuga", 7, bots=3)
        listed = []
        real = host.tables_msg
        host.tables_msg = lambda *a, **kw: listed.append(a) or real(*a, **kw)
        floods = [await connect(host, f"Flood{i}", local="127.0.0.2") for i in range(4)]
        listed.clear()
        for i in range(50):
            for f in floods:
                f.send({"t": "list", "over": True})
        answers = [await f.expect("tables", timeout=120) for f in floods for _ in range(50)]
        assert all(a["tables"] == answers[0]["tables"] for a in answers) and len(answers[0]["tables"]) == 8
        assert len(listed) <= 2, len(listed)            # (once, and once more if a tick came between)
        # a change shows at once: a table made, then a player sits at one
        ana = await connect(host, "Ana", local="127.0.0.3")
        ana.send({"t": "create", "game": "tikal", "seats": 2})
        tid = (await ana.expect("seated", timeout=120))["table"]
        assert tid in [t["id"] for t in (await _listed(floods[0]))["tables"]]
        floods[1].send({"t": "sit", "table": tid})
        await floods[1].expect("seated", timeout=120)
        seats = next(t for t in (await _listed(floods[2]))["tables"] if t["id"] == tid)
        assert [p["name"] for p in seats["players"]] == ["Ana", "Flood1"]
        # a running game's moves (its state) show too, without the lobby being told
        tid2, (bo,) = await seat_clients(host, "tortuga", 2, names=["Bo"], bots_in_host=1, local="127.0.0.4")
        await BotClient(bo, "tortuga").play(stop_after=2)
        moved = host.tables[tid2].state
        assert moved > 1
        assert next(t for t in (await _listed(floods[3]))["tables"] if t["id"] == tid2)["state"] == moved


async def _listed(client) -> dict:
    """The answer to a ``list`` (not a list the host pushed before it): the last ``tables`` before
    the pong of a ping sent after it."""
    n = secrets.randbelow(1 << 30)
    client.send({"t": "list"})
    client.send({"t": "ping", "n": n})
    last = None
    while True:
        m = await client.recv(timeout=120)
        if m["t"] == "tables":
            last = m
        if m["t"] == "pong" and m.get("n") == n:
            assert last is not None
            return last


# --- point 1: the host's window owns its table from the first instant ----------------------------
@run
async def test_a_friend_who_sits_at_once_gets_neither_the_hosts_seat_nor_its_table(tmp_path):
    async with live_host(data_dir=tmp_path / "d") as host:
        t = host.create_table("tikal", 4, for_window=True)
        friend = await connect(host, "Friend", key=new_key(), local="127.0.0.2")
        assert friend.welcome.get("operator") is None
        summary = host.tables_msg()["tables"][0]
        assert summary["owner"] is None and summary["players"][0].get("reserved") is True
        friend.send({"t": "sit", "table": t.id})
        seated = await friend.expect("seated", timeout=120)
        assert seated["seat"] == 1 and t.seating.owner is None        # the next free seat; no ownership
        for msg, code in (({"t": "start"}, "not_owner"), ({"t": "bot", "seat": 2, "level": "easy"}, "not_owner"),
                          ({"t": "fill"}, "not_owner")):
            friend.send(msg)
            assert (await friend.expect("error", timeout=120))["code"] == code
        other = await connect(host, "Other", local="127.0.0.3")
        other.send({"t": "sit", "table": t.id, "seat": 0})
        assert (await other.expect("error", timeout=120))["code"] == "bad_seat"
        # the host's window comes (after its Welcome screen): seat 0 and the table are its own
        window = await connect(host, "Host", key=new_key(), operator=host.party.operator)
        assert window.welcome["operator"] is True
        window.send({"t": "sit", "table": t.id})
        mine = await window.expect("seated", timeout=120)
        assert mine["seat"] == 0 and t.seating.owner == window.welcome["player"]
        window.send({"t": "fill"})
        await window.expect("table", timeout=120,
                            pred=lambda m: all(p["kind"] != "empty" for p in m["table"]["players"]))


@run
async def test_the_seat_kept_for_the_hosts_window_bears_its_players_name(tmp_path):
    """Issue 39 point 4: a phone at the host's table saw "empty seat" where the host would sit.
    The seat kept for the host's window carries the name its window said hello as (a guest's hello
    changes nothing), in the list and at the table, and a table made for it later has it at once."""
    async with live_host(data_dir=tmp_path / "d") as host:
        t = host.create_table("tikal", 4, for_window=True)
        assert host.tables_msg()["tables"][0]["players"][0]["name"] == ""    # (no window yet)
        friend = await connect(host, "Friend", key=new_key(), local="127.0.0.2")
        friend.send({"t": "spectate", "table": t.id})
        await friend.expect("table", timeout=120)
        assert host.tables_msg()["tables"][0]["players"][0]["name"] == ""    # a guest is not the host
        window = await connect(host, "Mirek", key=new_key(), operator=host.party.operator)
        told = await friend.expect("table", timeout=120, pred=lambda m: m["table"]["players"][0]["name"])
        seat = told["table"]["players"][0]
        assert (seat["kind"], seat["name"], seat.get("reserved")) == ("empty", "Mirek", True)
        assert host.tables_msg()["tables"][0]["players"][0]["name"] == "Mirek"
        later = host.create_table("tortuga", 2, for_window=True)
        assert later.summary()["players"][0]["name"] == "Mirek"
        window.send({"t": "sit", "table": t.id})
        assert (await window.expect("seated", timeout=120))["seat"] == 0
        assert t.summary()["players"][0]["kind"] == "human" and t.summary()["players"][0]["name"] == "Mirek"


# --- point 3: a name alone never takes a seat --------------------------------------------------
async def _ana_and_ben_mid_game(host, ana_key):
    tid, (a, b) = await seat_clients(host, "tortuga", 2, names=["Ana", "Ben"], reconnect=False,
                                     keys=[ana_key, new_key()])
    await BotClient(a, "tortuga").play(stop_after=1)
    return tid, a.token


@pytest.mark.parametrize("resume", [True, False])
@run
async def test_a_stranger_with_a_seats_name_is_not_seated_in_it_after_a_restart(tmp_path, resume):
    ana_key = new_key()
    data_dir = tmp_path / "d"
    async with live_host(data_dir=data_dir) as host:
        tid, token = await _ana_and_ben_mid_game(host, ana_key)
    async with live_host(data_dir=data_dir, resume=resume) as host:
        stranger = await connect(host, "Ana", local="127.0.0.3")
        assert "resumed" not in stranger.welcome
        stranger.send({"t": "saved"})
        assert (await stranger.expect("saved", timeout=120))["games"] == []
        stranger.send({"t": "continue", "id": tid})
        assert (await stranger.expect("error", timeout=120))["code"] in ("not_yours", "no_save")
        if resume:
            for msg in ({"t": "sit", "table": tid, "seat": 0}, {"t": "sit", "table": tid}):
                stranger.send(msg)
                assert (await stranger.expect("error", timeout=120))["code"] in ("bad_seat", "not_lobby")
        assert host.tables.get(tid) is None or host.tables[tid].seats[0].conn is None
        # the real Ana, by her key (her window lost its token): her seat, with its token
        ana = await connect(host, "Ana", key=ana_key, local="127.0.0.2")
        ana.send({"t": "continue", "id": tid} if not resume else {"t": "sit", "table": tid, "seat": 0})
        seated = await ana.expect("seated", timeout=120)
        assert seated["seat"] == 0 and seated["token"] == token


@run
async def test_two_people_called_ana_are_two_rows_of_the_standings(tmp_path):
    async with live_host(data_dir=tmp_path / "d") as host:
        rows = None
        for i, addr in enumerate(("127.0.0.2", "127.0.0.3")):
            tid, (ana,) = await seat_clients(host, "tortuga", 2, names=["Ana"], bots_in_host=1,
                                             keys=[new_key()], local=addr)
            ana.send({"t": "standings"})
            await BotClient(ana, "tortuga", seed=i).play()
            rows = (await ana.expect("standings", timeout=120,
                                     pred=lambda m, i=i: m["night"]["games"] == i + 1))["overall"]
        assert sorted(r["name"] for r in rows) == ["Ana", "Ana (2)"]
        assert all(r["played"] == 1 for r in rows)
        assert all(k not in json.dumps(rows) for k in ("kh", "keys"))


@run
async def test_each_ana_sees_her_own_row_of_the_standings_marked_and_no_ones_key_hash(tmp_path):
    """The standings mark the asker's own row (``you``: by its key): two people called Ana each
    see theirs, not both rows (the window highlighted every row of its name); a third Ana who
    never played has none. The last game's seats go out without their keys' hashes."""
    keys = [new_key(), new_key()]
    async with live_host(data_dir=tmp_path / "d") as host:
        anas = []
        for i, addr in enumerate(("127.0.0.2", "127.0.0.3")):
            tid, (ana,) = await seat_clients(host, "tortuga", 2, names=["Ana"], bots_in_host=1,
                                             keys=[keys[i]], local=addr)
            ana.send({"t": "standings"})
            await BotClient(ana, "tortuga", seed=i).play()
            anas.append(ana)
        seen = [await a.expect("standings", timeout=120, pred=lambda m: m["night"]["games"] == 2) for a in anas]
        mine = [[r for r in m["overall"] if r.get("you")] for m in seen]
        assert [len(rs) for rs in mine] == [1, 1], mine
        assert mine[0][0]["name"] != mine[1][0]["name"]         # "Ana" and "Ana (2)": each her own
        for m, rs in zip(seen, mine):
            assert [r for r in m["games"]["tortuga"] if r.get("you")] == rs
            assert "keys" not in m["last"] and "kh" not in json.dumps(m)
            assert all(h not in json.dumps(m) for h in [key_hash(k) for k in keys])
        # asked again, the same: her own row (the rows counted once, marked per asker)
        anas[1].send({"t": "standings"})
        again = await anas[1].expect("standings", timeout=120)
        assert [r for r in again["overall"] if r.get("you")] == mine[1]
        third = await connect(host, "Ana", key=new_key(), local="127.0.0.4")
        third.send({"t": "standings"})
        assert not any(r.get("you") for r in (await third.expect("standings", timeout=120))["overall"])


# --- point 4: leaving a running game keeps the seat -------------------------------------------
@run
async def test_a_player_who_leaves_a_game_keeps_the_seat_and_comes_back_to_it(tmp_path):
    async with live_host(data_dir=tmp_path / "d") as host:
        ana_key = new_key()
        tid, (ana, ben) = await seat_clients(host, "tortuga", 2, names=["Ana", "Ben"],
                                             keys=[ana_key, None], reconnect=False)
        await BotClient(ana, "tortuga").play(stop_after=1)
        token, t = ana.token, host.tables[tid]
        ana.send({"t": "leave"})
        left = await ana.expect("left", timeout=120)
        assert left.get("kept") is True
        tables = await ana.expect("tables", timeout=120)
        assert tables["mine"] == [{"table": tid, "seat": 0}]
        assert t.seats[0].kind == "human" and t.seats[0].conn is None and t.seats[0].takeover
        # a bot plays for her meanwhile; then "Back to my seat": by her key, her own token
        ana.send({"t": "sit", "table": tid, "seat": 0})
        back = await ana.expect("seated", timeout=120)
        assert back["seat"] == 0 and back["token"] == token and t.seats[0].takeover is None
        full = await ana.expect("update", timeout=120, pred=lambda m: m.get("full"))
        assert full["seat"] == 0
        # Ben (no key) leaves too and comes back with the token his window kept
        ben_token = ben.token
        ben.send({"t": "leave"})
        assert (await ben.expect("left", timeout=120)).get("kept") is True
        ben.send({"t": "sit", "table": tid, "token": ben_token})
        assert (await ben.expect("seated", timeout=120))["token"] == ben_token
        # nobody else takes a kept seat
        eve = await connect(host, "Ben", local="127.0.0.2")
        eve.send({"t": "sit", "table": tid, "seat": 1})
        assert (await eve.expect("error", timeout=120))["code"] in ("bad_seat", "not_lobby")


# --- point 5: the host's window sees every table ------------------------------------------------
@run
async def test_the_hosts_window_at_its_table_hears_of_other_tables(tmp_path):
    async with live_host(data_dir=tmp_path / "d") as host:
        t = host.create_table("tikal", 4, for_window=True)
        window = await connect(host, "Host", operator=host.party.operator)
        window.send({"t": "sit", "table": t.id})
        await window.expect("seated", timeout=120)
        guest = await connect(host, "Guest", local="127.0.0.2")
        guest.send({"t": "create", "game": "tortuga", "seats": 2})
        made = (await guest.expect("seated", timeout=120))["table"]
        seen = await window.expect("tables", timeout=120,
                                   pred=lambda m: made in [x["id"] for x in m["tables"]])
        assert {x["id"] for x in seen["tables"]} >= {t.id, made}


# --- point 6: the creator who drops gets the table back ----------------------------------------
@run
async def test_the_creator_who_drops_gets_the_table_back_with_the_seat(tmp_path):
    async with live_host(data_dir=tmp_path / "d", grace=3600) as host:
        tid, (ana, ben) = await seat_clients(host, "tortuga", 2, names=["Ana", "Ben"],
                                             reconnect=False)
        t = host.tables[tid]
        token, ana_id = ana.token, ana.welcome["player"]
        assert t.seating.owner == ana_id
        ana.drop_connection()
        await ben.expect("table", timeout=120, pred=lambda m: m["table"]["owner"] == ben.welcome["player"])
        back = await connect(host, "Ana", token=token)
        await ben.expect("table", timeout=120, pred=lambda m: m["table"]["owner"] == back.welcome["player"])
        assert t.seating.owner == back.welcome["player"]


# --- point 7: a private table stays private; wrong codes are limited -----------------------------
@run
async def test_a_private_game_stays_private_across_a_restart(tmp_path):
    data_dir = tmp_path / "d"
    async with live_host(data_dir=data_dir) as host:
        ana = await connect(host, "Ana", reconnect=False)
        ana.send({"t": "create", "game": "tortuga", "seats": 2})
        tid = (await ana.expect("seated", timeout=120))["table"]
        ana.send({"t": "private", "private": True})
        code = (await ana.expect("table", timeout=120, pred=lambda m: m["table"].get("code")))["table"]["code"]
        ana.send({"t": "bot", "seat": 1, "level": "random"})
        await ana.expect("table", timeout=120, pred=lambda m: m["table"]["players"][1]["kind"] == "bot")
        ana.send({"t": "start"})
        await ana.expect("update", timeout=120)
        token = ana.token
    async with live_host(data_dir=data_dir, resume=True, bot_delay=3600) as host:
        assert host.tables[tid].summary()["private"] is True
        eve = await connect(host, "Eve", local="127.0.0.2")
        eve.send({"t": "spectate", "table": tid})
        assert (await eve.expect("error", timeout=120))["code"] == "code_needed"
        back = await connect(host, "Ana", token=token)
        mine = await back.expect("table", timeout=120)
        assert mine["table"]["code"] == code and mine["table"]["private"] is True


@run
async def test_wrong_codes_are_limited_per_address_and_connection_never_per_table(tmp_path, caplog):
    """Four addresses guess a private table's code (issue 40 point 5): each is stopped after its
    five wrong codes (``code_wait``, even for a right one), and so is a connection; the table
    never is, so a friend at a fifth address with the right code gets in (before, the table's own
    allowance of 20 was spent by the guessers and the right code was refused). Logged."""
    async with live_host() as host:
        ana = await connect(host, "Ana")
        ana.send({"t": "create", "game": "tortuga", "seats": 3})
        tid = (await ana.expect("seated", timeout=120))["table"]
        ana.send({"t": "private", "private": True})
        code = (await ana.expect("table", timeout=120, pred=lambda m: m["table"].get("code")))["table"]["code"]
        wrong = "X" if code[0] != "X" else "Y"
        wrong = (wrong * 5)
        codes = []
        for a in ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"):
            g = await connect(host, "Guess", local=a)
            for _ in range(6):
                g.send({"t": "spectate", "table": tid, "code": wrong})
                codes.append((await g.expect("error", timeout=120))["code"])
            g.send({"t": "spectate", "table": tid, "code": code})       # its address is over: refused
            assert (await g.expect("error", timeout=120))["code"] == "code_wait"
        assert codes == (["bad_code"] * 5 + ["code_wait"]) * 4
        friend = await connect(host, "Friend", local="127.0.0.6")
        friend.send({"t": "sit", "table": tid, "code": code})
        assert (await friend.expect("seated", timeout=120))["table"] == tid
        assert host.codes.wrong == 20 and host.codes.refused == 8
        # one connection alone is limited too: its own allowance, whatever its address's
        host.codes.sizes["addr"] = 100
        solo = await connect(host, "Solo", local="127.0.0.7")
        for _ in range(5):
            solo.send({"t": "spectate", "table": tid, "code": wrong})
            assert (await solo.expect("error", timeout=120))["code"] == "bad_code"
        solo.send({"t": "spectate", "table": tid, "code": wrong})
        assert (await solo.expect("error", timeout=120))["code"] == "code_wait"
        # logged (repeated lines a few times a minute at most: net/links.py)
        assert any("wrong code for private table" in r.getMessage() for r in caplog.records)


# --- point 3: the owner gives a lost player's seat ------------------------------------------------
@run
async def test_the_owner_gives_an_away_seat_to_a_watcher_and_its_old_token_dies(tmp_path):
    data_dir = tmp_path / "d"
    async with live_host(data_dir=data_dir, grace=3600) as host:
        tid, (owner, ana) = await seat_clients(host, "tortuga", 2, names=["Olga", "Ana"], reconnect=False,
                                               keys=[new_key(), new_key()])
        await BotClient(owner, "tortuga").play(stop_after=1)
        old = ana.token
        await ana.close()                                   # Ana's laptop dies (her key with it)
        await owner.expect("table", timeout=120, pred=lambda m: not m["table"]["players"][1]["connected"])
        new_ana = await connect(host, "Ana", key=(ana2 := new_key()), local="127.0.0.2")
        new_ana.send({"t": "spectate", "table": tid})
        seen = await owner.expect("table", timeout=120, pred=lambda m: m["table"].get("watchers"))
        to = seen["table"]["watchers"][0]["player"]
        assert to == new_ana.welcome["player"]
        stranger = await connect(host, "Eve", local="127.0.0.3")
        stranger.send({"t": "give", "seat": 1, "to": to})   # not the owner's
        assert (await stranger.expect("error", timeout=120))["code"] in ("no_table", "not_owner")
        owner.send({"t": "give", "seat": 1, "to": to})
        given = await new_ana.expect("seated", timeout=120)
        assert given["seat"] == 1 and given["token"] != old
        full = await new_ana.expect("update", timeout=120, pred=lambda m: m.get("full"))
        assert full["seat"] == 1
        # the old token is dead, now and after a restart
        thief = PatientClient(*host.address, "Ana", token=old, reconnect=False, local="127.0.0.4")
        host.test_clients.append(thief)
        await thief.start()
        assert (await thief.expect("error", timeout=120))["code"] == "bad_token"
        token = given["token"]
    async with live_host(data_dir=data_dir, resume=True) as host:
        t = host.tables[tid]
        assert t.seats[1].token == token and old not in t.seating.tokens()
        back = await connect(host, "Ana", key=ana2)
        back.send({"t": "sit", "table": tid, "seat": 1})
        assert (await back.expect("seated", timeout=120))["token"] == token


# --- point 9: the recap after a restart starts where the seat went away -----------------------------
@run
async def test_the_recap_after_a_restart_starts_when_the_seat_went_away(tmp_path):
    data_dir = tmp_path / "d"
    ana_key = new_key()
    async with live_host(data_dir=data_dir, bot_delay=0.0) as host:
        tid, (ana,) = await seat_clients(host, "tortuga", 2, names=["Ana"], bots_in_host=1, keys=[ana_key],
                                         reconnect=False)
        await BotClient(ana, "tortuga").play(stop_after=2)
        t = host.tables[tid]
        ana.send({"t": "leave"})
        await ana.expect("left", timeout=120)
        went = t.seats[0].seen
        await until_async(lambda: t.state >= went + 6 or t.game.is_over, "the stand-in's moves",
                          progress=lambda: t.state)
    async with live_host(data_dir=data_dir, resume=True, bot_delay=3600) as host:
        stopped = host.tables[tid].state       # where the stand-in was when the host stopped
        back = await connect(host, "Ana", key=ana_key)
        back.send({"t": "sit", "table": tid, "seat": 0})
        await back.expect("seated", timeout=120)
        full = await back.expect("update", timeout=120, pred=lambda m: m.get("full"))
        recap = full["recap"]
        assert recap["from"] == went and recap["moves"][-1]["state"] == stopped
        assert any(m.get("bot") for m in recap["moves"] if m.get("seat") == 0)   # the journal said a bot made them


# --- point 10: the download page keeps last night's replays ----------------------------------------
@run
async def test_the_download_page_keeps_last_nights_replays_after_a_new_night(tmp_path):
    from test_net_replays import http_get

    from net.replays import attach, file_name, kept
    from net.share import ShareServer

    (tmp_path / "share").mkdir()
    async with live_host(data_dir=tmp_path / "data") as host:
        tid, (ana,) = await seat_clients(host, "tortuga", 2, names=["Ana"], bots_in_host=1)
        await BotClient(ana, "tortuga").play()
        await until_async(lambda: tid in host.index.finished, "the game in the index")
        host.party.new_night_now()
        assert host.party.tonight() == [] and [g["id"] for g in kept(host.config.data_dir)] == [tid]
        share = ShareServer(tmp_path / "share", game_port=host.address[1], host_name="Night")
        attach(share, host.config.data_dir)
        await share.start("127.0.0.1", 0)
        try:
            status, _, page = await http_get(share.address[1], "/")
            name = file_name(kept(host.config.data_dir)[0])
            assert status == 200 and f'href="/{name}"' in page.decode()
            assert (await http_get(share.address[1], f"/{name}"))[0] == 200
        finally:
            await share.stop()
