"""Tikal on a phone as a full seat (issue 38, points 5 and 7): the bar and the table's prompt agree
on whose turn it is, in a real Chromium with touch through a real host, the game animated as a
player sees it, with bots that play faster than the page animates; a phone held sideways gets the
board the whole height and every hex to tap within a finger's reach."""
from __future__ import annotations

import random
import re
import time

import pytest

from assets.i18n import Catalog

from waiting import until
from web_helpers import LONG_NAMES, WebHost, bots_and_start, fit_problems, new_table, tap, wait_for
from web_tikal_support import SHELL_TABLE, Tapper

#: Every frame, the bar's words, whether it is lit as ours, and the table's prompt (when either
#: changed), in ``window.turnLog``.
WATCH_TURN = """() => {
  window.turnLog = [];
  let last = "";
  const look = () => {
    const bar = document.getElementById("whose-turn");
    const t = tikal.play && tikal.play.instance && tikal.play.instance.tikal;
    if (bar && t && t.promptEl) {
      const now = [bar.textContent, bar.classList.contains("yours"), t.promptEl.textContent];
      const key = JSON.stringify(now);
      if (key !== last && now[2]) { window.turnLog.push(now); last = key; }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


def prompt_forms(cat: Catalog, you: bool) -> list[re.Pattern]:
    """Tikal's prompts of the one to act (``you``: the player's own, "Your turn: ..."), as patterns."""
    keys = ["place", "actions", "scoring", "bid", "choose"]
    out = []
    for k in keys:
        key = f"tikal.prompt_{k}_you" if you else f"tikal.prompt_{k}"
        text = cat.tr(key, ap="\x00", name="\x01")
        out.append(re.compile(re.escape(text).replace("\x00", r"\d+").replace("\x01", ".+") + "$"))
    if not you:
        out.append(re.compile(re.escape(cat.tr("tikal.prompt_scoring_round")) + "$"))
    return out


@pytest.mark.slow
def test_web_tikal_the_bar_and_the_prompt_agree_on_whose_turn(tmp_path, phone):
    """Four seats, three bots that play at once, every move animated: the bar once said "Your
    turn" over "Bot 3's scoring turn" (it followed the host's newest update, the table the one it
    was still playing). Over our turns, and a return after an absence (a burst of updates), each
    frame the bar is lit "Your turn" exactly when the prompt is ours, and names the one the prompt
    names otherwise."""
    web_host = WebHost(tmp_path, bot_delay=0.0, grace=0.2)
    try:
        page = phone()
        # (every move animated, four times quicker: the table still plays each update after the host's newer ones came)
        tid = new_table(page, web_host, "Eva", "tikal", seats=4, path="/?anim=4")
        bots_and_start(page, until=f"tikal.play && tikal.play.instance && !!{SHELL_TABLE}")
        page.evaluate(WATCH_TURN)
        taps = Tapper(page)
        turns = 0
        while turns < 4:
            taps.wait("t.over || (t.acting() && !t.pending)")
            st = taps.status()
            if st["over"]:
                break
            kinds = {a["type"]: a for a in st["legal"]}
            action = kinds.get("end_turn") or kinds.get("place_tile") or st["legal"][0]
            taps.play(action, st["state"])
            turns += action["type"] == "end_turn"
            if turns == 2 and action["type"] == "end_turn":     # away a while, then back: a burst
                page.evaluate("tikal.net.wanted = false; tikal.net.drop()")
                t, seen = web_host.table(tid), page.evaluate("tikal.state")
                until(lambda: web_host.call(lambda: t.status == "over" or t.state > seen + 40), "the bots' moves",
                      poll=0.1, progress=lambda: web_host.call(lambda: t.state))
                page.evaluate("tikal.net.wanted = true; document.dispatchEvent(new Event('visibilitychange'))")
                wait_for(page, "tikal.net.greeted && !!document.querySelector('#recap')")
                tap(page, "#recap-ok")
        log = page.evaluate("window.turnLog")
        cat = Catalog("en")
        ours, theirs = prompt_forms(cat, True), prompt_forms(cat, False)
        names = page.evaluate(f"[0, 1, 2, 3].map((s) => [{SHELL_TABLE}.shortName(s), tikal.play.nameOf(s)])")
        wrong = []
        for bar, lit, prompt in log:
            if prompt == cat.tr("table.game_over"):
                continue
            mine = any(p.match(prompt) for p in ours)
            assert mine or any(p.match(prompt) for p in theirs), prompt
            if lit != mine or (bar == cat.tr("web.your_turn")) != mine:
                wrong.append((bar, lit, prompt))
            elif not mine and prompt != cat.tr("tikal.prompt_scoring_round"):    # (a round names nobody)
                named = [s for s, (short, _) in enumerate(names) if short in prompt]
                if bar not in [cat.tr("web.their_turn", name=names[s][1]) for s in named]:
                    wrong.append((bar, lit, prompt))
        assert len(log) > 10 and any(lit for _, lit, _ in log) and not all(lit for _, lit, _ in log)
        assert not wrong, wrong[:5]
        assert page.js_errors == []
    finally:
        web_host.stop()


#: The selection's targets whose cost disc lies over a temple's level plaque (on the screen), and
#: how many of the targets are temples.
COSTS_ON_PLAQUES = """const over = [];
    let temples = 0;
    for (const disc of t.root.querySelectorAll(".tk-cost-bg")) {
      const e = t.board.pieces.get(disc.dataset.cost);
      const plaque = e && e[1].querySelector(".tk-plaque");
      if (!plaque) continue;
      temples += 1;
      const a = disc.getBoundingClientRect(), b = plaque.getBoundingClientRect();
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 0.5 && h > 0.5) over.push([disc.dataset.cost, w, h]);
    }
    return {over, temples};"""


@pytest.mark.slow
def test_web_tikal_a_tap_on_a_crowded_camp_asks_which_of_ones_figures(tmp_path, phone):
    """Our worker and our leader on the base camp: a tap on the camp (between the chips: a
    finger there once took the worker for the leader meant) asks which, in a sheet that fits at
    each phone size in every language; the answer selects that figure, its targets lit, nothing
    sent; the cost discs of its targets leave the temples' levels in view (one covered the level
    of the temple it walked to) and its Cancel is 44 px tall at every size. A tap right on the
    leader's chip selects the leader at once."""
    from web_helpers import LANGS, fit_problems

    web_host = WebHost(tmp_path, bot_delay=0.0)
    try:
        page = phone()
        new_table(page, web_host, "Eva", "tikal", seats=2, path="/?anim=off")
        bots_and_start(page, until=f"tikal.play && tikal.play.instance && !!{SHELL_TABLE}")
        taps = Tapper(page)
        taps.wait("t.acting() && !t.pending")
        st = taps.status()
        taps.play(next(a for a in st["legal"] if a["type"] == "place_tile"), st["state"])
        taps.wait("t.acting() && !t.pending")
        camp = next(a["hex"] for a in taps.status()["legal"] if a["type"] == "enter")
        for figure in ("worker", "leader"):
            st = taps.status()
            enter = [a for a in st["legal"] if a["type"] == "enter" and a["hex"] == camp and a["figure"] == figure]
            taps.play(enter[0], st["state"])
        taps.wait("t.acting() && !t.pending && t.sel.canMoveFrom(arg, 'worker') && "
                  "t.sel.canMoveFrom(arg, 'leader')", camp)
        state = taps.status()["state"]
        taps.cancel()                               # (the leader that came in stays selected: let go)
        taps.tap_hex(camp)                          # the camp's upper half: no chip under the finger
        taps.wait("t.sel.chooser && t.sel.chooser.kind === 'figure' && "
                  "!!t.root.querySelector('.tk-sheet:not([hidden])')")
        assert taps.sel()["selected"] is None
        for size in ((390, 844), (360, 640), (844, 390)):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            for lang in LANGS:
                page.evaluate("(l) => tikal.setLanguage(l)", lang)
                wait_for(page, f"(l) => tikal.cat.lang === l && !!{SHELL_TABLE}", lang)
                if not taps.js("return !!t.sel.chooser;"):        # (the table mounted again: tap again)
                    taps.tap_hex(camp)
                taps.wait("!!t.root.querySelector('.tk-sheet:not([hidden]) [data-figure=leader]')")
                heads = page.locator(".tk-sheet .tk-box-title").all_inner_texts()
                assert heads == [Catalog(lang).tr("tikal.web.which_figure")], heads
                assert fit_problems(page) == [], (size, lang)
                page.screenshot(path=str(tmp_path / f"which-figure-{size[0]}x{size[1]}-{lang}.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate("(l) => tikal.setLanguage(l)", "en")
        wait_for(page, f"tikal.cat.lang === 'en' && !!{SHELL_TABLE}")
        if not taps.js("return !!t.sel.chooser;"):
            taps.tap_hex(camp)
        taps.tap(".tk-sheet [data-figure=leader]")
        taps.wait("t.sel.selected && t.sel.selected.figure === 'leader' && !t.sel.chooser")
        assert taps.sel()["selected"] == {"from": camp, "figure": "leader"}
        assert taps.js("return t.sel.marks().targets.length;") > 0
        assert taps.status()["state"] == state          # nothing sent
        # each target's cost on its disc, and the temples' levels beside them: no disc on a plaque
        covered = taps.js(COSTS_ON_PLAQUES)
        assert covered["temples"] > 0 and covered["over"] == [], covered
        for size in ((390, 844), (360, 640), (844, 390)):   # the selection's Cancel: a finger's size
            page.set_viewport_size({"width": size[0], "height": size[1]})
            taps.wait("!!t.root.querySelector('[data-act=cancel]')")
            assert taps.js("return t.root.querySelector('[data-act=cancel]').getBoundingClientRect().height;") >= 44
        page.set_viewport_size({"width": 390, "height": 844})
        taps.cancel()
        # right on the leader's chip: the leader, no question
        x, y = taps.js("""const chips = t.board.pieces.get(arg.join(","))[2];
            const c = chips.find((c) => c.seat === t.me && c.figure === "leader");
            return t.board.toScreen(c.x + c.w / 2, c.y + c.h / 2);""", camp)
        page.touchscreen.tap(x, y)
        taps.wait("t.sel.selected && t.sel.selected.figure === 'leader'")
        assert taps.sel()["chooser"] is None
        # the walk to a temple: its log line says where to ("... for 1 AP → temple 1.")
        target = taps.js("return t.sel.targets().find((x) => t.board.temples.has(x.hex.join(',')) && "
                         "x.action.type === 'move');")
        lines = page.evaluate("tikal.play.lines.length")
        taps.play(target["action"])
        to = Catalog("en").tr("ev.tikal.to_temple", level=taps.js("return t.levelAt(arg);", target["hex"]))
        said = page.evaluate("tikal.play.lines.map((l) => l.text)")[lines:]
        assert any(line.startswith("You walk the leader") and line.endswith(f"→ {to}.") for line in said), said
        assert page.js_errors == []
    finally:
        web_host.stop()


@pytest.mark.slow
def test_web_tikal_a_refusal_on_the_bar_in_the_pages_language(tmp_path, phone):
    """An Italian phone's action the host refuses (an end of turn before the tile is placed): the
    bar says why in Italian (the refusal's code in the page's words), not the host's English
    reason, which it once showed there as it came."""
    web_host = WebHost(tmp_path, bot_delay=0.0)
    try:
        page = phone(lang="it", size=(844, 390))
        new_table(page, web_host, "Eva", "tikal", seats=2, path="/?anim=off")
        bots_and_start(page, until=f"tikal.play && tikal.play.instance && !!{SHELL_TABLE}")
        taps = Tapper(page)
        taps.wait("t.acting() && !t.pending && t.legal.every((a) => a.type === 'place_tile')")
        taps.js("t.send({type: 'end_turn'});")            # not now: the tile first
        taps.wait("!t.pending && !!t.sel.info")
        error = page.evaluate("tikal.errors[tikal.errors.length - 1]")
        cat = Catalog("it")
        want = cat.tr(f"web.error.{error['code']}")
        assert error["reason"] and taps.js("return t.sel.info;") == want
        taps.wait("t.root.querySelector('.tk-hint').textContent === arg", want)
        assert error["reason"] not in page.inner_text("body")
        assert page.js_errors == []
    finally:
        web_host.stop()


#: The hexes to tap now (the table's ``stepTargets()``: from ``legal`` and the selection; or the
#: hexes ``arg``), each as a finger finds it: [hex, its height on screen (CSS px, flat side to flat
#: side), whole inside the board's box, the board itself under its centre (no button over it)].
REACH = """const r = t.board.host.getBoundingClientRect(), half = Math.sqrt(3) / 2;
    return (arg || t.stepTargets()).map((h) => {
      const [x, top] = t.board.screenOf(h, -half), [, bottom] = t.board.screenOf(h, half);
      const y = (top + bottom) / 2, high = bottom - top, w = high / Math.sqrt(3);
      const inside = x - w >= r.left - 0.5 && x + w <= r.right + 0.5 && top >= r.top - 0.5 && bottom <= r.bottom + 0.5;
      const e = document.elementFromPoint(x, y);
      return [h, high, inside, !!e && t.board.host.contains(e)];
    });"""
#: The board has brought this step's hexes into view (board.js bring(): once per step) and is still.
STEP_DONE = "t.board.settled && t.board.stepKey === t.stepTargets().map((h) => h.join(',')).sort().join(';')"


def out_of_reach(found: list) -> list:
    return [f for f in found if not (f[1] >= 44 and f[2] and f[3])]


class Reach(Tapper):
    """Plays by taps as Tapper does, and before each tap on the board looks at every hex the
    player may tap at that step: each at least 44 CSS px high, in the board's box, no button over
    it, or so after one tap on "+" (``plus`` counts those taps); what is not, in ``far``."""

    def __init__(self, page):
        super().__init__(page)
        self.steps: list = []
        self.far: list = []
        self.plus = 0

    def tap_hex(self, h, dy: float = -0.6):
        self.wait(STEP_DONE)
        found = self.js(REACH)
        if out_of_reach(found):
            self.plus += 1
            self.tap("[data-act=zoom-in]")
            self.wait("t.board.settled")
            found = self.js(REACH)
        self.steps.append(found)
        self.far += out_of_reach(found)
        super().tap_hex(h, dy)


#: The rail's look: the board's box and the table's room, and each zoom button's box.
RAIL = """const b = t.boardEl.getBoundingClientRect(), r = t.root.getBoundingClientRect();
    const buttons = [...t.root.querySelectorAll(".tk-zoom button")].map((e) => {
      const q = e.getBoundingClientRect(); return [e.dataset.act, q.left, q.top, q.width, q.height]; });
    return {rail: t.el.classList.contains("tk-rail"), board: [b.left, b.top, b.width, b.height],
      room: [r.left, r.top, r.width, r.height], buttons};"""
#: Each of the view's tiles on screen (its hex whole inside the board's box) after "fit".
TILES_SHOWN = """const r = t.board.host.getBoundingClientRect(), half = Math.sqrt(3) / 2;
    return t.shown.tiles.filter((x) => {
      const [cx, top] = t.board.screenOf(x.hex, -half), [, bottom] = t.board.screenOf(x.hex, half);
      const w = (bottom - top) / Math.sqrt(3);
      return !(cx - w >= r.left - 0.5 && cx + w <= r.right + 0.5 && top >= r.top - 0.5 && bottom <= r.bottom + 0.5);
    }).map((x) => x.hex);"""


def touch_drag(page, start, by):
    """One finger down at ``start``, moved by ``by`` in steps, held still, up: a slow pan of the
    board (the events' own time stamps 50 ms apart: a fast swipe flings, and a tap that comes
    during a fling only stops it, it clicks nothing)."""
    cdp = page.context.new_cdp_session(page)
    (x, y), (dx, dy) = start, by
    t0 = time.time()

    def touch(kind, pts, i):
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "timestamp": t0 + i * 0.05,
                                              "touchPoints": [{"x": px, "y": py, "id": 0} for px, py in pts]})
    touch("touchStart", [(x, y)], 0)
    for i in range(1, 11):
        touch("touchMove", [(x + dx * i / 10, y + dy * i / 10)], i)
    for i in range(11, 17):
        touch("touchMove", [(x + dx, y + dy)], i)
    touch("touchEnd", [], 17)
    cdp.detach()


def sideways_choice(rng: random.Random, st: dict, done: dict) -> dict:
    """The tile anywhere it fits; then a figure or two in, a few walks, the end of the turn."""
    by: dict = {}
    for a in st["legal"]:
        by.setdefault(a["type"], []).append(a)
    if "place_tile" in by:
        return rng.choice(by["place_tile"])
    if "enter" in by and done.get("enter", 0) < 2:
        return rng.choice(by["enter"])
    if "move" in by and done.get("move", 0) < 3:
        return rng.choice(by["move"])
    return by["end_turn"][0] if "end_turn" in by else st["legal"][0]


def test_web_tikal_a_phone_held_sideways_brings_every_hex_to_tap_in_reach(tmp_path, phone):
    """844x390, touch, every animation played (quickened): the board takes the table's whole
    height with the bars in a rail beside it and the zoom buttons (−, +, fit) a finger's size
    there, none over the board. Over three of our turns played by taps (the tile, figures in,
    walks), at every step each hex to tap is at least 44 px on screen, inside the board, no button
    over it (or after one "+"). The player's own zoom and pan are kept while the step lasts (a
    redraw leaves them), and the next step brings its hexes back; "fit" shows every explored tile."""
    web_host = WebHost(tmp_path, bot_delay=0.0)
    try:
        page = phone(size=(844, 390))
        new_table(page, web_host, LONG_NAMES[0], "tikal", seats=2, path="/?anim=4")
        bots_and_start(page, until=f"tikal.play && tikal.play.instance && !!{SHELL_TABLE}")
        taps = Reach(page)
        taps.wait("t.acting() && !t.pending")
        look = taps.js(RAIL)
        assert look["rail"], look
        bx, by_, bw, bh = look["board"]
        assert bh >= look["room"][3] - 10 and bw >= 1.2 * bh, look      # the whole height, the board's aspect
        assert [b[0] for b in look["buttons"]] == ["zoom-out", "zoom-in", "zoom-fit"]
        for _, x, y, w, h in look["buttons"]:
            assert w >= 44 and h >= 44, look
            assert x >= bx + bw or y + h <= by_ or y >= by_ + bh, look    # beside the board, not on it
        assert fit_problems(page) == []
        rng, turns, done, kept = random.Random(4), 0, {}, None
        while turns < 3:
            st = taps.next_turn()
            if st["over"]:
                break
            action = sideways_choice(rng, st, done)
            if kept is None and action["type"] == "enter":
                # the player zooms in and pans away from the camps: a redraw keeps that view
                for _ in range(3):
                    taps.tap("[data-act=zoom-in]")
                box = look["board"]
                touch_drag(page, (box[0] + box[2] * 0.95, box[1] + box[3] / 2), (-box[2] * 0.9, 0))
                taps.wait("t.board.settled")
                camps = [a["hex"] for a in st["legal"] if a["type"] == "enter"]
                assert not all(inside for _, _, inside, _ in taps.js(REACH, camps)), "the pan left the camps in view"
                kept = taps.js("return t.board.vb;")
                taps.js("t.touch(true);")
                page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
                assert taps.js("return t.board.vb;") == kept and not taps.js("return t.board.auto;")
                taps.tap(f"[data-act=supply-{action['figure']}]")        # the next step: the camps to tap
                taps.wait(STEP_DONE)
                assert taps.js("return t.board.vb;") != kept
                assert out_of_reach(taps.js(REACH)) == []
                taps.tap(f"[data-act=supply-{action['figure']}]")        # (let go: play() taps it again)
                taps.wait("!t.sel.selected")
            taps.play(action, st["state"])
            done[action["type"]] = done.get(action["type"], 0) + 1
            if action["type"] == "end_turn":
                turns, done = turns + 1, {}
        kinds = {a["type"] for a in taps.meant}
        assert {"place_tile", "enter", "move", "end_turn"} <= kinds, kinds
        assert kept is not None and len(taps.steps) >= 10
        assert taps.far == [], taps.far[:5]
        # "fit": the whole explored board in view, framed by itself again
        taps.wait("t.acting() && !t.pending")
        taps.tap("[data-act=zoom-in]")
        fits = taps.js("return t.board.fits;")
        taps.tap("[data-act=zoom-fit]")
        taps.wait("t.board.fits > arg && t.board.settled", fits)
        assert taps.js(TILES_SHOWN) == [] and taps.js("return t.board.auto;")
        assert fit_problems(page) == []
        assert page.evaluate("tikal.errors.length") == 0
        assert page.js_errors == []
    finally:
        web_host.stop()
