"""Tikal's samples for ``run_client.py --screenshot PATH --scene NAME`` and the tests (its
``GameClient.samples`` names this dict; it loads only when samples are asked for): its table on
representative positions, the learning aids, the review, the replay and TV mode over its games."""
from __future__ import annotations

from ..howto import sample as howto_sample
from ..replay.samples import chart_sample, tv_sample, viewer_sample
from . import review, samples

SAMPLES = {
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
}
