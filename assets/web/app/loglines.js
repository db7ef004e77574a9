// How a game's events read in its table's log, as data (the window's game/eventlog.py): a game
// lists `{event type: spec}` with
//   key      the catalog key, or key(ev, t) when the event (or the table) picks the sentence
//   count    count(ev): a plural entry's number (the language's rule picks the form; {n} is set)
//   when     when(ev): false leaves the event out of the log
//   seat     whose line it is: the event's "seat" (default), null (the table's), or seat(ev, t)
//   fields   {placeholder: event key | fn(ev, t)}
// {name} is always the short name of the line's seat. A line about the player's own seat (t.me)
// reads in the second person where the catalog has the key's "_you" form ("You roll 4").

/** The seat a logged event is about (null: the table). */
export function seatOf(lines, ev, t) {
  const spec = lines[ev.type];
  if (!spec || spec.seat === null) return null;
  if (typeof spec.seat === "function") return spec.seat(ev, t);
  return ev.seat ?? null;
}

/** The event's sentence in the page's language, or null (an event the log leaves out). `t` is the
 * table: t.t, t.tn, t.has, t.shortName, t.me. */
export function describeLine(lines, t, ev, you = true) {
  const spec = lines[ev.type];
  if (!spec || (spec.when && !spec.when(ev))) return null;
  let k = typeof spec.key === "function" ? spec.key(ev, t) : spec.key;
  const seat = seatOf(lines, ev, t);
  if (you && seat !== null && seat === t.me && t.has(`${k}_you`)) k += "_you";
  const vars = { name: seat !== null ? t.shortName(seat) : "" };
  for (const [name, src] of Object.entries(spec.fields || {})) vars[name] = typeof src === "function" ? src(ev, t) : ev[src];
  if (spec.count) {
    const n = spec.count(ev);
    return t.tn(k, n, { n, ...vars });
  }
  return t.t(k, vars);
}
