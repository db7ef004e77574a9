// A seat's mark: its colour (the lobby's pick, in the window's colour-blind-safe tones, game/theme.py)
// and, with colour-blind shapes on, its shape (never told apart by colour alone).
export const TONES = {
  orange: [230, 159, 0], blue: [0, 114, 178], green: [0, 158, 115], yellow: [240, 228, 66],
  purple: [204, 121, 167], red: [213, 94, 0], black: [70, 70, 78], white: [236, 236, 230],
};
const ORDER = ["orange", "blue", "green", "yellow", "purple", "red", "black", "white"];
export const SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon", "cross"];
export const INK = "#141826";
export const PAPER = "#faf6e8";
export const ACCENT = "#ffcc40";

export const rgb = (c) => `rgb(${c[0]},${c[1]},${c[2]})`;
export const shade = (c, f) => (f <= 1 ? c.map((x) => Math.max(0, Math.round(x * f)))
  : c.map((x) => Math.min(255, Math.round(x + (255 - x) * (f - 1)))));
export const luminance = (c) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];

/** A seat's tone ([r, g, b]): its pick; a seat with none gets the first colour nobody picked
 * (game/scenes/common.py seat_colour). */
export function seatTone(players, seat) {
  const picks = (players || []).map((p) => (p && p.colour) || null);
  if (seat >= 0 && seat < picks.length && TONES[picks[seat]]) return TONES[picks[seat]];
  const used = new Set(picks.filter((c) => TONES[c]));
  let free = ORDER.filter((c) => !used.has(c));
  if (!free.length) free = ORDER;
  const unpicked = [];
  for (let i = 0; i < Math.max(seat + 1, picks.length); i++) if (i >= picks.length || !TONES[picks[i]]) unpicked.push(i);
  return TONES[free[unpicked.indexOf(seat) % free.length]];
}

export const seatShape = (seat, shapes) => (shapes ? SHAPES[seat % SHAPES.length] : "circle");

/** The polygon of a shape around (cx, cy), radius r (game/theme.py shape_points); null: a circle. */
export function shapePoints(shape, cx, cy, r) {
  const ring = (n, rad, start) => Array.from({ length: n }, (_, i) =>
    [cx + rad * Math.cos(start + (2 * Math.PI * i) / n), cy + rad * Math.sin(start + (2 * Math.PI * i) / n)]);
  switch (shape) {
    case "square": { const s = r * 0.85; return [[cx - s, cy - s], [cx + s, cy - s], [cx + s, cy + s], [cx - s, cy + s]]; }
    case "triangle": return ring(3, r * 1.1, -Math.PI / 2);
    case "diamond": return [[cx, cy - r * 1.1], [cx + r * 0.85, cy], [cx, cy + r * 1.1], [cx - r * 0.85, cy]];
    case "star": return Array.from({ length: 10 }, (_, i) => {
      const rad = i % 2 === 0 ? r * 1.1 : r * 0.48, a = -Math.PI / 2 + (Math.PI * i) / 5;
      return [cx + rad * Math.cos(a), cy + rad * Math.sin(a)];
    });
    case "hexagon": return ring(6, r, 0);
    case "cross": {
      const a = r * 0.36, b = r * 0.95;
      return [[cx - a, cy - b], [cx + a, cy - b], [cx + a, cy - a], [cx + b, cy - a], [cx + b, cy + a], [cx + a, cy + a],
        [cx + a, cy + b], [cx - a, cy + b], [cx - a, cy + a], [cx - b, cy + a], [cx - b, cy - a], [cx - a, cy - a]];
    }
    default: return null;
  }
}
