"""Players' names as people read them: when two are the same (``fold``), how a second one of a
name is told apart (``numbered``), and whether a name passes for a bot's (``passes_for_a_bot``,
read with Unicode's table of confusable characters, net/confusables.py). docs/protocol.md,
"Names"."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

#: The longest name (hello's ``name``, and every name the host makes from one).
NAME_MAX = 32


def fold(name: str) -> str:
    """A name as people tell names apart: compatibility forms folded (full-width letters,
    ligatures), case folded, spaces collapsed."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


_NUMBERED = re.compile(r"^(.*\S) \(([2-9]|[1-9]\d+)\)$", re.S)


def numbered(name: str, taken: Iterable[str]) -> str:
    """``name`` if no name in ``taken`` is the same (as ``fold`` compares them), else the name
    told apart by a number, "Ana (2)", "Ana (3)"..., the first that is not taken, within
    ``NAME_MAX``. A name that already ends in such a number is numbered from its stem: a second
    "Zed (2)" is "Zed (3)", never "Zed (2) (2)"."""
    taken = {fold(t) for t in taken}
    if fold(name) not in taken:
        return name
    m = _NUMBERED.match(name)
    stem = m.group(1) if m else name
    n = 2
    while True:
        suffix = f" ({n})"
        candidate = stem[:NAME_MAX - len(suffix)].rstrip() + suffix
        if fold(candidate) not in taken:
            return candidate
        n += 1


# --- names that pass for a bot's ------------------------------------------------------------------
#: Characters read as the letters of "bot" in its first three places beyond Unicode's table: digits
#: and signs that look like them there (8ot, B0t, Bo+), Greek beta, which Unicode reads as ß.
_LOOKALIKE = str.maketrans({
    **dict.fromkeys("вбβʙьƅɓƀᵇ86ß", "b"),
    **dict.fromkeys("оοᴏσөøօᴑ0°º○◯●", "o"),
    **dict.fromkeys("тτᴛŧƭʈ7+†", "t"),
})
_SIGNS = frozenset("+†°º○◯●")          # signs kept as letters there (in _LOOKALIKE)

#: The numbers a bot's seat can be written with as words, in each language of the clients (the
#: catalogs' languages: tests/test_names.py holds them to assets/i18n), 1 to 12, each form.
NUMBER_WORDS = {
    "en": "one two three four five six seven eight nine ten eleven twelve",
    "cs": "jeden jedna jedno dva dvě tři čtyři pět šest sedm osm devět deset jedenáct dvanáct",
    "it": "uno una due tre quattro cinque sei sette otto nove dieci undici dodici",
    "ru": "один одна одно два две три четыре пять шесть семь восемь девять десять одиннадцать "
          "двенадцать",
}
_ROMAN = ("I II III IV V VI VII VIII IX X XI XII").split()

_CONFUSABLES: dict[str, str] | None = None


def _confusables() -> dict[str, str]:
    """Unicode's confusables as {character: its prototype}, read once."""
    global _CONFUSABLES
    if _CONFUSABLES is None:
        from .confusables import TABLE

        table = {}
        for entry in TABLE.split():
            source, target = entry.split(":")
            table[chr(int(source, 16))] = "".join(chr(int(x, 16)) for x in target.split("."))
        _CONFUSABLES = table
    return _CONFUSABLES


def _small_capital(c: str) -> str:
    """A small capital letter read as its letter (ʙ as b: Unicode's table reads some of them as
    other scripts' letters)."""
    name = unicodedata.name(c, "")
    if name.startswith("LATIN LETTER SMALL CAPITAL ") and len(name) == 28:
        return name[-1].lower()
    return c


def _reads(c: str) -> str:
    """One character as it reads: case folded, small capitals as letters, Unicode's prototype,
    again until nothing changes (a prototype may itself fold: "О" -> "O" -> "o"), accents gone."""
    table = _confusables()
    s = c
    for _ in range(4):
        t = unicodedata.normalize("NFD", s).casefold()
        t = "".join(table.get(x, x) for x in map(_small_capital, t))
        t = unicodedata.normalize("NFD", t).casefold()
        if t == s:
            break
        s = t
    return "".join(x for x in s if unicodedata.category(x)[0] in "LN")


def _units(text: str) -> list[tuple[str, str, bool]]:
    """A name's visible letters, digits and look-alike signs, each as (the character, how it
    reads, whether a space or a sign parts it from the one before): compatibility forms folded
    first (full-width, Ⅱ -> II, ² -> 2); spaces, ``_``, brackets, dashes, accents and invisible
    characters gone."""
    out = []
    gap = False
    for c in unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text)):
        cat = unicodedata.category(c)
        if c in _SIGNS:
            out.append((c, c, gap))
            gap = False
        elif cat[0] in "LN" and (r := _reads(c)):
            out.append((c, r, gap))
            gap = False
        elif cat[0] in "ZPS":
            gap = True
    return out


def reads_as(text: str) -> str:
    """``text`` as it reads (its ``_units``' readings): two texts that read the same look alike."""
    return "".join(r for _, r, _ in _units(text))


class _Words:
    """What the host's bots are named of, as they read (read once: this runs on the host's loop):
    the word for a bot in every language of the clients ("Bot", "Бот": the catalogs'
    ``table.bot_number``), the bots' levels ("hard", "сильный", "těžký": ``bot.*``) and the
    numbers of seats (1 to 99 as digits look, Roman numerals and ``NUMBER_WORDS`` 1 to 12)."""

    _read: _Words | None = None

    def __init__(self) -> None:
        from assets.i18n import HERE, LANGUAGES
        from engine.bots import LEVELS

        bots, levels = {"bot"}, set(LEVELS)
        for lang in LANGUAGES:          # (the entries alone, read fast)
            text = (HERE / f"{lang}.po").read_text(encoding="utf-8")
            levels |= set(re.findall(r'^msgid "bot\.[^"]*"\nmsgstr "([^"]+)"', text, re.M))
            bots |= {m.replace("{number}", "") for m in
                     re.findall(r'^msgid "table\.bot_number"\nmsgstr "([^"]+)"', text, re.M)}
        numbers = {str(n) for n in range(1, 100)} | set(_ROMAN) | {r.lower() for r in _ROMAN}
        numbers |= {w for words in NUMBER_WORDS.values() for w in words.split()}
        self.bots = frozenset(filter(None, map(reads_as, bots)))
        self.levels = frozenset(filter(None, map(reads_as, levels)))
        self.numbers = frozenset(filter(None, map(reads_as, numbers)))

    @classmethod
    def get(cls) -> _Words:
        if cls._read is None:
            cls._read = cls()
        return cls._read


def _is_bot_word(units: list[tuple[str, str, bool]], words: _Words) -> list[int]:
    """How many of the first units read as the word for a bot (several counts may)."""
    out = []
    head = ""
    for k, (_, r, _) in enumerate(units[:8], 1):
        head += r
        if head in words.bots:
            out.append(k)
    if len(units) >= 3 and all(r == want or c.casefold().translate(_LOOKALIKE) == want
                               for (c, r, _), want in zip(units[:3], "bot")):
        out.append(3)
    return out


def passes_for_a_bot(name: str) -> bool:
    """True if ``name`` reads as a bot's name: the host names bots "Bot <seat> (<level>)" (the
    window: "Бот 2 (сильный)"...). Read as it looks (``_units``: Unicode's confusables, so that
    "Ᏼot" with a Cherokee letter is "Bot"), it starts with the word for a bot in any language of the
    clients, then either a numeral of any script ("Bot 2", "Bot 十", "Bot ٢": whatever follows) or,
    parted from it by a space or a sign, nothing but a number (digits as they look, "Bot lO"; a
    Roman numeral; a number word in any of those languages, "Bot two") and a level ("Bot two
    (hard)", "Bot (hard)", "Бот (сильный)"). Not: "Bot" alone, "Botond", "Boti", "Abbot",
    "Robot Wars fan", "Bot Hardy" (docs/protocol.md, hello)."""
    units = _units(name)
    words = _Words.get()
    for k in _is_bot_word(units, words):
        rest = units[k:]
        if not rest:
            continue
        if unicodedata.numeric(rest[0][0], None) is not None:
            return True
        if not rest[0][2]:
            continue
        tail = "".join(r for _, r, _ in rest)
        if any((tail[:i] in words.numbers or i == 0) and (tail[i:] in words.levels or i == len(tail))
               for i in range(len(tail) + 1)):
            return True
    return False
