"""The README's two set-up commands are the ones CI and players run."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _commands():
    return re.findall(r"```sh\n(.+?)\n```", (ROOT / "README.md").read_text(encoding="utf-8"))


def test_readme_has_play_then_test_command():
    cmds = _commands()
    assert len(cmds) >= 2
    assert "run_client.py" in cmds[0]
    assert "pytest" in cmds[1]


def test_ci_runs_the_readme_test_command_verbatim():
    test_cmd = _commands()[1]
    assert test_cmd in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
