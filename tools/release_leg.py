#!/usr/bin/env python3
"""One leg of the release (.github/workflows/release.yml runs it on Windows, macOS and Ubuntu
22.04; it runs the same anywhere, e.g. here on Linux): build the app for this machine, start the
built app as a guest and as a host would (benchmarks/app_bench.py: a real frame from
``--screenshot``, a headless host whose bots play a game out on 127.0.0.1, its download page, its
zeroconf announcement on loopback), check what a guest unpacks, and list the files to attach.

    python tools/release_leg.py --install      # pip install -e ".[build]" into this Python first
    python tools/release_leg.py                # PyInstaller and build already there

Writes into ``--dist`` (default dist/): the app's archive ``tikal-lan-<version>-<os>-<cpu>`` and,
with ``--python``, the wheel; ``--dist``/attach.txt names the files the release gets from this leg.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "benchmarks")]

import build_app  # noqa: E402


def members(archive: Path) -> list[str]:
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as z:
            return z.namelist()
    with tarfile.open(archive) as t:
        return t.getnames()


def check_archive(archive: Path) -> None:
    """What a guest unpacks: the program, the licence texts, the version in the file's name."""
    names = [n.replace("\\", "/") for n in members(archive)]
    want = ["LICENSE.txt", "licences/README.md", "licences/pygame-ce-LGPL-2.1.txt",
            "licences/SDL-zlib.txt", "licences/zeroconf-LGPL-2.1.txt"]
    missing = [w for w in want if not any(n.endswith("/" + w) for n in names)]
    if not any(n.endswith("/licences/Python-PSF.txt") for n in names):
        print("warning: the building Python had no LICENSE.txt to copy (licences/Python-PSF.txt)")
    program = build_app.executable(Path(build_app.APP + (".app" if build_app.BUNDLED else "")))
    if not any(n.endswith(program.as_posix()) for n in names):
        missing.append(program.as_posix())
    if f"-{build_app.version()}-" not in archive.name:
        missing.append(f"the version {build_app.version()} in the name")
    if missing:
        sys.exit(f"{archive.name} lacks {missing}")
    print(f"archive    {archive.name}: the program, the licences, the version: ok", flush=True)


def glibc_needed(app: Path) -> tuple[int, int]:
    """The newest glibc symbol version any file of a Linux app refers to, e.g. (2, 35): the
    oldest glibc the app runs on (PyInstaller bundles no libc: the builder's sets the floor)."""
    newest = (2, 0)
    for f in app.rglob("*"):
        if f.is_file() and not f.is_symlink() and (".so" in f.name or f.name == build_app.APP):
            for minor in re.findall(rb"GLIBC_2\.(\d+)", f.read_bytes()):
                newest = max(newest, (2, int(minor)))
    return newest


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--dist", type=Path, default=ROOT / "dist")
    p.add_argument("--install", action="store_true", help='pip install -e ".[build]" first')
    p.add_argument("--python", action="store_true", help="attach the wheel too (one leg does)")
    p.add_argument("--max-glibc", metavar="2.N",
                   help="Linux: fail unless the app runs on this glibc (the release builds on Ubuntu 22.04: 2.35)")
    args = p.parse_args(argv)
    if args.install:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-e", f"{ROOT}[build]"],
                       check=True)
    dist = args.dist.resolve()
    build = ["--dist", str(dist)] + ([] if args.python else ["--no-python"])
    if build_app.main(build) != 0:
        return 1
    app = dist / (build_app.APP + (".app" if build_app.BUNDLED else ""))
    archive = dist / f"{build_app.APP}-{build_app.version()}-{build_app.platform_tag()}" \
        f"{'.zip' if sys.platform == 'win32' else '.tar.gz'}"
    check_archive(archive)
    said = subprocess.run([str(build_app.executable(app)), "--version"], capture_output=True,
                          text=True, timeout=120).stdout.strip()
    if said != f"tikal-lan {build_app.version()}":
        sys.exit(f"the app says {said!r} for --version, not tikal-lan {build_app.version()}")
    print(f"version    {said}: ok", flush=True)
    if sys.platform.startswith("linux"):
        need = glibc_needed(app)
        print(f"glibc      the app needs {need[0]}.{need[1]} or newer", flush=True)
        if args.max_glibc and need > tuple(int(x) for x in args.max_glibc.split(".")):
            sys.exit(f"the app needs glibc {need[0]}.{need[1]}, above --max-glibc {args.max_glibc}")
    import app_bench

    if app_bench.main(["--app", str(app), "--runs", "1"]) != 0:
        return 1
    attach = [archive] + (sorted(dist.glob("tikal_lan-*.whl")) if args.python else [])
    (dist / "attach.txt").write_text("".join(f"{f.name}\n" for f in attach), encoding="utf-8")
    print("attach     " + " ".join(f.name for f in attach), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
