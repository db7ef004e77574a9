"""The phone's conventions (issue 39 point 4) in a real Chromium at a phone's size with touch,
against a real host on loopback (tests/web_helpers.py): the seat kept for the host's own window
shown with its player's name; Back goes back a screen (app/history.js) and asks before it leaves a
game; the web app manifest and the touch icons; the screen kept on at a table where the browser
allows it (app/wakelock.js)."""
from __future__ import annotations

import socket

import pytest

from net.client import Client

from waiting import until
from web_helpers import (
    LANGS,
    PLAYING,
    bots_and_start,
    create_table,
    fit_problems,
    join,
    new_table,
    open_page,
    tap,
    wait_for,
)

pytestmark = pytest.mark.slow
#: This machine's own name as a phone on the LAN would call the host (http://<name>:47475/, not a
#: secure context), mapped to 127.0.0.1 inside this module's browser only: no traffic leaves the loopback.
LAN_NAME = socket.gethostname().lower().split(".")[0]


@pytest.fixture(scope="module")
def chromium():
    """web_helpers' browser (one per module), which also calls this machine by LAN_NAME."""
    from web_helpers import ARGS, CHROMIUM, need_browser

    pw = need_browser()().start()
    browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                 args=[*ARGS, f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1"])
    yield browser
    browser.close()
    pw.stop()


def received(client: Client, t: str, pred=None) -> dict:
    def arrived():
        return next((m for m in client.poll() if m.get("t") == t and (pred is None or pred(m))), None)
    return until(arrived, f"a {t!r} message")


def test_the_hosts_kept_seat_shows_the_hosts_name_not_an_empty_seat(web_host, phone):
    """The host's window keeps seat 0 of its table: a phone sees it kept for the host, then, once
    the window said hello, with its player's name, in the list and at the table (never "empty
    seat", never a Sit or Add bot on it)."""
    tid = web_host.call(lambda: web_host.host.create_table("tikal", 3, for_window=True).id)
    page = phone()
    open_page(page, web_host)
    join(page, "Vera")
    wait_for(page, f"!!document.querySelector('[data-table=\"{tid}\"] [data-act=\"sit\"]')")
    tap(page, f'[data-table="{tid}"] [data-act="sit"]')
    wait_for(page, "tikal.screen === 'table' && tikal.seat === 1")
    kept = page.locator('#seats [data-seat="0"] .name')
    assert kept.inner_text() == page.evaluate("tikal.t('web.kept_for_host')")
    addr, port = web_host.address
    window = Client(addr, port, "Mirek", operator=web_host.host.party.operator).start()
    try:
        received(window, "welcome")
        wait_for(page, "document.querySelector('#seats [data-seat=\"0\"] .name').textContent === 'Mirek'")
        row = page.locator('#seats [data-seat="0"]')
        assert page.evaluate("tikal.t('web.host_seat')") in row.inner_text()
        assert page.evaluate("tikal.t('web.empty_seat')") not in row.inner_text()
        assert row.locator("button").count() == 0
        assert page.locator('#seats [data-seat="2"] .name').inner_text() == page.evaluate("tikal.t('web.empty_seat')")
        for lang in LANGS:
            page.evaluate("(l) => tikal.setLanguage(l)", lang)
            wait_for(page, "(l) => tikal.cat.lang === l && !!document.querySelector('#seats')", lang)
            assert fit_problems(page) == []
        page.evaluate("tikal.setLanguage('en')")
        tap(page, "#leave")
        wait_for(page, f"tikal.screen === 'lobby' && !!document.querySelector('[data-table=\"{tid}\"] .names')")
        assert "Mirek" in page.inner_text(f'[data-table="{tid}"] .names')
        assert page.js_errors == []
    finally:
        window.close()


# --- Back goes back a screen, never out of a game without asking ------------------------------------
def back(page) -> None:
    """The phone's Back (the browser's history, as the system's Back button moves it)."""
    page.evaluate("history.back()")


def test_back_goes_back_a_screen_and_never_leaves_a_game_without_asking(web_host, phone):
    page = phone()
    open_page(page, web_host)
    join(page, "Vera")
    start = page.evaluate("history.length")
    # a table's lobby <- Back: the lobby (the table left)
    tid = create_table(page, "tortuga", seats=2)
    wait_for(page, "history.state && history.state.depth === 1")
    back(page)
    wait_for(page, "tikal.screen === 'lobby' && !tikal.table && history.state.depth === 0")
    # a dialog <- Back: the dialog closes, the screen stays
    tap(page, "#settings")
    wait_for(page, "!!document.getElementById('settings-dialog') && history.state.depth === 1")
    back(page)
    wait_for(page, "!document.getElementById('settings-dialog') && history.state.depth === 0")
    assert page.evaluate("tikal.screen") == "lobby"
    # a game under way <- Back: "Leave the game?"; Stay keeps it, and so does Back on the question
    tid = create_table(page, "tortuga", seats=2)
    bots_and_start(page, one=True, until=PLAYING + " && history.state.depth === 1")
    back(page)
    wait_for(page, "!!document.getElementById('leave-confirm') && history.state.depth === 2")
    assert page.evaluate("tikal.screen") == "play" and web_host.table(tid).seats[0].conn is not None
    assert fit_problems(page) == []
    tap(page, "#leave-confirm-stay")
    wait_for(page, "!document.getElementById('leave-confirm') && history.state.depth === 1")
    back(page)
    wait_for(page, "!!document.getElementById('leave-confirm')")
    back(page)                                             # Back on the question: it closes, the game stays
    wait_for(page, "!document.getElementById('leave-confirm') && history.state.depth === 1")
    assert page.evaluate("tikal.screen === 'play' && tikal.seat === 0")
    # the menu <- Back: the menu closes, the game stays
    tap(page, "#menu-button")
    wait_for(page, "!!document.getElementById('menu') && history.state.depth === 2")
    back(page)
    wait_for(page, "!document.getElementById('menu') && history.state.depth === 1 && tikal.screen === 'play'")
    # Leave on the question: the lobby, the seat kept for the player (a bot plays it)
    back(page)
    wait_for(page, "!!document.getElementById('leave-confirm')")
    tap(page, "#leave-confirm-leave")
    # (the bots finish the game at once: the seat was the player's to the end, "Back to my seat" or not)
    wait_for(page, "tikal.screen === 'lobby' && history.state.depth === 0 && tikal.seat === null")
    assert web_host.table(tid).seats[0].kind == "human" and web_host.table(tid).seats[0].conn is None
    assert page.evaluate("history.length") <= start + 3        # (entries reused, not piled up)
    assert page.js_errors == []


def test_the_page_loaded_again_at_a_table_goes_back_to_the_lobby_not_out_of_the_page(web_host, phone):
    page = phone()
    new_table(page, web_host, "Ivo", "tikal", seats=2)
    wait_for(page, "history.state.depth === 1")
    page.reload()
    wait_for(page, "window.tikal && tikal.screen === 'table' && history.state && history.state.depth === 1")
    back(page)
    wait_for(page, "tikal.screen === 'lobby' && history.state.depth === 0")
    assert page.url.startswith(web_host.origin) and page.js_errors == []


# --- the home screen: a web app manifest and touch icons ---------------------------------------------
def test_the_manifest_and_its_icons_make_the_page_an_app_with_the_games_icon(web_host, chromium, tmp_path):
    """The page names its manifest (served as application/manifest+json, allowed by the page's
    CSP), which Chromium reads without an error: full screen, the page's colours, the game's icon
    at 192 and 512 px (and a maskable one), the touch icon iOS takes at 180; Chromium finds nothing
    that stops it installing the page but the test's own incognito profile."""
    import json
    import urllib.request

    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = ctx.new_page()
        errors, csp = [], []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda m: csp.append(m.text) if "Content Security Policy" in m.text else None)
        open_page(page, web_host)
        with urllib.request.urlopen(web_host.origin + "/manifest.webmanifest") as r:
            assert r.headers["Content-Type"] == "application/manifest+json"
            assert "manifest-src 'self'" in r.headers["Content-Security-Policy"]
            manifest = json.loads(r.read())
        assert manifest["display"] == "fullscreen" and manifest["start_url"] == "/"
        cdp = ctx.new_cdp_session(page)
        got = cdp.send("Page.getAppManifest")
        assert got["url"] == web_host.origin + "/manifest.webmanifest" and got["errors"] == []
        assert got["manifest"]["display"] == "kFullscreen" and got["manifest"]["name"] == "Tikal & La Tortuga"
        stops = {e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]}
        assert stops <= {"in-incognito"}, stops
        touch = page.evaluate("document.querySelector('link[rel=apple-touch-icon]').href")
        icons = [(web_host.origin + i["src"], i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]]
        assert {p for _, _, p in icons} == {"any", "maskable"} and {s for _, s, _ in icons} >= {"192x192", "512x512"}
        for url, sizes in [(u, s) for u, s, _ in icons] + [(touch, "180x180")]:
            w, hgt = page.evaluate("(u) => new Promise((ok, bad) => { const i = new Image(); i.onload = () => "
                                   "ok([i.naturalWidth, i.naturalHeight]); i.onerror = bad; i.src = u; })", url)
            assert f"{w}x{hgt}" == sizes, url
            with urllib.request.urlopen(url) as r:
                assert r.headers["Content-Type"] == "image/png"
        assert csp == [] and errors == []
    finally:
        ctx.close()


# --- the screen kept on at a table --------------------------------------------------------------------
def test_the_screen_is_kept_on_at_a_table_where_the_browser_allows_it(web_host, chromium):
    """On a secure page (the host's own machine: http://127.0.0.1 is one) the page holds a screen
    wake lock at a table and lets it go in the lobby."""
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = ctx.new_page()
        open_page(page, web_host)
        join(page, "Zoe")
        assert page.evaluate("tikal.wake") == {"supported": True, "held": False, "error": None}
        create_table(page, "tortuga", seats=2)
        wait_for(page, "tikal.wake.held || !!tikal.wake.error")
        assert page.evaluate("tikal.wake")["held"] is True
        assert page.evaluate("navigator.wakeLock && window.isSecureContext")
        tap(page, "#leave")
        wait_for(page, "tikal.screen === 'lobby' && !tikal.wake.held")
    finally:
        ctx.close()


def test_a_plain_http_lan_page_has_no_wake_lock_and_goes_on_without_one(web_host, phone):
    """A phone on the host's http:// LAN address: not a secure context, so no Wake Lock API; the page
    plays on without one (the README says what it does instead)."""
    page = phone()
    page.goto(f"http://{LAN_NAME}:{web_host.web_port}/")
    wait_for(page, "window.tikal && tikal.cat && tikal.screen === 'join'")
    assert page.evaluate("window.isSecureContext") is False
    join(page, "Eli")
    create_table(page, "tortuga", seats=2)
    assert page.evaluate("tikal.wake") == {"supported": False, "held": False, "error": None}
    assert page.evaluate("tikal.screen") == "table" and page.js_errors == []
