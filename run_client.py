#!/usr/bin/env python3
"""Open the game window: a thin wrapper over ``tikal_lan.window`` (installed as the ``tikal-lan`` command).

    python run_client.py --help
"""
import sys

from tikal_lan.window import main

if __name__ == "__main__":
    sys.exit(main())
