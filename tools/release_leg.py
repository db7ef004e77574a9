#!/usr/bin/env python3
"""One leg of the release (.github/workflows/release.yml runs it on Windows, macOS and Ubuntu
22.04; it runs the same anywhere, e.g. here on Linux): build the app for this machine, start the
built app as a guest and as a host would (benchmarks/app_bench.py: a real frame from
``--screenshot``, a headless host whose bots play a game out on 127.0.0.1, its download page, its
zeroconf announcement on loopback), check what a guest unpacks, and list the files to attach.

    python tools/release_leg.py --install      # the pinned build into this Python first
    python tools/release_leg.py                # PyInstaller and build already there

``--install`` installs tools/pins/release.txt (every package the build and the app need, exact,
with their hashes: ``pip install --require-hashes --only-binary :all:``; tools/pin_release.py
writes it) and the project without its dependencies, then checks that this Python holds exactly
those versions and nothing else that could be bundled: the app carries only the runtime versions
the suite runs with (tools/pins/runtime.txt, what .ci/run installs). The wheel is then built
without build isolation, by the pinned setuptools.

Writes into ``--dist`` (default dist/): the app's archive ``tikal-lan-<version>-<os>-<cpu>`` (a
Linux one ends ``-glibc2.N``: the oldest glibc it runs on, measured from its files) and, with
``--python``, the wheel; ``--dist``/attach.txt names the files the release gets from this leg.
On macOS the bundle's seal is checked (``codesign --verify --deep --strict``), as built and as a
guest unpacks it.
"""
from __future__ import annotations

import python_floor  # noqa: I001  (first: an older Python is told so before the imports below)

python_floor.check(__file__)

import argparse
import hashlib
import json
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "benchmarks")]

import build_app  # noqa: E402
import notices  # noqa: E402

PINS = ROOT / "tools" / "pins"
#: installers in a fresh runner's Python that are never bundled (the app imports none of them)
UNPINNED = {"pip", "wheel", "tikal-lan"}


def install(python: str = sys.executable) -> None:
    """The pinned build into ``python``: every package by its hash, then the project (editable,
    no dependencies, built by the pinned setuptools)."""
    pip = [python, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run(pip + ["--require-hashes", "--only-binary", ":all:", "-r", str(PINS / "release.txt")], check=True)
    subprocess.run(pip + ["--no-deps", "--no-build-isolation", "-e", str(ROOT)], check=True)


def installed(python: str = sys.executable) -> dict[str, str]:
    """Every distribution ``python`` holds: normalised name -> version."""
    code = ("import importlib.metadata as m, json; "
            "print(json.dumps({d.metadata['Name']: d.version for d in m.distributions()}))")
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True).stdout
    import pin_release

    return {pin_release.normal(k): v for k, v in json.loads(out).items()}


def unpinned(have: dict[str, str], pins: list[dict], env: dict | None = None) -> list[str]:
    """What in ``have`` (``installed()``) is not the pinned build for this machine (``env``: its
    marker environment, default this Python's): a pin missing or at another version, or a
    distribution no pin names."""
    from packaging.markers import Marker

    want = {r["name"]: r["version"] for r in pins if not r["marker"] or Marker(r["marker"]).evaluate(env)}
    problems = [f"{name} {have.get(name, 'missing')}, pinned {version}" for name, version in sorted(want.items())
                if have.get(name) != version]
    problems += [f"{name} {version}, not pinned" for name, version in sorted(have.items())
                 if name not in want and name not in UNPINNED]
    return problems


def check_pinned(python: str = sys.executable) -> None:
    import pin_release

    problems = unpinned(installed(python), pin_release.pins(PINS / "release.txt"))
    if problems:
        sys.exit("the build's Python is not the pinned build (tools/pins/release.txt): " + "; ".join(problems))
    runtime = {r["name"]: r["version"] for r in pin_release.pins(PINS / "runtime.txt")}
    print("pinned     " + ", ".join(f"{k} {v}" for k, v in runtime.items()) + ": the suite's versions", flush=True)


def members(archive: Path) -> list[str]:
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as z:
            return z.namelist()
    with tarfile.open(archive) as t:
        return t.getnames()


def unpack(archive: Path, into: Path) -> Path:
    """The archive unpacked as a guest would (the app's folder or bundle in ``into``)."""
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as z:
            z.extractall(into)
    else:
        with tarfile.open(archive) as t:
            t.extractall(into, **({"filter": "tar"} if hasattr(tarfile, "tar_filter") else {}))
    return into


def check_notices(app: Path) -> int:
    """Every native file of an unpacked ``app`` is named in its THIRD-PARTY-NOTICES.txt, each one
    once (no second copy of a library), none of those the game leaves out; how many there are."""
    found = notices.shared_libraries(app)
    text = (build_app.data_dir(app) / notices.NAME).read_text(encoding="utf-8")
    missing = notices.uncovered(app, text)
    if missing:
        sys.exit(f"{notices.NAME} does not name {missing}")
    seen: dict[str, str] = {}
    for f in found:
        digest = hashlib.sha256((app / f).read_bytes()).hexdigest()
        if digest in seen:
            sys.exit(f"{PurePosixPath(f).name} is in the app twice: {seen[digest]} and {f}")
        seen[digest] = f
        if notices.dropped(f):
            sys.exit(f"{f} is in the app although it is left out on purpose ({notices.dropped(f)})")
    return len(found)


def verify_seal(app: Path) -> None:
    """macOS: the bundle's signature covers every file in it (a broken seal reads as "damaged")."""
    r = subprocess.run(["codesign", "--verify", "--deep", "--strict", "--verbose=2", str(app)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"codesign --verify --deep --strict {app}: {r.stderr.strip()}")
    print(f"seal       {app.name}: codesign --verify --deep --strict: ok", flush=True)


def check_archive(archive: Path) -> None:
    """What a guest unpacks: the programs, the licence texts and the notices of every native
    library (tools/notices.py), the version in the file's name; on macOS, the seal."""
    names = [n.replace("\\", "/") for n in members(archive)]
    want = ["LICENSE.txt", "licences/README.md", "licences/pygame-ce-LGPL-2.1.txt",
            "licences/SDL-zlib.txt", "licences/zeroconf-LGPL-2.1.txt", notices.NAME]
    missing = [w for w in want if not any(n.endswith("/" + w) for n in names)]
    if not any(n.endswith("/licences/Python-PSF.txt") for n in names):
        print("warning: the building Python had no LICENSE.txt to copy (licences/Python-PSF.txt)")
    program = build_app.executable(Path(build_app.APP + (".app" if build_app.BUNDLED else "")))
    for prog in (program, program.with_name(program.name.replace("tikal-lan", "tikal-host"))):
        if not any(n.endswith(prog.as_posix()) for n in names):
            missing.append(prog.as_posix())
    if f"-{build_app.version()}-" not in archive.name:
        missing.append(f"the version {build_app.version()} in the name")
    if missing:
        sys.exit(f"{archive.name} lacks {missing}")
    with tempfile.TemporaryDirectory() as tmp:
        app = next(p for p in unpack(archive, Path(tmp)).iterdir())
        n = check_notices(app)
        if sys.platform == "darwin":
            verify_seal(app)
        if sys.platform.startswith("linux"):
            need = build_app.glibc_needed(app)
            if not archive.name.endswith(f"-glibc{need[0]}.{need[1]}.tar.gz"):
                sys.exit(f"{archive.name}: its files need glibc {need[0]}.{need[1]}, its name does not say so")
    print(f"archive    {archive.name}: the programs, the licences, the notices of its {n} native "
          "files, the version: ok", flush=True)


def glibc_needed(app: Path) -> tuple[int, int]:
    return build_app.glibc_needed(app)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--dist", type=Path, default=ROOT / "dist")
    p.add_argument("--install", action="store_true",
                   help="install the pinned build (tools/pins/release.txt, by hash) and the project first")
    p.add_argument("--python", action="store_true", help="attach the wheel too (one leg does)")
    p.add_argument("--max-glibc", metavar="2.N",
                   help="Linux: fail unless the app runs on this glibc (the release builds on Ubuntu 22.04: 2.35)")
    args = p.parse_args(argv)
    if args.install:
        install()
        check_pinned()
    dist = args.dist.resolve()
    build = ["--dist", str(dist)] + ([] if args.python else ["--no-python"])
    if args.install:
        build.append("--no-isolation")          # the wheel by the pinned setuptools
    if build_app.main(build) != 0:
        return 1
    app = dist / (build_app.APP + (".app" if build_app.BUNDLED else ""))
    archive = dist / f"{build_app.APP}-{build_app.version()}-{build_app.platform_tag(app)}" \
        f"{'.zip' if sys.platform == 'win32' else '.tar.gz'}"
    if sys.platform == "darwin":
        verify_seal(app)
    check_archive(archive)
    said = subprocess.run([str(build_app.executable(app)), "--version"], capture_output=True,
                          text=True, timeout=120).stdout.strip()
    if said != f"tikal-lan {build_app.version()}":
        sys.exit(f"the app says {said!r} for --version, not tikal-lan {build_app.version()}")
    host = build_app.executable(app)
    host = host.with_name(host.name.replace("tikal-lan", "tikal-host"))
    said_host = subprocess.run([str(host), "--version"], capture_output=True, text=True, timeout=120).stdout.strip()
    if said_host != f"tikal-host {build_app.version()}":
        sys.exit(f"{host.name} says {said_host!r} for --version, not tikal-host {build_app.version()}")
    print(f"version    {said}, {said_host}: ok", flush=True)
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
