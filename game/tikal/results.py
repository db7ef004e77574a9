"""Tikal on the results scene: a column per scoring round (each volcano and the final, from the
view's history of rounds, so a player who rejoined sees them too) and each seat's temples and
treasure sets at the end (the engine's own scoring breakdown, computed from the final view)."""
from __future__ import annotations

import engine
from engine.tikal.analysis import breakdown

from .viewops import treasure_groups


def final_entry(view, seat) -> dict | None:
    """What the final scoring round gave ``seat`` (``{"temples", "treasures", "total"}`` points), as
    the host scored it right after that player's own scoring turn (T-E1), or None."""
    rounds = [r for r in view.get("rounds") or [] if r.get("kind") != "volcano"]
    for e in (rounds[-1]["scored"] if rounds else ()):
        if e.get("seat") == seat:
            return e
    return None


def tikal_breakdown(app, view, seat) -> list[str]:
    """The line under a name: the temples and the treasure sets that scored in the final round.
    Its points are that round's (the Final column's: one source); the temples' values and the sets
    are shown beside them only where the board at the end still adds up to those points (players
    who scored later may have changed majorities or swapped treasures since)."""
    try:
        b = breakdown(view, seat)
    except Exception:  # a view the engine cannot rebuild (an older host): show the sets only
        b = None
    scored = final_entry(view, seat)
    temple_pts = scored["temples"] if scored else (b["temple_points"] if b else None)
    treasure_pts = scored["treasures"] if scored else (b["treasure_points"] if b else None)
    parts = []
    values = [t["value"] for t in b["temples"]] if b is not None else []
    if b is not None and values and b["temple_points"] == temple_pts:
        parts.append(app.tr("tikal.result_temples", values=" + ".join(map(str, values)) + f" = {temple_pts}"))
    elif temple_pts:
        parts.append(app.trn("tikal.result_temple_points", temple_pts))
    else:
        parts.append(app.tr("tikal.result_no_temples"))
    held = (view.get("held") or {}).get(str(seat), [])
    groups = treasure_groups(held)
    if groups and (treasure_pts is None or b is None or b["treasure_points"] == treasure_pts):
        sets = " ".join("●" * n for _, n in groups)
        if treasure_pts is not None:
            sets += f" = {treasure_pts}"
        parts.append(app.tr("tikal.result_sets", sets=sets))
    elif treasure_pts:
        parts.append(app.trn("tikal.result_treasure_points", treasure_pts))
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
    if any(rest):   # the auction: the start less the bids paid, never "+16" (it reads as points won)
        start = engine.GAMES["tikal"].start_scores(1, {"variant": "auction"})[0]   # T-X1
        cells = [f"{start} − {start - x}" for x in rest]
        tips = [app.tr("results.auction_tip") + "\n" + app.tr("results.auction_cell_tip", start=start, bids=start - x,
                                                                left=x) for x in rest]
        cols.insert(0, (app.tr("results.auction_col"), cells, tips))
    return cols

