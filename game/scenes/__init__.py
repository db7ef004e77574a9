"""The client's scenes. ``load_all()`` imports every scene module so their ``register`` calls run;
``table_scene_for(app, bridge)`` picks the table scene of the bridge's game."""
from __future__ import annotations

from .registry import SCENES, names, register, sample  # noqa: F401


def load_all() -> None:
    from ..replay import samples as _replay  # noqa: F401  (registers replay, replay_chart, replay_tortuga)
    from ..tikal import scene  # noqa: F401  (registers tikal, volcano, tikal_auction, tikal_results)
    from ..tortuga import scene as _tortuga  # noqa: F401  (registers tortuga)
    from . import (
        hotseat,  # noqa: F401  (registers hotseat_pass)
        learn_samples,  # noqa: F401  (registers howto…, tikal_hint, tikal_guide)
        recap,  # noqa: F401  (registers recap)
        samples,  # noqa: F401  (registers browser, lobby, results, settings, menu, rules)
        standings,  # noqa: F401  (registers standings)
        welcome,  # noqa: F401  (registers welcome, quick)
    )


def table_scene_for(app, bridge):
    load_all()
    game = bridge.table.game or (bridge.table.view or {}).get("game", "tortuga")
    return SCENES[game][0](app, bridge)
