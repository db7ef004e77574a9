// Each game's log lines (log_lines.js, the window's tables as data) name only readings its log.js
// writes, and every reading written is named: no line reads a table the page lacks.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as tikalLines from "../../assets/web/games/tikal/log_lines.js";
import * as tortugaLines from "../../assets/web/games/tortuga/log_lines.js";
import * as tikal from "../../assets/web/games/tikal/log.js";
import * as tortuga from "../../assets/web/games/tortuga/log.js";
import { SHARED } from "../../assets/web/app/loglines.js";

function uses(lines) {
  const out = new Set();
  const visit = (v) => {
    if (v && typeof v === "object") {
      if (typeof v.use === "string") out.add(v.use);
      Object.values(v).forEach(visit);
    }
  };
  visit(lines);
  return out;
}

for (const [game, lines, log] of [["tikal", tikalLines.LOG_LINES, tikal], ["tortuga", tortugaLines.LOG_LINES, tortuga]]) {
  test(`${game}: the readings its lines name are written, and each one written is named`, () => {
    const named = uses(lines);
    assert.ok(named.size > 0);
    const written = new Set([...Object.keys(log.READINGS), ...Object.keys(SHARED)]);
    assert.deepEqual([...named].filter((r) => !written.has(r)), []);
    assert.deepEqual(Object.keys(log.READINGS).filter((r) => !named.has(r)), []);
  });
}
