"""Helpers of the browser tests (issue 27): a real host with its web page on loopback, a real
Chromium driven by Playwright for Python, and the page's own progress to wait on.

    def test_x(web_host, phone):                 # fixtures: conftest.py imports them from here
        page = phone()                           # 390x844, touch, English (phone(lang="ru"))
        open_page(page, web_host)                # the page at "/", its lobby reached
        join(page, "Ana")                        # "Join Kitchen table" -> a name -> the lobby
        page.tap("#create")
        wait_for(page, "tikal.screen === 'table'")
        assert fit_problems(page) == []          # no overlap, no cut text

What a page exposes for tests (``window.tikal``: the shell's App, assets/web/app/main.js): its
``screen`` (``join``, ``lobby``, ``table``, ``play``), ``table`` (the table summary), ``seat``,
``state`` (the last update's state counter), ``play.last`` (the last update), ``errors`` (the
host's refusals), ``net.sent`` / ``net.received`` (message counts). Tests wait for these, never
for a time: ``wait_for`` gives up only after ``TIMEOUT`` (a hang), however slow the machine.

Chromium is Debian's (``/usr/bin/chromium``; ``CHROMIUM`` overrides it); without it, or without
Playwright, the browser tests skip with the reason, except under CI (``CI`` set), where they fail:
.ci/run installs both.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from waiting import HANG, until

#: The longest a test waits for the page's own progress (only against a hang).
TIMEOUT = int(os.environ.get("TIKAL_WEB_TIMEOUT", 180_000))     # ms
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-dev-shm-usage", "--disable-renderer-backgrounding",
        "--disable-background-timer-throttling", "--disable-backgrounding-occluded-windows"]
PHONE = {"width": 390, "height": 844}
SIZES = {"phone": (360, 640), "laptop": (1280, 800)}
LANGS = ("en", "cs", "it", "ru")
#: 24-character names, the longest the fit checks use (as the window's fit tests do)
LONG_NAMES = ["Maximiliána Wolfensteinová", "Alessandra Bartolomucci", "Константин Верещагин",
              "Bartholomew Featherstone"]
LONG_NAMES = [n[:24].ljust(24, "x") for n in LONG_NAMES]


def need_browser():
    """Playwright's sync API, or skip (fail under CI: the browser tests must run there)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:   # pragma: no cover - .ci/run installs it
        _missing(f"Playwright for Python is not installed ({exc})")
    if not Path(CHROMIUM).exists():   # pragma: no cover
        _missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    return sync_playwright


def _missing(why: str):
    if os.environ.get("CI"):
        pytest.fail(f"{why}: the browser tests must run in CI (.ci/run installs what they need)")
    pytest.skip(why)


class WebHost:
    """A real host (net/host.py) and its web server (net/web.py) on 127.0.0.1, both on any free
    port, on an asyncio loop in a thread of the test's process. ``lan``: the host's LAN addresses
    as it says them (``HostConfig.lan``: faked, the machine's interfaces unread; by default
    127.0.0.1, so the page's address is the one the tests open; ``()``: a host with none)."""

    def __init__(self, tmp_path: Path, name: str = "Kitchen table", share: Path | None = None,
                 web_port: int = 0, lan: tuple[str, ...] = ("127.0.0.1",), **config: Any):
        from net.host import Host, HostConfig
        from net.loop_thread import LoopThread
        from net.web import WebServer

        clock = config.pop("clock", None)      # the host's time: a test's (tests/fake_clock.py), if given
        cfg = {"name": name, "bind": "127.0.0.1", "port": 0, "announce": False,
               "data_dir": tmp_path / "saves", "bot_delay": 0.0, "lan": lan, **config}
        self.host = Host(HostConfig(**cfg), clock=clock)
        self.runner = LoopThread("web-host")
        self.runner.start()
        try:
            self.address = self.runner.call(self.host.start(), HANG)
            self.web = WebServer(self.host.links, share, game_port=self.address[1],
                                 join=self.host.addresses, host_name=name, lan=lan)
            addr, self.web_port = self.runner.call(self.web.start("127.0.0.1", web_port), HANG)
        except BaseException:
            self.runner.stop()
            raise
        self.host.web = self.web.urls       # (as tikal_lan/host.py's start_share does)
        self.url = f"http://127.0.0.1:{self.web_port}/"
        self.origin = f"http://127.0.0.1:{self.web_port}"

    def call(self, fn, *args):
        """``fn(*args)`` run on the host's loop (the host is not thread-safe); its result."""
        async def run():
            return fn(*args)
        return self.runner.call(run(), HANG)

    def table(self, tid: int):
        return self.call(lambda: self.host.tables.get(tid))

    def stop(self):
        if self.runner.running:
            try:
                self.runner.call(self.web.stop(), HANG)
                self.runner.call(self.host.stop(), HANG)
            finally:
                self.runner.stop()


@pytest.fixture
def web_host(tmp_path):
    h = WebHost(tmp_path)
    yield h
    h.stop()


@pytest.fixture(scope="module")
def chromium():
    """One Chromium per test module (in each pytest-xdist worker that runs its tests), closed when
    the worker moves on to another module: Playwright's sync API keeps an asyncio loop running
    in this thread while it lives, and other tests' ``asyncio.run`` must not find it there."""
    sync_playwright = need_browser()
    pw = sync_playwright().start()
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
    yield browser
    browser.close()
    pw.stop()


@pytest.fixture
def phone(chromium):
    """A factory of pages, each in a context of its own (its own localStorage: its own player),
    closed after the test: ``phone(lang="ru", size=(360, 640), touch=True)``. Its player has played
    before (the first-game guide done, as the window tests' settings say: tests/client_helpers.py)
    unless ``guided``: the guide's bubble stands over the board at a first game."""
    contexts = []

    def make(lang: str = "en", size: tuple[int, int] | None = None, touch: bool = True,
             guided: bool = False):
        width, height = size or (PHONE["width"], PHONE["height"])
        ctx = chromium.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                   is_mobile=touch, locale=lang, device_scale_factor=1)
        ctx.set_default_timeout(TIMEOUT)
        contexts.append(ctx)
        if not guided:      # once per tab (its sessionStorage): the page's settings may show it again
            # (a document without storage, about:blank or an opaque origin, throws: nothing then)
            ctx.add_init_script("try { if (!sessionStorage.getItem('test.seeded')) {"
                                " sessionStorage.setItem('test.seeded', '1');"
                                " localStorage.setItem('tikal.guide_done', 'true'); } } catch (e) {}")
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.js_errors = errors = []    # type: ignore[attr-defined]
        page.has_touch = touch          # type: ignore[attr-defined]
        return page

    yield make
    for ctx in contexts:
        try:
            ctx.close()
        except Exception:   # pragma: no cover - a browser already gone
            pass


# --- the page's own progress -------------------------------------------------------------------------
def wait_for(page, predicate: str, arg: Any = None, timeout: int = TIMEOUT):
    """Wait until the JavaScript expression (or function of ``arg``) ``predicate`` is truthy in the
    page; its value."""
    if arg is None and not predicate.lstrip().startswith(("(", "function", "async")):
        handle = page.wait_for_function(f"() => {{ try {{ return {predicate}; }} catch (e) {{ return false; }} }}",
                                        timeout=timeout)
    else:
        handle = page.wait_for_function(predicate, arg=arg, timeout=timeout)
    return handle.json_value()


def open_page(page, web_host: WebHost, path: str = "/"):
    page.goto(web_host.origin + path)
    wait_for(page, "window.tikal && window.tikal.cat && "
                   "['join', 'lobby', 'table', 'play', 'waiting'].includes(tikal.screen)")


def join(page, name: str):
    """Type a name on the join screen and join: the lobby reached (its table list drawn)."""
    wait_for(page, "tikal.screen === 'join'")
    page.fill("#name", name)
    tap(page, "#join")
    wait_for(page, "tikal.screen === 'lobby' && !!document.querySelector('#tables')")


def tap(page, selector: str):
    """A tap on a touch page (a click on one without touch)."""
    loc = page.locator(selector).first
    if getattr(page, "has_touch", False):
        loc.tap()
    else:
        loc.click()


def create_table(page, game: str = "tikal", seats: int | None = None, option: str | None = None):
    """Create a table from the lobby by taps: its table lobby reached; the table's id."""
    tap(page, f'[data-game="{game}"]')
    if seats is not None:
        now = int(page.inner_text("#create-seats"))
        for _ in range(abs(seats - now)):
            tap(page, '.stepper button[aria-label="+"]' if seats > now else '.stepper button[aria-label="−"]')
    if option:
        tap(page, f'[data-option="{option}"]')
    tap(page, "#create")
    return wait_for(page, "tikal.screen === 'table' && tikal.table && tikal.table.id")


def new_table(page, web_host: WebHost, name: str, game: str = "tikal", seats: int | None = None,
              option: str | None = None, path: str = "/"):
    """Open the page, join as ``name`` and create a table by taps: its table lobby reached; its id."""
    open_page(page, web_host, path)
    join(page, name)
    return create_table(page, game, seats, option)


#: The page at play, the host's first update drawn.
PLAYING = "tikal.screen === 'play' && !!tikal.play.last"


def bots_and_start(page, one: bool = False, until: str = PLAYING):
    """At the table's lobby: bots in every empty seat (Fill), or with ``one`` in seat 1 by its own
    Bot button; then Start, and ``until`` waited for (the page at play): its value."""
    if one:
        tap(page, '[data-act="bot"]')
        wait_for(page, "tikal.table.players[1].kind === 'bot'")
    else:
        tap(page, "#fill")
        wait_for(page, "tikal.table.players.every(p => p.kind !== 'empty')")
    tap(page, "#start")
    return wait_for(page, until)


def add_bots_and_start(page, game: str, seats: int) -> None:
    """At the table's lobby: bots in the other seats by taps on their Bot buttons, one at a time,
    then Start; the game's module mounted."""
    for _ in range(seats - 1):
        n = page.locator("[data-act=bot]").count()
        tap(page, "[data-act=bot]")
        wait_for(page, f"document.querySelectorAll('[data-act=bot]').length < {n}")
    tap(page, "#start")
    wait_for(page, f"tikal.play && tikal.play.instance && !!tikal.play.instance.{game}")


def away_until(page, web_host: WebHost, tid: int, done, what: str = "the bot playing for the away seat"):
    """The page asleep (its socket dropped, no reconnecting) until ``done(t)`` holds of the host's
    table ``tid`` or its game is over: the table."""
    page.evaluate("tikal.net.wanted = false; tikal.net.drop()")
    wait_for(page, "tikal.net.ws.readyState === 3")
    t = web_host.table(tid)
    until(lambda: web_host.call(lambda: t.status == "over" or done(t)), what, poll=0.1,
          progress=lambda: web_host.call(lambda: t.state))
    return t


def recap_ok(page):
    """A tap on the recap's OK: the recap gone."""
    tap(page, "#recap-ok")
    wait_for(page, "!document.querySelector('#recap')")


def another_player(web_host: WebHost, name: str):
    """Another player, on net.client's Client (the window's), connected to the host and welcomed
    (a Client drops what it sends before): the caller closes it."""
    from net.client import Client

    host, port = web_host.address
    other = Client(host, port, name).start()
    try:
        other.wait_for("welcome", HANG)
    except BaseException:
        other.close()
        raise
    return other


class TableTaps:
    """What the helpers that play a game's table by taps share (web_tikal_support.Tapper,
    web_tortuga_support.Taps, each with its ``meant``, ``wait``, ``tap`` and ``status``): what a tap
    meant kept, and the host's answer waited for."""

    #: the table has drawn the host's answer to what was sent at the state ``arg``
    ANSWERED = "t.latest && t.latest.state > arg && !t.pending && !t.timeline.busy"

    def answered(self, meant, before: int) -> None:
        """``meant`` (an action, or "undo") was sent at the state ``before``: kept in ``meant``, its
        answer waited for."""
        self.meant.append(meant)
        self.wait(self.ANSWERED, before)

    def undo(self):
        before = self.status()["state"]
        self.tap("[data-act=undo]")
        self.answered("undo", before)

    #: the game over (its last animation played), or our turn with nothing in flight
    OUR_TURN = "(t.over && !t.timeline.busy) || (t.acting() && !t.pending)"

    def next_turn(self) -> dict:
        """Wait for our turn (nothing in flight) or the game's end: the status then."""
        self.wait(self.OUR_TURN)
        return self.status()


FIT_JS = "async () => (await import('/app/fitcheck.js')).fitProblems()"


def fit_problems(page) -> list[str]:
    """The page's fit check (assets/web/app/fitcheck.js): overlapping boxes, cut text, anything
    outside the screen; [] when everything fits."""
    return page.evaluate(FIT_JS)


#: The words of a game's texts that must each stay on one line (app/fitcheck.js brokenWords: the
#: page lets a long word wrap anywhere rather than overflow, so a word broken across lines,
#: "Volcan|o 1", is no overflow the fit check would see).
WORD_PIECES = "[data-fit], th, td, button, label, h1, h2, h3"
#: ``window.brokenWords(roots)`` on the page: the broken words under each of ``roots`` (a selector).
BROKEN_WORDS = ("async () => { const f = await import('/app/fitcheck.js'); window.brokenWords = (roots) => "
                "[...new Set([...document.querySelectorAll(roots)]"
                f".flatMap((r) => f.brokenWords(r, '{WORD_PIECES}')))]; }}")


def broken_words(page, roots: str) -> list[str]:
    """The words of the texts under ``roots`` (a selector: a game's table, its part of the results)
    broken across lines."""
    page.evaluate(BROKEN_WORDS)
    return page.evaluate("(roots) => window.brokenWords(roots)", roots)


class ScreenChecker:
    """Checks the screens a game's page meets, each once, in every language: the fit check and no
    word of the game's texts broken across lines. ``table``: the JS expression of the page's table
    (``window.tikal.play.instance.<game>``); ``roots``: the selector of the game's texts; with
    ``shots`` (a folder) the screenshots are saved there, ``<game>-<size>-<screen>-<lang>.png``.
    ``seen``: the screens met; ``problems``: what the checks found."""

    def __init__(self, page, size: str, game: str, table: str, roots: str, shots: Path | None = None):
        self.page, self.size, self.game, self.table, self.roots = page, size, game, table, roots
        self.shots = Path(shots) if shots else None
        self.seen: set = set()
        self.problems: list = []

    def relabel(self, lang: str) -> None:
        """The page in ``lang`` (the shell mounts the table again, on the last update), drawn."""
        assert self.page.evaluate(f"() => {{ try {{ return !!{self.table}; }} catch (e) {{ return false; }} }}")
        self.page.evaluate("async (l) => { window.__old = tikal.play.instance; await tikal.setLanguage(l); }", lang)
        wait_for(self.page, f"tikal.play.instance !== window.__old && !!{self.table} && !{self.table}.timeline.busy")
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")

    def more(self, name: str) -> list[str]:
        """A game's own checks of the screen ``name`` (its pieces' geometry): what they find."""
        return []

    def check(self, name: str, redo=None) -> None:
        """The screen ``name`` in every language (``redo()`` taps it back after each relabel)."""
        if name in self.seen:
            return
        self.seen.add(name)
        for lang in LANGS:
            self.relabel(lang)
            if redo:
                redo()
            found = fit_problems(self.page) + broken_words(self.page, self.roots) + self.more(name)
            if self.shots:
                self.shots.mkdir(parents=True, exist_ok=True)
                self.page.screenshot(path=str(self.shots / f"{self.game}-{self.size}-{name}-{lang}.png"))
            self.problems += [f"{self.size} {name} {lang}: {p}" for p in found]
        self.relabel("en")
        if redo:
            redo()


#: ``rows_reachable({rows, bar, nearest})`` on the page: each of the rows (a selector) can be scrolled
#: fully into the part of its scrolling box one sees, above the bar stuck at the box's bottom (a
#: selector, or null): at the end of the scroll the last row lies above the bar, and with
#: ``nearest`` each row scrolled into view from the box's top as the browser does it
#: (``scrollIntoView``, "nearest": the box's scroll-padding kept) lies there too. The problems
#: found; the scroll put back.
ROWS_REACHABLE = """async ({rows, bar, nearest}) => {
  const out = [], tol = 1;
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const scroller = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const st = getComputedStyle(p);
      if ((st.overflowY === "auto" || st.overflowY === "scroll") && p.scrollHeight > p.clientHeight + 1) return p;
    }
    return document.scrollingElement;
  };
  const els = [...document.querySelectorAll(rows)].filter((e) => e.getBoundingClientRect().height > 0);
  if (!els.length) return [`no rows ${rows}`];
  const box = scroller(els[0]);
  const barEl = bar ? document.querySelector(bar) : null;
  const kept = box.scrollTop;
  const seen = () => {
    const r = box.getBoundingClientRect();
    let bottom = Math.min(r.bottom, innerHeight), top = Math.max(r.top, 0);
    const b = barEl && box.contains(barEl) ? barEl.getBoundingClientRect() : null;
    if (b && b.height > 0) bottom = Math.min(bottom, b.top);
    return { top, bottom };
  };
  const name = (el, i) => `row ${i} "${el.textContent.trim().slice(0, 24)}"`;
  box.scrollTop = box.scrollHeight;
  await frame();
  const end = seen();
  els.forEach((el, i) => {
    const r = el.getBoundingClientRect();
    const at = `${Math.round(r.bottom)} > ${Math.round(end.bottom)}`;
    if (r.bottom > end.bottom + tol) out.push(`${name(el, i)} under the bar at the end of the scroll (${at})`);
  });
  if (nearest) {
    for (const [i, el] of els.entries()) {          // from the top of the box: the rows further down come up
      box.scrollTop = 0;
      await frame();
      el.scrollIntoView({ block: "nearest" });
      await frame();
      const r = el.getBoundingClientRect(), s = seen();
      const at = `${Math.round(r.top)}–${Math.round(r.bottom)}, outside ${Math.round(s.top)}–${Math.round(s.bottom)}`;
      if (r.top < s.top - tol || r.bottom > s.bottom + tol) out.push(`${name(el, i)} scrolled into view lies at ${at}`);
    }
  }
  box.scrollTop = kept;
  await frame();
  return out;
}"""


def rows_reachable(page, rows: str, bar: str | None = None, nearest: bool = True) -> list[str]:
    """What ROWS_REACHABLE finds of ``rows`` and the ``bar`` stuck under them; [] when each row can
    be scrolled fully into view above it."""
    return page.evaluate(ROWS_REACHABLE, {"rows": rows, "bar": bar, "nearest": nearest})
