// The Tikal table in the browser: it shows the host's views, and its selection (selection.js) turns
// the board's taps, the bar's buttons and a laptop's keys into the actions the host lists in
// `legal` (docs/protocol.md section 5; the UI decides nothing: an action is always one of `legal`,
// sent as it is). Updates animate one after the other (the shell's AnimatedTable, app/table.js,
// plays them with animator.js) and every one ends on the host's own view; the board and the panels
// are redrawn only where they changed. Here: the page's parts, what the table says (the prompt,
// the hint, a hex's words), the last move's marks, the effects the animations ask for.
import { AnimatedTable, clone } from "../../app/table.js";
import { html, svg, fitTexts } from "./dom.js";
import { Board } from "./board.js";
import { Panel, storyTable } from "./panel.js";
import { Controls } from "./controls.js";
import { Animator } from "./animator.js";
import { same, key } from "./geometry.js";
import { layoutOf, railBoard } from "./layout.js";
import { templeHolders, scoringNow, stackOutlook, levelAt, tileAt } from "./analysis.js";
import { describe as describeEvent, lineSeat as seatOfLine, kindName } from "./log.js";
import { TILES } from "./tiles.js";
import { hexTone, readable, rgb } from "./marks.js";
import { Selection } from "./selection.js";
import { TikalHint } from "./hint.js";
import { FirstGameGuide } from "./guide.js";

export class Table extends AnimatedTable {
  constructor(root, ctx) {
    super(root, ctx);
    this.timeline.speed = animSpeed(ctx);
    this.legalKey = "";
    this.sel = new Selection(this);   // what the player is doing; taps and keys (selection.js)
    this.hintView = new TikalHint(this);   // the strong bot's plan, asked of the host (hint.js)
    this.guide = new FirstGameGuide(this);  // pointers through a first game's first turn (guide.js)
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
    // the room the shell gives the table can change without the window's size (the page laid out
    // after the mount, the shell's bars): the layout follows the room itself
    if (typeof ResizeObserver === "function") {
      this.roomObserver = new ResizeObserver(() => {
        const r = this.root.getBoundingClientRect(), room = `${Math.round(r.width)}x${Math.round(r.height)}`;
        if (room !== this.room && this.el.isConnected) this.resize();
      });
      this.roomObserver.observe(this.root);
      // a phone in portrait: a player's card scrolled into view stops above the bar stuck at the
      // bottom, not under it (style.css: the cards' scroll-margin; the bar's height changes with
      // what it offers). Not the table's scroll-padding: a tap on the bar's own buttons, in that
      // padding, would scroll the table by the bar's height.
      this.barObserver = new ResizeObserver(() => {
        this.el.style.setProperty("--tk-bar-h", `${Math.ceil(this.barEl.getBoundingClientRect().height) + 4}px`);
      });
      this.barObserver.observe(this.barEl);
    }
    this.render();
  }

  // --- the page ------------------------------------------------------------------------------
  build() {
    const el = (cls) => html("div", { class: cls });
    this.el = html("div", { class: this.ctx.tv ? "tk tk-tv" : "tk", "data-game": "tikal" });   // tk-tv: the board only (TV mode)
    this.topEl = el("tk-top");
    this.promptEl = html("div", { class: "tk-prompt", "data-fit": "1" });
    this.apEl = html("div", { class: "tk-ap" });
    this.zoomEl = html("div", { class: "tk-zoom" }, [
      html("button", { class: "tk-btn tk-round", type: "button", "data-act": "zoom-out", "aria-label": this.t("tikal.zoom_out_tip"),
        title: this.t("tikal.zoom_out_tip"), onclick: () => this.board.zoomStep(-1) }, [html("span", { text: "−" })]),
      html("button", { class: "tk-btn tk-round", type: "button", "data-act": "zoom-in", "aria-label": this.t("tikal.zoom_in_tip"),
        title: this.t("tikal.zoom_in_tip"), onclick: () => this.board.zoomStep(1) }, [html("span", { text: "+" })]),
      html("button", { class: "tk-btn tk-round", type: "button", "data-act": "zoom-fit", "aria-label": this.t("tikal.web.zoom_fit_tip"),
        title: this.t("tikal.web.zoom_fit_tip"), onclick: () => this.board.fit() }, [fitIcon()]),
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
    this.barHead.append(this.hintEl, this.hintView.button);
    this.rowEl = el("tk-row");
    this.barEl.append(this.hintView.panel, this.barHead, this.rowEl);
    this.sheetEl = html("div", { class: "tk-sheet", "data-layer": "tk-sheet" });
    this.sheetEl.hidden = true;
    // a tap beside the sheet's panel closes it: one that began there (the click that follows the
    // board's own tap which opened the sheet lands on it too, and must not close it at once)
    this.sheetEl.addEventListener("pointerdown", (e) => { this.sheetDown = e.target === this.sheetEl; });
    this.sheetEl.addEventListener("click", (e) => {
      if (e.target === this.sheetEl && this.sheetDown) this.sel.closeChooser();
      this.sheetDown = false;
    });
    this.bannerEl = html("div", { class: "tk-banner", "data-layer": "tk-banner" });
    this.bannerEl.hidden = true;
    this.fx = html("div", { class: "tk-fx", "data-layer": "tk-fx" });
    this.side = html("div", { class: "tk-side" }, [this.tileboxEl, this.playersEl, this.storyEl, this.levelsEl]);
    this.el.append(this.topEl, this.boardEl, this.side, this.barEl, this.fx);
    this.boardEl.append(this.bannerEl);
    this.root.append(this.el, this.sheetEl);     // the sheet covers the whole table (it needs the room)
    this.board = new Board(this.boardEl, {
      speed: () => this.timeline.speed, pieceScale: () => this.pieceScale(), tone: (s) => this.tone(s), shape: (s) => this.shape(s),
    });
    this.board.addEventListener("tap", (e) => this.sel.tap(e.detail));   // the board says where; the selection decides
    this.boardEl.prepend(...this.board.svgs);
    this.panel = new Panel(this, { top: this.topEl, prompt: this.promptEl, ap: this.apEl, tilebox: this.tileboxEl,
      players: this.playersEl, levels: this.levelsEl, story: this.storyEl });
    this.controls = new Controls(this, { hint: this.hintEl, row: this.rowEl, sheet: this.sheetEl });
    this.resize();
  }

  /** Laptop and tablet on its side: the board beside the panels. A phone in portrait: the board at
   * the top, the panels under it (they scroll), the bar with the action points stuck at the bottom.
   * A phone held sideways (a short landscape, tk-rail): the board takes the whole height at the
   * left, the prompt with the zoom buttons and the bar stand in a rail beside it, the panels
   * scroll under them. */
  resize() {
    const r = this.root.getBoundingClientRect();
    this.room = `${Math.round(r.width)}x${Math.round(r.height)}`;
    const layout = layoutOf(r.width, r.height), rail = layout === "rail", wide = layout === "wide";
    this.el.classList.toggle("tk-wide", wide);
    this.el.classList.toggle("tk-rail", rail);
    this.el.classList.toggle("tk-narrow", !wide && !rail);
    this.el.classList.toggle("tk-short", !wide && !rail && r.height < 760);
    // the rail's board: as wide as the full height gives it (the board's aspect), the rail the rest
    if (rail) this.el.style.setProperty("--tk-board-w", `${Math.round(railBoard(r.width, r.height))}px`);
    else this.el.style.removeProperty("--tk-board-w");
    const apHome = wide ? this.topEl : this.barHead;
    if (this.apEl.parentElement !== apHome) apHome.appendChild(this.apEl);
    // the hint's plan: over the bar on a phone in portrait (the board stays above it), first in
    // the side column beside the board (the bar under the board keeps its room)
    const plan = this.hintView.panel, planHome = wide || rail ? this.side : this.barEl;
    if (plan.parentElement !== planHome) planHome.prepend(plan);
    // the guide's bubble: over the board of a phone in portrait, first in the side column beside it
    const bubble = this.guide.bubble, bubbleHome = wide || rail ? this.side : this.boardEl;
    if (bubble.parentElement !== bubbleHome) bubbleHome.prepend(bubble);
    if (this.board) this.board.stepKey = null;     // the hexes to tap brought into the new view
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
    if (this.roomObserver) this.roomObserver.disconnect();
    if (this.barObserver) this.barObserver.disconnect();
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
  tileAt(h) { return tileAt(this.target.tiles ? this.target : this.shown, h); }
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
    this.sel.info = null;
    this.hintView.landed(m);       // the plan follows our own step, or goes
    this.guide.landed(m);          // the guide's steps done by the host's events
    this.holding = true;           // drawn once, below, with the selection that follows it
    super.landed(m);
    this.holding = false;
    // what stays selected follows what the player may do: once the animations are over
    if (this.timeline.busy) this.refreshDue = true; else this.sel.refresh();
    this.touch(true);
  }

  /** The animations are over: what the player may do (acting()) changed with them: the bar too. */
  idle() {
    if (this.refreshDue) { this.refreshDue = false; this.sel.refresh(); }
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
    this.hintView.render();
    if (!v || !v.game) {
      this.controls.render();
      this.flushFit();
      return;
    }
    if (this.drawnVer === this.ver && this.planKey === this.hintView.key) {   // nothing but the scores moved
      this.panel.renderScores(v);
      return;
    }
    this.drawnVer = this.ver;
    this.planKey = this.hintView.key;
    this.derived = { holders: templeHolders(v), now: scoringNow(v), outlook: stackOutlook(v) };
    this.board.render(v, this.derived.holders);
    this.board.renderLast(this.last);
    this.board.renderMarks(this.sel.marks());
    const step = this.stepTargets();
    this.board.bring(step, stepKey(step), this.timeline.speed === Infinity);
    this.board.renderPlan(this.hintView.marks(), this.me);
    this.panel.render(v, this.derived);
    this.controls.render();
    this.guide.render();
    this.board.renderGuide(this.guide.hex());
    this.flushFit();
    this.el.dataset.state = String(this.latest ? this.latest.state : "");
    this.el.dataset.busy = this.timeline.busy ? "1" : "0";
    this.el.dataset.acting = this.acting() ? "1" : "0";
    this.el.dataset.phase = v.phase || "";
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

  /** The hexes the player may tap now: where the tile may go, the hexes an action may pick, the
   * selected figure's targets; with nothing selected in the actions, our figures that may walk
   * (all from `legal`, as the marks). None while it is not our move. */
  stepTargets() {
    if (!this.acting() || this.pending) return [];
    const m = this.sel.marks();
    const hexes = [...(m.place || []), ...(m.pick || []), ...(m.targets || []).map((x) => x.hex)];
    if (!hexes.length && !this.sel.selected && !this.sel.mode) {
      for (const a of this.legalOf("move")) hexes.push(a.path[0]);
      for (const a of this.legalOf("transfer")) hexes.push(a.from);
    }
    const out = new Map();
    for (const h of hexes) out.set(key(h), h);
    return [...out.values()];
  }

  // --- the log (the lines: log.js) ------------------------------------------------------------
  /** What happened while the player was away (a rejoin's full update): each move's lines, in order
   * (kept as `recapSeen` for a look afterwards). */
  logRecap(recap) {
    this.recapSeen = recap;
    super.logRecap(recap);
    this.remember((recap.moves || []).flatMap((mv) => mv.events || []));    // its last move marked on the board
  }

  /** What to do now, for a finger or (a laptop) a mouse and its keys (selection.js picks the words). */
  hint() {
    const v = this.shown;
    if (!v || !v.game) return "";
    if (v.over || this.over) return this.t("table.game_over");
    return this.t(this.sel.hintKey(this.mouse));
  }

  /** Whose turn the board shows: the view's own seat (a turn starts as its animation plays), ours
   * only while the host lists what we may do. The prompt and the shell's bar both say this. */
  turnShown() {
    const v = this.shown;
    if (!v || !v.game) return super.turnShown();
    const over = !!(v.over || this.over);
    const seat = over ? null : v.seat ?? null;
    const yours = !over && seat !== null && seat === this.me && this.toAct === this.me && this.legal.length > 0;
    return { seat, yours, over };
  }

  promptText(v) {
    if (v.over || this.over) return this.t("table.game_over");
    const seat = v.seat, phase = v.phase;
    const mine = this.turnShown().yours;
    const name = this.shortName(seat);
    if (phase === "place") return mine ? this.t("tikal.prompt_place_you") : this.t("tikal.prompt_place", { name });
    if (phase === "bid") return mine ? this.t("tikal.prompt_bid_you") : this.t("tikal.prompt_bid", { name });
    if (phase === "choose") return mine ? this.t("tikal.prompt_choose_you") : this.t("tikal.prompt_choose", { name });
    const ap = Number(v.ap || 0);
    if (v.scoring && !ap && !mine) return this.t("tikal.prompt_scoring_round");   // (ours: the host lists what we may do)
    if (v.scoring) return mine ? this.t("tikal.prompt_scoring_you", { ap }) : this.t("tikal.prompt_scoring", { name, ap });
    return mine ? this.t("tikal.prompt_actions_you", { ap }) : this.t("tikal.prompt_actions", { name, ap });
  }

  // --- the player's input (selection.js) ------------------------------------------------------
  /** A refusal (said by the shell already) or a lost link: the bar says why, the player may try again. */
  refused(e) { this.sel.refused(e, this.t("table.refused")); }

  /** A laptop's keys, to the selection (not while typing, nor under a dialog). */
  key(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || (e.target && e.target.isContentEditable)) return;
    if (!this.el.isConnected || document.querySelector(".dialog-back")) return;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    // the window's keys of the hint: H asks (or hides) it, Esc hides it
    if (k === "h" && (this.hintView.askable() || this.hintView.steps.length)) { this.hintView.toggle(); e.preventDefault(); return; }
    if (k === "Escape" && this.hintView.steps.length && !this.sel.chooser && !this.sel.selected && !this.sel.mode) {
      this.hintView.clear(); e.preventDefault(); return;
    }
    if (this.sel.key(k)) e.preventDefault();
  }

  // --- what a tapped hex holds, in words (the window's tooltip) ------------------------------------
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

/** A step's name: its hexes to tap (the board brings them into view once per step). */
const stepKey = (hexes) => hexes.map(key).sort().join(";");

/** The "fit" button's picture: four corners pointing out. */
function fitIcon() {
  const path = "M1 6V1h5M14 1h5v5M19 14v5h-5M6 19H1v-5M1 1l6 6M19 1l-6 6M19 19l-6-6M1 19l6-6";
  return svg("svg", { class: "tk-i-fit", viewBox: "0 0 20 20", "aria-hidden": "true" }, [svg("path", { d: path })]);
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

