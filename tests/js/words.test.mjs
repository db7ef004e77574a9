// app/words.js: a game's words in the lobby from what the welcome declares, with the fallback
// from catalog keys, then the names themselves (a game the shell has never heard of).
import { test } from "node:test";
import assert from "node:assert/strict";
import { gameTitle, optionLabel, valueLabel, optionsLine } from "../../assets/web/app/words.js";
import { catalog } from "./support.mjs";

const cat = catalog({
  "web.game.dice": "Dice!", "k.sides": "Sides", "k.six": "six sides", "k.eight": "eight sides",
  "web.option.open": "Open hands", "web.option.open.true": "open hands", "common.on": "on", "common.off": "off",
  "web.option.speed": "Speed", "web.option.speed.fast": "fast",
});
const DICE = {
  title: "Dice", options: { sides: [6, 8], open: [false, true] }, defaults: { sides: 6, open: false },
  labels: { sides: "k.sides", "sides=6": "k.six", "sides=8": "k.eight" },
};
const PEBBLES = { title: "Pebbles", options: { pile: [5, 7, 9], fast: [false, true], speed: ["slow", "fast"] },
  defaults: { pile: 7, fast: false, speed: "slow" }, labels: {} };

test("a game's title: the catalog's, else the welcome's, else its name", () => {
  assert.equal(gameTitle(cat, DICE, "dice"), "Dice!");
  assert.equal(gameTitle(cat, PEBBLES, "pebbles"), "Pebbles");
  assert.equal(gameTitle(cat, undefined, "chess"), "chess");
});

test("options and values: the declared keys, else web.option.<name>[.<value>], else as spelled", () => {
  assert.equal(optionLabel(cat, DICE, "sides"), "Sides");
  assert.equal(valueLabel(cat, DICE, "sides", 8), "eight sides");
  assert.equal(optionLabel(cat, DICE, "open"), "Open hands");
  assert.equal(valueLabel(cat, DICE, "open", true), "open hands");
  assert.equal(valueLabel(cat, DICE, "open", false), "off");          // no word of its own: on/off
  assert.equal(optionLabel(cat, PEBBLES, "pile"), "pile");
  assert.equal(valueLabel(cat, PEBBLES, "pile", 9), "9");
  assert.equal(valueLabel(cat, PEBBLES, "speed", "fast"), "fast");
  assert.equal(valueLabel(cat, PEBBLES, "speed", "slow"), "slow");
});

test("a table's line: each value's word, a yes/no option only while on, a bare value after its name", () => {
  assert.deepEqual(optionsLine(cat, DICE, { sides: 8, open: false }), ["eight sides"]);
  assert.deepEqual(optionsLine(cat, DICE, { open: true }), ["six sides", "open hands"]);   // defaults filled in
  assert.deepEqual(optionsLine(cat, PEBBLES, { pile: 9, fast: true }), ["pile: 9", "fast", "Speed: slow"]);
  assert.deepEqual(optionsLine(cat, undefined, { level: 3 }), ["level: 3"]);             // a game the welcome lacks
  assert.deepEqual(optionsLine(cat, PEBBLES, null), ["pile: 7", "Speed: slow"]);
  assert.deepEqual(optionsLine(cat, PEBBLES, { speed: "fast" }), ["pile: 7", "fast"]);
});
