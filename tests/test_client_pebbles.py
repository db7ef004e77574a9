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

from client_helpers import click, on_loop, pump
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


def test_play_again_takes_every_player_of_a_pass_and_play_window_into_the_next_game(host, monkeypatch):
    """Two people at one window (pass-and-play: its own player and one added "here") and the host's
    bot play Pebbles to the results; one click on Play again takes both of the window's seats into
    the next game (issue 39: only the first went), ready, on the same connections; the owner
    starts, and the second seat plays its turn in the new game without joining again."""
    from again_support import TAKE_ONE, PebblesWindow

    register(monkeypatch)
    h, address = host
    first = on_loop(h, lambda: h.create_table("pebbles", 3, {"pile": 5}, bots=1, bot_level="easy"))
    win = PebblesWindow(address, "Tess")
    app = win.app
    try:
        win.sit(first.id)
        second_player = win.add_here()
        assert (win.primary.table.my_seat, second_player.table.my_seat) == (0, 1)
        win.click_on("Tess", label="lobby.start")
        pump(app, lambda: isinstance(app.scene, PebblesScene))
        stall = Stall(lambda: first.state)
        while not isinstance(app.scene, ResultsScene):
            stall.check("the end of the game")
            win.step()
            time.sleep(0.001)
        assert first.game.is_over and app.bridge is win.primary
        connection, sits = second_player.player, sum(m["t"] == "sit" for m in second_player.sent)
        win.click_on("Tess", label="results.again")              # one click: both of us
        pump(app, lambda: isinstance(app.scene, LobbyScene) and win.primary.lobby.get("again_of") == first.id
             and second_player.table.id == win.primary.table.id
             and all(p["kind"] != "empty" and p["ready"] and not p.get("kept") for p in win.primary.lobby["players"]))
        rid = win.primary.table.id
        assert [p["name"] for p in win.primary.lobby["players"]] == [s.name for s in first.seats]
        assert (win.primary.table.my_seat, second_player.table.my_seat) == (0, 1)
        assert [m["t"] for m in second_player.sent].count("again") == 1       # said for them by the click
        assert second_player.player == connection and sum(m["t"] == "sit" for m in second_player.sent) == sits
        assert win.primary.lobby["owner"] == win.primary.player
        win.click_on("Tess", label="lobby.start")
        again = h.tables[rid]
        stall = Stall(lambda: again.state)
        while not any(seat == 1 for seat, _ in again.history):   # the second seat's turn, played at the window
            stall.check("the second seat's turn in the new game")
            win.step()
            time.sleep(0.001)
        assert next(a for seat, a in again.history if seat == 1) == TAKE_ONE
        assert again.play.seed != first.play.seed and again.game_name == "pebbles" and again.options == {"pile": 5}
        assert win.clicks["Tess"] >= 3 and win.clicks["Player 2"] >= 1    # (the pass screen: theirs)
    finally:
        win.close()
