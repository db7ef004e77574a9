"""The turn clock on a phone (docs/protocol.md section 14), in a real Chromium on a real host whose
clock the test sets (tests/fake_clock.py): the create card's choice, the thinking time, Nudge and
being nudged (the phone buzzes: ``navigator.vibrate``), the buzz and the tab's title at one's own
turn, the page's visibility told to the host, and "Your time ran out" once a bot played the turn."""
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from net import journal as jn
from net.client import Client

from clock_host import ClockFile
from fake_clock import FakeClock
from net_helpers import spare_loopback
from waiting import HANG, until
from web_helpers import LANGS, LONG_NAMES, SIZES, WebHost, create_table, fit_problems, join, open_page, tap, wait_for

ROOT = Path(__file__).resolve().parents[1]
SHOTS = os.environ.get("TIKAL_WEB_SHOTS")

#: before the page's own scripts: the buzzes recorded, and a visibility the test sets (headless
#: Chromium is always "visible")
PHONE_STUBS = """
window.__vibrated = [];
navigator.vibrate = (pattern) => { window.__vibrated.push(pattern); return true; };
let shown = "visible";
Object.defineProperty(Document.prototype, "visibilityState", { get() { return shown; }, configurable: true });
Object.defineProperty(Document.prototype, "hidden", { get() { return shown === "hidden"; }, configurable: true });
window.__setVisibility = (v) => { shown = v; document.dispatchEvent(new Event("visibilitychange")); };
"""


def ben_sits_and_ana_starts(ana, ben, tid: int) -> int:
    """Ben joins, sits at Ana's table ``tid`` and says ready; Ana starts: the seat whose turn the
    clock times first."""
    join(ben, "Ben")
    tap(ben, f'[data-table="{tid}"] [data-act="sit"]')
    wait_for(ben, "tikal.screen === 'table'")
    tap(ben, "#ready")
    wait_for(ana, "tikal.table.players[1].ready")
    tap(ana, "#start")
    # (the seat whose turn the clock times, + 1: seat 0 is a falsy answer)
    return wait_for(ana, "tikal.screen === 'play' && tikal.page.last && tikal.page.last.clock "
                         "&& tikal.page.last.clock.seat + 1") - 1


def test_a_phone_chooses_shows_nudges_and_tells_the_turn_clock(tmp_path, phone):
    clock = FakeClock()
    web = WebHost(tmp_path, clock=clock, turn_limit=180)
    try:
        ana, ben = phone(), phone()
        for page in (ana, ben):
            page.add_init_script(PHONE_STUBS)
        open_page(ana, web)
        join(ana, "Ana")
        tap(ana, '[data-game="tortuga"]')
        assert ana.locator("#create-clock .choice.on").get_attribute("data-clock") == "180"   # the host's default
        while int(ana.inner_text("#create-seats")) > 2:
            tap(ana, '.stepper button[aria-label="−"]')
        tap(ana, '[data-clock="60"]')
        tap(ana, "#create")
        tid = wait_for(ana, "tikal.screen === 'table' && tikal.table && tikal.table.id")
        assert web.table(tid).clock_limit == 60.0
        assert "1 min a turn" in ana.inner_text(".lobby .card p.muted")
        open_page(ben, web)
        first = ben_sits_and_ana_starts(ana, ben, tid)
        me = ana if first == 0 else ben
        other, mine, theirs = (ben, "Ana", "Ben") if first == 0 else (ana, "Ben", "Ana")
        # one's own turn: the buzz, the tab's title, what is left; the others: who thinks, Nudge
        wait_for(me, "document.title.startsWith('Your turn') && window.__vibrated.includes(200)")
        assert me.inner_text("#clock").startswith("Your turn · ") and me.locator("#nudge").is_hidden()
        wait_for(other, f"document.querySelector('#clock').textContent.startsWith('{mine} thinks · 0:0')")
        assert other.inner_text("#clock").endswith("/ 1:00") and not other.title().startswith("Your turn")
        tap(other, "#nudge")
        wait_for(me, "[...document.querySelectorAll('.toast')]"
                     f".some((t) => t.textContent.includes('{theirs} nudges you'))")
        wait_for(me, "window.__vibrated.some((p) => Array.isArray(p))")
        wait_for(other, "document.querySelector('#nudge').hidden")          # once a turn
        # the page hidden at its turn, then shown: the host hears both
        seat = first
        me.evaluate("window.__setVisibility('hidden')")
        until(lambda: web.call(lambda: web.host.tables[tid].seats[seat].hidden), "the host hears the page is hidden")
        me.evaluate("window.__setVisibility('visible')")
        until(lambda: not web.call(lambda: web.host.tables[tid].seats[seat].hidden), "... and shown again")
        # the limit: a bot plays the turn, the journal says so; the phone says why it shows what
        # the bot did; the others waited no longer than the limit (the host's clock)
        web.call(lambda: clock.advance(60))
        wait_for(me, "document.querySelector('#recap-title') && "
                     "document.querySelector('#recap-title').textContent === 'Your time ran out'")
        assert me.inner_text("#recap-count").startswith("A bot played ")
        played_by_the_clock(web.host.config.data_dir, tid, seat, turn_clock=60)
        # the turn passed: the other phone's, its title and buzz; the idle one's title as it was
        wait_for(other, "document.title.startsWith('Your turn') && window.__vibrated.includes(200)")
        assert other.inner_text("#clock").startswith("Your turn · 1:00")
        wait_for(me, "!document.title.startsWith('Your turn')")
        assert me.locator("#nudge").is_visible()            # (a new turn: one nudge again)
        assert not me.js_errors and not other.js_errors, (me.js_errors, other.js_errors)
    finally:
        web.stop()


@pytest.mark.slow
def test_the_turn_clocks_screens_fit_in_four_languages(tmp_path, phone):
    """At a phone's 360x640 with a 24-character name, in the four languages: the create card's turn
    clock, the thinking time and Nudge (test_web_fit.py) and "Your time ran out" with what the bot
    did. With ``TIKAL_WEB_SHOTS=DIR`` the screenshots are saved there to be looked at."""
    clock = FakeClock()
    web = WebHost(tmp_path, clock=clock, turn_limit=60)
    host, port = web.address
    ben = Client(host, port, LONG_NAMES[2]).start()
    problems: list[str] = []
    try:
        ana = phone(size=SIZES["phone"])
        open_page(ana, web)
        join(ana, LONG_NAMES[0])
        tap(ana, '[data-game="tortuga"]')
        while int(ana.inner_text("#create-seats")) > 2:
            tap(ana, '.stepper button[aria-label="−"]')
        for lang in LANGS:
            ana.evaluate("(lang) => tikal.setLanguage(lang)", lang)
            wait_for(ana, "(lang) => tikal.cat.lang === lang && !!document.querySelector('#create-clock')", lang)
            ana.locator("#create").scroll_into_view_if_needed()
            problems += [f"create {lang}: {p}" for p in fit_problems(ana)]
            shot(ana, f"create-clock-{lang}")
        ana.evaluate("tikal.setLanguage('en')")
        wait_for(ana, "tikal.cat.lang === 'en'")
        tid = create_table(ana)
        ben.wait_for("welcome", HANG)
        ben.send({"t": "sit", "table": tid})
        ben.wait_for("seated", HANG)
        ben.send({"t": "ready", "ready": True})
        wait_for(ana, "tikal.table.players[1].ready")
        tap(ana, "#start")
        # the turns run out one after the other until one is ours: its bot's moves told
        while not ana.evaluate("!!document.querySelector('#recap-title')"):
            state = wait_for(ana, "tikal.screen === 'play' && tikal.page.last && tikal.page.last.clock "
                                  "&& !tikal.page.last.clock.out && tikal.page.last.state + 1") - 1
            web.call(lambda: clock.advance(60))
            wait_for(ana, f"tikal.page.last.state > {state} || !!document.querySelector('#recap-title')")
        for lang in LANGS:
            ana.evaluate("(lang) => tikal.setLanguage(lang)", lang)
            wait_for(ana, "(lang) => tikal.cat.lang === lang && !!document.querySelector('#recap-title')", lang)
            ana.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            problems += [f"recap {lang}: {p}" for p in fit_problems(ana)]
            shot(ana, f"recap-clock-{lang}")
        ana.evaluate("tikal.setLanguage('en')")
        wait_for(ana, "tikal.cat.lang === 'en' && "
                      "document.querySelector('#recap-title').textContent === 'Your time ran out'")
        assert not ana.js_errors, ana.js_errors
    finally:
        ben.close()
        web.stop()
    assert problems == [], "\n".join(problems)


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"turns-{name}.png"))


def played_by_the_clock(data_dir, tid: int, seat: int, turn_clock: float) -> list[dict]:
    """The journal of table ``tid``: its first turn, ``seat``'s, was played by the table's bot for
    the clock (every action of it: that seat's, ``bot`` and ``clock``), which began it exactly when
    the limit ran out by the host's clock (its records' ``at``): nobody waited longer."""
    records = jn.read_records(jn.journal_path(data_dir, tid))[0]
    start, actions = records[0], [r for r in records if r["k"] == "action"]
    assert start["k"] == "start" and start["clock"] == turn_clock and actions
    assert all(r["seat"] == seat and r["clock"] is True and r["bot"] == "normal" for r in actions), actions
    assert all(r["at"] == start["at"] + turn_clock for r in actions), (start["at"], [r["at"] for r in actions])
    return records


# --- across a kill -9 of the host -------------------------------------------------------------------
ADDR = spare_loopback()
LIMIT = 60


def free_port() -> int:
    with socket.socket() as s:
        s.bind((ADDR, 0))
        return s.getsockname()[1]


class KilledHost:
    """run_host.py --headless in a process of its own (tests/clock_host.py: its clock the test's
    file), on a loopback address of this test alone, started again on the same ports and data dir
    after a SIGKILL."""

    def __init__(self, tmp_path):
        self.data_dir, self.clock = tmp_path / "saves", tmp_path / "clock"
        self.port, self.web_port = free_port(), free_port()
        self.origin = f"http://{ADDR}:{self.web_port}"
        self.proc: subprocess.Popen | None = None

    def start(self, *extra: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "tests" / "clock_host.py"), str(self.clock), "--headless",
             "--no-announce", "--bind", ADDR, "--port", str(self.port), "--web-port", str(self.web_port),
             "--data-dir", str(self.data_dir), "--turn-limit", str(LIMIT), "--bot-delay", "0",
             "--log-level", "WARNING", "--log-file", "", *extra],
            stdout=subprocess.PIPE, cwd=str(ROOT), text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()      # (it says where it listens once it does)
        assert "listening" in line, line
        threading.Thread(target=self.proc.stdout.read, daemon=True).start()   # (never blocked)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()                            # SIGKILL: no goodbye, no clean close
        self.proc.wait(HANG)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()


@pytest.mark.slow
def test_a_phone_that_does_nothing_has_its_turn_played_across_a_kill_of_the_host(tmp_path, phone):
    """The idle phone's turn, its host killed (SIGKILL) in the middle and started again on the same
    data dir with --resume: both phones are back by themselves, the clock goes on from the
    journaled start of the turn (what was spent before the kill counts), and at the limit the
    table's bot plays the turn: the journal says so, and nobody waited longer than the limit."""
    host = KilledHost(tmp_path)
    t0 = 1_700_000_000.0
    ClockFile.set(host.clock, t0)
    host.start()
    try:
        ana, ben = phone(), phone()
        for page in (ana, ben):
            page.add_init_script(PHONE_STUBS)
            page.goto(host.origin + "/")
        join(ana, "Ana")
        tid = create_table(ana, "tortuga", seats=2)
        first = ben_sits_and_ana_starts(ana, ben, tid)
        me, other = (ana, ben) if first == 0 else (ben, ana)
        name = "Ana" if first == 0 else "Ben"
        wait_for(me, "document.title.startsWith('Your turn')")
        # 20 s of the turn go by, the host is killed, 5 s later it is back with the game
        ClockFile.set(host.clock, t0 + 20)
        host.kill()
        wait_for(other, "tikal.page.status !== 'open'")
        ClockFile.set(host.clock, t0 + 25)
        host.start("--resume")
        for page in (me, other):        # back by themselves, in their seats, the turn as it was
            wait_for(page, "tikal.page.status === 'open' && tikal.screen === 'play' && tikal.page.last "
                           "&& tikal.page.last.full && tikal.page.last.clock && tikal.page.last.clock.spent >= 25")
        last = other.evaluate("tikal.page.last")
        assert last["state"] == 0 and last["clock"] == {"limit": LIMIT, "seat": first, "spent": 25.0, "left": 35.0}
        wait_for(other, f"document.querySelector('#clock').textContent.startsWith('{name} thinks · 0:2')")
        wait_for(me, "document.title.startsWith('Your turn') && "
                     "document.querySelector('#clock').textContent.startsWith('Your turn · 0:3')")
        # the limit, by the journal's start of the turn: the table's bot plays it
        ClockFile.set(host.clock, t0 + LIMIT)
        wait_for(me, "document.querySelector('#recap-title') && "
                     "document.querySelector('#recap-title').textContent === 'Your time ran out'")
        wait_for(other, "document.title.startsWith('Your turn')")
        records = played_by_the_clock(host.data_dir, tid, first, turn_clock=LIMIT)
        assert records[0]["at"] == t0
        assert not me.js_errors and not other.js_errors, (me.js_errors, other.js_errors)
    finally:
        host.stop()
