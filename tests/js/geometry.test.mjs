// games/tikal/geometry.js: the board's hex maths (the window's game/tikal/geometry.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { center, hexAt, key, unkey, same, onBoard, neighbour, direction, DIRS, S } from "../../assets/web/games/tikal/geometry.js";
import { HEXES } from "../../assets/web/games/tikal/tiles.js";

test("every board hex is found again under its centre and near it, and nothing off the board is", () => {
  for (const h of HEXES) {
    assert.equal(key(hexAt(...center(h))), key(h));
    const [x, y] = center(h);
    for (let a = 0; a < 6; a++) assert.ok(same(hexAt(x + 0.8 * S * Math.cos(a), y + 0.8 * S * Math.sin(a)), h));
  }
  assert.equal(hexAt(...center([-3, 0])), null);
  assert.equal(onBoard([0, 0]), true);
  assert.equal(onBoard([0, 5]), false);
});

test("keys, neighbours and directions agree", () => {
  assert.equal(key([2, -3]), "2,-3");
  assert.deepEqual(unkey("2,-3"), [2, -3]);
  assert.equal(same([1, 2], [1, 2]), true);
  assert.equal(same([1, 2], null), false);
  for (let d = 0; d < 6; d++) {
    const n = neighbour([3, -3], d);
    assert.deepEqual(n, [3 + DIRS[d][0], -3 + DIRS[d][1]]);
    assert.equal(direction([3, -3], n), d);
  }
});
