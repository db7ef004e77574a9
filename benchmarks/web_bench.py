#!/usr/bin/env python3
"""The browser client's first load (issue 27), in Debian's Chromium driven by Playwright, against a
real host and its web page on loopback.

1. The first load's bytes: everything the browser fetched (as sent: gzip where the page's files
   are compressed; headers not counted) from opening the URL to the lobby, with an empty cache;
   then the same with the Tikal table module loaded too (what a phone needs to play Tikal). Fonts:
   the page uses the system's own (none are fetched). Target <= 600 KB.
2. The time from opening the URL to the lobby on loopback: goto -> the join screen drawn, a name
   typed and Join tapped -> the lobby drawn (p50 / max of RUNS fresh browser contexts).
3. For reference: every file of assets/web gzipped, and the catalogs' JSON per language.

    nice -n 10 .venv/bin/python benchmarks/web_bench.py [runs]
"""
from __future__ import annotations

import gzip
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from net.web import catalog_json, load_assets  # noqa: E402

from web_helpers import ARGS, CHROMIUM, WebHost  # noqa: E402

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 7


def first_load(browser, host: WebHost, with_tikal: str | bool) -> tuple[int, int, float, float]:
    """(bytes as sent, requests, seconds to the join screen, seconds from Join to the lobby)."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    got: dict[str, float] = {}
    cdp.on("Network.loadingFinished", lambda e: got.__setitem__(e["requestId"], e["encodedDataLength"]))
    heads: dict[str, int] = {}
    cdp.on("Network.responseReceived",
           lambda e: heads.__setitem__(e["requestId"], int(e["response"].get("encodedDataLength") or 0)))
    t0 = time.perf_counter()
    page.goto(host.origin + "/")
    page.wait_for_function("() => window.tikal && tikal.screen === 'join' && !!document.querySelector('#join')")
    t1 = time.perf_counter()
    page.fill("#name", "Bench")
    t2 = time.perf_counter()
    page.tap("#join")
    page.wait_for_function("() => tikal.screen === 'lobby' && !!document.querySelector('#tables')")
    t3 = time.perf_counter()
    if with_tikal:
        page.evaluate(f"import('/games/{with_tikal}/index.js').then(m => !!m.default)")
    page.wait_for_timeout(300)       # the last loadingFinished events come in
    total = sum(max(0, int(v) - heads.get(k, 0)) for k, v in got.items())
    n = len(got)
    ctx.close()
    return total, n, t1 - t0, t3 - t2


def main() -> None:
    from playwright.sync_api import sync_playwright

    assets = load_assets()
    files = {p: a for p, a in assets.items() if p not in ("/", "/index.html", "/tv")}
    print(f"assets/web: {len(files)} files, {sum(len(a.body) for a in files.values()) / 1024:.0f} KiB, "
          f"{sum(len(a.gz) for a in files.values()) / 1024:.0f} KiB gzipped (all of them)")
    for lang in ("en", "cs", "it", "ru"):
        body = catalog_json(lang)
        print(f"  catalog {lang}: {len(body) / 1024:.0f} KiB, {len(gzip.compress(body)) / 1024:.0f} KiB gzipped")
    host = WebHost(Path(tempfile.mkdtemp()))
    pw = sync_playwright().start()
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
    try:
        first_load(browser, host, False)          # the browser's own first start: not counted
        loads, joins, shell_bytes, tikal_bytes = [], [], [], []
        for i in range(RUNS):
            b, n, t_page, t_lobby = first_load(browser, host, False)
            shell_bytes.append((b, n))
            loads.append(t_page)
            joins.append(t_lobby)
        tikal_bytes.append(first_load(browser, host, "tikal")[:2])
        tortuga_bytes = first_load(browser, host, "tortuga")[:2]
    finally:
        browser.close()
        pw.stop()
        host.stop()
    b, n = shell_bytes[-1]
    print(f"first load to the lobby: {b / 1024:.0f} KB as sent ({n} requests, no fonts: the system's)"
          f" -- target <= 600 KB")
    b, n = tikal_bytes[-1]
    print(f"  with the Tikal table module: {b / 1024:.0f} KB ({n} requests)")
    b, n = tortuga_bytes
    print(f"  with the La Tortuga table module: {b / 1024:.0f} KB ({n} requests)")
    total = [a + j for a, j in zip(loads, joins)]
    print(f"open the URL -> join screen: p50 {statistics.median(loads) * 1000:.0f} ms, max {max(loads) * 1000:.0f} ms")
    print(f"Join -> the lobby: p50 {statistics.median(joins) * 1000:.0f} ms, max {max(joins) * 1000:.0f} ms")
    print(f"open the URL -> the lobby (without the typing): p50 {statistics.median(total) * 1000:.0f} ms, "
          f"max {max(total) * 1000:.0f} ms ({RUNS} runs, loopback)")


if __name__ == "__main__":
    main()
