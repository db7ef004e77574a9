// The hint's words and moments, as both clients read them (engine/bots/hints.py): the host sends
// each step's reason as a catalog key and its values (docs/protocol.md 5, "The hint"), never as a
// sentence, so the page says it in its own language; the window's game/hint.py reason_text reads the
// same form. `cat` is the page's catalog (`t`, `tn`).

/** `x` with `digits` decimals (1 or 2) as Python writes it (the window's f"{x:.1f}"): where `x` lies
 * exactly halfway (0.25, 0.125), to the even digit; toFixed would round it up. */
export function fixed(x, digits) {
  const halves = digits === 1 ? x * 4 : x * 8;    // exactly halfway: x is an odd number of quarters (eighths)
  if (Number.isInteger(halves) && Math.abs(halves) % 2 === 1) {
    const scaled = x * 10 ** digits, down = Math.floor(scaled);
    const n = down % 2 === 0 ? down : down + 1;
    return (n / 10 ** digits).toFixed(digits);
  }
  return x.toFixed(digits);
}

/** `x` with one decimal (two under a tenth), in the language's way of writing it (0.4, 0,4). */
export function decimal(cat, x) {
  const text = Math.abs(x) < 0.1 ? fixed(x, 2) : fixed(x, 1);
  return text.replace(".", cat.t("hint.decimal_point"));
}

/** A step's reason in the page's language ("" for none); `number`: the step's own number in the
 * list (a later step the reason names is `number + ahead`). */
export function reasonText(cat, words, number = 1) {
  if (!words || !words.key) return "";
  const args = {};
  for (const [k, v] of Object.entries(words.args || {})) {
    args[k] = v && typeof v === "object" ? reasonText(cat, v, number) : v;
  }
  for (const k of words.decimal || []) args[k] = decimal(cat, Number(args[k]));
  if (Number.isInteger(words.ahead)) args.step = number + words.ahead;
  if (Number.isInteger(words.n)) return cat.tn(words.key, words.n, args);
  return cat.t(words.key, args);
}

/** Whether the hint covers this moment of the seat's turn: one of the game's phases, with at
 * least its number of choices (`facts`: the game's HINT, learn_facts.js). */
export function askable(facts, view, legal) {
  return !!facts && !!view && facts.phases.includes(view.phase) && (legal || []).length >= facts.choices;
}

/** The host's hint for this moment (`ask()`: the table's ctx.hint(), a Promise of {ok, hint} or
 * {ok: false, error}), asked again by itself after the wait a `rate` refusal names (a connection
 * may ask 6 hints at once, then one every 2 s: docs/protocol.md 5) while `wanted()` holds: a
 * player who asks often is answered a moment later, not refused. */
export async function askHost(ask, wanted) {
  for (let tries = 0; ; tries += 1) {
    const r = await ask();
    const e = r && !r.ok ? r.error || {} : null;
    if (!e || e.code !== "rate" || tries >= 5 || !wanted()) return r;
    const wait = Math.min(Math.max(Number(e.retry) || 2, 0.1), 10);
    await new Promise((done) => setTimeout(done, wait * 1000));
    if (!wanted()) return { ok: false, error: { code: "stale" } };
  }
}

/** The words for a hint the host did not give (`error`: its refusal): the host busy, or none for
 * this moment. */
export function failedKey(error) {
  return ["hint_busy", "rate"].includes(error && error.code) ? "hint.web.busy" : "hint.failed";
}

/** A coach asks the host for its hint for the table's latest update (`askHost`), one request at a
 * time: `coach` is the game's (its `table`, `asking`, `askable()`, `thinking()`). `took(hint,
 * state)` when the answer is for the table as it still stands, `failed(key, state)` when the host
 * gave none (`key`: its words, failedKey; a cancelled or stale one is no failure); the table drawn
 * again before and after. */
export async function askHint(coach, took, failed) {
  const t = coach.table;
  if (!coach.askable() || coach.thinking()) return;
  const state = t.latest.state;
  coach.asking = state;
  t.touch(true);
  const r = await askHost(() => t.ctx.hint(), () => coach.asking === state && !!t.latest && t.latest.state === state);
  if (coach.asking === state) coach.asking = null;
  if (r && r.ok && r.hint && r.hint.state === state && t.latest && t.latest.state === state) took(r.hint, state);
  else if (r && !r.ok && !["hint_cancelled", "stale"].includes(r.error && r.error.code)) failed(failedKey(r.error), state);
  t.touch(true);
}
