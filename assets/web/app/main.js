// The browser client's shell: the connection, the language, the screens (join -> lobby -> a table's
// lobby -> the game, with its log and results), reconnecting, spectating. Each game's table is a
// module of its own (games/<game>/index.js, games/README.md); the shell holds no rules: it draws
// what the host sends and builds actions from `legal`.
import { Net, socketUrl } from "./net.js";
import { browserLanguage, loadCatalog, LANGUAGES } from "./i18n.js";
import { store } from "./store.js";
import { PageState } from "./state.js";
import { refusalText, leftText } from "./reasons.js";
import { dispatch } from "./handlers.js";
import { h, clear, redrawDialogs, toast } from "./ui.js";
import { renderJoin, renderLobby, renderTableLobby } from "./lobby.js";
import { Play } from "./play.js";
import { TV } from "./tv.js";
import { PageHistory } from "./history.js";
import { ScreenLock } from "./wakelock.js";

export const CLIENT = "tikal-lan-web";

class App {
  constructor(root) {
    this.root = root;
    this.cat = null;
    this.page = new PageState();    // the page's state, in one place (app/state.js)
    this.net = new Net(socketUrl());
    this.play = null;           // the game screen (play.js) while at a started table
    this.pending = new Map();   // seq -> {resolve} of actions and undos in flight
    this.page.shapes = store.shapes();
    this.page.name = store.name();
    this.tv = window.location.pathname === "/tv" ? new TV(this) : null;   // TV mode: watches, no input
    this.history = this.tv ? null : new PageHistory(this);   // Back goes back a screen (app/history.js)
    this.screenLock = new ScreenLock(this);                  // the screen kept on at a table (app/wakelock.js)
    this.net.addEventListener("message", (e) => dispatch(this, e.detail));
    this.net.addEventListener("status", (e) => this.onStatus(e.detail));
    // a page hidden at its turn (a phone's screen off) is away once its grace ends (docs/protocol.md 14)
    document.addEventListener("visibilitychange", () => this.reportVisibility());
    window.tikal = this;        // the page's own progress, for tests and the curious
  }

  // what tests read of the page (games/README.md "Tests"): the page's state
  get screen() { return this.page.screen; }
  get table() { return this.page.table; }
  get seat() { return this.page.seat; }
  get state() { return this.page.state; }
  get welcome() { return this.page.welcome; }
  get tables() { return this.page.tables; }
  get standings() { return this.page.standings; }
  get errors() { return this.page.errors; }
  get status() { return this.page.status; }
  get name() { return this.page.name; }
  get shapes() { return this.page.shapes; }
  get saved() { return this.page.saved; }
  get wake() { return this.screenLock.state; }

  t = (key, vars) => this.cat.t(key, vars);
  tn = (...args) => this.cat.tn(...args);

  async start() {
    const lang = store.lang() || browserLanguage(navigator.languages || [navigator.language]);
    await this.setLanguage(lang);
    try {
      const info = await (await fetch("/host.json")).json();
      this.page.hostName = info.name || "";
    } catch { /* the page still works without the host's name */ }
    const host = this.page.hostName;
    document.title = this.baseTitle = host ? `${host} — ${this.t("web.app_name")}` : this.t("web.app_name");
    if (this.tv) { this.join("TV", false); return; }
    const name = store.name();
    if (name) this.join(name);          // the kept name: the lobby, or back to our seat
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
    this.page.shapes = !!on;
    store.setShapes(on);
    this.render();
    if (this.play) this.play.relabel();
    redrawDialogs();
  }

  // --- the connection ---------------------------------------------------------------------------
  join(name, keep = true) {
    if (keep) store.setName(name);
    this.page.name = name;
    this.show("connecting");
    this.net.connect(() => this.hello());
  }

  /** A new name (the settings): the host hears it at once in the lobby (the page says hello
   * again); at a table the seat keeps the name it has, the next table gets the new one. */
  rename(name) {
    name = String(name || "").trim();
    if (!name || name === this.page.name || this.tv) return false;
    store.setName(name);
    this.page.name = name;
    if (this.page.table) toast(this.t("web.name_later"), "info", 5000);
    else if (this.page.screen !== "join") { this.show("connecting"); this.net.drop(); }
    return true;
  }

  hello() {
    this.page.helloName = this.page.name;          // the name the host knows us by
    const msg = { t: "hello", proto: 1, name: this.page.name, client: CLIENT, key: store.key() };
    if (this.tv) return msg;            // the TV sits nowhere: it only watches
    const seat = store.seat();
    if (seat && seat.token) {
      msg.token = seat.token;
      if (Number.isInteger(seat.seen)) msg.seen = seat.seen;
    }
    return msg;
  }

  send(msg) { return this.net.send(msg); }

  /** Whether the page is hidden, said to the host while we hold a seat (a spectator's says nothing). */
  reportVisibility() {
    if (this.tv || this.page.seat === null || !this.page.table || this.page.status !== "open") return;
    this.send({ t: "hidden", hidden: document.visibilityState === "hidden" });
  }

  onStatus(st) {
    this.page.status = st.state;
    const bar = document.getElementById("netstate");
    if (bar) bar.hidden = st.state === "open" || this.page.screen === "join" || this.page.screen === "connecting";
  }

  /** The host's answer to our action or undo `seq` (app/handlers.js): its promise resolved. */
  answered(seq, result) {
    if (seq !== undefined && this.pending.has(seq)) {
      this.pending.get(seq)(result);
      this.pending.delete(seq);
    }
  }

  errorText(msg) { return refusalText(this.cat, msg); }      // (app/reasons.js)
  leftText(msg) { return leftText(this.cat, msg); }

  // watch a table: from the last state this page saw of it (it played there, or watched it), so
  // that "while you were away" starts where it left, not at the game's start
  watch(table) {
    const seen = this.page.seen.get(table);
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
      const seq = this.send({ ...msg, state: this.page.state });
      if (seq === false) {
        const text = this.t("web.reconnecting");
        resolve({ ok: false, error: { code: "offline", message: text, text } });
        return;
      }
      this.pending.set(seq, resolve);
    });
  }

  // --- screens ----------------------------------------------------------------------------------
  enterGame() {
    this.page.screen = "play";
    if (!this.play) this.play = this.tv ? this.tv.play(clear(this.root)) : new Play(this, clear(this.root));
  }

  leaveGame() {
    if (this.play) { this.play.destroy(); this.play = null; }
  }

  show(screen) {
    this.page.screen = screen;
    this.render();
  }

  render() {
    if (!this.cat || this.play) return;
    const root = clear(this.root);
    const screen = this.page.screen;
    const bar = h("div", { id: "netstate", class: "netstate", hidden: true }, this.t("web.reconnecting"));
    if (this.tv && screen !== "play") this.tv.render(root);
    else if (screen === "join") renderJoin(this, root);
    else if (screen === "lobby") renderLobby(this, root);
    else if (screen === "table") renderTableLobby(this, root);
    else root.append(h("div", { class: "screen center" }, h("p", { class: "muted" }, this.t("web.connecting"))));
    root.append(bar);
  }
}

const app = new App(document.getElementById("app"));
// its catalog not loaded (the host busy): the page loads itself again (app/boot.js)
app.start().then(() => window.tikalBoot?.started("page"), () => window.tikalBoot?.failed("page"));
