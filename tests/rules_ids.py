"""Reads the rule ids (T-…, L-…) from the project's own rule texts (``assets/rules/en/``: the
English reference the game ships and shows by rule id), so the tests need nothing beside the
repository."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES_DIR = ROOT / "assets" / "rules" / "en"
RULE_FILES = {"tikal": RULES_DIR / "tikal.md", "tortuga": RULES_DIR / "la-tortuga.md"}

# A rule is defined where a bullet or a table row starts with its id: "- T-A4b ..." / "| T-A4 | ...".
_DEFINED = re.compile(r"^(?:- |\| )([TL]-[A-Z]\d+[a-z]?)\b", re.M)


def rule_ids(game: str | None = None) -> list[str]:
    files = [RULE_FILES[game]] if game else list(RULE_FILES.values())
    ids: list[str] = []
    for f in files:
        ids.extend(_DEFINED.findall(f.read_text(encoding="utf-8")))
    return sorted(set(ids))


def rule_text(rule_id: str) -> str:
    """The text of one rule (its bullet or table row), for messages and the in-game reference."""
    for f in RULE_FILES.values():
        for line in f.read_text(encoding="utf-8").splitlines():
            if re.match(rf"^(?:- |\| ){re.escape(rule_id)}\b", line):
                return line
    raise KeyError(rule_id)
