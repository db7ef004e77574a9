// The panels beside the island (the window's game/tortuga/panel.py and scene.py's buttons): one row
// per seat (its turtles, name, eggs, the cards it took) and the bar of what the player may do now,
// each button there exactly while the host lists its action: Roll, Stop, a card as a die, which
// turtle moves first, Undo. Each part is rebuilt only when what it shows changed.
import { h, s, clear } from "../../app/ui.js";
import { turtleIcon } from "./island.js";
import { BEACH_EGGS } from "./facts.js";

/** A small egg card (its number) for the rows and the results. */
export function cardChip(eggs, cls = "") {
  return h("span", { class: `tt-chip ${cls}`.trim(), "data-eggs": eggs }, String(eggs));
}

const eggIcon = () => s("svg", { class: "tt-i-egg", viewBox: "0 0 10 13", "aria-hidden": "true" },
  s("ellipse", { cx: 5, cy: 7, rx: 4.3, ry: 5.6, fill: "rgb(245,235,200)", stroke: "rgb(150,120,70)", "stroke-width": 1 }));

export class Seats {
  constructor(table, el) {
    this.table = table;
    this.el = el;
    this.rows = [];
    this.keys = [];
  }

  /** Draw the rows that changed; true when any did. */
  render(v) {
    const t = this.table;
    const n = Number(v.seats || 0);
    let any = false;
    if (this.rows.length !== n) {
      clear(this.el);
      this.rows = [];
      this.keys = [];
      for (let seat = 0; seat < n; seat++) {
        const r = h("div", { class: "tt-seat", "data-seat": seat });
        this.el.append(r);
        this.rows.push(r);
      }
      this.el.dataset.n = String(n);
    }
    for (let seat = 0; seat < n; seat++) {
      const p = t.player(seat) || {};
      const held = (v.held || {})[String(seat)] || [];
      const k = JSON.stringify([t.nameOf(seat), p.kind, p.connected, p.takeover, t.toneOf(seat), t.shape(seat), held, v.beach === seat,
        (v.scores || [])[seat], seat === v.seat && !v.over, seat === v.decider && v.decider !== v.seat && !v.over, t.flash.has(seat), t.lang]);
      if (this.keys[seat] === k) continue;
      this.keys[seat] = k;
      this.fill(this.rows[seat], v, seat, held);
      t.fit(this.rows[seat]);
      any = true;
    }
    return any;
  }

  fill(row, v, seat, held) {
    const t = this.table;
    clear(row);
    const active = seat === v.seat && !v.over;
    const decides = seat === v.decider && v.decider !== v.seat && !v.over;     // rides on top: decides for the mover (L-R2)
    row.className = "tt-seat" + (active ? " tt-active" : "") + (decides ? " tt-decider" : "") + (seat === t.me ? " tt-you" : "")
      + (t.flash.has(seat) ? " tt-flash" : "");
    const tone = t.toneOf(seat), shape = t.shape(seat);
    const marks = h("span", { class: "tt-marks" }, turtleIcon(tone, shape, false, `${t.uid}-r${seat}a`));
    if (Number(v.turtles || 0) > Number(v.seats || 0)) marks.append(turtleIcon(tone, shape, true, `${t.uid}-r${seat}b`));
    row.append(marks, h("span", { class: "tt-name", "data-fit": "1", title: t.nameOf(seat) }, t.nameOf(seat)));
    const p = t.player(seat);
    if (p && p.kind === "human" && p.connected === false) {
      row.append(h("span", { class: "tt-away", "data-fit": "1" }, t.t(p.takeover ? "web.bot_plays" : "web.away")));
    }
    const score = (v.scores || [])[seat] ?? 0;
    row.append(h("b", { class: "tt-score", "data-score": score, title: t.tn("tortuga.eggs", score, { n: score }) }, String(score), eggIcon()));
    const cards = h("div", { class: "tt-cards", title: held.length ? t.tn("tortuga.tip_cards", held.reduce((a, b) => a + b, 0),
      { cards: held.join(" + ") }) : t.t("tortuga.tip_no_cards") });
    for (const e of held) cards.append(cardChip(e));
    if (v.beach === seat) cards.append(cardChip(BEACH_EGGS, "tt-chip-beach"));
    row.append(cards);
  }

  /** The screen point where a seat's next card lands (a card flies there). */
  cardsPoint(seat) {
    const row = this.rows[seat];
    if (!row) return null;
    const el = row.querySelector(".tt-cards") || row;
    const r = el.getBoundingClientRect();
    const last = el.lastElementChild ? el.lastElementChild.getBoundingClientRect() : null;
    return last ? [last.right + 8, last.top + last.height / 2] : [r.left + 10, r.top + r.height / 2];
  }
}

/** A button's classes, ringed when it is the one the coach would press (hint.js). */
const hinted = (cls, on) => (on ? `${cls} tt-hinted` : cls);

export class Controls {
  constructor(table, el) {
    this.table = table;
    this.el = el;
    this.key = null;
  }

  button(label, attrs, onTap, cls = "tt-btn") {
    return h("button", { class: cls, type: "button", ...attrs, onclick: (e) => { e.preventDefault(); onTap(); } },
      typeof label === "string" ? h("span", { "data-fit": "1" }, label) : label);
  }

  render() {
    const t = this.table;
    const acting = t.acting();
    const hint = t.hintView;
    const k = JSON.stringify([acting, acting && t.legal, t.canUndo, t.pending, t.lang, t.me, t.over, acting && t.choiceWords(),
      hint ? hint.key() : null]);
    if (k === this.key) return;
    this.key = k;
    const row = clear(this.el);
    if (t.me === null || t.over) return;          // watching, or the game is over: nothing to do here
    const off = t.pending || !acting;
    const chooses = t.legalOf("choose_turtle");
    if (chooses.length) {
      row.className = "tt-bar tt-bar-choose";
      for (const a of chooses) {
        const second = a.turtle >= t.seats;
        row.append(this.button(h("span", { class: "tt-choice" }, turtleIcon(t.toneOf(t.me), t.shape(t.me), second, `${t.uid}-c${a.turtle}`, "tt-i-turtle tt-i-big"),
          h("span", { "data-fit": "1" }, t.turtleChoice(a.turtle))), { "data-act": "choose", "data-turtle": a.turtle, title: t.t("tortuga.choose_tip"),
          disabled: off, onpointerenter: () => t.setHover(a.turtle), onpointerleave: () => t.setHover(null) },
        () => t.chooseTurtle(a.turtle), hinted("tt-btn tt-primary tt-choose", hint && hint.hinted("choose_turtle", { turtle: a.turtle }))));
      }
    } else {
      row.className = "tt-bar tt-bar-roll";
      row.append(this.button(t.t("tortuga.roll"), { "data-act": "roll", title: t.t("tortuga.roll_tip"), disabled: off || !t.legalOf("roll").length },
        () => t.sendType("roll"), hinted("tt-btn tt-primary tt-big", hint && hint.hinted("roll"))));
      row.append(this.button(t.t("tortuga.stop"), { "data-act": "stop", title: t.t("tortuga.stop_tip"), disabled: off || !t.legalOf("stop").length },
        () => t.sendType("stop"), hinted("tt-btn tt-good tt-big", hint && hint.hinted("stop"))));
      const plays = [...new Map(t.legalOf("play_card").map((a) => [a.eggs, a])).values()].sort((x, y) => x.eggs - y.eggs);
      if (plays.length) {
        const cards = h("div", { class: "tt-play" });
        for (const a of plays) {
          cards.append(this.button(h("span", { class: "tt-chip tt-chip-big" }, String(a.eggs)), { "data-act": "card", "data-eggs": a.eggs,
            title: t.t("tortuga.card_tip"), "aria-label": t.t("tortuga.card_tip"), disabled: off }, () => t.playCard(a.eggs),
          hinted("tt-btn tt-card", hint && hint.hinted("play_card", { eggs: a.eggs }))));
        }
        row.append(cards);
      }
    }
    if (t.canUndo) {
      row.append(this.button(t.t("web.undo"), { "data-act": "undo", disabled: t.pending }, () => t.undo(), "tt-btn tt-undo"));
    }
    if (hint) hint.decorate(row, (label, attrs, onTap, cls) => this.button(label, attrs, onTap, cls));   // the coach line
    t.fit(row);
  }
}

/** La Tortuga's part of the results: each seat's egg cards in the order taken, the beach, how many
 * cards (the tie-break, L-X3) and the eggs, in the window's results' words. */
export function resultsPart(t, v) {
  const n = Number(v.seats || 0);
  const list = h("ul", { class: "tt-result-rows" });
  const winners = new Set(v.winners || []);
  for (let seat = 0; seat < n; seat++) {
    const held = (v.held || {})[String(seat)] || [];
    const beach = v.beach === seat;
    const parts = held.length ? [] : [t.t("results.cards", { cards: "—" })];     // the chips show the cards
    if (beach) parts.push(t.t("results.beach"));
    const count = held.length + (beach ? 1 : 0);
    parts.push(t.tn("results.card_count", count, { n: count }));
    const chips = h("div", { class: "tt-cards" }, held.map((e) => cardChip(e)), beach ? cardChip(BEACH_EGGS, "tt-chip-beach") : null);
    list.append(h("li", { class: winners.has(seat) ? "tt-result tt-winner" : "tt-result", "data-seat": seat },
      h("div", { class: "tt-seat-head" }, h("span", { class: "tt-marks" }, turtleIcon(t.toneOf(seat), t.shape(seat), false, `${t.uid}-x${seat}`)),
        h("span", { class: "tt-name", "data-fit": "1" }, t.nameOf(seat)),
        h("b", { class: "tt-score", "data-score": (v.scores || [])[seat] ?? 0 }, String((v.scores || [])[seat] ?? 0), eggIcon())),
      chips,
      h("div", { class: "tt-breakdown", "data-fit": "1" }, parts.join(" · "))));
  }
  return h("div", { class: "tt-results", "data-game": "tortuga" }, list);
}
