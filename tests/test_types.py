"""The engine, the host and the commands are typed: `mypy` with the project's configuration (pyproject.toml,
[tool.mypy]) finds nothing in them (issue 22)."""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the packages held to it
TYPED = ["engine", "net", "tikal_lan"]


def test_mypy_is_clean():
    pytest.importorskip("mypy")
    r = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", *TYPED], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
