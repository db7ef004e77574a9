"""The page when the host's web server is busy (net/share.py's shares of connections, the page's
app/boot.js), in a real Chromium against a real host on loopback: a page reloaded while the
browser's address holds its share of connections still loads; a page told "busy" loads itself
again; a file refused while the page loads makes it load again, a bounded number of times.

The connections that hold an address's places are raw sockets from 127.0.0.1, the browser's own
address, each with half a request head; the server's patience for a head and a place is made a
hang's length (HANG), so nothing here depends on the clock."""
from __future__ import annotations

import socket
import threading

import pytest

from net import share as share_mod

from waiting import HANG, until
from web_helpers import create_table, join, open_page, tap, wait_for

pytestmark = pytest.mark.slow


@pytest.fixture
def patient(monkeypatch):
    monkeypatch.setattr(share_mod, "HEAD_TIMEOUT", HANG)
    monkeypatch.setattr(share_mod, "QUEUE_WAIT", HANG)


def hold(web_host, n: int) -> list[socket.socket]:
    """``n`` connections from 127.0.0.1 to the page's port, each with half a request head."""
    held = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", web_host.web_port))
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        held.append(s)
    return held


def counts(web_host) -> tuple[int, int]:
    """(connections with a place, connections waiting for one) at the web server."""
    web = web_host.web
    return web_host.call(lambda: (len(web._conns), len(web._queued)))


def release(held: list[socket.socket]) -> None:
    for s in held:
        s.close()


def refuse(page, url: str, times: int | None = None) -> list[str]:
    """The page's requests for ``url`` answered 503 as a busy host answers them, the first
    ``times`` of them (all of them when None; the rest reach the host). Each request's URL is
    added to the list returned, as it is asked."""
    asked: list[str] = []

    def handle(route):
        asked.append(route.request.url)
        if times is None or len(asked) <= times:
            route.fulfill(status=503, body="busy, try again\n", content_type="text/plain")
        else:
            route.continue_()

    page.route(url, handle)
    return asked


def test_a_page_opened_while_its_address_has_its_share_waits_and_loads(web_host, phone, patient):
    """A page closed or reloaded while it loads leaves its requests at the host a moment after
    the browser dropped them; the next page's requests from that address wait for a place
    instead of being refused (which left a blank page: test_web_shell's page opened again)."""
    held = hold(web_host, share_mod.MAX_PER_ADDRESS)
    until(lambda: counts(web_host)[0] == share_mod.MAX_PER_ADDRESS, "the share taken")

    def free_when_one_waits():
        until(lambda: counts(web_host)[1] >= 1, "a request of the page waiting")
        release(held)

    freer = threading.Thread(target=free_when_one_waits, daemon=True)
    freer.start()
    page = phone()
    statuses = []
    page.on("response", lambda r: statuses.append((r.status, r.url)))
    try:
        first = page.goto(web_host.origin + "/")
        assert first is not None and first.status == 200
        open_page(page, web_host)
    finally:
        freer.join(HANG)
        release(held)
    assert [s for s in statuses if s[0] >= 500] == []
    assert page.js_errors == []


def test_a_page_told_busy_loads_itself_again(web_host, phone, patient):
    """Its address's share taken and as many waiting: the page is told 503 with Refresh, and the
    browser asks again by itself once there is room, with no tap on reload."""
    held = hold(web_host, share_mod.MAX_PER_ADDRESS)
    until(lambda: counts(web_host)[0] == share_mod.MAX_PER_ADDRESS, "the share taken")
    held += hold(web_host, share_mod.MAX_PER_ADDRESS)
    until(lambda: counts(web_host)[1] == share_mod.MAX_PER_ADDRESS, "the queue full")
    page = phone()
    try:
        first = page.goto(web_host.origin + "/")
        assert first is not None and first.status == 503
        assert first.headers.get("refresh") == str(share_mod.BUSY_RETRY)
        assert "busy" in page.inner_text("body")
    finally:
        release(held)
    open_page(page, web_host)           # the page came back by itself
    wait_for(page, "tikal.screen === 'join'")


@pytest.mark.parametrize("refused", ["/app/main.js", "/app/ui.js", "/app/style.css", "/i18n/en.json"])
def test_a_file_refused_while_the_page_loads_makes_it_load_again(web_host, phone, refused):
    """A browser never fetches a failed module again, and the app cannot start without its
    catalog (nor look right without its style): one of them refused once (503, as a busy host
    answers) and the page loads itself again (app/boot.js), styled and started; the count of
    tries starts again once it runs."""
    page = phone()
    asked = refuse(page, web_host.origin + refused, times=1)
    page.goto(web_host.origin + "/")
    wait_for(page, "performance.getEntriesByType('navigation')[0].type === 'reload' "
                   "&& window.tikal && tikal.screen === 'join'")          # loaded again by itself
    assert len(asked) == 2
    assert page.evaluate("document.querySelector('link[data-boot]').sheet.cssRules.length") > 0
    assert page.evaluate("sessionStorage.getItem('tikal.boot.tries.page')") is None


def test_a_table_module_refused_mid_game_loads_the_page_again_back_in_its_seat(web_host, phone):
    """A game's table module is loaded when its game starts: a file of it refused (a busy host)
    makes the page load itself again, back in its seat with the game's own table, not the plain
    one that plays a game with no module of its own."""
    page = phone()
    asked = refuse(page, web_host.origin + "/games/tikal/board.js", times=1)
    open_page(page, web_host)
    join(page, "Ben")
    create_table(page, "tikal", seats=2)
    tap(page, '[data-act="bot"]')
    wait_for(page, "tikal.table.players[1].kind === 'bot'")
    tap(page, "#start")
    wait_for(page, "tikal.screen === 'play' && tikal.seat === 0 && !!tikal.play.module "
                   "&& tikal.play.module.name === 'tikal'")
    assert len(asked) == 2
    assert page.evaluate("sessionStorage.getItem('tikal.boot.tries.table')") is None


def test_a_page_whose_file_never_comes_stops_loading_itself_again(web_host, phone):
    """Refused every time, the page loads itself again five times in a row and then stops."""
    page = phone()
    asked = refuse(page, web_host.origin + "/app/main.js")
    page.goto(web_host.origin + "/")
    wait_for(page, "!!window.tikalBoot && window.tikalBoot.outOfTries")
    assert page.evaluate("sessionStorage.getItem('tikal.boot.tries.page')") == "5"
    assert page.evaluate("window.tikalBoot.failed()") is False      # no more loads
    assert len(asked) == 6                                            # the first and five again
    assert page.evaluate("typeof window.tikal") == "undefined"
