"""Every screen of the Tikal table in the browser fits (issue 27): at a phone's 360x640 (touch), the
same phone held sideways at 844x390 (issue 38) and a laptop's 1280x800 (mouse), in the four
languages, with 24-character names, the page's fit check (assets/web/app/fitcheck.js: nothing
outside the screen, no cut text, no overlap) finds nothing, and no word of Tikal's texts is broken
across lines.
Two players share one auction table through a real host (one at each size, a bot in the third
seat); each screen met on the way (waiting, placing the tile, the action phase, a figure chosen,
a hex to pick, the bids, the revealed tiles to choose, a scoring turn when a volcano comes, the
results card with Tikal's score story, the board at the end; a spectator's view) is checked in every
language, screenshots kept for a look. The sheets (which swap, who stands
guard) come up only in some games: tests/test_web_tikal.py checks them on positions made for them."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from test_web_tikal_play import FAST, chooser

from web_helpers import (
    LANGS,
    LONG_NAMES,
    ScreenChecker,
    broken_words,
    create_table,
    fit_problems,
    join,
    open_page,
    tap,
    wait_for,
)
from web_tikal_support import TIKAL_TEXTS, Tapper

#: Where the screenshots go: TIKAL_WEB_SHOTS=dir (none by default: they take time; look at them
#: when the table's look changes).
SHOTS = os.environ.get("TIKAL_WEB_SHOTS")
MUST = {"wait", "place", "actions", "select", "pick", "bid", "choose", "results", "over", "watch"}


class Checker(ScreenChecker):
    """The screens of the Tikal table at one size (web_helpers.ScreenChecker), tapped by ``taps``;
    with ``sideways`` each screen at that size too, in each language as it is drawn (the same
    phone turned and back: a turn lays the table out again, it does not mount it again)."""

    def __init__(self, page, size: str, shots: Path | None, sideways: tuple[int, int] | None = None):
        super().__init__(page, size, "tikal", "tikal.play.instance.tikal", TIKAL_TEXTS, shots)
        self.taps = Tapper(page)
        self.sideways = sideways

    def check(self, name: str, redo=None) -> None:
        if not self.sideways:
            super().check(name, redo)
            return
        if name in self.seen:
            return
        self.seen.add(name)
        own = self.page.viewport_size
        turned = {"width": self.sideways[0], "height": self.sideways[1]}
        for lang in LANGS:
            self.relabel(lang)
            if redo:
                redo()
            self.look(name, lang, self.size)
            for size, rail in ((turned, True), (own, False)):
                self.page.set_viewport_size(size)
                self.taps.wait("t.el.classList.contains('tk-rail') === arg && !t.dirty", rail)
                self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
                if rail:
                    self.look(name, lang, f"{turned['width']}x{turned['height']}")
        self.relabel("en")
        if redo:
            redo()

    def look(self, name: str, lang: str, size: str) -> None:
        """The fit check and the broken words of the screen as it is now (its screenshot kept)."""
        found = fit_problems(self.page) + broken_words(self.page, self.roots)
        if self.shots:
            self.shots.mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(self.shots / f"{self.game}-{size}-{name}-{lang}.png"))
        self.problems += [f"{size} {name} {lang}: {p}" for p in found]


def screens(ck: Checker, st: dict) -> None:
    """Check the screens this decision offers (before it is taken)."""
    tp = ck.taps
    by: dict = {}
    for a in st["legal"]:
        by.setdefault(a["type"], []).append(a)
    if "place_tile" in by:
        a = by["place_tile"][0]
        ck.check("place", lambda: tp.tap_hex(a["hex"], 0.0))
    if "bid" in by or "pass" in by:
        ck.check("bid")
    if "choose_tile" in by:
        ck.check("choose")
    if "end_turn" in by and st.get("scoring"):
        ck.check("scoring")
    if "end_turn" in by:
        ck.check("actions")
        moves = by.get("move", [])
        if moves:
            m = moves[0]
            ck.check("select", lambda: tp.select_on(m["path"][0], m["figure"]))
            tp.cancel()
        for kind in ("uncover", "dig", "camp", "guard"):
            hexes = {tuple(a["hex"]) for a in by.get(kind, [])}
            if len(hexes) > 1:
                ck.check("pick", lambda kind=kind: tp.tap(f"[data-act={kind}]"))
                tp.cancel()
                break
        if len(by.get("exchange", [])) > 1:
            ck.check("swap", lambda: tp.tap("[data-act=exchange]"))
            tp.tap("[data-act=sheet-cancel]")
        guards = by.get("guard", [])
        for g in guards:
            if sum(1 for x in guards if x["hex"] == g["hex"]) > 1:
                ck.check("guard", lambda g=g: (tp.tap("[data-act=guard]"),
                                               tp.js("return t.sel.mode") and tp.tap_hex(g["hex"])))
                if tp.js("return !!t.sel.chooser"):
                    tp.tap("[data-act=sheet-cancel]")
                tp.cancel()
                break


def hurry(st: dict) -> dict:
    """The quickest way through a decision: the end of the turn, a pass, the first of the rest."""
    by = {a["type"]: a for a in reversed(st["legal"])}
    for kind in ("end_turn", "pass"):
        if kind in by:
            return by[kind]
    return st["legal"][0]


def preload(page) -> None:
    """Load the Tikal module ahead (pages of one test share one address: the web server lets each
    address only a few connections at once, so two pages must not fetch all the module's files at
    the same moment; guests on their own phones each have their own address)."""
    page.evaluate("async () => { await import('/games/tikal/index.js'); }")


@pytest.mark.slow
def test_web_tikal_every_screen_fits(web_host, phone):
    shots = Path(SHOTS) if SHOTS else None
    small = phone(size=(360, 640))
    big = phone(size=(1280, 800), touch=False)
    open_page(small, web_host, FAST)
    join(small, LONG_NAMES[0])
    preload(small)
    tid = create_table(small, "tikal", seats=3, option="variant=auction")
    open_page(big, web_host, FAST)
    join(big, LONG_NAMES[1])
    preload(big)
    tap(big, f'[data-table="{tid}"] [data-act=sit]')
    wait_for(big, "tikal.screen === 'table'")
    tap(big, "#ready")
    wait_for(small, "tikal.table && tikal.table.players[1].ready")
    tap(small, "[data-act=bot]")
    wait_for(small, "tikal.table && tikal.table.players[2].kind === 'bot'")
    tap(small, "#start")
    checkers = []
    for page, size, turned in ((small, "360x640", (844, 390)), (big, "1280x800", None)):
        wait_for(page, "tikal.play && tikal.play.instance && !!tikal.play.instance.tikal")
        checkers.append(Checker(page, size, shots, turned))
    # the big screen clicks (it has no touch): its taps are mouse clicks at the same points
    big.touchscreen.tap = lambda x, y: big.mouse.click(x, y)
    # players who keep their camps, guards and treasures (so that a hex to pick stays on offer)
    choose = [chooser(11, keep=("camp", "guard", "exchange")), chooser(12, keep=("camp", "guard", "exchange"))]
    rng = random.Random(3)
    watcher = None
    while True:
        # whose turn it is, as the small page last heard it (the bot's: wait for its move)
        small_tp = checkers[0].taps
        small_tp.wait("!t.timeline.busy && !t.pending && t.latest")
        st0 = small_tp.status()
        if st0["over"]:
            break
        seat = st0["toAct"]
        if seat not in (0, 1):
            small_tp.wait("t.over || (t.latest.to_act !== arg && !t.timeline.busy)", seat)
            continue
        ck = checkers[seat]
        other = checkers[1 - seat]
        if other.taps.status()["toAct"] == seat:
            other.check("wait")
        tp = ck.taps
        tp.wait("t.over || (t.acting() && !t.pending)")
        st = tp.status()
        if st["over"]:
            continue
        seen = set().union(*(c.seen for c in checkers))
        if MUST - {"results", "over"} <= seen:       # every screen met: the shortest way to the end
            tp.play(hurry(st), st["state"])
            continue
        screens(ck, st)
        st = tp.status()
        tp.play(choose[seat](st), st["state"])
        if watcher is None and rng.random() < 0.05:
            watcher = phone(size=(360, 640))
            open_page(watcher, web_host, FAST)
            join(watcher, LONG_NAMES[2])
            preload(watcher)
            tap(watcher, f'[data-table="{tid}"] [data-act=watch]')
            wait_for(watcher, "tikal.play && tikal.play.instance && !!tikal.play.instance.tikal")
            for c, size in zip(checkers, ((360, 640), (1280, 800))):     # the spectator at both sizes
                watcher.set_viewport_size({"width": size[0], "height": size[1]})
                wck = Checker(watcher, c.size, shots)
                wck.check("watch")
                c.problems += wck.problems
                c.seen.add("watch")
    for ck in checkers:
        ck.taps.wait("!t.timeline.busy && t.over")
        wait_for(ck.page, "!!document.querySelector('#results .tk-results')")   # with Tikal's score story
        ck.check("results")
        ck.check("over", lambda ck=ck: ck.page.evaluate("document.querySelector('#results-board') && "
                                                        "document.querySelector('#results-board').click()"))
    seen = set().union(*(ck.seen for ck in checkers))
    assert MUST <= seen, f"screens never met: {MUST - seen}"
    problems = [p for ck in checkers for p in ck.problems]
    assert problems == [], "\n".join(problems[:40])
    for page in (small, big):
        assert page.js_errors == []
