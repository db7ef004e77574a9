// The browser client's shell: the connection, the language, the screens (join -> lobby -> a table's
// lobby -> the game, with its log and results), reconnecting, spectating. Each game's table is a
// module of its own (games/<game>/index.js, games/README.md); the shell holds no rules: it draws
// what the host sends and builds actions from `legal`.
import { Net, socketUrl } from "./net.js";
import { browserLanguage, loadCatalog, LANGUAGES } from "./i18n.js";
import { store } from "./store.js";
import { h, clear, toast, redrawDialogs } from "./ui.js";
import { renderJoin, renderLobby, renderTableLobby } from "./lobby.js";
import { Play } from "./play.js";
import { TV } from "./tv.js";

export const CLIENT = "tikal-lan-web";

class App {
  constructor(root) {
    this.root = root;
    this.cat = null;
    this.hostName = "";
    this.net = new Net(socketUrl());
    this.welcome = null;
    this.tables = [];
    this.table = null;          // the table summary of the table we are at
    this.seat = null;           // our seat there (null: watching)
    this.state = null;          // the last update's state counter
    this.screen = "boot";
    this.standings = null;
    this.seen = new Map();          // table id -> the last state of it this page saw
    this.saved = [];
    this.play = null;           // the game screen (play.js) while at a started table
    this.pending = new Map();   // seq -> {resolve} of actions and undos in flight
    this.status = "connecting";
    this.errors = [];           // the host's refusals, newest last (tests read them)
    this.shapes = store.shapes();
    this.name = store.name();
    this.tv = window.location.pathname === "/tv" ? new TV(this) : null;   // TV mode: watches, no input
    this.net.addEventListener("message", (e) => this.onMessage(e.detail));
    this.net.addEventListener("status", (e) => this.onStatus(e.detail));
    window.tikal = this;        // the page's own progress, for tests and the curious
  }

  t = (key, vars) => this.cat.t(key, vars);
  tn = (...args) => this.cat.tn(...args);

  async start() {
    const lang = store.lang() || browserLanguage(navigator.languages || [navigator.language]);
    await this.setLanguage(lang);
    try {
      const info = await (await fetch("/host.json")).json();
      this.hostName = info.name || "";
    } catch { /* the page still works without the host's name */ }
    document.title = this.hostName ? `${this.hostName} — Tikal & La Tortuga` : "Tikal & La Tortuga";
    if (this.tv) { this.join("TV", false); return; }
    const name = store.name();
    if (name && (store.seat() || store.watching())) this.join(name);   // back to our seat
    else this.show("join");
  }

  async setLanguage(lang) {
    if (!LANGUAGES.includes(lang)) lang = "en";
    this.cat = await loadCatalog(lang);
    document.documentElement.lang = lang;
    store.setLang(lang);
    this.render();
    if (this.play) this.play.relabel();
    redrawDialogs();
  }

  setShapes(on) {
    this.shapes = !!on;
    store.setShapes(on);
    this.render();
    if (this.play) this.play.relabel();
    redrawDialogs();
  }

  // --- the connection ---------------------------------------------------------------------------
  join(name, keep = true) {
    if (keep) store.setName(name);
    this.name = name;
    this.show("connecting");
    this.net.connect(() => this.hello());
  }

  hello() {
    const msg = { t: "hello", proto: 1, name: this.name, client: CLIENT, key: store.key() };
    if (this.tv) return msg;            // the TV sits nowhere: it only watches
    const seat = store.seat();
    if (seat && seat.token) {
      msg.token = seat.token;
      if (Number.isInteger(seat.seen)) msg.seen = seat.seen;
    }
    return msg;
  }

  send(msg) { return this.net.send(msg); }

  onStatus(st) {
    this.status = st.state;
    const bar = document.getElementById("netstate");
    if (bar) bar.hidden = st.state === "open" || this.screen === "join" || this.screen === "connecting";
  }

  onMessage(msg) {
    const fn = this["on_" + msg.t];
    if (fn) fn.call(this, msg);
  }

  on_welcome(msg) {
    this.welcome = msg;
    this.seat = null;
    if (msg.resumed) {
      this.seat = msg.resumed.seat;
      if (this.play && this.table && this.table.id !== msg.resumed.table) this.leaveGame();
      if (!this.play) this.show("waiting");
    } else if (this.tv) {
      this.leaveGame();
      this.tv.welcome();
    } else {
      const watching = store.watching();
      if (watching) this.send({ t: "spectate", table: watching.table, ...(Number.isInteger(watching.seen) ? { seen: watching.seen } : {}) });
      else { this.leaveGame(); this.show("lobby"); }
    }
    this.send({ t: "standings" });
    this.send({ t: "saved", tokens: store.tokens() });
  }

  on_tables(msg) {
    this.tables = msg.tables || [];
    this.mine = msg.mine || [];        // our seats that nobody holds: "Back to my seat"
    if (this.tv) this.tv.tables(this.tables);
    if (this.screen === "lobby") this.render();
  }

  on_table(msg) {
    const t = msg.table;
    this.table = t;
    if (t.status === "lobby") {
      this.leaveGame();
      this.show("table");
    } else {
      this.enterGame();
      this.play.table(t);
    }
  }

  on_seated(msg) {
    if (this.tv) return;
    this.seat = msg.seat;
    store.setSeat({ table: msg.table, seat: msg.seat, token: msg.token, seen: null });
    store.setWatching(null);
    store.addToken(msg.token);
  }

  on_left(msg) {
    if (this.table && msg.table !== this.table.id) return;
    this.table = null;
    this.seat = null;
    store.setSeat(null);
    store.setWatching(null);
    this.leaveGame();
    if (this.tv) { this.tv.left(); return; }
    if (msg.reason) toast(msg.reason, "info");
    this.show("lobby");
  }

  on_update(msg) {
    this.state = msg.state;
    this.seen.set(msg.table, msg.state);
    const seat = store.seat();
    if (seat && this.seat !== null && seat.table === msg.table) store.setSeat({ ...seat, seen: msg.state });
    const watching = store.watching();
    if (!this.tv && watching && this.seat === null && watching.table === msg.table) {
      store.setWatching({ ...watching, seen: msg.state });
    }
    this.enterGame();
    this.play.update(msg);
    if (msg.seq !== undefined && this.pending.has(msg.seq)) {
      this.pending.get(msg.seq)({ ok: true, update: msg });
      this.pending.delete(msg.seq);
    }
  }

  on_error(msg) {
    this.errors.push(msg);
    if (this.errors.length > 50) this.errors.shift();
    if (msg.code === "bad_token") {          // that seat is gone: hello again as ourselves
      store.setSeat(null);
      this.send(this.hello());
      return;
    }
    if (msg.seq !== undefined && this.pending.has(msg.seq)) {
      this.pending.get(msg.seq)({ ok: false, error: msg });
      this.pending.delete(msg.seq);
    }
    if (msg.code === "bad_field" && msg.ref === "hello") {
      this.net.close();
      this.show("join");
      toast(this.errorText(msg), "error", 6000);
      return;
    }
    if (["busy", "shutdown", "proto"].includes(msg.code)) {
      toast(this.errorText(msg), "error", 6000);
      return;
    }
    toast(this.errorText(msg), "error");
  }

  errorText(msg) {
    const key = "web.error." + msg.code;
    const head = this.cat.has(key) ? this.t(key) : msg.message;
    return msg.reason ? `${head}: ${msg.reason}` : head;
  }

  on_standings(msg) {
    this.standings = msg;
    if (this.screen === "lobby" || this.screen === "standings") this.render();
    if (this.play) this.play.standings(msg);
  }

  on_saved(msg) {
    this.saved = msg.games || [];
    if (this.screen === "lobby") this.render();
  }

  on_chat(msg) {
    if (this.play) this.play.log(`${msg.from}: ${msg.text}`, "chat");
  }

  on_bye() { /* the host closes: the socket's close reconnects */ }

  // watch a table: from the last state this page saw of it (it played there, or watched it), so
  // that "while you were away" starts where it left, not at the game's start
  watch(table) {
    const seen = this.seen.get(table);
    store.setWatching({ table, seen: Number.isInteger(seen) ? seen : null });
    return { t: "spectate", table, ...(Number.isInteger(seen) ? { seen } : {}) };
  }

  tokens() { return store.tokens(); }

  // leave the table on purpose: the seat's token is forgotten (in a started game the host keeps
  // the seat for it, and a bot plays it if the table allows)
  leaveTable() {
    this.send({ t: "leave" });
    store.setSeat(null);
    store.setWatching(null);
  }

  // an action or undo from the table's module: resolves with {ok, update | error}
  request(msg) {
    return new Promise((resolve) => {
      const seq = this.send({ ...msg, state: this.state });
      if (seq === false) { resolve({ ok: false, error: { code: "offline", message: this.t("web.reconnecting") } }); return; }
      this.pending.set(seq, resolve);
    });
  }

  // --- screens ----------------------------------------------------------------------------------
  enterGame() {
    this.screen = "play";
    if (!this.play) this.play = new Play(this, clear(this.root));
  }

  leaveGame() {
    if (this.play) { this.play.destroy(); this.play = null; }
  }

  show(screen) {
    this.screen = screen;
    this.render();
  }

  render() {
    if (!this.cat || this.play) return;
    const root = clear(this.root);
    const bar = h("div", { id: "netstate", class: "netstate", hidden: true }, this.t("web.reconnecting"));
    if (this.tv && this.screen !== "play") this.tv.render(root);
    else if (this.screen === "join") renderJoin(this, root);
    else if (this.screen === "lobby") renderLobby(this, root);
    else if (this.screen === "table") renderTableLobby(this, root);
    else root.append(h("div", { class: "screen center" }, h("p", { class: "muted" }, this.t("web.connecting"))));
    root.append(bar);
  }
}

const app = new App(document.getElementById("app"));
// its catalog not loaded (the host busy): the page loads itself again (app/boot.js)
app.start().then(() => window.tikalBoot?.started("page"), () => window.tikalBoot?.failed("page"));
