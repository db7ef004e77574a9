"""Node.js for the tests of the browser client's JavaScript without a browser (tests/test_js.py):
the unit tests under ``tests/js`` (``node --test``), ESLint (installed by ``npm ci`` from
package.json and its lock), and calls of a page module's functions from Python (``node_calls``,
through tests/js/call.mjs), for checks against the engine or the window.

Node is ``node`` on the PATH (``NODE`` overrides it); without it these tests skip with the reason,
except under CI (``CI`` set), where they fail: .ci/run installs Node where it is missing."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from waiting import HANG

ROOT = Path(__file__).resolve().parent.parent
NODE = os.environ.get("NODE") or shutil.which("node")
ESLINT = ROOT / "node_modules" / "eslint" / "bin" / "eslint.js"


def missing(why: str):
    """Skip, or fail under CI (where .ci/run installed what the JavaScript's tests need)."""
    if os.environ.get("CI"):
        pytest.fail(f"{why}: the JavaScript's tests must run in CI (.ci/run installs what they need)")
    pytest.skip(why)


def need_node() -> str:
    if not NODE or not Path(NODE).exists():
        missing("no Node.js (node) on the PATH: apt-get install nodejs npm")
    return NODE


def node(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """``node args...`` in the repository's root; its output as text (never a hang)."""
    return subprocess.run([need_node(), *args], cwd=ROOT, input=stdin, capture_output=True, text=True,
                          encoding="utf-8", timeout=HANG)


def node_calls(module: str, calls: list[dict]) -> list:
    """The results of calls of ``module``'s exports (a path from the repository's root), made in
    Node: see tests/js/call.mjs for the calls' forms."""
    r = node(str(ROOT / "tests" / "js" / "call.mjs"), stdin=json.dumps({"module": module, "calls": calls}))
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)
