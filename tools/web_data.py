"""Writes the data both clients share into the browser client's files, from its one Python source
(the page has no build step: these files are committed, and tests/test_web_data.py checks that
each is what this script writes):

- ``assets/web/games/tikal/tiles.js``: Tikal's components (``engine/tikal/tiles.py``,
  tikal-tiles.md): each tile's letter, kind, printed temple value, treasure masks and stones per
  edge at rotation 0, and the board's 40 hexes. The browser draws the tiles from it and counts
  what is left of the stack; it decides nothing with it (the host's ``legal`` does).
- ``assets/web/games/<game>/log_lines.js``: each game's log lines (``game/<game>/log_lines.py``,
  ``game/eventlog.py``), read by ``assets/web/app/loglines.js``; Tikal's with the catalog keys of
  its tile and treasure kinds (``game/tikal/words.py``).
- ``assets/web/games/<game>/scorings.js``: how each game's scoring rounds show in its events (the
  window's ``game/<game>/client.py`` ``scorings``: the event types that open one, give a seat's
  points in it and close it; each kind's catalog keys, colour and mark).
- ``assets/web/games/tortuga/facts.js``: La Tortuga's numbers the island draws (``engine/tortuga``:
  the track, the beach's card, the sum's limit).
- ``assets/web/games/<game>/learn_facts.js``: what the learning aids read (issue 38): when the
  hint may be asked (``engine/bots/hints.py``: its phases, the least number of choices), and for
  Tikal which event plays a step of the plan (``game/tikal/hint.py``) and the first-game guide's
  steps and the events that do them (``game/tikal/guide.py``).
- ``assets/web/games/<game>/howto_pages.js``: how to play, the window's pages (``game/<game>/howto.py``):
  each page's catalog keys (its title, its body and a finger's words of it, a rows page's rows) and
  its pictures as data (``game/howto/items.py``), which the page draws with its own art
  (``assets/web/app/howto.js``, ``assets/web/games/<game>/howto.js``).
- ``assets/web/app/palette.js``: the players' tones in the host's order of colours, the shapes
  (each one's polygon round (0, 0) of radius 1) and the interface's colours (``game/theme.py``), and
  whether the shapes are on at first (the window's default, ``game/settings.py``).

    python tools/web_data.py          # rewrite the files
    python tools/web_data.py --check  # exit 1 (naming them) if one differs
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from engine.bots.hints import HINTS  # noqa: E402
from engine.tikal.analysis import HEXES, SPECS, TREASURE_COPIES, TREASURE_KINDS  # noqa: E402
from engine.tortuga import cards as tortuga_cards  # noqa: E402
from engine.tortuga import flow as tortuga_flow  # noqa: E402
from engine.tortuga import track as tortuga_track  # noqa: E402
from game import theme  # noqa: E402
from game.howto import items as howto_items  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.tikal import client as tikal_client  # noqa: E402
from game.tikal import guide as tikal_guide  # noqa: E402
from game.tikal import hint as tikal_hint  # noqa: E402
from game.tikal import log_lines as tikal_lines  # noqa: E402
from game.tikal import words as tikal_words  # noqa: E402
from game.tortuga import client as tortuga_client  # noqa: E402
from game.tortuga import log_lines as tortuga_lines  # noqa: E402
from net.messages import COLOURS  # noqa: E402

WEB = ROOT / "assets" / "web"


def _header(what: str, source: str) -> list[str]:
    return [f"// {what}.",
            f"// Written by tools/web_data.py from {source}: do not edit by hand (tests/test_web_data.py checks it)."]


def _js(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _table(name: str, rows: dict) -> list[str]:
    return [f"export const {name} = {{", *[f"  {_js(k)}: {_js(v)}," for k, v in rows.items()], "};"]


def tikal_tiles() -> str:
    tiles = {tid: {"letter": s.letter, "kind": s.kind, "value": s.value, "masks": s.masks, "stones": list(s.stones)}
             for tid, s in SPECS.items()}
    lines = [
        *_header("The Tikal components the browser draws (tikal-tiles.md)", "engine/tikal/tiles.py"),
        "// stones: per edge N NE SE S SW NW at rotation 0; rotation k turns them clockwise.",
        *_table("TILES", tiles),
        f"export const HEXES = {json.dumps([list(h) for h in HEXES], separators=(',', ':'))};",
        f"export const TREASURE_KINDS = {TREASURE_KINDS};",
        f"export const TREASURE_COPIES = {TREASURE_COPIES};",
        'export const LETTERS = "ABCDEFG";',
    ]
    return "\n".join(lines) + "\n"


def log_lines(game: str, module) -> str:
    lines = [
        *_header(f"How each {game} event reads in the table's log, as data (app/loglines.js reads it)",
                 f"game/{module.__name__.split('.')[1]}/log_lines.py"),
        f"// The readings it names are log.js's READINGS: {', '.join(sorted(module.READINGS))}.",
        *_table("LOG_LINES", module.LOG_LINES.data()),
    ]
    if module is tikal_lines:
        lines += [f"export const KIND_KEYS = {_js(tikal_words.KIND_KEYS)};",
                  f"export const TREASURE_KEYS = {_js(list(tikal_words.TREASURE_KEYS))};"]
    return "\n".join(lines) + "\n"


def scorings(game: str, module) -> str:
    sc = module.CLIENT.scorings
    data = {"started": sc.started, "scored": sc.scored, "ended": sc.ended,
            "kinds": [{"kind": k.kind, "title": k.title, "label": k.label, "colour": _hex(k.colour), "shape": k.shape,
                       "final": k.final} for k in sc.kinds]}
    lines = [
        *_header(f"How {game}'s scoring rounds show in its events (none: null)",
                 f"game/{module.__name__.split('.')[1]}/client.py (scorings)"),
        f"export const SCORINGS = {_js(data)};",
    ]
    return "\n".join(lines) + "\n"


def tortuga_facts() -> str:
    lines = [
        *_header("La Tortuga's numbers the island draws", "engine/tortuga (track.py, cards.py, flow.py)"),
        f"export const RAFT = {tortuga_track.RAFT};            // the space before the track",
        f"export const BEACH = {tortuga_track.BEACH};          // the last space",
        f"export const SPACES = {tortuga_track.SPACES};",
        f"export const BEACH_EGGS = {tortuga_cards.BEACH_EGGS};      // the beach's card",
        f"export const CARD_COUNTS = {_js({str(k): v for k, v in tortuga_cards.CARD_COUNTS.items()})};",
        f"export const MAX_SUM = {tortuga_flow.MAX_SUM};         // a sum over it busts (L-T3)",
        f"export const MAX_DICE = {tortuga_flow.MAX_DICE};",
    ]
    return "\n".join(lines) + "\n"


def learn_facts(game: str) -> str:
    hint = HINTS[game]
    title = TITLES[game]
    lines = [
        *_header(f"What {title}'s hint and guide read (the hint's moments; a plan's steps and the guide's steps)",
                 "engine/bots/hints.py" + (", game/tikal/hint.py, game/tikal/guide.py" if game == "tikal" else "")),
        f"export const HINT = {_js({'phases': list(hint.phases), 'choices': hint.choices})};",
    ]
    if game == "tikal":
        lines += [
            "// a step's action type -> the host's event that says it was played",
            f"export const PLAYED_BY = {_js(tikal_hint.PLAYED_BY)};",
            "// the first turn's steps, and the host's event (of our own seat) that does each",
            f"export const GUIDE_STEPS = {_js(list(tikal_guide.STEPS))};",
            f"export const GUIDE_DONE_BY = {_js(tikal_guide.DONE_BY)};",
        ]
    return "\n".join(lines) + "\n"


TITLES = {"tikal": "Tikal", "tortuga": "La Tortuga"}
BOX = {"picture": [howto_items.PICTURE_W, howto_items.PICTURE_H], "icon": [howto_items.ICON_W, howto_items.ICON_H]}


def howto_pages(game: str, module) -> str:
    pages = []
    for page in module.CLIENT.pages:
        declared = page.declared
        entry = {"id": page.id, "title": page.title, "body": page.body, "body_touch": page.body_touch,
                 "picture": list(page.picture) if declared and page.picture else None, "rows": None}
        if page.rows:
            entry["rows"] = [{"item": item, "name": page.row_keys(item)[0], "text": page.row_keys(item)[1],
                              "picture": list(page.row_pictures.get(item, ())) if declared else None}
                             for item in page.rows]
        pages.append(entry)
    lines = [
        *_header(f"How to play {TITLES[game]}: the window's pages, their texts' keys and their pictures as data",
                 f"game/{game}/howto.py (its CLIENT.howto), game/howto/items.py"),
        f"// a page's picture is drawn in a {howto_items.PICTURE_W}x{howto_items.PICTURE_H} box, a row's in "
        f"{howto_items.ICON_W}x{howto_items.ICON_H}; its items in order (app/howto.js draws the shared kinds,",
        "// the game's howto.js its own)",
        f"export const BOX = {_js(BOX)};",
        "export const PAGES = [",
        *[f"  {_js(p)}," for p in pages],
        "];",
    ]
    return "\n".join(lines) + "\n"


def _hex(rgb) -> str:
    return "#" + "".join(f"{v:02x}" for v in rgb[:3])


def palette() -> str:
    shapes = {s: (None if s == "circle" else [[round(x, 4), round(y, 4)] for x, y in theme.shape_points(s, (0, 0), 1)])
              for s in theme.SHAPES}
    lines = [
        *_header("The players' marks and the interface's colours", "game/theme.py"),
        "// TONES: each seat colour of the host (net/messages.py COLOURS, in its order) in its Okabe–Ito tone.",
        *_table("TONES", {c: _hex(theme.TONES[c]) for c in COLOURS}),
        f"export const SHAPES = {_js(theme.SHAPES)};",
        "// each shape's polygon round (0, 0) of radius 1 (the circle: drawn as one)",
        *_table("SHAPE_POINTS", shapes),
        *[f'export const {name} = "{_hex(getattr(theme, name))}";' for name in
          ("INK", "PAPER", "PANEL", "ACCENT", "GOOD", "BAD", "MUTED")],
        f"export const LIGHT_TONE = {theme.LIGHT_TONE};     // a tone lighter than this takes ink, else paper",
        "// the colour-blind shapes at first (game/settings.py, the window's default): one player, one look",
        f"export const SHAPES_ON = {_js(Settings.__dataclass_fields__['shapes'].default)};",
    ]
    return "\n".join(lines) + "\n"


#: file (from the repository's root) -> its text
def outputs() -> dict[str, str]:
    return {
        "assets/web/games/tikal/tiles.js": tikal_tiles(),
        "assets/web/games/tikal/log_lines.js": log_lines("Tikal", tikal_lines),
        "assets/web/games/tortuga/log_lines.js": log_lines("La Tortuga", tortuga_lines),
        "assets/web/games/tikal/scorings.js": scorings("Tikal", tikal_client),
        "assets/web/games/tortuga/scorings.js": scorings("La Tortuga", tortuga_client),
        "assets/web/games/tortuga/facts.js": tortuga_facts(),
        "assets/web/games/tikal/learn_facts.js": learn_facts("tikal"),
        "assets/web/games/tikal/howto_pages.js": howto_pages("tikal", tikal_client),
        "assets/web/games/tortuga/howto_pages.js": howto_pages("tortuga", tortuga_client),
        "assets/web/games/tortuga/learn_facts.js": learn_facts("tortuga"),
        "assets/web/app/palette.js": palette(),
    }


def stale(root: Path = ROOT) -> list[str]:
    """The files under ``root`` that differ from what this script writes."""
    out = []
    for rel, text in outputs().items():
        p = root / rel
        if not p.exists() or p.read_text(encoding="utf-8") != text:
            out.append(rel)
    return out


def main(argv: list[str]) -> int:
    if "--check" in argv:
        bad = stale()
        for rel in bad:
            print(f"{rel} is stale: run tools/web_data.py", file=sys.stderr)
        return 1 if bad else 0
    for rel, text in outputs().items():
        (ROOT / rel).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
