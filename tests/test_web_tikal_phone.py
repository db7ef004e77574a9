"""Tikal on a phone as a full seat (issue 38, points 5 and 7): the bar and the table's prompt agree
on whose turn it is, in a real Chromium with touch through a real host, the game animated as a
player sees it, with bots that play faster than the page animates."""
from __future__ import annotations

import re

import pytest

from assets.i18n import Catalog

from waiting import until
from web_helpers import WebHost, create_table, join, open_page, tap, wait_for
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
        open_page(page, web_host)
        join(page, "Eva")
        tid = create_table(page, "tikal", seats=4)
        tap(page, "#fill")
        wait_for(page, "tikal.table.players.every(p => p.kind !== 'empty')")
        tap(page, "#start")
        wait_for(page, f"tikal.play && tikal.play.instance && !!{SHELL_TABLE}")
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
