// What every game's table in the browser does with the host's updates (games/README.md), whatever
// it draws: each update's events play as animations one after the other (a timeline that hurries
// while updates wait), each event's log line written as its animation starts, and every update ends
// on the host's own view, whose `legal` is then what the player's taps may send (never anything
// else: the UI holds no rules). A game's table extends it and gives
//
//   animate(ev)           the event's animation (app/tween.js), or null
//   describe(ev, you)     the event's log line in the page's language, or null
//   lineSeat(ev)          the seat a line is about (null: the table): an undo takes back its last line
//   render()              draw `shown` (called at most once a frame while something moves)
//
// and may hook `landed(m)` (call super), `resync(m)` (a full update: no animation), `refused(error)`
// (an action or undo refused, or its link lost) and `summary()`.
import { fitTexts } from "./fit.js";
import { stylesheet } from "./ui.js";
import { Timeline, Sequence, Call } from "./tween.js";

export const clone = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
/** Hurry while updates wait to be shown (the window's catch-up): each waiting one speeds it up. */
const HURRY_PER_UPDATE = 0.75, HURRY_MAX = 4;

/** A game module's `mount` (games/README.md) for its table class `Table` (an AnimatedTable): the
 * game's stylesheet (`href`, the link's `id`) and the table made, the shell's strip of players
 * hidden (the table names the players itself); what the shell drives, the table itself under the
 * game's `name` (the tests reach it there) and the recap's `scorings`. */
export function mountTable(Table, { name, href, id, scorings }) {
  return (root, ctx) => {
    const css = stylesheet(href, id);
    if (ctx.showPlayers) ctx.showPlayers(false);
    const table = new Table(root, ctx);
    if (!css.sheet) css.addEventListener("load", () => table.styled(), { once: true });
    return {
      update: (msg) => table.update(msg),
      resize: () => table.resize(),
      destroy: () => table.destroy(),
      table: () => table.summary(),
      results: () => table.results(),
      logs: true,         // every event's line, the undos and the recap's moves (log.js)
      describe: (ev, you) => table.describe(ev, you),    // the recap's lines (app/recap.js)
      scorings,
      [name]: table,
    };
  };
}

export class AnimatedTable {
  constructor(root, ctx) {
    this.ctx = ctx;
    this.root = root;
    this.me = ctx.seat ?? null;
    this.lang = ctx.lang;
    this.view = null;             // the host's latest view
    this.latest = null;           // the host's latest update
    this.shown = {};              // what is drawn now (the host's view, landed step by step)
    this.target = {};             // the view the update playing lands on
    this.legal = [];
    this.canUndo = false;
    this.toAct = null;
    this.over = false;
    this.pending = false;         // an action or undo sent, its answer not yet here
    this.backlog = 0;             // updates received and not yet shown
    this.updates = 0;             // updates received
    this.dirty = false;
    this.timeline = new Timeline(() => this.idle(), () => { if (this.dirty) this.render(); });
    this.timeline.hurry = () => Math.min(HURRY_MAX, 1 + HURRY_PER_UPDATE * Math.max(0, this.backlog - 1));
    this.timeline.speed = ctx.animSpeed ?? 1;
  }

  // --- words and seats -------------------------------------------------------------------------
  t(k, vars = {}) { return this.ctx.t(k, vars); }
  tn(k, n, vars = {}) { return this.ctx.tn(k, n, { n, ...vars }); }
  has(k) { return this.ctx.has ? this.ctx.has(k) : this.ctx.t(k, {}) !== k; }
  get players() { return this.ctx.players || []; }
  player(s) { return this.players[s] || null; }
  nameOf(s) { const p = this.player(s); return p && p.name ? p.name : this.t("table.bot_short", { n: s + 1 }); }
  /** A bot by its short name ("Bot 2"), a player by theirs. */
  shortName(s) {
    const p = this.player(s);
    if (p && p.kind === "bot") return this.t("table.bot_short", { n: s + 1 });
    return this.nameOf(s);
  }

  // --- the host's messages -----------------------------------------------------------------------
  update(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.t === "table" && msg.table) this.summary();
    else if (msg.t === "seated") this.me = msg.seat;
    else if (msg.t === "update") this.onUpdate(msg);
    else if (msg.t === "error" && (msg.ref === "action" || msg.ref === "undo")) { this.pending = false; this.refused(msg); this.touch(true); }
  }

  /** The table summary changed (a name, a colour, a player away). */
  summary() { this.touch(); }

  onUpdate(m) {
    if (m.seat !== undefined) this.me = m.seat;
    if (m.seq !== undefined) this.pending = false;
    this.latest = m;
    this.updates += 1;
    if (m.full || !this.view) {          // a resync: the view as it is, no animation
      this.pending = false;              // (back after a drop: whatever was sent is answered or lost)
      this.timeline.skip();
      this.view = m.view;
      if (m.recap) this.logRecap(m.recap);
      for (const ev of m.events || []) this.logEvent(ev);
      this.shown = clone(m.view);
      this.resync(m);
      this.landed(m);
      return;
    }
    this.view = m.view;
    this.backlog += 1;
    const seq = new Sequence(new Call(() => { this.target = clone(m.view); }));
    if (m.undone !== undefined && m.undone !== null) seq.add(new Call(() => this.logUndo(m.undone)));
    for (const ev of m.events || []) {
      seq.add(new Call(() => this.logEvent(ev)));
      seq.add(this.animate(ev));
    }
    seq.add(new Call(() => { this.backlog -= 1; this.landed(m); }));
    this.timeline.play(seq);
  }

  /** A full update arrived (its view already in `shown`). */
  resync() {}

  /** An update's animations are done: the host's view is shown, and its `legal` is what taps build. */
  landed(m) {
    this.shown = clone(m.view);
    this.target = this.shown;
    this.toAct = m.to_act;
    this.legal = m.legal || [];
    this.canUndo = !!m.can_undo;
    this.over = !!m.over;
    this.tellTurn();
    this.touch(true);
  }

  /** Whose turn the table shows now: {seat, yours, over}. `yours`: the host lists what this seat
   * may do (its taps build it once the animations are done). A game whose view says whose turn it
   * is step by step (its prompt) gives its own, from what it draws. */
  turnShown() {
    const yours = this.me !== null && this.toAct === this.me && !this.over && this.legal.length > 0;
    return { seat: this.over ? null : this.toAct ?? null, yours, over: this.over };
  }

  /** The shell's bar says whose turn the table shows (ctx.turn), not the host's newest update's:
   * while earlier updates still play it said "Your turn" over another's move. Told when it changes. */
  tellTurn() {
    if (!this.ctx.turn) return;
    const turn = this.turnShown(), key = JSON.stringify(turn);
    if (key === this.toldTurn) return;
    this.toldTurn = key;
    this.ctx.turn(turn);
  }

  /** The animations are over: what the player may do (acting()) changed with them. */
  idle() { this.touch(true); }

  /** Parts of the update's view shown now (an animation's step). */
  land(...keys) {
    for (const k of keys) {
      if (k in this.target) this.shown[k] = clone(this.target[k]);
      else delete this.shown[k];
    }
    this.touch();
  }

  /** Something shown changed: draw it (at the next frame, or `now`). */
  touch(now = false) {
    this.dirty = true;
    if (now || !this.timeline.busy || this.timeline.speed === Infinity) {
      if (!this.raf) this.raf = requestAnimationFrame(() => { this.raf = 0; if (this.dirty) this.render(); });
      if (now || this.timeline.speed === Infinity) this.render();
    }
  }

  render() { this.dirty = false; this.tellTurn(); }

  /** Texts to fit once this frame's drawing is done (measured together: one layout). */
  fit(el) { (this.toFit = this.toFit || new Set()).add(el); }
  flushFit() {
    if (!this.toFit || !this.toFit.size) return;
    const els = [...this.toFit].filter((e) => e.isConnected);
    this.toFit.clear();
    fitTexts(els);
  }

  // --- the log -----------------------------------------------------------------------------------
  animate() { return null; }
  describe() { return null; }
  lineSeat() { return null; }

  logEvent(ev) {
    const text = this.describe(ev, true);
    if (text && this.ctx.log) this.ctx.log(text);
    const seat = this.lineSeat(ev);
    if (seat !== null && seat !== undefined) {
      const line = this.describe(ev, false);
      if (line) { this.doneBy = this.doneBy || {}; (this.doneBy[seat] = this.doneBy[seat] || []).push(line); }
    }
  }

  /** "Ana took back: chooses a turtle." (the seat's last line, in the third person, without its name). */
  logUndo(seat) {
    const lines = (this.doneBy || {})[seat] || [];
    const name = this.shortName(seat);
    let what = lines.length ? lines.pop() : "";
    if (what.startsWith(`${name} `)) what = what.slice(name.length + 1);
    if (this.ctx.log) this.ctx.log(this.t("table.undone", { name, what }).trim());
  }

  /** While you were away: every move's lines, in order. */
  logRecap(recap) {
    for (const mv of recap.moves || []) {
      if (mv.undone) { this.logUndo(mv.seat); continue; }
      for (const ev of mv.events || []) this.logEvent(ev);
    }
  }

  // --- what the player may do (always from `legal`) ------------------------------------------------
  acting() { return this.me !== null && this.toAct === this.me && !this.over && !this.timeline.busy && this.legal.length > 0; }
  legalOf(type) { return this.acting() ? this.legal.filter((a) => a.type === type) : []; }

  /** Send one of `legal` (nothing while an answer is awaited: one action at a time). */
  send(action) {
    if (this.pending || !action) return;
    this.pending = true;
    this.answered(this.ctx.act(action));
    this.touch(true);
  }

  undo() {
    if (!this.canUndo || this.pending || !this.acting()) return;
    this.pending = true;
    this.answered(this.ctx.undo());
    this.touch(true);
  }

  /** The host's answer (ctx.act's promise): a refusal (the shell has shown it) or a lost link frees
   * the table to try again; `refused(error)` lets the game say so. */
  answered(promise) {
    if (!promise || !promise.then) return;
    promise.then((r) => {
      if (r && r.ok) return;
      this.pending = false;
      this.refused((r && r.error) || {});
      this.touch(true);
    });
  }

  /** The host refused what was sent, or the link was lost before its answer. */
  refused() {}

  destroy() { this.timeline.stop(); }
}
