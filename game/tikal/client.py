"""Tikal to the window, declared once (``game/client.py``): its table, how its options read in
the lobby, its results, its how-to pages, its rule book, its samples and its quick game."""
from __future__ import annotations

from .. import theme
from ..client import GameClient, Ref, ResultsButton, Scoring, Scorings
from .results import tikal_breakdown, tikal_columns


def option_line(tr, options: dict) -> str:
    return tr("lobby.variant", variant=tr(f"variant.{options.get('variant', 'base')}"))


def option_brief(tr, options: dict) -> str:
    return tr(f"variant.{options.get('variant', 'base')}")


CLIENT = GameClient.of_package(
    "tikal", "TikalScene", "T-", "tikal.md",
    option_line=option_line,
    option_brief=option_brief,
    breakdown=tikal_breakdown,
    columns=tikal_columns,
    results_button=ResultsButton("results.review", "results.review_tip", Ref("game.tikal.review:review_after_game"),
                                 Ref("game.tikal.review:open_review")),
    hints=True,                 # the hint (game/tikal/hint.py): a table may allow it
    # the volcano scorings (T-V1) and the final one (T-E1), docs/events.md
    scorings=Scorings(started="scoring_started", scored="scored", ended="scoring_ended", kinds=(
        Scoring("volcano", "tv.volcano", "chart.volcano", (232, 96, 48), "triangle"),
        Scoring("final", "tv.final", "chart.final", theme.ACCENT, "diamond", final=True))),
    quick_seats=4,
)
