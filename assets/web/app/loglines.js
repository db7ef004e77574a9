// How a game's events read in its table's log, as data: the game's table (games/<game>/log_lines.js,
// written by tools/web_data.py from the window's game/<game>/log_lines.py: one table for both
// clients; game/eventlog.py says what each part means) read as the window reads it. A line is
//   key      the catalog key, or {pick: field, cases: {value: key}, otherwise} (the event's field
//            picks it), {if: field, then, otherwise} (whether the field is set), {use: reading}
//   count    a plural entry's number (the language's rule picks the form; {n} is set): an event
//            field, {len: field, add} (a list's length), or {use: reading}
//   when     an event field (or {use}): the event is left out of the log when it is not set
//   seat     whose line it is: the event's "seat" (left out), another field, {use}, or null (the table's)
//   fields   {placeholder: event field | {use: reading, of: field}}
// A reading is the game's own (its log.js's READINGS: fn(table, ev, value of `of`)) or shared:
// `name` (a seat's short name), `names` (several, joined). {name} is always the short name of the
// line's seat. A line about the player's own seat (t.me) reads in the second person where the
// catalog has the key's "_you" form ("You roll 4").

/** The readings every game's lines may use (the window's game/eventlog.py SHARED). */
export const SHARED = {
  name: (t, ev, seat) => t.shortName(seat),
  names: (t, ev, seats) => (seats || []).map((s) => t.shortName(s)).join(", "),
};

function read(src, t, ev, readings) {
  if (src === null || src === undefined) return undefined;
  if (typeof src === "string") return ev[src];
  if ("use" in src) {
    const fn = readings[src.use] || SHARED[src.use];
    if (!fn) throw new Error(`no reading ${src.use} for the log's line of ${ev.type}`);
    return fn(t, ev, src.of === undefined ? undefined : ev[src.of]);
  }
  if ("len" in src) return (ev[src.len] || []).length + (src.add || 0);
  throw new Error(`a log line's part of ${ev.type} is none of the known forms: ${JSON.stringify(src)}`);
}

/** Whether a value is "set" as Python sees it (None, false, 0, "", [] and {} are not). */
function truthy(v) {
  if (Array.isArray(v)) return v.length > 0;
  if (v && typeof v === "object") return Object.keys(v).length > 0;
  return !!v;
}

function keyOf(spec, t, ev, readings) {
  const k = spec.key;
  if (typeof k === "string") return k;
  if ("pick" in k) return Object.prototype.hasOwnProperty.call(k.cases, ev[k.pick]) ? k.cases[ev[k.pick]] : k.otherwise;
  if ("if" in k) return truthy(ev[k.if]) ? k.then : k.otherwise;
  return read(k, t, ev, readings);
}

/** The seat a logged event is about (null: the table, or an event the log does not know). */
export function seatOf(lines, ev, t, readings = {}) {
  const spec = lines[ev.type];
  if (!spec || spec.seat === null) return null;
  return read(spec.seat === undefined ? "seat" : spec.seat, t, ev, readings) ?? null;
}

/** The event's sentence in the page's language, or null (an event the log leaves out). `t` is the
 * table: t.t, t.tn, t.has, t.shortName, t.me, and what the game's readings ask of it. */
export function describeLine(lines, t, ev, you = true, readings = {}) {
  const spec = lines[ev.type];
  if (!spec || (spec.when !== undefined && !truthy(read(spec.when, t, ev, readings)))) return null;
  let k = keyOf(spec, t, ev, readings);
  const seat = seatOf(lines, ev, t, readings);
  if (you && seat !== null && seat === t.me && t.has(`${k}_you`)) k += "_you";
  const vars = { name: seat !== null ? t.shortName(seat) : "" };
  for (const [name, src] of Object.entries(spec.fields || {})) vars[name] = read(src, t, ev, readings);
  if (spec.count !== undefined) {
    const n = read(spec.count, t, ev, readings);
    return t.tn(k, n, { n, ...vars });
  }
  return t.t(k, vars);
}
