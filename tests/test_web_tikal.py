"""The Tikal table in the browser (assets/web/games/tikal/, issue 27), on its own test page
(tests/web_tikal/harness.html) in a real Chromium: whole games recorded from a real host on
loopback play through it, every animation included, ending on the host's views. (Its component
data is the engine's, tests/test_web_data.py; what it reads off a view is what the engine reads,
tests/test_js.py.)"""
from __future__ import annotations

import asyncio
import json
import math
import os
import threading
from pathlib import Path

import pytest

import engine

from net_helpers import BotClient, live_host, seat_clients
from web_helpers import BROKEN_WORDS, LONG_NAMES
from web_tikal_support import Tapper, broken_words, feed, harness_server

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 180_000
#: Where screenshots go: TIKAL_WEB_SHOTS=dir (none by default), as tests/test_web_tikal_fit.py's.
SHOTS = os.environ.get("TIKAL_WEB_SHOTS")


def _shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"tikal-{name}.png"))


@pytest.fixture(scope="module")
def server():
    with harness_server() as base:
        yield base


def open_harness(browser, server, lang="en", size=(390, 844), anim="off", top=0, touch=True):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=touch, is_mobile=touch)
    ctx.set_default_timeout(TIMEOUT)
    page = ctx.new_page()
    page.js_errors = []
    page.on("pageerror", lambda e: page.js_errors.append(str(e)))
    page.goto(f"{server}/harness.html?anim={anim}&lang={lang}&top={top}")
    page.wait_for_function("window.harnessReady === true")
    return page


def record(variant: str, seats: int, level: str = "random") -> list[dict]:
    """Every message seat 0 got in a whole game on a real loopback host (bots at no delay)."""
    async def play():
        async with live_host(bot_delay=0.0) as host:
            _, clients = await seat_clients(host, "tikal", seats, {"variant": variant},
                                            names=["Ana Maria Cruz Ortega xx"], bots_in_host=seats - 1, level=level)
            b = BotClient(clients[0], "tikal", level=level, seed=3)
            await b.play(timeout=300)
            return b.received
    out: list = []
    th = threading.Thread(target=lambda: out.append(asyncio.run(play())))   # Playwright's loop runs on this thread
    th.start()
    th.join()
    assert out, "the recorded game did not finish"
    return json.loads(json.dumps(out[0]))


#: The module has shown the update of state ``s`` and every animation before it.
PLAYED = "s => { const t = window.mod.tikal; return !t.timeline.busy && t.latest && t.latest.state === s; }"


def _play_through(page, msgs: list[dict]) -> dict:
    """Feed a recorded game to the module (the table first), wait until every update has played,
    and read what the page shows."""
    feed(page, msgs, seated=True)
    last = [m for m in msgs if m["t"] == "update"][-1]
    page.wait_for_function(PLAYED, arg=last["state"])
    return page.evaluate("""() => {
        const t = window.mod.tikal, el = t.el;
        return {
          shown: t.shown,
          tiles: el.querySelectorAll('.tk-l-tiles .tk-tile').length,
          scores: [...el.querySelectorAll('.tk-seat .tk-score')].map((s) => Number(s.dataset.score)),
          logged: window.logged,
          played: t.timeline.played,
          missing: [...window.missing],
        };
    }""")


@pytest.mark.parametrize("variant,seats", [("base", 3), ("auction", 2)])
@pytest.mark.slow
def test_web_tikal_plays_a_recorded_game(chromium, server, variant, seats):
    """A whole game recorded from a real host plays through the module with every animation
    (quickened, not skipped: frames are drawn): it ends on the host's last view, the board holds
    every tile, the cards the final scores, the log a line per event with every placeholder filled."""
    msgs = record(variant, seats)
    page = open_harness(chromium, server, anim="30")
    out = _play_through(page, msgs)
    last = [m for m in msgs if m["t"] == "update"][-1]
    assert last["over"]
    assert out["shown"] == last["view"]
    assert out["tiles"] == len(last["view"]["tiles"])
    assert out["scores"] == last["scores"]
    # every update after the first played its animations frame by frame (none was landed at once)
    assert out["played"] == len([m for m in msgs if m["t"] == "update" and not m.get("full")])
    assert out["missing"] == []
    lines = out["logged"]
    events = [ev for m in msgs if m["t"] == "update" for ev in m["events"]]
    assert len(lines) >= len([e for e in events if e["type"] in ("tile_placed", "figure_moved", "scored")])
    assert not [ln for ln in lines if "{" in ln or "}" in ln]
    assert any("Volcano" in ln for ln in lines) and any("Game over" in ln for ln in lines)
    assert page.js_errors == []


#: An auction game at seat 2's turn, the scores apart (seat 0 may bid up to its 7 once a new round opens).
BIDS = {"game": "tikal", "seats": 3, "variant": "auction", "seed": 4, "scores": [7, 25, 9], "seat": 2, "ap": 10}
#: An auction game with the stack spent after a volcano's scoring (its story: 5, 0 and 1 points won;
#: the scores 17, 25, 9: what the start and the bids left is 12, 25 and 8).
SPENT = {"game": "tikal", "seats": 3, "variant": "auction", "seed": 4, "scores": [17, 25, 9], "stack": [],
         "rounds": [{"kind": "volcano", "scored": [{"seat": 0, "total": 5, "temples": 3, "treasures": 2},
                                                   {"seat": 1, "total": 0, "temples": 0, "treasures": 0},
                                                   {"seat": 2, "total": 1, "temples": 1, "treasures": 0}]}]}


def _players_table() -> dict:
    return {"t": "table", "table": {"players": [{"seat": i, "name": n, "kind": "human", "colour": c, "connected": True}
                                                for i, (n, c) in enumerate(zip(LONG_NAMES, COLOURS))]}}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_web_tikal_auction_what_is_left_to_bid(chromium, server, lang):
    """The auction: at our bid the bid box says how far we may go, the host's last listed amount
    (the UI works out no cap: T-X3's "up to your score" is the host's); in the score story the
    auction's column is what the start less the bids left, a plain number (not "+12": no points
    won); an empty stack says "No tiles left" once (no "0 tiles left", no "No volcano left");
    both fit a phone."""
    g = engine.from_scenario(BIDS)
    g.apply({"type": "end_turn"})              # a new round: seat 0 opens the auction
    msg = engine_update(g, 0)
    assert msg["view"]["phase"] == "bid" and max(a["amount"] for a in msg["legal"] if a["type"] == "bid") == 7
    page = open_harness(chromium, server, lang=lang, size=(360, 640), top=90)
    t = "window.mod.tikal"
    feed(page, [{"t": "seated", "table": 1, "seat": 0, "token": "0" * 32}, _players_table(), msg])
    page.wait_for_function(f"{t}.acting() && {t}.legalOf('pass').length > 0")
    most = page.inner_text(".tk-bidbox .tk-bidmost")
    assert most == page.evaluate(f"{t}.t('tikal.web.bid_up_to', {{n: 7}})") and "7" in most
    assert page.evaluate(FIT) == []
    # we bid 3: the next seat bids, the box says who and what stands, not our cap
    g.apply({"type": "bid", "amount": 3})
    feed(page, [engine_update(g, 0)])
    page.wait_for_function(f"{t}.toAct === 1 && !{t}.acting()")
    assert page.locator(".tk-bidbox .tk-bidmost").count() == 0
    assert page.evaluate(f"{t}.t('tikal.bidding', {{name: {t}.shortName(1)}})") in page.inner_text(".tk-bidbox")
    # the stack spent, a volcano scored: the story and the tile box
    msg = engine_update(engine.from_scenario(SPENT), 0)
    feed(page, [msg])
    page.wait_for_function("s => window.mod.tikal.shown.stack_left === 0", arg=0)
    head = page.eval_on_selector_all(".tk-storybox .tk-story tr:first-child th", "els => els.map((e) => e.textContent)")
    assert head[1] == page.evaluate(f"{t}.t('results.auction_col')")
    cells = page.eval_on_selector_all(".tk-storybox .tk-story tr[data-seat] td:first-of-type",
                                      "els => els.map((e) => e.textContent)")
    assert cells == ["12", "25", "8"]
    outlook = page.inner_text(".tk-outlook")
    assert page.evaluate(f"{t}.tn('tikal.next_tiles', 0, {{n: 0}})") not in outlook
    assert page.evaluate(f"{t}.t('tikal.no_volcano_left')") not in outlook
    assert page.inner_text(".tk-stack-empty") == page.evaluate(f"{t}.t('tikal.stack_empty')")
    assert page.evaluate(FIT) == []
    assert page.js_errors == [] and page.evaluate("[...window.missing]") == []


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
def test_web_tikal_seat_cards_marks_read(chromium, server, size):
    """A seat's card shows its figures in supply, its tents and guards left, its treasures: each
    picture drawn at least 10 CSS pixels tall and 8 wide (the tents were drawn 6 pixels wide in
    their 13-pixel boxes, a guard 9: too small to tell apart on a phone)."""
    page = open_harness(chromium, server, size=size, top=90)
    feed(page, [{"t": "seated", "table": 1, "seat": 0, "token": "0" * 32}, _players_table(),
                engine_update(engine.from_scenario(SHEETS), 0)])
    page.wait_for_function("window.mod.tikal.acting()")
    drawn = page.eval_on_selector_all(".tk-seat .tk-seat-body svg", """els => els.map((e) => {
        const r = e.firstChild.getBoundingClientRect();
        return [e.getAttribute('class'), Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10];
    })""")
    kinds = {c for c, _, _ in drawn}
    assert {"tk-i-fig", "tk-i-tent", "tk-i-guard", "tk-i-tr"} <= kinds, kinds
    small = [d for d in drawn if d[2] < 10 or d[1] < 8]
    assert small == [], small
    assert page.js_errors == []


@pytest.mark.slow             # eight pages, the volcano at full speed
def test_web_tikal_volcano_screens_fit(chromium, server):
    """A volcano's scoring as a player meets it, in the four languages at 360x640 and 1280x800
    under the shell's bar: the volcano's banner while it erupts, then our scoring turn (its prompt,
    the hint, the bar); nothing cut, overlapping or outside the screen, no word broken."""
    msgs = record("base", 3)
    ups = [i for i, m in enumerate(msgs) if m["t"] == "update"]
    volcano = next(i for i in ups if any(e["type"] == "scoring_started" and e.get("kind") == "volcano"
                                         for e in msgs[i]["events"]))
    turn = next(i for i in ups if i > volcano and msgs[i].get("legal") and msgs[i]["view"].get("scoring"))
    before = dict(msgs[[i for i in ups if i < volcano][-1]], full=True, events=[])
    problems = []
    for size in ((360, 640), (1280, 800)):
        for lang in ("en", "cs", "it", "ru"):
            page = open_harness(chromium, server, lang=lang, size=size, top=90, anim="1")
            page.evaluate("async () => { window.fit = (await import('/app/fitcheck.js')).fitProblems; }")
            page.evaluate(BROKEN_WORDS)
            feed(page, [{"t": "seated", "table": 1, "seat": 0, "token": "0" * 32}, _players_table(), before])
            # once the banner says "Volcano!" the animations hold still and the banner stays (its
            # timer cleared as it shows): it is checked as the player sees it, however busy the machine
            page.evaluate("""(title) => {
                const t = window.mod.tikal, b = document.querySelector('.tk-banner');
                new MutationObserver(() => {
                    if (window.held || b.hidden || !b.textContent.startsWith(title)) return;
                    clearTimeout(t.bannerTimer);
                    t.timeline.speed = 0;
                    window.held = true;
                }).observe(b, {attributes: true, childList: true, subtree: true});
            }""", page.evaluate("window.mod.tikal.t('tikal.banner_volcano')"))
            feed(page, [msgs[volcano]])
            page.wait_for_function("window.held === true")
            found = page.evaluate("[...window.fit(), ...window.brokenWords('.tk, .tk-sheet')]")
            problems += [f"{size} {lang} volcano: {p}" for p in found]
            _shot(page, f"volcano-{size[0]}x{size[1]}-{lang}")
            page.evaluate("window.mod.tikal.timeline.speed = 1")
            turn_msg = dict(msgs[turn], full=True, events=[])
            feed(page, [turn_msg])
            page.wait_for_function("s => { const t = window.mod.tikal; return t.acting() && !t.timeline.busy "
                                   "&& t.latest.state === s; }", arg=turn_msg["state"])
            page.evaluate("document.querySelector('.tk-banner').hidden = true")
            problems += [f"{size} {lang} scoring turn: {p}" for p in page.evaluate(FIT) + broken_words(page)]
            assert page.inner_text(".tk-prompt") == page.evaluate("window.mod.tikal.t('tikal.prompt_scoring_you', "
                                                                  "{ap: window.mod.tikal.shown.ap})")
            _shot(page, f"scoring-{size[0]}x{size[1]}-{lang}")
            assert page.js_errors == []
            page.context.close()
    assert problems == [], "\n".join(problems)


def _contrast(a: list, b: list) -> float:
    """The WCAG contrast ratio of two sRGB colours ([r, g, b], 0-255)."""
    def lum(c):
        lin = [(v / 255) / 12.92 if v / 255 <= 0.03928 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c[:3]]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_web_tikal_banner_reads_in_every_seat_tone(chromium, server):
    """A banner about a seat (its scoring turn) is edged in the seat's tone, and its title is
    written in that tone made readable on the banner's dark ground: a blue or a black seat's name
    there was dark on dark (contrast 3.4 and 1.9)."""
    colours = ["orange", "blue", "green", "yellow", "purple", "red", "black", "white"]
    page = open_harness(chromium, server, size=(360, 640))
    g = engine.from_scenario(SHEETS)
    feed(page, [{"t": "seated", "table": 1, "seat": 0, "token": "0" * 32},
                {"t": "table", "table": {"players": [{"seat": i, "name": f"Seat {i}", "kind": "human", "colour": c,
                                                      "connected": True} for i, c in enumerate(colours)]}},
                engine_update(g, 0)])
    t = "window.mod.tikal"
    # the module's stylesheet loads beside it (its <link>'s sheet is null until then): measured
    # before, the banner had no border yet (under load: 'orange', [0, 0, 0] for its tone)
    page.wait_for_function(f"{t}.acting() && !!(document.getElementById('tk-style') || {{}}).sheet")
    for seat, colour in enumerate(colours):
        got = page.evaluate(f"""s => {{
            const t = {t};
            t.banner(t.t('tikal.banner_scoring_turn', {{name: t.shortName(s)}}), 'sub', t.tone(s), 600);
            const b = document.querySelector('.tk-banner'), title = b.querySelector('b');
            const rgb = (c) => c.match(/[0-9.]+/g).map(Number);
            return {{ text: rgb(getComputedStyle(title).color), edge: rgb(getComputedStyle(b).borderTopColor),
                      back: rgb(getComputedStyle(b).backgroundColor), tone: t.tone(s) }};
        }}""", seat)
        assert got["edge"][:3] == got["tone"], colour          # the edge: the seat's own tone
        assert _contrast(got["text"], got["back"]) >= 4.5, (colour, got)
    assert page.js_errors == []


def _my_turn(msgs: list[dict], phase: str, after: int = 0) -> int:
    """How many of the recorded messages lead to seat 0's first decision in ``phase`` (after the
    first ``after`` messages; never the first, full, update)."""
    return next(i + 1 for i, m in enumerate(msgs) if i >= after and m["t"] == "update" and m.get("legal")
                and m["phase"] == phase and not m.get("full"))


def test_web_tikal_keys_and_refusals(chromium, server):
    """A laptop's keys play as the window's do (R turns the tile, Enter places it, W picks a worker
    from the supply, E ends the turn), and an action the host refuses frees the table again with
    the host's reason shown (so does a resync after a lost link)."""
    msgs = record("base", 2)
    # the moves before our turn animate (quickened): once they are over the bar offers our turn
    page = open_harness(chromium, server, size=(1280, 800), anim="30", touch=False)
    place = _my_turn(msgs, "place")
    feed(page, msgs[:place], seated=True)
    t = "window.mod.tikal"
    page.wait_for_function(f"{t}.acting() && !{t}.timeline.busy")
    page.wait_for_function("(b => !!b && !b.disabled)(document.querySelector('[data-act=rotate-right]'))")
    assert page.inner_text(".tk-hint") == page.evaluate(f"{t}.t('tikal.web.help_place_mouse')")
    legal = msgs[place - 1]["legal"]
    first = legal[0]
    # the hex, as a click would
    page.evaluate(f"h => {{ const t = {t}; t.sel.tap({{hex: h, chip: null, cancel: false}}); }}", first["hex"])
    want = first["rotation"]
    for _ in range(6):
        if page.evaluate(f"{t}.sel.rotation") == want and page.evaluate(f"!!{t}.sel.placeAction()"):
            break
        page.keyboard.press("r")
    page.keyboard.press("Enter")
    sent = page.evaluate("window.sent")
    assert sent[-1]["action"]["type"] == "place_tile" and sent[-1]["action"]["hex"] == first["hex"]
    assert sent[-1]["action"] in legal
    # the host refuses it: the table is free again and says why
    assert page.evaluate(f"{t}.pending")
    # (the shell's answer: the host's error and its text in the page's words, not its reason)
    page.evaluate("window.answer({ok: false, error: {code: 'stale', reason: 'the game moved on',"
                  " text: 'The game moved on meanwhile.'}})")
    page.wait_for_function(f"!{t}.pending")
    assert page.evaluate(f"{t}.sel.info") == "The game moved on meanwhile."
    assert "The game moved on meanwhile." in page.inner_text(".tk-hint")
    # sent again, and the link drops before the answer: the host's full update after the
    # reconnection frees the table (app/table.js), whatever became of what was sent
    page.keyboard.press("Enter")
    assert page.evaluate(f"{t}.pending")
    feed(page, [dict(msgs[place - 1], full=True, events=[], recap=None)])
    page.wait_for_function(f"!{t}.pending && {t}.acting()")
    # in an action phase: W selects a worker of the supply, E ends the turn
    act = _my_turn(msgs, "actions", place)
    feed(page, msgs[place:act])
    page.wait_for_function(f"{t}.acting() && {t}.legalOf('end_turn').length > 0")
    if page.evaluate(f"{t}.legalOf('enter').some((a) => a.figure === 'worker')"):
        page.keyboard.press("w")
        assert page.evaluate(f"{t}.sel.selected") == {"from": None, "figure": "worker"}
        page.keyboard.press("Escape")
        assert page.evaluate(f"{t}.sel.selected") is None
    page.keyboard.press("e")
    assert page.evaluate("window.sent")[-1]["action"] == {"type": "end_turn"}
    assert page.js_errors == []


#: A position made for the sheets (T-A6, T-A8b): seat 0 may guard the northern temple with a
#: worker or its leader, and swap either of its single treasures for a single of two others.
SHEETS = {"game": "tikal", "seats": 3, "variant": "base", "seed": 4,
          "figures": [{"seat": 0, "hex": [0, -1], "workers": 2, "leader": True},
                      {"seat": 1, "hex": [0, -1], "workers": 1, "leader": False}],
          "held": {"0": [1, 2], "1": [3, 4], "2": [5, 5, 6]}, "seat": 0, "ap": 10}


def engine_update(g, seat: int) -> dict:
    """The host's full update for ``seat`` of engine game ``g`` (docs/protocol.md section 5)."""
    v = g.view(seat)
    legal = g.legal_actions() if g.to_act == seat else []
    return json.loads(json.dumps({"t": "update", "table": 1, "state": 0, "seat": seat, "view": v, "events": [],
                                  "to_act": g.to_act, "phase": v["phase"], "over": False, "scores": g.scores,
                                  "winners": [], "legal": legal, "can_undo": False, "full": True}))


COLOURS = ("orange", "blue", "green")
FIT = "async () => (await import('/app/fitcheck.js')).fitProblems()"


@pytest.mark.parametrize("lang", ["en", "cs", "it", "ru"])
@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
def test_web_tikal_sheets_by_taps_and_their_fit(chromium, server, lang, size):
    """Who stands guard and which swap: each sheet lists every option the host offers, fits a
    phone and a tablet under the shell's bar (360x640 and 1280x800, 24-character names) in every
    language with no word broken, and a tap on an option sends exactly that action."""
    g = engine.from_scenario(SHEETS)
    msg = engine_update(g, 0)
    page = open_harness(chromium, server, lang=lang, size=size, top=90)
    feed(page, [
        {"t": "seated", "table": 1, "seat": 0, "token": "0" * 32},
        {"t": "table", "table": {"players": [{"seat": i, "name": n, "kind": "human", "colour": c, "connected": True}
                                             for i, (n, c) in enumerate(zip(LONG_NAMES, COLOURS))]}},
        msg])
    taps = Tapper(page, "window.mod.tikal")
    taps.wait("t.acting()")
    legal = msg["legal"]
    # the guard: one temple, two figures to choose from
    taps.tap("[data-act=guard]")
    assert page.evaluate("window.mod.tikal.sel.chooser.kind") == "guard"
    assert sorted(page.eval_on_selector_all(".tk-sheet [data-figure]", "els => els.map((e) => e.dataset.figure)")) == \
        ["leader", "worker"]
    assert page.evaluate(FIT) == [] and broken_words(page) == []
    _shot(page, f"sheet-guard-{size[0]}x{size[1]}-{lang}")
    taps.tap(".tk-sheet [data-figure=leader]")
    assert page.evaluate("window.sent")[-1]["action"] == {"type": "guard", "hex": [0, -1], "figure": "leader"}
    page.evaluate("window.answer({ok: false, error: {code: 'stale', message: 'again'}})")   # the table is free again
    taps.wait("!t.pending")
    # the swap: every offer, grouped by the player it is made to
    taps.tap("[data-act=exchange]")
    offers = page.eval_on_selector_all(".tk-sheet [data-give]",
                                       "els => els.map((e) => [+e.dataset.give, +e.dataset.take, +e.dataset.with])")
    assert sorted(offers) == sorted([a["give"], a["take"], a["with"]] for a in legal if a["type"] == "exchange")
    assert page.evaluate(FIT) == [] and broken_words(page) == []
    _shot(page, f"sheet-swap-{size[0]}x{size[1]}-{lang}")
    taps.tap(".tk-sheet [data-give='2'][data-take='6'][data-with='2']")
    assert page.evaluate("window.sent")[-1]["action"] == {"type": "exchange", "give": 2, "take": 6, "with": 2}
    assert page.js_errors == [] and page.evaluate("[...window.missing]") == []


def test_web_tikal_texts_are_fitted_again_once_the_stylesheet_is_in(chromium, server):
    """A slow phone: the first update comes before the module's stylesheet has loaded, so the table
    draws and fits its texts at the browser's own sizes; once the stylesheet is in, they are fitted
    again at its sizes (the bar's "Guardiano 5" stayed outside its button at 360x640 in Italian:
    test_web_tikal_sheets_by_taps_and_their_fit failed so now and then, in the whole suite)."""
    held = []
    ctx = chromium.new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(TIMEOUT)
    ctx.route("**/games/tikal/style.css", lambda route: held.append(route))   # its answer waits
    page = ctx.new_page()
    page.js_errors = []
    page.on("pageerror", lambda e: page.js_errors.append(str(e)))
    page.goto(f"{server}/harness.html?anim=off&lang=it&top=90")
    page.wait_for_function("window.harnessReady === true")
    g = engine.from_scenario(SHEETS)
    feed(page, [
        {"t": "seated", "table": 1, "seat": 0, "token": "0" * 32},
        {"t": "table", "table": {"players": [{"seat": i, "name": n, "kind": "human", "colour": c, "connected": True}
                                             for i, (n, c) in enumerate(zip(LONG_NAMES, COLOURS))]}},
        engine_update(g, 0)])
    page.wait_for_function("window.mod.tikal.acting() && !!document.querySelector('[data-act=guard]')")
    assert page.evaluate("!document.getElementById('tk-style').sheet")       # drawn unstyled
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_function("!!document.getElementById('tk-style').sheet")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.evaluate(FIT) == [] and broken_words(page) == []
    assert page.js_errors == []
    ctx.close()


def test_web_tikal_zoom_pinch_pan_and_taps_still_hit(chromium, server):
    """Pinch (two fingers), the wheel and a drag move the board's view; a tap then still lands on
    the hex under the finger (the placement goes where it was tapped)."""
    msgs = record("base", 2)
    page = open_harness(chromium, server)
    place = _my_turn(msgs, "place")
    feed(page, msgs[:place], seated=True)
    t = "window.mod.tikal"
    taps = Tapper(page, t)
    taps.wait("t.acting() && t.sel.placing()")
    z0 = page.evaluate(f"{t}.board.zoom")
    # the fingers pinch about the hex where the tile may go nearest the board's middle (the game's
    # board differs from run to run: the first such hex was at times on the board's edge, the
    # fingers 40 px off it, and at 3.2 times the zoom no such hex was left in view)
    box = page.locator(".tk-board").bounding_box()       # both fingers on the board
    mid = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    spots = [(page.evaluate(f"h => {t}.board.screenOf(h)", h), h) for h in page.evaluate(f"{t}.sel.placeHexes()")]
    (cx, cy), aim = min(spots, key=lambda s: math.dist(s[0], mid))
    cx = min(max(cx, box["x"] + 50), box["x"] + box["width"] - 50)
    cy = min(max(cy, box["y"] + 40), box["y"] + box["height"] - 40)
    cdp = page.context.new_cdp_session(page)

    def touch(kind, pts):
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i}
                                                                          for i, (x, y) in enumerate(pts)]})
    touch("touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for d in range(20, 120, 10):
        touch("touchMove", [(cx - d, cy), (cx + d, cy)])
    touch("touchEnd", [])
    z1 = page.evaluate(f"{t}.board.zoom")
    assert z1 > z0 * 1.5 and not page.evaluate(f"{t}.board.auto")
    vb = page.evaluate(f"{t}.board.vb")
    touch("touchStart", [(cx, cy)])
    for d in range(0, 30, 3):
        touch("touchMove", [(cx + d, cy + d / 2)])
    touch("touchEnd", [])
    assert page.evaluate(f"{t}.board.vb") != vb          # the drag panned (and tapped nothing)
    assert page.evaluate(f"{t}.sel.place") is None
    # the first placement hex that is on screen now: tapped, it is the one chosen
    hexes = page.evaluate(f"{t}.sel.placeHexes()")
    inside = [h for h in hexes if page.evaluate(f"h => {{ const [x, y] = {t}.board.screenOf(h); const r = "
                                                 f"{t}.board.host.getBoundingClientRect(); return x > r.left + 10 && "
                                                 "x < r.right - 10 && y > r.top + 10 && y < r.bottom - 10; }", h)]
    assert inside, "no placement hex left in view"
    taps.tap_hex(inside[0], 0.0)
    assert page.evaluate(f"{t}.sel.place") == inside[0]
    assert page.js_errors == []
