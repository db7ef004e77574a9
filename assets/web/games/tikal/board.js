// The board as one SVG: the 40 spaces, the tiles (one <use> each), what stands on each hex (one
// group per hex, rebuilt only when that hex changes), the marks of what the player may do now, and
// a layer for what is in flight. Pinch and wheel zoom, drag to pan (the viewBox moves: the drawing
// stays crisp at any zoom); a tap is an event of the board's, "tap" with `detail` {hex, chip,
// cancel}: the hex under it (null off the board), the figure chip it hit, a right button. The board
// decides nothing with it (the table's selection does: selection.js) and calls nobody back.
import { svg, clear } from "./dom.js";
import { S, center, hexPoints, hexAt, bounds, key, points, corners, neighbour, onBoard } from "./geometry.js";
import { bringView, visibleRect } from "./layout.js";
import { HEXES, TILES } from "./tiles.js";
import * as art from "./art.js";
import { rgb } from "./marks.js";

const ZOOM_MAX = 3.2;
/** The most the board zooms by itself to frame the explored hexes and the ring around them. */
const AUTO_MAX = 2.4;
const TAP_SLOP = 9;          // CSS pixels a finger may drift and still tap

export class Board extends EventTarget {
  /** `host` the element it fills; `look` how to draw: speed() (the animations'), pieceScale(),
   * tone(seat) ([r, g, b]) and shape(seat). */
  constructor(host, look) {
    super();
    this.look = look;
    // three SVGs with one view box, each a layer of its own: the ground (the spaces and tiles:
    // it changes when a tile is placed), the pieces and the marks of what one may do, and what is
    // in flight. A figure moving or a tally counting never repaints the jungle under it.
    this.host = host;
    this.groundEl = svg("svg", { class: "tk-svg tk-svg-ground", "aria-hidden": "true" });
    this.el = svg("svg", { class: "tk-svg tk-svg-pieces", role: "img", "aria-label": "Tikal" });
    this.fxEl = svg("svg", { class: "tk-svg tk-svg-fx", "aria-hidden": "true" });
    this.svgs = [this.groundEl, this.el, this.fxEl];
    this.defs = svg("defs");
    this.layers = {};
    const group = (names, into) => { for (const name of names) { this.layers[name] = svg("g", { class: `tk-l-${name}` }); into.appendChild(this.layers[name]); } };
    this.groundEl.appendChild(this.defs);
    group(["slots", "tiles"], this.groundEl);
    group(["marks", "hl", "pieces", "ghost", "hltop", "plan", "guide"], this.el);
    group(["anim", "top"], this.fxEl);
    host.append(...this.svgs);
    this.defs.appendChild(art.slot("tk-slot"));
    this.slots = new Map();      // hex key -> its space (hidden under a tile: one element less to paint)
    for (const h of HEXES) {
      const [x, y] = center(h);
      const u = svg("use", { href: "#tk-slot", x: x.toFixed(2), y: y.toFixed(2) });
      this.layers.slots.appendChild(u);
      this.slots.set(key(h), u);
    }
    this.tiles = new Map();      // hex key -> [tile key, element]
    this.pieces = new Map();     // hex key -> [pieces key, element, chips]
    this.temples = new Set();    // the hex keys of the temples (the marks keep clear of their plaques)
    this.hidden = new Set();     // "seat|hex|figure": drawn in flight, left out of its hex
    this.base = bounds();
    this.vb = [...this.base];
    this.zoom = 1;
    this.auto = true;            // the view frames the explored part until the player zooms or pans
    this.framed = "";
    this.explored = [];          // the view's tiles (what "fit" frames)
    this.goal = null;            // the view box a glide heads for
    this.stepKey = null;         // the step whose hexes to tap were last brought into view
    this.fits = 0;               // how many times "fit" was asked (tests wait for its glide to end)
    this.pointers = new Map();
    this.gesture = null;
    this.setViewBox();
    this.listen();
  }

  // --- view box: zoom and pan -------------------------------------------------------------------
  setViewBox() {
    const [x, y, w, h] = this.vb;
    const vb = `${x.toFixed(2)} ${y.toFixed(2)} ${w.toFixed(2)} ${h.toFixed(2)}`;
    for (const e of this.svgs) e.setAttribute("viewBox", vb);
  }

  /** The board shakes (an eruption, a volcano landing): its layers move together, on the
   * compositor only (no repaint). */
  shake(dx, dy) {
    const v = dx || dy ? `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px)` : "";
    for (const e of this.svgs) e.style.transform = v;
  }

  clampView() {
    const [bx, by, bw, bh] = this.base;
    const w = bw / this.zoom, h = bh / this.zoom;
    let [x, y] = this.vb;
    x = Math.min(Math.max(x, bx), bx + bw - w);
    y = Math.min(Math.max(y, by), by + bh - h);
    this.vb = [x, y, w, h];
    this.setViewBox();
  }

  /** The view frames the explored hexes and the ring where a tile may go next (a phone's small
   * board reads big early on); `tiles` the view's tiles. */
  frame(tiles, instant) {
    this.explored = tiles || [];
    if (!this.auto) return;
    const hexes = new Map();
    for (const t of tiles || []) {
      hexes.set(key(t.hex), t.hex);
      for (let d = 0; d < 6; d++) { const n = neighbour(t.hex, d); if (onBoard(n)) hexes.set(key(n), n); }
    }
    const k = [...hexes.keys()].sort().join(";");
    if (!hexes.size || k === this.framed) return;
    this.framed = k;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const h of hexes.values()) {
      const [x, y] = center(h);
      x0 = Math.min(x0, x - S); x1 = Math.max(x1, x + S); y0 = Math.min(y0, y - S * 0.9); y1 = Math.max(y1, y + S * 0.9);
    }
    const [, , bw, bh] = this.base;
    const z = Math.max(1, Math.min(AUTO_MAX, bw / (x1 - x0), bh / (y1 - y0)));
    const w = bw / z, h = bh / z;
    this.glide([(x0 + x1) / 2 - w / 2, (y0 + y1) / 2 - h / 2, w, h], z, instant);
  }

  /** Move the view to `vb` (zoom `z`), in a quarter second unless `instant`. */
  glide(vb, z, instant) {
    cancelAnimationFrame(this.gliding);
    const from = [...this.vb];
    this.zoom = z;
    this.goal = vb;
    const end = () => { this.vb = vb; this.clampView(); this.moving = false; this.goal = null; };
    const speed = this.look.speed();
    if (instant || speed === Infinity) { end(); return; }
    const t0 = performance.now(), ms = 250 / speed;
    this.moving = true;                  // (a test's finger waits for the board to be still)
    const step = (t) => {
      const p = Math.min(1, (t - t0) / ms), e = 1 - (1 - p) * (1 - p);
      this.vb = from.map((a, i) => a + (vb[i] - a) * e);
      if (p < 1) { this.setViewBox(); this.gliding = requestAnimationFrame(step); } else end();
    };
    this.gliding = requestAnimationFrame(step);
  }

  /** Zoom by `factor` keeping the board point (px, py) where it is on screen (the player's own
   * zoom: from then on the view stays where the player puts it). */
  zoomAt(px, py, factor) {
    this.stop();
    this.auto = false;
    const z = Math.min(ZOOM_MAX, Math.max(1, this.zoom * factor));
    if (z === this.zoom) return;
    const [x, y, w, h] = this.vb;
    const fx = (px - x) / w, fy = (py - y) / h;
    this.zoom = z;
    const nw = this.base[2] / z, nh = this.base[3] / z;
    this.vb = [px - fx * nw, py - fy * nh, nw, nh];
    this.clampView();
  }

  zoomStep(dir) {
    const [x, y, w, h] = this.vb;
    this.zoomAt(x + w / 2, y + h / 2, dir > 0 ? 1.5 : 1 / 1.5);
  }

  /** A glide under way stops where it is (the player takes the view). */
  stop() {
    cancelAnimationFrame(this.gliding);
    this.moving = false;
    this.goal = null;
  }

  /** The view is still: no glide under way, no finger on the board (what tests wait for). */
  get settled() { return !this.moving && this.pointers.size === 0; }

  /** "Fit": back to the whole explored board, framed by itself again from now on. */
  fit() {
    this.fits += 1;
    this.auto = true;
    this.framed = "";
    this.frame(this.explored, this.look.speed() === Infinity);
  }

  /** The part of the board on screen for view box `vb` (layout.js visibleRect) and `px`, the
   * board's box in CSS pixels; null before the layout. */
  visible(vb = this.vb) {
    const r = this.host.getBoundingClientRect();
    if (!r.width || !r.height) return null;
    return { ...visibleRect(vb, [r.width, r.height]), px: [r.width, r.height] };
  }

  /** The hexes the player may tap at this step (`stepKey` names the step): when one of them is off
   * screen, or the hexes are smaller than a finger, the view glides to show them all at a finger's
   * size (layout.js bringView: as little moved and zoomed as it takes). Once per step: a player
   * who then zooms or pans keeps that view until the next step. Whether the view moves. */
  bring(hexes, stepKey, instant) {
    if (stepKey === this.stepKey) return false;
    const seen = this.visible(this.goal || this.vb);
    if (!seen) return false;               // not laid out yet: the next drawing tries again
    this.stepKey = stepKey;
    const to = bringView(hexes, this.goal || this.vb, seen.px, { zoomMax: ZOOM_MAX });
    if (!to) return false;
    this.glide(to.vb, to.zoom, instant);
    return true;
  }

  /** A screen point (clientX, clientY) in the board's units. */
  toBoard(cx, cy) {
    const m = this.groundEl.getScreenCTM();
    if (!m) return [0, 0];
    const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  /** The screen point (client coordinates) of a board point. */
  toScreen(x, y) {
    const m = this.groundEl.getScreenCTM();
    if (!m) return [0, 0];
    const p = new DOMPoint(x, y).matrixTransform(m);
    return [p.x, p.y];
  }

  listen() {
    const el = this.host;
    el.addEventListener("pointerdown", (e) => {
      if (!this.el.contains(e.target) && e.target !== this.host && !this.svgs.includes(e.target)) return;   // a button over the board
      el.setPointerCapture?.(e.pointerId);
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
      if (this.pointers.size === 2) {
        const [a, b] = [...this.pointers.values()];
        this.gesture = { kind: "pinch", d: Math.hypot(a.x - b.x, a.y - b.y) || 1 };
      } else if (this.pointers.size === 1) {
        this.gesture = { kind: "tap", button: e.button };
      }
    });
    el.addEventListener("pointermove", (e) => {
      const p = this.pointers.get(e.pointerId);
      if (!p) return;
      const px = p.x, py = p.y;
      p.x = e.clientX; p.y = e.clientY;
      const g = this.gesture;
      if (!g) return;
      if (g.kind === "pinch" && this.pointers.size === 2) {
        const [a, b] = [...this.pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
        const [mx, my] = this.toBoard((a.x + b.x) / 2, (a.y + b.y) / 2);
        this.zoomAt(mx, my, d / g.d);
        g.d = d;
      } else if (g.kind === "tap" && Math.hypot(p.x - p.x0, p.y - p.y0) > TAP_SLOP) {
        g.kind = "pan";
      }
      if (g.kind === "pan") {
        this.auto = false;
        this.stop();
        const [ax, ay] = this.toBoard(px, py), [bx, by] = this.toBoard(p.x, p.y);
        this.vb[0] -= bx - ax; this.vb[1] -= by - ay;
        this.clampView();
      }
    });
    const up = (e) => {
      const p = this.pointers.get(e.pointerId);
      this.pointers.delete(e.pointerId);
      const g = this.gesture;
      if (!p || !g) return;
      if (g.kind === "tap" && e.type === "pointerup" && this.pointers.size === 0) {
        const [x, y] = this.toBoard(e.clientX, e.clientY);
        this.dispatchEvent(new CustomEvent("tap", { detail: { hex: hexAt(x, y), chip: this.chipAt(x, y), cancel: g.button === 2 } }));
      }
      if (this.pointers.size === 0) this.gesture = null;
      else if (g.kind === "pinch") this.gesture = { kind: "pan" };
    };
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
    el.addEventListener("contextmenu", (e) => e.preventDefault());
    el.addEventListener("wheel", (e) => {
      e.preventDefault();
      const [x, y] = this.toBoard(e.clientX, e.clientY);
      this.zoomAt(x, y, e.deltaY < 0 ? 1.25 : 0.8);
    }, { passive: false });
  }

  // --- tiles and pieces -------------------------------------------------------------------------
  /** Draw `view`'s tiles and pieces; only the hexes whose content changed are rebuilt. */
  render(view, holders) {
    const tilesNow = new Set();
    for (const t of view.tiles || []) {
      const k = key(t.hex);
      tilesNow.add(k);
      const tk = `${t.id}/${t.rotation || 0}`;
      const had = this.tiles.get(k);
      if (had && had[0] === tk) continue;
      if (had) had[1].remove();
      art.ensureTile(this.defs, t.id);
      const g = art.tileUse(t.id, t.rotation || 0);
      const [x, y] = center(t.hex);
      g.setAttribute("transform", `translate(${x.toFixed(2)},${y.toFixed(2)})`);
      g.dataset.hex = k;
      g.dataset.tile = t.id;
      this.layers.tiles.appendChild(g);
      this.tiles.set(k, [tk, g]);
    }
    for (const [k, [, g]] of this.tiles) if (!tilesNow.has(k)) { g.remove(); this.tiles.delete(k); }
    for (const [k, u] of this.slots) {
      const covered = tilesNow.has(k);
      if (u.hasAttribute("display") !== covered) { if (covered) u.setAttribute("display", "none"); else u.removeAttribute("display"); }
    }
    this.frame(view.tiles, this.look.speed() === Infinity);
    this.renderPieces(view, holders);
  }

  renderPieces(view, holders) {
    const per = new Map();
    const at = (h) => { const k = key(h); if (!per.has(k)) per.set(k, { hex: h, groups: [] }); return per.get(k); };
    for (const t of view.tiles || []) {
      const spec = TILES[t.id];
      if (!spec) continue;
      if (spec.kind === "temple") at(t.hex).temple = Number(t.level || spec.value);
      else if (spec.kind === "treasure") at(t.hex).treasures = typeof t.treasures === "number" ? t.treasures : (t.treasures || []).length;
    }
    for (const g of view.guards || []) at(g.hex).guard = [g.seat, g.figure];
    for (const c of view.camps || []) at(c.hex).camp = c.seat;
    for (const f of [...(view.figures || [])].sort((a, b) => a.seat - b.seat)) {
      const k = key(f.hex);
      let w = Number(f.workers), lead = !!f.leader;
      if (this.hidden.has(`${f.seat}|${k}|worker`)) w = Math.max(0, w - 1);
      if (this.hidden.has(`${f.seat}|${k}|leader`)) lead = false;
      if (w || lead) at(f.hex).groups.push([f.seat, w, lead]);
    }
    for (const t of holders || []) {
      const e = per.get(key(t.hex));
      if (!e) continue;
      if (t.guard === null && t.holder !== null) e.flag = ["holder", t.holder];
      else if (t.tied) e.flag = ["tied"];
    }
    this.temples = new Set([...per].filter(([, e]) => e.temple !== undefined).map(([k]) => k));
    const live = new Set();
    const zoom = this.look.pieceScale();
    for (const [k, e] of per) {
      live.add(k);
      const pk = JSON.stringify([e.temple, e.treasures, e.guard, e.camp, e.groups, e.flag, zoom]);
      const had = this.pieces.get(k);
      if (had && had[0] === pk) continue;
      if (had) had[1].remove();
      const [g, chips] = this.hexPieces(e, zoom);
      this.layers.pieces.appendChild(g);
      this.pieces.set(k, [pk, g, chips]);
    }
    for (const [k, [, g]] of this.pieces) if (!live.has(k)) { g.remove(); this.pieces.delete(k); }
  }

  hexPieces(e, zoom) {
    const [cx, cy] = center(e.hex);
    const g = svg("g", { class: "tk-hex", "data-hex": key(e.hex) });
    const t = this.look;
    if (e.temple !== undefined) {
      const guardTone = e.guard ? t.tone(e.guard[0]) : null;
      g.appendChild(art.plaque(cx, cy + S * art.PLAQUE_DY, S * art.PLAQUE_R, e.temple, guardTone));
      if (e.guard) g.appendChild(art.guard(cx + S * art.GUARD_DX, cy + S * art.GUARD_DY, S * 0.15, t.tone(e.guard[0]), t.shape(e.guard[0])));
      if (e.flag) {
        const foot = [cx + S * art.FLAG_DX, cy + S * art.FLAG_DY];
        g.appendChild(e.flag[0] === "holder" ? art.flag(foot[0], foot[1], S * 0.34, t.tone(e.flag[1]), t.shape(e.flag[1]))
          : art.flag(foot[0], foot[1], S * 0.34, null, null));
      }
    } else if (e.treasures) {
      for (let i = 0; i < e.treasures; i++) {
        g.appendChild(art.treasure(cx + (i - (e.treasures - 1) / 2) * S * 0.22, cy - S * 0.3 - (i % 2) * 0.3, S * 0.13, null));
      }
    }
    if (e.camp !== undefined) g.appendChild(art.tent(cx - S * 0.5, cy - S * 0.28, S * 0.17, t.tone(e.camp), t.shape(e.camp)));
    const chips = this.drawGroups(g, e.groups, cx, cy, zoom);
    return [g, chips];
  }

  groupSlots(n, cx, cy) {
    if (n <= 1) return [[cx, cy + S * 0.4]];
    if (n === 2) return [[cx - S * 0.3, cy + S * 0.4], [cx + S * 0.3, cy + S * 0.4]];
    return [[cx - S * 0.32, cy + S * 0.2], [cx + S * 0.32, cy + S * 0.2], [cx - S * 0.26, cy + S * 0.58], [cx + S * 0.26, cy + S * 0.58]];
  }

  /** Figures per seat ([seat, workers, leader] groups) around the hex's lower half; returns the
   * chips (board units) a tap on a figure hits. */
  drawGroups(g, groups, cx, cy, zoom) {
    const r = S * 0.13 * zoom;
    const chips = [];
    const slots = this.groupSlots(groups.length, cx, cy);
    groups.forEach(([seat, w, lead], i) => {
      const [x, y] = slots[i];
      const count = w > 1 ? String(w) : "";
      const cw = count ? r * 0.9 * count.length : 0;
      const width = (lead ? r * 2.6 : 0) + (w ? r * 2.2 + cw : 0);
      let x0 = x - width / 2;
      const tone = this.look.tone(seat), shape = this.look.shape(seat);
      if (lead) {
        const px = x0 + r * 1.25;
        g.appendChild(art.figure(px, y, r, tone, shape, true));
        chips.push({ seat, figure: "leader", x: px - r * 1.4, y: y - r * 2.2, w: r * 2.8, h: r * 3.6 });
        x0 += r * 2.6;
      }
      if (w) {
        const px = x0 + r;
        g.appendChild(art.figure(px, y, r, tone, shape, false));
        chips.push({ seat, figure: "worker", x: px - r * 1.3, y: y - r * 1.4, w: r * 2.6 + cw, h: r * 2.8 });
        if (count) {
          const txt = svg("text", { x: (px + r * 1.05).toFixed(2), y: (y + r * 0.15).toFixed(2), class: "tk-count",
            "font-size": (r * 1.45).toFixed(2), "dominant-baseline": "central" }, [document.createTextNode(count)]);
          g.appendChild(txt);
        }
      }
    });
    return chips;
  }

  /** The figure chip under a board point: {hex, seat, figure} or null. */
  chipAt(x, y) {
    const h = hexAt(x, y);
    if (!h) return null;
    const e = this.pieces.get(key(h));
    if (!e) return null;
    const c = e[2].find((c) => x >= c.x && x <= c.x + c.w && y >= c.y && y <= c.y + c.h);
    return c ? { hex: h, seat: c.seat, figure: c.figure } : null;
  }

  /** The screen point (client coordinates) of hex h's centre moved `dy` hex sizes down: where a
   * finger taps it (tests tap the upper half, -0.6: above the figures). */
  screenOf(h, dy = 0) {
    const [x, y] = center(h);
    return this.toScreen(x, y + dy * S);
  }

  /** Where a seat's figure stands on hex h (board units), for animations. */
  figureSpot(h) {
    const [x, y] = center(h);
    return [x, y + S * 0.38];
  }

  // --- marks: what the player may do, the last move --------------------------------------------
  /** Redraw the highlight layer: `marks` = {place: [hex], pick: [hex], targets: [{hex, cost}],
   * from: hex, fromFigure, ghost: {hex, id, rotation, fits}}. */
  renderMarks(m) {
    const hl = clear(this.layers.hl), gh = clear(this.layers.ghost), top = clear(this.layers.hltop);
    for (const h of m.place || []) hl.appendChild(svg("polygon", { points: hexPoints(h, 0.9), class: "tk-hl-place" }));
    for (const h of m.pick || []) hl.appendChild(svg("polygon", { points: hexPoints(h, 0.92), class: "tk-hl-pick" }));
    for (const t of m.targets || []) {
      hl.appendChild(svg("polygon", { points: hexPoints(t.hex, 0.92), class: t.jump ? "tk-hl-jump" : "tk-hl-move", "data-target": key(t.hex) }));
      if (t.cost !== null && t.cost !== undefined) {      // over the pieces: a plaque never hides it
        // on a temple, below its level's plaque (the disc once covered the level one walks to)
        const [x, y0] = center(t.hex), temple = this.temples.has(key(t.hex));
        const y = y0 + S * (temple ? 0.22 : 0.02), r = S * (temple ? 0.25 : 0.3);
        top.appendChild(svg("circle", { cx: x.toFixed(2), cy: y.toFixed(2), r: r.toFixed(2), class: "tk-cost-bg", "data-cost": key(t.hex) }));
        top.appendChild(svg("text", { x: x.toFixed(2), y: (y + S * 0.02).toFixed(2), class: "tk-cost", "font-size": (r * 1.4).toFixed(2),
          "text-anchor": "middle", "dominant-baseline": "central" }, [document.createTextNode(String(t.cost))]));
      }
    }
    if (m.from) top.appendChild(svg("polygon", { points: hexPoints(m.from, 0.97), class: "tk-hl-from" }));
    if (m.chip) {
      const c = m.chip;
      top.appendChild(svg("ellipse", { cx: (c.x + c.w / 2).toFixed(2), cy: (c.y + c.h / 2).toFixed(2), rx: (c.w / 2 + 0.6).toFixed(2),
        ry: (c.h / 2 + 0.4).toFixed(2), class: "tk-hl-chip" }));
    }
    if (m.ghost) {
      const { hex, id, rotation, fits } = m.ghost;
      art.ensureTile(this.defs, id);
      const g = art.tileUse(id, rotation);
      const [x, y] = center(hex);
      g.setAttribute("transform", `translate(${x.toFixed(2)},${y.toFixed(2)})`);
      g.setAttribute("class", "tk-ghost");
      gh.appendChild(g);
      top.appendChild(svg("polygon", { points: hexPoints(hex, 0.99), class: fits ? "tk-hl-fits" : "tk-hl-nofit" }));
    }
  }

  /** The hint's plan (hint.js marks()): the tile's spot and turn (its ghost, outlined), each walk
   * as an arrow along its path, a jump between camps as an arc, each hex action marked where it
   * happens with its piece; every step numbered (two on one hex side by side, never one on the
   * other). `me` our seat (the pieces' tone). `plan` null: nothing. */
  renderPlan(plan, me) {
    const g = clear(this.layers.plan);
    if (!plan) return;
    const badges = [];
    const badge = (c, number, dy) => {
      let x = c[0] - S * 0.42;
      const y = c[1] + S * dy;
      while (badges.some(([bx, by]) => Math.abs(x - bx) < S * 0.55 && Math.abs(y - by) < S * 0.55)) x += S * 0.58;
      badges.push([x, y]);
      g.appendChild(svg("circle", { cx: x.toFixed(2), cy: (y + 0.2).toFixed(2), r: (S * 0.28).toFixed(2), class: "tk-plan-badge-ink" }));
      g.appendChild(svg("circle", { cx: x.toFixed(2), cy: y.toFixed(2), r: (S * 0.26).toFixed(2), class: "tk-plan-badge", "data-plan-step": number }));
      g.appendChild(svg("text", { x: x.toFixed(2), y: (y + 0.1).toFixed(2), class: "tk-plan-number", "font-size": (S * 0.34).toFixed(2),
        "text-anchor": "middle", "dominant-baseline": "central" }, [document.createTextNode(String(number))]));
    };
    const arrow = (pts) => {
      const line = points(pts);
      g.appendChild(svg("polyline", { points: line, class: "tk-plan-arrow-ink" }));
      g.appendChild(svg("polyline", { points: line, class: "tk-plan-arrow" }));
      const [x0, y0] = pts[pts.length - 2], [x1, y1] = pts[pts.length - 1];
      const a = Math.atan2(y1 - y0, x1 - x0), tip = [x1 - S * 0.25 * Math.cos(a), y1 - S * 0.25 * Math.sin(a)];
      const head = [tip, [tip[0] - S * 0.42 * Math.cos(a - 0.5), tip[1] - S * 0.42 * Math.sin(a - 0.5)],
        [tip[0] - S * 0.42 * Math.cos(a + 0.5), tip[1] - S * 0.42 * Math.sin(a + 0.5)]];
      g.appendChild(svg("polygon", { points: points(head), class: "tk-plan-head" }));
    };
    const tone = this.look.tone(me), shape = this.look.shape(me);
    const marker = (kind, figure, c) => {
      const x = c[0] + S * 0.42, y = c[1] - S * 0.05, r = S * 0.25;
      g.appendChild(svg("circle", { cx: x.toFixed(2), cy: y.toFixed(2), r: (r * 1.08).toFixed(2), class: "tk-plan-badge-ink" }));
      g.appendChild(svg("circle", { cx: x.toFixed(2), cy: y.toFixed(2), r: r.toFixed(2), class: "tk-plan-marker" }));
      if (kind === "enter") g.appendChild(art.figure(x, y - S * 0.03, S * 0.09, tone, shape, figure === "leader"));
      else if (kind === "uncover") g.appendChild(art.levelBlock(x, y, S * 0.32, "+1"));
      else if (kind === "dig") g.appendChild(art.treasure(x, y, S * 0.12, null));
      else if (kind === "camp") g.appendChild(art.tent(x, y + S * 0.03, S * 0.1, tone, shape));
      else if (kind === "guard") g.appendChild(art.guard(x, y + S * 0.03, S * 0.09, tone, shape));
    };
    for (const { action: a, number } of plan.steps) {
      if (a.type === "place_tile") {
        if (plan.drawn) {
          art.ensureTile(this.defs, plan.drawn);
          const ghost = art.tileUse(plan.drawn, a.rotation || 0);
          const [x, y] = center(a.hex);
          ghost.setAttribute("transform", `translate(${x.toFixed(2)},${y.toFixed(2)})`);
          ghost.setAttribute("class", "tk-plan-ghost");
          g.appendChild(ghost);
        }
        g.appendChild(svg("polygon", { points: hexPoints(a.hex, 0.98), class: "tk-plan-spot" }));
        badge(center(a.hex), number, -0.55);
      } else if (a.type === "move") {
        const pts = a.path.map(center);
        arrow(pts);
        badge(pts[pts.length - 1], number, 0.55);
      } else if (a.type === "transfer") {
        const p = center(a.from), q = center(a.to);
        arrow([p, [(p[0] + q[0]) / 2, Math.min(p[1], q[1]) - S], q]);
        badge(q, number, 0.55);
      } else if (a.hex) {
        const c = center(a.hex);
        marker(a.type, a.figure, c);
        badge(c, number, a.type === "enter" ? 0.55 : -0.55);
      }
    }
  }

  /** The first-game guide's pointer: a glowing ring round hex h (null: none). */
  renderGuide(h) {
    const k = h ? key(h) : "";
    if (this.guideKey === k) return;
    this.guideKey = k;
    const g = clear(this.layers.guide);
    if (h) g.appendChild(svg("polygon", { points: hexPoints(h, 1.04), class: "tk-guide-ring", "data-guide-hex": k }));
  }

  /** The last move: a walk's path and the hexes it ended on, in the mover's tone. */
  renderLast(last) {
    const g = clear(this.layers.marks);
    if (!last || last.seat === null || last.seat === undefined) return;
    const tone = rgb(this.look.tone(last.seat));
    if (last.path && last.path.length > 1) {
      const pts = points(last.path.map(center));
      g.appendChild(svg("polyline", { points: pts, class: "tk-last-path-ink" }));
      g.appendChild(svg("polyline", { points: pts, class: "tk-last-path", stroke: tone }));
    }
    for (const h of last.hexes || []) {
      g.appendChild(svg("polygon", { points: hexPoints(h, 0.9), class: "tk-last-ink" }));
      g.appendChild(svg("polygon", { points: hexPoints(h, 0.9), class: "tk-last", stroke: tone }));
    }
  }

  /** A ring that spreads over hex h and fades (CSS animates it; it removes itself). */
  pulse(h, tone, slow = false) {
    const [x, y] = center(h);
    const p = svg("polygon", { points: points(corners(0, 0, 0.8)), class: slow ? "tk-pulse tk-pulse-slow" : "tk-pulse",
      transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, stroke: rgb(tone) });
    this.layers.top.appendChild(p);
    setTimeout(() => p.remove(), slow ? 1100 : 800);
    return p;
  }

  clearFlight() {
    clear(this.layers.anim);
    clear(this.layers.top);
    this.hidden.clear();
    this.shake(0, 0);
  }
}
