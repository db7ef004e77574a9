"""A newcomer's whole games from a phone (issue 38), in a real Chromium with touch through a real
host: a first-time player opens How to play (from the lobby and from the table), follows the
first-game guide through the first turn and plays the rest by the Hint's steps, each step a tap on
"Play it", each one legal on the true game (the host's journal holds exactly what the page sent);
La Tortuga played by its coach line. The whole Tikal game at 390x844 (in Russian), its first turns
at 360x640 and 844x390 (and in the other languages: the suite's time); the new screens' fit checks
(the guide's bubble, the Hint's plan, How to play) in the four languages at 360x640, 390x844,
844x390 and 1280x800 with 24-character names. In a quick run (``-m "not slow"``): the first turns at 844x390 in
Italian and the fit checks at 360x640 and 844x390 (the rest are marked ``slow``: minutes)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from net.journal import effective_actions, journal_path, read_records

from learn_support import add_bots_and_start, follow_the_guide, frames, howto_pages, start_game, window_hint
from web_helpers import (
    LANGS,
    LONG_NAMES,
    ScreenChecker,
    WebHost,
    create_table,
    join,
    open_page,
    rows_reachable,
    tap,
    wait_for,
)
from web_tikal_support import PLAN_NUMBERS_SHOWN, TIKAL_TEXTS, Tapper

T = "tikal.play.instance.tikal"
#: Where the screenshots go: TIKAL_WEB_SHOTS=dir (none by default).
SHOTS = os.environ.get("TIKAL_WEB_SHOTS")
#: What the page sends, kept in the page (the table module's ctx.act, wrapped once it is mounted).
RECORD = ("(t) => { if (!t.ctx.__recorded) { const act = t.ctx.act; window.__sent = window.__sent || []; "
          "t.ctx.act = (a) => { window.__sent.push(a); return act(a); }; t.ctx.__recorded = true; } }")


@pytest.fixture
def quick_host(tmp_path):
    """A host whose hints have no rate limit (``hint_every`` 0): a test taps "Play it" far faster
    than a player reads a plan, and the limit (6 at once, then one every 2 s) would make it wait
    most of a game; the page's waiting out a ``rate`` is tests/test_web_learn.py's."""
    h = WebHost(tmp_path, hint_every=0.0)
    yield h
    h.stop()


def journal(web_host, tid: int, seat: int = 0) -> list[dict]:
    records, _ = read_records(journal_path(web_host.host.config.data_dir, tid))
    return [a for s, a in effective_actions(records) if s == seat]


def open_howto_from_the_table(page, turn: bool = True):
    """The table's menu has How to play: it opens at the table's game (``turn``: its next page
    shown too); closed, the game is there."""
    tap(page, "#menu-button")
    tap(page, "#menu-howto")
    wait_for(page, "!!document.querySelector('#howto .ht-page') && window.tikalHowto.game === 'tikal'")
    if turn:
        tap(page, "#howto-next")
        wait_for(page, "window.tikalHowto.page === 1")
    tap(page, "#howto-close")
    wait_for(page, "!document.querySelector('#howto')")


def play_by_hints(page, tapper, turns: int | None = None, compare: int = 2) -> dict:
    """Play our seat by the Hint: at each decision ask it and tap "Play it" for each step in turn
    (asked again where the plan ran out or went); where it covers nothing (a scoring turn's AP) the
    first legal action by taps. ``turns``: stop at the start of our turn after that many more
    (None: to the game's end); ``compare``: the first plans checked against the window's for the
    same view. Counts."""
    n = {"hints": 0, "steps": 0, "other": 0, "turns": 0, "compared": 0}
    placed = None                # the state of the last place phase of ours: a turn begun
    while True:
        tapper.wait("(t.over && !t.timeline.busy) || (t.acting() && !t.pending && !t.timeline.busy)")
        st = tapper.status()
        if st["over"]:
            return n
        if st["phase"] == "place" and st["state"] != placed:
            if placed is not None:
                n["turns"] += 1
            placed = st["state"]
            if turns is not None and n["turns"] >= turns:
                return n
        if tapper.js("return t.hintView.shown();"):
            tapper.tap("[data-act=hint-play]")
            tapper.wait("t.latest.state > arg && !t.pending && !t.timeline.busy", st["state"])
            n["steps"] += 1
        elif tapper.js("return t.hintView.askable();"):
            tapper.tap("[data-act=hint]")
            tapper.wait("t.hintView.shown() || !t.hintView.thinking()")
            if not tapper.js("return t.hintView.shown();"):
                raise AssertionError(f"no hint: {tapper.js('return t.sel.info;')} {page.evaluate('tikal.errors')}")
            n["hints"] += 1
            if st["phase"] == "place":
                placed = st["state"]
            if n["compared"] < compare:
                got = tapper.js("return {steps: t.hintView.steps, view: t.latest.view, legal: t.latest.legal, "
                                "state: t.latest.state};")
                assert got["steps"] == window_hint("tikal", got["view"], got["legal"], 0, got["state"])
                n["compared"] += 1
        else:
            tapper.play(st["legal"][0], st["state"])
            n["other"] += 1


SLOW = pytest.mark.slow


@pytest.mark.parametrize("size,lang,turns", [
    pytest.param((390, 844), "ru", None, id="390x844-ru-whole-game", marks=SLOW),
    pytest.param((360, 640), "cs", 3, id="360x640-cs", marks=SLOW),
    pytest.param((844, 390), "it", 3, id="844x390-it"),           # the one in the quick suite: about 20 s
    pytest.param((390, 844), "en", 2, id="390x844-en", marks=SLOW)])
def test_a_first_time_players_tikal_game_how_to_play_the_guide_and_the_hints_steps(quick_host, phone, size, lang,
                                                                                   turns):
    page = phone(size=size, lang=lang, guided=True)
    open_page(page, quick_host, "/?anim=off")
    join(page, "Ana")
    assert page.evaluate("tikal.cat.lang") == lang
    tap(page, "#howto-open")                        # How to play from the lobby: both games, page by page
    wait_for(page, "!!document.querySelector('#howto .ht-page')")
    read = howto_pages(page)
    assert read and not [p for _, _, found in read for p in found], read
    tap(page, "#howto-close")
    wait_for(page, "!document.querySelector('#howto')")
    tid = create_table(page, "tikal", seats=2)
    add_bots_and_start(page, "tikal", 2)
    tapper = Tapper(page)
    tapper.wait("t.acting() && !t.pending")
    page.evaluate(f"({RECORD})({T})")
    open_howto_from_the_table(page)                 # and from the table, the game under it
    assert tapper.js("return t.guide.active;") is True          # a first game: the guide leads
    shown = follow_the_guide(page, tapper)
    assert shown[0] == "place" and shown[-1] == "end" and "enter" in shown, shown
    assert page.evaluate("localStorage.getItem('tikal.guide_done')") == "true"
    guided = page.evaluate("window.__sent.length")             # the first turn's, as the guide led
    n = play_by_hints(page, tapper, turns=turns)
    assert n["hints"] >= (turns or 8) and n["steps"] >= n["hints"] and n["compared"] == 2, n
    sent = page.evaluate("window.__sent")
    assert guided >= 3 and len(sent) == guided + n["steps"] + n["other"], (guided, n)
    assert journal(quick_host, tid) == sent                # every step the host accepted, nothing else
    if turns is None:
        assert tapper.status()["over"] and n["turns"] >= 8, n
    else:
        assert n["turns"] == turns, n
    assert page.evaluate("tikal.errors.filter(e => e.ref !== 'hint')") == []
    assert page.js_errors == []


@pytest.mark.slow
def test_la_tortuga_whole_game_by_its_coach_line(quick_host, phone):
    """At every decision of ours the coach line says what the strong bot would do and why; its
    button plays it; the journal holds exactly what the page sent, and the game ends."""
    page = phone(size=(360, 640))
    tid = start_game(page, quick_host, "tortuga", 3)
    t = "tikal.play.instance.tortuga"
    page.evaluate(f"({RECORD})({t})")
    coached = 0
    lines = set()
    while True:
        wait_for(page, f"!!(({t}.over && !{t}.timeline.busy) || ({t}.acting() && !{t}.pending))")
        if page.evaluate(f"{t}.over"):
            break
        if page.evaluate(f"{t}.hintView.shown()"):
            why = page.locator("#tt-coach .tt-coach-why")
            lines.add(why.inner_text() if why.count() else "")
            before = page.evaluate(f"{t}.latest.state")
            tap(page, "[data-act=hint-play]")
            wait_for(page, f"{t}.latest.state > {before} && !{t}.pending")
            coached += 1
        elif page.evaluate(f"{t}.hintView.askable()"):
            tap(page, "[data-act=hint]")
            wait_for(page, f"{t}.hintView.shown() || !{t}.hintView.thinking()")
            assert page.evaluate(f"{t}.hintView.shown()"), page.inner_text(".tt-bar")
        else:
            before = page.evaluate(f"{t}.latest.state")
            tap(page, "[data-act=roll]")                    # the first die: always rolled
            wait_for(page, f"{t}.latest.state > {before} && !{t}.pending")
    assert coached >= 5 and len(lines) >= 3, (coached, lines)
    assert journal(quick_host, tid) == page.evaluate("window.__sent")
    assert page.evaluate("tikal.errors.filter(e => e.ref !== 'hint')") == []
    assert page.js_errors == []


@pytest.mark.parametrize("size", [
    pytest.param((390, 844), id="390x844", marks=SLOW),
    pytest.param((360, 640), id="360x640"),                       # the narrowest, no How to play: quick
    pytest.param((844, 390), id="844x390"),                       # sideways: the quick suite's
    pytest.param((1280, 800), id="1280x800", marks=SLOW)])
def test_the_learning_screens_fit_in_every_language(quick_host, phone, size):
    """The guide's bubble (placing the tile, bringing a worker in), the Hint's plan (a whole turn's
    at the place phase, the actions' after it) and every page of How to play, in the four languages
    at each size (1280x800: a laptop's mouse), two players of 24-character names at the table: the
    fit check and no word of Tikal's texts broken across lines (screenshots with TIKAL_WEB_SHOTS).
    How to play at 360x640 is tests/test_web_learn.py's (every page, the four languages). At 360x640
    (issue 38) each step's number in the plan's box can be scrolled into view inside it, the box
    covers none of the bar's buttons, and at the end of the scroll the last player row lies above
    the bar stuck at the bottom."""
    touch = size != (1280, 800)
    page = phone(size=size, touch=touch, guided=True)
    other = phone(size=(360, 640))
    if not touch:                 # a mouse: the taps are clicks at the same points
        page.touchscreen.tap = lambda x, y: page.mouse.click(x, y)
    open_page(page, quick_host, "/?anim=off")
    join(page, LONG_NAMES[0])
    page.evaluate("async () => { await import('/games/tikal/index.js'); }")
    tid = create_table(page, "tikal", seats=2)
    open_page(other, quick_host, "/?anim=off")
    join(other, LONG_NAMES[1])
    tap(other, f'[data-table="{tid}"] [data-act=sit]')
    wait_for(other, "tikal.screen === 'table'")
    tap(other, "#ready")
    wait_for(page, "tikal.table && tikal.table.players[1].ready")
    tap(page, "#start")
    wait_for(page, f"!!(tikal.play && tikal.play.instance && {T})")
    wait_for(other, f"!!(tikal.play && tikal.play.instance && {T})")
    tapper, theirs = Tapper(page), Tapper(other)
    theirs.wait("!t.timeline.busy && !!t.latest")
    if theirs.status()["toAct"] == 1:           # the other player first: a quick turn
        while theirs.status()["toAct"] == 1:
            theirs.wait("t.acting() && !t.pending && !t.timeline.busy")
            st = theirs.status()
            theirs.play(next((a for a in st["legal"] if a["type"] == "end_turn"), st["legal"][0]), st["state"])
            theirs.wait("!t.pending && !t.timeline.busy")
    tapper.wait("t.acting() && !t.pending")
    label = f"{size[0]}x{size[1]}"
    ck = ScreenChecker(page, label, "tikal", T, TIKAL_TEXTS, Path(SHOTS) if SHOTS else None)

    def guide_shown():
        wait_for(page, f"!{T}.timeline.busy && !document.querySelector('.tk-guide').hidden")

    def plan():
        tapper.wait("t.acting() && !t.pending && !t.timeline.busy")
        if not tapper.js("return t.hintView.shown();"):
            tapper.tap("[data-act=hint]")
            tapper.wait("t.hintView.shown()")
        frames(page)
        assert page.locator(".tk-guide").is_hidden()      # one helper at a time: the guide steps aside
        if size == (360, 640):                            # every step's number shown in the plan's box
            ck.problems += [f"{label} plan: {p}" for p in page.evaluate(PLAN_NUMBERS_SHOWN)]

    def unplan():
        tapper.tap("[data-act=hint]")
        tapper.wait("!t.hintView.shown()")
        guide_shown()                                     # and comes back

    ck.check("guide-place", guide_shown)
    ck.check("hint-place", plan)                  # the plan of the whole turn
    unplan()
    place = next(a for a in tapper.status()["legal"] if a["type"] == "place_tile")
    tapper.play(place)
    ck.check("guide-enter", guide_shown)
    ck.check("hint-actions", plan)
    unplan()
    if size == (360, 640):          # the narrowest: each row scrolled into view (the last at the end) above the bar
        ck.problems += [f"{label} rows: {p}" for p in rows_reachable(page, ".tk-seat", ".tk-bar")]
    assert not ck.problems, "\n".join(ck.problems)
    if size == (360, 640):
        assert page.js_errors == [] and other.js_errors == []
        return
    problems, seen = [], 0
    for lang in LANGS:
        page.evaluate("async (l) => { await tikal.setLanguage(l); }", lang)
        tap(page, "#menu-button")
        tap(page, "#menu-howto")
        wait_for(page, "!!document.querySelector('#howto .ht-page')")
        shots = Path(SHOTS) / f"howto-{label}-{lang}" if SHOTS else None
        for g, p, found in howto_pages(page, shots):
            seen += 1
            problems += [f"{label} {lang} {g}/{p}: {x}" for x in found]
        tap(page, "#howto-close")
        wait_for(page, "!document.querySelector('#howto')")
    assert seen > 8 and not problems, problems
    assert page.js_errors == [] and other.js_errors == []
