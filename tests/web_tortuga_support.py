"""Playing La Tortuga in the browser by taps (assets/web/games/tortuga/, issue 27): the table of the
shell's page is reached at ``window.tikal.play.instance.tortuga``; each action of ``legal`` becomes
the tap a player makes for it (Roll, Stop, a card of the bar, a turtle on the island or its button),
and the page itself sends it."""
from __future__ import annotations

import random
import secrets
import types

import pytest

from net.journal import journal_path, read_records

from web_helpers import LONG_NAMES, TableTaps, add_bots_and_start, new_table

#: The La Tortuga table of the shell's page (assets/web/app/play.js hands out its module's instance).
SHELL_TABLE = "window.tikal.play.instance.tortuga"
#: Animations land at once (?anim=off, the shell's test option); they are played frame by frame by
#: a watcher in tests/test_web_tortuga_play.py.
FAST = "/?anim=off"


def start_game(page, web_host, seats: int, cards_as_dice: bool = False, path: str = FAST,
               name: str = LONG_NAMES[0]) -> int:
    """Join, create a La Tortuga table by taps, fill it with bots, start: the table's id."""
    tid = new_table(page, web_host, name, "tortuga", seats=seats,
                    option="cards_as_dice=true" if cards_as_dice else None, path=path)
    add_bots_and_start(page, "tortuga", seats)
    return tid


@pytest.fixture
def seeded(monkeypatch):
    """``seeded(n)``: the host deals the test's games from the seed ``n`` (its bots are seeded from
    it too): the same game every run, whose dice give the taps what they test."""
    def seed(value: int):
        # a table's seed is net.seats.new_seed's (secrets.randbits); its codes and tokens stay random
        monkeypatch.setattr("net.seats.secrets", types.SimpleNamespace(
            randbits=lambda bits: value, choice=secrets.choice, token_hex=secrets.token_hex))
    return seed


def journal_moves(web_host, tid: int, seat: int) -> list:
    """What the host's journal holds of a seat, in order: its actions and "undo"."""
    records, _ = read_records(journal_path(web_host.host.config.data_dir, tid))
    return [r["action"] if r["k"] == "action" else "undo" for r in records[1:]
            if r.get("k") in ("action", "undo") and r.get("seat") == seat]


class Taps(TableTaps):
    """Plays the La Tortuga table of a page by taps only. ``meant`` keeps, in order, what the taps
    meant (the action, or "undo")."""

    def __init__(self, page, table: str = SHELL_TABLE, timeout: int = 180_000):
        self.page, self.t, self.timeout = page, table, timeout
        self.meant: list = []
        self.by_island = 0
        self.offered: dict = {}       # action type -> how many decisions offered it

    def js(self, body: str, arg=None):
        return self.page.evaluate(f"(arg) => {{ const t = {self.t}; {body} }}", arg)

    def wait(self, predicate: str, arg=None):
        self.page.wait_for_function(f"(arg) => {{ try {{ const t = {self.t}; return !!t && ({predicate}); }} "
                                    "catch (e) { return false; } }", arg=arg, timeout=self.timeout)

    def status(self) -> dict:
        return self.js("""return {acting: t.acting(), legal: t.legal, canUndo: t.canUndo, me: t.me, over: !!t.over,
            state: t.latest ? t.latest.state : null, toAct: t.toAct, phase: t.shown.phase, sum: t.shown.sum || 0,
            rolled: (t.shown.rolled || []).length, seat: t.shown.seat, decider: t.shown.decider};""")

    def tap(self, selector: str):
        """A finger on the middle of the element (scrolled into view first, as a player would)."""
        self.wait("(e => !!e && !e.disabled && e.offsetParent !== null)(t.el.querySelector(arg))", selector)
        x, y = self.js("""const e = t.el.querySelector(arg);
            e.scrollIntoView({block: "nearest"});
            const r = e.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2];""", selector)
        self.page.touchscreen.tap(x, y)

    def tap_turtle(self, turtle: int):
        """A finger on a turtle of the island (where it is drawn)."""
        x, y = self.js("""t.island.el.scrollIntoView({block: "nearest"});
            const sp = t.island.sprite(arg); return t.island.toClient(sp.x, sp.y);""", turtle)
        self.page.touchscreen.tap(x, y)

    def play(self, action: dict, before: int | None = None, island: bool = False):
        """Tap the page into sending ``action`` (one of ``legal``), then wait for its answer."""
        if before is None:
            before = self.status()["state"]
        kind = action["type"]
        if kind == "choose_turtle":
            if island:
                self.tap_turtle(action["turtle"])
                self.by_island += 1
            else:
                self.tap(f"[data-act=choose][data-turtle='{action['turtle']}']")
        elif kind in ("roll", "stop"):
            self.tap(f"[data-act={kind}]")
        elif kind == "play_card":
            self.tap(f"[data-act=card][data-eggs='{action['eggs']}']")
        else:
            raise AssertionError(f"no taps for {action}")
        self.answered(action, before)

    def play_game(self, choose, undo_first: int = 0, island_every: int = 2) -> dict:
        """Play our seat to the end: ``choose(status)`` picks one of ``legal``; the first
        ``undo_first`` choices of a turtle are taken back once (and made again); every
        ``island_every``-th choice of a turtle is a tap on the turtle itself. The last status."""
        chosen = 0
        while True:
            st = self.next_turn()
            if st["over"]:
                return st
            for kind in {a["type"] for a in st["legal"]}:
                self.offered[kind] = self.offered.get(kind, 0) + 1
            action = choose(st)
            island = action["type"] == "choose_turtle" and island_every and chosen % island_every == 1
            self.play(action, st["state"], island=bool(island))
            if action["type"] == "choose_turtle":
                chosen += 1
                if chosen <= undo_first:
                    after = self.status()
                    assert after["canUndo"] and after["acting"], after
                    self.undo()


def chooser(seed: int, cards: float = 0.3):
    """Picks among ``legal`` as a player would: rolls on while the sum is low, stops when it is
    high, plays a card now and then, picks either turtle."""
    rng = random.Random(seed)

    def choose(st: dict) -> dict:
        by: dict = {}
        for a in st["legal"]:
            by.setdefault(a["type"], []).append(a)
        if "choose_turtle" in by:
            return rng.choice(by["choose_turtle"])
        if "play_card" in by and rng.random() < cards:
            return rng.choice(by["play_card"])
        if "stop" in by and ("roll" not in by or st["sum"] >= 5 or (st["sum"] >= 3 and rng.random() < 0.5)):
            return by["stop"][0]
        return by.get("roll", st["legal"])[0]
    return choose


#: The island's pieces where the page draws them (client pixels): no space, space number, turtle,
#: word (the sum, the beach, the raft, the cards left), die slot or card lies under another, and
#: each lies inside the part of the island one sees (issue 38). ``arg``: the tolerance in pixels.
#: Turtles of one stack ride each other (drawn so); a stack's lowest turtle stands on its own
#: space only, every turtle keeps off the numbers and the words.
ISLAND_OVERLAPS = """(tol) => {
  const t = window.tikal.play.instance.tortuga, isl = t.island, out = [];
  const box = (r) => ({ l: r.left, t: r.top, r: r.right, b: r.bottom });
  const rect = (e) => box(e.getBoundingClientRect());
  const cut = (a, b) => ({ l: Math.max(a.l, b.l), t: Math.max(a.t, b.t), r: Math.min(a.r, b.r),
    b: Math.min(a.b, b.b) });
  const join = (a, b) => ({ l: Math.min(a.l, b.l), t: Math.min(a.t, b.t), r: Math.max(a.r, b.r),
    b: Math.max(a.b, b.b) });
  const meet = (a, b) => Math.min(a.r, b.r) - Math.max(a.l, b.l) > tol
    && Math.min(a.b, b.b) - Math.max(a.t, b.t) > tol;
  const circle = (c) => { const q = rect(c); return { x: (q.l + q.r) / 2, y: (q.t + q.b) / 2, r: (q.r - q.l) / 2 }; };
  const touches = (c, a) => {         // a circle and a box
    const x = Math.max(a.l, Math.min(c.x, a.r)), y = Math.max(a.t, Math.min(c.y, a.b));
    return Math.hypot(c.x - x, c.y - y) < c.r - tol;
  };
  let seen = cut(rect(isl.el), { l: 0, t: 0, r: innerWidth, b: innerHeight });
  for (let p = isl.el.parentElement; p && p !== document.body; p = p.parentElement) {
    const st = getComputedStyle(p);
    if (st.overflowX !== "visible" || st.overflowY !== "visible") seen = cut(seen, rect(p));
  }
  const inside = (a) => a.l >= seen.l - tol && a.t >= seen.t - tol && a.r <= seen.r + tol && a.b <= seen.b + tol;
  const stackOf = {};
  for (const [k, st] of Object.entries(t.shown.stacks || {})) st.forEach((x, i) => { stackOf[x] = [k, i]; });
  const spaces = [...isl.svg.querySelectorAll("[data-space]")]
    .map((c) => ({ n: Number(c.dataset.space), name: `space ${c.dataset.space}`, c: circle(c), a: rect(c) }));
  const nums = [...isl.svg.querySelectorAll("[data-num]")]
    .map((e) => ({ name: `number ${e.dataset.num}`, n: Number(e.dataset.num), a: rect(e) }));
  const turtles = [...isl.svg.querySelectorAll(".tt-turtle")].map((g) => {
    const x = Number(g.dataset.turtle), [k, i] = stackOf[x] || ["?", 0];
    return { name: `turtle ${x} (at ${k}, ${i} up)`, k: k === "0" ? `raft${x}` : k, space: Number(k),
      low: i === 0 || k === "0", a: rect(g.querySelector(".tt-turtle-art")) };
  });
  const words = [];
  for (const el of isl.el.querySelectorAll(".tt-lbl")) {
    for (const part of el.children.length ? el.children : [el]) {
      if (part.hidden || !part.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(part);
      const name = `${el.className} "${part.textContent.trim()}"`;
      for (const r of range.getClientRects()) if (r.width > 0) words.push({ name, a: box(r) });
    }
  }
  const union = (name, sel) => {         // the dice tray, the deck: one piece each
    const rs = [...isl.svg.querySelectorAll(sel)].map(rect);
    return rs.length ? [{ name, a: rs.reduce(join) }] : [];
  };
  const things = [...union("the dice tray", ".tt-l-ground .tt-slot, .tt-l-tray > *"),
    ...union("the deck", ".tt-l-deck > *")];
  const flat = [...nums, ...words, ...things];
  for (const x of [...spaces, ...flat, ...turtles]) if (!inside(x.a)) out.push(`${x.name} outside the island one sees`);
  spaces.forEach((s, i) => spaces.slice(i + 1).forEach((o) => {
    if (Math.hypot(s.c.x - o.c.x, s.c.y - o.c.y) < s.c.r + o.c.r - tol) out.push(`${s.name} under ${o.name}`);
  }));
  for (const s of spaces) {
    for (const x of [...nums.filter((m) => m.n !== s.n), ...words, ...things]) {
      if (touches(s.c, x.a)) out.push(`${x.name} on ${s.name}`);
    }
    for (const x of turtles) if (x.low && x.space !== s.n && touches(s.c, x.a)) out.push(`${x.name} on ${s.name}`);
  }
  flat.forEach((x, i) => flat.slice(i + 1).forEach((o) => {
    if (x.name !== o.name && meet(x.a, o.a)) out.push(`${x.name} under ${o.name}`);
  }));
  turtles.forEach((x, i) => {
    turtles.slice(i + 1).forEach((o) => { if (x.k !== o.k && meet(x.a, o.a)) out.push(`${x.name} under ${o.name}`); });
    for (const o of flat) if (meet(x.a, o.a)) out.push(`${x.name} under ${o.name}`);
  });
  const rows = [...t.el.querySelectorAll(".tt-seat")].map(rect);
  rows.forEach((r, i) => {
    if (meet(r, rect(isl.el))) out.push(`player row ${i} under the island`);
    rows.slice(i + 1).forEach((o, j) => { if (meet(r, o)) out.push(`player row ${i} under row ${i + j + 1}`); });
  });
  return out;
}"""


def island_problems(page, tol: float = 1.0) -> list[str]:
    """What ISLAND_OVERLAPS finds on the page's La Tortuga island; [] when nothing lies under another."""
    return page.evaluate(ISLAND_OVERLAPS, tol)
