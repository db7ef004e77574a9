"""La Tortuga's facts, declared once (``engine/info.py``): the registry, the host and the
client's lobby derive the game's name, seat range and options from ``INFO``."""
from __future__ import annotations

from ..info import GameInfo, Option

INFO = GameInfo(
    name="tortuga",
    title="La Tortuga",
    min_seats=2, max_seats=7,                                                       # L-S1
    options=(Option("cards_as_dice", (False, True), False,                          # L-E2
                    label="web.option.cards_as_dice", value_labels=("web.dice", "web.cards_as_dice")),),
    start_score=0,
    # 2: L-E2 one card in the whole turn (new games); 1: one card per movement (older games).
    rules=2, rules_versions=(1, 2),
)
