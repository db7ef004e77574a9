"""The hint the host computes for a seat (``hint``, docs/protocol.md section 5; net/hints.py):
the window's plan for the same view and seed, from that view only (the hidden stack reshuffled:
the same hint), each step legal on the true game, in worker processes (one request per
connection, a replaced one's worker stopped, the queue bounded), and a coded answer when it
cannot be given."""
import asyncio
import os
import random
import signal
import sys

import pytest

import engine
from engine.bots import make_bot
from engine.bots.hints import hint, seed_for, tortuga_words
from game.tortuga.hint import TortugaHint
from net.hints import HintPool, Job
from net.protocol import decode_body, encode

from learn_support import window_hint
from net_helpers import HiddenScanner, connect, live_host, run
from waiting import until_async

#: Each client message has a seq of its own: an answer is found by it.
_seq = iter(range(1000, 10**6))


async def table_with(host, game: str, seats: int, *, hints: bool = True, options=None, level="random",
                     name="Ann", takeover: bool = True):
    """A client at seat 0 of a started table, bots of ``level`` in the others."""
    c = await connect(host, name)
    c.send({"t": "create", "game": game, "seats": seats, "options": options or {}, "hints": hints,
            "takeover": takeover})
    seated = await c.expect("seated")
    c.seat_token = seated["token"]
    for i in range(1, seats):
        c.send({"t": "bot", "seat": i, "level": level})
    await c.expect("table", pred=lambda m: all(p["kind"] == "bot" for p in m["table"]["players"][1:]))
    c.send({"t": "start"})
    return c, seated["table"]


async def my_turn(c, pred=lambda m: True) -> dict:
    """The next update that gives this seat something to do (and passes ``pred``)."""
    return await c.expect("update", pred=lambda m: "legal" in m and not m["over"] and pred(m))


async def decision(c) -> dict:
    """The next update with a choice for this seat (La Tortuga: past the first die, always rolled)."""
    m = await my_turn(c)
    while len(m["legal"]) < 2:
        c.send({"t": "action", "state": m["state"], "action": m["legal"][0]})
        m = await my_turn(c)
    return m


async def answer(c, seq: int) -> dict:
    """The host's answer to the request ``seq``: its ``hint`` or its ``error`` (answers to other
    requests that come first are kept for their turn)."""
    kept = c.__dict__.setdefault("answers", {})
    while seq not in kept:
        m = await c.recv()
        if m.get("t") in ("hint", "error") and "seq" in m:
            kept[m["seq"]] = m
    return kept.pop(seq)


def ask(c, state: int, **extra) -> int:
    seq = next(_seq)
    c.send({"t": "hint", "seq": seq, "state": state, **extra})
    return seq


async def play_steps(c, update: dict, steps: list) -> dict:
    """Send the hint's steps as they are, each after the host's update for the one before: every
    one must be accepted (legal on the true game). The last update."""
    for step in steps:
        seq = next(_seq)
        c.send({"t": "action", "seq": seq, "state": update["state"], "action": step["action"]})
        while True:
            m = await c.recv()
            if m.get("t") == "error" and m.get("seq") == seq:
                raise AssertionError(f"the hint's step {step['action']} was refused: {m}")
            if m.get("t") == "update" and m.get("seq") == seq:
                update = m
                break
        if update["over"] or update.get("to_act") != update["seat"]:
            break
    return update


@pytest.mark.parametrize("game, seats", [("tikal", 2), ("tortuga", 3)])
@run
async def test_the_hosts_hint_is_the_windows_for_the_same_view_and_its_steps_are_legal(game, seats):
    async with live_host(scanner=(scanner := HiddenScanner()), hint_workers=1) as host:
        c, tid = await table_with(host, game, seats)
        compared, m = 0, await my_turn(c)
        while compared < 3:
            if not engine_askable(game, m):    # (La Tortuga's first die: always rolled)
                c.send({"t": "action", "state": m["state"], "action": m["legal"][0]})
                m = await my_turn(c)
                continue
            seq = ask(c, m["state"])
            got = await answer(c, seq)
            assert got["t"] == "hint", got
            assert (got["table"], got["state"], got["seat"]) == (tid, m["state"], 0)
            assert got["steps"] == window_hint(game, m["view"], m["legal"], 0, m["state"])
            assert got["steps"][0]["action"] in m["legal"]
            compared += 1
            last = await play_steps(c, m, got["steps"])
            assert last["state"] > m["state"]
            m = last if "legal" in last and not last["over"] else await my_turn(c)
        # what the host journals is what was played: the hint's steps went through the one check order
        t = host.tables[tid]
        assert all(a for _, a in t.history)
        assert scanner.leaks == [] and scanner.frames > 0


def tikal_position(seed: int = 11, moves: int = 51):
    """A Tikal game of two greedy bots after ``moves`` changes: seat 0 is to spend its AP, and the
    strong bot's plan there depends on its seed (checked where it is used)."""
    g = engine.new_game("tikal", seats=2, seed=seed, options={})
    bots = [make_bot("tikal", "normal", p, p) for p in range(2)]
    for _ in range(moves):
        p = g.to_act
        g.apply(bots[p].choose(g.view(p), g.legal_actions()))
    assert g.to_act == 0 and g.phase == "actions"
    return g


@run
async def test_where_the_bots_seed_matters_the_host_uses_the_windows():
    prepared = tikal_position()
    view, legal = prepared.view(0), prepared.legal_actions()
    plan = hint("tikal", view, legal, 0, seed_for(0, 0))
    # (a host that drew the bot's seed another way, or asked for another seat, would differ here)
    assert hint("tikal", view, legal, 0, seed_for(1, 0)) != plan
    async with live_host(hint_workers=1) as host:
        sent = []
        submit = host.hints.pool.submit
        host.hints.pool.submit = lambda job: (sent.append(job), submit(job))[1]
        c, tid = await table_with(host, "tikal", 2, takeover=False)
        await my_turn(c)
        host.tables[tid].play.game = prepared     # that position, at the table's state 0
        c.send({"t": "leave"})
        await c.expect("left")
        c.send({"t": "sit", "table": tid, "token": c.seat_token})   # back: the position's full update
        m = await c.expect("update", pred=lambda u: u.get("full") and "legal" in u)
        assert m["state"] == 0
        got = await answer(c, ask(c, m["state"]))
        assert got["steps"] == window_hint("tikal", m["view"], m["legal"], 0, m["state"])
        assert got["steps"] == plan["steps"]
        # what the worker was given is that seat's update, nothing more
        (job,) = sent
        request = decode_body(job.request)
        assert request == {"t": "hint", "game": "tikal", "view": m["view"], "legal": m["legal"], "seat": 0,
                           "seed": seed_for(0, 0)}


def engine_askable(game: str, m: dict) -> bool:
    from engine.bots.hints import askable
    return askable(game, m["view"], m["legal"])


def reshuffled(table, game: str, rng: random.Random) -> dict:
    """The table's real game with what its seats cannot see drawn again (Tikal: the tile stack;
    La Tortuga: the deck below the face-up card and the dice to come); every view stays the same.
    Returns the old snapshot."""
    g = table.play.game
    snap = g.snapshot()
    new = dict(snap)
    if game == "tikal":           # the tiles of each letter in another order (the backs show the letter)
        stack = list(snap["stack"])
        while stack == snap["stack"]:
            for letter in {t[0] for t in stack}:
                at = [i for i, t in enumerate(stack) if t[0] == letter]
                tiles = [stack[i] for i in at]
                rng.shuffle(tiles)
                for i, t in zip(at, tiles):
                    stack[i] = t
        new["stack"] = stack
    else:
        deck = list(snap["deck"])
        rest = deck[1:]
        while rest == snap["deck"][1:] and len(set(rest)) > 1:
            rng.shuffle(rest)
        new["deck"] = deck[:1] + rest
        new["dice"] = [rng.randint(1, 6) for _ in snap["dice"]]
    again = engine.restore(new)
    for seat in range(table.nseats):
        assert again.view(seat) == g.view(seat)
    assert again.snapshot() != snap
    table.play.game = again
    return snap


@pytest.mark.parametrize("game, seats", [("tikal", 3), ("tortuga", 3)])
@run
async def test_the_hint_cannot_see_what_the_view_hides(game, seats):
    async with live_host(hint_workers=1) as host:
        c, tid = await table_with(host, game, seats)
        m = await my_turn(c)
        while not engine_askable(game, m):
            c.send({"t": "action", "state": m["state"], "action": m["legal"][0]})
            m = await my_turn(c)
        first = await answer(c, ask(c, m["state"]))
        assert first["t"] == "hint", first
        t = host.tables[tid]
        rng = random.Random(7)
        for _ in range(3):                  # the stack (the deck, the dice) drawn again: the same hint
            reshuffled(t, game, rng)
            again = await answer(c, ask(c, m["state"]))
            assert again["steps"] == first["steps"]


@run
async def test_a_hint_is_refused_with_a_code_when_it_cannot_be_given():
    # the bots wait (as for people, longer): the bot's turn stays the bot's while we ask
    async with live_host(hint_workers=1, bot_delay=3600.0) as host:
        off, _ = await table_with(host, "tikal", 2, hints=False, name="Off")
        m = await my_turn(off)
        assert (await answer(off, ask(off, m["state"])))["code"] == "hints_off"

        c, tid = await table_with(host, "tortuga", 2, name="Cleo")
        first = await my_turn(c)             # La Tortuga's first die is always rolled: no hint
        while [a["type"] for a in first["legal"]] != ["roll"]:    # (which turtle first: the bot's choice)
            c.send({"t": "action", "state": first["state"], "action": first["legal"][0]})
            first = await my_turn(c)
        assert (await answer(c, ask(c, first["state"])))["code"] == "no_hint"
        assert (await answer(c, ask(c, first["state"] + 1)))["code"] == "stale"
        assert (await answer(c, ask(c, first["state"], seat=1)))["code"] == "wrong_seat"

        w = await connect(host, "Watcher")
        w.send({"t": "spectate", "table": tid})
        await w.expect("update")
        assert (await answer(w, ask(w, first["state"])))["code"] == "spectator"
        lone = await connect(host, "Lone")
        assert (await answer(lone, ask(lone, 0)))["code"] == "no_table"
        seq = next(_seq)
        lone.send({"t": "hint", "seq": seq})
        assert (await answer(lone, seq))["code"] == "bad_field"

        m = first                            # roll, then stop: the bot's turn
        while m["to_act"] == 0:
            action = {"type": "roll"} if len(m["legal"]) == 1 else {"type": "stop"}
            c.send({"t": "action", "state": m["state"], "action": action})
            m = await c.expect("update", pred=lambda u: u["state"] > m["state"])
        assert (await answer(c, ask(c, m["state"])))["code"] == "not_your_turn"


@run
async def test_a_new_request_replaces_the_old_one_and_stops_its_worker():
    async with live_host(hint_workers=1) as host:
        c, tid = await table_with(host, "tikal", 4)
        m = await my_turn(c)
        assert m["view"]["phase"] == "place"
        one, two = next(_seq), next(_seq)
        # both in one write: the host reads them together, so the first is computing (or about to)
        # when the second comes
        c.send_raw(encode({"t": "hint", "seq": one, "state": m["state"]})
                   + encode({"t": "hint", "seq": two, "state": m["state"]}))
        first = await answer(c, one)
        assert first["code"] == "hint_cancelled"
        second = await answer(c, two)
        assert second["t"] == "hint"
        pool = host.hints.pool
        # the first one's worker was killed (or never began), another took its place
        assert pool.started == 2 and [p.is_alive() for p in pool.processes] == [False, True]
        assert second["steps"] == window_hint("tikal", m["view"], m["legal"], 0, m["state"])


@run
async def test_a_hint_whose_game_moves_on_is_stopped_and_answered_stale():
    async with live_host(hint_workers=1) as host:
        c, tid = await table_with(host, "tikal", 4)
        m = await my_turn(c)
        seq = next(_seq)
        c.send_raw(encode({"t": "hint", "seq": seq, "state": m["state"]})
                   + encode({"t": "action", "seq": next(_seq), "state": m["state"], "action": m["legal"][0]}))
        got = await answer(c, seq)
        assert got["code"] == "stale"
        await until_async(lambda: host.hints.pool.busy() == 0, "the stale hint's worker freed")
        # its worker was stopped, not left to finish (the next request starts another)
        pool = host.hints.pool
        assert pool.started == 1 and [p.is_alive() for p in pool.processes] == [False]
        assert host.hints.asked == {}


@pytest.mark.skipif(sys.platform == "win32", reason="stops a worker with SIGSTOP")
@run
async def test_the_queue_is_bounded_per_host():
    async with live_host(hint_workers=1, hint_queue=1) as host:
        players = [await table_with(host, "tortuga", 2, name=n) for n in ("Ann", "Ben", "Cleo")]
        turns = []
        for c, _ in players:                 # past the first die: a decision to hint
            turns.append(await decision(c))
        (a, _), (b, _), (d, _) = players
        assert (await answer(a, ask(a, turns[0]["state"])))["t"] == "hint"   # the worker is up
        pool = host.hints.pool
        proc = pool.slots[0].proc
        os.kill(proc.pid, signal.SIGSTOP)    # it cannot answer now: one job runs, one waits
        try:
            sa, sb = ask(a, turns[0]["state"]), ask(b, turns[1]["state"])
            await until_async(lambda: pool.busy() == 2, "a hint running and one waiting")
            busy = await answer(d, ask(d, turns[2]["state"]))
            assert busy["code"] == "hint_busy"
        finally:
            os.kill(proc.pid, signal.SIGCONT)
        assert (await answer(a, sa))["t"] == "hint"
        assert (await answer(b, sb))["t"] == "hint"
        assert (await answer(d, ask(d, turns[2]["state"])))["t"] == "hint"   # room again


@run
async def test_a_connection_asking_too_often_is_told_rate():
    async with live_host(hint_workers=1) as host:
        c, _ = await table_with(host, "tortuga", 2)
        m = await decision(c)
        from net.hints import BURST, EVERY
        seqs = [next(_seq) for _ in range(BURST + 1)]
        c.send_raw(b"".join(encode({"t": "hint", "seq": s, "state": m["state"]}) for s in seqs))
        answers = [await answer(c, s) for s in seqs]
        assert [a.get("code", "hint") for a in answers] == ["hint_cancelled"] * (BURST - 1) + ["hint", "rate"]
        # it says how long to wait: about one EVERY (the burst spent at once), never nothing
        assert 0 < answers[-1]["retry"] <= EVERY


def test_a_spawned_worker_answers_too():
    """Windows has no fork server: its workers are spawned (a fresh interpreter each)."""
    import msgpack

    g = engine.new_game("tortuga", seats=2, seed=3)
    while len(g.legal_actions()) < 2:
        g.apply(g.legal_actions()[0])
    seat, view, legal = g.to_act, g.view(g.to_act), g.legal_actions()
    request = msgpack.packb({"t": "hint", "game": "tortuga", "view": view, "legal": legal,
                             "seat": seat, "seed": 5}, use_bin_type=True)

    async def go():
        pool = HintPool(1, 1, method="spawn")
        got = asyncio.get_running_loop().create_future()
        assert pool.submit(Job(1, request, got.set_result))
        try:
            return await got
        finally:
            pool.shutdown()
    got = asyncio.run(go())
    action, reason = TortugaHint.compute(None, decode_body(request)["view"], legal, seat, 5)
    assert got == {"t": "hint", "hint": {"steps": [{"action": action, "cost": 0, "why": tortuga_words(reason)}]}}


def test_both_programs_call_freeze_support_before_anything_else():
    """In the built app a hint worker's fork server is the program started again (PyInstaller's
    multiprocessing support): ``freeze_support()`` must run it before the program parses its
    command line or imports the game."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    for script in ("run_client.py", "run_host.py"):
        body = ast.parse((root / script).read_text(encoding="utf-8")).body
        calls = [i for i, node in enumerate(body) if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
                 and ast.unparse(node.value.func) == "multiprocessing.freeze_support"]
        ours = [i for i, node in enumerate(body) if isinstance(node, ast.ImportFrom)
                and (node.module or "").split(".")[0] in ("tikal_lan", "game", "net", "engine")]
        assert calls and ours and calls[0] < ours[0], script
