"""The translation catalogs (game/i18n/*.po): every key in every language with the same
placeholders, plural entries with the forms of each language's rule, every key the client uses."""
import ast
import re
import string
from pathlib import Path

import pytest

from game.i18n import LANGUAGES, Catalog, pofile

GAME = Path(__file__).resolve().parents[1] / "game"


def strings(lang: str) -> dict[str, str]:
    """key -> text (a plural entry's forms joined by a newline)."""
    out = {}
    for e in pofile(lang):
        out[e.msgid] = "\n".join(e.msgstr_plural[i] for i in sorted(e.msgstr_plural)) \
            if e.msgid_plural else e.msgstr
    return out


EN, RU = strings("en"), strings("ru")
NAMESPACES = {k.split(".")[0] for k in EN}


def fields(s: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(s) if f}


def test_every_key_has_english_and_russian():
    assert set(EN) == set(RU), (set(EN) ^ set(RU))
    for key in EN:
        assert EN[key].strip() and RU[key].strip(), key


def test_placeholders_match_between_languages():
    for key in EN:
        assert fields(EN[key]) == fields(RU[key]), key


def test_russian_is_russian():
    # every Russian string that has letters has Cyrillic ones, unless it is a name/number/address
    latin_ok = {"game.tikal", "browser.address_hint"}
    for key, s in RU.items():
        if re.search(r"[A-Za-zА-Яа-я]", s) and key not in latin_ok:
            assert re.search(r"[А-Яа-яЁё]", s), (key, s)


def _literal_keys():
    """Every string constant in game/ that looks like a catalog key (namespace.something), and
    the keys of tr("...") calls; f-strings' prefixes are checked by the family test below."""
    found = {}
    for path in GAME.rglob("*.py"):
        if "i18n" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                s = node.value
                if re.fullmatch(r"[a-z_]+\.[a-z0-9_.]+", s) and s.split(".")[0] in NAMESPACES \
                        and not s.endswith("_") and not re.search(r"\.(json|wav|ttf|md|py|png|txt)$", s):
                    found.setdefault(s, str(path.relative_to(GAME)))
    return found


def test_scan_finds_the_tr_calls():
    text = (GAME / "scenes" / "tortuga_table.py").read_text(encoding="utf-8")
    calls = set(re.findall(r"""\btr\(\s*["']([^"']+)["']""", text))
    assert "tortuga.prompt_roll_you" in calls
    assert calls <= set(_literal_keys())


def test_every_key_used_in_game_is_in_the_catalog():
    missing = {k: where for k, where in _literal_keys().items() if k not in EN}
    assert not missing, missing


@pytest.mark.parametrize("family, values", [
    ("game", ["tikal", "tortuga"]), ("variant", ["base", "auction"]),
    ("bot", ["easy", "normal", "hard"]), ("lobby.status", ["lobby", "playing", "over"]),
    ("lobby.about", ["tikal", "tortuga"]),
])
def test_keys_built_at_runtime_exist(family, values):
    sep = "." if "." not in family else "_"
    for v in values:
        assert f"{family}{sep}{v}" in EN


def test_menu_tooltips_exist():
    for label in ["menu.resume", "menu.rules", "menu.settings", "menu.save", "menu.leave"]:
        assert label + "_tip" in EN


def test_plural_entries_follow_each_languages_rule():
    c = Catalog("en")
    assert [c.trn("ev.tikal.moved_worker", n, name="A", cost=3) for n in (1, 2)] == [
        "A walks a worker 1 hex for 3 AP.", "A walks a worker 2 hexes for 3 AP."]
    c.set_language("ru")
    words = [c.trn("ev.tikal.moved_worker", n, name="A", cost=3).split()[5]
             for n in (1, 2, 5, 11, 21, 22, 25)]
    assert words == ["гекс", "гекса", "гексов", "гексов", "гекс", "гекса", "гексов"]


def test_every_language_is_a_po_file_with_its_name():
    assert LANGUAGES[0] == "en" and "ru" in LANGUAGES
    for lang in LANGUAGES:
        assert pofile(lang).metadata["Language"] == lang
        assert Catalog(lang).tr("language.name") != "language.name"


def test_language_switch_at_runtime_and_fallbacks():
    c = Catalog("en")
    assert c.tr("results.title") == "Results"
    c.set_language("ru")
    assert c.tr("results.title") == "Итоги"
    assert c.tr("tortuga.eggs", n=5) == "яиц: 5"
    assert c.tr("no.such.key") == "no.such.key"
    with pytest.raises(ValueError):
        c.set_language("xx")
