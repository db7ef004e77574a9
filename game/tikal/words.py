"""The words for Tikal's things, as catalog keys: tile kinds and treasure kinds."""
from __future__ import annotations

from engine.tikal.analysis import SPECS

KIND_KEYS = {"temple": "tikal.kind.temple", "jungle": "tikal.kind.jungle", "treasure": "tikal.kind.treasure",
             "volcano": "tikal.kind.volcano", "base": "tikal.kind.base"}
TREASURE_KEYS = ("tikal.treasure.mask", "tikal.treasure.jaguar", "tikal.treasure.jade", "tikal.treasure.sun",
                 "tikal.treasure.vase", "tikal.treasure.idol", "tikal.treasure.necklace", "tikal.treasure.calendar")


def treasure_name(tr, kind: int) -> str:
    return tr(TREASURE_KEYS[kind % len(TREASURE_KEYS)])


def kind_name(tr, tile_id: str) -> str:
    """The kind of a tile ("temple", "jungle"...), in words."""
    return tr(KIND_KEYS[SPECS[tile_id].kind]) if tile_id in SPECS else "?"
