"""The host command (``run_host.py``, installed as ``tikal-host``; ``tikal-lan host``): the host of
``net/cli.py`` with the game's window beside it (``game.launch.play_local``), unless
``--headless``. ``net/`` never imports the window: this entry point hands it over."""
from __future__ import annotations

import sys


def play_local(addr: str, port: int, host=None) -> int:
    """The window of the host command: a client on the host it runs (loaded only when a window
    opens; a machine without pygame can still host headless)."""
    from game.launch import play_local as play

    return play(addr, port, host=host)


def main(argv=None, prog: str | None = None) -> int:
    from net.cli import main as host

    return host(argv, prog=prog, play_local=play_local)


if __name__ == "__main__":
    sys.exit(main())
