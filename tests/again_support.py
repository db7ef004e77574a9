"""A window at a Pebbles table (tests/pebbles/), driven by mouse events only, for the Play again
tests of the window and of the group around it (tests/test_client_pebbles.py, tests/test_web_again.py):
its own player and, pass-and-play (game/party.py), a second one at the same window. Each click is
counted, so that a test can say how many a player needed."""
from __future__ import annotations

from pebbles.client import CLIENT as PEBBLES
from pebbles.client import PebblesScene

from game.app import App
from game.games import CLIENTS
from game.net_bridge import NetBridge
from game.scenes.browser import BrowserScene
from game.scenes.hotseat import HotseatPassScene
from game.scenes.lobby import LobbyScene
from game.settings import Settings

from client_helpers import click, pump, widget

TAKE_ONE = {"type": "take", "n": 1}


class PebblesWindow:
    """A window (headless App, the real pygame client under SDL's dummy driver) that knows Pebbles,
    on the host at ``address``, from the loopback address ``local`` (None: the system's choice).
    ``clicks``: the mouse clicks made, by who made them (the window's own player's name, or a
    local player's), every one through ``click_on``."""

    def __init__(self, address: str, name: str, local: str | None = None):
        self.app = app = App(Settings(name=name, language="en", anim_speed=0.0, guide_done=True),
                             games=CLIENTS.with_games(PEBBLES))
        app.bridge = NetBridge(name, discovery=False)
        app.bridge.local = local
        self.primary = app.bridge
        self.clicks: dict[str, int] = {}
        app.show(BrowserScene(app, app.bridge))
        app.scene.connect(address)
        pump(app, lambda: isinstance(app.scene, LobbyScene) and "pebbles" in app.bridge.games)

    def click_on(self, who: str, label=None, value=None) -> None:
        """One click of ``who`` on the widget (drawn first, as a player sees it)."""
        self.app.draw()
        click(self.app, widget(self.app.scene, label=label, value=value).rect.center)
        self.clicks[who] = self.clicks.get(who, 0) + 1

    def sit(self, tid: int) -> None:
        """Join the table ``tid`` (the only one listed) by its Join button, and say ready."""
        b = self.app.bridge
        me = self.primary.name
        pump(self.app, lambda: any(t.get("id") == tid for t in b.tables))
        self.click_on(me, label="lobby.join")
        pump(self.app, lambda: b.lobby is not None and b.lobby.get("id") == tid and b.table.my_seat is not None)
        if not b.lobby["players"][b.table.my_seat].get("ready"):
            self.click_on(me, label="lobby.ready")
            pump(self.app, lambda: b.lobby["players"][b.table.my_seat].get("ready"))

    def add_here(self):
        """ "+ a player here", as suggested ("Player 2"): their bridge, once seated and ready."""
        app = self.app
        self.click_on(self.primary.name, label="hotseat.add_here")
        self.click_on(self.primary.name, label="hotseat.add")
        pump(app, lambda: app.party is not None and len(app.party.bridges) == 2
             and app.party.bridges[1].table.my_seat is not None and self.primary.lobby
             and self.primary.lobby["players"][app.party.bridges[1].table.my_seat].get("ready"))
        return app.party.bridges[1]

    def step(self) -> bool:
        """One frame; the laptop passed (a click on "Pass to …") or a turn played ("take 1") when
        one of the window's players is to act: True when it clicked."""
        app = self.app
        app.step(1 / 60, events=[])
        top = app.scene
        if isinstance(top, HotseatPassScene):
            self.click_on(top.who(), value="hotseat.go")
            return True
        b = app.bridge
        if (isinstance(top, PebblesScene) and b.table.my_turn() and not top.timeline.busy
                and top.pending != b.table.state and TAKE_ONE in b.table.legal):
            self.click_on(b.name, value=TAKE_ONE)
            return True
        return False

    def close(self) -> None:
        self.app.close()

