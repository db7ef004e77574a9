"""La Tortuga to the window, declared once (``game/client.py``): its table, how its option reads
in the lobby, its results, its how-to pages, its rule book, its samples and its quick game."""
from __future__ import annotations

from ..client import GameClient
from .results import tortuga_breakdown


def option_line(tr, options: dict) -> str:
    return tr("lobby.cards_as_dice", on=tr("common.on" if options.get("cards_as_dice") else "common.off"))


CLIENT = GameClient.of_package(
    "tortuga", "TortugaScene", "L-", "la-tortuga.md",
    option_line=option_line,
    option_brief=option_line,
    breakdown=tortuga_breakdown,
    hints=True,                 # the hint (game/tortuga/hint.py): a table may allow it
    quick_seats=4,
)
