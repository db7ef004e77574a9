// Colours for Tikal's pieces as [r, g, b] (the art shades them). The players' tones and shapes are
// the shell's (assets/web/app/marks.js: the same as its players' strip); ink and paper the window's
// (app/palette.js).
export { INK, PAPER } from "../../app/palette.js";

export const rgb = (c) => `rgb(${c[0]},${c[1]},${c[2]})`;
export const shade = (c, f) => (f <= 1 ? c.map((x) => Math.max(0, Math.round(x * f)))
  : c.map((x) => Math.min(255, Math.round(x + (255 - x) * (f - 1)))));
export const luminance = (c) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];

/** "#e69f00" -> [230, 159, 0] (grey for anything else). */
export function hexTone(c) {
  const m = /^#([0-9a-f]{6})$/i.exec(String(c || "").trim());
  if (!m) return [150, 150, 160];
  const v = parseInt(m[1], 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** A tone to write with on the dark panels: the tone itself, or lightened (towards white, its hue
 * kept) until it reads there (a blue or black seat's name in a banner). */
export const READABLE = 150;
export function readable(c) {
  const l = luminance(c);
  return l >= READABLE ? c : shade(c, 1 + (READABLE - l) / (255 - l));
}
