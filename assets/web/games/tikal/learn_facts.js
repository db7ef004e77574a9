// What Tikal's hint and guide read (the hint's moments; a plan's steps and the guide's steps).
// Written by tools/web_data.py from engine/bots/hints.py, game/tikal/hint.py, game/tikal/guide.py: do not edit by hand (tests/test_web_data.py checks it).
export const HINT = {"phases": ["place", "actions", "bid", "choose"], "choices": 1};
// a step's action type -> the host's event that says it was played
export const PLAYED_BY = {"place_tile": "tile_placed", "enter": "figure_entered", "transfer": "figure_transferred", "move": "figure_moved", "uncover": "level_uncovered", "dig": "treasure_dug", "exchange": "exchange", "camp": "camp_built", "guard": "guard_placed"};
// the first turn's steps, and the host's event (of our own seat) that does each
export const GUIDE_STEPS = ["place", "enter", "walk", "end"];
export const GUIDE_DONE_BY = {"tile_placed": "place", "figure_entered": "enter", "figure_transferred": "enter", "figure_moved": "walk", "turn_ended": "end"};
