// app/store.js: what the browser keeps between visits (localStorage).
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { webcrypto } from "node:crypto";
import { installStorage } from "./support.mjs";

if (!globalThis.crypto) globalThis.crypto = webcrypto;     // (Node 18: not a global yet)
const items = installStorage();
const { store, newKey, KEY_RE } = await import("../../assets/web/app/store.js");

beforeEach(() => items.clear());

test("the player key is 43 characters of base64url, made once and kept", () => {
  const k = newKey();
  assert.match(k, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(newKey(), k);
  const first = store.key();
  assert.match(first, KEY_RE);
  assert.equal(store.key(), first);
  assert.equal(items.get("tikal.key"), first);             // a plain string under the agreed name
  items.set("tikal.key", "not a key!");                     // spoilt: a new one
  assert.notEqual(store.key(), "not a key!");
});

test("the colour-blind shapes are on until the player turns them off (the window's default)", () => {
  items.clear();
  assert.equal(store.shapes(), true);
  store.setShapes(false);
  assert.equal(store.shapes(), false);
  items.clear();
});

test("the seat, the watched table, the name and the language are kept as JSON; null forgets", () => {
  assert.equal(store.seat(), null);
  store.setSeat({ table: 3, seat: 1, token: "t", seen: 7 });
  assert.deepEqual(store.seat(), { table: 3, seat: 1, token: "t", seen: 7 });
  store.setSeat(null);
  assert.equal(items.has("tikal.seat"), false);
  store.setName("Ana");
  store.setLang("cs");
  store.setShapes(1);
  assert.equal(store.name(), "Ana");
  assert.equal(store.lang(), "cs");
  assert.equal(store.shapes(), true);
  items.set("tikal.name", "{broken");
  assert.equal(store.name(), "");                           // unreadable: the default
});

test("tokens are kept newest last, each once, at most 64", () => {
  for (let i = 0; i < 70; i++) store.addToken(`t${i}`);
  store.addToken("t10");
  const all = store.tokens();
  assert.equal(all.length, 64);
  assert.equal(all.at(-1), "t10");
  assert.equal(all.filter((t) => t === "t10").length, 1);
  assert.equal(all.includes("t0"), false);
});

test("without storage (private browsing) the page still plays", () => {
  const saved = globalThis.localStorage;
  globalThis.localStorage = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); }, removeItem() { throw new Error("denied"); } };
  try {
    assert.equal(store.seat(), null);
    store.setSeat({ table: 1 });
    assert.match(store.key(), KEY_RE);
  } finally {
    globalThis.localStorage = saved;
  }
});
