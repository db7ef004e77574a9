#!/usr/bin/env python3
"""The Tikal table in a browser: speed figures (issue 27), printed, never asserted.

1. A tap to the host's update drawn, p50 / p99: a phone page (390x844, touch) in the real shell
   plays its seat by taps against bots through a real host on loopback; each action is timed from
   the finger's ``pointerdown`` to the first frame after the host's update for it was drawn (the
   animations off, so the figure is the round trip: the page's action, the WebSocket, the host's
   rules and journal sync, the update back, the module's redraw).
2. Animation frame times during a volcano scoring at phone size: a whole game is recorded from a
   real host, then its first volcano (the eruption, each player's scoring turn and tally) plays in
   the module at real speed; the ``requestAnimationFrame`` deltas, p50 / p95 / p99 / max, also with
   the CPU slowed 4x (Chromium's throttling: a modest phone).

    python benchmarks/web_tikal_bench.py            # both
    python benchmarks/web_tikal_bench.py frames     # only the frame times (no web server needed)
"""
from __future__ import annotations

import asyncio
import json
import random
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from net_helpers import BotClient, live_host, seat_clients  # noqa: E402
from web_helpers import ARGS, CHROMIUM  # noqa: E402
from web_tikal_support import Tapper, feed, harness_server  # noqa: E402

PHONE = {"width": 390, "height": 844}


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def record(variant: str = "base", seats: int = 3, seed: int = 3) -> list[dict]:
    async def play():
        async with live_host(bot_delay=0.0) as host:
            _, clients = await seat_clients(host, "tikal", seats, {"variant": variant}, names=["Bench"],
                                            bots_in_host=seats - 1, level="easy")
            b = BotClient(clients[0], "tikal", level="easy", seed=seed)
            await b.play(timeout=600)
            return b.received
    out: list = []
    th = threading.Thread(target=lambda: out.append(asyncio.run(play())))
    th.start()
    th.join()
    return json.loads(json.dumps(out[0]))


FRAMES_JS = """() => { const d = []; let last = 0, on = true;
  const f = (t) => { if (last) d.push(t - last); last = t; if (on) requestAnimationFrame(f); };
  requestAnimationFrame(f); window.__stopFrames = () => { on = false; return d; }; }"""
AT_ONCE = ("s => { const t = window.mod.tikal; t.timeline.speed = Infinity; window.feed(JSON.parse(s)); "
           "t.timeline.speed = 1; }")
PLAYED = "s => { const t = window.mod.tikal; return !t.timeline.busy && t.latest && t.latest.state === s; }"


def volcano_frames(browser, base: str, msgs: list[dict], throttle: float = 1.0) -> tuple[list[float], int]:
    updates = [i for i, m in enumerate(msgs) if m["t"] == "update"]
    first = next(i for i in updates if any(e["type"] == "scoring_started" and e["kind"] == "volcano"
                                           for e in msgs[i]["events"]))
    end = next(i for i in updates if i >= first and any(e["type"] == "scoring_ended" for e in msgs[i]["events"]))
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    page = ctx.new_page()
    page.goto(f"{base}/harness.html?lang=en")
    page.wait_for_function("window.harnessReady === true")
    if throttle != 1.0:
        cdp = ctx.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    # the game up to the volcano, landed at once; then the volcano's updates at real speed
    page.evaluate(AT_ONCE, json.dumps([{"t": "seated", "table": 1, "seat": 0, "token": "0" * 32}] + msgs[:first]))
    page.evaluate(FRAMES_JS)
    feed(page, msgs[first:end + 1])
    page.wait_for_function(PLAYED, arg=msgs[end]["state"], timeout=600_000)
    deltas = page.evaluate("window.__stopFrames()")
    nodes = page.evaluate("document.querySelectorAll('.tk *').length")
    ctx.close()
    return deltas, nodes


def tap_to_update(browser, actions: int = 60) -> list[float]:
    from test_web_tikal_play import chooser, start_game

    from web_helpers import WebHost  # the shell's test helpers: a real host and its web server
    host = WebHost(Path(tempfile.mkdtemp()))
    try:
        ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        page = ctx.new_page()
        page.has_touch = True
        start_game(page, host, 2, "base")
        taps = Tapper(page)
        page.evaluate("""() => { const t = window.tikal.play.instance.tikal; window.__taps = [];
          document.addEventListener('pointerdown', () => { window.__down = performance.now(); }, true);
          const landed = t.landed.bind(t);
          t.landed = (m) => { landed(m); if (m.seq !== undefined && window.__down) { const t0 = window.__down;
            window.__down = 0; requestAnimationFrame(() => window.__taps.push(performance.now() - t0)); } }; }""")
        choose = chooser(7)
        done = 0
        while done < actions:
            st = taps.next_turn()
            if st["over"]:
                break
            a = choose(st)
            if a["type"] in ("move", "transfer"):
                taps.cancel()
                taps.select_on(a["path"][0] if a["type"] == "move" else a["from"], a["figure"])
            taps.play(a, st["state"])
            done += 1
        out = page.evaluate("window.__taps")
        ctx.close()
        return out
    finally:
        host.stop()


def print_taps(ms: list[float]) -> None:
    """The figures of the times (ms) from a tap to the host's update drawn."""
    print(f"tap -> host's update drawn (phone 390x844, {len(ms)} actions): p50 {pct(ms, 50):.1f} ms, "
          f"p99 {pct(ms, 99):.1f} ms, max {max(ms):.1f} ms")


def print_frames(what: str, rate: float, d: list[float], nodes: int) -> None:
    """The figures of the frame times ``d`` (ms) of ``what`` on a phone whose CPU is ``rate`` times
    slower, the page of ``nodes`` elements: the frames over 33 ms are the ones a 30 Hz eye sees."""
    slow = sum(1 for x in d if x > 1000 / 30)
    print(f"{what} frames (phone 390x844, CPU x{rate:g}, {len(d)} frames, {nodes} elements): "
          f"p50 {pct(d, 50):.1f} ms, p95 {pct(d, 95):.1f} ms, p99 {pct(d, 99):.1f} ms, "
          f"max {max(d):.1f} ms, over 33 ms: {slow}, mean {statistics.mean(d):.1f} ms")


def main(argv: list[str]) -> None:
    from playwright.sync_api import sync_playwright
    what = set(argv) or {"frames", "taps"}
    random.seed(1)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        if "taps" in what:
            ms = tap_to_update(browser)
            print_taps(ms)
        if "frames" in what:
            msgs = record()
            with harness_server() as base:
                for rate in (1.0, 4.0):
                    d, nodes = volcano_frames(browser, base, msgs, rate)
                    print_frames("volcano scoring", rate, d, nodes)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
