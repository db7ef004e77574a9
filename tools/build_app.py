#!/usr/bin/env python3
"""Build the standalone app (no Python needed where it runs) for the machine this runs on, plus the
files a host hands out with ``tikal-host --share dist``:

    pip install -e ".[build]"            # PyInstaller and build
    python tools/build_app.py            # into dist/:
        tikal-lan/                          the app: one folder, run tikal-lan[.exe] inside it
                                            (tikal-host[.exe] beside it: the host in a terminal)
        tikal-lan-0.1.0-linux-x86_64-glibc2.35.tar.gz   the same folder as one archive (.zip on
                                            Windows; a Linux one says the oldest glibc it runs on)
        tikal_lan-0.1.0-py3-none-any.whl    the wheel and the sdist (pip/pipx install them)
        tikal_lan-0.1.0.tar.gz

The app is one program: ``tikal-lan`` opens the game window, ``tikal-lan host ...`` hosts (the
options of ``tikal-host``). PyInstaller builds for the OS and CPU it runs on: build on Windows for
Windows guests, on macOS for Mac guests, and put every archive in the shared folder (the release
workflow, .github/workflows/release.yml, builds all three). On Windows the app has no console
window (``tikal-host.exe``, a console program, hosts from Command Prompt); on macOS it is an app
bundle (``tikal-lan.app``, sealed with everything inside); every one has the game's icon (drawn by
game/icon.py) and carries the licence texts (LICENSE, licences/, the Python interpreter's) and
THIRD-PARTY-NOTICES.txt (tools/notices.py: every native library it bundles), all put in by the spec.
"""
from __future__ import annotations

import python_floor  # noqa: I001  (first: an older Python is told so before the imports below)

python_floor.check(__file__)

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
SPEC = ROOT / "tools" / "tikal-lan.spec"
APP = "tikal-lan"
BUNDLED = sys.platform == "darwin"          # a macOS .app bundle (tools/tikal-lan.spec)


def version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def platform_tag(app: Path | None = None) -> str:
    """``linux-x86_64-glibc2.35``, ``windows-amd64``, ``macos-arm64``: whom an archive is for (a
    Linux ``app``'s oldest glibc measured from its files)."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, platform.system().lower())
    tag = f"{system}-{platform.machine().lower() or 'unknown'}"
    if system == "linux" and app is not None:
        tag += "-glibc{}.{}".format(*glibc_needed(app))
    return tag


def glibc_needed(app: Path) -> tuple[int, int]:
    """The newest glibc symbol version any native file of a Linux app refers to, e.g. (2, 35):
    the oldest glibc the app runs on (PyInstaller bundles no libc: the builder's libraries set the
    floor). Read from the files' version references (``GLIBC_2.N``, as ``objdump -T`` lists them)."""
    import notices

    newest = (2, 0)
    for rel in notices.shared_libraries(app):
        for minor in re.findall(rb"GLIBC_2\.(\d+)", (app / rel).read_bytes()):
            newest = max(newest, (2, int(minor)))
    return newest


def executable(app: Path) -> Path:
    """The program inside the app (``app``: what build_app returns)."""
    if app.suffix == ".app":
        return app / "Contents" / "MacOS" / APP
    return app / (APP + (".exe" if sys.platform == "win32" else ""))


def icons(folder: Path) -> Path:
    """The game's icon as PNG, ICO and ICNS files (game/icon.py draws it) in ``folder``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    from game.icon import icon_files

    icon_files(folder)
    return folder


def data_dir(app: Path) -> Path:
    """Where the app's data files are (the licences, THIRD-PARTY-NOTICES.txt, the assets): a
    bundle's Resources, else the folder beside the programs (PyInstaller's ``_internal``)."""
    return app / "Contents" / "Resources" if app.suffix == ".app" else app / "_internal"


def build_app(dist: Path, work: Path) -> Path:
    """Run PyInstaller on the spec; the app is ``dist/tikal-lan`` (one folder), on macOS
    ``dist/tikal-lan.app``."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        sys.exit('PyInstaller is missing: pip install -e ".[build]"')
    env = dict(os.environ, TIKAL_LAN_ICONS=str(icons(work / "icon")), TIKAL_LAN_VERSION=version(),
               TIKAL_LAN_WORK=str(work))
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level",
                    "WARN", "--distpath", str(dist), "--workpath", str(work), str(SPEC)],
                   cwd=ROOT, check=True, env=env)
    app = dist / (APP + ".app" if BUNDLED else APP)
    if not executable(app).is_file():
        sys.exit(f"PyInstaller made no {executable(app)}")
    import notices

    # what the spec wrote from PyInstaller's list, against the files that really are in the app
    text = (data_dir(app) / notices.NAME).read_text(encoding="utf-8")
    missing = notices.uncovered(app, text)
    if missing:
        raise notices.MissingNotice(f"{notices.NAME} does not name {', '.join(missing)}")
    return app


def archive(app: Path, dist: Path) -> Path:
    """The app folder as one file to hand out: .zip on Windows, .tar.gz elsewhere (it keeps the
    executable bit and the symlinks of a macOS build)."""
    base = dist / f"{APP}-{version()}-{platform_tag(app)}"
    fmt = "zip" if sys.platform == "win32" else "gztar"
    return Path(shutil.make_archive(str(base), fmt, root_dir=app.parent, base_dir=app.name))


def build_python(dist: Path, isolation: bool = True) -> list[Path]:
    """The wheel and the sdist (``python -m build``; without ``isolation``, by the build backend
    installed here: the release's pinned setuptools, tools/release_leg.py --install)."""
    before = set(dist.glob("tikal_lan-*"))
    subprocess.run([sys.executable, "-m", "build", *([] if isolation else ["--no-isolation"]), "--outdir",
                    str(dist), str(ROOT)], check=True, stdout=subprocess.DEVNULL)
    return sorted(set(dist.glob("tikal_lan-*")) - before) or sorted(dist.glob("tikal_lan-*"))


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Build the standalone app (and the wheel and sdist).")
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                   help="PyInstaller's work folder (default build/pyinstaller)")
    p.add_argument("--no-archive", action="store_true", help="the app folder only")
    p.add_argument("--no-python", action="store_true", help="no wheel and sdist")
    p.add_argument("--no-isolation", action="store_true",
                   help="build the wheel and sdist with the setuptools installed here (no isolated download)")
    args = p.parse_args(argv)
    args.dist.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    app = build_app(args.dist.resolve(), args.work.resolve())
    print(f"app        {executable(app)}  {folder_size(app) / 1e6:.1f} MB"
          f"  built in {time.perf_counter() - t0:.0f} s", flush=True)
    if not args.no_archive:
        a = archive(app, args.dist)
        print(f"archive    {a}  {a.stat().st_size / 1e6:.1f} MB", flush=True)
    if not args.no_python:
        for f in build_python(args.dist, isolation=not args.no_isolation):
            print(f"python     {f}  {f.stat().st_size / 1e6:.2f} MB", flush=True)
    print(f"hand them out: tikal-host --share {args.dist}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
