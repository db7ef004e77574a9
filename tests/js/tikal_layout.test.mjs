// games/tikal/layout.js: the table's layout for its room, the rail's board on a phone held
// sideways, and the view box that brings a step's hexes to tap into a finger's reach.
import { test } from "node:test";
import assert from "node:assert/strict";
import { layoutOf, railBoard, visibleRect, bringView, MIN_HEX, RAIL_MIN } from "../../assets/web/games/tikal/layout.js";
import { bounds, center, S, SQRT3 } from "../../assets/web/games/tikal/geometry.js";
import { HEXES } from "../../assets/web/games/tikal/tiles.js";

const BASE = bounds();
const zoomed = (z, cx, cy) => [cx - BASE[2] / z / 2, cy - BASE[3] / z / 2, BASE[2] / z, BASE[3] / z];

/** Each hex whole inside what `vb` shows in `px`, and its height on screen. */
function seenAt(hexes, vb, px) {
  const r = visibleRect(vb, px);
  return hexes.map((h) => {
    const [x, y] = center(h), hy = (SQRT3 / 2) * S;
    const inside = x - S >= r.x - 1e-6 && x + S <= r.x + r.w + 1e-6 && y - hy >= r.y - 1e-6 && y + hy <= r.y + r.h + 1e-6;
    return { inside, high: r.k * SQRT3 * S };
  });
}

test("a phone held sideways gets the rail, in portrait the narrow column, a laptop or a tablet the wide one", () => {
  // the table's room: the screen less the shell's two short bars
  assert.equal(layoutOf(844, 319), "rail");
  assert.equal(layoutOf(740, 289), "rail");
  assert.equal(layoutOf(640, 289), "rail");
  assert.equal(layoutOf(390, 740), "narrow");
  assert.equal(layoutOf(360, 530), "narrow");
  assert.equal(layoutOf(1280, 690), "wide");
  assert.equal(layoutOf(1024, 660), "wide");
  assert.equal(layoutOf(500, 400), "narrow");       // a small window, nearly square: the column
});

test("the rail's board takes the full height at the board's aspect, and leaves the rail its width", () => {
  const w = railBoard(844, 319);
  assert.ok(Math.abs(w - (319 - 8) * (BASE[2] / BASE[3])) < 1e-6, w);
  assert.ok(844 - 12 - w >= RAIL_MIN);
  const narrow = railBoard(640, 289);             // too little width: the rail keeps its least
  assert.equal(640 - 12 - narrow, RAIL_MIN);
  // at 844x390 the whole board's hexes are a finger's size even unzoomed
  assert.ok(seenAt(HEXES, BASE, [w, 311]).every((s) => s.inside && s.high >= MIN_HEX));
});

test("hexes already in view at a finger's size leave the view alone", () => {
  const px = [409, 311];
  assert.equal(bringView([[0, 0], [1, -1]], BASE, px), null);
  assert.equal(bringView([], zoomed(3, 100, -40), px), null);
});

test("hexes out of a zoomed-in view: the view moves just enough to show them, at the player's zoom", () => {
  const px = [409, 311], vb = zoomed(2, 95, -40);         // zoomed in on the far side of the board
  const hexes = [[0, 0], [0, -1]];
  assert.ok(seenAt(hexes, vb, px).some((s) => !s.inside));
  const to = bringView(hexes, vb, px);
  assert.ok(to);
  assert.equal(to.zoom, 2);                               // they fit at this zoom: it stays
  assert.ok(seenAt(hexes, to.vb, px).every((s) => s.inside && s.high >= MIN_HEX));
});

test("hexes far apart: the view zooms out as far as it takes to show them all", () => {
  const px = [409, 311], vb = zoomed(3.2, 20, -10);
  const hexes = [[0, 0], [7, -6], [4, -3]];
  const to = bringView(hexes, vb, px);
  assert.ok(to && to.zoom < 3.2 && to.zoom >= 1);
  assert.ok(seenAt(hexes, to.vb, px).every((s) => s.inside && s.high >= MIN_HEX));
});

test("a small board: hexes too small for a finger are zoomed in on", () => {
  const px = [230, 175];                                  // the whole board: a hex 32 px high
  assert.ok(seenAt([[0, 0]], BASE, px)[0].high < MIN_HEX);
  const to = bringView([[0, 0], [1, 0]], BASE, px);
  assert.ok(to && to.zoom > 1);
  assert.ok(seenAt([[0, 0], [1, 0]], to.vb, px).every((s) => s.inside && s.high >= MIN_HEX));
});
