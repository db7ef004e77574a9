// What La Tortuga's hint and guide read (the hint's moments; a plan's steps and the guide's steps).
// Written by tools/web_data.py from engine/bots/hints.py: do not edit by hand (tests/test_web_data.py checks it).
export const HINT = {"phases": ["decide", "choose_turtle"], "choices": 2};
