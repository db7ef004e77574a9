// Tikal's pieces as SVG, in the board's units (game/tikal/art.py's look): tiles (ground by kind,
// jungle paths and the stones on each edge, kept once per tile in <defs> and <use>d), tile backs,
// treasure tokens, figures (the leader crowned), camps, guards, temple plaques and holders' flags.
import { svg } from "./dom.js";
import { S, SQRT3, corners, edgePoint, points } from "./geometry.js";
import { TILES } from "./tiles.js";
import { shapePoints } from "../../app/marks.js";
import { INK, PAPER, luminance, rgb, shade } from "./marks.js";

export const GROUND = { jungle: [52, 128, 64], temple: [92, 138, 84], treasure: [176, 146, 84], volcano: [64, 54, 52],
  base: [158, 118, 74] };
const EDGE = { jungle: [24, 70, 34], temple: [44, 80, 44], treasure: [104, 80, 38], volcano: [30, 24, 24],
  base: [92, 64, 36] };
const PATH = [210, 188, 134];
const STONE = "#a8a69c", STONE_DARK = "#464440", STONE_LIGHT = "#d4d2cd";
export const GOLD = "#ecbc34";
export const TEMPLE_STONE = "#ccc09c";
const TEMPLE_SHADE = "#968a68";
/** Treasure kinds 0-7: a colour and a glyph each (never told apart by colour alone). */
export const TREASURE_COLOURS = [[214, 62, 62], [58, 118, 222], [54, 170, 88], [236, 196, 48], [164, 92, 206],
  [238, 134, 36], [58, 196, 200], [196, 196, 204]];
const TREASURE_GLYPHS = ["circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "ring"];
/** Where a temple's plaque, its guard and its holder's flag sit, in hex sizes from its centre. */
export const PLAQUE_DY = -0.36, PLAQUE_R = 0.29, GUARD_DX = 0.55, GUARD_DY = -0.40, FLAG_DX = -0.46, FLAG_DY = -0.06;
const HALO = "#faf6e8";

const poly = (pts, attrs) => svg("polygon", { points: points(pts), ...attrs });
const circle = (cx, cy, r, attrs) => svg("circle", { cx: cx.toFixed(2), cy: cy.toFixed(2), r: r.toFixed(2), ...attrs });
const line = (a, b, attrs) => svg("line", { x1: a[0].toFixed(2), y1: a[1].toFixed(2), x2: b[0].toFixed(2),
  y2: b[1].toFixed(2), ...attrs });

/** A tiny deterministic generator (the same tile always looks the same). */
function rng(seed) {
  let x = 0;
  for (let i = 0; i < seed.length; i++) x = (x + (i + 1) * seed.charCodeAt(i)) >>> 0;
  x = Number((BigInt(x) * 2654435761n) % 4294967296n);
  return () => { x = (1103515245 * x + 12345) % 2147483648; return x / 2147483648; };
}

/** The pieces of a tile kept once in the page's <defs>: `tk-g-<id>` (ground, paths and stones at
 * rotation 0: a placed tile turns it) and `tk-d-<id>` (the decoration, never turned); a drawing
 * with <defs> of its own names them with its own `prefix` (how to play: "tkh"). */
export function ensureTile(defs, id, prefix = "tk") {
  if (defs.querySelector(`#${prefix}-g-${CSS.escape(id)}`)) return;
  const spec = TILES[id];
  if (!spec) return;
  const kind = spec.kind;
  const g = svg("g", { id: `${prefix}-g-${id}` });
  g.appendChild(poly(corners(0, 0, 0.985), { fill: rgb(GROUND[kind]) }));
  g.appendChild(poly(corners(0, -S * 0.05, 0.8), { fill: rgb(shade(GROUND[kind], 1.12)) }));
  g.appendChild(poly(corners(0, S * 0.02, 0.78), { fill: rgb(GROUND[kind]) }));
  const stones = spec.stones;
  if (kind !== "volcano" && stones.some((n) => n)) {
    const w = S * 0.2;
    for (const [col, width] of [[shade(PATH, 0.8), w + S * 0.08], [PATH, w]]) {
      stones.forEach((n, d) => {
        if (n) g.appendChild(line(edgePoint(0, 0, S, d, S * 0.04), [0, 0],
          { stroke: rgb(col), "stroke-width": width.toFixed(2), "stroke-linecap": "round" }));
      });
    }
    g.appendChild(circle(0, 0, w * 0.5 + S * 0.06, { fill: rgb(shade(PATH, 0.8)) }));
    g.appendChild(circle(0, 0, w * 0.5 + S * 0.02, { fill: rgb(PATH) }));
  }
  const r = S * 0.085, gap = r * 2.3;
  stones.forEach((n, d) => {
    for (let i = 0; i < n; i++) {
      const [x, y] = edgePoint(0, 0, S, d, r + S * 0.05, (i - (n - 1) / 2) * gap);
      g.appendChild(circle(x + 0.1 * S * 0.1, y + 0.15 * S * 0.1, r * 1.12, { fill: STONE_DARK }));
      g.appendChild(circle(x, y, r, { fill: STONE, stroke: STONE_DARK, "stroke-width": "0.25" }));
      g.appendChild(circle(x - r * 0.3, y - r * 0.35, r * 0.35, { fill: STONE_LIGHT }));
    }
  });
  g.appendChild(poly(corners(0, 0, 0.985), { fill: "none", stroke: rgb(EDGE[kind]), "stroke-width": (S * 0.05).toFixed(2) }));
  defs.appendChild(g);
  const d = svg("g", { id: `${prefix}-d-${id}` });
  DECO[kind](d, rng(id));
  defs.appendChild(d);
}

/** A placed tile: its ground turned `rotation` steps clockwise, its decoration upright. */
export function tileUse(id, rotation, prefix = "tk") {
  const g = svg("g", { class: "tk-tile" });
  g.appendChild(svg("use", { href: `#${prefix}-g-${id}`, transform: rotation ? `rotate(${60 * rotation})` : null }));
  g.appendChild(svg("use", { href: `#${prefix}-d-${id}` }));
  return g;
}

function tree(g, x, y, r) {
  g.appendChild(circle(x + r * 0.2, y + r * 0.3, r, { fill: "#164622" }));
  g.appendChild(circle(x, y, r, { fill: "#287634" }));
  g.appendChild(circle(x - r * 0.3, y - r * 0.3, r * 0.55, { fill: "#4aa04a" }));
}

function ringSpots(rnd, n, lo = 0.55, hi = 0.72) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * (i + rnd() * 0.6)) / n, d = S * (lo + (hi - lo) * rnd());
    out.push([d * Math.cos(a), d * Math.sin(a) * 0.86]);
  }
  return out;
}

const DECO = {
  jungle(g, rnd) { for (const [x, y] of ringSpots(rnd, 9)) tree(g, x, y, S * (0.11 + 0.05 * rnd())); },
  temple(g, rnd) {
    for (const [x, y] of ringSpots(rnd, 6, 0.62, 0.72)) tree(g, x, y, S * 0.09);
    const steps = 4, baseW = S * 1.12, topW = S * 0.42, h = S * 0.17;
    for (let i = 0; i < steps; i++) {
      const w = baseW - ((baseW - topW) * i) / (steps - 1), y = S * 0.04 - (i + 1) * h;
      g.appendChild(svg("rect", { x: (-w / 2).toFixed(2), y: (y + 0.2).toFixed(2), width: w.toFixed(2), height: (h + 0.1).toFixed(2), fill: TEMPLE_SHADE }));
      g.appendChild(svg("rect", { x: (-w / 2).toFixed(2), y: y.toFixed(2), width: w.toFixed(2), height: (h + 0.1).toFixed(2), fill: TEMPLE_STONE, stroke: "#6e644a", "stroke-width": "0.12" }));
    }
    g.appendChild(svg("rect", { x: (-S * 0.1).toFixed(2), y: (S * 0.04 - h * steps).toFixed(2), width: (S * 0.2).toFixed(2),
      height: (h * steps).toFixed(2), fill: TEMPLE_SHADE }));
  },
  treasure(g, rnd) {
    for (const [x, y] of ringSpots(rnd, 5, 0.6, 0.72)) tree(g, x, y, S * 0.09);
    for (let i = 0; i < 14; i++) {
      const a = rnd() * 2 * Math.PI, d = S * 0.55 * rnd();
      g.appendChild(circle(d * Math.cos(a), d * Math.sin(a), i % 4 ? 0.15 : 0.2, { fill: i % 4 === 0 ? GOLD : "#967a42" }));
    }
    g.appendChild(svg("ellipse", { cx: 0, cy: (-S * 0.28).toFixed(2), rx: (S * 0.45).toFixed(2), ry: (S * 0.21).toFixed(2),
      fill: "#785c30", stroke: "#5c4422", "stroke-width": "0.2" }));
  },
  volcano(g, rnd) {
    for (let i = 0; i < 10; i++) {
      const a = rnd() * 2 * Math.PI, d = S * (0.45 + 0.35 * rnd());
      g.appendChild(circle(d * Math.cos(a), d * Math.sin(a) * 0.8, S * (0.05 + 0.05 * rnd()), { fill: "#302828" }));
    }
    const cone = [[-S * 0.62, S * 0.42], [-S * 0.16, -S * 0.38], [S * 0.16, -S * 0.38], [S * 0.62, S * 0.42]];
    g.appendChild(poly(cone, { fill: "#705442", stroke: "#281c18", "stroke-width": "0.2" }));
    g.appendChild(poly([cone[0], cone[1], [-S * 0.02, -S * 0.38], [-S * 0.12, S * 0.42]], { fill: "#8c6a52" }));
    g.appendChild(svg("ellipse", { cx: 0, cy: (-S * 0.38).toFixed(2), rx: (S * 0.18).toFixed(2), ry: (S * 0.06).toFixed(2), fill: "#fa781e" }));
    for (const [dx, len] of [[-0.08, 0.35], [0.06, 0.5], [0.13, 0.22]]) {
      g.appendChild(line([S * dx, -S * 0.36], [S * dx + S * dx * 1.6, -S * (0.36 - len)],
        { stroke: "#ec6018", "stroke-width": (S * 0.06).toFixed(2), "stroke-linecap": "round" }));
    }
  },
  base(g, rnd) {
    for (const [x, y] of ringSpots(rnd, 6, 0.62, 0.72)) tree(g, x, y, S * 0.08);
    g.appendChild(svg("ellipse", { cx: 0, cy: (-S * 0.02).toFixed(2), rx: (S * 0.49).toFixed(2), ry: (S * 0.31).toFixed(2),
      fill: "#ba9260", stroke: "#704c28", "stroke-width": (S * 0.06).toFixed(2) }));
    const px = S * 0.3, py = -S * 0.22;
    g.appendChild(line([px, py + S * 0.2], [px, py - S * 0.42], { stroke: "#462e1a", "stroke-width": "0.3" }));
    g.appendChild(poly([[px, py - S * 0.42], [px + S * 0.3, py - S * 0.32], [px, py - S * 0.22]],
      { fill: "#dc3c32", stroke: INK, "stroke-width": "0.1" }));
  },
};

/** An unexplored board space (kept once in <defs> as `id`: each space <use>s it). */
export function slot(id) {
  const g = svg("g", { class: "tk-slot", id });
  g.appendChild(poly(corners(0, 0, 0.94), { fill: "#1a462e", "fill-opacity": "0.8", stroke: "#366846", "stroke-width": "0.25" }));
  for (let i = 0; i < 6; i++) {
    const a = ((60 * i + 30) * Math.PI) / 180;
    g.appendChild(circle(S * 0.45 * Math.cos(a), S * 0.45 * Math.sin(a), S * 0.08, { fill: "#225436" }));
  }
  return g;
}

/** The back of a tile with its letter. */
export function back(letter) {
  const g = svg("g", { class: "tk-back" });
  g.appendChild(poly(corners(0, 0, 0.985), { fill: "#684a2a", stroke: "#382614", "stroke-width": (S * 0.05).toFixed(2) }));
  g.appendChild(poly(corners(0, 0, 0.8), { fill: "#846038", stroke: "#46301a", "stroke-width": "0.2" }));
  if (letter) {
    g.appendChild(svg("text", { x: 0.2, y: 0.4, "text-anchor": "middle", "dominant-baseline": "central", "font-size": (S * 0.9).toFixed(1),
      "font-weight": "bold", fill: "#382614" }, [document.createTextNode(letter)]));
    g.appendChild(svg("text", { x: 0, y: 0, "text-anchor": "middle", "dominant-baseline": "central", "font-size": (S * 0.9).toFixed(1),
      "font-weight": "bold", fill: "#f0d696" }, [document.createTextNode(letter)]));
  }
  return g;
}

/** A player's mark (shape in its tone, ink outline; a light outline round a dark mark). */
export function mark(shape, cx, cy, r, tone, width = 0.25) {
  const stroke = luminance(tone) < 80 ? "#cdd0dc" : INK;
  const pts = shapePoints(shape, cx, cy, r);
  const attrs = { fill: rgb(tone), stroke, "stroke-width": width.toFixed(2), "stroke-linejoin": "round" };
  return pts ? poly(pts, attrs) : circle(cx, cy, r, attrs);
}

/** One figure: the owner's shape in its tone on a pale base; the leader bigger and crowned. */
export function figure(cx, cy, r, tone, shape, leader = false) {
  const g = svg("g", { class: "tk-fig" });
  if (leader) r *= 1.3;
  const halo = r * 0.22;
  g.appendChild(svg("ellipse", { cx: cx.toFixed(2), cy: (cy + r * 0.75).toFixed(2), rx: (r * 1.15 + halo).toFixed(2),
    ry: (r * 0.48 + halo).toFixed(2), fill: HALO }));
  const haloMark = mark(shape, cx, cy, r + halo, [250, 246, 232], 0);
  haloMark.setAttribute("stroke", "none");
  g.appendChild(haloMark);
  g.appendChild(svg("ellipse", { cx: cx.toFixed(2), cy: (cy + r * 0.75).toFixed(2), rx: (r * 1.15).toFixed(2), ry: (r * 0.48).toFixed(2),
    fill: "#ece4c8", stroke: INK, "stroke-width": "0.15" }));
  g.appendChild(mark(shape, cx, cy, r, tone, r * 0.16));
  if (leader) crown(g, cx, cy - r * 0.8, r * 1.5);
  return g;
}

function crown(g, cx, bottom, w) {
  const h = w * 0.6;
  const pts = [[cx - w / 2, bottom], [cx - w / 2, bottom - h * 0.6], [cx - w / 4, bottom - h * 0.25], [cx, bottom - h],
    [cx + w / 4, bottom - h * 0.25], [cx + w / 2, bottom - h * 0.6], [cx + w / 2, bottom]];
  g.appendChild(poly(pts, { fill: GOLD, stroke: INK, "stroke-width": (w * 0.06).toFixed(2), "stroke-linejoin": "round" }));
}

/** A camp: a tent in the owner's tone with the owner's mark on its pole. */
export function tent(cx, cy, size, tone, shape) {
  const g = svg("g", { class: "tk-tent" });
  const w = size * 2.2, h = size * 1.7;
  const pts = [[cx - w / 2, cy + h / 2], [cx, cy - h / 2], [cx + w / 2, cy + h / 2]];
  g.appendChild(poly(pts, { fill: rgb(tone), stroke: INK, "stroke-width": (size * 0.12).toFixed(2), "stroke-linejoin": "round" }));
  g.appendChild(poly([[cx - w * 0.14, cy + h / 2], [cx, cy + h * 0.05], [cx + w * 0.14, cy + h / 2]], { fill: rgb(shade(tone, 0.5)) }));
  g.appendChild(line([cx, cy - h / 2], [cx, cy - h / 2 - size * 0.45], { stroke: INK, "stroke-width": (size * 0.12).toFixed(2) }));
  g.appendChild(mark(shape, cx, cy - h / 2 - size * 0.45, size * 0.36, tone, size * 0.08));
  return g;
}

/** A guard: a figure on a little plinth, in the owner's tone and mark. */
export function guard(cx, cy, size, tone, shape) {
  const g = svg("g", { class: "tk-guard" });
  g.appendChild(svg("rect", { x: (cx - size * 1.3).toFixed(2), y: (cy + size * 0.6).toFixed(2), width: (size * 2.6).toFixed(2),
    height: (size * 0.7).toFixed(2), rx: (size * 0.2).toFixed(2), fill: TEMPLE_STONE, stroke: INK, "stroke-width": (size * 0.1).toFixed(2) }));
  g.appendChild(mark(shape, cx, cy, size, tone, size * 0.16));
  g.appendChild(circle(cx, cy - size * 1.35, size * 0.42, { fill: rgb(tone), stroke: INK, "stroke-width": (size * 0.12).toFixed(2) }));
  return g;
}

/** A temple's value on a round plaque, ringed in its guard's tone when guarded. */
export function plaque(cx, cy, r, value, ringTone) {
  const g = svg("g", { class: "tk-plaque" });
  if (ringTone) g.appendChild(circle(cx, cy, r * 1.25, { fill: rgb(ringTone), stroke: INK, "stroke-width": (r * 0.1).toFixed(2) }));
  g.appendChild(circle(cx, cy, r, { fill: PAPER, stroke: INK, "stroke-width": (r * 0.12).toFixed(2) }));
  g.appendChild(svg("text", { x: cx.toFixed(2), y: (cy + r * 0.05).toFixed(2), "text-anchor": "middle", "dominant-baseline": "central",
    "font-size": (r * (value >= 10 ? 1.2 : 1.45)).toFixed(2), "font-weight": "bold", fill: INK }, [document.createTextNode(String(value))]));
  return g;
}

/** The flag of a temple's holder (its mark, big enough to read), or a grey flag with "=" for a tie. */
export function flag(footX, footY, h, tone, shape) {
  const g = svg("g", { class: "tk-flag" });
  const top = footY - h;
  g.appendChild(line([footX, footY], [footX, top], { stroke: INK, "stroke-width": (h * 0.08).toFixed(2) }));
  const fw = h * 0.78, fh = h * 0.56;
  g.appendChild(svg("rect", { x: footX.toFixed(2), y: top.toFixed(2), width: fw.toFixed(2), height: fh.toFixed(2), rx: (h * 0.06).toFixed(2),
    fill: tone ? rgb(tone) : "#9696a0", stroke: INK, "stroke-width": (h * 0.06).toFixed(2) }));
  if (tone) {
    const ink = luminance(tone) > 140 ? [20, 24, 38] : [250, 246, 232];
    const m = mark(shape, footX + fw / 2, top + fh / 2, fh * 0.31, ink, 0);
    m.setAttribute("stroke", "none");
    g.appendChild(m);
  } else {
    for (const dy of [-0.1, 0.1]) g.appendChild(line([footX + fw * 0.3, top + fh * (0.5 + dy)], [footX + fw * 0.7, top + fh * (0.5 + dy)],
      { stroke: INK, "stroke-width": (h * 0.07).toFixed(2) }));
  }
  return g;
}

/** A treasure token: face up (its colour and glyph) or face down (kind null: gold). */
export function treasure(cx, cy, r, kind) {
  const g = svg("g", { class: "tk-treasure" });
  if (kind === null || kind === undefined) {
    g.appendChild(circle(cx + r * 0.1, cy + r * 0.15, r, { fill: "#785418" }));
    g.appendChild(circle(cx, cy, r, { fill: GOLD, stroke: INK, "stroke-width": (r * 0.14).toFixed(2) }));
    g.appendChild(circle(cx, cy, r * 0.62, { fill: "none", stroke: "#ffe68c", "stroke-width": (r * 0.18).toFixed(2) }));
    return g;
  }
  const col = TREASURE_COLOURS[kind % 8];
  g.appendChild(circle(cx, cy, r, { fill: rgb(col), stroke: INK, "stroke-width": (r * 0.14).toFixed(2) }));
  const ink = luminance(col) > 140 ? [20, 24, 38] : [250, 246, 232];
  const glyph = TREASURE_GLYPHS[kind % 8];
  if (glyph === "ring") g.appendChild(circle(cx, cy, r * 0.45, { fill: "none", stroke: rgb(ink), "stroke-width": (r * 0.2).toFixed(2) }));
  else {
    const m = mark(glyph, cx, cy, r * 0.52, ink, 0);
    m.setAttribute("stroke", "none");
    g.appendChild(m);
  }
  return g;
}

/** A temple level token rising onto a temple. */
export function levelBlock(cx, cy, w, value) {
  const g = svg("g", { class: "tk-block" });
  g.appendChild(svg("rect", { x: (cx - w / 2).toFixed(2), y: (cy - w * 0.3).toFixed(2), width: w.toFixed(2), height: (w * 0.6).toFixed(2),
    rx: (w * 0.08).toFixed(2), fill: TEMPLE_STONE, stroke: INK, "stroke-width": (w * 0.04).toFixed(2) }));
  g.appendChild(svg("text", { x: cx.toFixed(2), y: (cy + w * 0.02).toFixed(2), "text-anchor": "middle", "dominant-baseline": "central",
    "font-size": (w * 0.45).toFixed(2), "font-weight": "bold", fill: INK }, [document.createTextNode(String(value))]));
  return g;
}

export const HEX_H = SQRT3 * S;
