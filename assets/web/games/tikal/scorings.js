// How Tikal's scoring rounds show in its events (none: null).
// Written by tools/web_data.py from game/tikal/client.py (scorings): do not edit by hand (tests/test_web_data.py checks it).
export const SCORINGS = {"started": "scoring_started", "scored": "scored", "ended": "scoring_ended", "kinds": [{"kind": "volcano", "title": "tv.volcano", "label": "chart.volcano", "colour": "#e86030", "shape": "triangle", "final": false}, {"kind": "final", "title": "tv.final", "label": "chart.final", "colour": "#ffcc40", "shape": "diamond", "final": true}]};
