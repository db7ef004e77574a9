// How each La Tortuga event reads in the table's log, as data (app/loglines.js reads it).
// Written by tools/web_data.py from game/tortuga/log_lines.py: do not edit by hand (tests/test_web_data.py checks it).
// The readings it names are log.js's READINGS: bust_key, moved_key, owner, riders.
export const LOG_LINES = {
  "turn": {"key": "ev.tortuga.turn"},
  "turtle_chosen": {"key": "ev.tortuga.chosen"},
  "die_rolled": {"key": "ev.tortuga.die_rolled", "fields": {"value": "value", "sum": "sum"}},
  "card_played": {"key": "ev.tortuga.card_played", "count": "eggs", "fields": {"eggs": "eggs", "sum": "sum"}},
  "turtles_moved": {"key": {"use": "moved_key"}, "count": "steps", "seat": {"use": "owner", "of": "turtle"}, "fields": {"steps": "steps", "to": "to", "riders": {"use": "riders"}}},
  "bust": {"key": {"use": "bust_key"}, "seat": {"use": "owner", "of": "turtle"}, "fields": {"sum": "sum", "riders": {"use": "riders"}}},
  "card_taken": {"key": "ev.tortuga.card_taken", "count": "eggs", "fields": {"eggs": "eggs"}},
  "beach": {"key": "ev.tortuga.beach", "count": "eggs", "fields": {"eggs": "eggs"}},
  "game_over": {"key": "ev.game_over", "count": {"len": "winners", "add": 0}, "seat": null, "fields": {"names": {"use": "names", "of": "winners"}}},
};
