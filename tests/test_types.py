"""The engine, the host, the commands and the window's modules listed here are typed: `mypy` with
the project's configuration (pyproject.toml, [tool.mypy]) finds nothing in them (issues 22, 29:
a module of game/ a change touches is made clean and listed; `mypy game` as a whole is not held
yet)."""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the packages and modules held to it
TYPED = ["engine", "net", "tikal_lan",
         "game/app.py", "game/client.py", "game/hint.py", "game/net_bridge.py", "game/scene.py",
         "game/screens.py", "game/theme.py", "game/tween.py", "game/widgets.py",
         "game/replay", "game/scenes/common.py", "game/scenes/lobby.py", "game/scenes/recap.py",
         "game/scenes/results.py",
         "game/tikal/animations.py", "game/tikal/art.py", "game/tikal/client.py", "game/tikal/hint.py",
         "game/tikal/review.py", "game/tikal/scene.py",
         "game/tortuga/animations.py", "game/tortuga/client.py", "game/tortuga/hint.py", "game/tortuga/scene.py"]


def test_mypy_is_clean():
    pytest.importorskip("mypy")
    r = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", *TYPED], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
