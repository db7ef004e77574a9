// app/state.js and app/handlers.js: the page's state in one place, and what each message of the
// host does to it (and asks of the screens), on a stand-in of the app.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { webcrypto } from "node:crypto";
import { installStorage, installDocument } from "./support.mjs";

if (!globalThis.crypto) globalThis.crypto = webcrypto;
const items = installStorage();
const body = installDocument();
const { PageState } = await import("../../assets/web/app/state.js");
const { HANDLERS, IGNORED, dispatch } = await import("../../assets/web/app/handlers.js");
const { store } = await import("../../assets/web/app/store.js");

const WELCOME = {
  t: "welcome", proto: 1, host: "Kitchen", player: 4,
  games: {
    dice: { seats: [2, 5], options: { sides: [6, 8], open: [false, true] }, defaults: { sides: 6, open: false }, levels: ["easy"] },
    cards: { seats: [3, 4], options: {}, defaults: {}, levels: [] },
  },
};

/** The app as the handlers see it: the page's state, and what they ask of it, written down. */
function fakeApp() {
  const app = {
    page: new PageState(), play: null, tv: null, did: [], sent: [], answers: [],
    net: { close: () => app.did.push("close"), drop: () => app.did.push("drop") },
    show: (screen) => { app.page.screen = screen; app.did.push(`show ${screen}`); },
    render: () => app.did.push("render"),
    send: (msg) => { app.sent.push(msg); return app.sent.length; },
    hello: () => ({ t: "hello" }),
    leaveGame: () => { app.did.push("leave game"); app.play = null; },
    enterGame: () => { app.page.screen = "play"; app.play ||= { updates: [], tables: [], update(m) { this.updates.push(m); }, table(t) { this.tables.push(t); } }; },
    answered: (seq, result) => app.answers.push([seq, result]),
    errorText: (msg) => msg.message || msg.code,
    leftText: (msg) => msg.why || msg.reason || "",
  };
  return app;
}

beforeEach(() => { items.clear(); body.children = []; });

test("the lobby's choices are the page's: kept while the game offers them, else its defaults", () => {
  const page = new PageState();
  page.welcome = WELCOME;
  assert.equal(page.createGame(), "dice");
  page.lobby.game = "cards";
  assert.equal(page.createGame(), "cards");
  page.lobby.game = "gone";
  assert.equal(page.createGame(), "dice");
  assert.deepEqual(page.createOptions("dice"), { sides: 6, open: false });
  page.createOptions("dice").sides = 8;                 // a tap on the card changes the kept choice
  assert.deepEqual(page.createOptions("dice"), { sides: 8, open: false });
  page.lobby.options.dice.sides = 12;                    // a value the game no longer offers
  assert.deepEqual(page.createOptions("dice"), { sides: 6, open: false });
  assert.equal(page.createSeats("dice"), 4);
  page.lobby.seats = 9;
  assert.equal(page.createSeats("dice"), 5);
  assert.equal(page.createSeats("cards"), 4);
  page.lobby.seats = 2;
  assert.equal(page.createSeats("cards"), 3);
  assert.equal(page.gameInfo("cards").seats[0], 3);
  assert.equal(page.gameInfo("chess"), undefined);
});

test("a welcome: the lobby (and the standings and saved games asked for); a resumed one: our seat back", () => {
  const app = fakeApp();
  HANDLERS.welcome(app, WELCOME);
  assert.equal(app.page.welcome, WELCOME);
  assert.deepEqual(app.did, ["leave game", "show lobby"]);
  assert.deepEqual(app.sent.map((m) => m.t), ["standings", "saved"]);
  const back = fakeApp();
  HANDLERS.welcome(back, { ...WELCOME, resumed: { table: 3, seat: 1 } });
  assert.equal(back.page.seat, 1);
  assert.deepEqual(back.did, ["show waiting"]);
  store.setWatching({ table: 7, seen: 12 });              // watching when the page went away: again
  const watcher = fakeApp();
  HANDLERS.welcome(watcher, WELCOME);
  assert.deepEqual(watcher.sent[0], { t: "spectate", table: 7, seen: 12 });
});

test("seated, updates and leaving keep the seat, its token and the last state seen", () => {
  const app = fakeApp();
  HANDLERS.seated(app, { t: "seated", table: 3, seat: 2, token: "f".repeat(32) });
  assert.equal(app.page.seat, 2);
  assert.deepEqual(store.seat(), { table: 3, seat: 2, token: "f".repeat(32), seen: null });
  assert.deepEqual(store.tokens(), ["f".repeat(32)]);
  HANDLERS.table(app, { t: "table", table: { id: 3, status: "playing", players: [] } });
  assert.equal(app.play.tables.length, 1);
  const up = { t: "update", table: 3, state: 17, seq: 5, view: {}, events: [] };
  HANDLERS.update(app, up);
  assert.equal(app.page.state, 17);
  assert.equal(app.page.seen.get(3), 17);
  assert.equal(store.seat().seen, 17);
  assert.deepEqual(app.play.updates, [up]);
  assert.deepEqual(app.answers, [[5, { ok: true, update: up }]]);
  HANDLERS.left(app, { t: "left", table: 4 });          // another table's: nothing
  assert.equal(app.page.seat, 2);
  HANDLERS.left(app, { t: "left", table: 3 });
  assert.equal(app.page.seat, null);
  assert.equal(app.page.table, null);
  assert.equal(store.seat(), null);
  assert.equal(app.page.screen, "lobby");
  assert.ok(!app.did.includes("drop"));
  // renamed at the table (the settings): out of it, the page says hello again with the new name
  app.page.helloName = "Ana";
  app.page.name = "Bea";
  HANDLERS.table(app, { t: "table", table: { id: 5, status: "lobby", players: [] } });
  HANDLERS.left(app, { t: "left", table: 5, why: "removed" });
  assert.deepEqual(app.did.slice(-2), ["show connecting", "drop"]);
});

test("a refusal is kept and answers its action; a stale token says hello again as ourselves", () => {
  const app = fakeApp();
  store.setSeat({ table: 1, seat: 0, token: "a".repeat(32), seen: 3 });
  HANDLERS.error(app, { t: "error", code: "stale", seq: 9, message: "moved on" });
  assert.deepEqual(app.answers, [[9, { ok: false, error: { t: "error", code: "stale", seq: 9, message: "moved on", text: "moved on" } }]]);
  assert.equal(app.page.errors.length, 1);
  assert.ok(body.find((n) => n.textContent === "moved on"), "the refusal is shown");
  HANDLERS.error(app, { t: "error", code: "bad_token", message: "no such seat" });
  assert.equal(store.seat(), null);
  assert.deepEqual(app.sent.at(-1), { t: "hello" });
  for (let i = 0; i < 60; i++) app.page.refused({ code: "x", n: i });
  assert.equal(app.page.errors.length, 50);
  assert.equal(app.page.errors.at(-1).n, 59);
  HANDLERS.error(app, { t: "error", code: "bad_field", ref: "hello", message: "bad name" });
  assert.deepEqual(app.did.slice(-2), ["close", "show join"]);
});

test("the list of tables redraws the lobby only while it shows; messages the page ignores go nowhere", () => {
  const app = fakeApp();
  app.page.screen = "table";
  HANDLERS.tables(app, { t: "tables", tables: [{ id: 1 }], mine: [{ table: 1, seat: 0 }] });
  assert.deepEqual(app.did, []);
  assert.deepEqual(app.page.mine, [{ table: 1, seat: 0 }]);
  app.page.screen = "lobby";
  dispatch(app, { t: "tables", tables: [] });
  assert.deepEqual(app.did, ["render"]);
  const warned = [];
  const warn = console.warn;
  console.warn = (m) => warned.push(m);
  try {
    dispatch(app, { t: "pong", n: 1 });
    dispatch(app, { t: "finished", games: [] });
    dispatch(app, { t: "telepathy" });
  } finally { console.warn = warn; }
  assert.deepEqual(warned, ["a message the page does not know: telepathy"]);
  assert.ok("pong" in IGNORED && !("pong" in HANDLERS));
});
