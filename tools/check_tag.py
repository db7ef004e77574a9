#!/usr/bin/env python3
"""The release's first step (.github/workflows/release.yml): a tag releases only the version it
names. ``v0.1.0`` passes when pyproject.toml says ``version = "0.1.0"``; anything else stops the
release before anything is built.

    python tools/check_tag.py v0.1.0
"""
from __future__ import annotations

import python_floor  # noqa: I001  (first: an older Python is told so before the imports below)

python_floor.check(__file__)

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def check(tag: str) -> str | None:
    """Why ``tag`` may not release this tree (None: it may)."""
    want = "v" + version()
    if tag != want:
        return f"the tag {tag!r} is not v + pyproject.toml's version ({want!r}): tag {want}, or change the version"
    return None


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: check_tag.py TAG", file=sys.stderr)
        return 2
    why = check(args[0])
    if why:
        print(f"check_tag: {why}", file=sys.stderr)
        return 1
    print(f"check_tag: {args[0]} is version {version()}: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
