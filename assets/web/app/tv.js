// TV mode in a browser (/tv, for a smart TV or a projector): it sits nowhere and watches the host's
// running tables, following the one with the latest move (a table is watched at least MIN_STAY
// before another is picked). While nothing runs it shows, large, the page's address and its QR code
// (drawn by the host: /qr.svg) so that guests join from their phones, and tonight's standings.
import { h } from "./ui.js";
import { standingsTable } from "./lobby.js";

const POLL = 2000;        // ms between two looks at the host's tables
const MIN_STAY = 10000;   // a table is watched at least this long
const IDLE = 8000;        // ... and left for a busier one once it has not moved for this long
const HOLD = 20000;       // a finished game's results stay this long (when no other table plays)

export class TV {
  constructor(app) {
    this.app = app;
    this.seen = new Map();      // table id -> [state, when it last changed]
    this.watching = null;
    this.since = 0;
    this.timer = null;
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

  render(root) {
    const app = this.app;
    const url = `${location.protocol}//${location.host}/`;
    root.append(h("div", { class: "screen tv center" },
      h("h1", { class: "tv-title" }, app.t("web.tv_title")),
      h("img", { class: "tv-qr", src: "/qr.svg", alt: url, width: 330, height: 330 }),
      h("p", { class: "tv-url", id: "tv-url" }, url),
      h("p", { class: "muted" }, app.t("web.tv_waiting")),
      app.page.standings && app.page.standings.overall && app.page.standings.overall.length
        ? h("section", { class: "card tv-standings" }, h("h2", {}, app.t("web.standings")), standingsTable(app, app.page.standings))
        : null));
  }
}
