// app/hintwords.js and games/tikal/hint.js: the hint's numbers, moments and steps.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixed, decimal, askable, reasonText } from "../../assets/web/app/hintwords.js";
import { played, stepLine } from "../../assets/web/games/tikal/hint.js";
import { HINT as TIKAL } from "../../assets/web/games/tikal/learn_facts.js";
import { HINT as TORTUGA } from "../../assets/web/games/tortuga/learn_facts.js";
import { catalog } from "./support.mjs";

test("a number of eggs is written as Python writes it: exactly halfway, to the even digit", () => {
  assert.deepEqual([0.25, 0.75, 1.25, -0.25, 0.35, 2.45].map((x) => fixed(x, 1)), ["0.2", "0.8", "1.2", "-0.2", "0.3", "2.5"]);
  assert.deepEqual([0.125, 0.375, 0.045, 0.05].map((x) => fixed(x, 2)), ["0.12", "0.38", "0.04", "0.05"]);
  const cs = catalog({ "hint.decimal_point": "," }, "cs");
  assert.equal(decimal(cs, 1.84), "1,8");
  assert.equal(decimal(cs, 0.07), "0,07");
});

test("the hint is asked in the game's moments only, with a choice to make", () => {
  assert.ok(askable(TIKAL, { phase: "place" }, [{}]) && askable(TIKAL, { phase: "bid" }, [{}]));
  assert.ok(!askable(TIKAL, { phase: "score" }, [{}, {}]));
  assert.ok(askable(TORTUGA, { phase: "decide" }, [{}, {}]));
  assert.ok(!askable(TORTUGA, { phase: "decide" }, [{ type: "roll" }]), "the first die is always rolled");
});

test("a reason names a later step by its number in the list, another choice inside it", () => {
  const cat = catalog({ "hint.why.for_step": "for step {step}", "hint.why.tortuga.stop": ["{bust} % busts: {gain} more than {other}", "x"],
    "hint.why.tortuga.other_roll": "rolling", "hint.decimal_point": "." });
  assert.equal(reasonText(cat, { key: "hint.why.for_step", args: {}, ahead: 2 }, 3), "for step 5");
  assert.equal(reasonText(cat, { key: "hint.why.tortuga.stop", n: 1, args: { bust: 50, gain: 0.25, other: { key: "hint.why.tortuga.other_roll", args: {} } },
    decimal: ["gain"] }), "50 % busts: 0.2 more than rolling");
  assert.equal(reasonText(cat, null), "");
});

test("the plan follows a step when the host's events are that step", () => {
  const walk = { type: "move", figure: "worker", path: [[0, 0], [0, -1], [1, -2]] };
  assert.ok(played([{ type: "figure_moved", seat: 0, path: [[0, 0], [0, -1], [1, -2]] }], walk));
  assert.ok(!played([{ type: "figure_moved", seat: 0, path: [[0, 0], [0, -1]] }], walk), "another walk");
  assert.ok(played([{ type: "tile_placed", hex: [1, -2] }], { type: "place_tile", hex: [1, -2], rotation: 2 }));
  assert.ok(!played([{ type: "tile_placed", hex: [2, -2] }], { type: "place_tile", hex: [1, -2], rotation: 2 }));
  assert.ok(!played([{ type: "turn_ended" }], { type: "end_turn" }), "the end of a turn is no step to follow");
});

test("a finger is told the tile's spot, a mouse its turns and keys too", () => {
  const cat = catalog({ "hint.step.place": "Place it", "hint.step.place_turned": ["turned {n} time (R)", "turned {n} times (R)"],
    "hint.step.place_turned_back": ["back {n} time (Q)", "back {n} times (Q)"], "hint.step.dig": "Dig", "hint.with_cost": "{step} ({ap} AP)" });
  const t = { t: cat.t, tn: (k, n, vars) => cat.tn(k, n, { n, ...(vars || {}) }) };
  assert.equal(stepLine(t, { type: "place_tile", rotation: 2 }, 0, false), "Place it");
  assert.equal(stepLine(t, { type: "place_tile", rotation: 2 }, 0, true), "turned 2 times (R)");
  assert.equal(stepLine(t, { type: "place_tile", rotation: 5 }, 0, true), "back 1 time (Q)");
  assert.equal(stepLine(t, { type: "dig", hex: [0, 0] }, 1), "Dig (1 AP)");
});

test("the first-game guide's steps are done by the host's events for our seat, the end of the turn ends it", async () => {
  const { GuideSteps } = await import("../../assets/web/games/tikal/guide.js");
  const g = new GuideSteps(1);
  assert.equal(g.current("place"), "place");
  assert.equal(g.current("actions"), "enter");
  g.feed([{ type: "figure_entered", seat: 0 }]);          // another seat's: nothing done
  assert.equal(g.current("actions"), "enter");
  g.feed([{ type: "figure_entered", seat: 1 }]);
  assert.equal(g.current("actions"), "walk");
  g.feed([{ type: "figure_moved", seat: 1 }]);
  assert.equal(g.current("actions"), "end");
  assert.equal(g.current("bid"), "bid");
  assert.equal(g.current("score"), null);
  g.feed([{ type: "turn_ended", seat: 1 }]);
  assert.ok(g.finished);
  assert.equal(g.current("actions"), null);
});
