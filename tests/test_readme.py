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


def test_a_newcomer_sees_how_to_host_and_join_on_the_first_screen():
    """Issue 41: the README took 727 words before it said how to host and 1,342 before how a guest
    joins by phone. Within its first 300 words now: the host's command, the address a phone opens
    (the web port, 47475) and the window a laptop starts."""
    words = (ROOT / "README.md").read_text(encoding="utf-8").split()[:300]
    first = " ".join(words)
    assert "tikal-host" in first and "run_host.py" in first
    assert ":47475/" in first and "QR code" in first
    assert "tikal-lan" in first and "run_client.py" in first
    assert "Fill with bots" in first
