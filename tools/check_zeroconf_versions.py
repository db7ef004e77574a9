#!/usr/bin/env python3
"""The discovery tests against the lowest and the newest zeroconf that pyproject.toml allows and
the one the release pins (tools/pins/runtime.txt: what .ci/run runs the suite with and every leg
bundles), each in a scratch virtual environment (minutes: not part of the suite). Run it before
moving the bounds or the pin (issue 21: zeroconf is bounded to the versions tested).

    python tools/check_zeroconf_versions.py          # prints one line per version, exits 1 on a failure
"""
from __future__ import annotations

import python_floor  # noqa: I001  (first: an older Python is told so before the imports below)

python_floor.check(__file__)

import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ["tests/test_discovery.py", "tests/test_lan_netns.py"]


def bounds() -> tuple[str, str]:
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    [spec] = [d for d in deps if re.match(r"zeroconf\b", d)]
    low = re.search(r">=\s*([0-9.]+)", spec)
    if not low or "<" not in spec:
        sys.exit(f"zeroconf must have a lower and an upper bound in pyproject.toml: {spec!r}")
    return low.group(1), spec


def pinned() -> str:
    """The release's zeroconf pin (``zeroconf==0.148.0``)."""
    text = (ROOT / "tools" / "pins" / "runtime.txt").read_text(encoding="utf-8")
    [line] = [x.strip() for x in text.splitlines() if re.match(r"zeroconf==", x.strip())]
    return line


def run_with(tmp: Path, label: str, constraint: str) -> bool:
    venv = tmp / label
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    pins = tmp / f"{label}.txt"
    pins.write_text(constraint + "\n", encoding="utf-8")
    subprocess.run([str(py), "-m", "pip", "install", "-q", "-c", str(pins), "-e", f"{ROOT}[test]"],
                   check=True)
    version = subprocess.run([str(py), "-c", "import zeroconf; print(zeroconf.__version__)"],
                             capture_output=True, text=True, check=True).stdout.strip()
    r = subprocess.run([str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS], cwd=ROOT,
                       capture_output=True, text=True)
    last = (r.stdout.strip().splitlines() or ["(no output)"])[-1]
    print(f"zeroconf={version} ({label}) tests={'ok' if r.returncode == 0 else 'FAILED'}: {last}",
          flush=True)
    if r.returncode:
        print(r.stdout[-4000:], r.stderr[-2000:], sep="\n")
    return r.returncode == 0


def main() -> int:
    low, spec = bounds()
    with tempfile.TemporaryDirectory(prefix="tikal-zeroconf-") as tmp:
        ok = [run_with(Path(tmp), "lowest", f"zeroconf=={low}"),
              run_with(Path(tmp), "newest", spec),
              run_with(Path(tmp), "pinned", pinned())]
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main())
