// What the browser gives the page's modules that Node lacks, made small for the unit tests: a
// frame clock the test steps (requestAnimationFrame), a localStorage, a catalog of the host's own
// JSON (net/web.py catalog_json, handed over by tests/test_js.py) or of a few lines.
import { Catalog } from "../../assets/web/app/i18n.js";

/** requestAnimationFrame driven by the test: `frames.step(ms)` runs the callbacks due, at a time
 * `ms` later than the last frame. */
export function installFrames() {
  let next = 1, now = 0;
  const due = new Map();
  globalThis.requestAnimationFrame = (fn) => { const id = next++; due.set(id, fn); return id; };
  globalThis.cancelAnimationFrame = (id) => { due.delete(id); };
  return {
    get pending() { return due.size; },
    step(ms = 1000 / 60) {
      now += ms;
      const run = [...due.values()];
      due.clear();
      for (const fn of run) fn(now);
      return run.length;
    },
    /** Frames until nothing asks for one (at most `limit`); how many ran. */
    drain(ms = 1000 / 60, limit = 10000) {
      let n = 0;
      while (due.size && n < limit) { this.step(ms); n++; }
      return n;
    },
  };
}

/** A localStorage of its own (a Map behind the Storage methods the page uses). */
export function installStorage() {
  const items = new Map();
  globalThis.localStorage = {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => { items.set(k, String(v)); },
    removeItem: (k) => { items.delete(k); },
    clear: () => items.clear(),
    get length() { return items.size; },
  };
  return items;
}

/** A catalog of a few lines: `{key: text | [forms]}` with English's plural rule. */
export function catalog(messages, lang = "en", plural = "n != 1") {
  return new Catalog({ lang, messages, plural, nplurals: 2 });
}

/** What a game's table gets from the shell (games/README.md `ctx`), for a table under test:
 * the actions it sends are kept in `sent` and each is answered by `answer(result)`. */
export function fakeContext(cat, { seat = 0, players = [] } = {}) {
  const ctx = {
    seat, lang: cat.lang, shapes: false, players, animSpeed: Infinity,
    logged: [], sent: [], answers: [],
    t: (k, vars) => cat.t(k, vars),
    tn: (...args) => cat.tn(...args),
    has: (k) => cat.has(k),
    log: (line) => ctx.logged.push(line),
    tone: () => "#e69f00",
    shape: () => "circle",
    act(action) { ctx.sent.push({ action }); return new Promise((resolve) => ctx.answers.push(resolve)); },
    undo() { ctx.sent.push({ undo: true }); return new Promise((resolve) => ctx.answers.push(resolve)); },
  };
  return ctx;
}
