// La Tortuga at a browser's table: the game module the page's shell mounts (assets/web/games/README.md).
import { stylesheet } from "../../app/ui.js";
import { Table } from "./table.js";
import { SCORINGS as ROUNDS } from "./scorings.js";
import { LOG_LINES } from "./log_lines.js";

/** The window's declaration (no scoring rounds: tools/web_data.py) and the events that win eggs,
 * which the recap's summary lists (app/recap.js `scorings.lines`). */
const SCORINGS = { ...ROUNDS, lines: ["card_taken", "beach"] };

export default {
  name: "tortuga",
  scorings: SCORINGS,
  lines: LOG_LINES,
  mount(root, ctx) {
    const css = stylesheet(new URL("./style.css", import.meta.url), "tt-style");
    if (ctx.showPlayers) ctx.showPlayers(false);     // the seats' rows beside the island name the players
    const table = new Table(root, ctx);
    if (!css.sheet) css.addEventListener("load", () => table.styled(), { once: true });
    return {
      update: (msg) => table.update(msg),
      resize: () => table.resize(),
      destroy: () => table.destroy(),
      table: () => table.summary(),
      results: () => table.results(),
      logs: true,         // every event's line, the undos and the recap's moves (app/table.js, log.js)
      describe: (ev, you) => table.describe(ev, you),    // the recap's lines (app/recap.js)
      scorings: SCORINGS,                                 // the eggs won: the recap's summary lists them
      tortuga: table,
    };
  },
};
