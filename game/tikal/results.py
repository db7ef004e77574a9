"""Tikal's rows on the results scene: each seat's temples and treasure sets at the end (the
engine's own scoring breakdown, computed from the final view)."""
from __future__ import annotations

from ..scenes.results import BREAKDOWNS
from .viewops import treasure_groups


def tikal_breakdown(app, view, seat) -> list[str]:
    from engine.tikal import breakdown

    try:
        b = breakdown(view, seat)
    except Exception:  # a view the engine cannot rebuild (an older host): show the sets only
        b = None
    parts = []
    if b is not None:
        values = [t["value"] for t in b["temples"]]
        parts.append(app.tr("tikal.result_temples", values=" + ".join(map(str, values)) + f" = {b['temple_points']}")
                     if values else app.tr("tikal.result_no_temples"))
    held = (view.get("held") or {}).get(str(seat), [])
    groups = treasure_groups(held)
    if groups:
        sets = " ".join("●" * n for _, n in groups)
        if b is not None:
            sets += f" = {b['treasure_points']}"
        parts.append(app.tr("tikal.result_sets", sets=sets))
    else:
        parts.append(app.tr("tikal.result_no_treasures"))
    return parts


BREAKDOWNS["tikal"] = tikal_breakdown
