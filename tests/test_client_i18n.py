"""The translation catalogs (assets/i18n/*.po): every key in every language with the same
placeholders, plural entries with the forms of each language's rule, every key the client uses."""
import ast
import re
import string
from pathlib import Path

import pytest

from assets.i18n import LANGUAGES, Catalog, plural_keys, pofile
from game.games import CLIENTS

GAME = Path(__file__).resolve().parents[1] / "game"


def strings(lang: str) -> dict[str, str]:
    """key -> text (a plural entry's forms joined by a newline)."""
    out = {}
    for e in pofile(lang):
        out[e.msgid] = "\n".join(e.msgstr_plural[i] for i in sorted(e.msgstr_plural)) \
            if e.msgid_plural else e.msgstr
    return out


EN, RU = strings("en"), strings("ru")
ALL = {lang: strings(lang) for lang in LANGUAGES}
NAMESPACES = {k.split(".")[0] for k in EN}


def fields(s: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(s) if f}


def forms_of(e) -> list[str]:
    return [e.msgstr_plural[i] for i in sorted(e.msgstr_plural)] if e.msgid_plural else [e.msgstr]


def test_the_four_languages_are_there():
    assert set(LANGUAGES) >= {"en", "ru", "cs", "it"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_has_every_key(lang):
    assert set(ALL[lang]) == set(EN), (lang, set(ALL[lang]) ^ set(EN))
    for e in pofile(lang):
        for form in forms_of(e):
            assert form.strip(), (lang, e.msgid)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_translation_keeps_its_placeholders(lang):
    for e in pofile(lang):
        want = fields(EN[e.msgid])
        for form in forms_of(e):
            assert fields(form) == want, (lang, e.msgid, form)


@pytest.mark.parametrize("lang", [lg for lg in LANGUAGES if lg != "en"])
def test_a_translation_is_not_a_copy_of_english(lang):
    same = [k for k, v in ALL[lang].items() if v == EN[k] and re.search(r"[a-z]{4}", v)]
    assert len(same) < len(EN) // 25, (lang, same)


def test_russian_is_russian():
    # every Russian string that has letters has Cyrillic ones, unless it is a name/number/address
    latin_ok = {"game.tikal", "browser.address_hint",
                "keyname.esc", "keyname.enter", "keyname.tab"}   # what the keycaps say, in every language
    for key, s in RU.items():
        s = re.sub(r"\{\w+\}", "", s)   # placeholders are not text
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
    text = (GAME / "tortuga" / "scene.py").read_text(encoding="utf-8")
    calls = set(re.findall(r"""\btr\(\s*["']([^"']+)["']""", text))
    assert "tortuga.prompt_roll_you" in calls
    assert calls <= set(_literal_keys())


def test_every_key_used_in_game_is_in_the_catalog():
    missing = {k: where for k, where in _literal_keys().items() if k not in EN}
    assert not missing, missing


@pytest.mark.parametrize("family, values", [
    # the shared screens build these from each game's name (GameClient.title_key, about_key): every
    # game of the registry has them, so a new game without them fails here
    ("game", CLIENTS.names), ("lobby.about", CLIENTS.names), ("quick.about", CLIENTS.names),
    ("variant", ["base", "auction"]),
    ("bot", ["easy", "normal", "hard"]), ("lobby.status", ["lobby", "playing", "over"]),
    ("quick.level", ["easy", "normal", "hard"]),
    ("ev.tikal.turn", ["you"]), ("ev.tikal.tile_placed", ["you"]), ("ev.tikal.moved_worker", ["you"]),
    ("ev.tortuga.turn", ["you"]),   # eventlog.YOU: our own moves' lines (a sample of them)
    ("keyname", ["esc", "enter", "space", "tab"]),   # game.widgets.KEY_NAMES: the badges' key names
    ("net.error", ["disk_full", "damaged_save", "limit", "busy", "slow", "code_needed", "bad_code", "no_save",
                   "not_yours", "table_gone", "shutdown", "not_ready"]),  # game.app.HOST_NOTICES
])
def test_keys_built_at_runtime_exist(family, values):
    sep = "." if "." not in family else "_"
    for v in values:
        assert f"{family}{sep}{v}" in EN


def test_menu_tooltips_exist():
    for label in ["menu.resume", "menu.rules", "menu.settings", "menu.save", "menu.leave"]:
        assert label + "_tip" in EN


#: The form (msgstr index) each language's rule must pick for sample numbers.
PLURAL_FORMS = {
    "en": {0: 1, 1: 0, 2: 1, 5: 1, 11: 1, 21: 1},
    "it": {0: 1, 1: 0, 2: 1, 5: 1, 11: 1, 21: 1},
    "ru": {0: 2, 1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 14: 2, 21: 0, 22: 1, 25: 2, 101: 0, 111: 2},
    "cs": {0: 2, 1: 0, 2: 1, 3: 1, 4: 1, 5: 2, 11: 2, 21: 2, 22: 2, 101: 2},
}
NPLURALS = {"en": 2, "it": 2, "ru": 3, "cs": 3}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_entries_have_exactly_the_forms_of_the_languages_rule(lang):
    header = pofile(lang).metadata["Plural-Forms"]
    n = int(re.search(r"nplurals=(\d+)", header).group(1))
    assert n == NPLURALS[lang], header
    plural = [e for e in pofile(lang) if e.msgid_plural]
    assert {e.msgid for e in plural} == plural_keys()
    for e in plural:
        assert sorted(e.msgstr_plural) == list(range(n)), (lang, e.msgid)
    c = Catalog(lang)
    for number, form in PLURAL_FORMS[lang].items():
        assert c.plural_index(number) == form, (lang, number)


def test_plural_forms_read_right_for_sample_numbers():
    words = {
        "en": {1: "1 egg", 2: "2 eggs", 5: "5 eggs", 21: "21 eggs"},
        "it": {1: "1 uovo", 2: "2 uova", 5: "5 uova", 21: "21 uova"},
        "ru": {1: "1 яйцо", 2: "2 яйца", 5: "5 яиц", 11: "11 яиц", 21: "21 яйцо", 22: "22 яйца", 25: "25 яиц"},
        "cs": {1: "1 vejce", 2: "2 vejce", 4: "4 vejce", 5: "5 vajec", 21: "21 vajec"},
    }
    for lang, table in words.items():
        c = Catalog(lang)
        for n, text in table.items():
            assert c.trn("tortuga.eggs", n) == text, (lang, n)
    c = Catalog("en")
    assert [c.trn("ev.tikal.moved_worker", n, name="A", cost=3, to="jungle") for n in (1, 2)] == [
        "A walks a worker 1 hex for 3 AP → jungle.", "A walks a worker 2 hexes for 3 AP → jungle."]
    c.set_language("ru")
    hexes = [c.trn("ev.tikal.moved_worker", n, name="A", cost=3, to="x").split()[5] for n in (1, 2, 5, 11, 21, 22, 25)]
    assert hexes == ["тайл", "тайла", "тайлов", "тайлов", "тайл", "тайла", "тайлов"]
    c.set_language("cs")
    assert [c.trn("tikal.tally", n) for n in (1, 3, 29)] == ["1 bod", "3 body", "29 bodů"]
    assert c.trn("lobby.seats", 4) == "místa" and c.trn("lobby.seats", 5) == "míst"
    c.set_language("it")
    assert [c.trn("tikal.tally", n) for n in (1, 29)] == ["1 punto", "29 punti"]


def test_a_plural_entry_read_with_tr_still_takes_its_count():
    c = Catalog("ru")
    assert c.tr("tikal.tip_figures", name="A", n=5) == "A: 5 рабочих"
    assert c.tr("tikal.tip_figures", name="A", n=21) == "A: 21 рабочий"


def test_the_code_reads_plural_entries_with_trn():
    """``tr("a plural key", ...)`` would pick a form by luck: the code says which number counts."""
    wrong = []
    for path in GAME.rglob("*.py"):
        for key in re.findall(r"""\btr\(\s*["']([^"']+)["']""", path.read_text(encoding="utf-8")):
            if key in plural_keys():
                wrong.append((str(path.relative_to(GAME)), key))
    assert not wrong, wrong


def test_how_to_play_keys_are_in_the_catalog():
    from game.howto.pages import all_keys

    assert all_keys(CLIENTS) <= set(EN), all_keys(CLIENTS) - set(EN)


def missing_glyphs(font, chars) -> list[str]:
    """The characters the font has no glyph for: SDL_ttf draws those as the font's "missing"
    box, the same image as for a private-use character no font has."""
    import pygame

    def image(ch):
        surf = font.render(ch, True, (255, 255, 255))
        return surf.get_size(), pygame.image.tobytes(surf, "RGBA")

    box = image("\ue000")
    return [ch for ch in chars if not ch.isspace() and image(ch) == box]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_glyph_of_a_language_renders_in_the_games_font(lang):
    """DejaVu Sans has every letter of every catalog (Czech háčky, Italian accents, Cyrillic)."""
    import pygame

    from game.assets import Assets

    pygame.font.init()
    assets = Assets()
    chars = sorted(set("".join(ALL[lang].values())))
    for bold in (False, True):
        font = assets.font(18, bold)
        assert missing_glyphs(font, ["漢"]) == ["漢"]        # the check can fail
        assert not missing_glyphs(font, chars), (lang, bold, missing_glyphs(font, chars))


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
    assert c.trn("tortuga.eggs", 5) == "5 яиц" and c.trn("tortuga.eggs", 22) == "22 яйца"
    assert c.tr("no.such.key") == "no.such.key"
    with pytest.raises(ValueError):
        c.set_language("xx")


# --- the language of a first start: the system's locale ---------------------------------------------
@pytest.mark.parametrize("env, want", [
    ({"LANG": "cs_CZ.UTF-8"}, "cs"),
    ({"LANG": "it_IT.UTF-8"}, "it"),
    ({"LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LANG": "de_DE.UTF-8"}, "en"),                       # no German catalog: English
    ({"LANG": "en_US.UTF-8", "LC_ALL": "it_CH.UTF-8"}, "it"),  # LC_ALL wins over LANG
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "cs_CZ"}, "cs"),   # the messages' category over LANG
    ({"LANG": "de_DE.UTF-8", "LANGUAGE": "fr:cs:en"}, "cs"),   # LANGUAGE: the first known preference
    ({"LANG": "C.UTF-8", "LANGUAGE": "it"}, "en"),         # the C locale ignores LANGUAGE (as gettext)
    ({"LC_ALL": "POSIX"}, "en"),
])
def test_the_first_start_picks_the_system_language(env, want):
    from assets.i18n import system_language

    assert system_language(env, windows=lambda: None, getlocale=lambda: (None, None)) == want


def test_without_locale_variables_windows_then_getlocale_decide():
    from assets.i18n import system_language

    assert system_language({}, windows=lambda: "cs_CZ", getlocale=lambda: ("en_US", "UTF-8")) == "cs"
    assert system_language({}, windows=lambda: None, getlocale=lambda: ("Italian_Italy", "1252")) == "it"
    assert system_language({}, windows=lambda: None, getlocale=lambda: ("ru_RU", "UTF-8")) == "ru"
    assert system_language({}, windows=lambda: None, getlocale=lambda: (None, None)) == "en"


def test_settings_take_the_system_language_once_then_keep_their_own(tmp_path, monkeypatch):
    from game.settings import Settings

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "cs_CZ.UTF-8")
    path = tmp_path / "settings.json"
    first = Settings.load(path)                 # no file yet: a first start
    assert first.language == "cs"
    first.language = "it"
    first.save()
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert Settings.load(path).language == "it"  # from now on the settings decide
    path.write_text('{"name": "Ann"}', encoding="utf-8")   # a file that never chose one
    assert Settings.load(path).language == "ru"


def test_tonights_points_take_the_plural_their_count_needs():
    """qa finding 10: the results' Tonight line said "Anna: 1 pts" in English."""
    from game.scenes.standings import summary_line

    from client_helpers import make_app

    app = make_app("en")
    line = lambda p: summary_line(app, {"overall": [{"name": "Anna", "played": 1, "wins": 1, "points": p}]})  # noqa: E731
    assert "Anna: 1 pt" in line(1) and "1 pts" not in line(1)
    assert "Anna: 2 pts" in line(2) and "Anna: 2.5 pts" in line(2.5) and "Anna: 0 pts" in line(0)
    app.close()
    assert "standings.entry" in plural_keys()


def test_shortcut_badges_name_their_keys_in_the_players_language():
    """qa finding 4: the badge said "Space" in Russian, Czech and Italian windows."""
    import pygame

    from game.widgets import Button

    from client_helpers import make_app

    for lang, space in (("en", "Space"), ("ru", "Пробел"), ("cs", "Mezerník"), ("it", "Spazio")):
        app = make_app(lang)
        button = Button(app, pygame.Rect(0, 0, 220, 48), "menu.resume", key=pygame.K_SPACE)
        assert button.badge()[0] == space
        app.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lobbys_replays_and_standings_buttons_share_no_word(lang):
    """qa finding 2: "Games tonight" and "Tonight" side by side read as the same button."""
    words = [set(re.findall(r"\w+", ALL[lang][key].lower())) for key in ("lobby.games", "standings.open")]
    assert not words[0] & words[1], (lang, words)


#: Buttons that stand side by side and do different things (issue 38): the Tikal bar's Cancel (the
#: selection, or the chooser) beside Undo (the last action), in the window and on the phone.
SIDE_BY_SIDE = [("tikal.undo", "tikal.cancel"), ("web.undo", "tikal.cancel")]


def alike(a: str, b: str) -> bool:
    """Two buttons' texts that read as the same: a word in common, or two words of one stem (the
    first four letters: «Отмена» and «Отменить»)."""
    wa, wb = set(re.findall(r"\w+", a.lower())), set(re.findall(r"\w+", b.lower()))
    return bool(wa & wb) or any(x[:4] == y[:4] for x in wa for y in wb if min(len(x), len(y)) >= 4)


def test_alike_catches_the_pairs_that_were_reported():
    assert alike("Annulla", "Annulla") and alike("Отмена", "Отменить") and not alike("Undo", "Cancel")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_buttons_side_by_side_say_distinct_words(lang):
    """Italian said "Annulla" on both the Cancel and the Undo of Tikal's bar, Russian «Отмена» and
    «Отменить»: two different words wherever both show, in every language."""
    for a, b in SIDE_BY_SIDE:
        assert not alike(ALL[lang][a], ALL[lang][b]), (lang, a, ALL[lang][a], b, ALL[lang][b])
