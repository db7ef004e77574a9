"""La Tortuga to the window, declared once (``game/client.py``): its table, how its option reads
in the lobby, its results, its how-to pages, its rule book, its samples and its quick game."""
from __future__ import annotations

from ..client import GameClient, rule_book
from ..howto import Page
from ..howto import sample as howto_sample
from ..replay.samples import chart_sample, tv_sample, viewer_sample
from ..scenes.hotseat import pass_sample
from ..scenes.samples import menu_sample, results_sample
from . import howto as lp
from . import samples
from .results import tortuga_breakdown
from .scene import TortugaScene


def option_line(tr, options: dict) -> str:
    return tr("lobby.cards_as_dice", on=tr("common.on" if options.get("cards_as_dice") else "common.off"))


CLIENT = GameClient(
    name="tortuga",
    table=TortugaScene,
    option_line=option_line,
    option_brief=option_line,
    rules=rule_book("L-", "la-tortuga.md"),
    howto=(
        Page("tortuga", "goal", lp.goal),
        Page("tortuga", "roll", lp.roll),
        Page("tortuga", "ride", lp.ride),
        Page("tortuga", "beach", lp.beach),
        Page("tortuga", "options", lp.options),
    ),
    howto_keys=lp.KEYS,
    breakdown=tortuga_breakdown,
    quick_seats=4,
    samples={
        "tortuga": samples.table_sample,
        "tortuga_choose": samples.choose_sample(False),
        "tortuga_cards": samples.choose_sample(True),
        "tortuga_catch_up": samples.catch_up_sample,
        "results": results_sample(samples.finished_tortuga_bridge),
        "menu": menu_sample(samples.table_sample),
        "menu_leave": menu_sample(samples.table_sample, leave=True),
        "results_chart": chart_sample(results_sample(samples.finished_tortuga_bridge)),
        "replay_tortuga": viewer_sample("tortuga", 0.6, seats=5),
        "tv_tortuga": tv_sample("tortuga", 5, 0.5),
        "hotseat_pass": pass_sample(samples.tortuga_bridge),
        "recap": samples.recap_sample,
        "howto_tortuga": howto_sample("tortuga", 1),
    },
)
