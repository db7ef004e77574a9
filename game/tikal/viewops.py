"""Small look-ups in a shown Tikal view (what stands on a hex, the treasures held as sets). The
view is never edited by hand: the animations land it from the engine's view (``TableScene.land``)."""
from __future__ import annotations

from .geometry import hexkey


def figures_at(view: dict, h) -> list[dict]:
    k = hexkey(h)
    return [f for f in view.get("figures", []) if hexkey(f["hex"]) == k]


def own_figures(view: dict, seat: int, h) -> dict | None:
    k = hexkey(h)
    return next((f for f in view.get("figures", []) if f["seat"] == seat and hexkey(f["hex"]) == k), None)


def tile_at(view: dict, h) -> dict | None:
    k = hexkey(h)
    return next((t for t in view.get("tiles", []) if hexkey(t["hex"]) == k), None)


def guard_at(view: dict, h) -> dict | None:
    k = hexkey(h)
    return next((g for g in view.get("guards", []) if hexkey(g["hex"]) == k), None)


def camp_at(view: dict, h) -> dict | None:
    k = hexkey(h)
    return next((c for c in view.get("camps", []) if hexkey(c["hex"]) == k), None)


def treasure_groups(kinds: list[int]) -> list[tuple[int, int]]:
    """Held treasures as (kind, count) groups, biggest sets first (the sets that score)."""
    counts: dict[int, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    return sorted(counts.items(), key=lambda kc: (-kc[1], kc[0]))
