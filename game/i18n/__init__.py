"""The translation catalog: every visible string by key, in English and Russian.

``Catalog(lang).tr(key, **fmt)`` formats the string of the current language (falling back to
English, then to the key itself so a missing string is visible, never a crash). The App owns one
catalog; ``set_language`` switches at runtime (widgets translate at draw time, so the switch shows
on the next frame). Keys are dotted: ``scene.thing``; rule texts live in ``game/rules_ref.py``.
"""
from __future__ import annotations

from . import en, ru

CATALOGS: dict[str, dict[str, str]] = {"en": en.STRINGS, "ru": ru.STRINGS}
LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}


class Catalog:
    def __init__(self, language: str = "en"):
        self.language = "en"
        self.set_language(language)

    def set_language(self, language: str) -> None:
        if language not in CATALOGS:
            raise ValueError(f"unknown language {language!r}; known: {', '.join(CATALOGS)}")
        self.language = language

    def has(self, key: str) -> bool:
        return key in CATALOGS["en"]

    def tr(self, key: str, **fmt) -> str:
        s = CATALOGS[self.language].get(key) or CATALOGS["en"].get(key) or key
        if fmt:
            try:
                return s.format(**fmt)
            except (KeyError, IndexError, ValueError):
                return s
        return s
