#!/usr/bin/env python3
"""Open the game window: a thin wrapper over ``game.cli`` (installed as the ``tikal-lan`` command).

    python run_client.py --help
"""
import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
