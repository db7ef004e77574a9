// "While you were away" (the window's game/scenes/recap.py): what happened since the player left, from
// the `recap` of the host's full update (docs/protocol.md section 14). First a short summary — each
// seat's score then and now, the scorings — with "Got it" always in reach; the moves, one line per
// event in the game's own log words (who did what, and where), on demand under "Details". The
// game's module marks the moves on its board (its own `recap` of the update).
//
// The module may give (games/README.md): `describe(ev, you)` (its log line of an event) and
// `scorings` ({started, scored, ended}: the event types that open a scoring round, give one seat's
// points in it and close it; `lines`: other event types that win points, a card taken: the summary
// shows those of the player's own seat). Without
// them (the plain table) each move is one line: "Ana played", "a bot played for Ana".
import { h } from "./ui.js";

/** The end of every game (docs/events.md): its line is always among the summary's. */
const GAME_OVER = "game_over";

/** The recap in words. `g`: {t(key, vars), tn(key, n, vars), name(seat), short(seat) (a bot as
 * "Bot 2": the log's name), kind(seat), me, describe?, scorings?}. Returns {moves (the count of moves, undos left out), lines: [{text, seat, scoring}],
 * rounds: [{title, seat, points: [{seat, total}]}], scored: [{text, seat}], before, after}. */
export function recapWords(recap, g) {
  const sc = g.scorings || {};
  const standOut = new Set([sc.started, sc.scored, sc.ended, GAME_OVER, ...(sc.lines || [])].filter(Boolean));
  const listed = new Set([GAME_OVER, ...(sc.lines || [])]);
  const out = { moves: 0, lines: [], rounds: [], scored: [], before: null, after: null };
  if (Array.isArray(recap.scores)) out.before = recap.scores;
  let round = null;
  for (const move of recap.moves || []) {
    if (!move || typeof move !== "object") continue;
    const seat = Number.isInteger(move.seat) ? move.seat : null;
    if (Array.isArray(move.scores)) {
      if (out.before === null) out.before = move.scores;    // an older host: from the first move on
      out.after = move.scores;
    }
    if (move.undone) {
      out.lines.push({ text: g.t("recap.undone", { name: seat !== null ? g.short(seat) : "?" }), seat, scoring: false });
      continue;
    }
    out.moves += 1;
    // a takeover bot's moves are its player's seat's, said as the bot's (a bot's own seat plays as itself)
    const standIn = !!move.bot && seat !== null && g.kind(seat) !== "bot";
    if (!g.describe) {
      out.lines.push({ text: standIn ? g.t("web.recap.bot_move", { name: g.name(seat) }) : g.t("web.recap.move", { name: g.name(seat) }),
        seat, scoring: false });
      continue;
    }
    for (const ev of move.events || []) {
      if (!ev || typeof ev !== "object") continue;
      let text = g.describe(ev, false);            // the third person: what our seat did meanwhile was not us
      const evSeat = Number.isInteger(ev.seat) ? ev.seat : seat;
      if (text && standIn && ev.seat === seat) {
        text = seat === g.me ? g.t("recap.by_bot", { line: text }) : g.t("recap.by_bot_for", { name: g.short(seat), line: text });
      }
      if (sc.started && ev.type === sc.started) {
        round = { title: text || "", seat: null, points: [] };
        out.rounds.push(round);
      } else if (sc.scored && ev.type === sc.scored && Number.isInteger(ev.seat)) {
        if (!round) { round = { title: "", seat: null, points: [] }; out.rounds.push(round); }   // came in mid-round
        round.points.push({ seat: ev.seat, total: Number(ev.total) || 0 });
      } else if (sc.ended && ev.type === sc.ended) {
        round = null;
      }
      // the summary's lines: the game's end, and what our own seat won (the table above has everyone's)
      if (text && (ev.type === GAME_OVER || (listed.has(ev.type) && g.me !== null && evSeat === g.me))) {
        out.scored.push({ text, seat: ev.type === GAME_OVER ? null : evSeat });
      }
      if (text) out.lines.push({ text, seat: evSeat, scoring: standOut.has(ev.type) });
    }
  }
  return out;
}

/** The recap's panel. `g` as recapWords's, and {seats: [seat], now: scores now, mark(seat, size),
 * done()}. Its summary first; "Details" shows the moves' lines (and hides them again). */
export function recapPanel(recap, g) {
  const w = recapWords(recap, g);
  const mark = (seat) => (seat !== null && seat !== undefined ? g.mark(seat, 16) : h("span", { class: "mark-gap" }));
  const now = Array.isArray(g.now) ? g.now : w.after;
  const before = w.before || now;
  const rows = [];
  for (const seat of g.seats) {
    const a = before ? before[seat] : null, b = now ? now[seat] : null;
    if (a === null || a === undefined || b === null || b === undefined) continue;
    const diff = b - a;
    rows.push(h("tr", { class: [diff && "changed", seat === g.me && "you"], "data-seat": seat },
      h("td", { class: "who" }, mark(seat), h("span", { class: "pname" }, g.name(seat))),
      h("td", { class: "then" }, String(a)),
      h("td", { class: "arrow", "aria-hidden": "true" }, "→"),
      h("td", { class: "now" }, String(b)),
      h("td", { class: "diff" }, diff ? (diff > 0 ? `+${diff}` : String(diff)) : "")));
  }
  const summary = h("div", { class: "recap-summary", id: "recap-summary" });
  if (rows.length) {
    summary.append(h("h3", {}, g.t("web.recap.scores")),
      h("table", { class: "recap-scores", id: "recap-scores" }, h("tbody", {}, rows)));
  }
  const scorings = [];
  for (const r of w.rounds) {
    const points = r.points.map((p) => `${g.name(p.seat)} +${p.total}`).join(" · ");
    scorings.push(h("li", { class: "round" }, r.title ? h("span", { class: "title" }, r.title) : null,
      points ? h("span", { class: "points" }, points) : null));
  }
  for (const l of w.scored) scorings.push(h("li", {}, mark(l.seat), h("span", {}, l.text)));
  if (scorings.length) summary.append(h("h3", {}, g.t("web.recap.scorings")), h("ul", { class: "recap-scorings", id: "recap-scorings" }, scorings));
  const changed = rows.some((r) => r.classList.contains("changed"));
  if (!changed && !scorings.length) summary.append(h("p", { class: "muted small" }, g.t("web.recap.no_change")));
  const details = h("ol", { class: "recap-lines", id: "recap-details", hidden: true },
    w.lines.map((l) => h("li", { class: [l.scoring && "scoring"], ...(l.seat !== null ? { "data-seat": l.seat } : {}) }, mark(l.seat), h("span", {}, l.text))));
  const toggle = h("button", { id: "recap-more", "aria-expanded": "false", onclick: () => {
    details.hidden = !details.hidden;
    toggle.setAttribute("aria-expanded", String(!details.hidden));
    toggle.textContent = g.t(details.hidden ? "web.recap.details" : "web.recap.hide_details");
    if (!details.hidden) details.scrollIntoView({ block: "nearest" });
  } }, g.t("web.recap.details"));
  const panel = h("div", { class: "recap card", id: "recap", role: "dialog", "aria-labelledby": "recap-title" },
    h("h2", { id: "recap-title" }, g.t(recap.clock ? "recap.title_clock" : "web.recap.title")),   // (a bot finished a turn whose time ran out)
    h("p", { class: "muted small", id: "recap-count" }, g.tn(recap.clock ? "web.recap.moves_clock" : "web.recap.moves", w.moves, { n: w.moves })),
    h("div", { class: "recap-body" }, summary, details),
    h("div", { class: "row-buttons recap-buttons" },
      w.lines.length ? toggle : null,
      h("button", { class: "primary", id: "recap-ok", onclick: () => g.done() }, g.t("web.got_it"))));
  panel.words = w;
  return panel;
}
