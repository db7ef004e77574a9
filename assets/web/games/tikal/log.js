// How each Tikal event reads in the table's log (the window's game/tikal/log_lines.py, the same
// catalog keys): [key or key(ev, table), {placeholders}, options]. A line about the player's own
// seat reads in the second person where the catalog has the key's "_you" form.
import { TILES } from "./tiles.js";
import { seatOf, describeLine } from "../../app/loglines.js";

export const TREASURE_KEYS = ["tikal.treasure.mask", "tikal.treasure.jaguar", "tikal.treasure.jade", "tikal.treasure.sun",
  "tikal.treasure.vase", "tikal.treasure.idol", "tikal.treasure.necklace", "tikal.treasure.calendar"];
const KIND_KEYS = { temple: "tikal.kind.temple", jungle: "tikal.kind.jungle", treasure: "tikal.kind.treasure",
  volcano: "tikal.kind.volcano", base: "tikal.kind.base" };

export const kindName = (t, id) => (TILES[id] ? t.t(KIND_KEYS[TILES[id].kind]) : "?");
export const treasureName = (t, k) => t.t(TREASURE_KEYS[k % TREASURE_KEYS.length]);

const kind = (ev, t) => kindName(t, ev.tile);
const figure = (worker, leader) => (ev) => (ev.figure === "leader" ? leader : worker);
const leftGame = (ev) => Number((ev.left_game || {}).workers || 0) + ((ev.left_game || {}).leader ? 1 : 0);
const names = (t, seats) => (seats || []).map((s) => t.shortName(s)).join(", ");

/** type -> {key, count?, when?, seat? ("seat" | null), fields: {name: event key | fn(ev, t)}} */
export const LOG_LINES = {
  turn_started: { key: (ev) => (ev.kind === "scoring" ? "ev.tikal.scoring_turn" : "ev.tikal.turn") },
  turn_ended: { key: "ev.tikal.turn_ended_lost", when: (ev) => ev.ap, fields: { ap: "ap" } },
  tile_drawn: { key: "ev.tikal.tile_drawn", fields: { kind } },
  tile_removed: { key: "ev.tikal.tile_removed", seat: null, fields: { kind } },
  tile_placed: { key: "ev.tikal.tile_placed", fields: { kind } },
  scoring_started: { key: (ev) => (ev.kind === "volcano" ? "ev.tikal.volcano" : "ev.tikal.final") },
  scored: { key: "ev.tikal.scored", count: (ev) => ev.total, fields: { total: "total", temples: "temple_points", treasures: "treasure_points", score: "score" } },
  scoring_ended: { key: "ev.tikal.scoring_ended" },
  figure_entered: { key: figure("ev.tikal.entered_worker", "ev.tikal.entered_leader") },
  figure_transferred: { key: figure("ev.tikal.transferred_worker", "ev.tikal.transferred_leader") },
  figure_moved: { key: figure("ev.tikal.moved_worker", "ev.tikal.moved_leader"), count: (ev) => ev.path.length - 1, fields: { cost: "cost" } },
  level_uncovered: { key: "ev.tikal.uncovered", fields: { value: "value" } },
  treasure_dug: { key: "ev.tikal.dug", fields: { treasure: (ev, t) => treasureName(t, ev.kind) } },
  exchange: {
    key: (ev, t) => (ev.with === t.me && ev.seat !== t.me ? "ev.tikal.exchange_yours" : "ev.tikal.exchange"),
    fields: { give: (ev, t) => treasureName(t, ev.give), take: (ev, t) => treasureName(t, ev.take), other: (ev, t) => t.shortName(ev.with) },
  },
  camp_built: { key: "ev.tikal.camp" },
  guard_placed: { key: "ev.tikal.guard", count: leftGame, fields: { value: (ev, t) => t.levelAt(ev.hex) } },
  round_started: { key: "ev.tikal.round", seat: null, count: (ev) => (ev.revealed || []).length },
  auction_started: { key: "ev.tikal.auction", seat: null, fields: { names: (ev, t) => names(t, ev.bidders) } },
  bid: { key: "ev.tikal.bid", fields: { amount: "amount" } },
  pass: { key: "ev.tikal.pass" },
  auction_won: { key: (ev) => (ev.amount ? "ev.tikal.won" : "ev.tikal.won_free"), fields: { amount: "amount" } },
  tile_chosen: { key: (ev) => (ev.auto ? "ev.tikal.chosen_last" : "ev.tikal.chosen"), fields: { kind } },
  game_over: { key: "ev.game_over", seat: null, count: (ev) => (ev.winners || []).length, fields: { names: (ev, t) => names(t, ev.winners) } },
};

/** The seat a logged event is about (null: the table). */
export const lineSeat = (ev) => seatOf(LOG_LINES, ev, null);

/** The event's sentence in the player's language, or null (an event the log leaves out). */
export const describe = (t, ev, you = true) => describeLine(LOG_LINES, t, ev, you);
