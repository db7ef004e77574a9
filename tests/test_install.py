"""The project as a guest installs it: a wheel built from the project's files, installed into a fresh
virtual environment outside the checkout, runs its two commands from a folder outside it too
(`tikal-lan --screenshot`, a headless `tikal-host` whose bots play a game out) with every asset
(fonts, sounds, rule texts) found inside the installed package."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from waiting import HANG

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ["engine", "net", "game", "assets", "tikal_lan", "pyproject.toml", "README.md", "LICENSE", "licences"]


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=240, **kw)
    assert r.returncode == 0, f"{cmd} failed:\n{r.stdout[-2000:]}\n{r.stderr[-3000:]}"
    return r


@pytest.mark.slow
def test_wheel_installs_and_runs_outside_the_checkout(tmp_path):
    # the project's files only (no build/ or egg-info left by an earlier build in the checkout)
    src = tmp_path / "src"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(ROOT / name, src / name)
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path / "dist"),
         str(src)])
    wheels = list((tmp_path / "dist").glob("tikal_lan-*.whl"))
    assert len(wheels) == 1
    # a fresh venv (no pip of its own: this pip installs into it, from the configured index)
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    py = venv / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q",
         "--disable-pip-version-check", str(wheels[0])])
    shutil.rmtree(src)                              # nothing left to fall back on
    # the licence texts: the project's and the third parties' (licences/README.md)
    [info] = (venv / "lib").glob("python3*/site-packages/tikal_lan-*.dist-info")
    carried = {p.relative_to(info / "licenses").as_posix() for p in (info / "licenses").rglob("*")}
    assert {"LICENSE", "licences/pygame-ce-LGPL-2.1.txt", "licences/SDL-zlib.txt",
            "licences/zeroconf-LGPL-2.1.txt", "licences/msgpack-Apache-2.0.txt",
            "licences/platformdirs-MIT.txt", "licences/polib-MIT.txt"} <= carried, carried

    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(tmp_path / "home"))
    # the assets come from the installed package, not from a checkout
    probe = ("import game.assets as a, game.games as g; print(a.ASSETS_DIR); "
             "assert len(g.CLIENTS.rules('ru')) > 50, 'rule texts'; "
             "assert (a.ASSETS_DIR / 'sounds' / 'dice.wav').stat().st_size > 1000, 'sounds'")
    where = Path(run([str(py), "-c", probe], cwd=cwd, env=env).stdout.strip())
    assert where.is_relative_to(venv) and not where.is_relative_to(ROOT), where

    version = run([str(venv / "bin" / "tikal-lan"), "--version"], cwd=cwd, env=env).stdout
    assert version.strip() == "tikal-lan " + info.name[len("tikal_lan-"):-len(".dist-info")], version
    assert run([str(venv / "bin" / "tikal-host"), "--version"], cwd=cwd, env=env).stdout.startswith("tikal-host ")
    run([str(venv / "bin" / "tikal-lan"), "--screenshot", "out.png", "--scene", "tikal"],
        cwd=cwd, env=env)
    frame = pygame.image.load(str(cwd / "out.png"))
    assert frame.get_size() == (1280, 720)
    colours = {frame.get_at((x, y))[:3] for x in range(0, 1280, 8) for y in range(0, 720, 8)}
    assert len(colours) > 200, "a blank or near-blank frame"   # a drawn table, text and all

    r = run([str(venv / "bin" / "tikal-host"), "--headless", "--no-announce", "--bind", "127.0.0.1",
             "--port", "0", "--game", "tortuga", "--seats", "2", "--bots", "2",
             "--data-dir", str(tmp_path / "saves")], cwd=cwd, env=env)
    assert "table 1 over" in r.stdout, r.stdout
    assert (tmp_path / "saves" / "table-1.journal").stat().st_size > 0


@pytest.mark.slow
def test_the_window_command_hosts_too(tmp_path):
    # `tikal-lan host ...` is `tikal-host ...`: one installed command, one built app, does both
    r = subprocess.run([sys.executable, str(ROOT / "run_client.py"), "host", "--list-saved",
                        "--data-dir", str(tmp_path)], capture_output=True, text=True, timeout=HANG)
    assert r.returncode == 0 and f"no saved games in {tmp_path}" in r.stdout, r.stderr
    r = subprocess.run([sys.executable, str(ROOT / "run_client.py"), "host", "--seats", "3"],
                       capture_output=True, text=True, timeout=HANG)
    assert r.returncode == 2 and "--seats needs --game" in r.stderr


def tracked_files() -> list[str]:
    """The project's own files: what git tracks, or (an unpacked sdist) what is there."""
    r = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if r.returncode == 0 and r.stdout.strip():
        return [f for f in r.stdout.splitlines() if (ROOT / f).is_file()]
    skip = {".venv", "dist", "build", ".git", ".pytest_cache", ".mypy_cache", ".hypothesis"}
    return [p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*")
            if p.is_file() and not skip & set(p.relative_to(ROOT).parts) and "__pycache__" not in p.parts
            and ".egg-info" not in p.as_posix() and p.suffix != ".pyc"]


@pytest.mark.slow
def test_the_sdist_carries_every_file_of_the_project_and_its_tests_pass_from_it(tmp_path):
    """Issue 30: the sdist (python -m build --sdist, from the project's files only) holds every
    file of the project but .gitignore: its tests, tools, benchmarks, docs, workflow and CI
    script; unpacked, its own tests run from it (a sample that reads the docs, the workflow, the
    spec, the notices and the rule texts)."""
    import tarfile

    pytest.importorskip("build", reason="the test extras bring `build` (pip install -e '.[test]')")
    src = tmp_path / "src"
    files = tracked_files()
    for f in files:
        (src / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / f, src / f)
    run([sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path / "dist"), str(src)])
    [sdist] = (tmp_path / "dist").glob("tikal_lan-*.tar.gz")
    with tarfile.open(sdist) as t:
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
        t.extractall(tmp_path / "unpacked", **({"filter": "tar"} if hasattr(tarfile, "tar_filter") else {}))
    missing = sorted(set(files) - names - {".gitignore"})
    assert not missing, missing
    [root] = (tmp_path / "unpacked").iterdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    probe = run([sys.executable, "-c", "import engine; print(engine.__file__)"], cwd=root, env=env)
    assert Path(probe.stdout.strip()).is_relative_to(root), probe.stdout
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                        "tests/test_docs.py", "tests/test_rules_versions.py", "tests/test_readme.py",
                        "tests/test_release.py", "-k", "not icon and not window and not commands"],
                       cwd=root, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert " passed" in r.stdout and " failed" not in r.stdout
