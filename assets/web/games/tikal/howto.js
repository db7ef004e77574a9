// How to play Tikal in the browser: the window's pages (howto_pages.js, written by tools/web_data.py
// from game/tikal/howto.py) and how the page draws Tikal's own items of their pictures with the
// table's art (art.js): tiles at their turns (a tile "card" with its temple's value or treasures
// printed), tile backs, figures, camps, guards, plaques, level tokens, treasure tokens. The shared
// kinds (arrows, pills, words...) are the shell's (app/howto.js).
import { PAGES, BOX } from "./howto_pages.js";
import * as art from "./art.js";
import { S } from "./geometry.js";
import { TILES } from "./tiles.js";
import { svg } from "./dom.js";
import { hexTone } from "./marks.js";

const PREFIX = "tkh";     // the pictures' own <defs> names (art.ensureTile)

function tile(it, look) {
  const k = it.size / S;
  const g = svg("g", { transform: `translate(${it.at[0]},${it.at[1]}) scale(${k.toFixed(4)})`, class: "ht-tile",
    opacity: it.alpha !== undefined ? (it.alpha / 255).toFixed(3) : null, "data-tile": it.id });
  art.ensureTile(look.defs, it.id, PREFIX);
  g.appendChild(art.tileUse(it.id, it.rot || 0, PREFIX));
  const spec = TILES[it.id];
  if (it.card && spec && spec.kind === "temple") g.appendChild(art.plaque(0, S * art.PLAQUE_DY, S * art.PLAQUE_R, spec.value, null));
  if (it.card && spec && spec.kind === "treasure") {
    for (let i = 0; i < spec.masks; i++) {
      g.appendChild(art.treasure((i - (spec.masks - 1) / 2) * S * 0.22, -S * 0.3 - (i % 2) * 3 / k, S * 0.13, null));
    }
  }
  return g;
}

function hexline(it) {
  const r = it.size * it.scale;
  const pts = [0, 1, 2, 3, 4, 5].map((i) => [it.at[0] + r * Math.cos((Math.PI / 3) * i), it.at[1] + r * Math.sin((Math.PI / 3) * i)]);
  return svg("polygon", { points: pts.map((p) => p.map((v) => v.toFixed(2)).join(",")).join(" "), fill: "none", stroke: it.colour,
    "stroke-width": it.width });
}

/** A seat's figures side by side, its leader first (the window's layout of them). */
function figures(it, look) {
  const g = svg("g", { class: "ht-figures" });
  const tone = hexTone(look.tone(it.seat)), shape = look.shape(it.seat), r = it.r;
  const [cx, cy] = it.at;
  let x = cx - (it.workers - 1) * r * 1.2 - (it.leader ? r * 1.6 : 0);
  if (it.leader) { g.appendChild(art.figure(x, cy, r, tone, shape, true)); x += r * 3; }
  for (let i = 0; i < it.workers; i++) g.appendChild(art.figure(x + i * r * 2.4, cy, r, tone, shape, false));
  return g;
}

/** One of Tikal's items (app/howto.js draws the shared ones), or null. */
function draw(it, look) {
  const tone = (seat) => hexTone(look.tone(seat));
  switch (it.k) {
    case "tile": return tile(it, look);
    case "hexline": return hexline(it);
    case "back": {
      const g = svg("g", { transform: `translate(${it.at[0]},${it.at[1]}) scale(${(it.size / S).toFixed(4)})` });
      g.appendChild(art.back(it.letter));
      return g;
    }
    case "figures": return figures(it, look);
    case "figure": return art.figure(it.at[0], it.at[1], it.r, tone(it.seat), look.shape(it.seat), it.leader);
    case "tent": return art.tent(it.at[0], it.at[1], it.size, tone(it.seat), look.shape(it.seat));
    case "treasure": return art.treasure(it.at[0], it.at[1], it.r, it.kind);
    case "plaque": return art.plaque(it.at[0], it.at[1], it.r, it.value, it.ring === null ? null : tone(it.ring));
    case "guard": return art.guard(it.at[0], it.at[1], it.r, tone(it.seat), look.shape(it.seat));
    case "level": return art.levelBlock(it.at[0], it.at[1], it.w, it.value);
    default: return null;
  }
}

export default { PAGES, BOX, draw };
