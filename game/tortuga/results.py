"""La Tortuga on the results scene: each seat's egg cards and the beach."""
from __future__ import annotations


def tortuga_breakdown(app, view, seat) -> list[str]:
    cards = view.get("held", {}).get(str(seat), [])
    parts = [app.tr("results.cards", cards=" + ".join(map(str, cards)) or "—")]
    if view.get("beach") == seat:
        parts.append(app.tr("results.beach"))
    parts.append(app.trn("results.card_count", len(cards) + (1 if view.get("beach") == seat else 0)))
    return parts
