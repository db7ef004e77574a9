"""The translation catalogs: one gettext ``.po`` file per language, beside this module.

Each entry's ``msgid`` is the key the code uses (dotted: ``scene.thing``) and its ``msgstr`` the
text, with ``{placeholders}`` for ``str.format``. A string that depends on a count is a plural
entry (``msgid_plural``, one ``msgstr[i]`` per form of the file's ``Plural-Forms`` header), read
with ``trn``. ``polib`` parses the file and the standard library's ``gettext`` looks strings up
and picks the plural form, so the header's rule is the one that counts.

``Catalog(lang).tr(key, **fmt)`` formats the string of the current language, falling back to
English, then to the key itself (a missing string is visible, never a crash). The App owns one
catalog; ``set_language`` switches at runtime (widgets translate at draw time, so the switch shows
on the next frame). Rule texts live in ``game/rules_ref.py``. The catalogs are data of the
``assets`` package, so both the window (``game/``) and the host's download page (``net/share.py``)
read them without one depending on the other.

Adding a language is adding one file ``<code>.po`` here (copy ``en.po``, translate every msgstr,
set ``Language`` and ``Plural-Forms``, and ``language.name`` to the language's own name).

``system_language()`` is the language a first start uses: the system's locale (the POSIX
environment variables, the Windows user interface language, ``locale.getlocale()``) when a
catalog exists for it, else English.
"""
from __future__ import annotations

import gettext
import io
import locale
import os
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


@lru_cache(maxsize=None)
def plural_keys() -> frozenset[str]:
    """The keys whose entries are plural (``msgid_plural``): read them with ``trn``."""
    return frozenset(e.msgid for e in pofile(REFERENCE) if e.msgid_plural)


def locale_language(value: str | None) -> str | None:
    """The catalog language of a locale name, or None: ``"cs_CZ.UTF-8"`` / ``"it-IT"`` /
    ``"ru"`` / Windows' ``"Czech_Czechia"`` -> ``"cs"`` / ``"it"`` / ``"ru"`` / ``"cs"``;
    ``"C"``, ``"POSIX"``, empty or a language without a catalog -> None."""
    if not value:
        return None
    name = value.split(".")[0].split("@")[0].strip()
    if not name or name.upper() in ("C", "POSIX"):
        return None
    head = name.replace("-", "_").split("_")[0].lower()
    if head in LANGUAGES:
        return head
    normal = locale.normalize(head)          # Windows names: "czech" -> "cs_CZ.ISO8859-2"
    code = normal.split("_")[0].split(".")[0].lower() if normal != head else ""
    return code if code in LANGUAGES else None


def _windows_ui_language() -> str | None:
    """The Windows user interface language as a locale name ("cs_CZ"), or None elsewhere."""
    if os.name != "nt":
        return None
    try:
        import ctypes

        return locale.windows_locale.get(ctypes.windll.kernel32.GetUserDefaultUILanguage())  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return None


def system_language(environ=None, windows=_windows_ui_language, getlocale=locale.getlocale) -> str:
    """The language of the system's locale when a catalog exists for it, else English.

    POSIX order (as gettext reads it): ``LANGUAGE`` (a ``:`` list of preferences, used unless the
    locale is C), then the first set of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; when none is set,
    the Windows user interface language, then ``locale.getlocale()``."""
    env = os.environ if environ is None else environ
    current = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), None)
    if current is not None and locale_language(current) is None and \
            current.split(".")[0].upper() in ("C", "POSIX"):
        return REFERENCE                      # the C locale: English, LANGUAGE is ignored
    for pref in (env.get("LANGUAGE") or "").split(":"):
        code = locale_language(pref)
        if code:
            return code
    if current is not None:
        return locale_language(current) or REFERENCE
    for source in (windows, lambda: (getlocale() or (None,))[0]):
        try:
            code = locale_language(source())
        except (ValueError, TypeError):
            code = None
        if code:
            return code
    return REFERENCE


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
        if key in plural_keys() and isinstance(fmt.get("n"), int):
            return self.trn(key, fmt.pop("n"), **fmt)   # a plural entry read with tr: its n decides
        return _format(self._t.gettext(key), fmt)

    def trn(self, key: str, n: int, **fmt) -> str:
        """The plural entry ``key`` in the form the language's rule picks for ``n`` (``{n}`` is
        available to the text)."""
        return _format(self._t.ngettext(key, key, n), {"n": n, **fmt})

    def plural_index(self, n: int) -> int:
        """Which form (``msgstr[i]``) the language's rule picks for ``n`` (gettext sets ``plural``
        from the file's header; the stubs do not know it)."""
        return self._t.plural(n)  # type: ignore[attr-defined]
