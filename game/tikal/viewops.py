"""Small edits of a shown Tikal view, step by step while the host's events animate (the scene
ends every sequence on exactly the host's view, so these only need to look right in between)."""
from __future__ import annotations

from .geometry import hexkey


def figures_at(view: dict, h) -> list[dict]:
    k = hexkey(h)
    return [f for f in view.get("figures", []) if hexkey(f["hex"]) == k]


def own_figures(view: dict, seat: int, h) -> dict | None:
    k = hexkey(h)
    return next((f for f in view.get("figures", []) if f["seat"] == seat and hexkey(f["hex"]) == k), None)


def add_figure(view: dict, seat: int, h, figure: str, n: int = 1) -> None:
    f = own_figures(view, seat, h)
    if f is None:
        f = {"seat": seat, "hex": list(hexkey(h)), "workers": 0, "leader": False}
        view.setdefault("figures", []).append(f)
    if figure == "leader":
        f["leader"] = True
    else:
        f["workers"] += n


def remove_figure(view: dict, seat: int, h, figure: str, n: int = 1) -> None:
    f = own_figures(view, seat, h)
    if f is None:
        return
    if figure == "leader":
        f["leader"] = False
    else:
        f["workers"] = max(0, f["workers"] - n)
    if not f["workers"] and not f["leader"]:
        view["figures"].remove(f)


def supply_change(view: dict, seat: int, figure: str, delta: int) -> None:
    supply = view.get("supply") or []
    if 0 <= seat < len(supply):
        if figure == "leader":
            supply[seat]["leader"] = delta > 0
        else:
            supply[seat]["workers"] = max(0, supply[seat]["workers"] + delta)


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
