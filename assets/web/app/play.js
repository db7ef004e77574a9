// The game screen: a bar (the table, whose turn, the log, the menu), the players' strip (marks,
// names, scores, whose turn, who is away), the table's own module (games/<game>/index.js: the board
// and the hands, games/README.md) in the middle, the log, "while you were away" and the results with
// the score story. The module gets every update of its table; the shell handles the rest.
import { h, s, clear, toast, openDialog } from "./ui.js";
import { markSvg, toneOf, shapeOf, textOn } from "./marks.js";
import { gameTitle, playerName, standingsTable } from "./lobby.js";
import { openSettings } from "./settings.js";
import { recapPanel, recapWords } from "./recap.js";
import { store } from "./store.js";
import { openHowTo } from "./howto.js";

const LOG_MAX = 400;
/** How long a spectator's "while you were away" stays (ms) before it goes by itself. */
export const RECAP_PASSES = 6000;

// The game's table module as the host announced it (index.html's meta, written by net/web.py from
// the files it serves): its files' links go in at once, so the browser fetches them together
// instead of one level of imports after another; false when the game ships no module.
function announced(game) {
  const meta = document.querySelector(`meta[name="tikal-modules"][data-for="${game}"]`);
  if (!meta) return false;
  const add = (href, attrs) => {
    if (href && !document.querySelector(`link[href="${href}"]`)) {
      document.head.append(Object.assign(document.createElement("link"), { href, ...attrs }));
    }
  };
  for (const href of meta.content.split(" ")) add(href, { rel: "modulepreload" });
  for (const href of (meta.dataset.styles || "").split(" ")) add(href, { rel: "preload", as: "style" });
  return true;
}

export class Play {
  constructor(app, root) {
    this.app = app;
    this.root = root;
    this.summary = app.page.table;
    this.last = null;            // the last update (kept in the page's state: app/state.js)
    this.queue = [];             // updates that came before the module was loaded
    this.module = null;
    this.instance = null;
    this.lines = [];             // the log: [{text, kind}]
    this.story = new Map();      // state -> scores (the score story)
    this.resultsShown = false;
    this.loading = null;
    this.build();
    if (this.summary) this.load(this.summary.game);
    this.onResize = () => { if (this.instance && this.instance.resize) this.instance.resize(); };
    window.addEventListener("resize", this.onResize);
  }

  get t() { return this.app.t; }
  /** The last update of the table (the page's state holds it: app/state.js). */
  get last() { return this.app.page.last; }
  set last(msg) { this.app.page.last = msg; }

  build() {
    const app = this.app;
    clear(this.root);
    this.title = h("h1", { class: "title" }, "");
    this.status = h("div", { class: "whose-turn", id: "whose-turn", role: "status" }, "");
    this.logButton = h("button", { class: "icon", id: "log-button", "aria-label": app.t("web.log"), title: app.t("web.log"),
      onclick: () => this.toggleLog() }, "☰");
    this.menuButton = h("button", { class: "icon", id: "menu-button", "aria-label": app.t("web.menu"), title: app.t("web.menu"),
      onclick: () => this.openMenu() }, "⋯");
    this.clockLine = h("span", { class: "clock", id: "clock" }, "");
    this.nudgeButton = h("button", { class: "small", id: "nudge", hidden: true, onclick: () => this.nudge() },
      app.t("table.nudge"));
    this.clockRow = h("div", { class: "clock-row", hidden: true }, this.clockLine, this.nudgeButton);
    this.strip = h("ul", { class: "players", id: "players" });
    this.board = h("div", { class: "board", id: "board" });
    this.logBox = h("ol", { class: "log-lines" });
    this.logPanel = h("aside", { class: "log", id: "log", hidden: true },
      h("h2", {}, app.t("web.log")), this.logBox);
    this.overlay = h("div", { class: "overlay", id: "overlay", hidden: true });
    this.netstate = h("div", { id: "netstate", class: "netstate", hidden: app.page.status === "open" }, app.t("web.reconnecting"));
    this.root.append(h("div", { class: "screen play" },
      h("header", { class: "bar" }, this.title, this.logButton, this.menuButton),
      this.status, this.clockRow, this.strip, this.board, this.logPanel, this.overlay, this.netstate));
    this.drawTitle();
    this.drawPlayers();
  }

  drawTitle() {
    const t = this.summary;
    this.title.textContent = t ? `${gameTitle(this.app, t.game)} #${t.id}` : "";
  }

  // --- the module --------------------------------------------------------------------------------
  async load(game) {
    if (this.loading) return;
    this.loading = game;
    let mod, shipped = false;
    try {
      if (pageOption("table") === "plain") throw new Error("?table=plain");   // a test option: the plain table
      shipped = announced(game);
      mod = (await import(`/games/${game}/index.js`)).default;
      window.tikalBoot?.started("table");
    } catch (err) {
      // the game has its module but a file of it was refused (the host busy): a browser never
      // fetches it again, so the page loads itself again (app/boot.js) and comes back to its seat
      if (shipped && window.tikalBoot?.failed("table")) return;
      console.warn(`no table module for ${game} (${err}); the plain one plays`);
      mod = (await import("./generic.js")).default;
    }
    if (this.destroyed) return;
    this.module = mod;
    this.mount();
  }

  mount() {
    clear(this.board);
    this.instance = this.module.mount(this.board, this.context());
    const queued = this.queue;
    this.queue = [];
    for (const msg of queued) {
      if (msg.recap) this.logRecap(msg.recap);
      this.instance.update(msg);
    }
    if (this.recap) this.drawRecap();      // now in the game's own words
  }

  context() {
    const app = this.app, play = this;
    return {
      get seat() { return app.page.seat; },
      get table() { return play.summary; },
      get players() { return play.players(); },
      get state() { return app.page.state; },
      get lang() { return app.cat.lang; },
      get shapes() { return app.page.shapes; },
      animSpeed: animSpeed(),
      t: (key, vars) => app.t(key, vars),
      tn: (...args) => app.tn(...args),
      act: (action) => app.request({ t: "action", action, ...(app.page.seat !== null ? { seat: app.page.seat } : {}) }),
      // the hint: the table allows it and we hold a seat; the host's plan for our view (a Promise of
      // {ok, hint} or {ok: false, error}: docs/protocol.md 5, "The hint")
      get hints() { return !!(play.summary && play.summary.hints) && app.page.seat !== null; },
      hint: () => app.request({ t: "hint", seat: app.page.seat }),
      // the page's first game (its first-game guide not done yet: the window's settings keep it) ...
      get firstGame() { return !store.guideDone(); },
      // ... and it is done (its first turn is over, or the player hid it: the settings show it again)
      guideDone: () => store.setGuideDone(true),
      undo: () => app.request({ t: "undo" }),
      log: (line) => play.log(line, "game"),
      mark: (seat, size) => markSvg(seat, play.colourOf(seat), app.page.shapes, size),
      tone: (seat) => toneOf(play.colourOf(seat), seat),
      shape: (seat) => (app.page.shapes ? shapeOf(seat) : "circle"),
      toast: (text, kind) => toast(text, kind),
      // the module draws the players itself: the shell's strip of names and scores goes
      // whose turn the table shows (app/table.js tellTurn): the bar follows it
      turn: (t) => { play.shownTurn = t; if (play.last) play.drawStatus(play.last); },
      showPlayers: (on) => { play.strip.hidden = !on; play.stripOff = !on; },
    };
  }

  colourOf(seat) {
    const p = this.summary && this.summary.players.find((x) => x.seat === seat);
    return p ? p.colour : null;
  }

  // the seats as the module sees them
  players() {
    const t = this.summary;
    if (!t) return [];
    return t.players.map((p) => ({
      seat: p.seat, name: playerName(this.app, p), kind: p.kind, colour: p.colour, tone: toneOf(p.colour, p.seat),
      shape: this.app.page.shapes ? shapeOf(p.seat) : "circle", connected: p.connected, takeover: p.takeover,
      level: p.level, you: p.seat === this.app.page.seat,
    }));
  }

  // the language or the shapes changed: the shell is drawn again, the module mounted again on the
  // table as it is (no events: nothing is animated twice)
  relabel() {
    const last = this.last;
    if (this.instance) { this.instance.destroy(); this.instance = null; }
    const lines = this.lines, logOpen = !this.logPanel.hidden;
    this.build();
    this.logPanel.hidden = !logOpen;
    this.lines = [];
    this.strip.hidden = !!this.stripOff;
    for (const l of lines) this.log(l.text, l.kind);
    if (this.module) {
      this.mount();
      if (last) this.instance.update({ ...last, events: [], full: true, recap: undefined, seq: undefined });
    }
    if (last) { this.drawStatus(last); this.drawClock(); }
    if (this.recap) this.drawRecap();
    if (this.results && !this.resultsHidden) this.showResults(this.results);
  }

  destroy() {
    this.destroyed = true;
    clearInterval(this.clockTimer);
    document.title = this.app.baseTitle || document.title;
    window.removeEventListener("resize", this.onResize);
    if (this.instance) this.instance.destroy();
    this.instance = null;
  }

  // --- the host's messages --------------------------------------------------------------------------
  table(summary) {
    const before = this.summary;
    this.summary = summary;
    this.drawTitle();
    this.drawPlayers();
    if (before) {
      for (const p of summary.players) {
        const q = before.players.find((x) => x.seat === p.seat);
        if (q && q.connected && !p.connected && p.kind === "human") this.log(this.t("web.log.away", { name: p.name }), "info");
        if (q && !q.connected && p.connected && p.kind === "human") this.log(this.t("web.log.back", { name: p.name }), "info");
      }
    }
    if (!this.loading && summary) this.load(summary.game);
    if (this.instance && this.instance.table) this.instance.table(summary);
    if (this.last) this.drawClock();       // (a seat a bot plays now: nobody to nudge)
    if (this.results && !this.resultsHidden && summary.again) this.showResults(this.results);   // who plays again
  }

  update(msg) {
    const prev = this.last;
    this.last = msg;
    if (msg.recap) this.showRecap(msg.recap, msg.scores);
    if (msg.recap) for (const m of msg.recap.moves || []) if (m.scores) this.story.set(m.state, m.scores);
    this.story.set(msg.state, msg.scores);
    const own = this.instance && this.instance.logs;   // the module tells turns and undos itself
    if (!own && msg.undone !== undefined && msg.undone !== null) this.log(this.t("web.log.undo", { name: this.nameOf(msg.undone) }), "info");
    else if (!own && prev && !msg.full && prev.to_act !== msg.to_act && msg.to_act !== null && msg.to_act !== undefined) {
      this.log(this.t("web.log.turn", { name: this.nameOf(msg.to_act) }), "whose-turn");
    }
    this.drawStatus(msg);
    this.clockAt = performance.now();
    this.drawClock();
    this.yourTurn(prev, msg);
    if (this.instance) this.instance.update(msg);
    else this.queue.push(msg);
    if (msg.over && !this.resultsShown) this.showResults(msg);
  }

  standings() {
    if (this.results && !this.resultsHidden) this.showResults(this.results);
  }

  nameOf(seat) {
    const p = this.summary && this.summary.players.find((x) => x.seat === seat);
    return p ? playerName(this.app, p) : `#${seat}`;
  }

  /** Whose turn: as the table's module shows it (ctx.turn: the update it has landed on), else
   * (the plain table) as the host's last update says. */
  turnShown(msg) {
    if (this.shownTurn && this.instance) return this.shownTurn;
    const you = this.app.page.seat;
    return { seat: msg.over ? null : msg.to_act ?? null, yours: you !== null && msg.to_act === you && !msg.over, over: !!msg.over };
  }

  drawStatus(msg) {
    const turn = this.turnShown(msg);
    let text;
    if (turn.over) text = this.t("web.game_over");
    else if (turn.yours) text = this.t("web.your_turn");
    else if (turn.seat !== null) text = this.t("web.their_turn", { name: this.nameOf(turn.seat) });
    else text = "";
    this.status.textContent = text;
    this.status.classList.toggle("yours", turn.yours);
    this.drawPlayers();
  }

  drawPlayers() {
    const t = this.summary;
    if (!t) { clear(this.strip); this.stripKey = null; return; }
    const last = this.last;
    const turn = last ? this.turnShown(last) : null;
    const items = t.players.map((p) => {
      const score = last && last.scores ? last.scores[p.seat] : null;
      const acting = !!turn && !turn.over && turn.seat === p.seat;
      const away = p.kind === "human" && !p.connected;
      return { p, score, acting, away };
    });
    // the strip is drawn again only when something it shows changed (each update and each turn
    // the table tells asks for it: most change nothing in it)
    const key = JSON.stringify([this.app.cat && this.app.cat.lang, this.app.page.shapes, this.app.page.seat,
      items.map(({ p, score, acting, away }) => [p.seat, p.colour, p.kind, p.name, p.level, p.connected, p.takeover,
        score, acting, away])]);
    if (key === this.stripKey && this.strip.childElementCount === items.length) return;
    this.stripKey = key;
    clear(this.strip);
    for (const { p, score, acting, away } of items) this.strip.append(this.playerItem(p, score, acting, away));
  }

  /** A player's item of the strip: their mark, name and score, and who plays for them when away
   * (app/tv.js draws its own, large). */
  playerItem(p, score, acting, away) {
    return h("li", { class: ["player", acting && "acting", p.seat === this.app.page.seat && "you", away && "away"], "data-seat": p.seat },
      markSvg(p.seat, p.colour, this.app.page.shapes, 16),
      h("span", { class: "pname" }, playerName(this.app, p)),
      score !== null && score !== undefined ? h("span", { class: "score" }, score) : null,
      away ? h("span", { class: "muted small" }, p.takeover ? this.t("web.bot_plays") : this.t("web.away")) : null);
  }

  // --- the turn clock and the nudge (docs/protocol.md 14) ------------------------------------------
  /** Our turn came: the phone buzzes where the browser allows it, the tab's title says so. */
  yourTurn(prev, msg) {
    const mine = (m) => !!m && this.app.page.seat !== null && m.to_act === this.app.page.seat && !m.over && !!m.legal;
    const base = this.app.baseTitle || document.title;
    document.title = mine(msg) ? `${this.t("web.your_turn")} — ${base}` : base;
    if (mine(msg) && !mine(prev) && navigator.vibrate) navigator.vibrate(200);
  }

  /** How long the player to act has been thinking (what is left of our own turn), counted on from
   * the host's last update by the page's own clock; Nudge on another player's turn, once a turn. */
  drawClock() {
    const msg = this.last, c = msg && msg.clock;
    clearInterval(this.clockTimer);
    if (msg && msg.to_act !== this.nudgedFor) this.nudgedFor = null;     // another turn: one nudge again
    let text = "";
    if (c && !msg.over && Number.isInteger(c.seat)) {
      const since = (performance.now() - this.clockAt) / 1000;
      if (c.out) text = this.t("table.clock_out", { name: this.nameOf(c.seat) });
      else if (c.seat === this.app.page.seat) text = this.t("table.thinking_you", { left: mmss(Math.max(0, c.left - since), true) });
      else text = this.t("table.thinking", { name: this.nameOf(c.seat), spent: mmss(c.spent + since), limit: mmss(c.limit) });
      if (!c.out) this.clockTimer = setInterval(() => this.drawClock(), 1000);
    }
    this.clockLine.textContent = text;
    this.nudgeButton.hidden = !this.canNudge();
    this.clockRow.hidden = !text && this.nudgeButton.hidden;
  }

  canNudge() {
    const msg = this.last, seat = this.app.page.seat;
    if (!msg || msg.over || seat === null || msg.to_act === null || msg.to_act === undefined) return false;
    if (msg.to_act === seat || msg.to_act === this.nudgedFor) return false;
    const p = this.summary && this.summary.players.find((x) => x.seat === msg.to_act);
    return !!p && p.kind === "human" && !p.takeover && !p.clocked;
  }

  nudge() {
    if (!this.canNudge()) return;
    this.nudgedFor = this.last.to_act;
    this.app.send({ t: "nudge" });
    this.drawClock();
  }

  /** A nudge: ours to hear (a toast, a buzz), else a line of the log. */
  nudged(msg) {
    const who = Number.isInteger(msg.by) ? this.nameOf(msg.by) : msg.from;
    if (msg.seat === this.app.page.seat) {
      toast(this.t("table.nudged_you", { name: who }), "info", 8000);
      if (navigator.vibrate) navigator.vibrate([120, 80, 120]);
    } else {
      this.log(this.t("table.nudged", { name: who, whom: this.nameOf(msg.seat) }), "info");
    }
  }

  // --- the log ------------------------------------------------------------------------------------
  log(text, kind = "game") {
    this.lines.push({ text, kind });
    if (this.lines.length > LOG_MAX) { this.lines.shift(); this.logBox.firstChild && this.logBox.firstChild.remove(); }
    this.logBox.append(h("li", { class: kind }, text));
    // (the drawer shut, nothing is scrolled: measuring it would lay the page out at each line;
    // toggleLog scrolls it to its end when it opens)
    if (!this.logPanel.hidden) this.logBox.scrollTop = this.logBox.scrollHeight;
  }

  toggleLog(show) {
    this.logPanel.hidden = show === undefined ? !this.logPanel.hidden : !show;
    if (!this.logPanel.hidden) this.logBox.scrollTop = this.logBox.scrollHeight;
  }

  openMenu() {
    openDialog("menu", () => this.menu());
  }

  menu() {
    const app = this.app;
    const close = () => back.remove();
    const back = h("div", { class: "dialog-back", onclick: (e) => { if (e.target === back) close(); } },
      h("div", { class: "dialog card", role: "dialog", "aria-modal": "true" },
        h("h2", {}, app.t("web.menu")),
        h("button", { id: "menu-log", onclick: () => { close(); this.toggleLog(true); } }, app.t("web.log")),
        h("button", { id: "menu-settings", onclick: () => { close(); openSettings(app); } }, app.t("web.settings")),
        h("button", { id: "menu-howto", onclick: () => { close(); openHowTo(app, this.summary && this.summary.game); } }, app.t("howto.open")),
        this.last && this.last.over ? h("button", { id: "menu-results", onclick: () => { close(); this.showResults(this.last); } }, app.t("web.results")) : null,
        h("button", { id: "menu-leave", class: "danger", onclick: () => { close(); app.leaveTable(); } },
          app.t(app.page.seat === null ? "web.stop_watching" : "web.leave")),
        h("button", { class: "primary", onclick: close }, app.t("web.close"))));
    return back;
  }

  // --- while you were away (app/recap.js) ----------------------------------------------------------
  showRecap(recap, now) {
    if (!(recap.moves || []).length) return;
    this.recap = recap;
    this.recapNow = now;
    this.recapOpen = false;
    if (this.instance) this.logRecap(recap);     // (before the module is here: once it is, mount())
    this.drawRecap();
    // a page that watches without a seat waits for nobody's tap: its recap goes by itself
    if (this.app.page.seat === null) {
      clearTimeout(this.recapTimer);
      this.recapTimer = setTimeout(() => this.closeRecap(), RECAP_PASSES);
    }
  }

  /** The plain table tells no moves itself: the shell logs one line per move. */
  logRecap(recap) {
    if (this.instance && this.instance.logs) return;
    for (const l of this.recapWords(recap).lines) this.log(l.text, "recap");
  }

  recapGame() {
    const app = this.app, inst = this.instance;
    const seats = this.summary ? this.summary.players.map((p) => p.seat) : [];
    const kind = (seat) => { const p = this.summary && this.summary.players.find((x) => x.seat === seat); return p ? p.kind : null; };
    return {
      t: app.t, tn: (k, n, vars) => app.tn(k, n, vars), me: app.seat, seats, now: this.recapNow,
      name: (seat) => this.nameOf(seat),
      short: (seat) => (kind(seat) === "bot" ? app.t("table.bot_short", { n: seat + 1 }) : this.nameOf(seat)),
      kind,
      describe: inst && inst.describe ? (ev, you) => inst.describe(ev, you) : null,
      scorings: inst ? inst.scorings : null,
      mark: (seat, size) => markSvg(seat, this.colourOf(seat), app.shapes, size),
      done: () => this.closeRecap(),
    };
  }

  recapWords(recap) { return recapWords(recap, this.recapGame()); }

  drawRecap() {
    const old = this.root.querySelector("#recap");
    const open = old ? old.querySelector("#recap-details:not([hidden])") !== null : this.recapOpen;
    if (old) old.remove();
    if (!this.recap) return;
    const panel = recapPanel(this.recap, this.recapGame());
    if (this.app.page.seat === null) panel.classList.add("passing");    // (it goes by itself: showRecap)
    this.root.querySelector(".screen").append(panel);
    if (open) panel.querySelector("#recap-more").click();
  }

  closeRecap() {
    this.recap = null;
    const old = this.root.querySelector("#recap");
    if (old) old.remove();
    if (this.instance && this.instance.recapDone) this.instance.recapDone();
  }

  // --- the results and the score story ------------------------------------------------------------------
  /** The results of `msg` (the last update) are shown now: the seats, the winners, and the seats in
   * their order on the results (the winners first, then by score, then by seat). */
  resultsOf(msg) {
    this.resultsShown = true;
    this.results = msg;
    this.resultsHidden = false;
    const t = this.summary;
    const seats = t ? t.players.map((p) => p.seat) : msg.scores.map((_, i) => i);
    const winners = new Set(msg.winners || []);
    const order = seats.slice().sort((a, b) => (winners.has(b) - winners.has(a)) || (msg.scores[b] - msg.scores[a]) || (a - b));
    return { seats, winners, order };
  }

  showResults(msg) {
    const app = this.app;
    const { seats, winners, order } = this.resultsOf(msg);
    let place = 0, prevKey = null;
    const rows = order.map((seat, i) => {
      const key = `${winners.has(seat)}:${msg.scores[seat]}`;
      if (key !== prevKey) place = i + 1;
      prevKey = key;
      return h("li", { class: ["result", winners.has(seat) && "winner", seat === app.page.seat && "you"], "data-seat": seat },
        h("span", { class: "place" }, `${place}.`),
        markSvg(seat, this.colourOf(seat), app.page.shapes, 18),
        h("span", { class: "pname" }, this.nameOf(seat)),
        h("span", { class: "score" }, msg.scores[seat]));
    });
    const youWon = app.page.seat !== null && winners.has(app.page.seat);
    const head = youWon ? app.t("web.you_won")
      : app.t("web.winner", { name: [...winners].map((w) => this.nameOf(w)).join(", ") });
    clear(this.overlay);
    this.overlay.append(h("div", { class: "results card", id: "results" },
      h("h2", {}, head),
      h("ol", { class: "result-list" }, rows),
      h("h3", {}, app.t("web.score_story")),
      this.storyChart(seats),
      this.instance && this.instance.results ? this.instance.results() : null,
      app.page.standings ? h("h3", {}, app.t("web.standings")) : null,
      app.page.standings ? standingsTable(app, app.page.standings) : null,
      // what one does next stays in view at the card's foot, however long the results (a phone): a
      // bar that sticks over what scrolls under it (its own layer for the fit check), which
      // scrolls up above it at the end
      h("div", { class: "results-next", id: "results-next", "data-layer": "results-next" },
        this.againLine(),
        h("div", { class: "row-buttons" },
          this.againButton(),
          h("button", { id: "results-board", onclick: () => { this.overlay.hidden = true; this.resultsHidden = true; } },
            app.t("web.see_board")),
          h("button", { id: "results-lobby", class: "primary", onclick: () => app.leaveTable() }, app.t("web.back_to_lobby"))))));
    this.overlay.hidden = false;
  }

  /** Play again (docs/protocol.md 14): a seated player of a finished table goes into its next
   * game, the same seats and bots (the host makes it with the first one to say so). */
  againButton() {
    const app = this.app, t = this.summary;
    const over = t && (t.status === "over" || (this.last && this.last.over));
    if (!(app.page.welcome && app.page.welcome.again) || app.page.seat === null || !over) return null;
    return h("button", { id: "results-again", class: "primary", disabled: !!this.againSent,
      onclick: () => { this.againSent = true; app.send({ t: "again" }); this.showResults(this.results); } },
    app.t("web.play_again"));
  }

  againRefused() {
    this.againSent = false;
    if (this.results && !this.resultsHidden) this.showResults(this.results);
  }

  /** Who is in the next game already (the finished table's summary says: ``again.in``), its bots too. */
  againLine() {
    const t = this.summary;
    if (!t || !t.again) return null;
    const seats = t.players.filter((p) => t.again.in.includes(p.seat) || p.kind === "bot").map((p) => this.nameOf(p.seat));
    return h("p", { class: "again-in", id: "again-in" }, this.app.t("web.again_in", { names: seats.join(", ") }));
  }

  // the scores of each seat over the game, as this page saw them (and the recap told)
  storyChart(seats) {
    const points = [...this.story.entries()].sort((a, b) => a[0] - b[0]);
    const W = 300, H = 120, P = 6;
    if (points.length < 2) return h("p", { class: "muted small" }, this.app.t("web.no_story"));
    const x0 = points[0][0], x1 = points[points.length - 1][0];
    const top = Math.max(1, ...points.flatMap(([, sc]) => sc));
    const X = (st) => P + ((W - 2 * P) * (st - x0)) / Math.max(1, x1 - x0);
    const Y = (v) => H - P - ((H - 2 * P) * v) / top;
    const lines = seats.map((seat) => s("polyline", {
      points: points.map(([st, sc]) => `${X(st).toFixed(1)},${Y(sc[seat] || 0).toFixed(1)}`).join(" "),
      fill: "none", stroke: toneOf(this.colourOf(seat), seat), "stroke-width": seat === this.app.page.seat ? 3 : 2,
      "data-seat": seat,
    }));
    return s("svg", { class: "story", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": this.app.t("web.score_story") },
      s("rect", { x: 0, y: 0, width: W, height: H, fill: "none", stroke: "#8890a8", "stroke-width": 0.5 }), lines);
  }
}

/** 1:05 (a turn's time); `up`: a countdown's whole seconds rounded up. */
export function mmss(seconds, up = false) {
  const s = Math.max(0, up ? Math.ceil(seconds) : Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A query option of the page's address (`?anim=off`), or null. */
function pageOption(name) {
  try { return new URLSearchParams(location.search).get(name); } catch { return null; }
}

/** How fast the tables animate: 1, or the page's test option `?anim=N` (N times faster) or
 * `?anim=off` (Infinity: every animation lands at once; its steps still run). */
export function animSpeed(option = pageOption("anim")) {
  if (option === null || option === undefined || option === "") return 1;
  if (option === "off" || option === "0") return Infinity;
  const n = Number(option);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

export { textOn };
