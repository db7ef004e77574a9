// The host's Tikal events as animations (the window's game/tikal/animations.py, in SVG): each
// event's animation moves what is in flight and lands the parts of the update's view it showed
// (`table.land(keys)`): a tile drops onto its hex, a figure walks hex by hex along its stones, a
// temple level rises, a treasure flips and flies to its finder, a tent pops up, a guard climbs;
// the volcano erupts and each player's tally flies from the temples to their score. The table
// ends every update on the host's own view, whatever the animations showed on the way.
import { svg, html } from "./dom.js";
import { S, center, corners, points } from "./geometry.js";
import * as art from "./art.js";
import * as icons from "./icons.js";
import { Call, Wait, Progress, Sequence, Parallel, tween } from "../../app/tween.js";
import { rgb } from "./marks.js";

const OWN_QUICK = new Set(["figure_entered", "figure_transferred", "figure_moved", "level_uncovered", "treasure_dug",
  "camp_built", "tile_placed", "exchange", "guard_placed"]);
const LAVA = ["#ff5a14", "#ffa028", "#fadc5a", "#c82814"];

/** Runs `child` k times faster (our own action: we know what we did). */
class Faster {
  constructor(child, k) { this.child = child; this.k = k; this.done = false; }
  update(dt) {
    if (this.done) return dt;
    const left = this.child.update(dt * this.k);
    if (this.child.done) { this.done = true; return left / this.k; }
    return 0;
  }
  finish() { this.child.finish(); this.done = true; }
}

const tf = (x, y, s = 1) => `translate(${x.toFixed(2)},${y.toFixed(2)})${s !== 1 ? ` scale(${s.toFixed(3)})` : ""}`;

export class Animator {
  constructor(table) {
    this.table = table;
    this.board = table.board;
  }

  get layer() { return this.board.layers.anim; }

  animate(ev) {
    const fn = Object.prototype.hasOwnProperty.call(ANIMATIONS, ev.type) ? ANIMATIONS[ev.type] : null;
    let a = fn ? fn.call(this, ev) : null;
    if (a && ev.seat === this.table.me && OWN_QUICK.has(ev.type)) a = new Faster(a, 1.8);
    return a;
  }

  edit(fn) { return new Call(() => { fn(); this.table.touch(); }); }

  /** An element in the animation layer, removed when the returned animation ends (or lands). */
  sprite(el) { this.layer.appendChild(el); return el; }

  // --- turns and tiles -------------------------------------------------------------------------
  _turn_started(ev) {
    const t = this.table;
    const seq = new Sequence(this.edit(() => {
      Object.assign(t.shown, { seat: ev.seat, ap: ev.ap, phase: "actions", drawn: null });
      t.land("to_act", "uncovered", "dug", "scoring", "rounds", "moved");
    }));
    if (ev.kind === "scoring") {
      seq.add(new Call(() => t.banner(t.t("tikal.banner_scoring_turn", { name: t.shortName(ev.seat) }), t.t("tikal.banner_scoring_turn_sub"),
        t.tone(ev.seat), 0.9)));
      seq.add(new Wait(0.8));
    } else seq.add(new Wait(0.08));
    return seq;
  }

  _turn_ended() {
    return this.edit(() => { this.table.shown.ap = 0; this.table.land("uncovered", "dug", "last_placer", "moved"); });
  }

  _tile_drawn(ev) {
    const t = this.table;
    return new Sequence(this.edit(() => {
      Object.assign(t.shown, { drawn: ev.tile, seat: ev.seat, ap: 0 });
      t.land("stack_left", "next_letter", "to_act", "last_placer", "removed");
      if (ev.kind !== "volcano") t.shown.phase = "place";
      t.flipDrawn = true;
    }), new Wait(0.45), new Call(() => { t.flipDrawn = false; }));
  }

  _tile_removed(ev) {
    const t = this.table;
    return new Sequence(this.edit(() => {       // rules 1 only (an older game): a tile that fits nowhere
      t.shown.drawn = null;
      t.land("removed");
      t.banner(t.t("tikal.removed"), t.kindName(ev.tile), [213, 94, 0], 1.0);
    }), new Wait(0.6));
  }

  _tile_placed(ev) {
    const t = this.table, b = this.board;
    const [x, y] = center(ev.hex);
    const volcano = ev.kind === "volcano";
    art.ensureTile(b.defs, ev.tile);
    const g = art.tileUse(ev.tile, ev.rotation || 0);
    const fx = { x, y: volcano ? y - 6 * S : y, s: volcano ? 1.3 : 1.5, a: 0 };
    const draw = () => { g.setAttribute("transform", tf(fx.x, fx.y, fx.s)); g.setAttribute("opacity", fx.a.toFixed(2)); };
    const begin = () => { t.shown.drawn = null; this.sprite(g); draw(); };
    const land = () => {
      g.remove();
      t.land("tiles", "treasure_supply", "last_placer");
      if (volcano) { t.land("volcano"); this.shake(0.5, 1.2); this.dust(x, y, ["#787064", "#5a5046", "#a08c6e"], 18); }
      else this.dust(x, y, ["#d2bc86", "#78a05a"], 8);
      b.pulse(ev.hex, [255, 204, 64]);
    };
    if (volcano) {
      return new Sequence(this.edit(begin), tween(fx, 0.35, "in_out_quad", { a: 1 }, draw),
        tween(fx, 0.5, "out_bounce", { y, s: 1 }, draw), this.edit(land), new Wait(0.2));
    }
    return new Sequence(this.edit(begin), tween(fx, 0.4, "out_quad", { s: 1, a: 1 }, draw), this.edit(land), new Wait(0.06));
  }

  // --- figures ---------------------------------------------------------------------------------
  mover(seat, figure) {
    const g = svg("g", { class: "tk-mover" });
    g.appendChild(art.figure(0, 0, S * 0.13 * this.table.pieceScale(), this.table.tone(seat), this.table.shape(seat), figure === "leader"));
    return g;
  }

  /** The figure leaves its place at once (the update's figures land, the one in flight left out
   * of its new hex until it lands). */
  lift(seat, h, figure) {
    const k = `${seat}|${h[0]},${h[1]}|${figure}`;
    this.board.hidden.add(k);
    this.table.land("figures", "supply");
    return k;
  }

  putDown(k) { this.board.hidden.delete(k); this.table.touch(); }

  arc(m, el, a, b, height) {
    return (p) => {
      m.x = a[0] + (b[0] - a[0]) * p;
      m.y = a[1] + (b[1] - a[1]) * p - height * Math.sin(Math.PI * p);
      el.setAttribute("transform", tf(m.x, m.y));
    };
  }

  hop(ev, start, end, landAt, duration, height) {
    const el = this.mover(ev.seat, ev.figure);
    const m = { x: start[0], y: start[1] };
    let held = null;
    return new Sequence(this.edit(() => { held = this.lift(ev.seat, landAt, ev.figure); this.sprite(el); el.setAttribute("transform", tf(m.x, m.y)); }),
      new Progress(duration, this.arc(m, el, start, end, height), "in_out_quad"),
      this.edit(() => { el.remove(); this.putDown(held); this.table.land("ap"); }));
  }

  _figure_entered(ev) {
    const end = this.board.figureSpot(ev.hex);
    return this.hop(ev, [end[0] - S * 1.2, end[1] + S * 1.4], end, ev.hex, 0.45, S * 1.5);
  }

  _figure_transferred(ev) {
    return this.hop(ev, this.board.figureSpot(ev.from), this.board.figureSpot(ev.to), ev.to, 0.5, S * 2);
  }

  _figure_moved(ev) {
    const path = ev.path;
    const el = this.mover(ev.seat, ev.figure);
    const start = this.board.figureSpot(path[0]);
    const m = { x: start[0], y: start[1] };
    const trail = svg("polyline", { points: points(path.map(center)), class: "tk-trail" });
    let held = null;
    const seq = new Sequence(this.edit(() => {
      held = this.lift(ev.seat, path[path.length - 1], ev.figure);
      this.sprite(trail);
      this.sprite(el);
      el.setAttribute("transform", tf(m.x, m.y));
    }));
    const step = path.length <= 5 ? 0.2 : Math.max(0.1, 1 / path.length);
    for (let i = 0; i + 1 < path.length; i++) {
      seq.add(new Progress(step, this.arc(m, el, this.board.figureSpot(path[i]), this.board.figureSpot(path[i + 1]), S * 0.35), "in_out_quad"));
    }
    seq.add(this.edit(() => { el.remove(); trail.remove(); this.putDown(held); this.table.land("ap"); }));
    return seq;
  }

  // --- actions on hexes ------------------------------------------------------------------------
  _level_uncovered(ev) {
    const t = this.table;
    const [x, y] = center(ev.hex);
    const b = { y: y + S * 0.3, a: 0 };
    const el = art.levelBlock(0, 0, S * 0.62, ev.value);
    const draw = () => { el.setAttribute("transform", tf(x, b.y)); el.setAttribute("opacity", b.a.toFixed(2)); };
    return new Sequence(new Call(() => { this.sprite(el); draw(); }), tween(b, 0.55, "out_back", { y: y + S * art.PLAQUE_DY, a: 1 }, draw),
      this.edit(() => {
        el.remove();
        t.land("tiles", "levels_left", "ap", "uncovered");
        this.board.pulse(ev.hex, [255, 204, 64]);
        this.floatBoard(String(ev.value), x, y - S * 0.7);
      }), new Wait(0.1));
  }

  _treasure_dug(ev) {
    const t = this.table;
    const [x, y0] = center(ev.hex);
    const y = y0 - S * 0.3;
    const tok = { y, s: 1, flip: 0 };
    const back = art.treasure(0, 0, S * 0.13, null), face = art.treasure(0, 0, S * 0.13, ev.kind);
    const g = svg("g", {}, [back, face]);
    const draw = () => {
      const sx = Math.abs(Math.cos(Math.PI * tok.flip));
      const faceUp = tok.flip >= 0.5;
      back.setAttribute("display", faceUp ? "none" : "inline");
      face.setAttribute("display", faceUp ? "inline" : "none");
      g.setAttribute("transform", `${tf(x, tok.y)} scale(${(Math.max(0.05, sx) * tok.s).toFixed(3)},${tok.s.toFixed(3)})`);
    };
    return new Sequence(this.edit(() => { t.land("tiles", "ap", "dug"); this.sprite(g); draw(); }),
      tween(tok, 0.3, "out_quad", { y: y - S * 0.6, s: 1.8 }, draw), tween(tok, 0.35, "linear", { flip: 1 }, draw), new Wait(0.15),
      new Call(() => g.remove()),
      this.flyToken(() => this.board.toScreen(x, y - S * 0.6), () => t.panel.treasurePoint(ev.seat), ev.kind, 0.5),
      this.edit(() => t.land("held", "treasure_supply")));
  }

  _exchange(ev) {
    const t = this.table;
    return new Sequence(this.edit(() => t.land("ap")),
      new Parallel(this.flyToken(() => t.panel.treasurePoint(ev.seat), () => t.panel.treasurePoint(ev.with), ev.give, 0.7),
        this.flyToken(() => t.panel.treasurePoint(ev.with), () => t.panel.treasurePoint(ev.seat), ev.take, 0.7)),
      this.edit(() => t.land("held")));
  }

  _camp_built(ev) {
    const t = this.table;
    const [x, y] = center(ev.hex);
    const el = art.tent(0, 0, S * 0.17, t.tone(ev.seat), t.shape(ev.seat));
    const p = { s: 0.05 };
    const draw = () => el.setAttribute("transform", tf(x - S * 0.5, y - S * 0.28, p.s));
    return new Sequence(new Call(() => { this.sprite(el); draw(); t.land("camps_left", "ap"); }), tween(p, 0.5, "out_back", { s: 1 }, draw),
      this.edit(() => { el.remove(); t.land("camps"); this.dust(x - S * 0.5, y - S * 0.2, [rgb(t.tone(ev.seat)), "#faf6e8"], 8); }));
  }

  _guard_placed(ev) {
    const t = this.table;
    const [x, y] = center(ev.hex);
    const start = this.board.figureSpot(ev.hex), top = [x + S * art.GUARD_DX, y + S * art.GUARD_DY];
    const el = this.mover(ev.seat, ev.figure);
    const m = { x: start[0], y: start[1] };
    return new Sequence(this.edit(() => { t.land("figures", "ap"); this.sprite(el); el.setAttribute("transform", tf(m.x, m.y)); }),
      new Progress(0.6, this.arc(m, el, start, top, S * 0.6), "in_out_quad"),
      this.edit(() => { el.remove(); t.land("guards", "guards_left", "out"); this.board.pulse(ev.hex, t.tone(ev.seat)); }), new Wait(0.1));
  }

  // --- scoring ---------------------------------------------------------------------------------
  _scoring_started(ev) {
    const t = this.table;
    if (ev.kind !== "volcano") {
      return new Sequence(this.edit(() => { t.land("scoring", "rounds"); t.banner(t.t("tikal.banner_final"), t.t("tikal.banner_final_sub"), null, 1.4); }),
        new Wait(1.2));
    }
    const [bx, by, bw, bh] = this.board.vb;
    const cx = bx + bw / 2, cy = by + bh / 2;
    const id = ev.tile || "B1";
    art.ensureTile(this.board.defs, id);
    const g = art.tileUse(id, 0);
    const fx = { s: 0.2, a: 0 };
    const draw = () => { g.setAttribute("transform", tf(cx, cy, fx.s)); g.setAttribute("opacity", fx.a.toFixed(2)); };
    let emitted = 0;
    const erupt = (p) => {
      const want = Math.floor(p * 10);
      while (emitted < want) {
        emitted += 1;
        this.lava(cx, cy - S * 0.4 * fx.s, 5);
      }
      this.shakeNow(3 * (1 - p) + 0.3);
    };
    return new Sequence(this.edit(() => {
      t.shown.drawn = null;
      t.land("volcano", "scoring", "rounds");
      t.banner(t.t("tikal.banner_volcano"), t.t("tikal.banner_volcano_sub", { name: t.shortName(ev.seat) }), [255, 120, 40], 2.2);
      this.sprite(g); draw();
    }), tween(fx, 0.4, "out_back", { s: 2.2, a: 1 }, draw), new Progress(1.6, erupt),
    new Call(() => this.shakeNow(0)), tween(fx, 0.4, "in_out_quad", { s: 0.3, a: 0 }, draw), new Call(() => g.remove()), new Wait(0.1));
  }

  _scored(ev) {
    const t = this.table;
    const seat = ev.seat, tone = t.tone(seat);
    const start = ev.score - ev.total;
    let running = start;
    const parts = new Parallel();
    let delay = 0;
    const lit = [];
    for (const tp of ev.temples || []) {
      const [x, y0] = center(tp.hex);
      const y = y0 + S * art.PLAQUE_DY;
      const a = running, b = running + tp.value;
      running = b;
      parts.add(new Sequence(new Wait(delay), new Call(() => {
        this.board.pulse(tp.hex, tone, true);
        this.floatBoard(`+${tp.value}`, x, y - S * 0.1, true);
      }), new Wait(0.2), this.flyToken(() => this.board.toScreen(x, y), () => t.panel.scorePoint(seat), null, 0.5),
      this.tick(seat, a, b)));
      lit.push(tp.hex);
      delay += 0.3;
    }
    if (ev.treasure_points) {
      const a = running, b = running + ev.treasure_points;
      parts.add(new Sequence(new Wait(delay + 0.1), new Call(() => { t.flashSets.add(seat); t.touch(); }),
        new Wait(0.5), this.tick(seat, a, b), new Call(() => { t.flashSets.delete(seat); t.touch(); })));
    }
    const hl = svg("g", { class: "tk-tally" });
    return new Sequence(new Call(() => {
      t.panel.scoreFx.set(seat, start);
      t.flash.add(seat);
      for (const h of lit) hl.appendChild(svg("polygon", { points: points(corners(...center(h), 0.93)), fill: rgb(tone), class: "tk-tally-hex" }));
      this.sprite(hl);
      t.touch();
    }), new Wait(0.15), parts, new Wait(0.2), this.edit(() => {
      hl.remove();
      t.panel.scoreFx.delete(seat);
      t.flash.delete(seat);
      t.landItem("scores", seat);
      t.rowFloat(seat, `+${ev.total}`, ev.total ? "tk-good" : "tk-muted");
    }), new Wait(0.3));
  }

  tick(seat, a, b) {
    const t = this.table;
    return new Progress(0.3, (p) => { t.panel.scoreFx.set(seat, a + (b - a) * p); t.touchScores(); }, "out_quad");
  }

  _scoring_ended() {
    return this.edit(() => this.table.land("scoring", "rounds", "volcano", "drawn", "phase", "seat", "to_act"));
  }

  _game_over(ev) {
    const t = this.table;
    return new Sequence(this.edit(() => {
      t.land("over", "winners", "phase");
      const w = ev.winners || [];
      t.banner(t.t("table.game_over"), t.tn("tikal.banner_winners", w.length, { n: w.length, names: w.map((s) => t.shortName(s)).join(", ") }), null, 2.5);
    }), new Wait(0.4));
  }

  // --- the auction -----------------------------------------------------------------------------
  _round_started(ev) {
    const t = this.table;
    const seq = new Sequence(this.edit(() => { t.land("moved", "stack_left", "next_letter"); t.shown.revealed = []; }));
    for (const id of ev.revealed || []) {
      seq.add(this.edit(() => { t.shown.revealed = [...(t.shown.revealed || []), id]; t.flipRevealed = id; }));
      seq.add(new Wait(0.28));
    }
    seq.add(new Call(() => { t.flipRevealed = null; }));
    return seq;
  }

  _auction_started() {
    return new Sequence(this.edit(() => this.table.land("phase", "seat", "revealed", "auction", "to_act", "moved")), new Wait(0.15));
  }

  _bid(ev) {
    const t = this.table;
    return new Sequence(this.edit(() => { t.land("auction", "seat", "to_act"); t.rowFloat(ev.seat, t.t("tikal.bid_float", { n: ev.amount }), "tk-accent"); }),
      new Wait(0.3));
  }

  _pass(ev) {
    const t = this.table;
    return new Sequence(this.edit(() => {
      if (t.target.auction) t.land("auction", "seat", "to_act");
      else if (t.shown.auction) t.shown.auction = { ...t.shown.auction, passed: [...(t.shown.auction.passed || []), ev.seat] };
      t.rowFloat(ev.seat, t.t("tikal.pass_float"), "tk-muted");
    }), new Wait(0.25));
  }

  _auction_won(ev) {
    const t = this.table;
    return new Sequence(this.edit(() => {
      t.landItem("scores", ev.seat);
      t.land("auction", "seat", "phase", "to_act");
      t.rowFloat(ev.seat, ev.amount ? `−${ev.amount}` : t.t("tikal.free"), ev.amount ? "tk-bad" : "tk-good");
      t.pulseRow(ev.seat);
    }), new Wait(0.45));
  }

  _tile_chosen() {
    return new Sequence(this.edit(() => this.table.land("revealed", "drawn", "seat", "phase", "to_act")), new Wait(0.2));
  }

  // --- effects ---------------------------------------------------------------------------------
  /** A token flying over the page from one screen point to another (points asked for when it
   * starts: the panels may have moved). */
  flyToken(from, to, kind, duration) {
    const t = this.table;
    let el = null, a = null, b = null;
    return new Sequence(new Call(() => {
      a = from(); b = to();
      if (!a || !b) return;
      el = html("div", { class: "tk-flyer" }, [icons.treasureIcon(kind)]);
      t.fx.appendChild(el);
    }), new Progress(duration, (p) => {
      if (!el) return;
      const o = t.fxOrigin();
      const x = a[0] + (b[0] - a[0]) * p - o[0], y = a[1] + (b[1] - a[1]) * p - o[1] - 40 * Math.sin(Math.PI * p);
      el.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
    }, "in_out_quad"), new Call(() => { if (el) el.remove(); }));
  }

  /** Text rising over the board (a temple's value, a tally's "+5"). */
  floatBoard(text, x, y, big = false) {
    const el = svg("text", { x: x.toFixed(2), y: y.toFixed(2), class: big ? "tk-float-b tk-big" : "tk-float-b", "text-anchor": "middle" },
      [document.createTextNode(text)]);
    this.board.layers.top.appendChild(el);
    setTimeout(() => el.remove(), 1300);
  }

  dust(x, y, colours, n) {
    const top = this.board.layers.top;
    for (let i = 0; i < n; i++) {
      const a = (2 * Math.PI * i) / n + Math.random() * 0.5, d = S * (0.5 + Math.random() * 0.6);
      const c = svg("circle", { cx: x.toFixed(2), cy: y.toFixed(2), r: (S * 0.07).toFixed(2), fill: colours[i % colours.length], class: "tk-dust" });
      c.style.setProperty("--dx", `${(Math.cos(a) * d).toFixed(2)}px`);
      c.style.setProperty("--dy", `${(Math.sin(a) * d).toFixed(2)}px`);
      top.appendChild(c);
      setTimeout(() => c.remove(), 700);
    }
  }

  lava(x, y, n) {
    const top = this.board.layers.top;
    for (let i = 0; i < n; i++) {
      const a = -Math.PI / 2 + (Math.random() - 0.5) * 1.8, d = S * (1.2 + Math.random() * 1.8);
      const c = svg("circle", { cx: x.toFixed(2), cy: y.toFixed(2), r: (S * (0.06 + Math.random() * 0.08)).toFixed(2),
        fill: LAVA[i % LAVA.length], class: "tk-lava" });
      c.style.setProperty("--dx", `${(Math.cos(a) * d).toFixed(2)}px`);
      c.style.setProperty("--dy", `${(Math.sin(a) * d).toFixed(2)}px`);
      top.appendChild(c);
      setTimeout(() => c.remove(), 1000);
    }
  }

  /** Shake the board by up to `amp` hex sizes (0: still). */
  shakeNow(amp) {
    if (!amp) { this.board.shake(0, 0); return; }
    const px = amp * this.board.el.getBoundingClientRect().width / 125;
    this.board.shake((Math.random() - 0.5) * px, (Math.random() - 0.5) * px);
  }

  shake(duration, amp) {
    this.table.timeline.play(new Sequence(new Progress(duration, (p) => this.shakeNow(amp * (1 - p))), new Call(() => this.shakeNow(0))), true);
  }
}

/** Each Tikal event of docs/events.md -> its animation (an Animator method, `this` the animator): an
 * explicit table, held to the docs by tests/test_web_declared.py. */
export const ANIMATIONS = {
  turn_started: Animator.prototype._turn_started,
  turn_ended: Animator.prototype._turn_ended,
  tile_drawn: Animator.prototype._tile_drawn,
  tile_removed: Animator.prototype._tile_removed,
  tile_placed: Animator.prototype._tile_placed,
  figure_entered: Animator.prototype._figure_entered,
  figure_transferred: Animator.prototype._figure_transferred,
  figure_moved: Animator.prototype._figure_moved,
  level_uncovered: Animator.prototype._level_uncovered,
  treasure_dug: Animator.prototype._treasure_dug,
  exchange: Animator.prototype._exchange,
  camp_built: Animator.prototype._camp_built,
  guard_placed: Animator.prototype._guard_placed,
  scoring_started: Animator.prototype._scoring_started,
  scored: Animator.prototype._scored,
  scoring_ended: Animator.prototype._scoring_ended,
  game_over: Animator.prototype._game_over,
  round_started: Animator.prototype._round_started,
  auction_started: Animator.prototype._auction_started,
  bid: Animator.prototype._bid,
  pass: Animator.prototype._pass,
  auction_won: Animator.prototype._auction_won,
  tile_chosen: Animator.prototype._tile_chosen,
};
