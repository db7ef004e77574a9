"""Writes the browser table's component data, ``assets/web/games/tikal/tiles.js``, from the engine's
tile set (``engine/tikal/tiles.py``, tikal-tiles.md): each tile's letter, kind, printed temple value,
treasure masks and stones per edge at rotation 0, and the board's 40 hexes. The browser draws the
tiles from it and counts what is left of the stack; it decides nothing with it (the host's ``legal``
does). tests/test_web_tikal.py checks that the file is what this script writes.

    python tools/web_tikal_data.py          # rewrite the file
    python tools/web_tikal_data.py --check  # exit 1 if it differs
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.tikal.analysis import HEXES, SPECS, TREASURE_COPIES, TREASURE_KINDS  # noqa: E402

TARGET = ROOT / "assets" / "web" / "games" / "tikal" / "tiles.js"


def render() -> str:
    tiles = {tid: {"letter": s.letter, "kind": s.kind, "value": s.value, "masks": s.masks, "stones": list(s.stones)}
             for tid, s in SPECS.items()}
    lines = [
        "// The Tikal components the browser draws (tikal-tiles.md): written by tools/web_tikal_data.py",
        "// from engine/tikal/tiles.py; do not edit by hand (tests/test_web_tikal.py checks it).",
        "// stones: per edge N NE SE S SW NW at rotation 0; rotation k turns them clockwise.",
        "export const TILES = {",
    ]
    for tid, t in tiles.items():
        lines.append(f"  {json.dumps(tid)}: {json.dumps(t, separators=(', ', ': '))},")
    lines.append("};")
    lines.append(f"export const HEXES = {json.dumps([list(h) for h in HEXES], separators=(',', ':'))};")
    lines.append(f"export const TREASURE_KINDS = {TREASURE_KINDS};")
    lines.append(f"export const TREASURE_COPIES = {TREASURE_COPIES};")
    lines.append('export const LETTERS = "ABCDEFG";')
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        return 0 if TARGET.read_text(encoding="utf-8") == text else 1
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
