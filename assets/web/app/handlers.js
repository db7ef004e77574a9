// What the page does with each message of the host (docs/protocol.md), by its `t`: an explicit
// table, so that a message the page forgot, or a handler of a message the host never sends, fails
// a test (tests/test_web_declared.py holds HANDLERS, IGNORED and net.js's own to the protocol's
// list of the host's messages). Each handler changes the page's state (`app.page`, app/state.js)
// and asks the app for what shows it (`show`, `render`, the game screen `app.play`).
import { store } from "./store.js";
import { toast } from "./ui.js";

/** The host's refusals that say why the page cannot go on, shown a while longer. */
const SERIOUS = ["busy", "shutdown", "proto"];

export const HANDLERS = {
  welcome(app, msg) {
    const page = app.page;
    page.welcome = msg;
    page.seat = null;
    if (msg.resumed) {
      page.seat = msg.resumed.seat;
      if (app.play && page.table && page.table.id !== msg.resumed.table) app.leaveGame();
      if (!app.play) app.show("waiting");
    } else if (app.tv) {
      app.leaveGame();
      app.tv.welcome();
    } else {
      const watching = store.watching();
      if (watching) app.send({ t: "spectate", table: watching.table, ...(Number.isInteger(watching.seen) ? { seen: watching.seen } : {}) });
      else { app.leaveGame(); app.show("lobby"); }
    }
    app.send({ t: "standings" });
    app.send({ t: "saved", tokens: store.tokens() });
  },

  tables(app, msg) {
    app.page.tables = msg.tables || [];
    app.page.mine = msg.mine || [];
    if (app.tv) app.tv.tables(app.page.tables);
    if (app.page.screen === "lobby") app.render();
  },

  table(app, msg) {
    const t = msg.table;
    app.page.table = t;
    if (t.status === "lobby") {
      app.leaveGame();
      app.show("table");
    } else {
      app.enterGame();
      app.play.table(t);
    }
  },

  seated(app, msg) {
    if (app.tv) return;
    app.page.seat = msg.seat;
    store.setSeat({ table: msg.table, seat: msg.seat, token: msg.token, seen: null });
    store.setWatching(null);
    store.addToken(msg.token);
  },

  left(app, msg) {
    const page = app.page;
    if (page.table && msg.table !== page.table.id) return;
    page.leftTable();
    store.setSeat(null);
    store.setWatching(null);
    app.leaveGame();
    if (app.tv) { app.tv.left(); return; }
    if (msg.why === "again") { app.show("waiting"); return; }   // Play again: its lobby comes next (seated, table)
    const why = app.leftText(msg);
    if (why) toast(why, "info", 6000);
    app.show("lobby");
    // renamed at the table: the host hears the new name now
    if (page.helloName !== null && page.name !== page.helloName) { app.show("connecting"); app.net.drop(); }
  },

  update(app, msg) {
    const page = app.page;
    page.updated(msg);
    const seat = store.seat();
    if (seat && page.seat !== null && seat.table === msg.table) store.setSeat({ ...seat, seen: msg.state });
    const watching = store.watching();
    if (!app.tv && watching && page.seat === null && watching.table === msg.table) {
      store.setWatching({ ...watching, seen: msg.state });
    }
    app.enterGame();
    app.play.update(msg);
    app.answered(msg.seq, { ok: true, update: msg });
  },

  error(app, msg) {
    app.page.refused(msg);
    if (msg.code === "bad_token") {          // that seat is gone: hello again as ourselves
      store.setSeat(null);
      app.send(app.hello());
      return;
    }
    app.answered(msg.seq, { ok: false, error: { ...msg, text: app.errorText(msg) } });   // text: in the page's words
    if (msg.code === "bad_field" && msg.ref === "hello") {
      app.net.close();
      app.show("join");
      toast(app.errorText(msg), "error", 6000);
      return;
    }
    if (msg.ref === "again" && app.play && app.play.againRefused) app.play.againRefused();   // its button again
    if (msg.ref === "hint") return;         // the table's hint says it itself (or, replaced, not at all)
    toast(app.errorText(msg), "error", SERIOUS.includes(msg.code) ? 6000 : undefined);
  },

  standings(app, msg) {
    app.page.standings = msg;
    if (app.page.screen === "lobby" || app.page.screen === "standings") app.render();
    if (app.play) app.play.standings(msg);
  },

  saved(app, msg) {
    app.page.saved = msg.games || [];
    if (app.page.screen === "lobby") app.render();
  },

  // the host's hint for our seat (docs/protocol.md 5): the answer of the table module's ask (ctx.hint)
  hint(app, msg) {
    app.answered(msg.seq, { ok: true, hint: msg });
  },

  chat(app, msg) {
    if (app.play) app.play.log(`${msg.from}: ${msg.text}`, "chat");
  },

  // a player nudged the one whose turn it is (docs/protocol.md 14): maybe us
  nudged(app, msg) {
    if (app.play) app.play.nudged(msg);
  },

  bye() { /* the host closes: the socket's close reconnects (app/net.js) */ },
};

/** The host's messages the page never needs, and why (the rest are HANDLERS' or net.js's). */
export const IGNORED = {
  pong: "the page never pings: it answers the host's pings (net.js)",
  finished: "the page asks for no list of tonight's finished games",
  replay: "the page asks for no replay",
};

/** Hand a message of the host to its handler (one the page ignores, or does not know, goes nowhere). */
export function dispatch(app, msg) {
  const fn = Object.prototype.hasOwnProperty.call(HANDLERS, msg.t) ? HANDLERS[msg.t] : null;
  if (fn) fn(app, msg);
  else if (!Object.prototype.hasOwnProperty.call(IGNORED, msg.t)) console.warn(`a message the page does not know: ${msg.t}`);
}
