// How each Tikal event reads in the table's log, as data (app/loglines.js reads it).
// Written by tools/web_data.py from game/tikal/log_lines.py: do not edit by hand (tests/test_web_data.py checks it).
// The readings it names are log.js's READINGS: kind, left_game, level_at, swap_key, treasure, where.
export const LOG_LINES = {
  "turn_started": {"key": {"pick": "kind", "cases": {"scoring": "ev.tikal.scoring_turn"}, "otherwise": "ev.tikal.turn"}},
  "turn_ended": {"key": "ev.tikal.turn_ended_lost", "when": "ap", "fields": {"ap": "ap"}},
  "tile_drawn": {"key": "ev.tikal.tile_drawn", "fields": {"kind": {"use": "kind", "of": "tile"}}},
  "tile_removed": {"key": "ev.tikal.tile_removed", "seat": null, "fields": {"kind": {"use": "kind", "of": "tile"}}},
  "tile_placed": {"key": "ev.tikal.tile_placed", "fields": {"kind": {"use": "kind", "of": "tile"}}},
  "scoring_started": {"key": {"pick": "kind", "cases": {"volcano": "ev.tikal.volcano"}, "otherwise": "ev.tikal.final"}},
  "scored": {"key": "ev.tikal.scored", "count": "total", "fields": {"total": "total", "temples": "temple_points", "treasures": "treasure_points", "score": "score"}},
  "scoring_ended": {"key": "ev.tikal.scoring_ended"},
  "figure_entered": {"key": {"pick": "figure", "cases": {"leader": "ev.tikal.entered_leader"}, "otherwise": "ev.tikal.entered_worker"}},
  "figure_transferred": {"key": {"pick": "figure", "cases": {"leader": "ev.tikal.transferred_leader"}, "otherwise": "ev.tikal.transferred_worker"}},
  "figure_moved": {"key": {"pick": "figure", "cases": {"leader": "ev.tikal.moved_leader"}, "otherwise": "ev.tikal.moved_worker"}, "count": {"len": "path", "add": -1}, "fields": {"cost": "cost", "to": {"use": "where", "of": "path"}}},
  "level_uncovered": {"key": "ev.tikal.uncovered", "fields": {"value": "value"}},
  "treasure_dug": {"key": "ev.tikal.dug", "fields": {"treasure": {"use": "treasure", "of": "kind"}}},
  "exchange": {"key": {"use": "swap_key"}, "fields": {"give": {"use": "treasure", "of": "give"}, "take": {"use": "treasure", "of": "take"}, "other": {"use": "name", "of": "with"}}},
  "camp_built": {"key": "ev.tikal.camp"},
  "guard_placed": {"key": "ev.tikal.guard", "count": {"use": "left_game", "of": "left_game"}, "fields": {"value": {"use": "level_at", "of": "hex"}}},
  "round_started": {"key": "ev.tikal.round", "count": {"len": "revealed", "add": 0}, "seat": null},
  "auction_started": {"key": "ev.tikal.auction", "seat": null, "fields": {"names": {"use": "names", "of": "bidders"}}},
  "bid": {"key": "ev.tikal.bid", "fields": {"amount": "amount"}},
  "pass": {"key": "ev.tikal.pass"},
  "auction_won": {"key": {"if": "amount", "then": "ev.tikal.won", "otherwise": "ev.tikal.won_free"}, "fields": {"amount": "amount"}},
  "tile_chosen": {"key": {"if": "auto", "then": "ev.tikal.chosen_last", "otherwise": "ev.tikal.chosen"}, "fields": {"kind": {"use": "kind", "of": "tile"}}},
  "game_over": {"key": "ev.game_over", "count": {"len": "winners", "add": 0}, "seat": null, "fields": {"names": {"use": "names", "of": "winners"}}},
};
export const KIND_KEYS = {"temple": "tikal.kind.temple", "jungle": "tikal.kind.jungle", "treasure": "tikal.kind.treasure", "volcano": "tikal.kind.volcano", "base": "tikal.kind.base"};
export const TREASURE_KEYS = ["tikal.treasure.mask", "tikal.treasure.jaguar", "tikal.treasure.jade", "tikal.treasure.sun", "tikal.treasure.vase", "tikal.treasure.idol", "tikal.treasure.necklace", "tikal.treasure.calendar"];
