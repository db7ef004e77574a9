// How La Tortuga's scoring rounds show in its events (none: null).
// Written by tools/web_data.py from game/tortuga/client.py (scorings): do not edit by hand (tests/test_web_data.py checks it).
export const SCORINGS = {"started": null, "scored": null, "ended": null, "kinds": []};
