"""The browser client's JavaScript checked without a browser (issue 42): its unit tests under Node
(``tests/js/*.test.mjs``, ``node --test``), its linter (ESLint, pinned exactly in package.json and
package-lock.json, installed by the README's ``npm ci``), and the page's pure modules against their
Python sources (the catalogs' plural rules against gettext; the Tikal readings against the engine).
Browser tests (Playwright) stay for what needs a browser: layout, taps, a real host."""
from __future__ import annotations

import gettext
import json
import random
import re

import engine
from assets.i18n import Catalog, pofile
from engine.tikal.analysis import scoring_now, stack_outlook, temple_holders

from node_helpers import ESLINT, ROOT, missing, node, node_calls

UNIT_TESTS = sorted((ROOT / "tests" / "js").glob("*.test.mjs"))


def test_the_javascript_unit_tests_pass():
    """Every ``test(...)`` of tests/js runs and passes (none skipped, none left out; a ``test`` in a
    loop counts once here and runs once per turn)."""
    assert UNIT_TESTS
    r = node("--test", "--test-reporter=tap", *[str(p.relative_to(ROOT)) for p in UNIT_TESTS])
    counts = dict(re.findall(r"^# (pass|fail|skipped|todo|cancelled) (\d+)$", r.stdout, re.M))
    declared = sum(len(re.findall(r"^\s*test\(", p.read_text(encoding="utf-8"), re.M)) for p in UNIT_TESTS)
    assert r.returncode == 0 and counts.get("fail") == "0", r.stdout[-6000:] + r.stderr[-2000:]
    assert int(counts["pass"]) >= declared and counts.get("skipped") == counts.get("todo") == "0", counts


def test_the_javascript_lints_clean():
    """ESLint (eslint.config.js) finds nothing in the page's modules and the unit tests."""
    if not ESLINT.exists():
        missing("ESLint is not installed: `npm ci` in the repository (the README's test command)")
    r = node(str(ESLINT), "--max-warnings", "0", ".")
    assert r.returncode == 0, r.stdout[-6000:] + r.stderr[-2000:]
    # it lints what it should: a file with an unused variable and a loose comparison is refused
    bad = node(str(ESLINT), "--stdin", "--stdin-filename", "assets/web/app/x.js",
               stdin="const unused = 1;\nexport const f = (a) => a == 2;\n")
    assert bad.returncode == 1 and "no-unused-vars" in bad.stdout and "eqeqeq" in bad.stdout, bad.stdout


def test_the_linter_is_pinned_exactly_with_its_hashes():
    """package.json names exact versions (as pyproject.toml pins ruff); the lock has the same ones
    and an integrity hash for every package it installs."""
    pkg = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    wanted = pkg["devDependencies"]
    assert "eslint" in wanted and not pkg.get("dependencies")
    for name, version in wanted.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), (name, version)
        assert lock["packages"][f"node_modules/{name}"]["version"] == version, name
    assert lock["packages"][""]["devDependencies"] == wanted
    installed = {k: v for k, v in lock["packages"].items() if k}
    hashed = [k for k, v in installed.items() if re.fullmatch(r"sha512-[A-Za-z0-9+/=]+", v.get("integrity", ""))]
    assert installed and hashed == list(installed)


def test_the_pages_plural_rules_are_gettexts():
    """The page's own parser of the catalogs' Plural-Forms (app/i18n.js, no eval) picks the form
    Python's gettext picks for n = 0..300, in the four catalogs; and the catalog the host serves
    the page (net/web.py) reads a plural entry as the window's does."""
    from net.web import catalog_json

    ns = list(range(301))
    for lang in ("en", "cs", "it", "ru"):
        expr = pofile(lang).metadata["Plural-Forms"].split("plural=")[1].rstrip(";")
        py = gettext.c2py(expr)
        data = json.loads(catalog_json(lang))
        tried = [0, 1, 2, 5, 11, 21, 22, 25, 101]
        forms, texts = node_calls("assets/web/app/i18n.js", [
            {"fn": "compilePlural", "args": [expr], "then": [[n] for n in ns]},
            {"new": "Catalog", "args": [data], "methods": [["tn", ["web.games_tonight", n]] for n in tried]}])
        assert forms == [py(n) for n in ns], lang
        assert texts == [Catalog(lang).trn("web.games_tonight", n) for n in tried], lang


def _views_of_games(seeds=(11, 12), variants=("base", "auction")) -> tuple[list[dict], list[dict]]:
    """Views along whole random games (every few actions) and their one-step walks."""
    views, steps = [], []
    for seed, variant in zip(seeds, variants):
        g = engine.new_game("tikal", seats=3, seed=seed, options={"variant": variant})
        rng = random.Random(seed)
        n = 0
        while not g.is_over:
            before = g.view(None)
            action = rng.choice(g.legal_actions())
            events = g.apply(action)
            for ev in events:
                if ev["type"] == "figure_moved" and len(ev["path"]) == 2:
                    steps.append({"view": before, "a": ev["path"][0], "b": ev["path"][1], "cost": ev["cost"]})
            n += 1
            if n % 7 == 0:
                views.append(g.view(n % 3))
        views.append(g.view(None))
    return views, steps


def test_the_tikal_readings_are_the_engines():
    """games/tikal/analysis.js reads views as engine/tikal/analysis.py does: who holds each temple
    and every seat's strength there, what a scoring would give each seat now, the stack's outlook;
    and the stones of a step are what the engine charged for it (over two whole random games)."""
    views, steps = _views_of_games()
    assert len(views) > 40 and len(steps) > 30
    fns = ("templeHolders", "scoringNow", "stackOutlook")
    got = node_calls("assets/web/games/tikal/analysis.js",
                     [{"fn": fn, "args": [v]} for v in views for fn in fns]
                     + [{"fn": "stepStones", "args": [s["view"], s["a"], s["b"]]} for s in steps])
    for i, v in enumerate(views):
        h, now, out = got[3 * i:3 * i + 3]
        want = temple_holders(v)
        assert [(t["hex"], t["value"], t["guard"], t["strengths"], t["holder"], t["tied"]) for t in want] == \
               [(t["hex"], t["value"], t["guard"], t["strengths"], t["holder"], t["tied"]) for t in h]
        assert [{k: b[k] for k in ("temple_points", "treasure_points", "total")} for b in scoring_now(v)] == now
        o = stack_outlook(v)
        assert [list(x) for x in o["letters"]] == out["letters"] and o["volcanoes"] == out["volcanoes"]
    assert got[3 * len(views):] == [s["cost"] for s in steps]
