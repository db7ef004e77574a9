"""The translation catalogs: one gettext ``.po`` file per language, beside this module.

Each entry's ``msgid`` is the key the code uses (dotted: ``scene.thing``) and its ``msgstr`` the
text, with ``{placeholders}`` for ``str.format``. A string that depends on a count is a plural
entry (``msgid_plural``, one ``msgstr[i]`` per form of the file's ``Plural-Forms`` header), read
with ``trn``. ``polib`` parses the file and the standard library's ``gettext`` looks strings up
and picks the plural form, so the header's rule is the one that counts.

``Catalog(lang).tr(key, **fmt)`` formats the string of the current language, falling back to
English, then to the key itself (a missing string is visible, never a crash). The App owns one
catalog; ``set_language`` switches at runtime (widgets translate at draw time, so the switch shows
on the next frame). Rule texts live in ``game/rules_ref.py``.

Adding a language is adding one file ``<code>.po`` here (copy ``en.po``, translate every msgstr,
set ``Language`` and ``Plural-Forms``, and ``language.name`` to the language's own name).
"""
from __future__ import annotations

import gettext
import io
from functools import lru_cache
from pathlib import Path

import polib

HERE = Path(__file__).resolve().parent
REFERENCE = "en"  # every key lives in en.po first
LANGUAGES: tuple[str, ...] = (REFERENCE,) + tuple(
    sorted(p.stem for p in HERE.glob("*.po") if p.stem != REFERENCE))


@lru_cache(maxsize=None)
def pofile(language: str) -> polib.POFile:
    """The parsed ``.po`` file of a language (for tools and tests)."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
    return polib.pofile(str(HERE / f"{language}.po"), encoding="utf-8")


@lru_cache(maxsize=None)
def translations(language: str) -> gettext.GNUTranslations:
    """The language's catalog as the standard library's ``GNUTranslations`` (compiled in memory
    from the ``.po`` file), with English behind it for a string the language lacks."""
    t = gettext.GNUTranslations(io.BytesIO(pofile(language).to_binary()))
    if language != REFERENCE:
        t.add_fallback(translations(REFERENCE))
    return t


def language_name(language: str) -> str:
    """The language's own name ("Русский"), from its catalog's ``language.name``."""
    return translations(language).gettext("language.name")


@lru_cache(maxsize=None)
def keys() -> frozenset[str]:
    """Every key of the reference catalog."""
    return frozenset(e.msgid for e in pofile(REFERENCE) if e.msgid)


def _format(s: str, fmt: dict) -> str:
    if not fmt:
        return s
    try:
        return s.format(**fmt)
    except (KeyError, IndexError, ValueError):
        return s


class Catalog:
    def __init__(self, language: str = REFERENCE):
        self.language = REFERENCE
        self.set_language(language)

    def set_language(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
        self.language = language
        self._t = translations(language)

    def has(self, key: str) -> bool:
        return key in keys()

    def tr(self, key: str, **fmt) -> str:
        return _format(self._t.gettext(key), fmt)

    def trn(self, key: str, n: int, **fmt) -> str:
        """The plural entry ``key`` in the form the language's rule picks for ``n`` (``{n}`` is
        available to the text)."""
        return _format(self._t.ngettext(key, key, n), {"n": n, **fmt})
