// The screens before a game: join (a name), the lobby (tables, create, watch, continue a saved
// game, the night's standings) and a table's lobby (seats, colours, ready, bots, private code,
// start, leave). Everything here is a message of docs/protocol.md sections 3, 4 and 14.
import { h, toast, openDialog } from "./ui.js";
import { markSvg, toneOf, COLOURS, textOn } from "./marks.js";
import { settingsButton, NAME_MAX } from "./settings.js";
import { openHowTo } from "./howto.js";
import * as words from "./words.js";



export function gameTitle(app, game) {
  return words.gameTitle(app.cat, app.page.gameInfo(game), game);
}

// A seat's name as the page shows it: a bot's in the page's language ("Бот 2 (средний)": the host
// names bots in English, "Bot 2 (normal)", as the window does in its own), a person's as typed.
export function playerName(app, p) {
  if (!p) return "";
  if (p.kind !== "bot") return p.name;
  const key = `bot.${p.level}`;
  const level = p.level ? (app.cat && app.cat.has(key) ? app.t(key) : p.level) : null;
  return level ? app.t("table.bot_name", { number: p.seat + 1, level }) : app.t("table.bot_number", { number: p.seat + 1 });
}

export function optionsText(app, table) {
  const line = words.optionsLine(app.cat, app.page.gameInfo(table.game), table.options);
  if (table.clock) line.push(app.t("lobby.clock_a_turn", { value: clockWords(app, table.clock) }));
  return line.join(" · ");
}

/** A turn clock as a player reads it: "Off", "3 min", "45 s" (the window's words). */
export function clockWords(app, seconds) {
  if (!(seconds > 0)) return app.t("common.off");
  if (seconds >= 60 && seconds % 60 === 0) return app.tn("clock.minutes", seconds / 60);
  return app.tn("clock.seconds", Math.max(1, Math.round(seconds)));
}

function header(app, title, ...extra) {
  return h("header", { class: "bar" },
    h("h1", { class: "title" }, title),
    ...extra,
    settingsButton(app));
}

/** How to play (app/howto.js), at `game`'s pages. */
function howtoButton(app, game, attrs = {}) {
  return h("button", { id: "howto-open", title: app.t("howto.open_tip"), onclick: () => openHowTo(app, game()), ...attrs },
    app.t("howto.open"));
}

// --- join -------------------------------------------------------------------------------------------
export function renderJoin(app, root) {
  const input = h("input", {
    id: "name", type: "text", maxlength: NAME_MAX, autocomplete: "nickname", enterkeyhint: "go",
    value: app.page.lobby.draftName !== undefined ? app.page.lobby.draftName : app.page.name || "", placeholder: app.t("web.your_name"),
    "aria-label": app.t("web.your_name"),
  });
  input.addEventListener("input", () => { app.page.lobby.draftName = input.value; });   // kept across a new language
  const go = () => {
    const name = input.value.trim();
    if (!name) { input.focus(); toast(app.t("web.name_needed"), "error"); return; }
    app.join(name);
  };
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
  const title = app.page.hostName ? app.t("web.join_host", { host: app.page.hostName }) : app.t("web.join");
  root.append(h("div", { class: "screen join" },
    header(app, app.t("web.app_name")),
    h("main", { class: "card narrow" },
      h("h2", { id: "join-title" }, title),
      h("label", { for: "name", class: "label" }, app.t("web.your_name")),
      input,
      h("button", { id: "join", class: "primary big", onclick: go }, app.t("web.join_button")),
      h("p", { class: "muted small" }, app.t("web.join_hint")),
      h("p", { class: "small" }, h("a", { href: "/download" }, app.t("web.get_app"))))));
}

// --- the lobby --------------------------------------------------------------------------------------
export function renderLobby(app, root) {
  const main = h("main", { class: "lobby" });
  root.append(h("div", { class: "screen" },
    header(app, app.page.hostName || app.t("web.app_name"),
      h("span", { class: "who", title: app.t("web.you") }, app.page.name)),
    main));
  main.append(tablesCard(app), createCard(app));
  if (app.page.saved && app.page.saved.length) main.append(savedCard(app));
  main.append(standingsCard(app));
}

// A seat kept for the host's own window (docs/protocol.md 14): its player's name, once the
// window said hello (the host's table is the host's, not an empty seat anyone may take).
function held(p) { return p.kind === "empty" && !!p.reserved; }

function seatLabel(app, p) {
  if (held(p)) return p.name || app.t("web.kept_for_host");
  return p.kind === "empty" ? app.t("web.empty_seat") : playerName(app, p);
}

function seatsText(app, t) {
  const taken = t.players.filter((p) => p.kind !== "empty" || held(p)).length;
  return app.tn("web.seats_taken", t.seats, { taken, seats: t.seats });
}

function tablesCard(app) {
  const list = h("ul", { class: "tables", id: "tables" });
  for (const t of app.page.tables) {
    const free = t.status === "lobby" && t.players.some((p) => p.kind === "empty" && !held(p));
    const back = (app.page.mine || []).find((m) => m.table === t.id);
    const names = t.players.filter((p) => p.kind !== "empty" || (held(p) && p.name)).map((p) => seatLabel(app, p));
    const ask = (msg) => {
      if (t.private) askCode(app, (code) => app.send({ ...msg, code }));
      else app.send(msg);
    };
    list.append(h("li", { class: "table-row", "data-table": t.id },
      h("div", { class: "table-info" },
        h("strong", {}, `${gameTitle(app, t.game)} #${t.id}`),
        h("span", { class: "muted" }, [optionsText(app, t), seatsText(app, t),
          app.t(t.status === "lobby" ? "web.status.lobby" : "web.status.playing"),
          t.private ? app.t("web.private") : "", t.hints ? app.t("lobby.hints_allowed") : ""].filter(Boolean).join(" · ")),
        names.length ? h("span", { class: "names" }, names.join(", ")) : null),
      h("div", { class: "row-buttons" },
        back ? h("button", { class: "primary", "data-act": "back", onclick: () => app.send({ t: "sit", table: t.id, seat: back.seat }) },
          app.t(back.again ? "web.play_again" : "web.back_to_seat")) : null,
        free && !back ? h("button", { class: "primary", "data-act": "sit", onclick: () => ask({ t: "sit", table: t.id }) },
          app.t("web.sit")) : null,
        h("button", { "data-act": "watch", onclick: () => ask(app.watch(t.id)) }, app.t("web.watch")))));
  }
  if (!app.page.tables.length) list.append(h("li", { class: "muted empty" }, app.t("web.no_tables")));
  return h("section", { class: "card" }, h("h2", {}, app.t("web.tables")), list);
}

// a private table's code, asked in a small dialog (5 letters, any case)
function askCode(app, then) {
  let typed = "";
  openDialog("code-dialog", () => {
    const input = h("input", { id: "code-input", type: "text", maxlength: 8, autocomplete: "off", value: typed,
      autocapitalize: "characters", enterkeyhint: "go", "aria-label": app.t("web.code_ask") });
    input.addEventListener("input", () => { typed = input.value; });
    const close = () => back.remove();
    const ok = () => { const code = input.value.trim(); if (code) { close(); then(code); } else input.focus(); };
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") ok(); });
    const back = h("div", { class: "dialog-back", onclick: (e) => { if (e.target === back) close(); } },
      h("div", { class: "dialog card", role: "dialog", "aria-modal": "true" },
        h("h2", {}, app.t("web.code_ask")), input,
        h("div", { class: "row-buttons" },
          h("button", { id: "code-ok", class: "primary", onclick: ok }, app.t("web.join_button")),
          h("button", { onclick: close }, app.t("web.close")))));
    setTimeout(() => input.focus(), 0);
    return back;
  });
}

function createCard(app) {
  const page = app.page;
  const names = Object.keys((page.welcome && page.welcome.games) || {});
  // the choices are the page's (app/state.js), not the card's: the lobby is drawn again on every
  // change of the tables (another table's game going on), and a choice tapped before it must stay
  let game = page.createGame();
  const box = h("div", { class: "create-body" });
  const draw = () => {
    box.replaceChildren();
    if (!game) return;
    const info = page.gameInfo(game);
    const [lo, hi] = info.seats;
    let seats = page.createSeats(game);
    const opts = page.createOptions(game);
    const seatLabel = h("span", { class: "count", id: "create-seats" }, seats);
    const step = (d) => { seats = Math.min(hi, Math.max(lo, seats + d)); seatLabel.textContent = seats; page.lobby.seats = seats; };
    box.append(h("div", { class: "field" },
      h("span", { class: "label" }, app.t("web.players")),
      h("div", { class: "stepper" },
        h("button", { "aria-label": "−", onclick: () => step(-1) }, "−"), seatLabel,
        h("button", { "aria-label": "+", onclick: () => step(1) }, "+"))));
    for (const [name, values] of Object.entries(info.options || {})) {
      const group = h("div", { class: "choices" });
      for (const v of values) {
        const b = h("button", { class: ["choice", opts[name] === v && "on"], "data-option": `${name}=${words.word(v)}`,
          onclick: () => { opts[name] = v; for (const x of group.children) x.classList.toggle("on", x === b); } },
        words.valueLabel(app.cat, info, name, v));
        group.append(b);
      }
      box.append(h("div", { class: "field" }, h("span", { class: "label" }, words.optionLabel(app.cat, info, name)), group));
    }
    // the hint (the strong bot's plan, computed by the host): allowed at first, as the window's
    // quick game allows it; off for a serious game (a game the host has no hint for: not offered)
    const hints = info.hint ? h("button", { id: "create-hints", class: ["choice", page.lobby.hints && "on"],
      "aria-pressed": String(page.lobby.hints), title: app.t("lobby.hints_tip"), onclick: () => {
        page.lobby.hints = !page.lobby.hints;
        hints.classList.toggle("on", page.lobby.hints);
        hints.setAttribute("aria-pressed", String(page.lobby.hints));
        hints.textContent = hintsText();
      } }) : null;
    const hintsText = () => app.t("lobby.hints", { on: app.t(page.lobby.hints ? "common.on" : "common.off") });
    if (hints) {
      hints.textContent = hintsText();
      box.append(h("div", { class: "field" }, h("div", { class: "choices" }, hints)));
    }
    if (page.createClock() !== null) {    // the turn clock (docs/protocol.md 14): the host's choices
      const group = h("div", { class: "choices", id: "create-clock" });
      for (const v of page.welcome.clock.values) {
        const b = h("button", { class: ["choice", page.lobby.clock === v && "on"], "data-clock": v,
          onclick: () => { page.lobby.clock = v; for (const x of group.children) x.classList.toggle("on", x === b); } },
        clockWords(app, v));
        group.append(b);
      }
      box.append(h("div", { class: "field" }, h("span", { class: "label" }, app.t("web.clock")), group));
    }
    box.append(howtoButton(app, () => game, { class: "quiet howto-open" }));
    box.append(h("button", { id: "create", class: "primary big", onclick: () => {
      const clock = page.createClock();
      app.send({ t: "create", game, seats, options: opts, ...(info.hint ? { hints: page.lobby.hints } : {}),
        ...(Number.isInteger(clock) ? { clock } : {}) });
    } }, app.t("web.create")));
  };
  const tabs = h("div", { class: "choices games" });
  for (const g of names) {
    const b = h("button", { class: ["choice", g === game && "on"], "data-game": g, onclick: () => {
      game = g; page.lobby.game = g;
      for (const x of tabs.children) x.classList.toggle("on", x === b);
      draw();
    } }, gameTitle(app, g));
    tabs.append(b);
  }
  draw();
  return h("section", { class: "card", id: "create-card" }, h("h2", {}, app.t("web.new_table")), tabs, box);
}

function savedCard(app) {
  const list = h("ul", { class: "tables", id: "saved" });
  for (const g of app.page.saved) {
    list.append(h("li", { class: "table-row" },
      h("div", { class: "table-info" },
        h("strong", {}, `${gameTitle(app, g.game)} #${g.id}`),
        h("span", { class: "names" }, g.names.join(", "))),
      h("div", { class: "row-buttons" },
        h("button", { class: "primary", "data-act": "continue",
          onclick: () => app.send({ t: "continue", id: g.id, tokens: app.tokens() }) }, app.t("web.continue")))));
  }
  return h("section", { class: "card" }, h("h2", {}, app.t("web.saved")), list);
}

export function standingsTable(app, st) {
  const rows = (st && st.overall) || [];
  if (!rows.length) return h("p", { class: "muted" }, app.t("web.no_standings"));
  return h("table", { class: "standings" },
    h("thead", {}, h("tr", {}, h("th", {}, app.t("web.player")), h("th", {}, app.t("web.played")),
      h("th", {}, app.t("web.wins")), h("th", {}, app.t("web.points")))),
    h("tbody", {}, rows.map((r) => h("tr", { class: r.you ? "you" : null }, h("td", { class: "name" }, r.name), h("td", {}, r.played),
      h("td", {}, r.wins), h("td", {}, r.points)))));
}

function standingsCard(app) {
  const st = app.page.standings;
  const games = st && st.night ? st.night.games : 0;
  return h("section", { class: "card", id: "standings" },
    h("h2", {}, app.t("web.standings")),
    h("p", { class: "muted small" }, app.tn("web.games_tonight", games, { n: games })),
    standingsTable(app, st));
}

// --- a table's lobby --------------------------------------------------------------------------------
export function renderTableLobby(app, root) {
  const t = app.page.table;
  if (!t) return;
  const me = app.page.welcome ? app.page.welcome.player : null;
  const owner = t.owner === me;
  const mine = t.players.find((p) => p.seat === app.page.seat);
  const levels = (app.page.welcome && app.page.welcome.games[t.game] && app.page.welcome.games[t.game].levels) || [];
  const level = levels.includes("normal") ? "normal" : levels[0];
  const seats = h("ul", { class: "seats", id: "seats" });
  for (const p of t.players) {
    const you = p.seat === app.page.seat;
    const tone = toneOf(p.colour, p.seat);
    const buttons = [];
    if (p.kind === "empty" && !held(p)) {
      if (owner && level) buttons.push(h("button", { "data-act": "bot", onclick: () => app.send({ t: "bot", seat: p.seat, level }) }, app.t("web.add_bot")));
    } else if (owner && !you) {
      buttons.push(h("button", { "data-act": "remove", onclick: () => app.send({ t: "remove", seat: p.seat }) }, app.t("web.remove")));
    }
    seats.append(h("li", { class: ["seat-row", you && "you", p.kind, held(p) && "held"], "data-seat": p.seat },
      markSvg(p.seat, p.colour, app.page.shapes, 22),
      h("div", { class: "seat-name" },
        h("span", { class: "name" }, seatLabel(app, p)),
        h("span", { class: "muted small" }, [you ? app.t("web.you") : "", held(p) ? app.t("web.host_seat") : "",
          p.kind === "human" ? app.t(p.ready ? "web.ready" : "web.not_ready") : "",
          p.kind === "human" && !p.connected ? app.t(p.kept ? "web.again_kept" : "web.away") : ""].filter(Boolean).join(" · "))),
      h("div", { class: "row-buttons" }, buttons)));
    void tone;
  }
  const controls = h("div", { class: "controls" });
  if (mine) {
    const palette = h("div", { class: "palette", id: "palette", role: "group", "aria-label": app.t("web.colour") });
    for (const c of (app.page.welcome && app.page.welcome.colours) || COLOURS) {
      const taken = t.players.some((p) => p.colour === c && p.seat !== app.page.seat);
      const tone = toneOf(c);
      palette.append(h("button", { class: ["swatch", mine.colour === c && "on"], "data-colour": c, disabled: taken,
        "aria-label": c, title: c, style: { background: tone, color: textOn(tone) },
        onclick: () => app.send({ t: "colour", colour: c }) }, mine.colour === c ? "✓" : ""));
    }
    controls.append(h("div", { class: "field" }, h("span", { class: "label" }, app.t("web.colour")), palette));
    controls.append(h("button", { id: "ready", class: ["big", !mine.ready && "primary"],
      onclick: () => app.send({ t: "ready", ready: !mine.ready }) }, app.t(mine.ready ? "web.not_ready_button" : "web.ready_button")));
  }
  if (owner) {
    const empty = t.players.some((p) => p.kind === "empty");
    if (empty && level) controls.append(h("button", { id: "fill", onclick: () => app.send({ t: "fill", level }) }, app.t("web.fill")));
    controls.append(h("button", { id: "private", onclick: () => app.send({ t: "private", private: !t.private }) },
      app.t(t.private ? "web.make_open" : "web.make_private")));
    controls.append(h("button", { id: "start", class: "primary big", onclick: () => app.send({ t: "start" }) }, app.t("web.start")));
  }
  const info = [optionsText(app, t), t.private ? app.t("web.private") : "", t.hints ? app.t("lobby.hints_allowed") : ""]
    .filter(Boolean).join(" · ");
  root.append(h("div", { class: "screen" },
    header(app, `${gameTitle(app, t.game)} #${t.id}`),
    h("main", { class: "lobby" },
      h("section", { class: "card" },
        info ? h("p", { class: "muted" }, info) : null,
        t.code ? h("p", { class: "code", id: "code" }, app.t("web.code_is", { code: t.code })) : null,
        seats,
        owner ? null : h("p", { class: "muted small" }, app.t("web.owner_starts"))),
      h("section", { class: "card" }, controls,
        h("button", { id: "leave", class: "quiet", onclick: () => app.leaveTable() }, app.t("web.leave"))))));
}
