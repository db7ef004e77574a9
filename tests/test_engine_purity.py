"""engine/ is pure rules: no pygame, asyncio, socket, time or threading, no module-level random."""
import ast
from pathlib import Path

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
