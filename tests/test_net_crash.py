"""Crash safety: kill -9 the host process (run_host.py) at random points of a game, restart it with
--resume, the clients reconnect with their tokens by themselves, the game finishes, and the
journal's replay equals the live state."""
import asyncio
import os
import random
import socket
import sys
from pathlib import Path

import pytest

from engine.bots import make_bot
from net import journal as jn
from net.table import Table

from net_helpers import PatientClient, spare_loopback
from waiting import HANG

ROOT = Path(__file__).resolve().parents[1]


#: a loopback address of this run alone: the killed host's port is still free when it comes back
ADDR = spare_loopback()


def free_port() -> int:
    with socket.socket() as s:
        s.bind((ADDR, 0))
        return s.getsockname()[1]


async def start_host(port: int, data_dir: Path, *extra: str):
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(ROOT / "run_host.py"), "--headless", "--no-announce",
        "--bind", ADDR, "--port", str(port), "--data-dir", str(data_dir),
        "--grace", "30", "--rate", "100000", "--bot-delay", "0", "--log-level", "WARNING",
        *extra,
        stdout=asyncio.subprocess.PIPE, cwd=str(ROOT))
    line = await asyncio.wait_for(proc.stdout.readline(), HANG)
    assert b"listening" in line, line
    return proc


class Player:
    def __init__(self, port, name, game, seed):
        self.c = PatientClient(ADDR, port, name, ping_interval=0.5, ping_timeout=3,
                             retry_delays=(0.05, 0.1, 0.2))
        self.game, self.seed = game, seed
        self.last = None
        self.resyncs = []   # (state seen before the drop, state of the resync)
        self.seen_state = -1
        self.updates = 0

    async def play(self, on_update):
        bot = None
        while True:
            m = await self.c.recv()
            if m["t"] == "error":
                assert m["code"] == "stale", m
                continue
            if m["t"] != "update":
                continue
            if m.get("full") and self.seen_state >= 0:
                self.resyncs.append((self.seen_state, m["state"]))
            self.last, self.seen_state = m, m["state"]
            self.updates += 1
            await on_update(self)
            if m["over"]:
                return m
            if "legal" in m:
                if bot is None:
                    bot = make_bot(self.game, "random", m["seat"], self.seed)
                self.c.send({"t": "action", "state": m["state"],
                             "action": bot.choose(m["view"], m["legal"])})


@pytest.mark.slow
def test_kill_host_at_random_points_resume_and_finish(tmp_path):
    asyncio.run(asyncio.wait_for(_crash_run(tmp_path), 120))


async def _crash_run(tmp_path):
    rnd = random.Random(2024)
    port = free_port()
    proc = await start_host(port, tmp_path, "--game", "tikal", "--seats", "3", "--bots", "1")
    players = [Player(port, f"P{i}", "tikal", i) for i in range(2)]
    for p in players:
        await p.c.start()
        await p.c.expect("welcome")
    a, b = players
    a.c.send({"t": "sit", "table": 1})
    await a.c.expect("seated")
    b.c.send({"t": "sit", "table": 1})
    await b.c.expect("seated")
    b.c.send({"t": "ready", "ready": True})
    await a.c.expect("table", pred=lambda m: m["table"]["players"][1]["ready"])
    a.c.send({"t": "start"})

    kills = sorted(rnd.sample(range(10, 180), 3))
    killed = []
    box = {"proc": proc}

    async def maybe_kill(p):
        if p is a and kills and a.updates >= kills[0] and not a.last["over"]:
            kills.pop(0)
            box["proc"].kill()                       # SIGKILL: no cleanup at all
            await box["proc"].wait()
            killed.append(a.updates)
            box["proc"] = await start_host(port, tmp_path, "--resume")

    try:
        ends = await asyncio.gather(a.play(maybe_kill), b.play(lambda p: asyncio.sleep(0)))
    finally:
        if box["proc"].returncode is None:
            box["proc"].kill()
            await box["proc"].wait()
        for p in players:
            await p.c.close()

    assert len(killed) == 3, f"the game ended before the kills: {killed}"
    print("killed after updates", killed, "updates", a.updates)
    # both players came back after every kill, and never lost a state they had seen
    for p in players:
        assert len(p.resyncs) >= len(killed), (p.resyncs, killed)
        assert all(after >= before for before, after in p.resyncs), p.resyncs
    assert ends[0]["over"] and ends[0]["scores"] == ends[1]["scores"]
    # the journal's replay is the live game, as every seat saw it at the end
    records, good = jn.read_records(jn.journal_path(tmp_path, 1))
    game = jn.replay_records(records)
    assert game.is_over and game.scores == ends[0]["scores"] and game.winners == ends[0]["winners"]
    for i, p in enumerate(players):
        assert p.last["view"] == game.view(i)
    table = Table.replay(records)
    assert table.state == ends[0]["state"] and table.status == "over"
    assert good == os.path.getsize(jn.journal_path(tmp_path, 1))
