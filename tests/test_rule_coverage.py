"""Every rule id of both rules files is named by at least one test."""
import re
from pathlib import Path

from rules_ids import RULES_DIR, rule_ids

TESTS = Path(__file__).resolve().parent


def _test_text() -> str:
    me = Path(__file__).resolve()
    return "\n".join(
        p.read_text(encoding="utf-8") for p in TESTS.rglob("test_*.py") if p.resolve() != me
    )


def test_rules_files_are_there():
    assert RULES_DIR.is_dir(), f"the rule texts are missing: {RULES_DIR}"
    ids = rule_ids()
    assert len([i for i in ids if i.startswith("T-")]) >= 60
    assert len([i for i in ids if i.startswith("L-")]) >= 19


def test_every_rule_id_is_named_by_a_test():
    text = _test_text()
    missing = [i for i in rule_ids() if not re.search(rf"(?<![\w-]){re.escape(i)}(?![\w])", text)]
    assert not missing, f"rule ids no test names: {missing}"
