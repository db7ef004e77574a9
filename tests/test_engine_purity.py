"""engine/ is pure rules: no pygame, asyncio, socket, time or threading, no module-level random."""
import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "engine"
FORBIDDEN = {"pygame", "asyncio", "socket", "time", "threading", "random", "msgpack", "zeroconf",
             "datetime", "os", "subprocess", "selectors", "multiprocessing", "concurrent"}


def _imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module.split(".")[0]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            yield node.lineno, "__import__"


def test_engine_imports_no_io_clock_or_global_random():
    files = sorted(ENGINE.rglob("*.py"))
    assert files, "engine/ has no modules"
    bad = [f"{p.relative_to(ENGINE.parent)}:{line} imports {mod}"
           for p in files for line, mod in _imports(p) if mod in FORBIDDEN or mod == "__import__"]
    assert not bad, "\n".join(bad)


def test_the_check_catches_a_forbidden_import(tmp_path):
    # The scanner itself must be able to fail.
    p = tmp_path / "x.py"
    p.write_text("import time\nfrom random import choice\nfrom .rng import Rng\n")
    assert [m for _, m in _imports(p)] == ["time", "random"]


# Bots live beside the engine and use only its public API: ``engine`` itself, ``engine.rng``,
# the bots' own package and each game's documented analysis module (engine/<game>/analysis.py).
BOTS = ENGINE / "bots"
BOT_ALLOWED = {"engine", "engine.rng", "engine.bots", "engine.tikal.analysis",
               "engine.tortuga.analysis"}


def _engine_modules(path: Path, root: Path):
    """The engine modules ``path`` (under the package dir ``root``) imports, as absolute dotted
    names (relative imports resolved)."""
    package = ".".join(path.relative_to(root.parent).with_suffix("").parts)
    if path.name != "__init__.py":
        package = package.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if mod == "engine" or mod.startswith("engine."):
                yield node.lineno, mod
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name == "engine" or a.name.startswith("engine."):
                    yield node.lineno, a.name


def _outside_api(path: Path, root: Path, allowed: set) -> list:
    """The engine modules ``path`` imports beyond ``allowed`` (the bots' own package is public)."""
    return [(line, mod) for line, mod in _engine_modules(path, root)
            if mod not in allowed and not mod.startswith("engine.bots.")]


# The client imports the rule constants it shows from the same analysis modules, never copies them
# (the public ``engine`` API, ``engine.bots`` for its offline samples and hints).
GAME = ENGINE.parent / "game"
GAME_ALLOWED = {"engine", "engine.bots", "engine.tikal.analysis", "engine.tortuga.analysis"}


@pytest.mark.parametrize("part,allowed", [(BOTS, BOT_ALLOWED), (GAME, GAME_ALLOWED)],
                         ids=["bots", "client"])
def test_bots_and_the_client_use_only_the_public_api_and_the_analysis_modules(part, allowed):
    files = sorted(part.rglob("*.py"))
    assert len(files) >= 5
    root = ENGINE if part == BOTS else GAME
    bad = [f"{p.relative_to(ENGINE.parent)}:{line} imports {mod}"
           for p in files for line, mod in _outside_api(p, root, allowed)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("folder, allowed, source, caught", [
    (("engine", "bots", "x"), BOT_ALLOWED,
     "from ...tikal.state import ACTIONS\nfrom ...tikal.analysis import COST\n"
     "from ... import sample_state\nfrom ..base import Bot\nimport engine.tortuga.track\n",
     [(1, "engine.tikal.state"), (5, "engine.tortuga.track")]),
    (("game", "scenes"), GAME_ALLOWED,
     "from engine.tikal.tiles import SPECS\nfrom engine.tortuga.analysis import BEACH\n"
     "from .. import theme\nimport engine.tortuga.flow\nfrom engine import GAMES\n",
     [(1, "engine.tikal.tiles"), (4, "engine.tortuga.flow")]),
])
def test_the_import_check_catches_an_internal_module(tmp_path, folder, allowed, source, caught):
    pkg = tmp_path.joinpath(*folder)
    pkg.mkdir(parents=True)
    p = pkg / "m.py"
    p.write_text(source)
    assert _outside_api(p, tmp_path / folder[0], allowed) == caught
