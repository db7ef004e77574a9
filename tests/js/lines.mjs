// The page's log lines of whole games for a Python test (tests/test_js_log_lines.py, through
// call.mjs): each game's own describe (games/<game>/log.js over its log_lines.js) on a table that
// has what the lines read of it: the catalog the host serves, the players' short names, our seat,
// the turtles' owners (La Tortuga), the levels and tiles of the view after the event (Tikal: its
// real analysis.levelAt and tileAt, as the table's).
import { Catalog } from "../../assets/web/app/i18n.js";
import * as tikal from "../../assets/web/games/tikal/log.js";
import * as tortuga from "../../assets/web/games/tortuga/log.js";
import { levelAt, tileAt } from "../../assets/web/games/tikal/analysis.js";

const GAMES = { tikal, tortuga };

/** [[line, line without "you", its seat], ...] for each {ev, view} of `cases`. */
export function describeAll(game, catalogData, names, me, seats, cases) {
  const cat = new Catalog(catalogData);
  const log = GAMES[game];
  return cases.map(({ ev, view }) => {
    const t = {
      me, t: cat.t, tn: cat.tn, has: (k) => cat.has(k), shortName: (s) => names[s],
      owner: (turtle) => turtle % seats, levelAt: (h) => levelAt(view, h), tileAt: (h) => tileAt(view, h),
    };
    return [log.describe(t, ev, true), log.describe(t, ev, false), log.lineSeat(ev, t)];
  });
}
