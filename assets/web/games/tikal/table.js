// The Tikal table in the browser: it shows the host's views and turns taps into the actions the
// host lists in `legal` (docs/protocol.md section 5; the UI decides nothing: an action is always
// one of `legal`, sent as it is). Updates animate one after the other (the shell's AnimatedTable,
// app/table.js, plays them with animator.js) and every one ends on the host's own view; the board
// and the panels are redrawn only where they changed.
import { AnimatedTable, clone } from "../../app/table.js";
import { html, fitTexts } from "./dom.js";
import { Board } from "./board.js";
import { Panel, storyTable } from "./panel.js";
import { Controls } from "./controls.js";
import { Animator } from "./animator.js";
import { key, same } from "./geometry.js";
import { templeHolders, scoringNow, stackOutlook, stepStones, levelAt } from "./analysis.js";
import { describe as describeEvent, lineSeat as seatOfLine, kindName } from "./log.js";
import { TILES } from "./tiles.js";
import { hexTone, readable, rgb } from "./marks.js";

export class Table extends AnimatedTable {
  constructor(root, ctx) {
    super(root, ctx);
    this.timeline.speed = animSpeed(ctx);
    this.legalKey = "";
    this.sel = { selected: null, mode: null, place: null, rotation: 0, bid: null };
    this.chooser = null;
    this.info = null;
    this.last = null;             // the last move's marks
    this.flash = new Set();
    this.flashSets = new Set();
    this.derived = { holders: [], now: [], outlook: { letters: [], volcanoes: [] } };
    /** A mouse (a laptop): the hints say "click" and name the keys. */
    this.mouse = typeof matchMedia === "function" && matchMedia("(hover: hover) and (pointer: fine)").matches;
    this.build();
    this.anim = new Animator(this);
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    this.render();
  }

  // --- the page ------------------------------------------------------------------------------
  build() {
    const el = (cls) => html("div", { class: cls });
    this.el = html("div", { class: "tk", "data-game": "tikal" });
    this.topEl = el("tk-top");
    this.promptEl = html("div", { class: "tk-prompt", "data-fit": "1" });
    this.apEl = html("div", { class: "tk-ap" });
    this.zoomEl = html("div", { class: "tk-zoom" }, [
      html("button", { class: "tk-btn tk-round", type: "button", "data-act": "zoom-out", "aria-label": this.t("tikal.zoom_out_tip"),
        title: this.t("tikal.zoom_out_tip"), onclick: () => this.board.zoomStep(-1) }, [html("span", { text: "−" })]),
      html("button", { class: "tk-btn tk-round", type: "button", "data-act": "zoom-in", "aria-label": this.t("tikal.zoom_in_tip"),
        title: this.t("tikal.zoom_in_tip"), onclick: () => this.board.zoomStep(1) }, [html("span", { text: "+" })]),
    ]);
    this.topEl.append(this.promptEl, this.zoomEl, this.apEl);
    this.boardEl = el("tk-board");
    this.tileboxEl = el("tk-tilebox");
    this.playersEl = el("tk-players");
    this.levelsEl = el("tk-levels");
    this.storyEl = el("tk-storybox");
    this.storyEl.hidden = true;
    this.barEl = html("div", { class: "tk-bar", "data-layer": "tk-bar" });
    this.barHead = el("tk-bar-head");
    this.hintEl = html("div", { class: "tk-hint", "data-fit": "1", role: "status" });
    this.barHead.appendChild(this.hintEl);
    this.rowEl = el("tk-row");
    this.barEl.append(this.barHead, this.rowEl);
    this.sheetEl = html("div", { class: "tk-sheet", "data-layer": "tk-sheet" });
    this.sheetEl.hidden = true;
    this.sheetEl.addEventListener("click", (e) => { if (e.target === this.sheetEl) this.closeChooser(); });
    this.bannerEl = html("div", { class: "tk-banner", "data-layer": "tk-banner" });
    this.bannerEl.hidden = true;
    this.fx = html("div", { class: "tk-fx", "data-layer": "tk-fx" });
    this.side = html("div", { class: "tk-side" }, [this.tileboxEl, this.playersEl, this.storyEl, this.levelsEl]);
    this.el.append(this.topEl, this.boardEl, this.side, this.barEl, this.fx);
    this.boardEl.append(this.bannerEl);
    this.root.append(this.el, this.sheetEl);     // the sheet covers the whole table (it needs the room)
    this.board = new Board(this, this.boardEl);
    this.boardEl.prepend(...this.board.svgs);
    this.panel = new Panel(this, { top: this.topEl, prompt: this.promptEl, ap: this.apEl, tilebox: this.tileboxEl,
      players: this.playersEl, levels: this.levelsEl, story: this.storyEl });
    this.controls = new Controls(this, { hint: this.hintEl, row: this.rowEl, sheet: this.sheetEl });
    this.resize();
  }

  /** Laptop and tablet on its side: the board beside the panels. A phone in portrait: the board at
   * the top, the panels under it (they scroll), the bar with the action points stuck at the bottom. */
  resize() {
    const r = this.root.getBoundingClientRect();
    const wide = r.width >= 700 && r.width > r.height * 1.05;
    this.el.classList.toggle("tk-wide", wide);
    this.el.classList.toggle("tk-narrow", !wide);
    this.el.classList.toggle("tk-short", !wide && r.height < 760);
    const apHome = wide ? this.topEl : this.barHead;
    if (this.apEl.parentElement !== apHome) apHome.appendChild(this.apEl);
    if (this.anim) { this.panel.keys = {}; this.controls.key = null; this.touch(); }
  }

  /** The module's stylesheet has loaded after the table first drew (a slow phone: the first
   * update can come before it): everything is laid out and its texts fitted again, at the sizes
   * the stylesheet gives them (the bar's "Guardiano 5" had stayed outside its button). */
  styled() {
    if (!this.el.isConnected) return;
    this.controls.sheetKey = null;
    this.resize();
    this.touch();
  }

  destroy() {
    this.sheetEl.remove();
    document.removeEventListener("keydown", this.onKey);
    cancelAnimationFrame(this.raf);
    cancelAnimationFrame(this.board.gliding);
    clearTimeout(this.bannerTimer);
    super.destroy();
    this.el.remove();
  }

  // --- words and marks (the words and names: app/table.js) -----------------------------------
  playerKind(s) { const p = this.player(s); return p ? p.kind : null; }
  /** A seat's tone as [r, g, b] and its shape: the shell's (its players' strip shows the same). */
  tone(s) { return hexTone(this.ctx.tone(s)); }
  toneKey(s) { return this.tone(s).join(","); }
  shape(s) { return this.ctx.shape(s); }
  kindName(id) { return kindName(this, id); }
  levelAt(h) { return levelAt(this.target.tiles ? this.target : this.shown, h); }
  pieceScale() { return this.el.classList.contains("tk-narrow") ? 1.25 : 1.1; }

  // --- the host's messages (app/table.js plays them) ------------------------------------------
  /** The table summary changed (a name, a colour, a player away): the panels are drawn again. */
  summary() {
    this.panel.keys = {};
    this.board.pieces.forEach((e) => { e[0] = null; });
    this.touch();
  }

  animate(ev) { return this.anim.animate(ev); }
  describe(ev, you) { return describeEvent(this, ev, you); }
  lineSeat(ev) { return seatOfLine(ev); }

  /** An update's animations are done: the host's view is shown, and its `legal` is what taps build. */
  landed(m) {
    this.board.clearFlight();
    this.remember(m.events || []);
    this.legalKey = JSON.stringify((m.legal || []).map((a) => a.type));
    this.info = null;
    this.holding = true;           // drawn once, below, with the selection that follows it
    super.landed(m);
    this.holding = false;
    // what stays selected follows what the player may do: once the animations are over
    if (this.timeline.busy) this.refreshDue = true; else this.refreshSel();
    this.touch(true);
  }

  /** The animations are over: what the player may do (acting()) changed with them: the bar too. */
  idle() {
    if (this.refreshDue) { this.refreshDue = false; this.refreshSel(); }
    super.idle();
  }

  landItem(k, item) {
    const src = this.target[k], into = this.shown[k];
    if (!src || !into) { this.land(k); return; }
    into[item] = clone(src[item]);
    this.touch();
  }

  /** Something shown changed: draw it (at the next frame, or `now`). */
  touch(now = false) {
    this.ver = (this.ver || 0) + 1;
    super.touch(now);
  }

  /** Only a score ticking up (a tally): the next frame writes the numbers, nothing else. */
  touchScores() {
    this.dirty = true;
  }

  // --- drawing ---------------------------------------------------------------------------------
  render() {
    if (this.holding) { this.dirty = true; return; }
    super.render();
    const v = this.shown;
    if (!v || !v.game) {
      this.controls.render();
      this.flushFit();
      return;
    }
    if (this.drawnVer === this.ver) {      // nothing but the scores moved since the last frame
      this.panel.renderScores(v);
      return;
    }
    this.drawnVer = this.ver;
    this.derived = { holders: templeHolders(v), now: scoringNow(v), outlook: stackOutlook(v) };
    this.board.render(v, this.derived.holders);
    this.board.renderLast(this.last);
    this.board.renderMarks(this.marks());
    this.panel.render(v, this.derived);
    this.controls.render();
    this.flushFit();
    this.el.dataset.state = String(this.latest ? this.latest.state : "");
    this.el.dataset.busy = this.timeline.busy ? "1" : "0";
    this.el.dataset.acting = this.acting() ? "1" : "0";
    this.el.dataset.phase = v.phase || "";
  }

  marks() {
    const m = {};
    if (!this.acting()) return m;
    const sel = this.sel;
    if (this.placing()) {
      m.place = this.placeHexes();
      if (sel.place) {
        const id = this.shown.drawn;
        if (id) m.ghost = { hex: sel.place, id, rotation: sel.rotation, fits: !!this.placeAction() };
      }
      return m;
    }
    if (sel.mode) m.pick = this.actionHexes(sel.mode);
    if (sel.selected) {
      m.targets = this.targets();
      if (sel.selected.from) {
        m.from = sel.selected.from;
        const e = this.board.pieces.get(key(sel.selected.from));
        const chip = e && e[2].find((c) => c.seat === this.me && c.figure === sel.selected.figure);
        if (chip) m.chip = chip;
      }
    }
    return m;
  }

  /** The last move among an update's events: a walk's path, the hex a tile, figure, camp or guard
   * went to, a level uncovered, a treasure dug (until the next move). */
  remember(events) {
    for (let i = events.length - 1; i >= 0; i--) {
      const ev = events[i];
      if (ev.type === "figure_moved") this.last = { seat: ev.seat, hexes: [ev.path[ev.path.length - 1]], path: ev.path };
      else if (ev.type === "figure_transferred") this.last = { seat: ev.seat, hexes: [ev.to], path: [ev.from, ev.to] };
      else if (["tile_placed", "figure_entered", "level_uncovered", "treasure_dug", "camp_built", "guard_placed"].includes(ev.type)) {
        this.last = { seat: ev.seat, hexes: [ev.hex], path: null };
      } else continue;
      return;
    }
  }

  // --- the log (the lines: log.js) ------------------------------------------------------------
  /** What happened while the player was away (a rejoin's full update): each move's lines, in order
   * (kept as `recapSeen` for a look afterwards). */
  logRecap(recap) {
    this.recapSeen = recap;
    super.logRecap(recap);
    this.remember((recap.moves || []).flatMap((mv) => mv.events || []));    // its last move marked on the board
  }

  // --- what the player may do (always from `legal`) ---------------------------------------------
  placing() { return this.legalOf("place_tile").length > 0; }
  placeHexes() {
    const seen = new Map();
    for (const a of this.legalOf("place_tile")) seen.set(key(a.hex), a.hex);
    return [...seen.values()];
  }
  actionHexes(kind) {
    const seen = new Map();
    for (const a of this.legalOf(kind)) if (a.hex) seen.set(key(a.hex), a.hex);
    return [...seen.values()];
  }
  isVolcanoDrawn() { return (TILES[this.shown.drawn] || {}).kind === "volcano"; }
  /** The legal placement of the chosen hex and rotation (a volcano: the listed one, whatever its
   * turn: every rotation is the same tile), or null. */
  placeAction() {
    const p = this.sel.place;
    if (!p) return null;
    const acts = this.legalOf("place_tile").filter((a) => same(a.hex, p));
    if (this.isVolcanoDrawn()) return acts[0] || null;
    return acts.find((a) => a.rotation === this.sel.rotation) || null;
  }

  targets() {
    const s = this.sel.selected;
    if (!s) return [];
    const out = new Map();
    if (s.from === null) {
      for (const a of this.legalOf("enter")) if (a.figure === s.figure) out.set(key(a.hex), { hex: a.hex, cost: 1, action: a });
    } else {
      for (const a of this.legalOf("move")) {
        if (a.figure === s.figure && same(a.path[0], s.from)) {
          const to = a.path[a.path.length - 1];
          out.set(key(to), { hex: to, cost: stepStones(this.shown, a.path[0], to), action: a });
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

  bidAmounts() { return this.legalOf("bid").map((a) => a.amount).sort((a, b) => a - b); }

  bidState(view) {
    if (view.phase !== "bid" || !view.auction) return null;
    const a = view.auction;
    const amounts = this.bidAmounts();     // what we may bid (the host's list): up to the last
    return { high: a.high ?? null, amount: a.bid || 0, seat: view.seat, ours: this.acting() && this.legalOf("pass").length > 0,
      most: amounts.length ? amounts[amounts.length - 1] : null };
  }

  /** What to do now, for a finger or (a laptop) a mouse and its keys (the window's words where
   * they say the same). */
  hint() {
    const v = this.shown;
    if (!v || !v.game) return "";
    const m = this.mouse ? "_mouse" : "";
    if (v.over || this.over) return this.t("table.game_over");
    if (this.me === null) return this.t(`tikal.web.help_watch${m}`);
    if (!this.acting()) return this.t(`tikal.web.help_wait${m}`);
    if (this.placing()) return this.t(this.sel.place && !this.placeAction() ? `tikal.web.turn_it${m}` : `tikal.web.help_place${m}`);
    if (this.legalOf("bid").length || this.legalOf("pass").length) return this.t("tikal.prompt_bid_you");
    if (this.legalOf("choose_tile").length) return this.t(`tikal.web.help_choose${m}`);
    if (this.sel.mode) return this.t(this.mouse ? "tikal.help_pick" : "tikal.web.help_pick");
    if (this.sel.selected) return this.t(`tikal.web.help_selected${m}`);
    return this.t(this.mouse ? "tikal.help_actions" : "tikal.web.help_actions");
  }

  promptText(v) {
    if (v.over || this.over) return this.t("table.game_over");
    const seat = v.seat, phase = v.phase;
    const mine = seat === this.me && this.toAct === this.me;
    const name = this.shortName(seat);
    if (phase === "place") return mine ? this.t("tikal.prompt_place_you") : this.t("tikal.prompt_place", { name });
    if (phase === "bid") return mine ? this.t("tikal.prompt_bid_you") : this.t("tikal.prompt_bid", { name });
    if (phase === "choose") return mine ? this.t("tikal.prompt_choose_you") : this.t("tikal.prompt_choose", { name });
    const ap = Number(v.ap || 0);
    if (v.scoring && !ap) return this.t("tikal.prompt_scoring_round");
    if (v.scoring) return mine ? this.t("tikal.prompt_scoring_you", { ap }) : this.t("tikal.prompt_scoring", { name, ap });
    return mine ? this.t("tikal.prompt_actions_you", { ap }) : this.t("tikal.prompt_actions", { name, ap });
  }

  // --- taps ------------------------------------------------------------------------------------
  send(action) {
    if (!this.pending && action) this.info = null;
    super.send(action);
  }

  /** A refusal (said by the shell already) or a lost link: the hint says why, the player may try again. */
  refused(e) { this.info = e.reason || e.message || this.t("table.refused"); }

  /** A laptop's keys (the window's): R/Q turn the tile, Enter places it, U D X C G the actions,
   * W/L the supply's figures, Z undo, E end the turn, B/P bid or pass, +/- the bid, Esc cancels. */
  key(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || (e.target && e.target.isContentEditable)) return;
    if (!this.el.isConnected || document.querySelector(".dialog-back")) return;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const actions = { u: "uncover", d: "dig", x: "exchange", c: "camp", g: "guard" };
    let done = true;
    if (k === "Escape") { if (this.chooser) this.closeChooser(); else if (this.sel.selected || this.sel.mode) this.clearSel(); else done = false; }
    else if (!this.acting() || this.pending) done = false;
    else if (this.placing() && (k === "r" || k === "q")) this.rotate(k === "r" ? 1 : -1);
    else if (this.placing() && k === "Enter") this.place();
    else if (actions[k] && this.legalOf(actions[k]).length) this.startAction(actions[k]);
    else if (k === "w" || k === "l") this.selectSupply(k === "w" ? "worker" : "leader");
    else if (k === "z" && this.canUndo) this.undo();
    else if (k === "e" && this.legalOf("end_turn").length) this.endTurn();
    else if (k === "b" && this.legalOf("bid").length) this.placeBid();
    else if (k === "p" && this.legalOf("pass").length) this.passBid();
    else if ((k === "+" || k === "=" || k === "-") && this.legalOf("bid").length) this.changeBid(k === "-" ? -1 : 1);
    else done = false;
    if (done) e.preventDefault();
  }

  boardTap(h, chip, cancel) {
    const sel = this.sel;
    if (cancel) { this.clearSel(); return; }
    this.info = null;
    if (!this.acting() || this.pending) { this.showInfo(h); return; }
    if (this.placing()) {
      if (h && this.placeHexes().some((p) => same(p, h))) {
        if (sel.place && same(sel.place, h)) this.rotate(1);
        else { sel.place = h; this.fitRotation(); }
      } else this.showInfo(h);
      this.touch(true);
      return;
    }
    if (sel.mode) {
      if (h && this.actionHexes(sel.mode).some((p) => same(p, h))) this.picked(sel.mode, h);
      else sel.mode = null;
      this.touch(true);
      return;
    }
    if (!h) { this.clearSel(); return; }
    const chosen = sel.selected;
    if (chosen) {      // a tap on a target goes there (even onto our own figures: fingers are wide)
      const tgt = this.targets().find((x) => same(x.hex, h));
      if (tgt) {
        this.sel.selected = null;
        this.follow = { from: tgt.hex, figure: chosen.figure };
        this.send(tgt.action);
        return;
      }
    }
    if (chip && chip.seat === this.me && this.canMoveFrom(h, chip.figure)) {
      if (chosen && same(chosen.from, h) && chosen.figure === chip.figure) this.clearSel();
      else this.select(h, chip.figure);
      return;
    }
    const own = (this.shown.figures || []).find((f) => f.seat === this.me && same(f.hex, h));
    if (own) {
      const figs = [];
      if (own.workers && this.canMoveFrom(h, "worker")) figs.push("worker");
      if (own.leader && this.canMoveFrom(h, "leader")) figs.push("leader");
      if (figs.length) {
        if (chosen && same(chosen.from, h)) {
          const i = figs.indexOf(chosen.figure);
          if (i >= 0 && i + 1 < figs.length) this.select(h, figs[i + 1]);
          else this.clearSel();
        } else this.select(h, figs[0]);
        return;
      }
    }
    this.clearSel();
    this.showInfo(h);
  }

  canMoveFrom(h, figure) {
    return this.legalOf("move").some((a) => a.figure === figure && same(a.path[0], h))
      || this.legalOf("transfer").some((a) => a.figure === figure && same(a.from, h));
  }

  select(from, figure) {
    this.sel.selected = { from, figure };
    this.sel.mode = null;
    this.touch(true);
  }

  selectSupply(figure) {
    if (!this.legalOf("enter").some((a) => a.figure === figure)) return;
    const s = this.sel.selected;
    if (s && s.from === null && s.figure === figure) this.clearSel();
    else this.select(null, figure);
  }

  clearSel() {
    Object.assign(this.sel, { selected: null, mode: null });
    this.info = null;
    this.touch(true);
  }

  /** After the host's answer: keep the selection where it still can move (a walk goes on from its
   * new hex), drop what `legal` no longer offers. */
  refreshSel() {
    const sel = this.sel;
    const keep = this.follow || sel.selected;
    this.follow = null;
    sel.selected = null;
    if (keep && this.acting()) {
      if (keep.from === null ? this.legalOf("enter").some((a) => a.figure === keep.figure) : this.canMoveFrom(keep.from, keep.figure)) {
        sel.selected = keep;
      }
    }
    if (!this.placing()) { sel.place = null; sel.rotation = 0; }
    else if (sel.place && !this.placeHexes().some((p) => same(p, sel.place))) sel.place = null;
    if (sel.mode && !this.legalOf(sel.mode).length) sel.mode = null;
    if (this.chooser && !this.legalOf(this.chooser.kind).length) this.chooser = null;
    const amounts = this.bidAmounts();
    if (amounts.length && !amounts.includes(sel.bid)) sel.bid = amounts[0];
  }

  fitRotation() {
    const sel = this.sel;
    if (this.isVolcanoDrawn() || this.placeAction()) return;
    const rots = new Set(this.legalOf("place_tile").filter((a) => same(a.hex, sel.place)).map((a) => a.rotation));
    for (let k = 1; k <= 6; k++) {
      const r = (sel.rotation + k) % 6;
      if (rots.has(r)) { sel.rotation = r; return; }
    }
  }

  rotate(step) {
    this.sel.rotation = (this.sel.rotation + step + 6) % 6;
    this.touch(true);
  }

  place() {
    const a = this.placeAction();
    if (a) this.send(a);
  }

  startAction(kind) {
    const acts = this.legalOf(kind);
    if (!acts.length) return;
    if (this.sel.mode === kind) { this.clearSel(); return; }
    this.sel.selected = null;
    this.sel.mode = null;
    if (kind === "exchange") {
      if (acts.length > 1) this.openChooser("exchange", acts); else this.send(acts[0]);
      return;
    }
    const hexes = this.actionHexes(kind);
    if (hexes.length === 1) this.picked(kind, hexes[0]);
    else { this.sel.mode = kind; this.touch(true); }
  }

  picked(kind, h) {
    const acts = this.legalOf(kind).filter((a) => same(a.hex, h));
    this.sel.mode = null;
    if (acts.length > 1) this.openChooser(kind, acts);
    else if (acts.length) this.send(acts[0]);
    this.touch(true);
  }

  openChooser(kind, options) { this.chooser = { kind, options }; this.touch(true); }
  closeChooser() { this.chooser = null; this.touch(true); }
  choose(a) { this.chooser = null; this.send(a); }

  changeBid(step) {
    const amounts = this.bidAmounts();
    if (!amounts.length) return;
    const i = Math.max(0, amounts.indexOf(this.sel.bid));
    this.sel.bid = amounts[Math.max(0, Math.min(amounts.length - 1, i + step))];
    this.touch(true);
  }

  placeBid() {
    const a = this.legalOf("bid").find((x) => x.amount === this.sel.bid);
    if (a) this.send(a);
  }

  passBid() { const a = this.legalOf("pass")[0]; if (a) this.send(a); }
  chooseTile(id) { const a = this.legalOf("choose_tile").find((x) => x.tile === id); if (a) this.send(a); }
  endTurn() { const a = this.legalOf("end_turn")[0]; if (a) { this.clearSel(); this.send(a); } }

  undo() {
    if (!this.canUndo || this.pending || !this.acting()) return;
    this.clearSel();
    super.undo();
  }

  // --- what a tapped hex holds, in words (the window's tooltip) ------------------------------------
  showInfo(h) {
    this.info = h ? this.hexInfo(h) : null;
    this.touch(true);
  }

  hexInfo(h) {
    const v = this.shown;
    const tile = (v.tiles || []).find((x) => same(x.hex, h));
    if (!tile || !TILES[tile.id]) return this.t("tikal.tip_unexplored");
    const spec = TILES[tile.id];
    const parts = [];
    if (spec.kind === "temple") {
      parts.push(this.t("tikal.tip_temple", { value: tile.level || spec.value }));
      const g = (v.guards || []).find((x) => same(x.hex, h));
      if (g) parts.push(this.t("tikal.tip_guarded", { name: this.nameOf(g.seat) }));
      const th = this.derived.holders.find((x) => same(x.hex, h));
      if (th) {
        if (th.guard === null) {
          parts.push(th.holder !== null ? this.t("tikal.tip_held_by", { name: this.nameOf(th.holder) })
            : th.tied ? this.t("tikal.tip_tied") : this.t("tikal.tip_nobody"));
        }
        const strong = th.strengths.map((x, s) => [x, s]).filter(([x]) => x).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
        if (strong.length) parts.push(this.t("tikal.tip_strengths", { list: strong.map(([x, s]) => `${this.nameOf(s)} ${x}`).join(", ") }));
      }
    } else if (spec.kind === "treasure") {
      const n = typeof tile.treasures === "number" ? tile.treasures : (tile.treasures || []).length;
      parts.push(this.tn("tikal.tip_treasure", n));
    } else {
      const word = this.kindName(tile.id);
      parts.push(word.charAt(0).toUpperCase() + word.slice(1));
    }
    const camp = (v.camps || []).find((x) => same(x.hex, h));
    if (camp) parts.push(this.t("tikal.tip_camp", { name: this.nameOf(camp.seat) }));
    for (const f of (v.figures || []).filter((x) => same(x.hex, h)).sort((a, b) => a.seat - b.seat)) {
      const k = !f.leader ? "tikal.tip_figures" : f.workers ? "tikal.tip_figures_leader" : "tikal.tip_leader_only";
      parts.push(f.workers ? this.tn(k, f.workers, { name: this.nameOf(f.seat) }) : this.t(k, { name: this.nameOf(f.seat) }));
    }
    return parts.join(" · ");
  }

  /** Tikal's part of the results (the shell's results card may show it): the score story by
   * scoring round, from the last view. */
  results() {
    const v = this.view || this.shown;
    if (!v || !v.game) return null;
    const el = html("div", { class: "tk-results", "data-game": "tikal" }, [html("div", { class: "tk-story-wrap" }, [storyTable(this, v)])]);
    requestAnimationFrame(() => { if (el.isConnected) fitTexts(el); });   // once the card has laid it out
    return el;
  }

  // --- effects the animations ask for --------------------------------------------------------------
  fxOrigin() { const r = this.fx.getBoundingClientRect(); return [r.left, r.top]; }

  banner(title, sub, tone, seconds) {
    const b = this.bannerEl;
    b.textContent = "";
    b.append(html("b", { text: title, "data-fit": "1" }), html("span", { text: sub || "", "data-fit": "1" }));
    b.hidden = false;
    fitTexts(b);
    if (tone) { b.style.setProperty("--tone", rgb(tone)); b.style.setProperty("--tone-text", rgb(readable(tone))); }
    else { b.style.removeProperty("--tone"); b.style.removeProperty("--tone-text"); }
    clearTimeout(this.bannerTimer);
    const speed = this.timeline.speed === Infinity ? 50 : this.timeline.speed;
    this.bannerTimer = setTimeout(() => { b.hidden = true; }, (seconds * 1000) / speed);
  }

  rowFloat(seat, text, cls) {
    this.panel.floats.set(seat, { text, cls });
    const mark = this.panel.floats.get(seat);
    const speed = this.timeline.speed === Infinity ? 50 : this.timeline.speed;
    setTimeout(() => { if (this.panel.floats.get(seat) === mark) { this.panel.floats.delete(seat); this.touch(); } }, 1300 / speed);
    this.touch();
  }

  pulseRow(seat) {
    this.flash.add(seat);
    setTimeout(() => { this.flash.delete(seat); this.touch(); }, 600);
    this.touch();
  }
}

/** The animations' speed: 1, or what the page asks for (`?anim=off` lands every animation at once,
 * `?anim=4` plays them four times faster: a test option), or the shell's `ctx.animSpeed`. */
function animSpeed(ctx) {
  let v = ctx.animSpeed;
  try { v = v ?? new URLSearchParams(location.search).get("anim"); } catch { /* no location */ }
  if (v === "off" || v === Infinity || v === "0" || v === 0) return Infinity;
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

