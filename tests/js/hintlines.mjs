// The hint's lines as the page writes them, for a Python test (tests/test_js_hint_lines.py, through
// call.mjs): each step of a host's hint in words (Tikal: games/tikal/hint.js stepLine) and its
// reason (app/hintwords.js reasonText), with the catalog the host serves.
import { Catalog } from "../../assets/web/app/i18n.js";
import { reasonText } from "../../assets/web/app/hintwords.js";
import { stepLine } from "../../assets/web/games/tikal/hint.js";

/** Per plan of `plans`: [[step's words (Tikal; La Tortuga: null), reason], ...], its steps numbered from 1. */
export function hintLines(game, catalogData, names, mouse, plans) {
  const cat = new Catalog(catalogData);
  const t = { t: cat.t, tn: (k, n, vars) => cat.tn(k, n, { n, ...(vars || {}) }), nameOf: (s) => names[s] };
  return plans.map((steps) => steps.map((s, i) => [game === "tikal" ? stepLine(t, s.action, s.cost, mouse) : null,
    reasonText(cat, s.why, i + 1)]));
}
