// The La Tortuga table in the browser: it shows the host's views and turns taps into the actions
// the host lists in `legal` (docs/protocol.md section 5; the UI decides nothing: an action is
// always one of `legal`, sent as it is). Updates animate one after the other (animator.js) and
// every one ends on the host's own view.
import { h } from "../../app/ui.js";
import { fitTexts } from "../../app/fit.js";
import { AnimatedTable } from "../../app/table.js";
import { Island } from "./island.js";
import { Seats, Controls, resultsPart } from "./panel.js";
import { Animator } from "./animator.js";
import { describe, lineSeat } from "./log.js";
import { TortugaHint } from "./hint.js";

/** The keys of a laptop (the window's): R roll, S stop, 1–6 a card, A and B the turtles. */
const KEYS = { r: "roll", s: "stop" };

export class Table extends AnimatedTable {
  constructor(root, ctx) {
    super(root, ctx);
    this.uid = `tt${Math.random().toString(36).slice(2, 8)}`;
    this.hover = null;            // the turtle a choice button points at
    this.flash = new Set();       // rows lit a moment (a card just taken)
    this.hintView = new TortugaHint(this);   // the coach line: the strong bot's choice, asked of the host
    /** A mouse (a laptop): the coach names the keys. */
    this.mouse = typeof matchMedia === "function" && matchMedia("(hover: hover) and (pointer: fine)").matches;
    this.build();
    this.anim = new Animator(this);
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    // the room changes (the shell's bars, the screen turned): the island follows. What changes as
    // the game goes (the rows' cards, the bar's buttons, the prompt's lines) does not reshape it:
    // the page scrolls instead of the island jumping.
    this.sizes = "";
    this.watcher = new ResizeObserver(() => {
      const k = [this.root.clientWidth, this.root.clientHeight].join(" ");
      if (k !== this.sizes) { this.sizes = k; this.resize(); }
    });
    this.watcher.observe(this.root);
    // a phone in portrait: a player's row scrolled into view stops above the bar stuck at the
    // bottom, not under it (style.css: the rows' scroll-margin; the bar's height changes with what
    // it offers). Not the table's scroll-padding: a tap on the bar's own buttons, in that padding,
    // would scroll the table by the bar's height.
    this.barWatch = new ResizeObserver(() => {
      this.el.style.setProperty("--tt-bar-h", `${Math.ceil(this.barEl.getBoundingClientRect().height) + 4}px`);
    });
    this.barWatch.observe(this.barEl);
    this.render();
  }

  // --- the page ------------------------------------------------------------------------------
  build() {
    this.el = h("div", { class: this.ctx.tv ? "tt tt-tv" : "tt", "data-game": "tortuga" });   // tt-tv: the island only (TV mode)
    this.topEl = h("div", { class: "tt-top" });
    this.promptEl = h("div", { class: "tt-prompt", "data-fit": "1", role: "status" });
    this.topEl.append(this.promptEl);
    this.boardEl = h("div", { class: "tt-board" });
    this.seatsEl = h("div", { class: "tt-seats" });
    this.barEl = h("div", { class: "tt-bar", "data-layer": "tt-bar" });
    this.side = h("div", { class: "tt-side" }, this.seatsEl);
    this.fx = h("div", { class: "tt-fx", "data-layer": "tt-fx" });
    this.el.append(this.topEl, this.boardEl, this.side, this.barEl, this.fx);
    this.root.append(this.el);
    this.island = new Island(this, this.boardEl);
    this.rows = new Seats(this, this.seatsEl);
    this.controls = new Controls(this, this.barEl);
    this.resize();
  }

  /** A laptop or a tablet on its side: the island beside the seats and the bar (a phone held
   * sideways, a low room: the prompt over the seats too). A phone in portrait: the island at the
   * top, the seats under it, the bar stuck at the bottom. */
  resize() {
    const r = this.root.getBoundingClientRect();
    const wide = r.width >= 700 && r.width > r.height * 1.05;
    this.el.classList.toggle("tt-wide", wide);
    this.el.classList.toggle("tt-narrow", !wide);
    // a phone held sideways: the prompt goes over the seats, the island takes the whole height
    this.el.classList.toggle("tt-low", wide && r.height < 480);
    this.fitIsland();
    if (this.timeline) { this.rows.keys = []; this.controls.key = null; this.island.keys = {}; this.touch(true); }
  }

  /** The island takes the shape of the room it has (a phone in portrait: a tall island, its
   * pieces bigger); the labels over it are placed by percent. */
  fitIsland() {
    const box = this.boardEl.getBoundingClientRect();
    const w = box.width;
    let hh = box.height;
    if (this.el.classList.contains("tt-narrow")) {     // the room the page leaves under the prompt and over the bar
      const v = this.shown;
      const bar = this.me === null ? 0 : v.cards_as_dice ? 112 : 58;
      const rest = this.root.getBoundingClientRect().height - Math.max(36, this.topEl.offsetHeight) - bar
        - this.seatsEl.offsetHeight - 16;
      hh = Math.max(0.72 * w, Math.min(1.5 * w, rest));
    }
    const [iw, ih] = this.island.reshape(w, hh);
    this.island.el.style.width = `${Math.floor(iw)}px`;
    this.island.el.style.height = `${Math.floor(ih)}px`;
    this.island.el.style.setProperty("--u", (iw / this.island.g.W).toFixed(4));
  }

  /** The stylesheet arrived (a first mount draws before it): measured again, the island shaped. */
  styled() {
    this.fitted = true;
    this.resize();
  }

  destroy() {
    super.destroy();
    this.watcher.disconnect();
    this.barWatch.disconnect();
    document.removeEventListener("keydown", this.onKey);
    this.el.remove();
  }

  // --- words, seats and marks ------------------------------------------------------------------
  get seats() { return Number(this.shown.seats || (this.view && this.view.seats) || this.players.length || 1); }
  owner(turtle) { return turtle % this.seats; }
  toneOf(s) {
    if (this.ctx.tone) return this.ctx.tone(s);
    const p = this.player(s);
    return (p && p.tone) || "#e69f00";
  }
  shape(s) { return this.ctx.shape ? this.ctx.shape(s) : "circle"; }

  /** A choice of turtle in words, named by its look (the second one's shell is striped) and where
   * it stands (the window's scene.turtle_choice). */
  turtleChoice(turtle) {
    const striped = turtle >= this.seats;
    const space = this.island.spaceOf(turtle);
    if (!space) return this.t(striped ? "tortuga.choose_b_raft" : "tortuga.choose_a_raft");
    return this.t(striped ? "tortuga.choose_b_at" : "tortuga.choose_a_at", { space });
  }
  choiceWords() { return this.legalOf("choose_turtle").map((a) => this.turtleChoice(a.turtle)); }

  // --- the host's messages (app/table.js plays them) ----------------------------------------------
  /** The table summary changed (a name, a colour, a player away): the rows are drawn again. */
  summary() {
    this.rows.keys = [];
    this.island.turtleEls.forEach((e) => { e[0] = null; });
    this.touch();
  }

  animate(ev) { return this.anim.animate(ev); }
  describe(ev, you) { return describe(this, ev, you); }
  lineSeat(ev) { return lineSeat(ev, this); }

  resync(m) {
    // a recap's movements too: every space where one ended since the player left stays ringed
    const recap = ((m.recap && m.recap.moves) || []).flatMap((mv) => mv.events || []);
    this.remember([...recap, ...(m.events || [])]);
    this.island.reset();
  }

  /** An update's animations are done: the host's view is shown, and its `legal` is what taps build. */
  landed(m) {
    if (!m.full) this.remember(m.events || []);
    this.island.moving.clear();
    this.island.trail = [];
    this.island.dice.clear();
    this.island.lifted = false;
    this.hintView.landed(m);
    super.landed(m);
    if (this.hover !== null && !this.choosable().includes(this.hover)) { this.hover = null; this.touch(true); }
  }

  // --- drawing ---------------------------------------------------------------------------------
  render() {
    super.render();
    const v = this.shown;
    if (v && v.game) {
      this.island.render(v);
      if (this.rows.render(v) && !this.fitted) { this.fitted = true; this.fitIsland(); this.island.render(v); }
      const prompt = this.promptText(v);
      if (this.promptEl.textContent !== prompt) { this.promptEl.textContent = prompt; this.fit(this.topEl); }
      this.promptEl.classList.toggle("tt-yours", this.acting());
    }
    this.controls.render();
    this.flushFit();
    this.el.dataset.state = String(this.latest ? this.latest.state : "");
    this.el.dataset.busy = this.timeline && this.timeline.busy ? "1" : "0";
    this.el.dataset.acting = this.acting() ? "1" : "0";
    this.el.dataset.phase = (v && v.phase) || "";
  }

  /** Whose decision it is, in words (the window's scene.prompt_text). It says "you" only while the
   * host says we are the one to act. */
  /** Whose decision the island shows (the one who decides, else the active seat), ours only
   * while the host says we are the one to act and nothing moves. The prompt and the bar say it. */
  turnShown() {
    const v = this.shown;
    if (!v || !v.game) return super.turnShown();
    const over = !!(v.over || this.over);
    const seat = over ? null : v.phase === "decide" && (v.decider ?? null) !== null ? v.decider : v.seat ?? 0;
    const me = this.toAct === this.me && !this.timeline.busy ? this.me : null;
    return { seat, yours: !over && me !== null && me === seat && this.legal.length > 0, over };
  }

  promptText(v) {
    if (v.over || this.over) return this.t("table.game_over");
    const active = v.seat ?? 0;
    const decider = v.decider ?? null;
    const me = this.toAct === this.me && !this.timeline.busy && this.legal.length > 0 ? this.me : null;
    const an = this.shortName(active);
    const dn = this.shortName(decider !== null ? decider : active);
    if (v.phase === "choose_turtle") return me === active ? this.t("tortuga.prompt_choose_you") : this.t("tortuga.prompt_choose", { name: an });
    if (v.phase === "roll") return me === active ? this.t("tortuga.prompt_roll_you") : this.t("tortuga.prompt_roll", { name: an });
    if (v.phase === "decide") {
      if (decider !== null && decider !== active) {
        if (me !== null && me === decider) return this.t("tortuga.prompt_decide_for", { name: an });
        if (this.me === active) return this.t("tortuga.prompt_other_decides_yours", { name: dn });
        return this.t("tortuga.prompt_decides_for", { name: dn, active: an });
      }
      if (me !== null && me === decider) return this.t("tortuga.prompt_decide_you");
      return this.t("tortuga.prompt_decide", { name: dn });
    }
    return this.t("tortuga.prompt_turn", { name: an });
  }

  /** Where the last movements ended stay ringed until the next movement (a recap: all of them). */
  remember(events) {
    const ends = events.filter((ev) => ev.type === "turtles_moved" && Number.isInteger(ev.to)).map((ev) => ev.to);
    if (ends.length) this.island.marks = new Set(ends);
  }

  // --- what the player may do (always from `legal`) ---------------------------------------------
  choosable() { return this.legalOf("choose_turtle").map((a) => a.turtle); }
  /** The turtle the island rings: the one a choice button points at, else the coach's. */
  get ringed() {
    if (this.hover !== null) return this.hover;
    return this.hintView.hinted("choose_turtle") ? this.hintView.action.turtle : null;
  }

  send(action) {
    if (!this.pending && action) this.hover = null;
    super.send(action);
  }

  sendType(type) { this.send(this.legalOf(type)[0]); }
  playCard(eggs) { this.send(this.legalOf("play_card").find((a) => a.eggs === eggs)); }
  chooseTurtle(turtle) { this.send(this.legalOf("choose_turtle").find((a) => a.turtle === turtle)); }
  setHover(turtle) { if (this.hover !== turtle) { this.hover = turtle; this.touch(); } }

  key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || !this.acting() || !this.el.isConnected) return;
    const tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || (e.target && e.target.isContentEditable)) return;
    const k = e.key.toLowerCase();
    if (k === "h" && (this.hintView.askable() || this.hintView.action)) this.hintView.toggle();     // the window's keys
    else if (e.key === "Escape" && this.hintView.action) this.hintView.clear();
    else if (KEYS[k] && this.legalOf(KEYS[k]).length) this.sendType(KEYS[k]);
    else if (/^[1-6]$/.test(k) && this.legalOf("play_card").some((a) => a.eggs === Number(k))) this.playCard(Number(k));
    else if (k === "a" || k === "b") {
      const a = this.legalOf("choose_turtle").find((x) => (x.turtle >= this.seats) === (k === "b"));
      if (a) this.send(a);
      else return;
    } else if (k === "z" && this.canUndo) this.undo();
    else return;
    e.preventDefault();
  }

  /** La Tortuga's part of the results (the shell's results card shows it). */
  results() {
    const v = this.view || this.shown;
    if (!v || !v.game) return null;
    const el = resultsPart(this, v);
    requestAnimationFrame(() => { if (el.isConnected) fitTexts(el); });   // once the card has laid it out
    return el;
  }

  // --- effects the animations ask for --------------------------------------------------------------
  fxOrigin() { const r = this.fx.getBoundingClientRect(); return [r.left, r.top]; }

  pulseRow(seat) {
    this.flash.add(seat);
    const speed = this.timeline.speed === Infinity ? 50 : this.timeline.speed;
    setTimeout(() => { this.flash.delete(seat); this.touch(); }, 700 / speed);
    this.touch();
  }
}
