"""Tikal's components as data: the 36 terrain tiles, the 4 printed hexes, the token supplies (T-C).

Source: ``../shared/rules/tikal-tiles.md``. This is the one file that holds the tile set, so a
corrected tile set is a one-file change.

Provenance of the tile data (quoted from tikal-tiles.md): a community transcription of the
physical tiles (an unfinished 2014 open-source Android port); its totals match every independent
description of the game (15 temples, 10 jungles, 8 treasure tiles, 3 volcanoes; volcanoes in B, D,
F; temple values 1–6; 24 masks for 24 tokens; exactly 3 stones on every non-volcano tile, never
more than 3 on one edge). The per-tile stone layout rests on that one transcription.

Stones are listed per edge for rotation 0, edges in the order N NE SE S SW NW (edge index 0–5).
"""
from __future__ import annotations

from typing import NamedTuple

# Tile kinds.
BASE, TEMPLE, JUNGLE, TREASURE, VOLCANO = "base", "temple", "jungle", "treasure", "volcano"


class TileSpec(NamedTuple):
    id: str
    letter: str          # "A".."G"; "P" for the printed hexes
    kind: str            # BASE / TEMPLE / JUNGLE / TREASURE / VOLCANO
    value: int           # printed temple value (0 for other kinds)
    masks: int           # treasure masks (treasure tiles only)
    stones: tuple        # 6 ints, edges N NE SE S SW NW, rotation 0


def _t(id_, kind, value, masks, stones):
    return TileSpec(id_, id_[0], kind, value, masks, tuple(int(x) for x in stones.split()))


# T-C1: the 36 terrain tiles (tikal-tiles.md, "The 36 tiles").
TILE_LIST = (
    _t("A1", TEMPLE, 1, 0, "0 0 0 2 1 0"),
    _t("A2", TREASURE, 0, 4, "0 0 0 2 0 1"),
    _t("A3", JUNGLE, 0, 0, "1 1 0 1 0 0"),
    _t("A4", TEMPLE, 2, 0, "0 0 0 2 0 1"),
    _t("A5", TREASURE, 0, 4, "0 1 0 2 0 0"),
    _t("A6", TEMPLE, 2, 0, "1 0 0 2 0 0"),
    _t("B1", VOLCANO, 0, 0, "0 0 0 0 0 0"),
    _t("B2", TEMPLE, 2, 0, "0 1 0 2 0 0"),
    _t("B3", JUNGLE, 0, 0, "0 0 0 2 1 0"),
    _t("B4", JUNGLE, 0, 0, "0 0 0 2 0 1"),
    _t("B5", TREASURE, 0, 4, "0 0 1 2 0 0"),
    _t("B6", TEMPLE, 3, 0, "1 0 0 2 0 0"),
    _t("C1", TEMPLE, 4, 0, "0 1 0 2 0 0"),
    _t("C2", JUNGLE, 0, 0, "0 0 0 3 0 0"),
    _t("C3", JUNGLE, 0, 0, "1 1 0 1 0 0"),
    _t("C4", TREASURE, 0, 3, "0 0 0 3 0 0"),
    _t("C5", TEMPLE, 3, 0, "0 0 0 3 0 0"),
    _t("D1", TEMPLE, 5, 0, "0 0 0 3 0 0"),
    _t("D2", TREASURE, 0, 3, "0 0 0 3 0 0"),
    _t("D3", VOLCANO, 0, 0, "0 0 0 0 0 0"),
    _t("D4", JUNGLE, 0, 0, "0 1 0 1 0 1"),
    _t("D5", TEMPLE, 5, 0, "1 0 0 2 0 0"),
    _t("E1", TEMPLE, 6, 0, "0 0 0 3 0 0"),
    _t("E2", TREASURE, 0, 2, "0 0 1 2 0 0"),
    _t("E3", JUNGLE, 0, 0, "1 0 0 2 0 0"),
    _t("E4", JUNGLE, 0, 0, "1 0 0 2 0 0"),
    _t("E5", TEMPLE, 5, 0, "0 0 0 3 0 0"),
    _t("F1", TEMPLE, 4, 0, "0 0 0 3 0 0"),
    _t("F2", VOLCANO, 0, 0, "0 0 0 0 0 0"),
    _t("F3", JUNGLE, 0, 0, "1 0 0 2 0 0"),
    _t("F4", TREASURE, 0, 2, "1 0 0 2 0 0"),
    _t("F5", TEMPLE, 4, 0, "0 0 0 2 1 0"),
    _t("G1", TEMPLE, 3, 0, "0 0 1 2 0 0"),
    _t("G2", JUNGLE, 0, 0, "1 0 0 2 0 0"),
    _t("G3", TEMPLE, 3, 0, "0 0 0 2 0 1"),
    _t("G4", TREASURE, 0, 2, "0 0 0 3 0 0"),
)

# T-S1: the four hexes printed on the board (tikal-tiles.md, "The four printed hexes").
PRINTED_LIST = (
    (_t("P-base", BASE, 0, 0, "1 1 1 0 0 0"), (0, 0)),
    (_t("P-temple-n", TEMPLE, 1, 0, "1 1 0 1 0 0"), (0, -1)),
    (_t("P-jungle", JUNGLE, 0, 0, "1 1 1 0 0 0"), (1, -1)),
    (_t("P-temple-se", TEMPLE, 1, 0, "0 1 0 0 0 1"), (1, 0)),
)

TILES = {t.id: t for t in TILE_LIST}
PRINTED = {t.id: t for t, _ in PRINTED_LIST}
PRINTED_HEX = {t.id: h for t, h in PRINTED_LIST}
SPECS = {**TILES, **PRINTED}          # every id a board hex can carry
LETTERS = "ABCDEFG"

# T-C2: 24 treasure tokens, 8 kinds (0-7) x 3.
TREASURE_KINDS = 8
TREASURE_COPIES = 3

# T-C3: the shared, finite supply of temple level tokens, value -> count.
LEVEL_TOKENS = {2: 3, 3: 6, 4: 9, 5: 11, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1}
MAX_LEVEL = 10

# T-C4: per player (the seat range is in info.py).
WORKERS = 18                       # and one leader
CAMPS = 2
GUARDS = 2                         # T-A8e

# T-L1: strength of a figure on a hex.
STRENGTH = {"worker": 1, "leader": 3}


def rotated(stones: tuple, rotation: int) -> tuple:
    """The stones per *direction* (0..5) of a tile turned ``rotation`` steps clockwise: the stones
    listed for edge i face direction (i + rotation) % 6."""
    k = rotation % 6
    return tuple(stones[(d - k) % 6] for d in range(6))


#: ROTATED[tile id][rotation] -> stones per direction; precomputed for every id and rotation.
ROTATED = {tid: tuple(rotated(spec.stones, k) for k in range(6)) for tid, spec in SPECS.items()}


def _check() -> None:
    # The totals tikal-tiles.md promises (T-C1); a wrong edit of the table fails at import.
    kinds = [t.kind for t in TILE_LIST]
    assert len(TILE_LIST) == 36
    assert (kinds.count(TEMPLE), kinds.count(JUNGLE), kinds.count(TREASURE),
            kinds.count(VOLCANO)) == (15, 10, 8, 3)
    assert sum(t.masks for t in TILE_LIST) == TREASURE_KINDS * TREASURE_COPIES
    assert all(sum(t.stones) == 3 and max(t.stones) <= 3 for t in TILE_LIST if t.kind != VOLCANO)
    assert sum(LEVEL_TOKENS.values()) == 48


_check()
