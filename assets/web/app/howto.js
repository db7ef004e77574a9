// How to play in the browser: the window's pages (game/howto/: each game explained page by page,
// with pictures), reached from the lobby and from a table's menu. One source for both clients:
// each game's pages are declared once in Python (game/<game>/howto.py: the texts' catalog keys, the
// pictures as data, game/howto/items.py) and written for the page by tools/web_data.py
// (games/<game>/howto_pages.js); the page draws the pictures with its own art: the shared kinds
// (arrows, labelled pills, words, lines, circles, boxes, ellipses, arcs) here, a game's own kinds
// (its tiles, figures, turtles, dice...) by its games/<game>/howto.js. The games are the host's
// (its welcome); one without a how-to module is not offered.
import { h, s, openDialog } from "./ui.js";
import { toneOf, shapeOf, COLOURS } from "./marks.js";
import { gameTitle } from "./lobby.js";
import { INK } from "./palette.js";

/** game -> its how-to module's default export ({PAGES, BOX, draw}) or null (none), once loaded. */
const modules = new Map();

async function howtoOf(game) {
  if (!modules.has(game)) {
    try {
      modules.set(game, (await import(`/games/${game}/howto.js`)).default);
    } catch (err) {
      console.warn(`no how to play for ${game} (${err})`);
      modules.set(game, null);
    }
  }
  return modules.get(game);
}

/** An item's text in the page's language (game/howto/items.py: a string, a catalog key, a list). */
export function words(cat, spec) {
  if (Array.isArray(spec)) return spec.map((p) => words(cat, p)).join("");
  if (spec && typeof spec === "object") {
    if (Number.isInteger(spec.n)) return cat.tn(spec.key, spec.n, spec.args || {});
    return cat.t(spec.key, spec.args || {});
  }
  return String(spec ?? "");
}

/** A body's paragraphs (one a line; "• " a bullet), as the window lays them out. */
export function paragraphs(text) {
  return String(text || "").split("\n").map((p) => p.trim()).filter(Boolean)
    .map((p) => (p.startsWith("• ") ? { text: p.slice(2).trim(), bullet: true } : { text: p, bullet: false }));
}

const ANCHOR = { topleft: ["start", "hanging"], midleft: ["start", "central"], center: ["middle", "central"],
  midtop: ["middle", "hanging"], midright: ["end", "central"], topright: ["end", "hanging"] };

function textEl(cat, it, colour = it.colour, dx = 0, dy = 0) {
  const [anchor, base] = ANCHOR[it.anchor] || ANCHOR.topleft;
  return s("text", { x: it.at[0] + dx, y: it.at[1] + dy, "font-size": it.size, fill: colour, "font-weight": it.bold ? "bold" : null,
    "text-anchor": anchor, "dominant-baseline": base, class: "ht-text" }, words(cat, it.text));
}

function arrowEl(it) {
  const [a, b] = [it.from, it.to];
  const ang = Math.atan2(b[1] - a[1], b[0] - a[0]);
  const head = [b, [b[0] - 18 * Math.cos(ang - 0.5), b[1] - 18 * Math.sin(ang - 0.5)], [b[0] - 18 * Math.cos(ang + 0.5), b[1] - 18 * Math.sin(ang + 0.5)]];
  return s("g", { class: "ht-arrow" },
    s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: INK, "stroke-width": it.width + 4 }),
    s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: it.colour, "stroke-width": it.width }),
    s("polygon", { points: head.map((p) => p.join(",")).join(" "), fill: it.colour, stroke: INK, "stroke-width": 2 }));
}

/** An arc of the ellipse in `box` from `start` to `stop` (pygame's: radians, counter-clockwise as seen). */
function arcEl(it) {
  const [x, y, w, h2] = it.box, rx = w / 2, ry = h2 / 2, cx = x + rx, cy = y + ry;
  const at = (a) => [cx + rx * Math.cos(a), cy - ry * Math.sin(a)];
  const [p, q] = [at(it.start), at(it.stop)];
  const large = it.stop - it.start > Math.PI ? 1 : 0;
  return s("path", { d: `M ${p[0].toFixed(2)} ${p[1].toFixed(2)} A ${rx} ${ry} 0 ${large} 0 ${q[0].toFixed(2)} ${q[1].toFixed(2)}`,
    fill: "none", stroke: it.colour, "stroke-width": it.width });
}

/** The shared kinds' elements; a game's own come from its `draw(item, look)`. */
function sharedEl(cat, it) {
  switch (it.k) {
    case "arrow": return arrowEl(it);
    case "pill": {      // sized to its text once the picture is in the page (layoutPills)
      return s("g", { class: "ht-pill", "data-pill": "1", "data-x": it.at[0], "data-y": it.at[1] },
        s("rect", { class: "ht-pill-ink", fill: INK, rx: 14 }),
        s("rect", { class: "ht-pill-box", fill: "#282214", stroke: it.colour, "stroke-width": 2, rx: 12 }),
        s("text", { x: it.at[0], y: it.at[1], "font-size": it.size, "font-weight": "bold", fill: it.ink, "text-anchor": "middle",
          "dominant-baseline": "central", class: "ht-text" }, words(cat, it.text)));
    }
    case "text": return it.shadow ? s("g", {}, textEl(cat, it, "#000000", 2, 2), textEl(cat, it)) : textEl(cat, it);
    case "line": return s("line", { x1: it.from[0], y1: it.from[1], x2: it.to[0], y2: it.to[1], stroke: it.colour, "stroke-width": it.width });
    case "circle": return s("circle", { cx: it.at[0], cy: it.at[1], r: it.width ? it.r - it.width / 2 : it.r,
      fill: it.fill || "none", stroke: it.stroke || null, "stroke-width": it.stroke ? it.width : null });
    case "rect": {
      const [x, y, w, h2] = it.box, half = it.stroke ? it.width / 2 : 0;
      return s("rect", { x: x + half, y: y + half, width: w - 2 * half, height: h2 - 2 * half, rx: it.radius, fill: it.fill || "none",
        stroke: it.stroke || null, "stroke-width": it.stroke ? it.width : null });
    }
    case "ellipse": {
      const [x, y, w, h2] = it.box;
      return s("ellipse", { cx: x + w / 2, cy: y + h2 / 2, rx: w / 2, ry: h2 / 2, fill: it.fill });
    }
    case "arc": return arcEl(it);
    default: return null;
  }
}

/** Each pill's boxes round its text, measured now that the picture is laid out. */
export function layoutPills(svgEl) {
  for (const g of svgEl.querySelectorAll("[data-pill]")) {
    const text = g.querySelector("text");
    let w = 40, hh = 20;
    try { const b = text.getBBox(); w = b.width; hh = b.height; } catch { /* not laid out: a guess */ }
    const x = Number(g.dataset.x), y = Number(g.dataset.y);
    const [bw, bh] = [w + 22, hh + 10];
    const box = g.querySelector(".ht-pill-box"), ink = g.querySelector(".ht-pill-ink");
    for (const [el, grow] of [[ink, 4], [box, 0]]) {
      el.setAttribute("x", (x - bw / 2 - grow / 2).toFixed(1));
      el.setAttribute("y", (y - bh / 2 - grow / 2).toFixed(1));
      el.setAttribute("width", (bw + grow).toFixed(1));
      el.setAttribute("height", (bh + grow).toFixed(1));
    }
  }
}

/** A picture as an <svg> (its box's units): the items in order, a game's kinds by `mod.draw`. */
export function pictureSvg(cat, mod, items, box, look, cls = "ht-picture") {
  const el = s("svg", { class: cls, viewBox: `0 0 ${box[0]} ${box[1]}`, role: "img", "aria-hidden": "true" });
  const defs = s("defs");
  el.append(defs);
  const ctx = { ...look, defs, t: (spec) => words(cat, spec) };
  for (const it of items || []) {
    const part = sharedEl(cat, it) || (mod && mod.draw ? mod.draw(it, ctx) : null);
    if (part) el.append(part);
    else el.dataset.missed = `${el.dataset.missed || ""} ${it.k}`.trim();   // a kind nobody draws (tests look)
  }
  return el;
}

/** How a picture draws a seat: its colour in the host's order, its shape when shapes are on. */
function seatLook(app) {
  return {
    tone: (seat) => toneOf(COLOURS[seat % COLOURS.length], seat),
    shape: (seat) => (app.page.shapes ? shapeOf(seat) : "circle"),
  };
}

/** A mouse (a laptop): the window's words; a finger: a page's own words for it where it has them. */
const mouse = () => typeof matchMedia === "function" && matchMedia("(hover: hover) and (pointer: fine)").matches;

/** The games whose pages the page can show: the host's, each with its how-to module. */
async function gamesWith(app) {
  const out = [];
  for (const g of Object.keys((app.page.welcome && app.page.welcome.games) || {})) if (await howtoOf(g)) out.push(g);
  return out;
}

/** Open How to play at `game`'s first page (or the first game the host has pages for). */
export async function openHowTo(app, game) {
  const games = await gamesWith(app);
  if (!games.length) return null;
  const view = { game: games.includes(game) ? game : games[0], page: 0 };
  window.tikalHowto = view;                 // what tests read: the game and page shown
  return openDialog("howto", () => howtoScreen(app, games, view));
}

function howtoScreen(app, games, view) {
  const mod = modules.get(view.game);
  const pages = mod.PAGES;
  view.page = Math.max(0, Math.min(view.page, pages.length - 1));
  const page = pages[view.page];
  const close = () => back.remove();
  const go = (i) => { view.page = i; openDialog("howto", () => howtoScreen(app, games, view)); };
  const tabs = h("div", { class: "choices games ht-tabs", role: "tablist" }, games.map((g) => h("button", {
    class: ["choice", g === view.game && "on"], role: "tab", "aria-selected": String(g === view.game), "data-howto-game": g,
    onclick: () => { view.game = g; view.page = 0; openDialog("howto", () => howtoScreen(app, games, view)); } }, gameTitle(app, g))));
  const look = seatLook(app);
  const body = h("div", { class: ["ht-page", !page.rows && page.picture && "ht-pictured"], "data-page": page.id });
  body.append(h("h2", { class: "ht-title", id: "howto-title" }, app.t(page.title)));
  if (page.rows) {
    const list = h("ul", { class: "ht-rows" });
    for (const r of page.rows) {
      list.append(h("li", { class: "ht-row", "data-row": r.item },
        r.picture ? pictureSvg(app.cat, mod, r.picture, mod.BOX.icon, look, "ht-icon") : null,
        h("div", { class: "ht-row-words" }, h("b", { class: "ht-row-name" }, app.t(r.name)), h("p", { class: "ht-row-text" }, app.t(r.text)))));
    }
    body.append(list);
  } else {
    if (page.picture) body.append(h("div", { class: "ht-frame" }, pictureSvg(app.cat, mod, page.picture, mod.BOX.picture, look)));
    const key = page.body_touch && !mouse() ? page.body_touch : page.body;
    const text = h("div", { class: "ht-body", "data-key": key });
    let list = null;
    for (const p of paragraphs(app.t(key))) {
      if (p.bullet) { if (!list) { list = h("ul", { class: "ht-bullets" }); text.append(list); } list.append(h("li", {}, p.text)); }
      else { list = null; text.append(h("p", {}, p.text)); }
    }
    body.append(text);
  }
  const nav = h("div", { class: "ht-nav" },
    h("button", { id: "howto-prev", disabled: view.page === 0, onclick: () => go(view.page - 1) }, app.t("howto.prev")),
    h("span", { class: "ht-count muted small", id: "howto-count" }, app.t("howto.page", { page: view.page + 1, pages: pages.length })),
    h("button", { id: "howto-next", class: "primary", disabled: view.page === pages.length - 1, onclick: () => go(view.page + 1) },
      app.t("howto.next")));
  const dots = h("div", { class: "ht-dots" }, pages.map((p, i) => h("button", { class: ["ht-dot", i === view.page && "on"],
    "aria-label": app.t("howto.page", { page: i + 1, pages: pages.length }), "data-dot": i, onclick: () => go(i) })));
  const back = h("div", { class: "dialog-back ht-back" },
    h("div", { class: "dialog card howto", role: "dialog", "aria-modal": "true", "aria-labelledby": "howto-head" },
      h("header", { class: "ht-head" }, h("h2", { id: "howto-head" }, app.t("howto.title")),
        h("button", { id: "howto-close", class: "icon", "aria-label": app.t("web.close"), title: app.t("web.close"), onclick: close }, "×")),
      games.length > 1 ? tabs : null, body, dots, nav));
  view.drawn = (view.drawn || 0) + 1;
  requestAnimationFrame(() => { for (const el of back.querySelectorAll("svg")) layoutPills(el); });
  return back;
}

