"""Tikal to the window, declared once (``game/client.py``): its table, how its options read in
the lobby, its results, its how-to pages, its rule book, its samples and its quick game."""
from __future__ import annotations

from ..client import GameClient, ResultsButton, rule_book
from ..howto import Page
from ..howto import sample as howto_sample
from ..replay.samples import chart_sample, tv_sample, viewer_sample
from . import howto as tp
from . import review, samples
from .results import tikal_breakdown, tikal_columns
from .scene import TikalScene


def option_line(tr, options: dict) -> str:
    return tr("lobby.variant", variant=tr(f"variant.{options.get('variant', 'base')}"))


def option_brief(tr, options: dict) -> str:
    return tr(f"variant.{options.get('variant', 'base')}")


CLIENT = GameClient(
    name="tikal",
    table=TikalScene,
    option_line=option_line,
    option_brief=option_brief,
    rules=rule_book("T-", "tikal.md"),
    howto=(
        Page("tikal", "goal", tp.goal),
        Page("tikal", "turn", tp.turn),
        Page("tikal", "act", rows=tp.ACTIONS, row_picture=tp.action_icon),
        Page("tikal", "moving", tp.moving),
        Page("tikal", "majority", tp.majority),
        Page("tikal", "volcano", tp.volcano),
        Page("tikal", "end", tp.end),
    ),
    howto_keys=tp.KEYS,
    breakdown=tikal_breakdown,
    columns=tikal_columns,
    results_button=ResultsButton("results.review", "results.review_tip", review.review_after_game,
                                 review.open_review),
    hints=True,                 # the hint (game/tikal/hint.py): a table may allow it
    quick_seats=4,
    samples={
        "tikal": samples.sample("tikal"),
        "volcano": samples.sample("volcano"),
        "tikal_auction": samples.sample("auction"),
        "tikal_place": samples.sample("place"),
        "tikal_swap": samples.sample("swap"),
        "tikal_results": samples.sample("results"),
        "tikal_wait": samples.sample("wait"),
        "tikal_catch_up": samples.sample("catch_up"),
        "tikal_auction_wait": samples.sample("auction_wait"),
        "tikal_review": samples.sample("review"),
        "tikal_hint": samples.hint_sample,
        "tikal_guide": samples.guide_sample,
        "tikal_game_review": review.review_list_sample,
        "tikal_game_review_turn": review.review_turn_sample,
        "tikal_guide_enter": samples.guide_enter_sample,
        "tikal_guide_bid": samples.guide_bid_sample,
        "tikal_results_chart": chart_sample(samples.sample("results")),
        "replay": viewer_sample("tikal", 0.5, first_mark=True),
        "replay_chart": viewer_sample("tikal", 0.7, chart=True),
        "tv": tv_sample("tikal", 4, 0.45),
        "tv_volcano": tv_sample("tikal", 4, 0.45, "tally"),
        "tv_standings": tv_sample("tikal", 4, 0.9, "standings"),
        "howto": howto_sample("tikal"),
        "howto_actions": howto_sample("tikal", 2),
        "howto_volcano": howto_sample("tikal", 5),
    },
)
