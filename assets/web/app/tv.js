// TV mode in a browser (/tv, for a smart TV or a projector, seen from across the room): it sits
// nowhere and watches the host's running tables, following the one with the latest move (a table
// is watched at least MIN_STAY before another is picked). A layout of its own, sized by the
// screen's height (1920x1080 the reference): the board large; beside it the game, a large banner of
// whose turn it is and the players' rows (their marks, names and scores, 36 px and more at 1080);
// the last lines of the log as captions under the board; a scoring told full screen (its tally
// stays TALLY after its last row, then goes by itself); the page's address for phones with its QR
// code in a corner. Between games (and while nothing plays): the address and its QR code, large,
// and tonight's standings; a Play again waiting for its players (the next game of a finished
// table: who is in, who not yet, the owner starts once everyone is) beside the results and between
// games. The address is the host's own LAN address (the welcome's `web`, the one
// the host's window shows; /qr.svg draws the same), whatever name the TV's browser used; a host
// with none says so. Nothing waits for a tap: the TV joins a game as it stands (no "while you were
// away" panel) and its results go by themselves.
import { h, clear, stylesheet } from "./ui.js";
import { markSvg } from "./marks.js";
import { standingsTable, gameTitle, playerName } from "./lobby.js";
import { Play, animSpeed, mmss } from "./play.js";

const POLL = 2000;        // ms between two looks at the host's tables
const MIN_STAY = 10000;   // a table is watched at least this long
const IDLE = 8000;        // ... and left for a busier one once it has not moved for this long
const HOLD = 20000;       // a finished game's results stay this long (when no other table plays)
export const TALLY = 8000;   // a scoring's tally stays this long after its last row
const CAPTIONS = 2;       // the log's last lines under the board
const STANDING_ROWS = 10; // at most the first rows of tonight's standings (those the screen holds, large)

/** The page's address for phones, of the host's web addresses (`welcome.web`): the one the TV's
 * browser used when it is one of them, else the first (the host's window shows it); null when the
 * host has none (it serves on loopback only: no phone can reach it). */
export function joinUrl(web, hostname) {
  const urls = Array.isArray(web) ? web : [];
  const used = urls.find((u) => { try { return new URL(u).hostname === hostname; } catch { return false; } });
  return used || urls[0] || null;
}

/** The Play again (docs/protocol.md 14) of the host's tables that waits for its players: a lobby
 * made from a finished table (`again_of`), not private (the TV shows no private table); `of`: only
 * the finished table `of`'s. null when there is none. */
export function againTable(tables, of = null) {
  return (Array.isArray(tables) ? tables : []).find((t) => t && t.status === "lobby" && Number.isInteger(t.again_of)
    && !t.private && (of === null || t.again_of === of)) || null;
}

/** Where each seat of the Play again `t` stands: `in` (a player who said yes, or a bot: ready in
 * their seat), `waiting` (the seat kept for its player, who has not said yet), `open` (its player
 * left: the seat is free for anyone); `all`: every seat is in (the owner starts). */
export function againState(t) {
  const rows = (t.players || []).map((p) => ({
    seat: p.seat, player: p,
    state: p.kind === "empty" ? "open" : p.kept ? "waiting" : p.kind === "bot" || p.ready ? "in" : "waiting",
  }));
  return { rows, all: rows.length > 0 && rows.every((r) => r.state === "in") };
}

export class TV {
  constructor(app) {
    this.app = app;
    this.seen = new Map();      // table id -> [state, when it last changed]
    this.watching = null;
    this.since = 0;
    this.timer = null;
    stylesheet(new URL("./tv.css", import.meta.url), "tv-style");
    document.documentElement.classList.add("tv-page");
  }

  /** The address phones open (see joinUrl), or null. */
  get url() {
    const welcome = this.app.page.welcome;
    return joinUrl(welcome && welcome.web, location.hostname);
  }

  welcome() {
    this.watching = null;
    clearInterval(this.timer);
    this.timer = setInterval(() => this.app.send({ t: "list" }), POLL);
    this.app.show("tv");
  }

  tables(list) {
    const now = Date.now();
    for (const t of list) {
      const old = this.seen.get(t.id);
      if (!old || old[0] !== t.state) this.seen.set(t.id, [t.state, now]);
    }
    const playing = list.filter((t) => t.status === "playing" && !t.private);
    if (this.app.play && this.app.play.drawAgain) this.app.play.drawAgain();     // who plays again, as it changes
    if (this.watching !== null && !playing.some((t) => t.id === this.watching)) {
      this.overAt = this.overAt || now;        // the game watched ended: its results a while, then on
      if (now - this.overAt < HOLD && !playing.length) return;
      this.overAt = null;
      this.app.send({ t: "leave" });
      this.watching = null;
    }
    if (!playing.length) { if (this.app.page.screen !== "play") this.app.render(); return; }
    const latest = playing.reduce((a, b) => (this.seen.get(b.id)[1] > this.seen.get(a.id)[1] ? b : a));
    const current = playing.find((t) => t.id === this.watching);
    const quiet = current ? now - this.seen.get(current.id)[1] : Infinity;
    if (!current || (latest.id !== current.id && now - this.since > MIN_STAY && quiet > IDLE)) {
      this.follow(latest.id);
    }
  }

  follow(id) {
    if (this.watching !== null) this.app.send({ t: "leave" });
    this.watching = id;
    this.since = Date.now();
    this.app.send({ t: "spectate", table: id });
  }

  left() {
    if (this.watching === null) this.app.show("tv");
  }

  /** The game screen of TV mode (app/main.js asks for it instead of the phone's). */
  play(root) { return new TVPlay(this.app, root); }

  /** The address and its code, as large as the room needs (or why there is none). */
  join(big) {
    const app = this.app, url = this.url;
    if (!url) {
      return h("div", { class: ["tv-join", big && "big"], id: "tv-join" },
        h("p", { class: "tv-no-lan", id: "tv-no-lan" }, app.t("web.tv_no_lan")));
    }
    return h("div", { class: ["tv-join", big && "big"], id: "tv-join" },
      h("img", { class: "tv-qr", src: "/qr.svg", alt: url, width: 330, height: 330 }),
      h("div", { class: "tv-join-text" },
        big ? null : h("p", { class: "tv-join-how" }, app.t("web.tv_join")),
        // (beside the board, the address as a phone's browser takes it typed: no http://, no /)
        h("p", { class: "tv-url", id: "tv-url", "data-url": url }, big ? url : url.replace(/^http:\/\//, "").replace(/\/$/, ""))));
  }

  /** A Play again waiting for its players, as the room reads it: the game, each seat's player and
   * whether they are in, and what comes next (tap Play again; once everyone is in, the owner
   * starts). `t`: its table's summary (of the host's list). */
  againPanel(t) {
    const app = this.app, { rows, all } = againState(t);
    const word = { in: "web.tv_again_in", waiting: "web.tv_again_waiting" };
    return h("section", { class: ["tv-again", all && "all-in"], id: "tv-again", "data-table": t.id },
      h("h2", { "data-fit": "1" }, app.t("web.tv_again_title", { game: gameTitle(app, t.game) })),
      h("ol", { class: "tv-again-rows" }, rows.map((r) => h("li", { class: r.state, "data-seat": r.seat, "data-state": r.state },
        markSvg(r.seat, r.player.colour, app.page.shapes, 48),
        h("span", { class: "pname", "data-fit": "1" }, r.state === "open" ? app.t("web.empty_seat") : playerName(app, r.player)),
        r.state === "open" ? null : h("span", { class: "tv-again-state", "data-fit": "1" }, app.t(word[r.state]))))),
      h("p", { class: "tv-again-next", id: "tv-again-next", "data-fit": "1" },
        all ? this.startLine(t) : app.t("web.tv_again_how", { button: app.t("web.play_again") })));
  }

  /** Everyone is in: who starts, by name when the owner sits at the table (the room knows whom to ask). */
  startLine(t) {
    const app = this.app, owner = (t.players || []).find((p) => p.seat === t.owner_seat && p.kind === "human");
    return owner ? app.t("web.tv_again_start_named", { name: playerName(app, owner) }) : app.t("web.tv_again_start");
  }

  /** Between games: the page's address and its QR code, large, and tonight's standings. */
  render(root) {
    const app = this.app, st = app.page.standings;
    const rows = st && st.overall && st.overall.length;
    const again = againTable(app.page.tables);
    root.append(h("div", { class: "screen tv tv-home" },
      h("section", { class: "tv-home-join" },
        h("h1", { class: "tv-title" }, app.t("web.tv_title")),
        this.join(true),
        h("p", { class: "tv-waiting muted" }, app.t("web.tv_waiting"))),
      again || rows ? h("div", { class: "tv-home-side" },
        again ? this.againPanel(again) : null,
        rows ? h("section", { class: "tv-standings", id: "tv-standings" },
          h("h2", {}, app.t("web.standings")), standingsTable(app, { ...st, overall: st.overall.slice(0, STANDING_ROWS) })) : null) : null));
    // the rows the screen holds at the room's size: the last ones go rather than the type shrinking
    // (beside a Play again, all of them if need be: it comes first)
    const box = root.querySelector("#tv-standings");
    const rowsShown = box ? [...box.querySelectorAll("tbody tr")] : [];
    const over = () => box.scrollHeight > box.clientHeight + 1;
    while (rowsShown.length > 1 && over()) rowsShown.pop().remove();
    if (box && again && over()) box.remove();
  }
}

/** The game on the TV: the phone's game screen (app/play.js) drawn another way. The table's module
 * draws only its board (`ctx.tv`); the rest is the TV's. */
export class TVPlay extends Play {
  build() {
    const app = this.app;
    clear(this.root);
    this.title = h("h1", { class: "tv-game", id: "tv-game" }, "");
    this.status = h("div", { class: "tv-turn", id: "whose-turn", role: "status" }, "");
    this.clockLine = h("span", { class: "clock", id: "clock" }, "");     // how long the player thinks
    this.nudgeButton = h("button", { class: "small", id: "nudge", hidden: true }, "");   // (no seat: never shown)
    this.clockRow = h("div", { class: "tv-clock", hidden: true }, this.clockLine);
    this.strip = h("ol", { class: "tv-players", id: "players" });
    this.board = h("div", { class: "board tv-board", id: "board" });
    this.captions = h("ol", { class: "tv-captions", id: "tv-captions", "aria-live": "polite" });
    this.logBox = h("ol", { class: "log-lines" });             // (kept: the log is the captions' source)
    this.logPanel = h("aside", { class: "log", id: "log", hidden: true }, this.logBox);
    this.logButton = this.menuButton = null;                  // nothing to tap on a TV
    this.overlay = h("div", { class: "overlay tv-results-back", id: "overlay", hidden: true });
    this.scoring = h("div", { class: "tv-scoring", id: "tv-scoring", "data-layer": "tv-scoring", hidden: true });
    this.netstate = h("div", { id: "netstate", class: "netstate", hidden: app.page.status === "open" }, app.t("web.reconnecting"));
    this.root.append(h("div", { class: "screen play tvplay" },
      h("main", { class: "tv-main" }, this.board, this.captions),
      h("aside", { class: "tv-side" }, this.title, this.status, this.clockRow, this.strip, app.tv ? app.tv.join(false) : null),
      this.logPanel, this.overlay, this.scoring, this.netstate));
    this.drawTitle();
    this.drawPlayers();
    if (this.tally) this.drawTally();
  }

  /** The turn clock as the room reads it: the banner names the player, the line under it says
   * only the time (one line: the players' rows keep their room). */
  drawClock() {
    super.drawClock();
    const msg = this.last, c = msg && msg.clock;
    if (this.clockLine.textContent && c && !c.out && c.seat !== this.app.page.seat) {
      const since = (performance.now() - this.clockAt) / 1000;
      this.clockLine.textContent = `${mmss(c.spent + since)} / ${mmss(c.limit)}`;
    }
  }

  context() {
    const ctx = super.context();
    ctx.tv = true;                      // the module draws its board only
    ctx.showPlayers = () => {};         // the TV's rows name the players, whatever the module draws
    return ctx;
  }

  destroy() {
    clearTimeout(this.tallyTimer);
    super.destroy();
  }

  // whose turn as the board shows it (app/play.js turnShown: the update the module has landed on)
  drawStatus(msg) {
    const turn = this.turnShown(msg);
    let text = "", seat = null;
    if (turn.over) text = this.t("web.game_over");
    else if (turn.seat !== null && turn.seat !== undefined) {
      seat = turn.seat;
      text = this.t("web.tv_turn", { name: this.nameOf(seat) });
    }
    clear(this.status);
    if (seat !== null) this.status.append(markSvg(seat, this.colourOf(seat), this.app.page.shapes, 64));
    this.status.append(h("span", { class: "tv-turn-text", "data-fit": "1" }, text));
    this.status.dataset.seat = seat === null ? "" : String(seat);
    this.drawPlayers();
  }

  // a player large, for the room (no "you": a TV sits at no seat)
  playerItem(p, score, acting, away) {
    return h("li", { class: ["player", acting && "acting", away && "away"], "data-seat": p.seat },
      markSvg(p.seat, p.colour, this.app.page.shapes, 48),
      h("span", { class: "tv-who" },
        h("span", { class: "pname", "data-fit": "1" }, playerName(this.app, p)),
        away ? h("span", { class: "tv-away" }, p.takeover ? this.t("web.bot_plays") : this.t("web.away")) : null),
      score !== null && score !== undefined ? h("span", { class: "score" }, score) : null);
  }

  log(text, kind = "game") {
    super.log(text, kind);
    if (kind === "chat") return;
    this.captionLines = [...(this.captionLines || []), text].slice(-CAPTIONS);
    clear(this.captions);
    this.captionLines.forEach((line, i) => this.captions.append(
      h("li", { class: i === this.captionLines.length - 1 ? "newest" : null, "data-fit": "1" }, line)));
  }

  // nothing waits for a tap on a TV: it joins the game as it stands (the recap's scores still make
  // the score story, app/play.js)
  showRecap() {}

  update(msg) {
    super.update(msg);
    if (!msg.full) this.tallyOf(msg.events || []);
  }

  // --- a scoring, told large ---------------------------------------------------------------------
  /** The scorings of the module's game (its declaration: `scorings`, games/README.md: the
   * window's own, {started, scored, ended, kinds: [{kind, title, colour}]}). */
  tallyOf(events) {
    const sc = this.module && this.module.scorings;
    if (!sc) return;
    for (const ev of events) {
      if (ev.type === sc.started) this.tally = { kind: ev.kind, rows: new Map() };
      else if (ev.type === sc.scored) {
        if (!this.tally) this.tally = { kind: null, rows: new Map() };     // came in mid-round
        this.tally.rows.set(ev.seat, { total: ev.total, score: ev.score });
        this.showTally();
      }
    }
  }

  showTally() {
    this.drawTally();
    this.scoring.hidden = false;
    clearTimeout(this.tallyTimer);
    // (the page's test option ?anim=N hurries it too, at most 4 times)
    this.tallyTimer = setTimeout(() => { this.scoring.hidden = true; }, TALLY / Math.min(4, animSpeed()));
  }

  drawTally() {
    const sc = this.module && this.module.scorings, t = this.tally;
    if (!t) return;
    const kind = sc && Array.isArray(sc.kinds) ? sc.kinds.find((k) => k.kind === t.kind) : null;
    const key = kind ? kind.title : null;
    const rows = [...t.rows.entries()].sort((a, b) => (b[1].score - a[1].score) || (a[0] - b[0]));
    clear(this.scoring);
    this.scoring.append(h("div", { class: "tv-tally" },
      h("h2", { class: "tv-tally-title", style: kind && kind.colour ? { color: kind.colour } : null },
        key && this.app.cat.has(key) ? this.t(key) : this.t("web.tv_scoring")),
      h("ol", { class: "tv-tally-rows" }, rows.map(([seat, r]) => h("li", { "data-seat": seat },
        markSvg(seat, this.colourOf(seat), this.app.page.shapes, 56),
        h("span", { class: "pname", "data-fit": "1" }, this.nameOf(seat)),
        h("span", { class: "tv-gain" }, `+${r.total}`),
        h("span", { class: "score" }, r.score))))));
  }

  // --- the results: large, with nothing to tap (the TV goes on by itself) ---------------------------
  showResults(msg) {
    const app = this.app, t = this.summary;
    const { winners, order } = this.resultsOf(msg);
    clear(this.overlay);
    this.againBox = h("div", { class: "tv-results-again", id: "tv-results-again" });
    this.overlay.append(h("div", { class: "tv-results", id: "results" },
      h("h2", {}, app.t("web.winner", { name: [...winners].map((w) => this.nameOf(w)).join(", ") })),
      h("ol", { class: "tv-result-list" }, order.map((seat) => h("li", { class: [winners.has(seat) && "winner"], "data-seat": seat },
        markSvg(seat, this.colourOf(seat), app.page.shapes, 56),
        h("span", { class: "pname", "data-fit": "1" }, this.nameOf(seat)),
        h("span", { class: "score" }, msg.scores[seat])))),
      h("p", { class: "tv-results-game" }, t ? `${gameTitle(app, t.game)} #${t.id}` : "")), this.againBox);
    this.overlay.hidden = false;
    this.drawAgain();
  }

  /** Beside the results: this game's Play again while it waits for its players (the host's list,
   * asked every POLL: it changes as they tap). */
  drawAgain() {
    const box = this.againBox, t = this.summary, tv = this.app.tv;
    if (!box || !tv || this.overlay.hidden) return;
    const again = t ? againTable(this.app.page.tables, t.id) : null;
    clear(box);
    if (again) box.append(tv.againPanel(again));
    this.overlay.classList.toggle("with-again", !!again);
  }

  standings() {}
}
