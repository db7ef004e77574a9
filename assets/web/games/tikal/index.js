// Tikal at a browser's table: the game module the page's shell mounts (assets/web/games/README.md).
import { mountTable } from "../../app/table.js";
import { Table } from "./table.js";
import { SCORINGS } from "./scorings.js";
import { LOG_LINES } from "./log_lines.js";

export default {
  name: "tikal",
  // the game's declaration, the window's own (tools/web_data.py): its scoring rounds (the
  // volcanoes and the final one, docs/events.md) and its log lines
  scorings: SCORINGS,
  lines: LOG_LINES,
  // the board and its panels name the players (the seats' cards below the board); the recap's
  // summary tells the scorings
  mount: mountTable(Table, { name: "tikal", href: new URL("./style.css", import.meta.url), id: "tk-style",
    scorings: SCORINGS }),
};
