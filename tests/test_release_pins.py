"""The release's pinned build (issue 41): every leg installs tools/pins/release.txt by hash (the
build tools and the game's runtime packages, for each leg's platform), the runtime versions are
tools/pins/runtime.txt, inside pyproject.toml's bounds, and what .ci/run installs the suite with;
the leg checks its Python holds exactly that build before it builds."""
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from waiting import HANG

ROOT = Path(__file__).resolve().parents[1]
PINS = ROOT / "tools" / "pins"
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "benchmarks")]

import pin_release  # noqa: E402
import release_leg  # noqa: E402


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_the_runtime_pins_are_the_dependencies_inside_their_bounds():
    """One exact version for each of pyproject.toml's dependencies, one it allows (zeroconf's
    bounds are the versions tools/check_zeroconf_versions.py ran the discovery tests with)."""
    runtime = {r["name"]: r["version"] for r in pin_release.pins(PINS / "runtime.txt")}
    deps = {pin_release.normal(Requirement(d).name): Requirement(d) for d in project()["dependencies"]}
    assert set(runtime) == set(deps)
    for name, req in deps.items():
        assert req.specifier.contains(runtime[name]), f"{name}=={runtime[name]} is outside pyproject's {req}"


def test_the_release_pins_hold_the_runtime_pins_and_the_build_tools_with_hashes():
    release = pin_release.pins(PINS / "release.txt")
    by_name = {r["name"]: r for r in release}
    assert len(by_name) == len(release)
    for r in pin_release.pins(PINS / "runtime.txt"):
        assert by_name[r["name"]]["version"] == r["version"], r["name"]
        assert not by_name[r["name"]]["marker"], r["name"]           # on every leg
    for dep in project()["optional-dependencies"]["build"]:
        req = Requirement(dep)
        assert req.specifier.contains(by_name[pin_release.normal(req.name)]["version"]), dep
    # the build backend, used without isolation: one pyproject.toml's build-system accepts
    [backend] = [Requirement(r) for r in tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]
                 ["requires"]]
    assert backend.specifier.contains(by_name[pin_release.normal(backend.name)]["version"])
    for r in release:
        assert r["hashes"], f"{r['name']} has no hash"
    # the platform wheels: PyInstaller's and pygame-ce's, one file per platform and Python at least
    assert len(by_name["pyinstaller"]["hashes"]) >= 3 and len(by_name["pygame-ce"]["hashes"]) >= 4
    inputs = (PINS / "release.in").read_text(encoding="utf-8").split()
    assert "-r" in inputs and "runtime.txt" in inputs


def test_the_pins_fail_on_a_loose_line(tmp_path):
    (tmp_path / "x.txt").write_text("zeroconf>=0.131 --hash=sha256:" + "0" * 64 + "\n")
    with pytest.raises(SystemExit, match="not an exact pin"):
        pin_release.pins(tmp_path / "x.txt")
    (tmp_path / "x.txt").write_text("zeroconf==0.148.0 --hash=sha256:abc\n")
    with pytest.raises(SystemExit, match="not an exact pin"):
        pin_release.pins(tmp_path / "x.txt")


def test_every_leg_of_the_workflow_has_its_platform_in_the_pins_tool():
    """tools/pin_release.py --verify checks each leg of the matrix: a new leg needs its platform."""
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    legs = re.search(r"os: \[(.+)\]", text).group(1).split(", ")
    assert set(legs) == set(pin_release.LEGS)
    assert "run: python tools/release_leg.py --install" in text


def test_the_leg_sets_of_each_platform_differ_by_their_markers():
    """Windows gets PyInstaller's pefile and pywin32-ctypes and build's colorama, macOS macholib,
    Linux none of them; every leg the same runtime versions."""
    release = pin_release.pins(PINS / "release.txt")
    names = {leg: {r["name"] for r in pin_release.of_leg(release, pin_release.environment(leg))}
             for leg in pin_release.LEGS}
    assert {"pefile", "pywin32-ctypes", "colorama"} <= names["windows-latest"]
    assert "macholib" in names["macos-latest"] and "macholib" in names["macos-15-intel"]
    assert not {"pefile", "pywin32-ctypes", "colorama", "macholib"} & names["ubuntu-22.04"]
    runtime = {r["name"] for r in pin_release.pins(PINS / "runtime.txt")}
    assert all(runtime <= n for n in names.values())


def test_ci_installs_the_suite_with_the_runtime_pins():
    """.ci/run's install takes tools/pins/runtime.txt as constraints: the suite runs with the
    versions every leg bundles."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"pip install -c tools/pins/runtime\.txt -e \"\.\[test\]\"", ci), ci


def test_this_suite_runs_with_the_runtime_pins():
    """Under CI (.ci/run's fresh venv) the installed runtime packages are the pins; a developer's
    venv made without ``-c tools/pins/runtime.txt`` is told what differs."""
    differ = [p for p in release_leg.unpinned(release_leg.installed(sys.executable),
                                              pin_release.pins(PINS / "runtime.txt"))
              if not p.endswith("not pinned")]
    if differ and not os.environ.get("CI"):
        pytest.skip("this venv was not made with -c tools/pins/runtime.txt (CI's is): " + "; ".join(differ))
    assert not differ


def test_the_leg_refuses_a_python_that_is_not_the_pinned_build():
    release = pin_release.pins(PINS / "release.txt")
    env = pin_release.environment("ubuntu-22.04")
    good = {r["name"]: r["version"] for r in pin_release.of_leg(release, env)} | {"pip": "25.0", "tikal-lan": "0.1.0"}
    assert release_leg.unpinned(good, release, env) == []
    assert release_leg.unpinned(good | {"zeroconf": "0.154.0"}, release, env) == ["zeroconf 0.154.0, pinned 0.148.0"]
    assert release_leg.unpinned(good | {"numpy": "2.0"}, release, env) == ["numpy 2.0, not pinned"]
    missing = dict(good)
    del missing["pyinstaller"]
    assert release_leg.unpinned(missing, release, env) == [
        f"pyinstaller missing, pinned {good['pyinstaller']}"]


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux leg's wheels")
def test_the_linux_leg_installs_the_pinned_build_by_hash(tmp_path):
    """What `release_leg.py --install` does, into a fresh virtual environment: the pinned build
    installs with --require-hashes from the configured index and the leg's check passes; then one
    package at another version is refused."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=HANG)
    py = str(venv / "bin" / "python")
    release_leg.install(py)
    assert release_leg.unpinned(release_leg.installed(py), pin_release.pins(PINS / "release.txt")) == []
    subprocess.run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-deps", "segno==1.6.1"],
                   check=True, timeout=HANG)
    r = subprocess.run([py, "-c", "import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; import release_leg; "
                        "release_leg.check_pinned()", str(ROOT / "tools"), str(ROOT / "benchmarks")],
                       capture_output=True, text=True, timeout=HANG)
    assert r.returncode == 1 and "segno 1.6.1, pinned 1.6.6" in r.stderr, r.stderr
