// Where the Tikal table's parts go on screen, as plain maths (unit-tested without a browser:
// tests/js/tikal_layout.test.mjs): the table's layout for the room it has, the rail's board width
// on a phone held sideways, and the board's view box that brings a step's hexes to tap into view.
import { S, SQRT3, bounds, center } from "./geometry.js";

/** Under this height (the table's own room, CSS pixels) a landscape table gives the board the height. */
export const RAIL_HEIGHT = 460;
/** The rail's least width (the bar's buttons as a phone in portrait has them). */
export const RAIL_MIN = 350;
/** The least a hex the player must tap is high on screen (CSS pixels, flat side to flat side): a
 * finger's 44 and a little more. */
export const MIN_HEX = 46;

/** The table's layout for a room of `w` x `h` CSS pixels: "rail" (a short landscape: a phone held
 * sideways), "wide" (a laptop, a tablet on its side) or "narrow" (a phone in portrait). */
export function layoutOf(w, h) {
  if (h < RAIL_HEIGHT && w >= 560 && w > h * 1.3) return "rail";
  return w >= 700 && w > h * 1.05 ? "wide" : "narrow";
}

/** The rail layout's board width for a room of `w` x `h` (the table's padding 4 px, its gap 4 px):
 * the board's aspect at the full height, the rail left at least its least width. */
export function railBoard(w, h) {
  const [, , bw, bh] = bounds();
  return Math.max(200, Math.min((h - 8) * (bw / bh), w - 12 - RAIL_MIN));
}

/** What a view box `vb` ([x, y, w, h], board units) shows in a box of `px` ([width, height], CSS
 * pixels): the SVG keeps its aspect, so one side shows more than `vb`. {x, y, w, h} in board units
 * and `k`, CSS pixels per board unit. */
export function visibleRect(vb, px) {
  const [x, y, w, h] = vb, [W, H] = px;
  const k = Math.min(W / w, H / h);
  const vw = W / k, vh = H / k;
  return { x: x + w / 2 - vw / 2, y: y + h / 2 - vh / 2, w: vw, h: vh, k };
}

/** The view box that shows every one of `hexes` at least `minHex` CSS px high, moved and zoomed as
 * little as it takes from `vb` (null: they are all in view at that size already). `px` the board's
 * box in CSS pixels; the zoom stays within [1, `zoomMax`] (all of the hexes in view comes first:
 * hexes too far apart for a finger's size at once are shown smaller). {vb, zoom}. */
export function bringView(hexes, vb, px, { minHex = MIN_HEX, zoomMax = 3.2 } = {}) {
  if (!hexes.length) return null;
  const seen = visibleRect(vb, px);
  const HY = (SQRT3 / 2) * S, m = S * 0.3;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const hx of hexes) {
    const [x, y] = center(hx);
    x0 = Math.min(x0, x - S); x1 = Math.max(x1, x + S); y0 = Math.min(y0, y - HY); y1 = Math.max(y1, y + HY);
  }
  const big = seen.k * SQRT3 * S >= minHex;
  const inside = x0 >= seen.x && x1 <= seen.x + seen.w && y0 >= seen.y && y1 <= seen.y + seen.h;
  if (big && inside) return null;
  x0 -= m; x1 += m; y0 -= m; y1 += m;                // a little of the ground round them
  const [, , bw, bh] = bounds(), [W, H] = px;
  const now = bw / vb[2], k1 = seen.k / now;        // the zoom now; CSS pixels per unit at zoom 1
  const need = minHex / (SQRT3 * S * k1), most = Math.min(W / (k1 * (x1 - x0)), H / (k1 * (y1 - y0)));
  const zoom = Math.min(zoomMax, Math.max(1, Math.min(Math.max(now, need), most)));
  const vw = W / (k1 * zoom), vh = H / (k1 * zoom);
  // the view's middle moves only as far as it must for the hexes' box to be inside
  const fit = (c, v, a, b) => {
    if (v < b - a) return (a + b) / 2;
    if (c - v / 2 > a) c = a + v / 2;
    if (c + v / 2 < b) c = b - v / 2;
    return c;
  };
  const cx = fit(seen.x + seen.w / 2, vw, x0, x1), cy = fit(seen.y + seen.h / 2, vh, y0, y1);
  const w = bw / zoom, h = bh / zoom;
  return { vb: [cx - w / 2, cy - h / 2, w, h], zoom };
}
