"""The layers the project checks itself (issue 22): `lint-imports` keeps the import contracts of
pyproject.toml ([tool.importlinter]: engine <- net <- game <- tikal_lan, assets below all, the
engine's public API, the window's own layers and independent game packages); the contracts can
fail; the engine's private modules are all named."""
from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("engine", "net", "game", "assets", "tikal_lan")
#: The engine's public API (docs/architecture.md): everything else of engine/ is private.
PUBLIC = {"engine", "engine.rng", "engine.tikal", "engine.tortuga", "engine.tikal.analysis",
          "engine.tortuga.analysis"}


def lint(cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT), "--config", str(cwd / "pyproject.toml"), "--no-cache"], cwd=cwd,
                          capture_output=True, text=True, timeout=300,
                          env={"PATH": str(LINT.parent), "PYTHONPATH": str(cwd)})


def contracts() -> list[dict]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def test_the_import_contracts_are_kept():
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Contracts: {len(contracts())} kept, 0 broken." in done.stdout


def test_a_broken_layer_fails_the_check(tmp_path):
    """The same contracts on a copy of the tree where the engine imports the window and the shared
    client imports a game: lint-imports says so."""
    for pkg in PACKAGES:
        shutil.copytree(ROOT / pkg, tmp_path / pkg, ignore=shutil.ignore_patterns(
            "__pycache__", "*.wav", "*.ttf", "*.md", "*.po", "*.txt"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    with open(tmp_path / "engine" / "rng.py", "a", encoding="utf-8") as f:
        f.write("\nimport game.theme  # noqa\n")
    with open(tmp_path / "game" / "scenes" / "lobby.py", "a", encoding="utf-8") as f:
        f.write("\nfrom ..tikal import words  # noqa\n")
    done = lint(tmp_path)
    assert done.returncode != 0
    assert "one way: engine <- net <- game <- tikal_lan BROKEN" in done.stdout
    assert "the shared client knows no game: it reads the App's registry BROKEN" in done.stdout
    assert "engine.rng -> game.theme" in done.stdout and "game.scenes.lobby -> game.tikal.words" in done.stdout


def test_every_private_engine_module_is_named_in_the_api_contract():
    modules = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
               for p in (ROOT / "engine").rglob("*.py")}
    private = {m for m in modules if m not in PUBLIC and not m.startswith("engine.bots")}
    api = next(c for c in contracts() if c["id"] == "engine-api")
    assert set(api["forbidden_modules"]) == private
