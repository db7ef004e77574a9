"""A turn nobody holds forever (docs/protocol.md section 14; net/turns.py): a player who does
nothing on their turn has it played by a bot at the limit, journaled as that seat's action marked
as the clock's, the others never waiting longer than the limit (the host's own clock, set by the
test: tests/fake_clock.py), and the player is told what the bot did; a nudge; a page hidden at its
turn is away once its grace ends; across a kill -9 of the host the turn's clock goes on."""
import asyncio
import sys
import time
from pathlib import Path

import pytest

from net import journal as jn
from net.table import Table

from fake_clock import FakeClock
from net_helpers import PatientClient, live_host, run, seat_clients, spare_loopback
from waiting import HANG

ROOT = Path(__file__).resolve().parents[1]


async def settled(client):
    """Everything the host had to do for what came before is done (its answers are in order)."""
    client.send({"t": "ping", "n": 7})
    await client.expect("pong")


@run
async def test_a_seat_that_does_nothing_has_its_turn_played_by_a_bot_at_the_limit(tmp_path):
    clock = FakeClock()
    async with live_host(clock=clock, turn_limit=60, data_dir=tmp_path) as host:
        tid, clients = await seat_clients(host, "tortuga", 2, names=["Ana", "Ben"])
        first = await clients[0].expect("update", pred=lambda m: m["state"] == 0)
        idle, other = clients[first["to_act"]], clients[1 - first["to_act"]]
        me = first["to_act"]
        # every update says whose turn runs and how long it has left
        assert first["clock"] == {"limit": 60.0, "seat": me, "spent": 0.0, "left": 60.0}
        t = host.tables[tid]
        assert t.summary()["clock"] == 60.0
        # the others may nudge, once a turn each; the player to act is told
        other.send({"t": "nudge"})
        nudged = await idle.expect("nudged")
        assert nudged["seat"] == me and nudged["from"] == other.name and nudged["by"] == 1 - me
        other.send({"t": "nudge"})
        assert (await other.expect("error"))["code"] == "nudge_refused"
        idle.send({"t": "nudge"})
        assert (await idle.expect("error"))["code"] == "nudge_refused"     # not one's own turn
        clock.advance(59.9)
        await settled(other)
        assert t.state == 0 and t.seats[me].clocked is None        # not yet
        clock.advance(0.1)                                          # the limit
        # the bot finished the turn for the player, who is told what it did
        told = await idle.expect("update", pred=lambda m: m.get("full") and "recap" in m)
        assert told["recap"]["clock"] is True and told["recap"]["moves"]
        assert all(m.get("clock") and m.get("bot") == "normal" for m in told["recap"]["moves"])
        assert told["to_act"] == 1 - me and told["clock"]["seat"] == 1 - me
        mine = await other.expect("update", pred=lambda m: m.get("to_act") == 1 - me)
        assert mine["clock"] == {"limit": 60.0, "seat": 1 - me, "spent": 0.0, "left": 60.0}
        # the player keeps the seat; the journal says the bot played it for the clock
        s = t.seats[me]
        assert s.kind == "human" and s.conn == idle.welcome["player"] and s.clocked is None and not s.takeover
        records = jn.read_records(jn.journal_path(tmp_path, tid))[0]
        start, actions = records[0], [r for r in records if r["k"] == "action"]
        assert actions and all(r["seat"] == me and r["clock"] and r["bot"] == "normal" for r in actions)
        # the others waited no longer than the limit: the host's clock from the turn's start to
        # the bot's moves
        assert start["at"] == clock.t - 60 and all(r["at"] == start["at"] + 60 for r in actions)
        # the same table from the journal: the recap says the clock's moves, the next turn's start
        again = Table.replay(records)
        assert [m.get("clock") for m in again.play.moves] == [True] * len(actions)
        assert again.play.turn.at == start["at"] + 60 and again.seats[me].clocked is None


@run
async def test_a_player_takes_their_turn_back_from_the_clocks_bot(tmp_path):
    clock = FakeClock()
    async with live_host(clock=clock, turn_limit=30, bot_delay=3600.0) as host:   # the bot waits
        tid, clients = await seat_clients(host, "tortuga", 2)
        first = await clients[0].expect("update", pred=lambda m: m["state"] == 0)
        me = first["to_act"]
        idle = clients[me]
        up = await idle.expect("update", pred=lambda m: "legal" in m) if me else first
        clock.advance(30)
        await idle.expect("table", pred=lambda m: m["table"]["players"][me].get("clocked") == "normal")
        t = host.tables[tid]
        assert t.seats[me].is_bot_played
        idle.send({"t": "action", "seq": 3, "state": up["state"], "action": up["legal"][0]})
        back = await idle.expect("update", pred=lambda m: m.get("seq") == 3)
        assert t.seats[me].clocked is None and t.history[-1] == (me, up["legal"][0])
        assert "bot" not in t.play.moves[-1] and "clock" not in t.play.moves[-1]
        assert back["state"] == 1


@run
async def test_a_page_hidden_at_its_turn_is_away_once_its_grace_ends():
    async with live_host(grace=0.3) as host:
        tid, clients = await seat_clients(host, "tortuga", 2)
        first = await clients[0].expect("update", pred=lambda m: m["state"] == 0)
        me = first["to_act"]
        idle, other = clients[me], clients[1 - me]
        t = host.tables[tid]
        other.send({"t": "hidden", "hidden": True})         # not its turn: nothing is held
        await other.expect("table", pred=lambda m: m["table"]["players"][1 - me].get("hidden"))
        assert (tid, 1 - me) not in host.grace.timers
        other.send({"t": "hidden", "hidden": False})
        idle.send({"t": "hidden", "hidden": True})          # its turn: held as a drop is ...
        await idle.expect("table", pred=lambda m: m["table"]["players"][me].get("hidden"))
        assert (tid, me) in host.grace.timers
        # ... and away once the grace ends: a stand-in bot plays, the connection stays
        await other.expect("update", pred=lambda m: m["state"] >= 1)
        s = t.seats[me]
        assert s.takeover == "normal" and s.conn == idle.welcome["player"] and s.seen == 0
        idle.send({"t": "hidden", "hidden": False})         # shown again: theirs again, the recap
        back = await idle.expect("update", pred=lambda m: m.get("full") and "recap" in m)
        assert back["recap"]["from"] == 0 and back["recap"]["moves"][0]["bot"] == "normal"
        assert s.takeover is None and not s.hidden and (tid, me) not in host.grace.timers


# --- across a kill -9 -----------------------------------------------------------------------------
ADDR = spare_loopback()


async def start_host(port: int, data_dir: Path, *extra: str):
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(ROOT / "run_host.py"), "--headless", "--no-announce",
        "--bind", ADDR, "--port", str(port), "--data-dir", str(data_dir), "--turn-limit", "8",
        "--bot-delay", "0", "--log-level", "WARNING", *extra,
        stdout=asyncio.subprocess.PIPE, cwd=str(ROOT))
    line = await asyncio.wait_for(proc.stdout.readline(), HANG)
    assert b"listening" in line, line
    return proc


@pytest.mark.slow
def test_the_turn_clock_goes_on_across_a_kill_of_the_host(tmp_path):
    asyncio.run(_across_a_kill(tmp_path))


async def _across_a_kill(tmp_path):
    import socket
    with socket.socket() as s:
        s.bind((ADDR, 0))
        port = s.getsockname()[1]
    proc = await start_host(port, tmp_path, "--game", "tortuga", "--seats", "2")
    clients = [PatientClient(ADDR, port, n, ping_interval=0.5, ping_timeout=3,
                             retry_delays=(0.05, 0.1, 0.2)) for n in ("Ana", "Ben")]
    try:
        for c in clients:
            await c.start()
            await c.expect("welcome")
            c.send({"t": "sit", "table": 1})
            await c.expect("seated")
        clients[1].send({"t": "ready", "ready": True})
        await clients[0].expect("table", pred=lambda m: m["table"]["players"][1]["ready"])
        clients[0].send({"t": "start"})
        first = await clients[0].expect("update", pred=lambda m: m["state"] == 0)
        me = first["to_act"]
        idle, other = clients[me], clients[1 - me]
        assert first["clock"]["left"] == 8.0
        await asyncio.sleep(2)                       # the idle player thinks a while, then
        proc.kill()                                  # SIGKILL in the middle of the turn
        killed = time.time()
        await proc.wait()
        start = jn.read_records(jn.journal_path(tmp_path, 1))[0][0]
        proc = await start_host(port, tmp_path, "--resume")
        # the players come back by themselves: the turn's clock goes on, it does not start again
        await other.expect("welcome", pred=lambda m: m.get("resumed"))
        back = await other.expect("update", pred=lambda m: m.get("full"))
        assert back["state"] == 0 and back["clock"]["seat"] == me
        # (what was spent before the kill counts: the journal's start of the turn, on the host's
        # clock, is where it counts from)
        assert back["clock"]["spent"] + 0.1 >= killed - start["at"] >= 2
        assert back["clock"]["left"] == pytest.approx(8.0 - back["clock"]["spent"], abs=0.11)
        # at its limit a bot plays the idle player's turn; they are told; the journal says so
        told = await idle.expect("update", pred=lambda m: m.get("full") and (m.get("recap") or {}).get("clock"))
        assert told["to_act"] == 1 - me
        records = jn.read_records(jn.journal_path(tmp_path, 1))[0]
        actions = [r for r in records if r["k"] == "action"]
        assert records[0] == start and actions
        assert all(r["seat"] == me and r["clock"] and r["bot"] == "normal" for r in actions)
        game = jn.replay_records(records)
        assert game.to_act == 1 - me and told["view"] == game.view(me)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        for c in clients:
            await c.close()
