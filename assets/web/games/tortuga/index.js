// La Tortuga at a browser's table: the game module the page's shell mounts (assets/web/games/README.md).
import { mountTable } from "../../app/table.js";
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
  // the seats' rows beside the island name the players; the eggs won: the recap's summary lists them
  mount: mountTable(Table, { name: "tortuga", href: new URL("./style.css", import.meta.url), id: "tt-style",
    scorings: SCORINGS }),
};
