// The host's reasons in the page's language: a refusal (`error`) by its code, a table left
// (`left`) by its `why` (docs/protocol.md). The host's own `reason` is an English sentence: the
// page shows it only where it is in the page's language, or where it has no words of its own for
// the code. `cat` is the page's catalog (`t`, `has`, `lang`).

/** A refusal: its code's sentence (the page's `web.error.<code>`, else the window's
 * `net.error_<code>`), with the host's reason beside it on an English page. */
export function refusalText(cat, msg) {
  const key = [`web.error.${msg.code}`, `net.error_${msg.code}`].find((k) => cat.has(k));
  const head = key ? cat.t(key) : msg.message || msg.code;
  return msg.reason && (cat.lang === "en" || !key) ? `${head}: ${msg.reason}` : head;
}

/** Why we are no longer at the table: its `why` in the page's language, else the host's reason
 * (an older host, a code the page does not know); "" when we left ourselves. */
export function leftText(cat, msg) {
  const key = msg.why ? `web.left.${msg.why}` : null;
  if (key && cat.has(key)) return cat.t(key);
  return msg.reason || "";
}
