// The first-game guide at the Tikal table in the browser (the window's game/tikal/guide.py): at a
// player's first Tikal game (the page keeps that one has played, ctx.firstGame: the window keeps
// it in its settings), short pointers through the first turn, while it is theirs: place the tile
// on a glowing hex, bring a worker in, walk to a temple, end the turn (in the auction: bid, then
// choose a tile). A step is done when the host's events say the player did it, never on a tap
// alone; once the first turn is over the guide is done for good (ctx.guideDone()), and its × hides
// it for good too (the settings can show it again). The steps and the events that do them are the
// window's (learn_facts.js, written by tools/web_data.py from game/tikal/guide.py).
import { html } from "./dom.js";
import { GUIDE_STEPS, GUIDE_DONE_BY } from "./learn_facts.js";
import { TILES } from "./tiles.js";

/** Which of the first turn's steps are done, from the host's events for seat `me` (the window's GuideSteps). */
export class GuideSteps {
  constructor(me) {
    this.me = me;
    this.done = new Set();
    this.finished = false;
  }

  feed(events) {
    for (const ev of events || []) {
      if (ev.seat !== this.me) continue;
      const step = GUIDE_DONE_BY[ev.type];
      if (!step) continue;
      this.done.add(step);
      if (step === "end") this.finished = true;    // the first own turn is over: the guide's job is done
    }
  }

  /** The step to point at in this phase of our turn (null: nothing to say now). */
  current(phase) {
    if (this.finished) return null;
    if (phase === "bid" || phase === "choose") return phase;
    if (phase === "place") return "place";
    if (phase !== "actions") return null;
    for (const step of ["enter", "walk"]) if (!this.done.has(step)) return step;
    return "end";
  }
}

/** The guides under way, by table and seat: a table mounted again (the language changed, the
 * page reconnected) goes on with its guide where it was. */
const RUNNING = new Map();

/** A step's words: the window's, or (a finger) the page's own where the window's say "click". */
const TOUCH = { place: "guide.web.place", enter: "guide.web.enter", enter_target: "guide.web.enter_target",
  walk: "guide.web.walk", walk_target: "guide.web.walk_target", choose: "guide.web.choose" };

export class FirstGameGuide {
  constructor(table) {
    this.table = table;
    this.active = null;          // decided at the first view: a first game, from its start
    this.steps = new GuideSteps(table.me ?? -1);
    this.key = null;
    this.bubble = html("div", { class: "tk-guide", "data-layer": "tk-guide", hidden: true, role: "status" });
    this.guided = null;          // the element ringed now (a button of the bar)
  }

  /** The first update: a first game is the player's first Tikal table from its start (none of our
   * figures or camps on the board yet), at a seat. */
  start(view) {
    const t = this.table;
    if (this.active !== null || !view || !view.game) return;
    const me = t.me;
    const where = `${t.ctx.table ? t.ctx.table.id : ""}|${me}`;
    const running = RUNNING.get(where);
    if (running && !running.finished && t.ctx.firstGame) {      // mounted again: it goes on
      this.active = true;
      this.steps = running;
      return;
    }
    const started = (view.figures || []).some((f) => f.seat === me && (f.workers || f.leader)) || (view.camps || []).some((c) => c.seat === me);
    this.active = !!t.ctx.firstGame && me !== null && !started;
    this.steps = new GuideSteps(me ?? -1);
    if (this.active) RUNNING.set(where, this.steps);
  }

  landed(m) {
    this.start(m.view);
    if (!this.active) return;
    this.steps.feed(m.events);
    if (this.steps.finished) this.finish();
  }

  finish() {
    this.active = false;
    this.steps.finished = true;
    if (this.table.ctx.guideDone) this.table.ctx.guideDone();
    this.table.touch(true);
  }

  /** The step to show now: at our turn, nothing moving, no sheet of choices open, no plan of the
   * Hint shown (the player asked it what to do: one helper at a time, and on a phone's screen
   * the two would lie over one another and over the board). */
  step() {
    const t = this.table;
    if (!this.active || !t.acting() || t.pending || t.sel.chooser) return null;
    if (t.hintView && t.hintView.shown()) return null;
    return this.steps.current(t.shown.phase);
  }

  /** Where to point and what to say: {hex} on the board or {selector} of the bar, and the key. */
  target(step) {
    const t = this.table, sel = t.sel;
    if (step === "place") {
      const spots = sel.placeHexes();
      if (!spots.length) return null;
      const h = spots.reduce((a, b) => (b[0] < a[0] || (b[0] === a[0] && b[1] > a[1]) ? b : a));
      return { hex: sel.place || h, key: "place" };
    }
    if (step === "enter") {
      if (sel.selected && sel.selected.from === null) {          // the worker is picked up: now its camp
        const hexes = sel.targets().map((x) => x.hex).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        if (hexes.length) return { hex: hexes[0], key: "enter_target" };
      }
      return { selector: "[data-act=supply-worker]", key: "enter" };
    }
    if (step === "walk") {
      const temples = sel.selected ? sel.targets().filter((x) => (TILES[this.tileAt(x.hex)] || {}).kind === "temple") : [];
      if (temples.length) {
        temples.sort((a, b) => (a.cost ?? 99) - (b.cost ?? 99) || a.hex[0] - b.hex[0] || a.hex[1] - b.hex[1]);
        return { hex: temples[0].hex, key: "walk_target" };
      }
      const mine = (t.shown.figures || []).filter((f) => f.seat === t.me && (f.workers || f.leader)).map((f) => f.hex)
        .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      return mine.length ? { hex: mine[0], key: "walk" } : null;
    }
    if (step === "end") return { selector: "[data-act=end_turn]", key: "end" };
    if (step === "bid") return { selector: "[data-act=bid]", key: "bid" };
    if (step === "choose") return { selector: ".tk-rev.tk-can", key: "choose" };
    return null;
  }

  tileAt(h) {
    const tile = (this.table.shown.tiles || []).find((x) => x.hex[0] === h[0] && x.hex[1] === h[1]);
    return tile ? tile.id : null;
  }

  /** The hex the board rings (board.js renderGuide), or null. */
  hex() {
    const step = this.step();
    const aim = step && this.target(step);
    return aim && aim.hex ? aim.hex : null;
  }

  render() {
    const t = this.table;
    const step = this.step();
    const aim = step ? this.target(step) : null;
    const k = JSON.stringify([step, aim, t.lang, t.mouse]);
    if (this.guided && (!aim || !aim.selector || !this.guided.isConnected || !this.guided.matches(aim.selector))) {
      this.guided.classList.remove("tk-guided");
      this.guided = null;
    }
    if (aim && aim.selector && !this.guided) {
      const el = t.root.querySelector(aim.selector);
      if (el) { el.classList.add("tk-guided"); this.guided = el; }
    }
    if (k === this.key) return;
    this.key = k;
    const b = this.bubble;
    b.textContent = "";
    b.hidden = !aim;
    if (!aim) return;
    const title = GUIDE_STEPS.includes(step)
      ? t.t("guide.title", { step: GUIDE_STEPS.indexOf(step) + 1, steps: GUIDE_STEPS.length }) : t.t("guide.title_auction");
    const words = t.mouse || !TOUCH[aim.key] ? `guide.${aim.key}` : TOUCH[aim.key];
    b.append(html("div", { class: "tk-guide-head" }, [
      html("b", { class: "tk-guide-title", text: title, "data-fit": "1" }),
      html("button", { class: "tk-guide-close", type: "button", "data-act": "guide-close", "aria-label": t.t("guide.close_tip"),
        title: t.t("guide.close_tip"), onclick: (e) => { e.preventDefault(); this.finish(); } }, [html("span", { text: "×" })])]),
    html("div", { class: "tk-guide-text", text: t.t(words), "data-fit": "1", "data-guide": aim.key }));
    // over the board, away from where it points: a hex in the board's upper half, the bubble below it
    const low = aim.hex ? this.upper(aim.hex) : true;
    b.classList.toggle("tk-guide-low", low);
    t.fit(b);
  }

  /** Whether hex h shows in the board's upper half. */
  upper(h) {
    const t = this.table;
    const [, y] = t.board.screenOf(h);
    const r = t.boardEl.getBoundingClientRect();
    return y < r.top + r.height / 2;
  }
}
