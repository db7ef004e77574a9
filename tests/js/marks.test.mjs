// app/marks.js: the players' tones and shapes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { TONES, COLOURS, SHAPES, toneOf, shapeOf, textOn, shapePoints } from "../../assets/web/app/marks.js";

test("a seat's tone is its colour's, else the seat's place in the palette", () => {
  assert.equal(toneOf("blue"), "#0072b2");
  assert.equal(toneOf(null, 2), TONES[COLOURS[2]]);
  assert.equal(toneOf("plaid", 9), TONES[COLOURS[1]]);
  assert.equal(shapeOf(0), "circle");
  assert.equal(shapeOf(SHAPES.length + 2), SHAPES[2]);
});

test("text on a tone is ink on the light ones, paper on the dark", () => {
  assert.equal(textOn(TONES.yellow), "#141826");
  assert.equal(textOn(TONES.white), "#141826");
  assert.equal(textOn(TONES.blue), "#faf6e8");
  assert.equal(textOn(TONES.black), "#faf6e8");
});

test("each shape but the circle is a polygon round its centre, within a quarter more than its radius", () => {
  assert.equal(shapePoints("circle", 0, 0, 10), null);
  const corners = { square: 4, triangle: 3, diamond: 4, star: 10, hexagon: 6, cross: 12 };
  for (const shape of SHAPES.slice(1)) {
    const pts = shapePoints(shape, 5, 7, 10);
    assert.equal(pts.length, corners[shape], shape);
    const mx = pts.reduce((a, p) => a + p[0], 0) / pts.length, my = pts.reduce((a, p) => a + p[1], 0) / pts.length;
    assert.ok(Math.abs(mx - 5) < 1.5 && Math.abs(my - 7) < 3, shape);
    for (const [x, y] of pts) assert.ok(Math.hypot(x - 5, y - 7) <= 12.5, shape);
  }
});
