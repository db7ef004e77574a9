"""Helpers for the Tikal table tests: a table on a scenario, its hexes on screen, one decision
played through the scene as a person would, the sample moments (Anna to place or to act, a volcano
tally about to play)."""
from __future__ import annotations

import copy

import pygame

import engine
from game.net_bridge import LocalBridge
from game.tikal import samples
from game.tikal.geometry import hexkey
from game.tikal.positions import LATE, MID
from game.tikal.scene import TikalScene

from client_helpers import button, click, make_app, press, settle


def pos(scene, h):
    x, y = scene.board.layout.center(h)
    return (int(x), int(y))


def ready(app, scene, bridge) -> bool:
    return (app.scene is scene and not scene.timeline.busy and bridge.table.my_turn()
            and scene.pending != bridge.table.state)


def ui_step(app, scene, bridge, n: int) -> str | None:
    """Play one decision of our seat through the scene, as a person would (clicks and keys).
    Returns what was done, or None when it is not ours to decide now."""
    if not ready(app, scene, bridge):
        return None
    legal = bridge.table.legal
    types = {a["type"] for a in legal}
    if "place_tile" in types:
        places = [a for a in legal if a["type"] == "place_tile"]
        a = places[n % len(places)]
        for _ in range(6):
            if scene.sel.rotation == a["rotation"]:
                break
            press(app, pygame.K_r)
        app.step(0.0, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos(scene, a["hex"]), rel=(0, 0),
                                                 buttons=(0, 0, 0))])
        assert hexkey(a["hex"]) in scene.sel.place_hexes()
        click(app, pos(scene, a["hex"]))
        return "place_tile"
    if "choose_tile" in types:
        app.draw()  # the revealed tiles' click zones are laid out when drawn
        zone = next(r for (k, _), r in scene.column.click_zones.items() if k == "revealed")
        click(app, zone.center)
        return "choose_tile"
    if types & {"bid", "pass"}:
        if "bid" in types and n % 3 == 0:
            click(app, button(scene, "tikal.bid").rect.center)
            return "bid"
        click(app, button(scene, "tikal.pass").rect.center)
        return "pass"
    ap = int(bridge.table.view.get("ap") or 0)
    if ap >= 8 and "enter" in types:
        fig = next(a["figure"] for a in legal if a["type"] == "enter")
        press(app, pygame.K_w if fig == "worker" else pygame.K_l)
        target = next(iter(scene.sel.targets))
        click(app, pos(scene, target))
        return "enter"
    if ap <= 3 and "end_turn" in types:  # keep a few AP unused now and then: the End turn button
        click(app, button(scene, "tikal.end_turn").rect.center)
        return "end_turn"
    moves = [a for a in legal if a["type"] == "move"]
    if ap >= 4 and moves:
        start = hexkey(moves[n % len(moves)]["path"][0])
        click(app, pos(scene, start))
        if scene.sel.targets:
            dest = max(scene.sel.targets, key=lambda h: (scene.sel.targets[h]["cost"], h))
            click(app, pos(scene, dest))
            return "move"
    for kind in ("uncover", "dig"):
        if kind in types:
            click(app, button(scene, f"tikal.{kind}").rect.center)
            if scene.sel.mode == kind:
                click(app, pos(scene, next(iter(scene.sel.action_hexes(kind)))))
            return kind
    click(app, button(scene, "tikal.end_turn").rect.center)
    return "end_turn"


def last_action(bridge):
    actions = [m for m in bridge.sent if m["t"] == "action"]
    return actions[-1]["action"] if actions else None


def open_table(scenario, my_seat=0, language="en", speed=1.0, script=()):
    app = make_app(language, anim_speed=speed)
    g = engine.from_scenario(copy.deepcopy(scenario))
    bridge = LocalBridge(g, my_seat=my_seat, names=samples.NAMES[: g.seats])
    app.bridge = bridge
    scene = app.show(TikalScene(app, bridge))
    app.step(0.0, events=[])  # the bridge's first (full) update
    for a in script:
        bridge.act(a)
    settle(app)
    return app, bridge, scene, g


def anna_places():
    """MID after Chloé's turn: Anna (seat 0) has drawn a tile and must place it."""
    return open_table(MID, script=samples.MID_SCRIPT)


def anna_acts():
    app, bridge, scene, g = anna_places()
    place = next(a for a in g.legal_actions() if a["type"] == "place_tile")
    bridge.act(place)
    settle(app)
    assert g.view(0)["phase"] == "actions" and g.to_act == 0
    return app, bridge, scene, g


def volcano_tally():
    """LATE: Dmitri draws the volcano and ends his scoring turn; his tally is about to play.
    Returns the app, bridge, scene and the view shown before."""
    app = make_app()
    bridge = samples.local(LATE, 0)
    app.bridge = bridge
    scene = app.show(TikalScene(app, bridge))
    app.step(0.0, events=[])
    before = copy.deepcopy(scene.shown)
    samples.end_turn(bridge)  # Dmitri draws the volcano ...
    samples.end_turn(bridge)  # ... and ends his scoring turn: his tally
    return app, bridge, scene, before
