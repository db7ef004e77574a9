// app/tween.js: animations as objects with time passed in (the window's game/tween.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Call, Wait, Progress, tween, Sequence, Parallel, Timeline } from "../../assets/web/app/tween.js";
import { installFrames } from "./support.mjs";

test("a Wait uses up its time and hands back what is left over", () => {
  const w = new Wait(0.5);
  assert.equal(w.update(0.2), 0);
  assert.equal(w.done, false);
  assert.ok(Math.abs(w.update(0.5) - 0.2) < 1e-9);
  assert.equal(w.done, true);
  assert.equal(w.update(0.3), 0.3);       // done: all of it is left over
});

test("a Progress goes from 0 to 1 eased, and finish() lands it at 1", () => {
  const seen = [];
  const p = new Progress(1, (x) => seen.push(x), "out_quad");
  p.update(0.5);
  assert.equal(seen.at(-1), 0.75);        // out_quad(0.5)
  p.finish();
  assert.equal(seen.at(-1), 1);
  assert.equal(p.done, true);
  const q = [];
  new Progress(1, (x) => q.push(x), "out_bounce").update(2);
  assert.deepEqual(q, [1]);
});

test("tween moves an object's numbers to their ends, from where they were when it started", () => {
  const o = { x: 10, y: 0 };
  const a = tween(o, 2, "linear", { x: 20, y: -4 });
  o.x = 12;                                // moved before the tween's first step: it starts there
  a.update(1);
  assert.deepEqual(o, { x: 16, y: -2 });
  a.finish();
  assert.deepEqual(o, { x: 20, y: -4 });
});

test("a Sequence plays one after the other, passing leftover time on; finish() runs every step", () => {
  const log = [];
  const seq = new Sequence(new Call(() => log.push("a")), new Wait(1), null, new Call(() => log.push("b")));
  seq.update(0.5);
  assert.deepEqual(log, ["a"]);
  seq.update(0.6);
  assert.deepEqual(log, ["a", "b"]);
  assert.equal(seq.done, true);
  const log2 = [];
  const s2 = new Sequence(new Wait(5), new Call(() => log2.push("end")));
  s2.add(new Call(() => log2.push("added")));
  s2.finish();
  assert.deepEqual(log2, ["end", "added"]);
});

test("a Parallel is done when its longest part is", () => {
  const log = [];
  const par = new Parallel(new Wait(1), new Sequence(new Wait(2), new Call(() => log.push("late"))));
  assert.equal(par.update(1.5), 0);
  assert.equal(par.done, false);
  assert.ok(Math.abs(par.update(1) - 0.5) < 1e-9);
  assert.deepEqual(log, ["late"]);
});

test("a Timeline plays its queue frame by frame, hurried by speed, and says when it is idle", () => {
  const frames = installFrames();
  let idle = 0;
  const tl = new Timeline(() => idle++);
  const log = [];
  tl.play(new Sequence(new Wait(0.5), new Call(() => log.push("one"))));
  tl.play(new Call(() => log.push("two")));
  tl.play(new Wait(10), true);             // beside the queue: not busy for it
  assert.equal(tl.busy, true);
  frames.step();                            // the first frame counts 1/60 s
  frames.step(5000);                        // a frame counts 0.1 s at most (a tab that was hidden)
  assert.deepEqual(log, []);
  for (let i = 0; i < 3; i++) frames.step(100);
  assert.deepEqual(log, []);                // 1/60 + 0.4 s
  frames.step(100);
  assert.deepEqual(log, ["one", "two"]);
  assert.equal(tl.busy, false);
  assert.equal(idle, 1);
  assert.equal(tl.played, 2);
  tl.speed = 4;                             // four times faster: 0.5 s in two frames of 0.1 s
  tl.play(new Sequence(new Wait(0.5), new Call(() => log.push("fast"))));
  frames.step(100);
  assert.equal(log.at(-1), "two");
  frames.step(100);
  assert.equal(log.at(-1), "fast");
  tl.stop();
  assert.equal(frames.step(), 0);
});

test("at speed Infinity every animation lands at once, every step still run", () => {
  installFrames();
  let idle = 0;
  const tl = new Timeline(() => idle++);
  tl.speed = Infinity;
  const log = [];
  tl.play(new Sequence(new Wait(100), new Call(() => log.push("landed"))));
  assert.deepEqual(log, ["landed"]);
  assert.equal(tl.busy, false);
  assert.equal(idle, 1);
});

test("skip() lands what is queued and beside it", () => {
  installFrames();
  const tl = new Timeline(null);
  const log = [];
  tl.play(new Sequence(new Wait(9), new Call(() => log.push("q"))));
  tl.play(new Sequence(new Wait(9), new Call(() => log.push("side"))), true);
  tl.skip();
  assert.deepEqual(log, ["q", "side"]);
  assert.equal(tl.busy, false);
});
