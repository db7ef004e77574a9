#!/usr/bin/env python3
"""The release's last step (.github/workflows/release.yml): attach what every leg built
(tools/release_leg.py lists its files in ``attach.txt``) to the GitHub release of a tag, with the
``gh`` command. ``--dry-run`` checks the files and prints the command (it runs anywhere).

    python tools/publish_release.py --tag v0.1.0 artifacts/*/
"""
from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from pathlib import Path


def files_of(folders: list[Path]) -> list[Path]:
    """Every file the legs listed, each checked to be there; one per name."""
    out: dict[str, Path] = {}
    for folder in folders:
        listing = folder / "attach.txt"
        if not listing.is_file():
            sys.exit(f"{folder}: no attach.txt (not a leg's output)")
        for name in listing.read_text(encoding="utf-8").split():
            f = folder / name
            if not f.is_file():
                sys.exit(f"{folder}: {name} is listed but missing")
            out.setdefault(name, f)
    if not out:
        sys.exit("nothing to attach")
    return sorted(out.values(), key=lambda f: f.name)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tag", required=True)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("folders", nargs="+", type=Path)
    args = p.parse_args(argv)
    files = files_of(args.folders)
    cmd = ["gh", "release", "create", args.tag, "--title", f"tikal-lan {args.tag}",
           "--notes", "Unpack the archive for your system and run tikal-lan (see the README's"
                      " 'Joining without Python'); with Python 3.11+: pipx install the wheel.",
           *map(str, files)]
    print(shlex.join(cmd), flush=True)
    if args.dry_run:
        return 0
    return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main())
