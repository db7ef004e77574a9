// Animations as small objects with time passed in (the window's game/tween.py), shared by the
// games' tables (games/README.md): a test steps them, a speed factor hurries them, `finish()`
// lands them at once (every step still runs: nothing an animation puts in place is skipped, only
// the waiting).
const EASE = {
  linear: (t) => t,
  out_quad: (t) => 1 - (1 - t) * (1 - t),
  in_out_quad: (t) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2),
  out_back: (t) => { const c1 = 1.70158, c3 = c1 + 1; return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2; },
  out_bounce: (t) => {
    const n1 = 7.5625, d1 = 2.75;
    if (t < 1 / d1) return n1 * t * t;
    if (t < 2 / d1) return n1 * (t -= 1.5 / d1) * t + 0.75;
    if (t < 2.5 / d1) return n1 * (t -= 2.25 / d1) * t + 0.9375;
    return n1 * (t -= 2.625 / d1) * t + 0.984375;
  },
};

class Anim {
  constructor() { this.done = false; }
  /** Advance by dt seconds; returns the time left over once done (0 while running). */
  update(dt) { if (this.done) return dt; return this.advance(dt); }
  finish() { if (!this.done) { this.land(); this.done = true; } }
  advance(dt) { this.done = true; return dt; }
  land() {}
}

export class Call extends Anim {
  constructor(fn) { super(); this.fn = fn; }
  advance(dt) { this.done = true; this.fn(); return dt; }
  land() { this.fn(); }
}

export class Wait extends Anim {
  constructor(t) { super(); this.t = t; }
  advance(dt) {
    if (dt >= this.t) { this.done = true; return dt - this.t; }
    this.t -= dt;
    return 0;
  }
}

/** Calls fn(p) with p from 0 to 1 (eased) over `duration` seconds. */
export class Progress extends Anim {
  constructor(duration, fn, ease = "linear") { super(); this.d = Math.max(1e-6, duration); this.t = 0; this.fn = fn; this.ease = EASE[ease]; }
  advance(dt) {
    this.t += dt;
    if (this.t >= this.d) { this.fn(1); this.done = true; return this.t - this.d; }
    this.fn(this.ease(this.t / this.d));
    return 0;
  }
  land() { this.fn(1); }
}

/** Moves obj's numeric fields to the given values. */
export function tween(obj, duration, ease, to, onStep) {
  let from = null;
  return new Progress(duration, (p) => {
    if (from === null) from = Object.fromEntries(Object.keys(to).map((k) => [k, obj[k]]));
    for (const k in to) obj[k] = from[k] + (to[k] - from[k]) * p;
    if (onStep) onStep(obj);
  }, ease);
}

export class Sequence extends Anim {
  constructor(...items) { super(); this.items = items.filter(Boolean); this.i = 0; }
  add(a) { if (a) this.items.push(a); return this; }
  advance(dt) {
    while (this.i < this.items.length) {
      dt = this.items[this.i].update(dt);
      if (!this.items[this.i].done) return 0;
      this.i += 1;
    }
    this.done = true;
    return dt;
  }
  land() { for (; this.i < this.items.length; this.i++) this.items[this.i].finish(); }
}

export class Parallel extends Anim {
  constructor(...items) { super(); this.items = items.filter(Boolean); }
  add(a) { if (a) this.items.push(a); return this; }
  advance(dt) {
    let left = dt;
    let all = true;
    for (const a of this.items) {
      if (a.done) continue;
      const l = a.update(dt);
      if (a.done) left = Math.min(left, l); else all = false;
    }
    if (all) { this.done = true; return left; }
    return 0;
  }
  land() { for (const a of this.items) a.finish(); }
}

/** A queue of animations played one after the other (and some beside them), driven by
 * requestAnimationFrame only while something plays. `speed` hurries everything; speed Infinity
 * lands each animation at once (a test option). `onIdle` runs when the queue empties. */
export class Timeline {
  constructor(onIdle, onFrame) {
    this.queue = [];
    this.side = [];
    this.speed = 1;
    this.hurry = () => 1;
    this.onIdle = onIdle;
    this.onFrame = onFrame;
    this.raf = 0;
    this.last = 0;
    this.frames = 0;
    this.played = 0;      // animations played frame by frame to their end (not landed at once)
    this.stopped = false;
  }
  get busy() { return this.queue.length > 0; }
  play(anim, parallel = false) {
    if (!anim) return;
    (parallel ? this.side : this.queue).push(anim);
    this.kick();
  }
  kick() {
    if (this.stopped) return;
    if (this.speed === Infinity) { this.flush(); return; }
    if (!this.raf) { this.last = 0; this.raf = requestAnimationFrame((t) => this.frame(t)); }
  }
  flush() {
    while (this.queue.length) this.queue.shift().finish();
    while (this.side.length) this.side.shift().finish();
    if (this.onIdle) this.onIdle();
  }
  /** Land everything now (a resync, the table going away). */
  skip() {
    const wasBusy = this.busy;
    while (this.queue.length) this.queue.shift().finish();
    while (this.side.length) this.side.shift().finish();
    if (wasBusy && this.onIdle) this.onIdle();
  }
  frame(t) {
    this.raf = 0;
    if (this.stopped) return;
    const dt = this.last ? Math.min(0.1, (t - this.last) / 1000) : 1 / 60;
    this.last = t;
    this.frames += 1;
    const k = this.speed * this.hurry();
    const wasBusy = this.queue.length > 0;
    let step = dt * k;
    while (this.queue.length) {
      step = this.queue[0].update(step);
      if (this.queue[0].done) { this.queue.shift(); this.played += 1; } else break;
    }
    for (const a of this.side) a.update(dt * k);
    this.side = this.side.filter((a) => !a.done);
    if (this.onFrame) this.onFrame(t);
    if (this.queue.length || this.side.length) this.raf = requestAnimationFrame((tt) => this.frame(tt));
    if (wasBusy && !this.queue.length && this.onIdle) this.onIdle();
  }
  stop() { this.stopped = true; if (this.raf) cancelAnimationFrame(this.raf); this.raf = 0; }
}
