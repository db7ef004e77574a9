"""La Tortuga's samples for ``run_client.py --screenshot PATH --scene NAME`` and the tests (its
``GameClient.samples`` names this dict; it loads only when samples are asked for): its table, and
the shared screens over its positions (results, menu, pass-and-play, recap, replay, TV mode)."""
from __future__ import annotations

from ..howto import sample as howto_sample
from ..replay.samples import chart_sample, tv_sample, viewer_sample
from ..scenes.hotseat import pass_sample
from ..scenes.samples import menu_sample, results_sample
from . import samples

SAMPLES = {
        "tortuga": samples.table_sample,
        "tortuga_choose": samples.choose_sample(False),
        "tortuga_cards": samples.choose_sample(True),
        "tortuga_catch_up": samples.catch_up_sample,
        "tortuga_hint": samples.hint_sample(),
        "tortuga_hint_choose": samples.hint_sample(choose=True),
        "results": results_sample(samples.finished_tortuga_bridge),
        "results_again": results_sample(samples.finished_tortuga_bridge, again=True),
        "menu": menu_sample(samples.table_sample),
        "menu_leave": menu_sample(samples.table_sample, leave=True),
        "results_chart": chart_sample(results_sample(samples.finished_tortuga_bridge)),
        "replay_tortuga": viewer_sample("tortuga", 0.6, seats=5),
        "tv_tortuga": tv_sample("tortuga", 5, 0.5),
        "tv_tortuga_7": tv_sample("tortuga", 7, 0.5),           # the most players: no room for the code
        "tv_again": tv_sample("tortuga", 7, 1.0, "again"),      # between games: their Play again
        "hotseat_pass": pass_sample(samples.tortuga_bridge),
        "recap": samples.recap_sample,
        "recap_clock": samples.clock_recap_sample,
        "howto_tortuga": howto_sample("tortuga", 1),
}
