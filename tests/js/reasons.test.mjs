// app/reasons.js: the host's reasons in the page's language.
import { test } from "node:test";
import assert from "node:assert/strict";
import { refusalText, leftText } from "../../assets/web/app/reasons.js";

const catalog = (lang, messages) => ({ lang, has: (k) => k in messages, t: (k) => messages[k] });
const IT = catalog("it", { "web.error.not_owner": "Solo il proprietario", "net.error_rate": "Troppi messaggi",
  "web.left.removed": "Il proprietario del tavolo ha liberato il tuo posto." });
const EN = catalog("en", { "web.error.not_owner": "Only the owner" });

test("a refusal says its code's sentence; the host's English reason only on an English page", () => {
  const msg = { code: "not_owner", message: "only the owner may", reason: "removed by nobody" };
  assert.equal(refusalText(IT, msg), "Solo il proprietario");
  assert.equal(refusalText(EN, msg), "Only the owner: removed by nobody");
  assert.equal(refusalText(IT, { code: "rate", message: "slow down" }), "Troppi messaggi");    // the window's words
  assert.equal(refusalText(IT, { code: "new_code", message: "something new", reason: "why" }), "something new: why");
});

test("a table left says its why in the page's language, else the host's reason", () => {
  assert.equal(leftText(IT, { why: "removed", reason: "removed by the table's owner" }),
    "Il proprietario del tavolo ha liberato il tuo posto.");
  assert.equal(leftText(IT, { why: "unknown", reason: "the host's words" }), "the host's words");
  assert.equal(leftText(IT, { reason: "an older host" }), "an older host");
  assert.equal(leftText(IT, {}), "");
});
