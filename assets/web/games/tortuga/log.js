// How each La Tortuga event reads in the table's log (the window's game/tortuga/log_lines.py, the
// same catalog keys), as data for the shell's app/loglines.js.
import { seatOf, describeLine } from "../../app/loglines.js";

/** Several players' short names, joined (winners, riders). */
export const names = (t, seats) => (seats || []).map((s) => t.shortName(s)).join(", ");

/** The owner of the moving turtle: whose turtles went (or splashed). */
const owner = (ev, t) => t.owner(ev.turtle);

/** Whose turtles ride along on the moving one, when they are other players' ("" when none). */
export function riders(ev, t) {
  const mover = owner(ev, t);
  const seats = [];
  for (const turtle of ev.group || []) {
    const seat = t.owner(turtle);
    if (turtle !== ev.turtle && seat !== mover && !seats.includes(seat)) seats.push(seat);
  }
  return names(t, seats);
}

const groupSize = (ev) => (ev.group || [ev.turtle]).length;

/** type -> {key (or key(ev, t)), count?(ev), seat? (null: the table; fn(ev, t): whose line), fields} (app/loglines.js) */
export const LOG_LINES = {
  turn: { key: "ev.tortuga.turn" },
  turtle_chosen: { key: "ev.tortuga.chosen" },
  die_rolled: { key: "ev.tortuga.die_rolled", fields: { value: "value", sum: "sum" } },
  card_played: { key: "ev.tortuga.card_played", count: (ev) => ev.eggs, fields: { eggs: "eggs", sum: "sum" } },
  turtles_moved: {
    key: (ev, t) => (riders(ev, t) ? "ev.tortuga.moved_riders" : groupSize(ev) === 1 ? "ev.tortuga.moved_one" : "ev.tortuga.moved"),
    seat: owner, count: (ev) => ev.steps, fields: { steps: "steps", to: "to", riders },
  },
  bust: {
    key: (ev, t) => (riders(ev, t) ? "ev.tortuga.bust_riders" : groupSize(ev) === 1 ? "ev.tortuga.bust_one" : "ev.tortuga.bust_both"),
    seat: owner, fields: { sum: "sum", riders },
  },
  card_taken: { key: "ev.tortuga.card_taken", count: (ev) => ev.eggs, fields: { eggs: "eggs" } },
  beach: { key: "ev.tortuga.beach", count: (ev) => ev.eggs, fields: { eggs: "eggs" } },
  game_over: { key: "ev.game_over", seat: null, count: (ev) => (ev.winners || []).length, fields: { names: (ev, t) => names(t, ev.winners) } },
};

/** The seat a logged event is about (null: the table). */
export const lineSeat = (ev, t) => seatOf(LOG_LINES, ev, t);

/** The event's sentence in the player's language, or null. */
export const describe = (t, ev, you = true) => describeLine(LOG_LINES, t, ev, you);
