"""Helpers of the tests of what a newcomer learns from (issue 38): the window's hint in the host's
form (what the host's ``hint`` must equal), and on a phone (tests/web_helpers.py) a started table,
the first-game guide followed by taps and How to play turned page by page."""
from __future__ import annotations

from pathlib import Path

from engine.bots.hints import seed_for, tikal_words, tortuga_words
from game.tikal.hint import TikalHint
from game.tortuga.hint import TortugaHint

from web_helpers import add_bots_and_start, broken_words, fit_problems, new_table, tap, wait_for


def window_hint(game: str, view: dict, legal: list, seat: int, state: int) -> list:
    """What the window's Hint shows for this view (its add-on's own ``compute``, the seed it uses),
    in the host's form."""
    seed = seed_for(state, seat)
    if game == "tikal":
        steps, why = TikalHint.compute(None, view, legal, seat, seed)
        return [{"action": a, "cost": c, "why": tikal_words(why[i] if i < len(why) else None)}
                for i, (a, c) in enumerate(steps)]
    action, reason = TortugaHint.compute(None, view, legal, seat, seed)
    return [{"action": action, "cost": 0, "why": tortuga_words(reason)}]


def start_game(page, web_host, game: str, seats: int, path: str = "/?anim=off", name: str = "Ana") -> int:
    """Join, create a table by taps (hints allowed: the default), bots in the other seats, start."""
    tid = new_table(page, web_host, name, game, seats=seats, path=path)
    add_bots_and_start(page, game, seats)
    return tid


def follow_the_guide(page, tapper, until: str | None = None) -> list[str]:
    """Do what the first-game guide says, step by step, by taps on what it points at (a ringed hex,
    a ringed button), until its first turn is over (or until it shows the step ``until`` or its
    second half, ``until``_target, left undone). The guide's steps as they showed."""
    shown: list[str] = []
    while True:
        tapper.wait("!t.pending && !t.timeline.busy "
                    "&& (t.guide.active === false || !document.querySelector('.tk-guide').hidden)")
        if not tapper.js("return t.guide.active;"):
            return shown
        step = tapper.js("return document.querySelector('.tk-guide [data-guide]').dataset.guide;")
        if until and step in (until, f"{until}_target"):
            return shown
        shown.append(step)
        hexes = tapper.js("return [...t.root.querySelectorAll('[data-guide-hex]')]"
                          ".map(e => e.dataset.guideHex.split(',').map(Number));")
        if step == "place":
            h = hexes[0]
            place = next(a for a in tapper.status()["legal"] if a["type"] == "place_tile" and a["hex"] == h)
            tapper.play(place)
        elif step in ("enter", "end"):
            assert tapper.js("return !!t.root.querySelector('.tk-guided');")
            before = tapper.status()["state"]
            tapper.tap(".tk-guided")
            if step == "end":
                tapper.wait("t.latest.state > arg && !t.pending && !t.timeline.busy", before)
        elif step in ("enter_target", "walk_target"):
            before = tapper.status()["state"]
            tapper.tap_hex(hexes[0])
            tapper.wait("t.latest.state > arg && !t.pending && !t.timeline.busy", before)
        elif step == "walk":
            if not tapper.sel()["selected"]:
                tapper.tap_hex(hexes[0])         # the figure: its walks show
            if not tapper.js("return t.guide.target('walk').key === 'walk_target';"):
                walk = next(a for a in tapper.status()["legal"] if a["type"] == "move")   # no temple in reach: a walk
                tapper.play(walk)
        else:
            raise AssertionError(f"a guide step this test does not know: {step}")
        assert len(shown) < 30, shown


def frames(page, n: int = 2) -> None:
    """``n`` animation frames of the page drawn (what a change of its DOM looks like, laid out)."""
    page.evaluate("(n) => new Promise(r => { const f = (k) => k ? requestAnimationFrame(() => f(k - 1)) : r(); "
                  "f(n); })", n)


#: A page of How to play with a picture and words, on a phone held sideways (landscape, at most
#: 520 px tall): the picture beside the words, not over them (under them it was a strip). What is wrong.
SIDEWAYS = """(() => {
  const frame = document.querySelector('#howto .ht-page > .ht-frame');
  const words = document.querySelector('#howto .ht-body');
  if (!frame || !words || innerWidth <= innerHeight || innerHeight > 520) return [];
  const f = frame.getBoundingClientRect(), w = words.getBoundingClientRect();
  return f.right <= w.left + 1 && f.top < w.bottom && w.top < f.bottom ? []
    : [`is not beside its words (picture ${Math.round(f.width)}x${Math.round(f.height)} `
       + `at ${Math.round(f.left)},${Math.round(f.top)}; words at ${Math.round(w.left)},${Math.round(w.top)})`];
})()"""


#: How to play's buttons that turn its pages (and close it) are in sight and the topmost at their
#: middle as the page opens, before any scrolling: a player turns page after page. What is wrong.
TURNS = """[...document.querySelectorAll('#howto-prev, #howto-next, #howto-close')].flatMap((b) => {
  const r = b.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  const top = y >= 0 && y < innerHeight ? document.elementFromPoint(x, y) : null;
  return top && b.contains(top) ? [] : [`#${b.id} not in sight as the page opens (its middle at ${Math.round(y)})`];
})"""


def howto_pages(page, shots: Path | None = None) -> list[tuple[str, str, list[str]]]:
    """Turn every page of every game of How to play (open), by its buttons and tabs: each one's
    fit check, its buttons in sight, its pictures' kinds the page could not draw and (held sideways)
    its picture beside its words. ``[(game, page id, problems)]``;
    with ``shots`` (a folder) each page's screenshot is kept there, ``<game>-<page>.png``."""
    out = []
    games = page.evaluate("[...document.querySelectorAll('[data-howto-game]')].map(b => b.dataset.howtoGame)")
    for game in games:
        tap(page, f'[data-howto-game="{game}"]')
        wait_for(page, f"window.tikalHowto.game === '{game}' && window.tikalHowto.page === 0")
        while True:
            wait_for(page, "!!document.querySelector('#howto .ht-page')")
            frames(page)
            pid = page.get_attribute("#howto .ht-page", "data-page")
            if shots:
                shots.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(shots / f"{game}-{pid}.png"))
            missed = page.evaluate("[...document.querySelectorAll('#howto svg[data-missed]')]"
                                   ".map(e => e.dataset.missed)")
            drawn = page.evaluate("[...document.querySelectorAll('#howto svg')].map(e => e.childElementCount)")
            out.append((game, pid, fit_problems(page) + page.evaluate(TURNS)
                        + [f"broken: {w}" for w in broken_words(page, "#howto")] + [f"not drawn: {m}" for m in missed]
                        + (["no picture"] if not drawn or min(drawn) < 2 else []) + [
                            f"held sideways, the picture {p}" for p in page.evaluate(SIDEWAYS)]))
            if page.evaluate("document.querySelector('#howto-next').disabled"):
                break
            n = page.evaluate("window.tikalHowto.page")
            tap(page, "#howto-next")
            wait_for(page, f"window.tikalHowto.page === {n + 1}")
    return out
