"""Tikal on the results scene: a column per scoring round (each volcano and the final, from the
view's history of rounds, so a player who rejoined sees them too) and each seat's temples and
treasure sets at the end (the engine's own scoring breakdown, computed from the final view)."""
from __future__ import annotations

from engine.tikal.analysis import breakdown

from .viewops import treasure_groups


def tikal_breakdown(app, view, seat) -> list[str]:
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



def tikal_columns(app, view) -> list:
    """Every scoring round's points per seat (the tooltip splits temples and treasures); in the
    auction, what the score owes to the start and the bids (the rest of the final score)."""
    seats = int(view.get("seats") or 0)
    cols, volcano = [], 0
    gained = [0] * seats
    for r in view.get("rounds") or []:
        if r["kind"] == "volcano":
            volcano += 1
            header = app.tr("results.volcano_n", n=volcano)
        else:
            header = app.tr("results.final")
        cells, tips = ["—"] * seats, [header] * seats
        for e in r["scored"]:
            s = e["seat"]
            cells[s] = f"+{e['total']}"
            tips[s] = app.trn("results.round_tip", e["total"], round=header, temples=e["temples"],
                              treasures=e["treasures"])
            gained[s] += e["total"]
        cols.append((header, cells, tips))
    rest = [int(score) - g for score, g in zip(view.get("scores") or [], gained)]
    if any(rest):
        cells = [f"{x:+d}" for x in rest]
        cols.insert(0, (app.tr("results.auction_col"), cells, [app.tr("results.auction_tip")] * seats))
    return cols

