// How each La Tortuga event reads in the table's log: the table is the window's own
// (game/tortuga/log_lines.py, written to log_lines.js by tools/web_data.py), read by the shell's
// app/loglines.js; here are the readings it names, the browser's side of the window's READINGS.
import { LOG_LINES } from "./log_lines.js";
import { seatOf, describeLine, SHARED } from "../../app/loglines.js";

/** Several players' short names, joined (winners, riders). */
export const names = (t, seats) => SHARED.names(t, null, seats);

/** Whose turtles ride along on the moving one, when they are other players' ("" when none). */
export function riders(ev, t) {
  const mover = t.owner(ev.turtle);
  const seats = [];
  for (const turtle of ev.group || []) {
    const seat = t.owner(turtle);
    if (turtle !== ev.turtle && seat !== mover && !seats.includes(seat)) seats.push(seat);
  }
  return names(t, seats);
}

const alone = (ev) => (ev.group || [ev.turtle]).length === 1;

/** name -> fn(table, ev, value): what a line reads off the table (game/tortuga/log_lines.py READINGS). */
export const READINGS = {
  owner: (t, ev, turtle) => t.owner(turtle),
  riders: (t, ev) => riders(ev, t),
  moved_key: (t, ev) => (riders(ev, t) ? "ev.tortuga.moved_riders" : alone(ev) ? "ev.tortuga.moved_one" : "ev.tortuga.moved"),
  bust_key: (t, ev) => (riders(ev, t) ? "ev.tortuga.bust_riders" : alone(ev) ? "ev.tortuga.bust_one" : "ev.tortuga.bust_both"),
};

/** The seat a logged event is about (null: the table). */
export const lineSeat = (ev, t) => seatOf(LOG_LINES, ev, t, READINGS);

/** The event's sentence in the player's language, or null. */
export const describe = (t, ev, you = true) => describeLine(LOG_LINES, t, ev, you, READINGS);
