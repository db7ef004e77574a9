"""The rules reference by rule id, in each language that has its texts (English, Russian, Czech,
Italian; any other language shows English), from the project's own copy of the rule texts
(``assets/rules/<lang>/<file>``; ../shared is not shipped). Each game names its file and its
ids' prefix in its ``GameClient`` (a ``RuleBook``). A rule is defined where a bullet or a table
row starts with its id (``- T-A4b ...`` / ``| T-A4 | ... |``)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .assets import ASSETS_DIR

RULES_DIR = ASSETS_DIR / "rules"
_DEFINED = re.compile(r"^(?:- |\| )([A-Z]-[A-Z]\d+[a-z]?)\b[ |]*(.*)$")


@dataclass(frozen=True)
class RuleBook:
    """One game's rule texts: ``<root>/<language>/<file>``, its ids starting with ``prefix``."""

    prefix: str         # the ids' first letter and its dash
    file: str           # the file's name in each language's folder
    root: Path = RULES_DIR

    def path(self, language: str) -> Path:
        """The file in ``language``, English when that language has none."""
        path = self.root / language / self.file
        return path if path.exists() else self.root / "en" / self.file

    def has(self, language: str) -> bool:
        return (self.root / language / self.file).exists()


@lru_cache(maxsize=None)
def rules(book: RuleBook, language: str = "en") -> dict[str, str]:
    """``{rule id: text}`` of one game in file order (empty when ``language`` has no texts)."""
    out: dict[str, str] = {}
    if not book.has(language):
        return out
    current = None
    for line in (book.root / language / book.file).read_text(encoding="utf-8").splitlines():
        m = _DEFINED.match(line)
        if m:
            text = m.group(2).strip()
            if line.startswith("|"):  # a table row: "| id | a | b |" -> "a — b"
                text = " — ".join(c.strip() for c in text.strip("|").split("|") if c.strip())
            current = m.group(1)
            out[current] = text.replace("**", "")
        elif current and line.startswith("  ") and line.strip():  # a bullet's continuation
            out[current] += " " + line.strip().replace("**", "")
        else:
            current = None
    return out


def rule_text(book: RuleBook, rule_id: str, language: str = "en") -> str | None:
    """The text of a rule in ``language`` (English if that translation is missing), or None."""
    return rules(book, language).get(rule_id) or rules(book, "en").get(rule_id)


def sections(book: RuleBook, language: str = "en") -> list[tuple[str, list[tuple[str, str]]]]:
    """The rules of a game grouped under their headings: ``[(heading, [(id, text), ...]), ...]``."""
    lang = language if book.has(language) else "en"
    texts = rules(book, lang)
    out: list = []
    for line in book.path(lang).read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            out.append((line[3:].strip(), []))
        m = _DEFINED.match(line)
        if m and out:
            out[-1][1].append((m.group(1), texts[m.group(1)]))
    return [s for s in out if s[1]]
