// What the player is doing at the Tikal table, and what a tap or a key does (the window's
// game/tikal/selection.py): the hex where the drawn tile would go and its turn, the figure selected
// and where it may go, the hex action being aimed, the sheet of choices open, the bid, the line of
// words the bar shows. The board emits its taps (board.js "tap" events) and the bar's buttons call
// in here; what comes out is always one action of the host's `legal`, sent as it is (the table's
// `send`): a figure's targets, the hexes a tile fits and the bids are read from `legal` alone.
//
// `table` is what it reads and asks (app/table.js's AnimatedTable and the Tikal table):
// `legalOf(type)`, `acting()`, `pending`, `canUndo`, `shown`, `me`, `send(action)`, `undo()`,
// `touch(now)`, `hexInfo(hex)` (a hex's words) and `board.pieces` (the chips on each hex).
import { key, same } from "./geometry.js";
import { stepStones } from "./analysis.js";
import { TILES } from "./tiles.js";

/** The sheet's question which of our figures on a hex is meant (not an action: a selection). */
export const FIGURE = "figure";

/** The laptop's keys of the hex actions (the window's). */
export const ACTION_KEYS = { u: "uncover", d: "dig", x: "exchange", c: "camp", g: "guard" };

export class Selection {
  constructor(table) {
    Object.defineProperty(this, "table", { value: table, enumerable: false });   // (tests read the rest as data)
    this.selected = null;     // {from: hex | null (the supply), figure}
    this.mode = null;         // the hex action being aimed ("uncover"...)
    this.place = null;        // the hex the drawn tile would go to
    this.rotation = 0;
    this.bid = null;
    this.chooser = null;      // {kind, options}: the sheet of several legal actions (or of our figures on a hex)
    this.info = null;         // the words the bar shows instead of the hint: a tapped hex, a refusal
    this.follow = null;       // the figure a walk sent on: selected again once the host answers
  }

  // --- what the player may do (always from `legal`) ---------------------------------------------
  legalOf(type) { return this.table.legalOf(type); }
  placing() { return this.legalOf("place_tile").length > 0; }
  placeHexes() { return this.hexesOf("place_tile"); }
  /** The hexes the actions of `kind` name, each once. */
  hexesOf(kind) {
    const seen = new Map();
    for (const a of this.legalOf(kind)) if (a.hex) seen.set(key(a.hex), a.hex);
    return [...seen.values()];
  }
  actionHexes(kind) { return this.hexesOf(kind); }
  isVolcanoDrawn() { return (TILES[this.table.shown.drawn] || {}).kind === "volcano"; }

  /** The legal placement of the chosen hex and rotation (a volcano: the listed one, whatever its
   * turn: every rotation is the same tile), or null. */
  placeAction() {
    const p = this.place;
    if (!p) return null;
    const acts = this.legalOf("place_tile").filter((a) => same(a.hex, p));
    if (this.isVolcanoDrawn()) return acts[0] || null;
    return acts.find((a) => a.rotation === this.rotation) || null;
  }

  /** Where the selected figure may go: {hex, cost, action, jump?} each, the cheaper where a walk
   * and a jump between camps reach the same hex. */
  targets() {
    const s = this.selected;
    if (!s) return [];
    const out = new Map();
    if (s.from === null) {
      for (const a of this.legalOf("enter")) if (a.figure === s.figure) out.set(key(a.hex), { hex: a.hex, cost: 1, action: a });
    } else {
      for (const a of this.legalOf("move")) {
        if (a.figure === s.figure && same(a.path[0], s.from)) {
          const to = a.path[a.path.length - 1];
          out.set(key(to), { hex: to, cost: stepStones(this.table.shown, a.path[0], to), action: a });
        }
      }
      for (const a of this.legalOf("transfer")) {   // camp to camp, where it is cheaper than the walk
        const walk = out.get(key(a.to));
        if (a.figure === s.figure && same(a.from, s.from) && (!walk || (walk.cost ?? 99) > 1)) {
          out.set(key(a.to), { hex: a.to, cost: 1, action: a, jump: true });
        }
      }
    }
    return [...out.values()];
  }

  canMoveFrom(h, figure) {
    return this.legalOf("move").some((a) => a.figure === figure && same(a.path[0], h))
      || this.legalOf("transfer").some((a) => a.figure === figure && same(a.from, h));
  }

  bidAmounts() { return this.legalOf("bid").map((a) => a.amount).sort((a, b) => a - b); }

  /** The bid box's reading of the view: the high bid, ours to make, the most we may bid (the host's list). */
  bidState(view) {
    if (view.phase !== "bid" || !view.auction) return null;
    const a = view.auction;
    const amounts = this.bidAmounts();
    return { high: a.high ?? null, amount: a.bid || 0, seat: view.seat, ours: this.table.acting() && this.legalOf("pass").length > 0,
      most: amounts.length ? amounts[amounts.length - 1] : null };
  }

  /** The marks of what can be done now, for the board: where the tile may go and its ghost, the
   * hexes an action may pick, the selected figure's targets and chip. */
  marks() {
    const m = {};
    const t = this.table;
    if (!t.acting()) return m;
    if (this.placing()) {
      m.place = this.placeHexes();
      if (this.place) {
        const id = t.shown.drawn;
        if (id) m.ghost = { hex: this.place, id, rotation: this.rotation, fits: !!this.placeAction() };
      }
      return m;
    }
    if (this.mode) m.pick = this.hexesOf(this.mode);
    if (this.selected) {
      m.targets = this.targets();
      if (this.selected.from) {
        m.from = this.selected.from;
        const e = t.board.pieces.get(key(this.selected.from));
        const chip = e && e[2].find((c) => c.seat === t.me && c.figure === this.selected.figure);
        if (chip) m.chip = chip;
      }
    }
    return m;
  }

  /** The catalog key of what to do now, in a finger's words or (`mouse`: a laptop) a mouse's and
   * its keys' (the window's words where they say the same). */
  hintKey(mouse) {
    const t = this.table;
    if (t.me === null) return mouse ? "tikal.web.help_watch_mouse" : "tikal.web.help_watch";
    if (!t.acting()) return mouse ? "tikal.web.help_wait_mouse" : "tikal.web.help_wait";
    if (this.placing()) {
      if (this.place && !this.placeAction()) return mouse ? "tikal.web.turn_it_mouse" : "tikal.web.turn_it";
      return mouse ? "tikal.web.help_place_mouse" : "tikal.web.help_place";
    }
    if (this.legalOf("bid").length || this.legalOf("pass").length) return "tikal.prompt_bid_you";
    if (this.legalOf("choose_tile").length) return mouse ? "tikal.web.help_choose_mouse" : "tikal.web.help_choose";
    if (this.mode) return mouse ? "tikal.help_pick" : "tikal.web.help_pick";
    if (this.selected) return mouse ? "tikal.web.help_selected_mouse" : "tikal.web.help_selected";
    return mouse ? "tikal.help_actions" : "tikal.web.help_actions";
  }

  // --- taps and keys -------------------------------------------------------------------------------
  /** A tap on the board (board.js's "tap": the hex under it, the figure chip it hit, a right button). */
  tap({ hex: h, chip, cancel }) {
    const t = this.table;
    if (cancel) { this.clear(); return; }
    this.info = null;
    if (!t.acting() || t.pending) { this.showInfo(h); return; }
    if (this.placing()) {
      if (h && this.placeHexes().some((p) => same(p, h))) {
        if (this.place && same(this.place, h)) this.rotate(1);
        else { this.place = h; this.fitRotation(); }
      } else this.showInfo(h);
      t.touch(true);
      return;
    }
    if (this.mode) {
      if (h && this.hexesOf(this.mode).some((p) => same(p, h))) this.picked(this.mode, h);
      else this.mode = null;
      t.touch(true);
      return;
    }
    if (!h) { this.clear(); return; }
    const chosen = this.selected;
    if (chosen) {      // a tap on a target goes there (even onto our own figures: fingers are wide)
      const tgt = this.targets().find((x) => same(x.hex, h));
      if (tgt) {
        this.selected = null;
        this.follow = { from: tgt.hex, figure: chosen.figure };
        this.send(tgt.action);
        return;
      }
    }
    if (chip && chip.seat === t.me && this.canMoveFrom(h, chip.figure)) {
      if (chosen && same(chosen.from, h) && chosen.figure === chip.figure) this.clear();
      else this.select(h, chip.figure);
      return;
    }
    // the hex, not one of our figures on it (a crowded camp: the finger between the chips): the one
    // figure that can go, or the question which (a worker was taken for the leader meant)
    const own = (t.shown.figures || []).find((f) => f.seat === t.me && same(f.hex, h));
    if (own) {
      const figs = [];
      if (own.workers && this.canMoveFrom(h, "worker")) figs.push("worker");
      if (own.leader && this.canMoveFrom(h, "leader")) figs.push("leader");
      if (figs.length) {
        if (chosen && same(chosen.from, h)) this.clear();
        else if (figs.length === 1) this.select(h, figs[0]);
        else { this.selected = null; this.openChooser(FIGURE, figs.map((figure) => ({ figure, hex: h }))); }
        return;
      }
    }
    this.clear();
    this.showInfo(h);
  }

  /** A laptop's key (the window's): R/Q turn the tile, Enter places it, U D X C G the actions,
   * W/L the supply's figures, Z undo, E end the turn, B/P bid or pass, +/- the bid, Esc cancels.
   * Whether it did something (the page's default for it is then prevented). */
  key(k) {
    const t = this.table;
    if (k === "Escape") {
      if (this.chooser) this.closeChooser(); else if (this.selected || this.mode) this.clear(); else return false;
      return true;
    }
    if (!t.acting() || t.pending) return false;
    if (this.placing() && (k === "r" || k === "q")) this.rotate(k === "r" ? 1 : -1);
    else if (this.placing() && k === "Enter") this.placeTile();
    else if (ACTION_KEYS[k] && this.legalOf(ACTION_KEYS[k]).length) this.startAction(ACTION_KEYS[k]);
    else if (k === "w" || k === "l") this.selectSupply(k === "w" ? "worker" : "leader");
    else if (k === "z" && t.canUndo) this.undo();
    else if (k === "e" && this.legalOf("end_turn").length) this.endTurn();
    else if (k === "b" && this.legalOf("bid").length) this.placeBid();
    else if (k === "p" && this.legalOf("pass").length) this.passBid();
    else if ((k === "+" || k === "=" || k === "-") && this.legalOf("bid").length) this.changeBid(k === "-" ? -1 : 1);
    else return false;
    return true;
  }

  /** Send one of `legal` (the table sends one at a time); the bar's words go back to the hint. */
  send(action) {
    if (!this.table.pending && action) this.info = null;
    this.table.send(action);
  }

  select(from, figure) {
    this.selected = { from, figure };
    this.mode = null;
    this.table.touch(true);
  }

  selectSupply(figure) {
    if (!this.legalOf("enter").some((a) => a.figure === figure)) return;
    const s = this.selected;
    if (s && s.from === null && s.figure === figure) this.clear();
    else this.select(null, figure);
  }

  clear() {
    this.selected = null;
    this.mode = null;
    this.info = null;
    this.table.touch(true);
  }

  /** After the host's answer: keep the selection where it still can move (a walk goes on from its
   * new hex), drop what `legal` no longer offers. */
  refresh() {
    const t = this.table;
    const keep = this.follow || this.selected;
    this.follow = null;
    this.selected = null;
    if (keep && t.acting()) {
      if (keep.from === null ? this.legalOf("enter").some((a) => a.figure === keep.figure) : this.canMoveFrom(keep.from, keep.figure)) {
        this.selected = keep;
      }
    }
    if (!this.placing()) { this.place = null; this.rotation = 0; }
    else if (this.place && !this.placeHexes().some((p) => same(p, this.place))) this.place = null;
    if (this.mode && !this.legalOf(this.mode).length) this.mode = null;
    if (this.chooser && this.chooser.kind === FIGURE) {
      if (!this.chooser.options.some((o) => this.canMoveFrom(o.hex, o.figure))) this.chooser = null;
    } else if (this.chooser && !this.legalOf(this.chooser.kind).length) this.chooser = null;
    const amounts = this.bidAmounts();
    if (amounts.length && !amounts.includes(this.bid)) this.bid = amounts[0];
  }

  /** The tile's turn on a newly chosen hex: the next one that fits there (as it is, if it fits). */
  fitRotation() {
    if (this.isVolcanoDrawn() || this.placeAction()) return;
    const rots = new Set(this.legalOf("place_tile").filter((a) => same(a.hex, this.place)).map((a) => a.rotation));
    for (let k = 1; k <= 6; k++) {
      const r = (this.rotation + k) % 6;
      if (rots.has(r)) { this.rotation = r; return; }
    }
  }

  rotate(step) {
    this.rotation = (this.rotation + step + 6) % 6;
    this.table.touch(true);
  }

  placeTile() {
    const a = this.placeAction();
    if (a) this.send(a);
  }

  startAction(kind) {
    const acts = this.legalOf(kind);
    if (!acts.length) return;
    if (this.mode === kind) { this.clear(); return; }
    this.selected = null;
    this.mode = null;
    if (kind === "exchange") {
      if (acts.length > 1) this.openChooser("exchange", acts); else this.send(acts[0]);
      return;
    }
    const hexes = this.hexesOf(kind);
    if (hexes.length === 1) this.picked(kind, hexes[0]);
    else { this.mode = kind; this.table.touch(true); }
  }

  picked(kind, h) {
    const acts = this.legalOf(kind).filter((a) => same(a.hex, h));
    this.mode = null;
    if (acts.length > 1) this.openChooser(kind, acts);
    else if (acts.length) this.send(acts[0]);
    this.table.touch(true);
  }

  openChooser(kind, options) { this.chooser = { kind, options }; this.table.touch(true); }
  closeChooser() { this.chooser = null; this.table.touch(true); }
  /** An option of the sheet: the action it is, or (which figure) the figure then selected. */
  choose(a) {
    const kind = this.chooser && this.chooser.kind;
    this.chooser = null;
    if (kind === FIGURE) this.select(a.hex, a.figure);
    else this.send(a);
  }

  changeBid(step) {
    const amounts = this.bidAmounts();
    if (!amounts.length) return;
    const i = Math.max(0, amounts.indexOf(this.bid));
    this.bid = amounts[Math.max(0, Math.min(amounts.length - 1, i + step))];
    this.table.touch(true);
  }

  placeBid() {
    const a = this.legalOf("bid").find((x) => x.amount === this.bid);
    if (a) this.send(a);
  }

  passBid() { const a = this.legalOf("pass")[0]; if (a) this.send(a); }
  chooseTile(id) { const a = this.legalOf("choose_tile").find((x) => x.tile === id); if (a) this.send(a); }
  endTurn() { const a = this.legalOf("end_turn")[0]; if (a) { this.clear(); this.send(a); } }

  undo() {
    const t = this.table;
    if (!t.canUndo || t.pending || !t.acting()) return;
    this.clear();
    t.undo();
  }

  /** A refusal (said by the shell already) or a lost link: the bar says why, the player may try again. */
  refused(e, fallback) { this.info = e.text || fallback; }     // (text: the refusal in the page's words)

  /** What a tapped hex holds, in words (the window's tooltip), on the bar. */
  showInfo(h) {
    this.info = h ? this.table.hexInfo(h) : null;
    this.table.touch(true);
  }
}
