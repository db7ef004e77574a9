#!/usr/bin/env python3
"""Open the game window: a thin wrapper over ``tikal_lan.window`` (installed as the ``tikal-lan`` command).

    python run_client.py --help
"""
import multiprocessing
import sys

# first of all: in the built app (PyInstaller) this process may be a hint worker's fork server
# (net/hints.py), started as this program again: it runs that and exits here
multiprocessing.freeze_support()

from tikal_lan.window import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
