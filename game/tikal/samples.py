"""The Tikal scenes on representative positions (screenshots, the README, tests, the benchmark),
built from the scenario dicts of ``positions`` through the engine, in-process (``LocalBridge``):

- ``tikal``: mid-game, our action phase, a figure selected (its reachable hexes and costs shown);
- ``volcano``: a full late-game board; the third volcano is drawn and the scoring round is being
  animated (the eruption is over and the first tally is flying to its score);
- ``auction``: the auction variant, our bid against the revealed tiles;
- ``results``: that late board played out to the end by bots: the results with each player's
  temples and treasure sets.
"""
from __future__ import annotations

import copy

import engine
from engine.bots import make_bot

from ..net_bridge import LocalBridge
from ..scenes.results import ResultsScene
from ..scenes.samples import NAMES as SAMPLE_NAMES
from ..scenes.samples import clocked
from ..scenes.samples import use as use_bridge
from .positions import LATE, MID
from .scene import TikalScene

NAMES = SAMPLE_NAMES[:4]


#: Chloé's actions in MID before the "tikal" sample's frame: real actions, so the log is real.
MID_SCRIPT = [{"type": "uncover", "hex": [4, -2]},
              {"type": "move", "figure": "worker", "path": [[1, -3], [1, -2]]},
              {"type": "dig", "hex": [1, -2]},
              {"type": "end_turn"}]


def local(scenario: dict, my_seat: int | None = 0, names: list[str] = NAMES) -> LocalBridge:
    g = engine.from_scenario(copy.deepcopy(scenario))
    return LocalBridge(g, my_seat=my_seat, names=names[: g.seats])


def run(app, seconds: float, dt: float = 1 / 60) -> None:
    for _ in range(int(round(seconds / dt))):
        app.step(dt, events=[])


def end_turn(bridge) -> None:
    """The seat to act ends its AP phase (through the bridge, as a player would)."""
    bridge.act({"type": "end_turn"})


def volcano_bridge(my_seat: int = 0, place: bool = False) -> LocalBridge:
    """LATE, then its acting seat ends the turn: the next seat draws the volcano and the scoring
    round starts; its first scorer ends their scoring turn at once. With ``place`` every scorer
    ends theirs and the drawer places the volcano: the whole sequence, for the benchmark."""
    b = local(LATE, my_seat)
    end_turn(b)
    end_turn(b)
    if place:
        g = b.game
        while g.view(None).get("scoring"):
            end_turn(b)
        b.act(g.legal_actions()[0])
    b.poll()  # a scene built on this bridge starts from here: nothing left to animate
    return b


def swap_scenario() -> dict:
    """MID where Chloé (seat 2) can swap fifteen ways, with Anna and with Boris."""
    d = copy.deepcopy(MID)
    d["held"] = {"0": [5, 6, 3], "1": [6, 5], "2": [0, 2, 4]}
    return d


def auction_scenario() -> dict:
    d = copy.deepcopy(MID)
    d.update(variant="auction", scores=[24, 17, 21], seat=0, moved=[1, 2])
    return d


def hinted(bridge: LocalBridge) -> LocalBridge:
    """The table allows hints (the Hint button shows): the tables' samples are drawn with it."""
    bridge.lobby = {"id": 1, "game": "tikal", "hints": True, "players": []}
    return bridge


def build(app, cls, kind: str, names: list[str] = NAMES):
    def use(app, bridge):
        return use_bridge(app, hinted(bridge))

    if kind == "tikal":
        b = use(app, local(MID, 0, names))
        scene = app.show(cls(app, b))
        app.step(0.0, events=[])                     # the bridge's first (full) update
        for action in MID_SCRIPT:                    # Chloé's turn, then Anna draws and places
            b.act(action)
        b.act(next(a for a in b.game.legal_actions() if a["type"] == "place_tile"))
        b.act({"type": "enter", "figure": "worker", "hex": [0, 0]})
        app.step(0.0, events=[])
        scene.timeline.skip()
        app.step(0.0, events=[])
        scene.sel.select([2, -1], "leader", quiet=True)  # Anna's leader: where it can walk, and for how much
        far = max(scene.sel.targets.items(), key=lambda kv: (kv[1]["cost"], kv[0]), default=None)
        if far:  # the mouse over its farthest target, above the figures there
            x, y = scene.board.center(far[0])
            scene.sel.motion((int(x), int(y - scene.board.layout.size * 0.55)))
        return scene
    if kind in ("wait", "catch_up"):
        # wait: Chloé's action phase (her name in the prompt); catch_up: her whole turn arrives at
        # once and ours waits behind its replay (the chip "your turn — N moves to watch · Skip")
        b = use(app, local(MID, 0, names))
        scene = app.show(cls(app, b))
        app.step(0.0, events=[])
        script = MID_SCRIPT[:1] if kind == "wait" else MID_SCRIPT
        for action in script:
            b.act(action)
        app.step(0.0, events=[])
        if kind == "wait":      # ... at a table with a turn clock: how long she has thought, Nudge
            clocked(b, 83.0)
            scene.timeline.skip()
            app.step(0.0, events=[])
        return scene
    if kind == "auction_wait":                       # Boris bids; Anna waits (the greyed bidding)
        b = use(app, local(auction_scenario(), 0, names))
        scene = app.show(cls(app, b))
        app.step(0.0, events=[])
        end_turn(b)
        run(app, 2.4)
        return scene
    if kind == "review":                             # the final board seen from the results (Back)
        results = build(app, ResultsScene, "results", names)
        app.show(results)
        return app.push(cls(app, hinted(results.bridge), review=True))
    if kind == "place":                              # Anna's drawn tile, turned, over a spot it fits
        b, scene = hint_table(app, names=names)
        spot = next(a for a in b.game.legal_actions() if a["type"] == "place_tile" and a["rotation"])
        scene.sel.rotation = spot["rotation"]
        scene.sel.motion(tuple(int(v) for v in scene.board.center(spot["hex"])))
        return scene
    if kind == "swap":                               # Chloé's fifteen swaps, in the chooser
        b = use(app, local(swap_scenario(), 2, names))
        scene = app.show(cls(app, b))
        app.step(0.0, events=[])
        scene.sel.start_action("exchange")
        scene.sel.motion(scene.chooser.rect().center)
        return scene
    if kind == "volcano":
        b = local(LATE, 0, names)
        use(app, b)
        scene = app.show(cls(app, b))
        app.step(0.0, events=[])
        end_turn(b)
        end_turn(b)
        run(app, 1.5)  # the eruption, the first scorer's turn, the tally under way
        return scene
    if kind == "auction":
        b = use(app, local(auction_scenario(), 0, names))
        scene = app.show(cls(app, b))
        app.step(0.0, events=[])
        end_turn(b)                                  # the round ends: tiles revealed, auction opens
        b.act({"type": "bid", "amount": 3})          # Boris bids 3
        b.act({"type": "bid", "amount": 5})          # Chloé raises to 5; Anna to bid
        run(app, 2.4)
        return scene
    if kind == "results":
        b = local(LATE, 0, names)                           # the late board played out by normal bots
        b.bots = {s: make_bot("tikal", "normal", s, 7 + s) for s in range(b.game.seats)}
        b.play_out(2000)
        b.bots = {}
        return ResultsScene(app, use(app, b))
    raise KeyError(kind)


def sample(kind: str):
    """The ``--screenshot`` sample ``kind`` of ``build``."""
    return lambda app, names: build(app, TikalScene, kind, names)


def hint_table(app, hints: bool = True, names: list[str] = SAMPLE_NAMES):
    """MID after Chloé's turn: Anna (seat 0, us) has the tile to place, at a table that allows
    hints (or not). Returns ``(bridge, scene)`` with every animation landed."""
    b = use_bridge(app, local(MID, 0, names))
    if hints:
        hinted(b)
    scene = app.show(TikalScene(app, b))
    app.step(0.0, events=[])
    for action in MID_SCRIPT:
        b.act(action)
    app.step(0.0, events=[])
    scene.timeline.skip()
    app.step(0.0, events=[])
    return b, scene


def hint_sample(app, names):
    """The hint asked for and shown on ``hint_table``'s position."""
    _, scene = hint_table(app, names=names)
    hint = scene.addons[0]
    hint.ask()
    hint.wait()
    app.step(0.0, events=[])
    return scene


def guide_sample(app, names):
    """A new two-player game, our first turn: the guide points at where the tile may go."""
    app.settings.guide_done = False
    g = engine.new_game("tikal", seats=2, seed=3)
    b = use_bridge(app, LocalBridge(g, my_seat=0, names=names[:2]))
    scene = app.show(TikalScene(app, b))
    app.step(0.0, events=[])
    return scene


def guide_bid_sample(app, names):
    """A new auction game of three, our first bid: the guide explains the auction (beside the
    bidding box, never over it)."""
    app.settings.guide_done = False
    g = engine.new_game("tikal", seats=3, seed=3, options={"variant": "auction"})
    b = use_bridge(app, LocalBridge(g, my_seat=g.to_act, names=names[:3]))
    scene = app.show(TikalScene(app, b))
    app.step(0.0, events=[])
    return scene


def guide_enter_sample(app, names):
    """The guide's second step: the tile is placed, the bubble points at our supply (beside "What
    now?" and the supply, which it must not cover)."""
    scene = guide_sample(app, names)
    b = scene.bridge
    b.act(next(a for a in b.game.legal_actions() if a["type"] == "place_tile"))
    app.step(0.0, events=[])
    scene.timeline.skip()
    app.step(0.0, events=[])
    return scene
