#!/usr/bin/env python3
"""The La Tortuga table in a browser: speed figures (issue 27), printed, never asserted.

1. A tap to the host's update drawn, p50 / p99: a phone page (390x844, touch) in the real shell
   plays its seat of a two-seat game (two turtles each) by taps against a bot through a real host
   on loopback; each action is timed from the finger's ``pointerdown`` to the first frame after the
   host's update for it was drawn (the animations off: the page's action, the WebSocket, the
   host's rules and journal sync, the update back, the module's redraw).
2. Animation frame times at phone size: the same game at real speed (dice tumbling, turtles
   hopping space by space with their riders, busts splashing back, cards flying), the
   ``requestAnimationFrame`` deltas while something animates, p50 / p95 / p99 / max, also with the
   CPU slowed 4x (Chromium's throttling: a modest phone).

    python benchmarks/web_tortuga_bench.py            # both
    python benchmarks/web_tortuga_bench.py frames     # only the frame times
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from web_tikal_bench import PHONE, print_frames, print_taps  # noqa: E402

from web_helpers import ARGS, CHROMIUM, WebHost  # noqa: E402
from web_tortuga_support import SHELL_TABLE, Taps, chooser, start_game  # noqa: E402

#: The frames drawn while the table animates (its timeline busy), in ms between two.
BUSY_FRAMES_JS = f"""() => {{ const d = []; let last = 0; window.__frames = d;
  const f = (t) => {{ const busy = {SHELL_TABLE}.timeline.busy;
    if (last && busy) d.push(t - last); last = busy ? t : 0; requestAnimationFrame(f); }};
  requestAnimationFrame(f); }}"""
TAP_JS = f"""() => {{ const t = {SHELL_TABLE}; window.__taps = [];
  document.addEventListener('pointerdown', () => {{ window.__down = performance.now(); }}, true);
  const landed = t.landed.bind(t);
  t.landed = (m) => {{ landed(m); if (m.seq !== undefined && window.__down) {{ const t0 = window.__down;
    window.__down = 0; requestAnimationFrame(() => window.__taps.push(performance.now() - t0)); }} }}; }}"""


def play(browser, path: str, actions: int, throttle: float = 1.0, setup: str | None = None) -> tuple[list, int]:
    """A two-seat game's first ``actions`` decisions of ours by taps; what ``setup`` gathered and
    the island's number of elements."""
    host = WebHost(Path(tempfile.mkdtemp()))
    try:
        ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
        page = ctx.new_page()
        page.has_touch = True
        start_game(page, host, 2, path=path)
        if throttle != 1.0:
            ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        if setup:
            page.evaluate(setup)
        taps, choose, done = Taps(page, timeout=600_000), chooser(7, cards=0), 0
        while done < actions:
            st = taps.next_turn()
            if st["over"]:
                break
            taps.play(choose(st), st["state"], island=done % 4 == 1)
            done += 1
        out = page.evaluate("window.__taps || window.__frames")
        nodes = page.evaluate(f"{SHELL_TABLE}.el.querySelectorAll('*').length")
        ctx.close()
        return out, nodes
    finally:
        host.stop()


def main(argv: list[str]) -> None:
    from playwright.sync_api import sync_playwright
    what = set(argv) or {"frames", "taps"}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        if "taps" in what:
            ms, _ = play(browser, "/?anim=off", 80, setup=TAP_JS)
            print_taps(ms)
        if "frames" in what:
            for rate in (1.0, 4.0):
                d, nodes = play(browser, "/", 24, rate, setup=BUSY_FRAMES_JS)
                print_frames("animation", rate, d, nodes)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
