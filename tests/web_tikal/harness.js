// A test page for the Tikal module alone (tests/test_web_tikal.py): it mounts the module with a
// ctx of its own (the catalogs read from the .po files, the actions kept in window.sent) and feeds
// it host messages the test hands over (window.feed), recorded from a real host.
import tikal from "/games/tikal/index.js";
import { toneOf, shapeOf } from "/app/marks.js";

const params = new URLSearchParams(location.search);
const lang = params.get("lang") || "en";
const PLURAL = {
  en: (n) => (n !== 1 ? 1 : 0),
  it: (n) => (n !== 1 ? 1 : 0),
  ru: (n) => (n % 10 === 1 && n % 100 !== 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2),
  cs: (n) => (n === 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2),
};

function unquote(s) { return JSON.parse(s); }

function parsePo(text) {
  const out = new Map();
  let cur = null, field = null;
  const flush = () => { if (cur && cur.msgid) out.set(cur.msgid, cur); cur = null; };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) { if (!line) flush(); continue; }
    let m;
    if ((m = line.match(/^msgid (".*")$/))) { flush(); cur = { msgid: unquote(m[1]), forms: [] }; field = "msgid"; }
    else if ((m = line.match(/^msgid_plural (".*")$/))) { field = "plural"; }
    else if ((m = line.match(/^msgstr (".*")$/))) { cur.msgstr = unquote(m[1]); field = "msgstr"; }
    else if ((m = line.match(/^msgstr\[(\d+)\] (".*")$/))) { cur.forms[Number(m[1])] = unquote(m[2]); field = ["form", Number(m[1])]; }
    else if (line.startsWith('"') && cur) {
      const s = unquote(line);
      if (field === "msgid") cur.msgid += s;
      else if (field === "msgstr") cur.msgstr += s;
      else if (Array.isArray(field)) cur.forms[field[1]] += s;
    }
  }
  flush();
  return out;
}

const format = (s, vars) => s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));

const [cat, en] = await Promise.all([lang, "en"].map((l) => fetch(`/i18n/${l}.po`).then((r) => r.text()).then(parsePo)));
const missing = new Set();
function lookup(k) { return cat.get(k) || en.get(k) || null; }
const ctx = {
  seat: null, lang, shapes: params.get("shapes") !== "0",
  players: [],
  t(k, vars = {}) { const e = lookup(k); if (!e) { missing.add(k); return k; } return format(e.msgstr || e.forms[0] || k, vars); },
  tn(k, ...args) {
    const [n, vars = {}] = typeof args[0] === "string" ? args.slice(1) : args;
    const e = lookup(k); if (!e) { missing.add(k); return k; }
    const forms = e.forms.length ? e.forms : [e.msgstr];
    const rule = cat.get(k) ? PLURAL[lang] : PLURAL.en;
    return format(forms[Math.min(forms.length - 1, rule(n))] || forms[0], { n, ...vars });
  },
  has(k) { return !!lookup(k); },
  tone(seat) { const p = ctx.players[seat]; return toneOf(p && p.colour, seat); },
  shape(seat) { return ctx.shapes ? shapeOf(seat) : "circle"; },
  // the shell's promise of the host's answer: a test settles it (window.answer) or refuses it
  act(action) { window.sent.push({ type: "action", action }); return answer(); },
  undo() { window.sent.push({ type: "undo" }); return answer(); },
  log(line) { window.logged.push(line); },
};
function answer() {
  return new Promise((resolve) => { window.answer = resolve; });
}
window.sent = [];
window.logged = [];
window.missing = missing;
const root = document.getElementById("root");
// ?top=N: the module under N pixels of something else, as under the shell's bar at a phone's size
if (params.get("top")) root.style.top = `${Number(params.get("top"))}px`;
const mod = tikal.mount(root, ctx);
window.mod = mod;
window.feed = (msgs) => {
  for (const m of msgs) {
    if (m.t === "table") ctx.players = m.table.players;
    if (m.t === "seated") ctx.seat = m.seat;
    mod.update(m);
  }
};
window.addEventListener("resize", () => mod.resize());
window.harnessReady = true;
