"""The page when the host's web server is busy (net/httpd.py's places, the page's app/boot.js),
in a real Chromium against a real host on loopback: a page opened while every place of the
browser's address answers a request waits and loads; a page told "busy" loads itself again; a
file refused while the page loads makes it load again, a bounded number of times.

The connections that hold an address's places are raw sockets from 127.0.0.1, the browser's own
address, each with a request held at a route of the server's until the test frees it; the
server's patience for a place is made a hang's length (HANG), so nothing here depends on the
clock."""
from __future__ import annotations

import socket
import threading

import pytest

from net import httpd as httpd_mod

from net_helpers import Holds
from waiting import HANG, until
from web_helpers import bots_and_start, new_table, open_page, wait_for

pytestmark = pytest.mark.slow


@pytest.fixture
def patient(monkeypatch):
    monkeypatch.setattr(httpd_mod, "QUEUE_WAIT", HANG)


class Held:
    """``n`` connections from 127.0.0.1 (the browser's own address) to the page's port, each with
    a request held at a route of the server's that answers when the test says: their places are
    busy (one answering a request is never made to give it up)."""

    def __init__(self, web_host):
        self.web_host = web_host
        self.holds = web_host.call(lambda: Holds(web_host.web))
        self.socks: list[socket.socket] = []

    def hold(self, n: int) -> None:
        before = self.web_host.call(lambda: len(self.holds.gates))
        for _ in range(n):
            s = socket.create_connection(("127.0.0.1", self.web_host.web_port))
            s.sendall(b"GET /hold HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            self.socks.append(s)

        def held():
            return len(self.holds.gates) >= before + n or len(self.web_host.web._queued) > 0
        until(lambda: self.web_host.call(held), "the requests held")

    def free(self) -> None:
        self.web_host.call(self.holds.free_all)
        for s in self.socks:
            s.close()


def counts(web_host) -> tuple[int, int]:
    """(connections with a place, connections waiting for one) at the web server."""
    web = web_host.web
    return web_host.call(lambda: (len(web._conns), len(web._queued)))


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
    """Several browsers behind one address load their pages at once: while every place of that
    address answers a request, the next page's requests wait for a place instead of being refused
    (which left a blank page), and take one as soon as one is free."""
    held = Held(web_host)
    held.hold(httpd_mod.MAX_PER_ADDRESS)
    until(lambda: counts(web_host)[0] == httpd_mod.MAX_PER_ADDRESS, "the share taken")

    def free_when_one_waits():
        until(lambda: counts(web_host)[1] >= 1, "a request of the page waiting")
        held.free()

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
        held.free()
    assert [s for s in statuses if s[0] >= 500] == []
    assert page.js_errors == []


def test_a_page_told_busy_loads_itself_again(web_host, phone, patient):
    """Its address's share busy and as many waiting: the page is told 503 with Refresh, and the
    browser asks again by itself once there is room, with no tap on reload."""
    held = Held(web_host)
    held.hold(httpd_mod.MAX_PER_ADDRESS)
    until(lambda: counts(web_host)[0] == httpd_mod.MAX_PER_ADDRESS, "the share taken")
    held.hold(httpd_mod.MAX_PER_ADDRESS)
    until(lambda: counts(web_host)[1] == httpd_mod.MAX_PER_ADDRESS, "the queue full")
    page = phone()
    try:
        first = page.goto(web_host.origin + "/")
        assert first is not None and first.status == 503
        assert first.headers.get("refresh") == str(httpd_mod.BUSY_RETRY)
        assert "busy" in page.inner_text("body")
    finally:
        held.free()
    open_page(page, web_host)           # the page came back by itself
    wait_for(page, "tikal.screen === 'join'")


# (the file, how many of its requests are refused). A module the page announces (ui.js: index.html's
# <link rel="modulepreload">, net/web.py) is asked twice by a browser whose preload failed: Chromium
# 156 fetches it again for the module graph (an older one took the failed preload as the module's
# answer); both refused, the module graph fails, whichever the browser.
REFUSED = [("/app/main.js", 1), ("/app/ui.js", 2), ("/app/style.css", 1), ("/i18n/en.json", 1)]


@pytest.mark.parametrize("refused,times", REFUSED, ids=[r for r, _ in REFUSED])
def test_a_file_refused_while_the_page_loads_makes_it_load_again(web_host, phone, refused, times):
    """A browser never fetches a failed module again, and the app cannot start without its
    catalog (nor look right without its style): one of them refused (503, as a busy host
    answers) and the page loads itself again (app/boot.js), styled and started; the count of
    tries starts again once it runs."""
    page = phone()
    asked = refuse(page, web_host.origin + refused, times=times)
    page.goto(web_host.origin + "/")
    wait_for(page, "performance.getEntriesByType('navigation')[0].type === 'reload' "
                   "&& window.tikal && tikal.screen === 'join'")          # loaded again by itself
    assert len(asked) == times + 1
    assert page.evaluate("document.querySelector('link[data-boot]').sheet.cssRules.length") > 0
    assert page.evaluate("sessionStorage.getItem('tikal.boot.tries.page')") is None


def test_a_table_module_refused_mid_game_loads_the_page_again_back_in_its_seat(web_host, phone):
    """A game's table module is loaded when its game starts: a file of it refused (a busy host)
    makes the page load itself again, back in its seat with the game's own table, not the plain
    one that plays a game with no module of its own."""
    page = phone()
    asked = refuse(page, web_host.origin + "/games/tikal/board.js", times=1)
    new_table(page, web_host, "Ben", "tikal", seats=2)
    bots_and_start(page, one=True, until="tikal.screen === 'play' && tikal.seat === 0 && !!tikal.play.module "
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


def test_a_phones_first_load_opens_at_most_12_connections(web_host, phone):
    """Persistent connections (net/httpd.py): a phone's first load, the page, the lobby and a
    Tikal table with its board (about 60 requests: the page's modules, the catalog, the table
    module's files, the WebSocket), opens at most 12 TCP connections, counted at the server
    (each request on a connection of its own made 52)."""
    from test_web_tikal_play import start_game

    before = web_host.call(lambda: web_host.web.accepted)
    page = phone()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    start_game(page, web_host, 2, "base", path="/")
    wait_for(page, "!!document.querySelector('#tk-style') && !!tikal.play.instance.tikal")
    opened = web_host.call(lambda: web_host.web.accepted) - before
    assert len(requests) > 40, requests           # the whole load: page, lobby, the table's files
    assert opened <= 12, (opened, len(requests))
    assert page.js_errors == []
