#!/usr/bin/env python3
"""Open the game window (see README). The client arrives with the client issue."""
import sys

if __name__ == "__main__":
    print("run_client.py: the client is not built yet (issue: pygame-ce client).", file=sys.stderr)
    sys.exit(2)
