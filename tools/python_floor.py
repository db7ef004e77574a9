"""The tools' Python floor: pyproject.toml's ``requires-python``. Each script of tools/ calls
``check()`` before it imports anything newer than that floor (``tomllib`` is 3.11+), so that an
older Python says which one is needed instead of a ``ModuleNotFoundError`` (a release job on
ubuntu-22.04 without ``actions/setup-python`` runs Python 3.10). Read without ``tomllib``, in a
syntax old Pythons still parse.
"""
import re
import sys
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def floor():
    """(3, 11) for ``requires-python = ">=3.11"``."""
    text = PYPROJECT.read_text(encoding="utf-8")
    found = re.search(r'^requires-python\s*=\s*">=\s*(\d+)\.(\d+)"', text, re.MULTILINE)
    if not found:
        sys.exit("pyproject.toml has no requires-python = \">=3.N\" line")
    return int(found.group(1)), int(found.group(2))


def check(script):
    """Stop ``script`` with a clear message when this Python is older than the floor."""
    need = floor()
    if sys.version_info[:2] < need:
        sys.exit("{}: needs Python {}.{} or newer (pyproject.toml's requires-python); this is Python {} "
                 "({}): run it with a newer one (a workflow: actions/setup-python)".format(
                     Path(script).name, need[0], need[1], sys.version.split()[0], sys.executable))
