// app/table.js: what every game's table does with the host's updates, whatever it draws: each
// update's events animate one after the other with their log lines, every update lands on the
// host's view, taps may send only what `legal` lists, one action at a time.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AnimatedTable } from "../../assets/web/app/table.js";
import { Call, Wait, Sequence } from "../../assets/web/app/tween.js";
import { installFrames, catalog, fakeContext } from "./support.mjs";

const frames = installFrames();
const cat = catalog({ "ev.t.rolled": "{name} rolls {n}", "table.undone": "{name} took back: {what}", "table.bot_short": "Bot {n}" });

/** A game's table of the least kind: an event `rolled` animates (a second) and logs a line. */
class Dice extends AnimatedTable {
  constructor(ctx) { super(null, ctx); this.renders = 0; this.animated = []; }
  animate(ev) { return new Sequence(new Wait(1), new Call(() => { this.animated.push(ev.n); this.land("dice"); })); }
  describe(ev, you) { return ev.type === "rolled" ? this.t("ev.t.rolled", { name: this.shortName(ev.seat), n: ev.n }) : null; }
  lineSeat(ev) { return ev.seat ?? null; }
  render() { super.render(); this.renders++; }
}

const players = [{ seat: 0, name: "Ana", kind: "human" }, { seat: 1, name: "Bot", kind: "bot" }];
const update = (state, extra = {}) => ({ t: "update", table: 1, state, seat: 0, to_act: 0, over: false, events: [], legal: [], view: { dice: state }, ...extra });

test("a full update lands at once; the next ones animate in order and land on the host's view", () => {
  const ctx = fakeContext(cat, { players });
  ctx.animSpeed = 1;
  const t = new Dice(ctx);
  t.update(update(1, { full: true, legal: [{ type: "roll" }] }));
  assert.deepEqual(t.shown, { dice: 1 });
  assert.equal(t.acting(), true);
  assert.deepEqual(t.legalOf("roll"), [{ type: "roll" }]);
  t.update(update(2, { events: [{ type: "rolled", seat: 1, n: 5 }], to_act: 1 }));
  t.update(update(3, { events: [{ type: "rolled", seat: 0, n: 2 }], legal: [{ type: "roll" }, { type: "stop" }] }));
  assert.equal(t.timeline.busy, true);
  assert.equal(t.acting(), false);                    // nothing to tap while the moves play
  assert.deepEqual(t.legalOf("roll"), []);
  frames.drain(50);
  assert.deepEqual(t.animated, [5, 2]);
  assert.deepEqual(ctx.logged, ["Bot 2 rolls 5", "Ana rolls 2"]);
  assert.deepEqual(t.shown, { dice: 3 });
  assert.equal(t.acting(), true);
  assert.deepEqual(t.legalOf("stop"), [{ type: "stop" }]);
  t.destroy();
});

test("one action at a time: a second tap waits for the host's answer; a refusal frees the table", async () => {
  const ctx = fakeContext(cat, { players });
  const t = new Dice(ctx);
  let refused = null;
  t.refused = (e) => { refused = e; };
  t.update(update(1, { full: true, legal: [{ type: "roll" }], can_undo: true }));
  t.send({ type: "roll" });
  t.send({ type: "roll" });
  t.undo();
  assert.equal(ctx.sent.length, 1);
  assert.equal(t.pending, true);
  ctx.answers[0]({ ok: false, error: { code: "stale", reason: "moved on" } });
  await Promise.resolve(); await Promise.resolve();
  assert.equal(t.pending, false);
  assert.deepEqual(refused, { code: "stale", reason: "moved on" });
  t.undo();
  assert.deepEqual(ctx.sent.at(-1), { undo: true });
  t.update(update(2, { full: true, legal: [{ type: "roll" }] }));     // a resync frees it as well
  assert.equal(t.pending, false);
  t.destroy();
});

test("an undo takes back its seat's last line, in the third person", () => {
  const ctx = fakeContext(cat, { players });
  const t = new Dice(ctx);
  t.update(update(1, { full: true }));
  t.update(update(2, { events: [{ type: "rolled", seat: 0, n: 4 }] }));
  t.update(update(3, { undone: 0 }));
  assert.deepEqual(ctx.logged, ["Ana rolls 4", "Ana took back: rolls 4"]);
  t.destroy();
});

test("while you were away: the recap's moves are logged in order, its undos taken back", () => {
  const ctx = fakeContext(cat, { players });
  const t = new Dice(ctx);
  t.update(update(9, { full: true, recap: { moves: [
    { seat: 1, events: [{ type: "rolled", seat: 1, n: 3 }] },
    { seat: 1, undone: true },
    { seat: 1, events: [{ type: "rolled", seat: 1, n: 6 }] }] } }));
  assert.deepEqual(ctx.logged, ["Bot 2 rolls 3", "Bot 2 took back: rolls 3", "Bot 2 rolls 6"]);
  t.destroy();
});

test("a watcher (no seat) never acts, whatever the host lists", () => {
  const ctx = fakeContext(cat, { seat: null, players });
  const t = new Dice(ctx);
  t.update({ ...update(1, { full: true, legal: [{ type: "roll" }] }), seat: null });
  assert.equal(t.acting(), false);
  t.send({ type: "roll" });
  assert.equal(ctx.sent.length, 1);           // send() is the game's to guard: it sends what it is given
  t.destroy();
});
