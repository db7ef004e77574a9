// The translation catalogs, served by the host from assets/i18n/<lang>.po (GET /i18n/<lang>.json).
// Keys are the catalogs' msgids ("lobby.seats"); texts hold {placeholders}. A plural entry has one
// form per the language's Plural-Forms rule, which is a C expression: it is parsed here by a small
// recursive-descent parser into a function (never eval, never new Function).

export const LANGUAGES = ["en", "cs", "it", "ru"];

// The catalog language of the browser's preferences (navigator.languages), else English.
export function browserLanguage(prefs) {
  for (const tag of prefs || []) {
    const head = String(tag).toLowerCase().split(/[-_]/)[0];
    if (LANGUAGES.includes(head)) return head;
  }
  return "en";
}

// --- the plural rule: n, integers, ( ), ! - * / % + - < <= > >= == != && || ?: -------------------
function tokenize(src) {
  const out = [];
  const re = /\s*(\d+|n|&&|\|\||==|!=|<=|>=|[()?:!<>+\-*/%])/y;
  let at = 0;
  src = src.trim();
  while (at < src.length) {
    re.lastIndex = at;
    const m = re.exec(src);
    if (!m) throw new Error(`plural rule: unexpected ${JSON.stringify(src.slice(at, at + 8))}`);
    out.push(m[1]);
    at = re.lastIndex;
    while (at < src.length && /\s/.test(src[at])) at++;
  }
  return out;
}

const BINARY = [  // lowest precedence first (C's order)
  ["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"],
];
const OPS = {
  "||": (a, b) => (a || b ? 1 : 0), "&&": (a, b) => (a && b ? 1 : 0),
  "==": (a, b) => (a === b ? 1 : 0), "!=": (a, b) => (a !== b ? 1 : 0),
  "<": (a, b) => (a < b ? 1 : 0), "<=": (a, b) => (a <= b ? 1 : 0),
  ">": (a, b) => (a > b ? 1 : 0), ">=": (a, b) => (a >= b ? 1 : 0),
  "+": (a, b) => a + b, "-": (a, b) => a - b, "*": (a, b) => a * b,
  "/": (a, b) => (b === 0 ? 0 : Math.trunc(a / b)), "%": (a, b) => (b === 0 ? 0 : a % b),
};

// compilePlural("n%10==1 && n%100!=11 ? 0 : 1") -> n => form index
export function compilePlural(src) {
  const toks = tokenize(src);
  let i = 0;
  const peek = () => toks[i];
  const take = (want) => {
    const t = toks[i++];
    if (want !== undefined && t !== want) throw new Error(`plural rule: expected ${want}, got ${t}`);
    return t;
  };
  function ternary() {
    const cond = binary(0);
    if (peek() !== "?") return cond;
    take("?");
    const yes = ternary();
    take(":");
    const no = ternary();
    return (n) => (cond(n) ? yes(n) : no(n));
  }
  function binary(level) {
    if (level === BINARY.length) return unary();
    let left = binary(level + 1);
    while (BINARY[level].includes(peek())) {
      const op = OPS[take()];
      const l = left, r = binary(level + 1);
      left = (n) => op(l(n), r(n));
    }
    return left;
  }
  function unary() {
    const t = peek();
    if (t === "!") { take(); const e = unary(); return (n) => (e(n) ? 0 : 1); }
    if (t === "-") { take(); const e = unary(); return (n) => -e(n); }
    if (t === "(") { take(); const e = ternary(); take(")"); return e; }
    if (t === "n") { take(); return (n) => n; }
    if (t !== undefined && /^\d+$/.test(t)) { take(); const v = Number(t); return () => v; }
    throw new Error(`plural rule: unexpected ${t}`);
  }
  const fn = ternary();
  if (i !== toks.length) throw new Error(`plural rule: trailing ${toks[i]}`);
  return (n) => Number(fn(Math.abs(Math.trunc(n))));
}

export function format(text, vars) {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole);
}

export class Catalog {
  constructor(data) {
    this.lang = data.lang;
    this.names = data.names || {};
    this.messages = data.messages || {};
    this.nplurals = data.nplurals || 2;
    this.plural = compilePlural(data.plural || "n != 1");
    this.t = this.t.bind(this);
    this.tn = this.tn.bind(this);
  }
  has(key) { return Object.prototype.hasOwnProperty.call(this.messages, key); }
  // t(key, vars): the text, formatted; a plural entry picks its form by vars.n; a missing key is
  // shown as itself (visible, never a crash).
  t(key, vars) {
    const m = this.messages[key];
    if (Array.isArray(m)) return this.tn(key, vars && Number.isInteger(vars.n) ? vars.n : 1, vars);
    return format(m === undefined ? key : m, vars);
  }
  // tn(key, n, vars) -- or tn(key, plural, n, vars) as gettext's ngettext: our catalogs' plural
  // msgid is the key itself. {n} is available to the text.
  tn(key, a, b, c) {
    let n = a, vars = b;
    if (typeof a === "string") { n = b; vars = c; }
    const m = this.messages[key];
    const all = { n, ...(vars || {}) };
    if (!Array.isArray(m)) return format(m === undefined ? key : m, all);
    let form = this.plural(n);
    if (!(form >= 0 && form < m.length)) form = m.length - 1;
    return format(m[form], all);
  }
}

export async function loadCatalog(lang) {
  const res = await fetch(`/i18n/${encodeURIComponent(lang)}.json`);
  if (!res.ok) throw new Error(`no catalog ${lang}: ${res.status}`);
  return new Catalog(await res.json());
}
