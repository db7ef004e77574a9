// Small readings of the page's modules: the animation speed a page asks for (app/play.js), La
// Tortuga's hops (games/tortuga/island.js), Tikal's tones (games/tikal/marks.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { animSpeed } from "../../assets/web/app/play.js";
import { hopPath } from "../../assets/web/games/tortuga/island.js";
import { BEACH } from "../../assets/web/games/tortuga/facts.js";
import { hexTone, readable, luminance, READABLE } from "../../assets/web/games/tikal/marks.js";
import { TONES } from "../../assets/web/app/marks.js";

test("?anim=N hurries the tables N times, ?anim=off lands every animation at once", () => {
  assert.equal(animSpeed(null), 1);
  assert.equal(animSpeed(""), 1);
  assert.equal(animSpeed("off"), Infinity);
  assert.equal(animSpeed("0"), Infinity);
  assert.equal(animSpeed("30"), 30);
  assert.equal(animSpeed("2.5"), 2.5);
  assert.equal(animSpeed("-3"), 1);
  assert.equal(animSpeed("fast"), 1);
});

test("a group hops space by space; from the raft it starts at 1, after the beach comes 1 again", () => {
  assert.deepEqual(hopPath(0, 3), [1, 2, 3]);
  assert.deepEqual(hopPath(19, 4), [20, BEACH, 1, 2]);
  assert.deepEqual(hopPath(5, 0), []);
});

test("every seat's tone is readable on the dark panels once made readable", () => {
  assert.deepEqual(hexTone("#e69f00"), [230, 159, 0]);
  assert.deepEqual(hexTone("red"), [150, 150, 160]);
  for (const [name, tone] of Object.entries(TONES)) {
    const c = readable(hexTone(tone));
    assert.ok(luminance(c) >= READABLE - 1, name);
  }
  assert.deepEqual(readable([240, 228, 66]), [240, 228, 66]);    // light enough already: as it is
});
