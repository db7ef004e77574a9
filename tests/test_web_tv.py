"""TV mode in a browser (/tv, issue 39 point 1) in a real Chromium at 1920x1080 against a real
host on loopback whose bots play: a TV switched on mid-game shows the board with nothing to tap
(no "while you were away" panel), the players' names and scores large, whose turn, a scoring told
large that goes by itself; between games the page's address and its QR code, decoded (zbar) to the
host's own LAN address although the TV's browser used ``localhost``; a host without a LAN address
says so. A phone that watches gets a recap that goes by itself. Seven players at La Tortuga, large,
and their Play again between games: who is in, who not yet, the owner starts. The host's LAN address is faked
through its configuration (``HostConfig.lan``): no real interface is read or used.

``TIKAL_WEB_SHOTS=DIR`` saves the screenshots there to be looked at (``tv-<screen>-<lang>.png``)."""
from __future__ import annotations

import os
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from net.client import Client
from net.identity import new_key

from waiting import HANG, Stall, until
from web_helpers import LANGS, LONG_NAMES, WebHost, fit_problems, join, open_page, tap, wait_for

SHOTS = os.environ.get("TIKAL_WEB_SHOTS")
TV = {"width": 1920, "height": 1080}
LAN = "192.168.1.20"        # safe: only said (the welcome, the QR code), never reached
#: The smallest type of the players' names and scores a room reads at three metres (CSS px at 1080).
ROOM_TYPE = 36


def need_zbar() -> str:
    """zbar's zbarimg, or skip (fail under CI: .ci/run installs zbar-tools)."""
    found = shutil.which("zbarimg")
    if found is None:
        why = "zbarimg is not installed (apt-get install zbar-tools)"
        if os.environ.get("CI"):
            pytest.fail(f"{why}: the TV's QR code must be decoded in CI (.ci/run installs it)")
        pytest.skip(why)
    return found


def decode_qr(png: Path) -> str | None:
    out = subprocess.run([need_zbar(), "--quiet", "--raw", str(png)], capture_output=True, text=True, timeout=HANG)
    return out.stdout.strip() if out.returncode == 0 else None


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"tv-{name}.png"))


def tv_page(chromium, lang: str = "en"):
    ctx = chromium.new_context(viewport=TV, locale=lang, device_scale_factor=1)
    page = ctx.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors = []      # type: ignore[attr-defined]
    return ctx, page


def open_tv(page, host: WebHost, name: str = "localhost") -> None:
    """The TV's browser opens /tv by the host's ``name`` (``localhost`` on the host's own laptop)."""
    page.goto(f"http://{name}:{host.web_port}/tv")
    wait_for(page, "window.tikal && tikal.tv && tikal.cat && !!document.getElementById('tv-style')?.sheet")


def font_px(page, selector: str) -> list[float]:
    return page.evaluate("(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length)"
                         ".map((e) => parseFloat(getComputedStyle(e).fontSize))", selector)


def visible_buttons(page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('button, input, select, a')]"
                         ".filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')"
                         ".map((e) => e.outerHTML.slice(0, 80))")


def qr_of(page, tmp_path: Path, selector: str = ".tv-qr") -> str:
    """The QR code on the screen, as a phone's camera sees it: its pixels, decoded by zbar (as a
    camera does, again while a scoring passes over it: at most a few frames)."""
    wait_for(page, f"document.querySelector('{selector}')?.complete"
                   f" && document.querySelector('{selector}').naturalWidth > 100")
    png = tmp_path / f"qr-{id(page)}.png"
    for _ in range(10):
        wait_for(page, "!document.querySelector('#tv-scoring') || document.querySelector('#tv-scoring').hidden")
        page.locator(selector).first.screenshot(path=str(png))
        found = decode_qr(png)
        if found is not None:
            return found
    raise AssertionError(f"zbarimg found no code in {png}")


@pytest.fixture
def bots_host(tmp_path):
    """A host on loopback that says it is at 192.168.1.20 on the LAN, whose bots play slowly enough
    to be watched."""
    h = WebHost(tmp_path, lan=(LAN,), bot_delay=0.15, bots_alone_delay=0.15)
    yield h
    h.stop()


def race(host: WebHost) -> None:
    """The host's bots play at full speed from now on (what was to be watched of their game seen)."""
    def fast():
        host.host.config.bot_delay = host.host.config.bots_alone_delay = 0.0
    host.call(fast)


def received(client: Client, t: str, pred=None) -> dict:
    """The next message of type ``t`` a threaded client received (only a hang fails)."""
    def arrived():
        return next((m for m in client.poll() if m.get("t") == t and (pred is None or pred(m))), None)
    return until(arrived, f"a {t!r} message")


class People:
    """People at a table of ``game``, with bots at its other seats (24-character names): they sit,
    start, and go for a drink (``away``: their stand-in bots play for them) or come back to
    their seats (``back``: the game then waits for them at their turn)."""

    def __init__(self, host: WebHost, game: str, names: list[str], seats: int = 4):
        addr, port = host.address
        self.clients = [Client(addr, port, n, key=new_key()).start() for n in names]
        for c in self.clients:
            received(c, "welcome")
        first = self.clients[0]
        first.send({"t": "create", "game": game, "seats": seats, "options": {}})
        self.table = received(first, "seated")["table"]
        for c in self.clients[1:]:
            c.send({"t": "sit", "table": self.table})
            received(c, "seated")
            c.send({"t": "ready", "ready": True})
        for s in range(len(names), seats):
            first.send({"t": "bot", "seat": s, "level": "random"})
        received(first, "table", lambda m: all(p["kind"] != "empty" and p["ready"] for p in m["table"]["players"][1:]))
        first.send({"t": "start"})
        self.first = received(first, "update")          # (to the first player: perhaps their turn)

    def play_until(self, done, host: WebHost) -> None:
        """Each player plays their turns (the engine's random bot chooses for them) until ``done()``;
        only a hang fails (the table's state not moving)."""
        from engine.bots import make_bot

        table = host.table(self.table)
        bots: dict = {}
        stall = Stall(lambda: host.call(lambda: table.state))
        pending = {id(self.clients[0]): [self.first]}
        while not done():
            stall.check("the players' turns")
            for c in self.clients:
                for m in pending.pop(id(c), []) + c.poll():
                    if m.get("t") == "update" and "legal" in m and not m.get("over"):
                        if m["seat"] not in bots:
                            bots[m["seat"]] = make_bot("tortuga", "random", m["seat"], 7)
                        bot = bots[m["seat"]]
                        c.send({"t": "action", "state": m["state"], "action": bot.choose(m["view"], m["legal"])})
            time.sleep(0.005)

    def away(self) -> None:
        for c in self.clients:
            c.send({"t": "leave"})
            received(c, "left")

    def back(self) -> None:
        for seat, c in enumerate(self.clients):
            c.send({"t": "sit", "table": self.table, "seat": seat})      # (their player key proves it)
            received(c, "seated")

    def close(self) -> None:
        for c in self.clients:
            c.close()


@pytest.mark.slow
def test_a_tv_switched_on_mid_game_shows_the_board_large_with_nothing_to_tap(bots_host, chromium, tmp_path):
    need_zbar()
    host = bots_host
    lan_url = f"http://{LAN}:{host.web_port}/"
    # between games: the address for phones and its code, large, the host's LAN address (not localhost)
    ctx, tv = tv_page(chromium)
    try:
        open_tv(tv, host)
        wait_for(tv, "tikal.screen === 'tv' && !!document.querySelector('.tv-home .tv-qr')")
        assert tv.inner_text("#tv-url") == lan_url
        assert qr_of(tv, tmp_path) == lan_url
        assert fit_problems(tv) == []
        shot(tv, "home-en")
    finally:
        ctx.close()
    # a game of bots goes on a while before the TV is switched on
    people = People(host, "tikal", LONG_NAMES[:2])
    try:
        people.away()
        table = host.table(people.table)
        until(lambda: host.call(lambda: table.state) >= 40, "40 moves of the bots' game")
        people.back()         # the game waits at their turn while the TVs are looked at
        _four_tvs(host, chromium, tmp_path)
        people.away()         # ... then it goes on to its end
        _scoring_results_standings(host, chromium)
    finally:
        people.close()


def _four_tvs(host, chromium, tmp_path):
    lan_url = f"http://{LAN}:{host.web_port}/"
    # four TVs switched on mid-game, one per language (at once: the game goes on meanwhile)
    tvs = {lang: tv_page(chromium, lang) for lang in LANGS}
    try:
        for lang, (_, tv) in tvs.items():
            open_tv(tv, host)
        for lang, (_, tv) in tvs.items():
            wait_for(tv, "tikal.screen === 'play' && tikal.seat === null && !!tikal.play.last && !!tikal.play.instance")
            wait_for(tv, "document.querySelector('#tv-scoring').hidden")
            assert tv.query_selector("#recap") is None             # no panel waits for a tap ...
            assert visible_buttons(tv) == []                       # ... nor anything else
            names = font_px(tv, "#players .pname")
            assert len(names) == 4 and min(names) >= ROOM_TYPE, names
            assert min(font_px(tv, "#players .score")) >= ROOM_TYPE
            assert min(font_px(tv, "#whose-turn .tv-turn-text")) >= ROOM_TYPE
            name, banner = tv.evaluate("(() => { const s = tikal.play.turnShown(tikal.play.last).seat;"  # (one instant)
                                       " return [s === null ? null : tikal.play.nameOf(s),"
                                       " document.querySelector('#whose-turn').innerText]; })()")
            assert name is None or name in banner
            board = tv.locator("#board").bounding_box()
            assert board["width"] >= 1200 and board["height"] >= 850, board     # the board large
            assert tv.locator("#board .tk-tv").count() == 1                      # the module's board only
            assert tv.inner_text("#tv-url") == f"{LAN}:{host.web_port}"          # beside it, the address ...
            assert qr_of(tv, tmp_path) == lan_url                                # ... and its code
            assert fit_problems(tv) == []
            shot(tv, f"table-{lang}")
            assert tv.js_errors == []
    finally:
        for ctx, _ in tvs.values():
            ctx.close()


def _scoring_results_standings(host, chromium):
    """A scoring is told large, then goes by itself; the game's end, then the evening's standings."""
    ctx, tv = tv_page(chromium, "en")
    try:
        open_tv(tv, host)
        wait_for(tv, "document.querySelector('#tv-scoring')?.hidden === false")
        rows = font_px(tv, "#tv-scoring .pname")
        assert rows and min(rows) >= ROOM_TYPE
        assert fit_problems(tv) == []
        shot(tv, "scoring-en")
        race(host)                # the scoring seen: the bots need no longer be watchable
        wait_for(tv, "document.querySelector('#tv-scoring').hidden")     # by itself: nobody tapped
        wait_for(tv, "!!tikal.play && tikal.play.last.over && !!document.querySelector('#results')")
        assert visible_buttons(tv) == [] and min(font_px(tv, "#results .pname")) >= ROOM_TYPE
        shot(tv, "results-en")
        wait_for(tv, "tikal.screen === 'tv' && !!document.querySelector('#tv-standings td.name')")
        assert min(font_px(tv, "#tv-standings td.name")) >= ROOM_TYPE
        assert fit_problems(tv) == []
        shot(tv, "standings-en")
        assert tv.js_errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("used", ["localhost", "127.0.0.1", "10.0.0.7"])
def test_the_qr_code_is_the_hosts_lan_address_whatever_name_the_browser_used(tmp_path, used):
    """/qr.svg: the page's address for phones, the host's own LAN address (the first, the one its
    window shows; the one the browser used when it is one of them), never the name the browser
    used for the host's own machine (a TV on the host's laptop opens http://localhost:47475/tv)."""
    import http.client

    from net.web import qr_svg

    host = WebHost(tmp_path, lan=(LAN, "10.0.0.7"))
    try:
        conn = http.client.HTTPConnection("127.0.0.1", host.web_port, timeout=HANG)
        conn.request("GET", "/qr.svg", headers={"Host": f"{used}:{host.web_port}"})
        r = conn.getresponse()
        body = r.read()
        conn.close()
        assert r.status == 200 and r.getheader("Content-Type") == "image/svg+xml"
        want = f"http://{'10.0.0.7' if used == '10.0.0.7' else LAN}:{host.web_port}/"
        assert body == qr_svg(want)
        assert host.host.web == [f"http://{LAN}:{host.web_port}/", f"http://10.0.0.7:{host.web_port}/"]
    finally:
        host.stop()


@pytest.mark.slow
def test_a_host_with_no_lan_address_says_so_instead_of_showing_localhost(tmp_path, chromium):
    host = WebHost(tmp_path, lan=())
    try:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://localhost:{host.web_port}/qr.svg")
        assert refused.value.code == 404
        for lang in LANGS:
            ctx, tv = tv_page(chromium, lang)
            try:
                open_tv(tv, host)
                wait_for(tv, "tikal.screen === 'tv' && !!document.querySelector('#tv-no-lan')")
                text = tv.inner_text("body")
                assert "localhost" not in text and "127.0.0.1" not in text
                assert tv.query_selector(".tv-qr") is None
                assert tv.inner_text("#tv-no-lan") == tv.evaluate("tikal.t('web.tv_no_lan')")
                assert fit_problems(tv) == []
                shot(tv, f"no-lan-{lang}")
            finally:
                ctx.close()
    finally:
        host.stop()


@pytest.mark.slow
def test_a_phone_that_watches_gets_a_recap_that_goes_by_itself(bots_host, phone):
    """A phone that watches a game under way has no seat: its "while you were away" waits for
    nobody's tap (it goes by itself), and the phone then watches the game as it stands."""
    host = bots_host
    tid = host.call(lambda: host.host.create_table("tortuga", 3, None, bots=3, bot_level="random").id)
    until(lambda: host.call(lambda: host.host.tables[tid].state) >= 10, "10 moves of the bots' game")
    page = phone()
    open_page(page, host)
    join(page, "Vera")
    wait_for(page, f"!!document.querySelector('[data-table=\"{tid}\"] [data-act=\"watch\"]')")
    tap(page, f'[data-table="{tid}"] [data-act="watch"]')
    wait_for(page, "tikal.screen === 'play' && !!document.querySelector('#recap.passing')")
    wait_for(page, "!document.querySelector('#recap')")             # nobody tapped Got it
    assert page.evaluate("tikal.seat") is None and page.js_errors == []


#: Seven 24-character names (the fit checks' four and three more): a La Tortuga table full
SEVEN = LONG_NAMES + [n[:24].ljust(24, "x") for n in ("Jean-Baptiste Delacroix-Moreau", "Екатерина Воронцова-Дашкова",
                                                      "Oluwaseun Adebayo-Okafor")]


@pytest.mark.slow
def test_seven_players_large_on_the_tv_then_their_play_again_between_games(tmp_path, chromium):
    """A La Tortuga table of seven players (24-character names) on a TV at 1920x1080: every name and
    score 36 px or more, nothing overlapping or cut (the fit check), the board large, in the four
    languages. They play it to its end and play again (issue 39): beside the results, and on a TV
    switched on between games above tonight's standings, the Play again shows who is in and who not
    yet, large; once everyone is, that the owner starts; when the owner starts, the TV follows the
    new game."""
    host = WebHost(tmp_path, lan=(LAN,))
    people = None
    contexts = []
    try:
        people = People(host, "tortuga", SEVEN, seats=7)     # (the game waits for its players' turns)
        ctx, tv = tv_page(chromium)
        contexts.append(ctx)
        open_tv(tv, host)
        wait_for(tv, "tikal.screen === 'play' && !!tikal.play.last && !!tikal.play.instance")
        problems = []
        for lang in LANGS:
            tv.evaluate("(l) => tikal.setLanguage(l)", lang)
            wait_for(tv, "(l) => tikal.cat.lang === l && document.querySelectorAll('#players .pname').length === 7",
                     lang)
            names = font_px(tv, "#players .pname")
            assert min(names) >= ROOM_TYPE and min(font_px(tv, "#players .score")) >= ROOM_TYPE, (lang, names)
            assert min(font_px(tv, "#whose-turn .tv-turn-text")) >= ROOM_TYPE
            assert [n.strip() for n in tv.locator("#players .pname").all_inner_texts()] == SEVEN
            board = tv.locator("#board").bounding_box()
            assert board["width"] >= 1000 and board["height"] >= 900, (lang, board)     # the board large
            problems += [f"table {lang}: {p}" for p in fit_problems(tv)]
            shot(tv, f"seven-{lang}")
        assert problems == [] and visible_buttons(tv) == []

        table = host.table(people.table)
        people.play_until(lambda: host.call(lambda: table.status) == "over", host)
        first_in = people.clients[:3]
        for c in first_in:                    # three of the seven say Play again
            c.send({"t": "again"})
            rid = received(c, "seated")["table"]
        again = "(n) => document.querySelectorAll('#tv-again [data-state=\"in\"]').length === n"
        wait_for(tv, again, 3)                # (beside the results; or between games if they went by)
        ctx2, home = tv_page(chromium)        # a TV switched on between games
        contexts.append(ctx2)
        open_tv(home, host)
        wait_for(home, "tikal.screen === 'tv' && !!document.querySelector('.tv-home #tv-again')"
                       " && !!document.querySelector('#tv-standings td.name')")
        for page, screen in ((tv, "results"), (home, "home")):
            wait_for(page, again, 3)
            states = page.evaluate("[...document.querySelectorAll('#tv-again li')].map(e => e.dataset.state)")
            assert states == ["in"] * 3 + ["waiting"] * 4
            shown = [n.strip() for n in page.locator("#tv-again .pname").all_inner_texts()]
            assert shown == SEVEN
            for lang in LANGS:
                page.evaluate("(l) => tikal.setLanguage(l)", lang)
                wait_for(page, "(l) => tikal.cat.lang === l && !!document.querySelector('#tv-again')", lang)
                assert min(font_px(page, "#tv-again .pname")) >= ROOM_TYPE
                assert min(font_px(page, "#tv-again .tv-again-state")) >= ROOM_TYPE
                assert page.inner_text("#tv-again-next") == page.evaluate(
                    "tikal.t('web.tv_again_how', { button: tikal.t('web.play_again') })")
                problems += [f"{screen} {lang}: {p}" for p in fit_problems(page)]
                shot(page, f"again-{screen}-{lang}")
            assert visible_buttons(page) == []
        assert problems == []
        for c in people.clients[3:]:          # the others too: everyone is in, the owner starts
            c.send({"t": "again"})
            received(c, "seated")
        for page in (tv, home):
            wait_for(page, "!!document.querySelector('#tv-again.all-in')")
            # who starts, by name: the owner's seat (seat 0) is theirs again
            assert page.inner_text("#tv-again-next") == page.evaluate(
                "(n) => tikal.t('web.tv_again_start_named', { name: n })", SEVEN[0])
            assert fit_problems(page) == []
        shot(home, "again-all-in-ru")
        owner = people.clients[0]
        owner.send({"t": "start"})
        for page in (tv, home):               # the new game starts: both TVs follow it
            wait_for(page, "(rid) => tikal.screen === 'play' && !!tikal.play && !!tikal.play.last"
                           " && tikal.play.last.table === rid && !document.querySelector('#tv-again')", rid)
        assert tv.js_errors == [] and home.js_errors == []
    finally:
        for ctx in contexts:
            ctx.close()
        if people is not None:
            people.close()
        host.stop()
