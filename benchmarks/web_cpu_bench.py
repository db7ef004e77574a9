#!/usr/bin/env python3
"""The browser page's CPU per update: a phone page (Debian's Chromium driven by Playwright, 390x844,
touch) watches a game of bots on a real host on loopback, La Tortuga and Tikal; Chromium's own
counters of the page's renderer (CDP ``Performance.getMetrics``: the main thread's task time, and its
script, layout and style parts) are read before and after, and printed per 100 updates the page drew.

    nice -n 10 .venv/bin/python benchmarks/web_cpu_bench.py [--updates N] [--games tortuga,tikal]
        [--profile DIR]    (also a CPU profile of the renderer per game: DIR/<game>.cpuprofile,
                            and its heaviest functions printed)

Each game runs twice: as a phone sees it, and with ``prefers-reduced-motion: reduce`` emulated
(the page's glows and pulses stopped: what a phone that asks for less motion saves).
"""
from __future__ import annotations

import argparse
import collections
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from web_helpers import ARGS, CHROMIUM, WebHost  # noqa: E402

SEATS = {"tortuga": 4, "tikal": 4}


def bots_table(host: WebHost, game: str) -> int:
    """A table of ``game`` with bots at every seat, started (its creator gone: the bots play alone)."""
    from net.client import Client
    from net.identity import new_key

    addr, port = host.address
    c = Client(addr, port, "Bench", key=new_key()).start()

    def got(t, pred=lambda m: True):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            for m in c.poll():
                if m.get("t") == t and pred(m):
                    return m
            time.sleep(0.01)
        raise TimeoutError(t)
    try:
        got("welcome")
        c.send({"t": "create", "game": game, "seats": SEATS[game], "options": {}})
        tid = got("seated")["table"]
        for s in range(1, SEATS[game]):
            c.send({"t": "bot", "seat": s, "level": "random"})
        got("table", lambda m: all(p["kind"] != "empty" for p in m["table"]["players"][1:]))
        c.send({"t": "start"})
        got("update")
        c.send({"t": "leave"})
        got("left")
    finally:
        c.close()
    return tid


def renderers_cpu() -> float:
    """The CPU seconds (user + system) of every Chromium renderer process under this one (Linux's
    /proc: the page's main thread and its raster and compositor threads, which the CDP counters
    leave out)."""
    import os

    tick = os.sysconf("SC_CLK_TCK")
    procs = {}
    for name in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
            cmd = Path(f"/proc/{name}/cmdline").read_bytes()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        procs[int(name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick, b"--type=renderer" in cmd)
    mine = {os.getpid()}
    grew = True
    while grew:
        grew = False
        for pid, (ppid, _, _) in procs.items():
            if ppid in mine and pid not in mine:
                mine.add(pid)
                grew = True
    return sum(cpu for pid, (_, cpu, renderer) in procs.items() if renderer and pid in mine)


def metrics(cdp) -> dict:
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def hottest(profile: dict, n: int = 25) -> list[tuple[float, str]]:
    """The functions the samples fell in most (self time), in ms."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    dt = profile.get("timeDeltas", [])
    self_ms: collections.Counter = collections.Counter()
    for sid, d in zip(profile.get("samples", []), dt):
        cf = nodes[sid]["callFrame"]
        url = cf["url"].rsplit("/", 2)
        key = f"{cf['functionName'] or '(anon)'} {'/'.join(url[-2:])}:{cf['lineNumber'] + 1}"
        self_ms[key] += d / 1000
    return [(ms, k) for k, ms in self_ms.most_common(n)]


def run(browser, game: str, updates: int, reduced: bool, profile_dir: Path | None, delay: float,
        path: str = "/") -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        host = WebHost(Path(tmp), bot_delay=delay, bots_alone_delay=delay)
        try:
            tid = bots_table(host, game)
            ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                      reduced_motion="reduce" if reduced else "no-preference")
            ctx.add_init_script("try { localStorage.setItem('tikal.guide_done', 'true'); } catch (e) {}")
            page = ctx.new_page()
            page.set_default_timeout(60_000)
            page.goto(host.origin + path)
            page.wait_for_function("() => window.tikal && tikal.screen === 'join'")
            page.fill("#name", "Watcher")
            page.tap("#join")
            page.wait_for_function("() => tikal.screen === 'lobby' && !!document.querySelector('#tables')")
            page.evaluate(f"tikal.send(tikal.watch({tid}))")
            page.wait_for_function("() => tikal.screen === 'play' && tikal.play && tikal.play.instance"
                                   " && !!tikal.play.last")
            cdp = ctx.new_cdp_session(page)
            cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
            if profile_dir:
                cdp.send("Profiler.enable")
                cdp.send("Profiler.setSamplingInterval", {"interval": 500})
                cdp.send("Profiler.start")
            s0 = page.evaluate("tikal.play.last.state")
            m0, t0, c0 = metrics(cdp), time.perf_counter(), renderers_cpu()
            page.wait_for_function(f"() => tikal.play.last.over || tikal.play.last.state >= {s0 + updates}",
                                   polling=250)
            m1, t1, c1 = metrics(cdp), time.perf_counter(), renderers_cpu()
            s1 = page.evaluate("tikal.play.last.state")
            prof = cdp.send("Profiler.stop")["profile"] if profile_dir else None
            ctx.close()
        finally:
            host.stop()
    n = max(1, s1 - s0)
    per = {k: (m1[k] - m0[k]) * 100 / n for k in ("TaskDuration", "ScriptDuration", "LayoutDuration",
                                                   "RecalcStyleDuration")}
    out = {"game": game, "reduced": reduced, "updates": n, "wall": t1 - t0, **per,
           "layouts": (m1["LayoutCount"] - m0["LayoutCount"]) * 100 / n,
           "styles": (m1["RecalcStyleCount"] - m0["RecalcStyleCount"]) * 100 / n,
           "process": (c1 - c0) * 100 / n}
    if prof and profile_dir:
        profile_dir.mkdir(parents=True, exist_ok=True)
        name = f"{game}{'-reduced' if reduced else ''}.cpuprofile"
        (profile_dir / name).write_text(json.dumps(prof))
        out["hot"] = hottest(prof)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--updates", type=int, default=100)
    ap.add_argument("--games", default="tortuga,tikal")
    ap.add_argument("--delay", type=float, default=0.15, help="the bots' delay between moves (s)")
    ap.add_argument("--profile", type=Path, default=None)
    ap.add_argument("--no-reduced", action="store_true")
    ap.add_argument("--path", default="/", help="the page's address: /?anim=off as the tests open it")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            for game in args.games.split(","):
                for reduced in (False,) if args.no_reduced else (False, True):
                    r = run(browser, game, args.updates, reduced, args.profile, args.delay, args.path)
                    mode = "reduced motion" if reduced else "as a phone sees it"
                    print(f"{game:8} {mode:20} {r['updates']:4} updates in {r['wall']:5.1f} s; per 100 updates: "
                          f"renderer process {r['process']:5.2f} s CPU, its main thread {r['TaskDuration']:5.2f} s "
                          f"(script {r['ScriptDuration']:5.2f}, "
                          f"layout {r['LayoutDuration']:5.2f}, style {r['RecalcStyleDuration']:5.2f}; "
                          f"{r['layouts']:.0f} layouts, {r['styles']:.0f} style recalcs)", flush=True)
                    for ms, k in r.get("hot", [])[:20]:
                        print(f"      {ms:8.1f} ms  {k}")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
