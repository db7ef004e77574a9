// The island of La Tortuga in SVG (the window's game/tortuga/island.py, in its coordinates): the 21
// spaces counter-clockwise, the raft, the beach with the face-up card and the deck, the dice tray in
// the island's middle, and the turtles as stacks, each riding the one below. `sprites` holds where
// each turtle is drawn: at rest where the shown view puts it; the animations move the ones in flight.
import { s, h, clear } from "../../app/ui.js";
import { shapePoints } from "../../app/marks.js";
import { INK, PAPER, ACCENT, GOOD, BAD } from "../../app/palette.js";
import { BEACH, BEACH_EGGS, MAX_SUM } from "./facts.js";

export const TW = 46, TH = 30, STACK_DY = 14;
/** The dice tray in the island's middle (from its centre): three slots and the sum's bar. */
export const DICE = { dx: -144, dy: -124, size: 66, gap: 14 };
const BAR = { dx: 106, w: 44 };
/** The fewest units the track's two radii add up to (its 21 spaces keep their room), the most
 * pixels a unit takes (pieces no bigger than the window's), the island's flattest and tallest, and
 * its fewest units of height: the tray, the sum's words and the deck keep their room between the
 * track's top and bottom spaces (a phone held sideways: a low, wide box, smaller pieces then). */
const TRACK_MIN = 600, SCALE_MAX = 1.1, FLAT = 0.42, TALL = 1.55, H_MIN = 570;
/** The track's ends (degrees round its ellipse, counter-clockwise): space 1 beside the raft, the
 * beach (21) on its other side. */
const FIRST = -65, LAST = 245;

/** The island's shape for a box of w×h pixels (the window's island, game/tortuga/island.py, its
 * track stretched to the room: a phone in portrait gets a tall island): its units (W×H, the
 * SVG's view box), the track's centre and radii, the raft, the deck, the sand's rings and where
 * each space is. */
export function geometry(w, h) {
  w = Math.max(100, w); h = Math.max(100, h);
  let k = Math.min(SCALE_MAX, (w + h) / (2 * (TRACK_MIN + 66 + 54 + 52)));
  if (h / k < H_MIN) k = h / H_MIN;
  let W = w / k, H = h / k;
  const ratio = (WW, HH) => (HH - 50 - 108) / (WW - 16 - 132);     // the track's ry / rx
  if (ratio(W, H) > TALL) H = TALL * (W - 148) + 158;
  if (ratio(W, H) < FLAT) W = (H - 158) / FLAT + 148;
  const rx = W / 2 - 8, top = 6, ry = (H - 44 - top) / 2;
  const cx = W / 2, cy = top + ry;
  const rxT = rx - 66, ryT = ry - 54;
  // the deck under the sum's words, its own words clear of the beach's space
  const deckY = cy + Math.max(64, Math.min(0.5 * ryT, 0.906 * ryT - 126));
  return { W, H, k: Math.min(w / W, h / H), cx, cy, rx, ry, rxT, ryT, raft: [cx, H - 40], deck: [cx - 40, deckY],
    spaces: trackSpaces(cx, cy, rxT, ryT) };
}

/** The 21 spaces' centres, evenly along the track's ellipse (by its length, not its angle: a flat
 * island's ends keep their spaces apart). */
function trackSpaces(cx, cy, rxT, ryT) {
  const steps = 620, at = (i) => ((FIRST + ((LAST - FIRST) * i) / steps) * Math.PI) / 180;
  const pt = (a) => [cx + rxT * Math.cos(a), cy - ryT * Math.sin(a)];
  const run = [0];
  for (let i = 1; i <= steps; i++) {
    const [x0, y0] = pt(at(i - 1)), [x1, y1] = pt(at(i));
    run.push(run[i - 1] + Math.hypot(x1 - x0, y1 - y0));
  }
  const out = [];
  let j = 0;
  for (let sp = 0; sp < BEACH; sp++) {
    const want = (run[steps] * sp) / (BEACH - 1);
    while (j < steps && run[j + 1] < want) j++;
    const f = j < steps ? (want - run[j]) / Math.max(1e-9, run[j + 1] - run[j]) : 0;
    const a = at(j) + f * (at(j + 1) - at(j));
    out.push(pt(a));
  }
  return out;
}


/** A track space's centre (1–21, counter-clockwise from beside the raft); 0: the raft. */
export function spacePos(g, space) {
  if (!space) return [...g.raft];
  return [...g.spaces[space - 1]];
}

/** The spaces a group hops through from `from` over `steps` (after 21 comes 1; from the raft, 1). */
export function hopPath(from, steps) {
  const path = [];
  let sp = from;
  for (let i = 0; i < steps; i++) { sp = sp === 0 || sp === BEACH ? 1 : sp + 1; path.push(sp); }
  return path;
}

const hex = (rgb) => `rgb(${rgb.map((v) => Math.round(Math.max(0, Math.min(255, v)))).join(",")})`;
/** "#e69f00" -> [r, g, b]. */
export function rgbOf(c) {
  const m = /^#([0-9a-f]{6})$/i.exec(String(c || "").trim());
  if (!m) return [200, 200, 200];
  const v = parseInt(m[1], 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
const shade = (c, f) => (f <= 1 ? c.map((v) => v * f) : c.map((v) => v + (255 - v) * (f - 1)));
const luminance = (c) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
const pts = (list) => list.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

/** A turtle drawn round (0, 0): legs, head, its shell in the seat's tone with the seat's mark; the
 * second turtle of a seat (2–3 players) wears stripes across its shell (the window's look). */
export function turtleArt(tone, shape, second, id) {
  const c = rgbOf(tone);
  const g = s("g", { class: "tt-turtle-art" });
  const leg = "rgb(60,120,70)";
  for (const [dx, dy] of [[-15, -9], [15, -9], [-15, 10], [15, 10]]) {
    g.append(s("ellipse", { cx: dx, cy: dy, rx: 6, ry: 4, fill: leg, stroke: INK, "stroke-width": 1 }));
  }
  g.append(s("circle", { cx: TW / 2 + 1, cy: -2, r: 8, fill: leg, stroke: INK, "stroke-width": 1 }),
    s("circle", { cx: TW / 2 + 4, cy: -4, r: 2, fill: INK }),
    s("ellipse", { cx: 0, cy: 3, rx: TW / 2, ry: TH / 2, fill: hex(shade(c, 0.6)) }),
    s("ellipse", { cx: 0, cy: 0, rx: TW / 2, ry: TH / 2, fill: hex(c) }));
  if (second) {
    const ink = luminance(c) > 140 ? INK : PAPER;
    const clip = s("clipPath", { id }, s("ellipse", { cx: 0, cy: 0, rx: TW / 2, ry: TH / 2 }));
    const stripes = s("g", { "clip-path": `url(#${id})`, class: "tt-stripes" });
    for (const x of [-20, -14, 10, 16]) stripes.append(s("rect", { x, y: -TH / 2, width: 4, height: TH, fill: ink }));
    g.append(clip, stripes);
  } else {
    g.append(s("ellipse", { cx: -3, cy: -4, rx: (TW - 18) / 2, ry: (TH - 14) / 2, fill: hex(shade(c, 1.35)) }));
  }
  g.append(s("ellipse", { cx: 0, cy: 0, rx: TW / 2, ry: TH / 2, fill: "none", stroke: INK, "stroke-width": 2 }));
  const markFill = luminance(c) > 140 ? INK : PAPER;
  const p = shapePoints(shape, 0, 0, 8);
  g.append(p ? s("polygon", { points: pts(p), fill: markFill, stroke: INK, "stroke-width": 1 })
    : s("circle", { cx: 0, cy: 0, r: 7, fill: markFill, stroke: INK, "stroke-width": 1 }));
  return g;
}

/** A small turtle icon (an <svg>): a seat's row and the choice of turtle show it. */
export function turtleIcon(tone, shape, second, id, cls = "tt-i-turtle") {
  const el = s("svg", { class: cls, viewBox: "-26 -17 62 36", "aria-hidden": "true" });
  el.append(turtleArt(tone, shape, second, id));
  return el;
}

/** A die's face drawn in a `size` square at (x, y). */
export function dieArt(value, size, fill = PAPER) {
  const g = s("g", { class: "tt-die" });
  g.append(s("rect", { x: 0, y: 0, width: size, height: size, rx: size * 0.16, fill, stroke: INK, "stroke-width": 3 }));
  const pips = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
    5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] }[value] || [];
  const step = size / 4;
  for (const [gx, gy] of pips) g.append(s("circle", { cx: step * (gx + 1), cy: step * (gy + 1), r: Math.max(3, size / 11), fill: INK }));
  return g;
}

/** An egg card, face up with its eggs (a number and an egg), in a w×h box at (0, 0). */
export function cardArt(eggs, w, h2) {
  const g = s("g", { class: "tt-card-art" });
  g.append(s("rect", { x: 0, y: 0, width: w, height: h2, rx: 6, fill: PAPER, stroke: INK, "stroke-width": 2 }));
  if (eggs === null || eggs === undefined) return g;
  g.append(s("text", { x: w / 2, y: h2 * 0.48, "text-anchor": "middle", "dominant-baseline": "middle", class: "tt-card-n",
    "font-size": Math.max(12, h2 / 2) }, String(eggs)));
  const ew = Math.max(6, w / 4);
  g.append(s("ellipse", { cx: w / 2, cy: h2 - 3 - ew * 0.65, rx: ew / 2, ry: ew * 0.65, fill: "rgb(245,235,200)", stroke: "rgb(150,120,70)", "stroke-width": 1 }));
  return g;
}

export class Island {
  constructor(table, host) {
    this.table = table;
    this.uid = `tt${Math.random().toString(36).slice(2, 8)}`;
    this.el = h("div", { class: "tt-island" });
    this.svg = s("svg", { class: "tt-svg", preserveAspectRatio: "xMidYMid meet", role: "img", "aria-label": table.t("web.game.tortuga") });
    this.defs = s("defs");
    this.layers = {};
    this.svg.append(this.defs);
    for (const name of ["ground", "marks", "trail", "deck", "tray", "turtles", "hl", "fx"]) {
      this.layers[name] = s("g", { class: `tt-l-${name}` });
      this.svg.append(this.layers[name]);
    }
    this.labels = {};
    for (const name of ["sum", "beach", "raft", "deck"]) {
      this.labels[name] = h("div", { class: `tt-lbl tt-lbl-${name}`, "data-fit": name === "sum" ? null : "1" });
    }
    this.sumEl = h("div", { class: "tt-sum", "data-fit": "1" });
    this.movesEl = h("div", { class: "tt-moves", "data-fit": "1" });
    this.labels.sum.append(this.sumEl, this.movesEl);
    this.el.append(this.svg, ...Object.values(this.labels));
    host.append(this.el);
    this.sprites = new Map();        // turtle -> {x, y} where it is drawn
    this.moving = new Set();         // turtles an animation moves (not at rest)
    this.trail = [];                 // spaces of the hop in progress (lit)
    this.marks = new Set();          // where the last moves ended (until the next move)
    this.dice = new Map();           // tray slot -> {face, tilt, y} while a die tumbles
    this.lifted = false;             // the face-up card is flying to its taker
    this.turtleEls = new Map();      // turtle -> [key, <g>]
    this.keys = {};
    this.reshape(458, 351);
    this.svg.addEventListener("pointerup", (e) => this.onTap(e));
  }

  /** The island in a box of w×h pixels: its shape (geometry), drawn again when it changed. Its
   * size in pixels. */
  reshape(w, hh) {
    const g = geometry(w, hh);
    const k = [g.W, g.H].map((x) => x.toFixed(1)).join(" ");
    if (this.g && k === this.shapeKey) return [g.W * g.k, g.H * g.k];
    this.g = g;
    this.shapeKey = k;
    this.svg.setAttribute("viewBox", `0 0 ${g.W.toFixed(1)} ${g.H.toFixed(1)}`);
    const [bx, by] = this.spacePos(BEACH);
    const [dx, dy] = g.deck;
    const [rx, ry] = g.raft;
    // the beach's word under it, ending short of the raft's turtles; the deck's under its cards
    const beachEnd = Math.min(bx + 30, rx - 118);
    const boxes = { sum: [g.cx - 234, g.cy - 50, 468, 64], beach: [beachEnd - 170, by + 42, 170, 28], deck: [dx - 150, dy + 46, 300, 28] };
    boxes.raft = [rx + 124, ry - 14, Math.min(236, g.W - rx - 130), 30];
    for (const [name, [x, y, bw, bh]] of Object.entries(boxes)) {
      const el = this.labels[name];
      el.style.left = `${(100 * x) / g.W}%`;
      el.style.top = `${(100 * y) / g.H}%`;
      el.style.width = `${(100 * bw) / g.W}%`;
      el.style.height = `${(100 * bh) / g.H}%`;
    }
    this.drawGround();
    this.keys = {};
    this.sprites.clear();
    return [g.W * g.k, g.H * g.k];
  }

  spacePos(space) { return spacePos(this.g, space); }

  // --- where things are --------------------------------------------------------------------------
  stacks() { return (this.table.shown && this.table.shown.stacks) || {}; }

  stackOf(space) { return [...(this.stacks()[String(space)] || [])]; }

  spaceOf(turtle) {
    for (const [k, stack] of Object.entries(this.stacks())) if (stack.includes(turtle)) return Number(k);
    return null;
  }

  restPos(turtle) {
    for (const [k, stack] of Object.entries(this.stacks())) {
      const i = stack.indexOf(turtle);
      if (i < 0) continue;
      if (k === "0") {            // the raft: side by side, never stacked (L-R3)
        const row = Math.floor(i / 4), col = i % 4;
        return [this.g.raft[0] - 84 + col * 56, this.g.raft[1] - row * 34];
      }
      const [x, y] = this.spacePos(Number(k));
      return [x, y - 4 - i * STACK_DY];
    }
    return [...this.g.raft];
  }

  sprite(turtle) {
    if (!this.sprites.has(turtle)) { const [x, y] = this.restPos(turtle); this.sprites.set(turtle, { x, y }); }
    return this.sprites.get(turtle);
  }

  /** Every turtle at rest where the shown view puts it. */
  reset() {
    this.moving.clear();
    this.trail = [];
    this.dice.clear();
    this.lifted = false;
    this.sprites.clear();
    this.settle();
  }

  settle() {
    const n = Number(this.table.shown.turtles || 0);
    for (let t = 0; t < n; t++) {
      if (this.moving.has(t)) continue;
      const [x, y] = this.restPos(t);
      const sp = this.sprite(t);
      sp.x = x; sp.y = y;
    }
  }

  /** An island point (its units) on the screen (client pixels). */
  toClient(x, y) {
    const m = this.svg.getScreenCTM();
    if (!m) return [0, 0];
    const p = this.svg.createSVGPoint();
    p.x = x; p.y = y;
    const q = p.matrixTransform(m);
    return [q.x, q.y];
  }

  /** A screen point in the island's units. */
  fromClient(cx, cy) {
    const m = this.svg.getScreenCTM();
    if (!m) return [0, 0];
    const p = this.svg.createSVGPoint();
    p.x = cx; p.y = cy;
    const q = p.matrixTransform(m.inverse());
    return [q.x, q.y];
  }

  /** The island's units per CSS pixel. */
  unitsPerPixel() {
    const m = this.svg.getScreenCTM();
    return m && m.a ? 1 / m.a : 1;
  }

  /** A tap on the island: the nearest turtle one may choose (fingers are wide: within 30 px). */
  onTap(e) {
    const turtles = this.table.choosable();
    if (!turtles.length) return;
    const [x, y] = this.fromClient(e.clientX, e.clientY);
    const reach = Math.max(TW * 0.8, 30 * this.unitsPerPixel());
    let best = null, dist = Infinity;
    for (const t of turtles) {
      const sp = this.sprite(t);
      const d = Math.hypot(sp.x - x, sp.y - y);
      if (d < dist) { dist = d; best = t; }
    }
    if (best !== null && dist <= reach) this.table.chooseTurtle(best);
  }

  // --- the ground: drawn again when the island's shape changes ---------------------------------------
  drawGround() {
    const G = this.g;
    const g = clear(this.layers.ground);
    const { cx, cy, rx, ry, W, H } = G;
    const e = (fx, fy, fill) => s("ellipse", { cx, cy, rx: rx * fx, ry: ry * fy, fill });
    g.append(s("rect", { x: -50, y: -50, width: W + 100, height: H + 100, class: "tt-sea" }));
    for (let i = 0; i < Math.round((W * H) / 16000); i++) {
      const x = (i * 173) % W, y = (i * 97) % H;
      g.append(s("path", { d: `M${x.toFixed(0)} ${(y + 8).toFixed(0)} q20 -12 40 0`, class: "tt-wave" }));
    }
    g.append(e(1, 1, "rgb(200,230,240)"), e(438 / 450, 316 / 326, "rgb(236,212,150)"), e(300 / 450, 200 / 326, "rgb(214,190,128)"),
      s("ellipse", { cx, cy: cy - 20 * (ry / 326), rx: rx * (290 / 450), ry: ry * (192 / 326), fill: "rgb(34,110,62)" }),
      s("ellipse", { cx, cy: cy - 36 * (ry / 326), rx: rx * (200 / 450), ry: ry * (120 / 326), fill: "rgb(26,88,50)" }));
    const trayTop = cy + DICE.dy - 10, trayBottom = cy + 20;
    for (let i = 0; i < 11; i++) {       // palms round the tray (the middle is the dice's)
      const px = cx + (rx / 450) * (-230 + ((i * 89) % 460)), py = cy + (ry / 326) * (-170 + ((i * 53) % 250));
      if (px > cx - 190 && px < cx + 180 && py > trayTop - 40 && py < trayBottom) continue;
      const palm = s("g", { class: "tt-palm" }, s("line", { x1: px, y1: py + 36, x2: px + 6, y2: py, stroke: "rgb(110,80,40)", "stroke-width": 5 }));
      for (let k = 0; k < 5; k++) {
        const a = Math.PI * (0.1 + 0.2 * k);
        palm.append(s("line", { x1: px + 6, y1: py, x2: px + 6 + 30 * Math.cos(a + Math.PI), y2: py - 12 * Math.sin(a) + 8,
          stroke: "rgb(40,150,70)", "stroke-width": 6, "stroke-linecap": "round" }));
      }
      g.append(palm);
    }
    const [fx, fy] = G.raft;
    for (let k = 0; k < 6; k++) {     // the raft
      g.append(s("rect", { x: fx - 114 + k * 38, y: fy - 22, width: 36, height: 52, rx: 10, fill: "rgb(150,104,56)",
        stroke: "rgb(90,60,30)", "stroke-width": 2 }));
    }
    for (let sp = 1; sp <= BEACH; sp++) {
      const [x, y] = this.spacePos(sp);
      const r = sp === BEACH ? 40 : 27;
      g.append(s("circle", { cx: x + 2, cy: y + 4, r, fill: "rgb(120,100,70)" }),
        s("circle", { cx: x, cy: y, r, fill: sp === BEACH ? "rgb(255,236,170)" : "rgb(190,170,130)", stroke: "rgb(110,90,60)", "stroke-width": 3, "data-space": sp }));
      g.append(s("text", { x, y: sp === BEACH ? y + 27 : y + 35, class: "tt-num", "text-anchor": "middle", "dominant-baseline": "middle", "data-num": sp }, String(sp)));
    }
    for (let i = 0; i < 3; i++) {        // the dice tray's slots and the sum's bar
      const [x, y] = this.slot(i);
      g.append(s("rect", { x, y, width: DICE.size, height: DICE.size, rx: 12, class: "tt-slot" }),
        s("text", { x: x + DICE.size / 2, y: y + DICE.size / 2, class: "tt-slot-n", "text-anchor": "middle", "dominant-baseline": "middle" }, `×${i + 1}`));
    }
    const b = this.bar();
    g.append(s("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 8, class: "tt-slot" }));
  }

  /** Where a die of the tray is (its slot's top-left corner). */
  slot(i) { return [this.g.cx + DICE.dx + i * (DICE.size + DICE.gap), this.g.cy + DICE.dy]; }

  /** The sum's bar beside the dice. */
  bar() { return { x: this.g.cx + BAR.dx, y: this.g.cy + DICE.dy, w: BAR.w, h: DICE.size }; }

  // --- drawing what changes ----------------------------------------------------------------------
  render(v) {
    this.renderLabels(v);
    this.renderDeck(v);
    this.renderTray(v);
    this.renderMarks();
    this.renderTurtles(v);
    this.renderHighlights();
  }

  changed(name, k) {
    if (this.keys[name] === k) return false;
    this.keys[name] = k;
    return true;
  }

  renderLabels(v) {
    const t = this.table;
    const rolled = v.rolled || [];
    const total = rolled.reduce((a, b) => a + b, 0);
    const n = rolled.length;
    const over = total > MAX_SUM;
    const left = Number(v.deck_left || 0);
    const k = JSON.stringify([total, n, left, t.lang]);
    if (!this.changed("labels", k)) return;
    this.sumEl.textContent = t.t("tortuga.sum_line", { sum: total, limit: MAX_SUM });
    this.labels.sum.classList.toggle("tt-over", n > 0 && over);
    this.movesEl.textContent = !n ? "" : over ? t.t("tortuga.bust_big") : t.tn("tortuga.moves_line", n * total, { mult: n, steps: n * total });
    this.movesEl.hidden = !n;
    this.labels.beach.textContent = t.t("tortuga.beach");
    this.labels.raft.textContent = t.t("tortuga.raft");
    this.labels.deck.textContent = t.tn("tortuga.cards_left", left, { n: left });
    t.fit(this.el);
  }

  renderDeck(v) {
    const left = Number(v.deck_left || 0);
    const face = v.face_up ?? null;
    if (!this.changed("deck", JSON.stringify([left, face, v.beach ?? null, this.lifted, this.shapeKey]))) return;
    const g = clear(this.layers.deck);
    const [x, y] = this.g.deck;
    for (let k = 0; k < Math.min(4, Math.max(0, left - 1)); k++) {
      g.append(s("rect", { x: x - 70 - k * 3, y: y - 38 - k * 3, width: 54, height: 74, rx: 6, class: "tt-back" }),
        s("rect", { x: x - 66 - k * 3, y: y - 34 - k * 3, width: 46, height: 66, rx: 4, class: "tt-back-in" }));
    }
    if (this.lifted) return;         // the face-up card flies to its taker; the next one turns up after
    if (face !== null) {
      const c = cardArt(face, 56, 78);
      c.setAttribute("transform", `translate(${x + 16},${y - 40})`);
      c.setAttribute("data-face", String(face));
      g.append(c);
    } else if (v.beach === null || v.beach === undefined) {     // the 7-egg beach shows once the deck is used up
      g.append(s("circle", { cx: x + 44, cy: y - 2, r: 34, fill: ACCENT, stroke: INK, "stroke-width": 3, class: "tt-beach7" }),
        s("text", { x: x + 44, y: y - 2, class: "tt-beach7-n", "text-anchor": "middle", "dominant-baseline": "central" }, String(BEACH_EGGS)));
    }
  }

  renderTray(v) {
    const rolled = v.rolled || [];
    const cardAt = v.rolled_card ?? null;
    const anim = [...this.dice.entries()].map(([i, d]) => [i, d.face, Math.round(d.tilt), Math.round(d.y)]);
    if (!this.changed("tray", JSON.stringify([rolled, cardAt, anim, this.shapeKey]))) return;
    const g = clear(this.layers.tray);
    for (let i = 0; i < 3; i++) {
      const [x, y] = this.slot(i);
      const a = this.dice.get(i);
      if (a) {
        const die = dieArt(a.face, DICE.size);
        const c = DICE.size / 2;
        die.setAttribute("transform", `translate(${x},${y + a.y}) rotate(${a.tilt.toFixed(1)} ${c} ${c})`);
        g.append(die);
      } else if (i < rolled.length) {
        if (cardAt === i) {
          const c = cardArt(rolled[i], DICE.size - 14, DICE.size + 8);
          c.setAttribute("transform", `translate(${x + 7},${y - 4})`);
          c.setAttribute("data-played", String(rolled[i]));
          g.append(c);
        } else {
          const die = dieArt(rolled[i], DICE.size);
          die.setAttribute("transform", `translate(${x},${y})`);
          die.setAttribute("data-die", String(rolled[i]));
          g.append(die);
        }
      }
    }
    const total = rolled.reduce((a, b) => a + b, 0);
    const B = this.bar();
    const fill = (B.h * Math.min(total, 9)) / 9;
    if (fill > 0) g.append(s("rect", { x: B.x, y: B.y + B.h - fill, width: B.w, height: fill, rx: 8, fill: total > MAX_SUM ? BAD : GOOD }));
    const ly = B.y + B.h - (B.h * MAX_SUM) / 9;
    g.append(s("line", { x1: B.x - 4, y1: ly, x2: B.x + B.w + 4, y2: ly, stroke: ACCENT, "stroke-width": 3 }),
      s("text", { x: B.x + B.w / 2, y: B.y + B.h / 2, class: "tt-bar-n", "text-anchor": "middle", "dominant-baseline": "central" }, String(total)));
  }

  renderMarks() {
    if (!this.changed("marks", JSON.stringify([[...this.marks], this.trail]))) return;
    const m = clear(this.layers.marks), tr = clear(this.layers.trail);
    for (const sp of this.marks) {
      const [x, y] = this.spacePos(sp);
      m.append(s("circle", { cx: x, cy: y, r: 33, class: "tt-mark" }));
    }
    for (const sp of this.trail) {
      const [x, y] = this.spacePos(sp);
      tr.append(s("circle", { cx: x, cy: y, r: 29, class: "tt-lit" }));
    }
  }

  turtleEl(t) {
    const table = this.table;
    const seat = table.owner(t);
    const k = [table.toneOf(seat), table.shape(seat), t >= table.seats].join("|");
    const have = this.turtleEls.get(t);
    if (have && have[0] === k) return have[1];
    const g = s("g", { class: "tt-turtle", "data-turtle": t, "data-seat": seat });
    g.append(s("ellipse", { cx: 0, cy: 6, rx: 32, ry: 17, class: "tt-glow" }));
    g.append(turtleArt(table.toneOf(seat), table.shape(seat), t >= table.seats, `${this.uid}-s${t}`));
    if (have) have[1].remove();
    this.turtleEls.set(t, [k, g]);
    return g;
  }

  /** The turtles, resting ones lowest on the screen first (a stack bottom first: a rider is drawn
   * on the one it rides), those in flight last. */
  renderTurtles(v) {
    const n = Number(v.turtles || 0);
    this.settle();
    const order = [];
    for (let t = 0; t < n; t++) order.push(t);
    order.sort((a, b) => (this.moving.has(a) - this.moving.has(b)) || (this.sprite(b).y - this.sprite(a).y) || a - b);
    const busy = this.table.timeline.busy;
    const mover = v.turtle ?? null;
    const group = new Set(v.group || []);
    const live = ["roll", "decide"].includes(v.phase);
    const layer = this.layers.turtles;
    order.forEach((t, i) => {
      const g = this.turtleEl(t);
      const sp = this.sprite(t);
      g.setAttribute("transform", `translate(${sp.x.toFixed(1)},${sp.y.toFixed(1)})`);
      const glow = !busy && live && (t === mover ? "mover" : group.has(t) ? "rider" : "");
      if (g.dataset.glow !== (glow || "")) g.dataset.glow = glow || "";
      if (layer.children[i] !== g) layer.insertBefore(g, layer.children[i] || null);
    });
    while (layer.children.length > n) layer.lastChild.remove();
  }

  /** The turtles one may choose now: a pulsing ring round each (and round the one a button names). */
  renderHighlights() {
    const t = this.table;
    const ring = new Set(t.choosable());
    const on = t.ringed ?? t.hover;          // the one a button names, or the coach's choice
    if (on !== null && on !== undefined) ring.add(on);
    const k = JSON.stringify([[...ring].map((x) => [x, Math.round(this.sprite(x).x), Math.round(this.sprite(x).y)]), on]);
    if (!this.changed("hl", k)) return;
    const g = clear(this.layers.hl);
    for (const x of ring) {
      const sp = this.sprite(x);
      g.append(s("ellipse", { cx: sp.x, cy: sp.y + 2, rx: 37, ry: 26, class: x === on ? "tt-ring tt-ring-on" : "tt-ring", "data-ring": x }));
    }
  }

  // --- effects -------------------------------------------------------------------------------------
  /** A word rising over the island (gone after its animation). */
  float(text, x, y, cls = "", seconds = 1.2) {
    const el = s("text", { x, y, class: `tt-float ${cls}`, "text-anchor": "middle" }, text);
    this.layers.fx.append(el);
    const speed = this.table.timeline.speed === Infinity ? 50 : this.table.timeline.speed;
    el.style.animationDuration = `${seconds / speed}s`;
    setTimeout(() => el.remove(), (seconds * 1000) / speed + 50);
    return el;
  }

  /** Drops of water (or sparks) bursting from a point. */
  burst(x, y, colour, n) {
    const speed = this.table.timeline.speed === Infinity ? 50 : this.table.timeline.speed;
    for (let i = 0; i < n; i++) {
      const a = (2 * Math.PI * i) / n + (i % 3) * 0.3, r = 30 + ((i * 37) % 40);
      const d = s("circle", { cx: x, cy: y, r: 4 + (i % 3), fill: colour, class: "tt-drop" });
      d.style.setProperty("--dx", `${(Math.cos(a) * r).toFixed(1)}px`);
      d.style.setProperty("--dy", `${(Math.sin(a) * r - 20).toFixed(1)}px`);
      d.style.animationDuration = `${0.7 / speed}s`;
      this.layers.fx.append(d);
      setTimeout(() => d.remove(), 700 / speed + 50);
    }
  }
}
