"""The data both clients share is written into the browser's files from its one Python source
(tools/web_data.py, issue 42): Tikal's tiles (the engine), both games' log lines (the window's
tables), La Tortuga's numbers (the engine), the players' tones and shapes (game/theme.py). Each
file is what the tool writes, and the check finds a file edited by hand."""
from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys

from node_helpers import ROOT, node_calls
from waiting import HANG

_spec = importlib.util.spec_from_file_location("web_data", ROOT / "tools" / "web_data.py")
web_data = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(web_data)


def test_the_generated_files_are_what_the_tool_writes():
    assert web_data.stale() == [], "stale: run tools/web_data.py"
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "web_data.py"), "--check"], cwd=ROOT,
                       capture_output=True, text=True, timeout=HANG)
    assert r.returncode == 0, r.stderr


def test_the_check_finds_a_file_edited_by_hand(tmp_path):
    for rel in web_data.outputs():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, tmp_path / rel)
    assert web_data.stale(tmp_path) == []
    target = tmp_path / "assets/web/games/tortuga/facts.js"
    target.write_text(target.read_text(encoding="utf-8").replace("MAX_SUM = 7", "MAX_SUM = 8"), encoding="utf-8")
    (tmp_path / "assets/web/app/palette.js").unlink()
    assert web_data.stale(tmp_path) == ["assets/web/games/tortuga/facts.js", "assets/web/app/palette.js"]


def test_the_pages_marks_are_the_windows():
    """What the page draws a seat with is the window's: each colour's tone, the shapes' polygons,
    ink or paper on a tone (app/marks.js over app/palette.js, against game/theme.py)."""
    from game import theme
    from net.messages import COLOURS

    tone = {c: "#" + "".join(f"{v:02x}" for v in theme.TONES[c]) for c in COLOURS}
    shapes = theme.SHAPES[1:]
    got = node_calls("assets/web/app/marks.js", [{"fn": "toneOf", "args": [c]} for c in COLOURS]
                     + [{"fn": "shapePoints", "args": [s, 10, 20, 8]} for s in shapes]
                     + [{"fn": "textOn", "args": [tone[c]]} for c in COLOURS])
    n = len(COLOURS)
    assert got[:n] == [tone[c] for c in COLOURS]
    for s, pts in zip(shapes, got[n:n + len(shapes)]):
        want = theme.shape_points(s, (10, 20), 8)
        assert len(pts) == len(want) and all(abs(a - c) < 1e-3 and abs(b - d) < 1e-3
                                             for (a, b), (c, d) in zip(pts, want)), s
    ink = {theme.INK: "#141826", theme.PAPER: "#faf6e8"}
    assert got[n + len(shapes):] == [ink[theme.text_on(theme.TONES[c])] for c in COLOURS]
