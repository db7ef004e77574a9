#!/usr/bin/env python3
"""The release's pinned build (issue 41): what every leg of .github/workflows/release.yml installs,
exact versions with their hashes, so a tag builds the same next month.

    tools/pins/runtime.txt   the game's runtime dependencies, exact: what .ci/run installs the suite
                             with (``pip install -c tools/pins/runtime.txt``) and every leg bundles
    tools/pins/release.in    those, PyInstaller, build and setuptools (the build backend, used
                             without build isolation), exact
    tools/pins/release.txt   written from release.in by this script: every package for every leg
                             (each one's platform markers), each with the SHA-256 of every wheel
                             of its version; tools/release_leg.py --install installs it with
                             ``pip install --require-hashes --only-binary :all:``

    pip install uv                        # the resolver that reads every platform's markers
    python tools/pin_release.py           # write release.txt (uv pip compile --universal)
    python tools/pin_release.py --verify  # each leg's wheels downloaded and checked against it

``--verify`` downloads, for each leg's platform (Windows x86-64, macOS arm64 and x86-64, Linux
x86-64 manylinux up to glibc 2.35; CPython 3.11), every wheel that leg installs, with
``pip download --require-hashes --only-binary :all: --platform ...`` (pip checks each file's hash),
then checks that the leg's set is closed: every dependency a wheel declares for that platform is
pinned, at a version it accepts. The hashes of the other wheels of each version (other platforms,
other Pythons) are the index's published digests, as uv read them.
"""
from __future__ import annotations

import python_floor  # noqa: I001  (first: an older Python is told so before the imports below)

python_floor.check(__file__)

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PINS = ROOT / "tools" / "pins"
PYTHON = "3.11"

#: the legs of the release workflow's matrix: (their pip platform tags, their marker environment)
LEGS = {
    "windows-latest": (["win_amd64"], {"sys_platform": "win32", "os_name": "nt", "platform_system": "Windows",
                                       "platform_machine": "AMD64"}),
    "macos-latest": (["macosx_14_0_arm64"], {"sys_platform": "darwin", "os_name": "posix",
                                             "platform_system": "Darwin", "platform_machine": "arm64"}),
    "macos-15-intel": (["macosx_15_0_x86_64"], {"sys_platform": "darwin", "os_name": "posix",
                                                "platform_system": "Darwin", "platform_machine": "x86_64"}),
    "ubuntu-22.04": ([f"manylinux_2_{n}_x86_64" for n in range(35, 4, -1)]
                     + ["manylinux2014_x86_64", "manylinux2010_x86_64", "manylinux1_x86_64"],
                     {"sys_platform": "linux", "os_name": "posix", "platform_system": "Linux",
                      "platform_machine": "x86_64"}),
}


def pins(path: Path) -> list[dict]:
    """The requirements of a pinned file: ``{"name", "version", "marker", "hashes"}`` each (names
    normalised as pip does: lower case, ``-`` for ``_`` and ``.``)."""
    text = re.sub(r"\\\n", " ", path.read_text(encoding="utf-8"))
    out = []
    for line in text.splitlines():
        line = line.split(" #", 1)[0].strip()
        if not line or line.startswith(("#", "-")):
            continue
        head, *hashes = line.split("--hash=")
        spec, _, marker = head.partition(";")
        m = re.fullmatch(r"([A-Za-z0-9._-]+)==([A-Za-z0-9.+!-]+)", spec.strip())
        if not m or any(not re.fullmatch(r"sha256:[0-9a-f]{64}", h.strip()) for h in hashes):
            sys.exit(f"{path.name}: not an exact pin: {line!r}")
        out.append({"name": normal(m.group(1)), "version": m.group(2), "marker": marker.strip(),
                    "hashes": [h.strip()[len("sha256:"):] for h in hashes]})
    return out


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def environment(leg: str) -> dict:
    env = {"python_version": PYTHON, "python_full_version": PYTHON + ".0", "implementation_name": "cpython",
           "platform_python_implementation": "CPython", "extra": ""}
    env.update(LEGS[leg][1])
    return env


def of_leg(reqs: list[dict], env: dict) -> list[dict]:
    """The requirements whose marker holds in a leg's environment."""
    from packaging.markers import Marker

    return [r for r in reqs if not r["marker"] or Marker(r["marker"]).evaluate(env)]


def compile_pins() -> int:
    uv = shutil.which("uv") or shutil.which("uv", path=str(Path(sys.executable).parent))
    if uv is None:
        sys.exit("uv is missing: pip install uv (it resolves for every platform's markers at once)")
    cmd = [uv, "pip", "compile", "--universal", "--python-version", PYTHON, "--generate-hashes",
           "--only-binary", ":all:", "--no-config", "--annotation-style", "line",
           "--custom-compile-command", "python tools/pin_release.py", "release.in", "-o", "release.txt"]
    return subprocess.run(cmd, cwd=PINS).returncode


def requires(wheel: Path) -> list[str]:
    """The Requires-Dist lines of a wheel's METADATA."""
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        text = z.read(meta).decode("utf-8")
    return [line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("Requires-Dist:")]


def verify(leg: str, reqs: list[dict], into: Path) -> list[str]:
    """What is wrong with a leg's pinned set ([] when its wheels download, match their hashes and
    need nothing unpinned)."""
    from packaging.requirements import Requirement

    env = environment(leg)
    mine = of_leg(reqs, env)
    listing = into / f"{leg}.txt"
    listing.write_text("".join(f"{r['name']}=={r['version']} " + " ".join(f"--hash=sha256:{h}" for h in r["hashes"])
                               + "\n" for r in mine), encoding="utf-8")
    platforms = [x for p in LEGS[leg][0] for x in ("--platform", p)]
    cmd = [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--require-hashes",
           "--no-deps", "--only-binary", ":all:", "--python-version", PYTHON, "--implementation", "cp",
           "--abi", "cp311", "--abi", "abi3", "--abi", "none", *platforms, "-d", str(into / leg), "-r", str(listing)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        said = "\n".join(x for x in r.stderr.splitlines() if not x.startswith("WARNING: Location"))
        return [f"pip download: {said.strip()[-2000:]}"]
    wheels = sorted((into / leg).glob("*.whl"))
    problems = []
    have = {r["name"]: r["version"] for r in mine}
    got = {normal(w.name.split("-")[0]) for w in wheels}
    problems += [f"no wheel of {name}" for name in sorted(set(have) - got)]
    for w in wheels:
        for line in requires(w):
            req = Requirement(line)
            if req.marker is not None and not req.marker.evaluate(env):
                continue
            name = normal(req.name)
            if name not in have:
                problems.append(f"{w.name} needs {line}: not pinned")
            elif not req.specifier.contains(have[name], prereleases=True):
                problems.append(f"{w.name} needs {line}: {name} is pinned at {have[name]}")
    print(f"{leg}: {len(wheels)} wheels, each matching its hash: " + " ".join(w.name for w in wheels), flush=True)
    return problems


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--verify", action="store_true", help="download each leg's wheels and check them")
    args = p.parse_args(argv)
    if not args.verify:
        return compile_pins()
    reqs = pins(PINS / "release.txt")
    bad = 0
    with tempfile.TemporaryDirectory(prefix="tikal-pins-") as tmp:
        for leg in LEGS:
            for problem in verify(leg, reqs, Path(tmp)):
                print(f"{leg}: {problem}", flush=True)
                bad += 1
    print("pins: " + ("ok" if not bad else f"{bad} problems"), flush=True)
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
