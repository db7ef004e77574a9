"""Tikal's facts, declared once (``engine/info.py``): the registry, the host and the client's
lobby derive the game's name, seat range, options and start scores from ``INFO``."""
from __future__ import annotations

from ..info import GameInfo, Option

#: T-X1: in the auction variant the scores start at 20, the money for bids.
AUCTION_START_SCORE = 20

INFO = GameInfo(
    name="tikal",
    title="Tikal",
    min_seats=2, max_seats=4,                                                       # T-C4
    options=(Option("variant", ("base", "auction"), "base",
                    start_scores={"auction": AUCTION_START_SCORE},                  # T-X
                    label="web.option.variant", value_labels=("web.variant.base", "web.variant.auction")),),
    start_score=0,                                                                  # T-S3
    # 2: T-P4 places a walled-in tile anyway (new games); 1: it was removed (older games).
    rules=2, rules_versions=(1, 2),
)
