// app/loglines.js: a game's log lines as data (the window's game/eventlog.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { describeLine, seatOf } from "../../assets/web/app/loglines.js";
import { catalog } from "./support.mjs";

const cat = catalog({
  "ev.x.rolled": "{name} rolls {value}",
  "ev.x.rolled_you": "You roll {value}",
  "ev.x.moved": ["{name} moves {n} space", "{name} moves {n} spaces"],
  "ev.x.table": "The round begins",
  "ev.x.big": "{name} wins big",
  "ev.x.small": "{name} wins",
  "ev.x.gave": "{name} gives {what} to {other}",
});
const table = { me: 1, t: cat.t, tn: cat.tn, has: cat.has.bind(cat), shortName: (s) => ["Ana", "Ben", "Cleo"][s] };
const LINES = {
  rolled: { key: "ev.x.rolled", fields: { value: "value" } },
  moved: { key: "ev.x.moved", count: (ev) => ev.steps },
  round: { key: "ev.x.table", seat: null },
  won: { key: (ev) => (ev.amount > 5 ? "ev.x.big" : "ev.x.small") },
  quiet: { key: "ev.x.rolled", when: (ev) => ev.loud, fields: { value: "value" } },
  gave: { key: "ev.x.gave", seat: (ev) => ev.from, fields: { what: (ev) => `#${ev.item}`, other: (ev, t) => t.shortName(ev.to) } },
};

test("a line names its seat by the short name; one's own seat reads in the second person", () => {
  assert.equal(describeLine(LINES, table, { type: "rolled", seat: 0, value: 4 }), "Ana rolls 4");
  assert.equal(describeLine(LINES, table, { type: "rolled", seat: 1, value: 6 }), "You roll 6");
  assert.equal(describeLine(LINES, table, { type: "rolled", seat: 1, value: 6 }, false), "Ben rolls 6");   // for an undo
});

test("counts pick the plural form, a key may be picked by the event, `when` leaves events out", () => {
  assert.equal(describeLine(LINES, table, { type: "moved", seat: 2, steps: 1 }), "Cleo moves 1 space");
  assert.equal(describeLine(LINES, table, { type: "moved", seat: 2, steps: 3 }), "Cleo moves 3 spaces");
  assert.equal(describeLine(LINES, table, { type: "won", seat: 0, amount: 9 }), "Ana wins big");
  assert.equal(describeLine(LINES, table, { type: "won", seat: 0, amount: 1 }), "Ana wins");
  assert.equal(describeLine(LINES, table, { type: "quiet", seat: 0, value: 1, loud: false }), null);
  assert.equal(describeLine(LINES, table, { type: "quiet", seat: 0, value: 1, loud: true }), "Ana rolls 1");
  assert.equal(describeLine(LINES, table, { type: "unknown", seat: 0 }), null);
});

test("a table's line has no seat; a line's seat may be read off the event", () => {
  assert.equal(describeLine(LINES, table, { type: "round", seat: 1 }), "The round begins");
  assert.equal(seatOf(LINES, { type: "round", seat: 1 }, table), null);
  assert.equal(seatOf(LINES, { type: "rolled", seat: 2 }, table), 2);
  assert.equal(seatOf(LINES, { type: "gave", from: 0, to: 2, item: 3 }, table), 0);
  assert.equal(describeLine(LINES, table, { type: "gave", from: 0, to: 2, item: 3 }), "Ana gives #3 to Cleo");
  assert.equal(seatOf(LINES, { type: "unknown", seat: 1 }, table), null);
});
