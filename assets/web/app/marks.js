// The players' marks, as in the window (game/theme.py): a colour-blind-safe palette (Okabe & Ito)
// and, with the colour-blind setting, a distinct shape per seat, so a seat is never told apart by
// colour alone. Game modules draw their pieces with these too.
import { s } from "./ui.js";

export const TONES = {
  orange: "#e69f00", blue: "#0072b2", green: "#009e73", yellow: "#f0e442",
  purple: "#cc79a7", red: "#d55e00", black: "#46464e", white: "#ececE6",
};
export const COLOURS = Object.keys(TONES);
export const SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon", "cross"];

export function toneOf(colour, seat = 0) {
  return TONES[colour] || TONES[COLOURS[seat % COLOURS.length]];
}
export function shapeOf(seat) { return SHAPES[seat % SHAPES.length]; }
// ink or paper, whichever reads better on a tone
export function textOn(tone) {
  const v = parseInt(tone.slice(1), 16);
  const r = (v >> 16) & 255, g = (v >> 8) & 255, b = v & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#141826" : "#faf6e8";
}

// the polygon points of a shape around (cx, cy) of radius r ("circle": null)
export function shapePoints(shape, cx, cy, r) {
  const ring = (n, rad, start) => Array.from({ length: n }, (_, i) => [
    cx + rad * Math.cos(start + (2 * Math.PI * i) / n), cy + rad * Math.sin(start + (2 * Math.PI * i) / n)]);
  switch (shape) {
    case "square": { const q = r * 0.85; return [[cx - q, cy - q], [cx + q, cy - q], [cx + q, cy + q], [cx - q, cy + q]]; }
    case "triangle": return ring(3, r * 1.1, -Math.PI / 2);
    case "diamond": return [[cx, cy - r * 1.1], [cx + r * 0.85, cy], [cx, cy + r * 1.1], [cx - r * 0.85, cy]];
    case "star": return Array.from({ length: 10 }, (_, i) => {
      const rad = i % 2 === 0 ? r * 1.1 : r * 0.48, a = -Math.PI / 2 + (Math.PI * i) / 5;
      return [cx + rad * Math.cos(a), cy + rad * Math.sin(a)];
    });
    case "hexagon": return ring(6, r, 0);
    case "cross": { const a = r * 0.36, b = r * 0.95; return [[cx - a, cy - b], [cx + a, cy - b], [cx + a, cy - a], [cx + b, cy - a], [cx + b, cy + a], [cx + a, cy + a], [cx + a, cy + b], [cx - a, cy + b], [cx - a, cy + a], [cx - b, cy + a], [cx - b, cy - a], [cx - a, cy - a]]; }
    default: return null;
  }
}

// an SVG element drawing a seat's mark (its colour; its shape when shapes are on)
export function markSvg(seat, colour, shapes, size = 18) {
  const r = size * 0.4, c = size / 2, tone = toneOf(colour, seat);
  const pts = shapes ? shapePoints(shapeOf(seat), c, c, r) : null;
  const body = pts
    ? s("polygon", { points: pts.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "), fill: tone, stroke: "#141826", "stroke-width": 1.2 })
    : s("circle", { cx: c, cy: c, r, fill: tone, stroke: "#141826", "stroke-width": 1.2 });
  return s("svg", { class: "mark", width: size, height: size, viewBox: `0 0 ${size} ${size}`, "aria-hidden": "true" }, body);
}
