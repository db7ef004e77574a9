"""Sample scenes of the learning aids: the how-to-play pages of each game, the Tikal
hint shown on the board, the first-game guide's first pointer."""
from __future__ import annotations

import engine

from ..howto import HowToScene
from ..net_bridge import LocalBridge
from ..tikal import samples as tikal_samples
from ..tikal.positions import MID
from ..tikal.scene import TikalScene
from .registry import register
from .samples import NAMES, use


def _howto(game: str, page: int = 0):
    return lambda app, names: HowToScene(app, game, page)


def hint_table(app, hints: bool = True, names: list[str] = NAMES):
    """MID after Chloé's turn: Anna (seat 0, us) has the tile to place, at a table that allows
    hints (or not). Returns ``(bridge, scene)`` with every animation landed."""
    b = use(app, tikal_samples.local(MID, 0, names))
    if hints:
        b.lobby = {"id": 1, "game": "tikal", "hints": True, "players": []}
    scene = app.show(TikalScene(app, b))
    app.step(0.0, events=[])
    for action in tikal_samples.MID_SCRIPT:
        b.act(action)
    app.step(0.0, events=[])
    scene.timeline.skip()
    app.step(0.0, events=[])
    return b, scene


def _tikal_hint(app, names):
    """The hint asked for and shown on ``hint_table``'s position."""
    _, scene = hint_table(app, names=names)
    hint = scene.addons[0]
    hint.ask()
    hint.wait()
    app.step(0.0, events=[])
    return scene


def _tikal_guide(app, names):
    """A new two-player game, our first turn: the guide points at where the tile may go."""
    app.settings.guide_done = False
    g = engine.new_game("tikal", seats=2, seed=3)
    b = use(app, LocalBridge(g, my_seat=0, names=names[:2]))
    scene = app.show(TikalScene(app, b))
    app.step(0.0, events=[])
    return scene


def _tikal_guide_enter(app, names):
    """The guide's second step: the tile is placed, the bubble points at our supply (beside "What
    now?" and the supply, which it must not cover)."""
    scene = _tikal_guide(app, names)
    b = scene.bridge
    b.act(next(a for a in b.game.legal_actions() if a["type"] == "place_tile"))
    app.step(0.0, events=[])
    scene.timeline.skip()
    app.step(0.0, events=[])
    return scene


def _tikal_guide_bid(app, names):
    """A new auction game of three, our first bid: the guide explains the auction (beside the
    bidding box, never over it)."""
    app.settings.guide_done = False
    g = engine.new_game("tikal", seats=3, seed=3, options={"variant": "auction"})
    b = use(app, LocalBridge(g, my_seat=g.to_act, names=names[:3]))
    scene = app.show(TikalScene(app, b))
    app.step(0.0, events=[])
    return scene


register("howto", HowToScene, _howto("tikal"))
register("howto_actions", HowToScene, _howto("tikal", 2))
register("howto_volcano", HowToScene, _howto("tikal", 5))
register("howto_tortuga", HowToScene, _howto("tortuga", 1))
register("tikal_hint", TikalScene, _tikal_hint)
register("tikal_guide", TikalScene, _tikal_guide)
register("tikal_guide_enter", TikalScene, _tikal_guide_enter)
register("tikal_guide_bid", TikalScene, _tikal_guide_bid)
