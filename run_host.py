#!/usr/bin/env python3
"""Host a LAN game: a thin wrapper over ``tikal_lan.host`` (installed as the ``tikal-host`` command).

    python run_host.py --help
"""
import sys

from tikal_lan.host import main

if __name__ == "__main__":
    sys.exit(main())
