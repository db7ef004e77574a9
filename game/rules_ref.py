"""The rules reference by rule id, in each language that has its texts (English, Russian, Czech,
Italian; any other language shows English), from the project's own copy of the rule texts
(``assets/rules/<lang>/*.md``; ../shared is not shipped). A rule is defined where a bullet or
a table row starts with its id (``- T-A4b ...`` / ``| T-A4 | ... |``)."""
from __future__ import annotations

import re
from functools import lru_cache

from .assets import ASSETS_DIR

RULES_DIR = ASSETS_DIR / "rules"
FILES = {"tikal": "tikal.md", "tortuga": "la-tortuga.md"}
_DEFINED = re.compile(r"^(?:- |\| )([TL]-[A-Z]\d+[a-z]?)\b[ |]*(.*)$")


@lru_cache(maxsize=None)
def rules(language: str = "en", game: str | None = None) -> dict[str, str]:
    """``{rule id: text}`` in file order, for one game or both."""
    out: dict[str, str] = {}
    for g, fname in FILES.items():
        if game and g != game:
            continue
        path = RULES_DIR / language / fname
        if not path.exists():
            continue
        current = None
        for line in path.read_text(encoding="utf-8").splitlines():
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


def rule_text(rule_id: str, language: str = "en") -> str | None:
    """The text of a rule in ``language`` (English if that translation is missing), or None."""
    return rules(language).get(rule_id) or rules("en").get(rule_id)


def sections(game: str, language: str = "en") -> list[tuple[str, list[tuple[str, str]]]]:
    """The rules of a game grouped under their headings: ``[(heading, [(id, text), ...]), ...]``."""
    path = RULES_DIR / language / FILES[game]
    if not path.exists():
        path = RULES_DIR / "en" / FILES[game]
    out: list = []
    texts = rules(language if (RULES_DIR / language / FILES[game]).exists() else "en", game)
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            out.append((line[3:].strip(), []))
        m = _DEFINED.match(line)
        if m and out:
            out[-1][1].append((m.group(1), texts[m.group(1)]))
    return [s for s in out if s[1]]
