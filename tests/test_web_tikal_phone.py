"""Tikal on a phone as a full seat (issue 38, points 5 and 7): the bar and the table's prompt agree
on whose turn it is, in a real Chromium with touch through a real host, the game animated as a
player sees it, with bots that play faster than the page animates."""
from __future__ import annotations

import re

import pytest

from assets.i18n import Catalog

from waiting import until
from web_helpers import WebHost, bots_and_start, new_table, tap, wait_for
from web_tikal_support import SHELL_TABLE, Tapper

pytestmark = pytest.mark.slow

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


def test_web_tikal_the_bar_and_the_prompt_agree_on_whose_turn(tmp_path, phone):
    """Four seats, three bots that play at once, every move animated: the bar once said "Your
    turn" over "Bot 3's scoring turn" (it followed the host's newest update, the table the one it
    was still playing). Over our turns, and a return after an absence (a burst of updates), each
    frame the bar is lit "Your turn" exactly when the prompt is ours, and names the one the prompt
    names otherwise."""
    web_host = WebHost(tmp_path, bot_delay=0.0, grace=0.2)
    try:
        page = phone()
        tid = new_table(page, web_host, "Eva", "tikal", seats=4)
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
