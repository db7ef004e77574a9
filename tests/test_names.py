"""Players' names as people read them (net/names.py): a name that passes for a bot's, read with
Unicode's confusables, and a second player of a name told apart without doubling a number."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from assets.i18n import HERE, LANGUAGES
from net import confusables, messages, names, standings
from net.table import Table

_spec = importlib.util.spec_from_file_location(
    "confusables_tool", Path(__file__).resolve().parent.parent / "tools" / "confusables.py")
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)


def refused(name: str) -> bool:
    try:
        messages.validate({"t": "hello", "proto": 1, "name": name}, messages.CLIENT)
    except messages.MessageError as e:
        assert e.code == "bad_field" and "bot" in e.message
        return True
    return False


# --- the confusables' table ------------------------------------------------------------------------
def test_the_table_holds_every_line_of_unicodes_file_it_was_written_from():
    """net/confusables.py as tools/confusables.py writes it: as many entries as it says, each a
    character and its prototype, among them the ones the names below need."""
    entries = confusables.TABLE.split()
    assert len(entries) == confusables.COUNT > 6000 and confusables.VERSION >= "15"
    assert len({e.split(":")[0] for e in entries}) == len(entries)
    table = names._confusables()
    assert table["\u13f4"] == "B"            # CHEROKEE LETTER YV
    assert table["\u0412"] == "B" and table["\u043e"] == "o" and table["1"] == "l"
    assert table["m"] == "rn"                  # a prototype of two characters


def test_the_tool_writes_a_module_that_reads_back_as_its_file(tmp_path):
    sample = ("\ufeff# confusables.txt\n# Date: 2099-01-02, 03:04:05 GMT\n# Version: 99.0.0\n#\n"
              "13F4 ;\t0042 ;\tMA\t# ( Ᏼ → B ) CHEROKEE LETTER YV → LATIN CAPITAL LETTER B\t#\n\n"
              "006D ;\t0072 006E ;\tMA\t# ( m → rn ) LATIN SMALL LETTER M → LATIN SMALL LETTER R, N\n")
    version, date, rows = tool.parse(sample)
    assert (version, date) == ("99.0.0", "2099-01-02") and rows == [(0x13F4, (0x42,)), (0x6D, (0x72, 0x6E))]
    text = tool.module(version, date, "ab" * 32, rows * 40)
    assert max(map(len, text.splitlines())) <= 120
    space: dict = {}
    exec(compile(text, "confusables.py", "exec"), space)
    assert space["COUNT"] == 80 and space["TABLE"].split()[:2] == ["6D:72.6E", "6D:72.6E"]


# --- names that pass for a bot's -------------------------------------------------------------------
@pytest.mark.parametrize("name", [
    # issue 40: a number word, a Cherokee letter, a CJK numeral
    "Bot two (hard)", "Ᏼot 2 (hard)", "Bot 十",
    # other scripts' digits, digits as letters look, Roman numerals, words in capitals
    "Bot ٢", "Bot ५", "Bot ๓ (easy)", "Bot lO", "Bot Ⅻ", "BOT TWO", "Bot ᴛᴡᴏ (ʜᴀʀᴅ)",
    # the Cyrillic word with its numbers and levels; Latin letters for Cyrillic ones
    "Бот два", "Бот три (сильный)", "Бoт 2", "6от 2",
])
def test_a_bot_name_written_another_way_is_refused(name):
    assert refused(name)


def bot_words() -> dict[str, str]:
    out = {}
    for lang in LANGUAGES:
        text = (HERE / f"{lang}.po").read_text(encoding="utf-8")
        out[lang] = re.search(r'^msgid "table\.bot_number"\nmsgstr "([^"]+)"', text, re.M).group(1)
    return out


def level_words(lang: str) -> list[str]:
    text = (HERE / f"{lang}.po").read_text(encoding="utf-8")
    return re.findall(r'^msgid "bot\.[^"]*"\nmsgstr "([^"]+)"', text, re.M)


def test_every_language_of_the_clients_has_its_number_words():
    assert set(names.NUMBER_WORDS) == set(LANGUAGES)
    for lang, words in names.NUMBER_WORDS.items():
        assert len(words.split()) >= 12, lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_languages_bot_its_number_words_and_levels_are_refused(lang):
    """"Bot {number}" of the catalog, with each number word and each level of every language (a
    host's guests speak them all), and the level alone."""
    bot = bot_words()[lang]
    for other in LANGUAGES:
        for word in names.NUMBER_WORDS[other].split():
            assert refused(bot.format(number=word)), (lang, word)
            assert refused(bot.format(number=word.upper())), (lang, word)
        for level in level_words(other):
            assert refused(bot.format(number=f"({level})")), (lang, level)
            assert refused(bot.format(number=f"{names.NUMBER_WORDS[other].split()[1]} ({level})"))


@pytest.mark.parametrize("name", ["Boti", "Boto", "Bottwo", "Bot Ivan", "Bot Зоя", "Bots", "Bot Hardy",
                                  "Botond", "Bot", "Ana (2)", "Sei", "Due Bot"])
def test_names_that_only_look_a_little_like_a_bots_are_fine(name):
    """A word glued to "Bot" reads as a name ("Boti", Botond's nickname), as does a name going on
    after a number's look-alike letters ("Bot Ivan")."""
    assert not refused(name)


# --- a second player of a name -----------------------------------------------------------------------
def test_a_second_zed_2_is_zed_3_never_zed_2_2():
    assert names.numbered("Zed (2)", ["Zed (2)"]) == "Zed (3)"
    assert names.numbered("zed (2)", ["Zed", "ZED (2)"]) == "zed (3)"
    assert names.numbered("Zed (2)", ["Zed"]) == "Zed (2)"                # free: kept as it is
    assert names.numbered("Zed (10)", ["Zed (10)", "Zed (2)"]) == "Zed (3)"
    assert names.numbered("Zed (1)", ["Zed (1)"]) == "Zed (1) (2)"        # (1) is no number we give
    long = "x" * (names.NAME_MAX - 4) + " (2)"
    assert names.numbered(long, [long]) == "x" * (names.NAME_MAX - 4) + " (3)"


def told_apart(sitting: list[str], watching: str) -> tuple[Table, list[str]]:
    """A La Tortuga table at which players 1, 2, 3 sit as ``sitting`` and player 4 watches as
    ``watching``: the table, and its names as it tells them apart (the seats', the spectator's)."""
    t = Table(1, "tortuga", 4, owner=1)
    for player, name in enumerate(sitting, 1):
        t.sit(player, name)
    t.spectate(len(sitting) + 1, watching)
    return t, [s.name for s in t.seats if s.kind == "human"] + list(t.seating.spectators.values())


def test_at_a_table_and_in_the_standings_zed_2_is_told_apart_once():
    _, got = told_apart(["Zed", "Zed", "Zed (2)"], "Zed (2)")
    assert got == ["Zed", "Zed (2)", "Zed (3)", "Zed (4)"]
    games = [{"game": "tortuga", "names": ["Zed (2)", "Zed (2)", "Zed"], "kinds": ["human"] * 3,
              "keys": ["k1", "k2", "k3"], "scores": [3, 2, 1], "winners": [0]}]
    assert [r["name"] for r in standings.rows(games)] == ["Zed (2)", "Zed (3)", "Zed"]
