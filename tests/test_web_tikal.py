"""The Tikal table in the browser (assets/web/games/tikal/, issue 27), on its own test page
(tests/web_tikal/harness.html) in a real Chromium: its component data is the engine's, what it
reads off a view (temple holders, what a scoring would give, the stack's outlook, a step's stones)
is what the engine reads, and whole games recorded from a real host on loopback play through it,
every animation included, ending on the host's views."""
from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import engine
from engine.tikal.analysis import scoring_now, stack_outlook, temple_holders

from net_helpers import BotClient, live_host, seat_clients
from web_tikal_support import harness_server

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 180_000


@pytest.fixture(scope="module")
def server():
    with harness_server() as base:
        yield base


def open_harness(browser, server, lang="en", size=(390, 844), anim="off"):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(TIMEOUT)
    page = ctx.new_page()
    page.js_errors = []
    page.on("pageerror", lambda e: page.js_errors.append(str(e)))
    page.goto(f"{server}/harness.html?anim={anim}&lang={lang}")
    page.wait_for_function("window.harnessReady === true")
    return page


def record(variant: str, seats: int, level: str = "random") -> list[dict]:
    """Every message seat 0 got in a whole game on a real loopback host (bots at no delay)."""
    async def play():
        async with live_host(bot_delay=0.0) as host:
            _, clients = await seat_clients(host, "tikal", seats, {"variant": variant},
                                            names=["Ana Maria Cruz Ortega xx"], bots_in_host=seats - 1, level=level)
            b = BotClient(clients[0], "tikal", level=level, seed=3)
            await b.play(timeout=300)
            return b.received
    out: list = []
    th = threading.Thread(target=lambda: out.append(asyncio.run(play())))   # Playwright's loop runs on this thread
    th.start()
    th.join()
    assert out, "the recorded game did not finish"
    return json.loads(json.dumps(out[0]))


def test_web_tiles_are_the_engines():
    """tiles.js is what tools/web_tikal_data.py writes from engine/tikal/tiles.py."""
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "web_tikal_data.py"), "--check"], cwd=ROOT)
    assert r.returncode == 0, "assets/web/games/tikal/tiles.js is stale: run tools/web_tikal_data.py"


def _views_of_games(seeds=(11, 12), variants=("base", "auction")) -> tuple[list[dict], list[dict]]:
    """Views along whole random games (every few actions) and their one-step walks."""
    views, steps = [], []
    for seed, variant in zip(seeds, variants):
        g = engine.new_game("tikal", seats=3, seed=seed, options={"variant": variant})
        rng = random.Random(seed)
        n = 0
        while not g.is_over:
            before = g.view(None)
            action = rng.choice(g.legal_actions())
            events = g.apply(action)
            for ev in events:
                if ev["type"] == "figure_moved" and len(ev["path"]) == 2:
                    steps.append({"view": before, "a": ev["path"][0], "b": ev["path"][1], "cost": ev["cost"]})
            n += 1
            if n % 7 == 0:
                views.append(g.view(n % 3))
        views.append(g.view(None))
    return views, steps


def test_web_readings_match_the_engine(chromium, server):
    """analysis.js reads views as engine/tikal/analysis.py does: who holds each temple and every
    seat's strength there, what a scoring would give each seat now, the stack's outlook; and the
    stones of a step are what the engine charged for it."""
    views, steps = _views_of_games()
    assert len(views) > 40 and len(steps) > 30
    page = open_harness(chromium, server)
    got = page.evaluate("""async ([views, steps]) => {
        const a = await import('/games/tikal/analysis.js');
        return {
          holders: views.map((v) => a.templeHolders(v)),
          now: views.map((v) => a.scoringNow(v)),
          outlook: views.map((v) => a.stackOutlook(v)),
          stones: steps.map((s) => a.stepStones(s.view, s.a, s.b)),
        };
    }""", [views, steps])
    for v, h, now, out in zip(views, got["holders"], got["now"], got["outlook"]):
        want = temple_holders(v)
        assert [(t["hex"], t["value"], t["guard"], t["strengths"], t["holder"], t["tied"]) for t in want] == \
               [(t["hex"], t["value"], t["guard"], t["strengths"], t["holder"], t["tied"]) for t in h]
        assert [{k: b[k] for k in ("temple_points", "treasure_points", "total")} for b in scoring_now(v)] == now
        o = stack_outlook(v)
        assert [list(x) for x in o["letters"]] == out["letters"] and o["volcanoes"] == out["volcanoes"]
    assert got["stones"] == [s["cost"] for s in steps]
    assert page.js_errors == []


#: The module has shown the update of state ``s`` and every animation before it.
PLAYED = "s => { const t = window.mod.tikal; return !t.timeline.busy && t.latest && t.latest.state === s; }"


def _play_through(page, msgs: list[dict]) -> dict:
    """Feed a recorded game to the module (the table first), wait until every update has played,
    and read what the page shows."""
    page.evaluate("m => window.feed(m)", [{"t": "seated", "table": 1, "seat": 0, "token": "0" * 32}] + msgs)
    last = [m for m in msgs if m["t"] == "update"][-1]
    page.wait_for_function(PLAYED, arg=last["state"])
    return page.evaluate("""() => {
        const t = window.mod.tikal, el = t.el;
        return {
          shown: t.shown,
          tiles: el.querySelectorAll('.tk-l-tiles .tk-tile').length,
          scores: [...el.querySelectorAll('.tk-seat .tk-score')].map((s) => Number(s.dataset.score)),
          logged: window.logged,
          played: t.timeline.played,
          missing: [...window.missing],
        };
    }""")


@pytest.mark.parametrize("variant,seats", [("base", 3), ("auction", 2)])
def test_web_tikal_plays_a_recorded_game(chromium, server, variant, seats):
    """A whole game recorded from a real host plays through the module with every animation
    (quickened, not skipped: frames are drawn): it ends on the host's last view, the board holds
    every tile, the cards the final scores, the log a line per event with every placeholder filled."""
    msgs = record(variant, seats)
    page = open_harness(chromium, server, anim="30")
    out = _play_through(page, msgs)
    last = [m for m in msgs if m["t"] == "update"][-1]
    assert last["over"]
    assert out["shown"] == last["view"]
    assert out["tiles"] == len(last["view"]["tiles"])
    assert out["scores"] == last["scores"]
    # every update after the first played its animations frame by frame (none was landed at once)
    assert out["played"] == len([m for m in msgs if m["t"] == "update" and not m.get("full")])
    assert out["missing"] == []
    lines = out["logged"]
    events = [ev for m in msgs if m["t"] == "update" for ev in m["events"]]
    assert len(lines) >= len([e for e in events if e["type"] in ("tile_placed", "figure_moved", "scored")])
    assert not [ln for ln in lines if "{" in ln or "}" in ln]
    assert any("Volcano" in ln for ln in lines) and any("Game over" in ln for ln in lines)
    assert page.js_errors == []


def _my_turn(msgs: list[dict], phase: str, after: int = 0) -> int:
    """How many of the recorded messages lead to seat 0's first decision in ``phase`` (after the
    first ``after`` messages; never the first, full, update)."""
    return next(i + 1 for i, m in enumerate(msgs) if i >= after and m["t"] == "update" and m.get("legal")
                and m["phase"] == phase and not m.get("full"))


def test_web_tikal_keys_and_refusals(chromium, server):
    """A laptop's keys play as the window's do (R turns the tile, Enter places it, W picks a worker
    from the supply, E ends the turn), and an action the host refuses frees the table again with
    the host's reason shown."""
    msgs = record("base", 2)
    page = open_harness(chromium, server, size=(1280, 800))
    place = _my_turn(msgs, "place")
    page.evaluate("m => window.feed(m)", [{"t": "seated", "table": 1, "seat": 0, "token": "0" * 32}] + msgs[:place])
    t = "window.mod.tikal"
    page.wait_for_function(f"{t}.acting()")
    legal = msgs[place - 1]["legal"]
    first = legal[0]
    page.evaluate(f"h => {{ const t = {t}; t.boardTap(h, null, false); }}", first["hex"])   # the hex (as a click would)
    want = first["rotation"]
    for _ in range(6):
        if page.evaluate(f"{t}.sel.rotation") == want and page.evaluate(f"!!{t}.placeAction()"):
            break
        page.keyboard.press("r")
    page.keyboard.press("Enter")
    sent = page.evaluate("window.sent")
    assert sent[-1]["action"]["type"] == "place_tile" and sent[-1]["action"]["hex"] == first["hex"]
    assert sent[-1]["action"] in legal
    # the host refuses it: the table is free again and says why
    assert page.evaluate(f"{t}.pending")
    page.evaluate("window.answer({ok: false, error: {code: 'stale', reason: 'the game moved on'}})")
    page.wait_for_function(f"!{t}.pending")
    assert page.evaluate(f"{t}.info") == "the game moved on"
    assert "the game moved on" in page.inner_text(".tk-hint")
    # in an action phase: W selects a worker of the supply, E ends the turn
    act = _my_turn(msgs, "actions", place)
    page.evaluate("m => window.feed(m)", msgs[place:act])
    page.wait_for_function(f"{t}.acting() && {t}.legalOf('end_turn').length > 0")
    if page.evaluate(f"{t}.legalOf('enter').some((a) => a.figure === 'worker')"):
        page.keyboard.press("w")
        assert page.evaluate(f"{t}.sel.selected") == {"from": None, "figure": "worker"}
        page.keyboard.press("Escape")
        assert page.evaluate(f"{t}.sel.selected") is None
    page.keyboard.press("e")
    assert page.evaluate("window.sent")[-1]["action"] == {"type": "end_turn"}
    assert page.js_errors == []
