// app/loglines.js: a game's log lines as data (the window's game/eventlog.py, whose tables
// tools/web_data.py writes for the page; tests/test_js_log_lines.py checks whole games' lines).
import { test } from "node:test";
import assert from "node:assert/strict";
import { describeLine, seatOf, SHARED } from "../../assets/web/app/loglines.js";
import { catalog } from "./support.mjs";

const cat = catalog({
  "ev.x.rolled": "{name} rolls {value}",
  "ev.x.rolled_you": "You roll {value}",
  "ev.x.moved": ["{name} moves {n} space", "{name} moves {n} spaces"],
  "ev.x.table": "The round begins",
  "ev.x.big": "{name} wins big",
  "ev.x.small": "{name} wins",
  "ev.x.leader": "{name} moves the leader",
  "ev.x.worker": "{name} moves a worker",
  "ev.x.gave": "{name} gives {what} to {other}",
  "ev.x.over": ["Winner: {names}", "Winners: {names}"],
});
const table = { me: 1, t: cat.t, tn: cat.tn, has: cat.has.bind(cat), shortName: (s) => ["Ana", "Ben", "Cleo"][s] };
const READINGS = { item: (t, ev, v) => `#${v}`, giver: (t, ev) => ev.from, loud: (t, ev) => ev.volume > 5 };
const LINES = {
  rolled: { key: "ev.x.rolled", fields: { value: "value" } },
  moved: { key: "ev.x.moved", count: "steps" },
  walked: { key: "ev.x.moved", count: { len: "path", add: -1 } },
  round: { key: "ev.x.table", seat: null },
  won: { key: { if: "amount", then: "ev.x.big", otherwise: "ev.x.small" } },
  figure: { key: { pick: "figure", cases: { leader: "ev.x.leader" }, otherwise: "ev.x.worker" } },
  quiet: { key: "ev.x.rolled", when: "loud", fields: { value: "value" } },
  read: { key: "ev.x.rolled", when: { use: "loud" }, fields: { value: "value" } },
  gave: { key: "ev.x.gave", seat: { use: "giver" }, fields: { what: { use: "item", of: "item" }, other: { use: "name", of: "to" } } },
  over: { key: "ev.x.over", seat: null, count: { len: "winners", add: 0 }, fields: { names: { use: "names", of: "winners" } } },
  broken: { key: "ev.x.rolled", fields: { value: { use: "nobody_wrote_it" } } },
};
const say = (ev, you = true) => describeLine(LINES, table, ev, you, READINGS);

test("a line names its seat by the short name; one's own seat reads in the second person", () => {
  assert.equal(say({ type: "rolled", seat: 0, value: 4 }), "Ana rolls 4");
  assert.equal(say({ type: "rolled", seat: 1, value: 6 }), "You roll 6");
  assert.equal(say({ type: "rolled", seat: 1, value: 6 }, false), "Ben rolls 6");   // for an undo
});

test("counts pick the plural form; the event's fields pick the key; `when` leaves events out", () => {
  assert.equal(say({ type: "moved", seat: 2, steps: 1 }), "Cleo moves 1 space");
  assert.equal(say({ type: "moved", seat: 2, steps: 3 }), "Cleo moves 3 spaces");
  assert.equal(say({ type: "walked", seat: 2, path: [[0, 0], [0, 1]] }), "Cleo moves 1 space");
  assert.equal(say({ type: "won", seat: 0, amount: 9 }), "Ana wins big");
  assert.equal(say({ type: "won", seat: 0, amount: 0 }), "Ana wins");
  assert.equal(say({ type: "figure", seat: 0, figure: "leader" }), "Ana moves the leader");
  assert.equal(say({ type: "figure", seat: 0, figure: "worker" }), "Ana moves a worker");
  assert.equal(say({ type: "quiet", seat: 0, value: 1, loud: false }), null);
  assert.equal(say({ type: "quiet", seat: 0, value: 1, loud: [] }), null);        // as Python: an empty list is not set
  assert.equal(say({ type: "quiet", seat: 0, value: 1, loud: true }), "Ana rolls 1");
  assert.equal(say({ type: "read", seat: 0, value: 2, volume: 9 }), "Ana rolls 2");
  assert.equal(say({ type: "read", seat: 0, value: 2, volume: 1 }), null);
  assert.equal(say({ type: "unknown", seat: 0 }), null);
});

test("a table's line has no seat; a line's seat and placeholders may be the game's readings", () => {
  assert.equal(say({ type: "round", seat: 1 }), "The round begins");
  assert.equal(seatOf(LINES, { type: "round", seat: 1 }, table, READINGS), null);
  assert.equal(seatOf(LINES, { type: "rolled", seat: 2 }, table, READINGS), 2);
  assert.equal(seatOf(LINES, { type: "gave", from: 0, to: 2, item: 3 }, table, READINGS), 0);
  assert.equal(say({ type: "gave", from: 0, to: 2, item: 3 }), "Ana gives #3 to Cleo");
  assert.equal(seatOf(LINES, { type: "unknown", seat: 1 }, table, READINGS), null);
  assert.equal(say({ type: "over", winners: [2, 0] }), "Winners: Cleo, Ana");
  assert.equal(SHARED.names(table, null, [1]), "Ben");
});

test("a reading nobody wrote is an error that names it, not a silent line", () => {
  assert.throws(() => say({ type: "broken", seat: 0 }), /no reading nobody_wrote_it/);
});
