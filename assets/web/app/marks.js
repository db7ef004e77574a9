// The players' marks, as in the window: a colour-blind-safe palette (Okabe & Ito) and, with the
// colour-blind setting, a distinct shape per seat, so a seat is never told apart by colour alone.
// The tones and shapes are the window's own (game/theme.py, written to palette.js by
// tools/web_data.py). Game modules draw their pieces with these too.
import { s } from "./ui.js";
import { TONES, SHAPES, SHAPE_POINTS, INK, PAPER, LIGHT_TONE } from "./palette.js";

export { TONES, SHAPES };
export const COLOURS = Object.keys(TONES);     // the host's order (palette.js keeps it)

export function toneOf(colour, seat = 0) {
  return TONES[colour] || TONES[COLOURS[seat % COLOURS.length]];
}
export function shapeOf(seat) { return SHAPES[seat % SHAPES.length]; }
// ink or paper, whichever reads better on a tone
export function textOn(tone) {
  const v = parseInt(tone.slice(1), 16);
  const r = (v >> 16) & 255, g = (v >> 8) & 255, b = v & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > LIGHT_TONE ? INK : PAPER;
}

// the polygon points of a shape around (cx, cy) of radius r ("circle": null)
export function shapePoints(shape, cx, cy, r) {
  const unit = SHAPE_POINTS[shape];
  return unit ? unit.map(([x, y]) => [cx + r * x, cy + r * y]) : null;
}

// an SVG element drawing a seat's mark (its colour; its shape when shapes are on)
export function markSvg(seat, colour, shapes, size = 18) {
  const r = size * 0.4, c = size / 2, tone = toneOf(colour, seat);
  const pts = shapes ? shapePoints(shapeOf(seat), c, c, r) : null;
  const body = pts
    ? s("polygon", { points: pts.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "), fill: tone, stroke: INK, "stroke-width": 1.2 })
    : s("circle", { cx: c, cy: c, r, fill: tone, stroke: INK, "stroke-width": 1.2 });
  return s("svg", { class: "mark", width: size, height: size, viewBox: `0 0 ${size} ${size}`, "aria-hidden": "true" }, body);
}
