// app/i18n.js: the catalogs' texts, placeholders and plural forms (the Plural-Forms rules checked
// against Python's gettext over the four catalogs: tests/test_js.py, readings.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Catalog, compilePlural, format, browserLanguage } from "../../assets/web/app/i18n.js";

test("the browser's preferred languages pick a catalog, else English", () => {
  assert.equal(browserLanguage(["de-DE", "ru-RU", "en"]), "ru");
  assert.equal(browserLanguage(["cs_CZ"]), "cs");
  assert.equal(browserLanguage(["IT"]), "it");
  assert.equal(browserLanguage(["de", "fr"]), "en");
  assert.equal(browserLanguage(undefined), "en");
});

test("placeholders are filled, unknown ones left as they are", () => {
  assert.equal(format("{name} rolls {value}", { name: "Ana", value: 4 }), "Ana rolls 4");
  assert.equal(format("{name} {missing}", { name: "Ana" }), "Ana {missing}");
  assert.equal(format("no vars", undefined), "no vars");
});

test("plural rules are C expressions parsed without eval", () => {
  const ru = compilePlural("(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)");
  assert.deepEqual([1, 2, 5, 11, 21, 22, 25, 111, 0].map(ru), [0, 1, 2, 2, 0, 1, 2, 2, 2]);
  const cs = compilePlural("(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2");
  assert.deepEqual([1, 2, 4, 5, 0].map(cs), [0, 1, 1, 2, 2]);
  assert.equal(compilePlural("n != 1")(1), 0);
  assert.equal(compilePlural("0")(7), 0);
  assert.equal(compilePlural("!(n == 1)")(1), 0);
  assert.equal(compilePlural("n / 0")(3), 0);           // no division by zero
  assert.throws(() => compilePlural("n ; alert(1)"), /plural rule/);
  assert.throws(() => compilePlural("(n"), /plural rule/);
  assert.throws(() => compilePlural("n 1"), /plural rule: trailing/);
});

test("a catalog's texts: a missing key shows as itself, a plural entry picks its form by n", () => {
  const cat = new Catalog({ lang: "ru", messages: { "a.b": "Привет, {name}", "n.games": ["{n} игра", "{n} игры", "{n} игр"] },
    plural: "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)", nplurals: 3 });
  assert.equal(cat.t("a.b", { name: "Аня" }), "Привет, Аня");
  assert.equal(cat.t("no.such.key"), "no.such.key");
  assert.equal(cat.has("a.b"), true);
  assert.equal(cat.has("no.such.key"), false);
  assert.equal(cat.tn("n.games", 21), "21 игра");
  assert.equal(cat.tn("n.games", 3), "3 игры");
  assert.equal(cat.tn("n.games", 11), "11 игр");
  assert.equal(cat.tn("n.games", "n.games", 2, {}), "2 игры");     // gettext's order
  assert.equal(cat.t("n.games", { n: 5 }), "5 игр");               // t() of a plural entry: by vars.n
  assert.equal(cat.tn("a.b", 3, { name: "x" }), "Привет, x");      // a plain entry through tn
  const { t, tn } = cat;                                           // bound: handed out as ctx.t / ctx.tn
  assert.equal(t("a.b", { name: "Боб" }), "Привет, Боб");
  assert.equal(tn("n.games", 1), "1 игра");
});
