"""The third game through a real host, in a real window (issue 29): Pebbles (tests/pebbles/),
registered for the test as a new game would be, is offered by a real loopback host; a window that
knows it (its client package, ``CLIENTS.with_games``) creates its table in the lobby with its
option, sits, starts, plays it with the mouse against the host's bot to the results (its
breakdown and column), and lands exactly on the host's view. No shared file of the window names
it (tests/test_client_shape.py)."""
from __future__ import annotations

import time

from pebbles.client import CLIENT as PEBBLES
from pebbles.client import PebblesScene
from pebbles.engine_game import register

from game.app import App
from game.fitcheck import FitCheck
from game.games import CLIENTS
from game.net_bridge import NetBridge
from game.scenes.browser import BrowserScene
from game.scenes.lobby import LobbyScene
from game.scenes.results import ResultsScene
from game.settings import Settings

from client_helpers import click, pump
from waiting import Stall


def button(scene, label=None, value=None, tooltip=None):
    return next((w for w in scene.widgets.items if w.visible and (
        (label is not None and getattr(w, "label", None) == label)
        or (value is not None and getattr(w, "value", None) == value)
        or (tooltip is not None and getattr(w, "tooltip", None) == tooltip))), None)


def test_a_window_plays_the_third_game_through_a_real_host(host, monkeypatch):
    register(monkeypatch)
    h, address = host
    app = App(Settings(name="Tess", language="en", anim_speed=0.0, guide_done=True),
              games=CLIENTS.with_games(PEBBLES))
    bridge = app.bridge = NetBridge("Tess", discovery=False)
    app.show(BrowserScene(app, bridge))
    app.scene.connect(address)
    try:
        pump(app, lambda: isinstance(app.scene, LobbyScene) and "pebbles" in bridge.games)
        lobby = app.scene
        assert bridge.games["pebbles"]["options"] == {"pile": [5, 7, 9]}       # the host offers it
        for _ in range(len(bridge.games)):                                    # the lobby's game button
            if lobby.new_game["game"] == "pebbles":
                break
            app.draw()
            click(app, button(lobby, tooltip="lobby.game_tip").rect.center)
        assert lobby.new_game["game"] == "pebbles"
        app.draw()
        click(app, button(lobby, tooltip="lobby.option_tip").rect.center)     # pile 7 -> 9
        app.draw()
        click(app, button(lobby, label="lobby.create").rect.center)
        pump(app, lambda: bridge.lobby is not None and bridge.table.my_seat == 0)
        table = h.tables[bridge.lobby["id"]]
        assert table.game_name == "pebbles" and table.options == {"pile": 9}
        for seat in (1, 2):                   # the host's bots in the other seats, at its one level
            app.draw()
            click(app, button(app.scene, label="lobby.add_bot").rect.center)
            pump(app, lambda seat=seat: bridge.lobby["players"][seat]["kind"] == "bot")
        assert {p["level"] for p in bridge.lobby["players"][1:]} == {"easy"}
        app.draw()
        click(app, button(app.scene, label="lobby.ready").rect.center)
        pump(app, lambda: bridge.lobby["players"][0]["ready"])
        click(app, button(app.scene, label="lobby.start").rect.center)
        pump(app, lambda: isinstance(app.scene, PebblesScene))
        scene = app.scene
        stall = Stall(lambda: bridge.table.state)
        while not isinstance(app.scene, ResultsScene):                        # the mouse alone
            stall.check("the end of the game")
            app.step(1 / 30, events=[])
            if app.scene is scene and bridge.table.my_turn() and scene.pending != bridge.table.state:
                app.draw()
                take = [a for a in bridge.table.legal if a["type"] == "take"][-1]
                click(app, button(scene, value=take).rect.center)
            time.sleep(0.002)
        assert table.game.is_over and scene.shown == bridge.table.view == table.game.view(0)
        assert not scene.drifts
        assert {s for s, _a in table.history} == {0, 1, 2}                    # we and both bots played
        results = app.scene
        app.fitcheck = FitCheck()
        app.draw()
        shown = [t for _, t, _, _ in app.fitcheck.texts]
        taken = table.game.view(0)["taken"]
        assert f"took {taken[0]} pebbles" in shown and "Last" in shown        # its breakdown, its column
        assert [name for name, _, _ in results.columns] == ["Last"]
    finally:
        app.close()
