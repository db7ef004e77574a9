// What the browser keeps between visits (localStorage of this host's page, one per host address):
// the player key (tikal.key: the browser's random secret, docs/protocol.md "player key"), the name,
// the language and the colour-blind shapes chosen, whether the first-game guide is done, and the seat being played (table, seat, its
// token, the last state seen) so that a page that comes back is in its seat again.
import { SHAPES_ON } from "./palette.js";

const PREFIX = "tikal.";

function get(name, fallback = null) {
  try {
    const raw = localStorage.getItem(PREFIX + name);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

function set(name, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(PREFIX + name);
    else localStorage.setItem(PREFIX + name, JSON.stringify(value));
  } catch {
    // private browsing with no storage: the page still plays, it only forgets on reload
  }
}

// base64url of 32 random bytes: 43 characters of [A-Za-z0-9_-] (as the window's key)
export function newKey() {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export const KEY_RE = /^[A-Za-z0-9_-]{22,64}$/;

export const store = {
  // the player key is kept as a plain string under "tikal.key" (the agreed name)
  key() {
    let k = null;
    try { k = localStorage.getItem("tikal.key"); } catch { /* no storage */ }
    if (!k || !KEY_RE.test(k)) {
      k = newKey();
      try { localStorage.setItem("tikal.key", k); } catch { /* no storage */ }
    }
    return k;
  },
  name: () => get("name", ""),
  setName: (v) => set("name", v),
  lang: () => get("lang", null),
  setLang: (v) => set("lang", v),
  shapes: () => get("shapes", SHAPES_ON),      // on at first, as in the window
  setShapes: (v) => set("shapes", !!v),
  // the first-game guide has done its job (or was hidden): the window's settings' guide_done
  guideDone: () => get("guide_done", false),
  setGuideDone: (v) => set("guide_done", v ? true : null),
  // {table, seat, token, seen}: the seat this browser plays (or null)
  seat: () => get("seat", null),
  setSeat: (v) => set("seat", v),
  // {table, seen}: the table this browser watches (a spectator has no token: it watches again)
  watching: () => get("watching", null),
  setWatching: (v) => set("watching", v),
  // tokens of every seat this browser held here (for the saved games' list), newest last, at most 64
  tokens: () => get("tokens", []),
  addToken(token) {
    const all = get("tokens", []).filter((t) => t !== token);
    all.push(token);
    set("tokens", all.slice(-64));
  },
};
