// The board's maths (docs/actions.md "Tikal", tikal-tiles.md "Coordinates"): flat-topped hexes in
// axial coordinates [q, r], N up, the base camp [0, 0] at the bottom left; the same maths as the
// window's game/tikal/geometry.py, in the SVG's units (a hex's size, centre to corner, is S).
import { HEXES } from "./tiles.js";

export const S = 10;
export const SQRT3 = Math.sqrt(3);
/** Screen angle (degrees, y down) of each direction 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. */
export const DIR_ANGLE = [-90, -30, 30, 90, 150, 210];
/** The step [dq, dr] of each direction. */
export const DIRS = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];

export const key = (h) => `${h[0]},${h[1]}`;
export const unkey = (k) => k.split(",").map(Number);
export const same = (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1];
const ON_BOARD = new Set(HEXES.map(key));
export const onBoard = (h) => ON_BOARD.has(key(h));

/** The centre of hex h. */
export function center(h) {
  return [1.5 * S * h[0], SQRT3 * S * (h[1] + h[0] / 2)];
}

/** The hexagon's corners around (cx, cy), `scale` times the hex. */
export function corners(cx, cy, scale = 1) {
  const s = S * scale;
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    out.push([cx + s * Math.cos(a), cy + s * Math.sin(a)]);
  }
  return out;
}

export const points = (pts) => pts.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ");

/** The polygon points of hex h (or of a hex at the origin) for an SVG `points` attribute. */
export function hexPoints(h, scale = 1) {
  const [cx, cy] = h ? center(h) : [0, 0];
  return points(corners(cx, cy, scale));
}

function cubeRound(q, r) {
  const s = -q - r;
  let rq = Math.round(q), rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q), dr = Math.abs(rr - r), ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return [rq, rr];
}

/** The board hex under a point of the board's units, or null. */
export function hexAt(x, y) {
  const q = (2 / 3) * (x / S);
  const r = -(x / S) / 3 + (y / S) / SQRT3;
  const h = cubeRound(q, r);
  return onBoard(h) ? h : null;
}

/** The board's box in its units: [x, y, w, h] (12.5 S wide, 5.5 √3 S high). */
export function bounds() {
  return [-S, -4.5 * SQRT3 * S, 12.5 * S, 5.5 * SQRT3 * S];
}

/** A point on the edge facing `dir`: the edge's middle moved `inset` toward the centre and
 * `along` along the edge (clockwise). */
export function edgePoint(cx, cy, size, dir, inset = 0, along = 0) {
  const a = (DIR_ANGLE[dir] * Math.PI) / 180;
  const d = (SQRT3 / 2) * size - inset;
  const x = cx + d * Math.cos(a), y = cy + d * Math.sin(a);
  return [x - along * Math.sin(a), y + along * Math.cos(a)];
}

/** The neighbour of h in direction d. */
export const neighbour = (h, d) => [h[0] + DIRS[d][0], h[1] + DIRS[d][1]];

/** The direction from a to its neighbour b, or -1. */
export function direction(a, b) {
  const dq = b[0] - a[0], dr = b[1] - a[1];
  return DIRS.findIndex(([q, r]) => q === dq && r === dr);
}
