// How each Tikal event reads in the table's log: the table is the window's own
// (game/tikal/log_lines.py, written to log_lines.js by tools/web_data.py), read by the shell's
// app/loglines.js; here are the readings it names, the browser's side of the window's READINGS.
import { TILES } from "./tiles.js";
import { LOG_LINES, KIND_KEYS, TREASURE_KEYS } from "./log_lines.js";
import { seatOf, describeLine } from "../../app/loglines.js";

export { TREASURE_KEYS };
export const kindName = (t, id) => (TILES[id] ? t.t(KIND_KEYS[TILES[id].kind]) : "?");
export const treasureName = (t, k) => t.t(TREASURE_KEYS[k % TREASURE_KEYS.length]);

/** name -> fn(table, ev, value): what a line reads off the table (game/tikal/log_lines.py READINGS). */
export const READINGS = {
  kind: (t, ev, tile) => kindName(t, tile),
  treasure: (t, ev, kind) => treasureName(t, kind),
  level_at: (t, ev, hex) => t.levelAt(hex),
  where: (t, ev, path) => {        // where a walk ends: "temple 5", else the tile's kind
    const to = path && path.length ? path[path.length - 1] : null;
    const tile = to && t.tileAt(to);
    if (!tile || !TILES[tile.id]) return "?";
    return TILES[tile.id].kind === "temple" ? t.t("ev.tikal.to_temple", { level: t.levelAt(to) }) : kindName(t, tile.id);
  },
  swap_key: (t, ev) => (ev.with === t.me && ev.seat !== t.me ? "ev.tikal.exchange_yours" : "ev.tikal.exchange"),
  left_game: (t, ev, left) => Number((left || {}).workers || 0) + ((left || {}).leader ? 1 : 0),
};

/** The seat a logged event is about (null: the table). */
export const lineSeat = (ev, t = null) => seatOf(LOG_LINES, ev, t, READINGS);

/** The event's sentence in the player's language, or null (an event the log leaves out). */
export const describe = (t, ev, you = true) => describeLine(LOG_LINES, t, ev, you, READINGS);
