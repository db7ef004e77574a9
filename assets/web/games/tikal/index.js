// Tikal at a browser's table: the game module the page's shell mounts (assets/web/games/README.md).
import { stylesheet } from "../../app/ui.js";
import { Table } from "./table.js";
import { SCORINGS } from "./scorings.js";
import { LOG_LINES } from "./log_lines.js";

export default {
  name: "tikal",
  // the game's declaration, the window's own (tools/web_data.py): its scoring rounds (the
  // volcanoes and the final one, docs/events.md) and its log lines
  scorings: SCORINGS,
  lines: LOG_LINES,
  mount(root, ctx) {
    const css = stylesheet(new URL("./style.css", import.meta.url), "tk-style");
    if (ctx.showPlayers) ctx.showPlayers(false);     // the seats' cards below the board name the players
    const table = new Table(root, ctx);
    if (!css.sheet) css.addEventListener("load", () => table.styled(), { once: true });
    return {
      update: (msg) => table.update(msg),
      resize: () => table.resize(),
      destroy: () => table.destroy(),
      table: () => table.summary(),
      results: () => table.results(),
      logs: true,         // every event's line, the undos and the recap's moves (log.js)
      describe: (ev, you) => table.describe(ev, you),    // the recap's lines (app/recap.js)
      scorings: SCORINGS,                                 // the recap's summary tells them (app/recap.js)
      tikal: table,
    };
  },
};
