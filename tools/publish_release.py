#!/usr/bin/env python3
"""The release's last step (.github/workflows/release.yml): attach what every leg built
(tools/release_leg.py lists its files in ``attach.txt``) to the GitHub release of a tag, with the
``gh`` command, and ``SHA256SUMS`` with them: the SHA-256 of each file as ``sha256sum`` writes it
(``<hex>  <name>`` a line, so ``sha256sum -c SHA256SUMS`` checks them where they were downloaded),
written into the folder ``--sums`` (default: the current one). It may run again after a publish
that stopped half-way: the release is created only if it is not there yet, and each file is
uploaded with ``--clobber`` (one already there is replaced). ``--dry-run`` checks the files, writes
``SHA256SUMS`` and prints the commands (it runs anywhere).

    python tools/publish_release.py --tag v0.1.0 artifacts/*/
"""
from __future__ import annotations

import python_floor  # noqa: I001  (first: an older Python is told so before the imports below)

python_floor.check(__file__)

import argparse
import hashlib
import shlex
import subprocess
import sys
from pathlib import Path

import check_tag

SUMS = "SHA256SUMS"


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


def sha256sums(files: list[Path]) -> str:
    """``sha256sum``'s own format for ``files``: ``<64 hex digits>  <name>`` a line (two spaces: the
    text mode it writes by default, the same bytes on every system), in the order given."""
    lines = []
    for f in files:
        digest = hashlib.sha256()
        with f.open("rb") as data:
            for chunk in iter(lambda: data.read(1 << 20), b""):
                digest.update(chunk)
        lines.append(f"{digest.hexdigest()}  {f.name}\n")
    return "".join(lines)


NOTES = ("Unpack the archive for your system and run tikal-lan (see the README's 'Joining without "
         "Python'); Windows: tikal-host.exe hosts from Command Prompt; a Linux archive's name says the "
         "oldest glibc it runs on; with Python 3.11+: pipx install the wheel. THIRD-PARTY-NOTICES.txt "
         "inside each app lists the native libraries it carries and their licences. SHA256SUMS has the "
         "SHA-256 of every file: `sha256sum -c --ignore-missing SHA256SUMS` beside the downloads.")


def commands(tag: str, files: list[Path]) -> tuple[list[str], list[str], list[str]]:
    """(is the release there, create it, upload every file replacing any already there)."""
    view = ["gh", "release", "view", tag, "--json", "tagName"]
    create = ["gh", "release", "create", tag, "--verify-tag", "--title", f"tikal-lan {tag}", "--notes", NOTES]
    upload = ["gh", "release", "upload", tag, "--clobber", *map(str, files)]
    return view, create, upload


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tag", required=True)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--sums", type=Path, default=Path("."), metavar="FOLDER",
                   help=f"the folder {SUMS} is written into (default: the current one)")
    p.add_argument("folders", nargs="+", type=Path)
    args = p.parse_args(argv)
    why = check_tag.check(args.tag)
    if why:
        sys.exit(why)
    files = files_of(args.folders)
    if any(f.name == SUMS for f in files):
        sys.exit(f"a leg listed a {SUMS} of its own: the release writes the one {SUMS}")
    sums = args.sums / SUMS
    sums.write_text(sha256sums(files), encoding="utf-8", newline="\n")
    print(f"{sums}: the SHA-256 of {len(files)} files", flush=True)
    view, create, upload = commands(args.tag, files + [sums])
    if args.dry_run:
        for cmd in (view, create, upload):
            print(shlex.join(cmd), flush=True)
        return 0
    if subprocess.run(view, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
        print(shlex.join(create), flush=True)
        if subprocess.run(create).returncode != 0:
            return 1
    else:
        print(f"the release {args.tag} is there: its files are replaced", flush=True)
    print(shlex.join(upload), flush=True)
    return subprocess.run(upload).returncode


if __name__ == "__main__":
    sys.exit(main())
