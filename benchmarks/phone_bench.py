#!/usr/bin/env python3
"""A phone's first load on a slow link (issue 40, point 2): Debian's Chromium driven by Playwright,
its network emulated by Chromium itself (CDP ``Network.emulateNetworkConditions``: 150 ms of
latency, 2 Mbit/s each way), the cache empty, against a real host and its web page on loopback.

Per run, in a fresh browser context (a phone that never saw the page):
- the URL to the lobby: ``goto`` -> the join screen drawn -> the name filled, Join tapped -> the
  lobby's list of tables drawn;
- on to a Tikal board: a Tikal table created by taps, bots in its free seats, Start -> the Tikal table drawn
  (its module loaded);
- the requests the page made (CDP), and the TCP connections it opened, counted at the server
  (every connection the web port accepted: the page's files, ``/ws``).

    nice -n 10 .venv/bin/python benchmarks/phone_bench.py [runs]
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from web_helpers import ARGS, CHROMIUM, WebHost  # noqa: E402

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
#: Chromium's emulated link: a phone on a poor Wi-Fi or a 3G-ish mobile link
LINK = {"offline": False, "latency": 150, "downloadThroughput": 2_000_000 / 8,
        "uploadThroughput": 2_000_000 / 8}


def count_connections() -> list:
    """The peer address of every connection a web server accepts from now on (at the server: its
    handler of one connection, ``_serve``, counts them)."""
    from net.share import ShareServer

    seen: list = []
    serve = ShareServer._serve

    async def counted(self, reader, writer):
        seen.append(writer.get_extra_info("peername"))
        return await serve(self, reader, writer)

    ShareServer._serve = counted      # type: ignore[method-assign]
    return seen


def one_run(browser, host: WebHost, seen: list) -> dict:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(300_000)
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", LINK)
    requests: list[str] = []
    cdp.on("Network.requestWillBeSent", lambda e: requests.append(e["request"]["url"]))
    sockets: list[str] = []
    cdp.on("Network.webSocketCreated", lambda e: sockets.append(e["url"]))
    before = len(seen)
    t0 = time.perf_counter()
    page.goto(host.origin + "/")
    page.wait_for_function("() => window.tikal && tikal.screen === 'join' && !!document.querySelector('#join')")
    page.fill("#name", "Phone")
    page.tap("#join")
    page.wait_for_function("() => tikal.screen === 'lobby' && !!document.querySelector('#tables')")
    t_lobby = time.perf_counter() - t0
    lobby_requests, lobby_conns = len(requests), len(seen) - before
    page.tap('[data-game="tikal"]')
    page.tap("#create")
    page.wait_for_function("() => tikal.screen === 'table' && tikal.table && tikal.table.id")
    while (n := page.locator("[data-act=bot]").count()):          # a bot in each free seat
        page.locator("[data-act=bot]").first.tap()
        page.wait_for_function(f"() => document.querySelectorAll('[data-act=bot]').length < {n}")
    page.tap("#start")
    page.wait_for_function("() => tikal.play && tikal.play.instance && !!tikal.play.instance.tikal")
    t_board = time.perf_counter() - t0
    out = {"lobby": t_lobby, "board": t_board, "lobby_requests": lobby_requests,
           "lobby_conns": lobby_conns, "requests": len(requests), "conns": len(seen) - before,
           "ws": len(sockets)}
    ctx.close()
    return out


def main() -> None:
    from playwright.sync_api import sync_playwright

    seen = count_connections()
    host = WebHost(Path(tempfile.mkdtemp()), bot_delay=0.0)
    pw = sync_playwright().start()
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
    runs = []
    try:
        one_run(browser, host, seen)        # the browser's own first start: not counted
        for _ in range(RUNS):
            runs.append(one_run(browser, host, seen))
    finally:
        browser.close()
        pw.stop()
        host.stop()

    def span(key: str) -> str:
        xs = [r[key] for r in runs]
        return f"p50 {statistics.median(xs):.2f} s, max {max(xs):.2f} s"

    print(f"emulated link: {LINK['latency']} ms, {LINK['downloadThroughput'] * 8 / 1e6:g} Mbit/s; "
          f"{RUNS} runs, each a fresh context (empty cache)")
    print(f"URL -> the lobby: {span('lobby')}; requests {sorted(r['lobby_requests'] for r in runs)}, "
          f"connections at the server {sorted(r['lobby_conns'] for r in runs)}")
    print(f"URL -> a Tikal board (create, bots, start): {span('board')}; requests "
          f"{sorted(r['requests'] for r in runs)}, connections at the server "
          f"{sorted(r['conns'] for r in runs)} (WebSockets {sorted(r['ws'] for r in runs)})")


if __name__ == "__main__":
    main()
