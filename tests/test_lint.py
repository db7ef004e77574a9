"""The tree is `ruff check` clean (pyflakes, import order, one line length: pyproject.toml's
[tool.ruff]), so the README's test command and CI lint the code as they test it."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_check_is_clean():
    assert "[tool.ruff" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
