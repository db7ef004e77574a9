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

/** The little of a DOM the shell's helpers touch when they build an element (app/ui.js `h`,
 * `toast`): elements that keep their attributes, listeners and children, and a body. */
export function installDocument() {
  class Node {
    constructor(tag) { this.tagName = tag; this.children = []; this.attributes = {}; this.listeners = {}; this.style = {}; this.textContent = ""; this.parent = null; }
    setAttribute(k, v) { this.attributes[k] = String(v); if (k === "id") this.id = String(v); }
    getAttribute(k) { return this.attributes[k] ?? null; }
    addEventListener(type, fn) { (this.listeners[type] ||= []).push(fn); }
    append(...kids) { for (const k of kids) { k.parent = this; this.children.push(k); } }
    remove() { if (this.parent) this.parent.children = this.parent.children.filter((x) => x !== this); this.parent = null; }
    get firstChild() { return this.children[0] || null; }
    find(pred) { for (const c of this.children) { if (pred(c)) return c; const f = c.find ? c.find(pred) : null; if (f) return f; } return null; }
  }
  globalThis.Node = Node;
  const body = new Node("body");
  globalThis.document = {
    body,
    createElement: (tag) => new Node(tag),
    createElementNS: (ns, tag) => new Node(tag),
    createTextNode: (text) => Object.assign(new Node("#text"), { textContent: text }),
    getElementById: (id) => body.find((n) => n.id === id),
  };
  return body;
}
