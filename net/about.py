"""What this program is and what it was started as: its version (``--version``) and the command
messages tell the user to run again: the one they started (``tikal-host``, ``tikal-lan host``,
``python run_host.py``), never a file a guest does not have."""
from __future__ import annotations

import sys
from pathlib import Path

DIST = "tikal-lan"          # the distribution's name (pyproject.toml)


def version() -> str:
    """The installed distribution's version (the built app carries its metadata too); in a
    checkout that is not installed, pyproject.toml's."""
    from importlib import metadata

    try:
        return metadata.version(DIST)
    except metadata.PackageNotFoundError:
        pass
    try:
        import tomllib

        pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
        return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]
    except (OSError, KeyError, ValueError):
        return "unknown"


def command_name(default: str, argv0: str | None = None) -> str:
    """How the user started this program, as they would type it again: ``python run_host.py``
    for a script of the checkout, ``tikal-lan`` for the app or the installed command (no
    ``.exe``, no folder); ``default`` when it was started some other way (``python -m``, a test)."""
    name = Path(sys.argv[0] if argv0 is None else argv0).name
    if name.lower().endswith(".exe"):
        name = name[:-4]
    if name in ("run_host.py", "run_client.py"):
        return f"python {name}"
    if name in ("tikal-host", "tikal-lan"):
        return name
    return default


def window_command(host_command: str) -> str:
    """The window's command beside a host started as ``host_command``: what players run."""
    return "python run_client.py" if host_command.startswith("python ") else "tikal-lan"
