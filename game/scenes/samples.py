"""Representative positions for the scenes of this package (screenshots, tests, the README),
built from host-shaped messages; the tables' samples are in ``game/tikal/samples.py`` and
``game/tortuga/samples.py``. Registers the scenes of this package in the registry."""
from __future__ import annotations

from ..net_bridge import OfflineBridge
from .browser import BrowserScene
from .lobby import LobbyScene
from .menu import MenuScene, RulesScene
from .registry import register
from .results import ResultsScene
from .settings_scene import SettingsScene

NAMES = ["Anna", "Boris", "Chloé", "Dmitri", "Eva", "Farid", "Gosha"]

SAMPLE_HOSTS = [
    {"name": "Anna's laptop", "address": "192.168.1.20:47474", "games": ["tikal", "tortuga"], "free": 3, "ping": 4.2},
    {"name": "LAN-party box", "address": "192.168.1.31:47474", "games": ["tortuga"], "free": 1, "ping": 11.8},
    {"name": "Boris", "address": "192.168.1.44:47474", "games": ["tikal"], "free": 0, "ping": None},
]


def _seat(i, kind="empty", name="", colour=None, ready=False, level=None):
    return {"seat": i, "kind": kind, "name": name, "colour": colour, "ready": ready, "level": level,
            "connected": kind != "empty", "takeover": None}


def lobby_bridge() -> OfflineBridge:
    """A host with two tables; we (Anna, connection 1) own table 1 and sit in seat 0."""
    b = OfflineBridge(NAMES[0], SAMPLE_HOSTS)
    levels = ["random", "easy", "normal", "hard"]
    b.handle({"t": "welcome", "proto": 1, "host": "Anna's laptop", "player": 1,
              "games": {"tikal": {"seats": [2, 4], "levels": levels}, "tortuga": {"seats": [2, 7], "levels": levels}},
              "addresses": ["192.168.1.20:47474"], "share": ["http://192.168.1.20:47475/"]})
    table1 = {"id": 1, "game": "tortuga", "options": {"cards_as_dice": True}, "seats": 5, "status": "lobby",
              "owner": 1, "takeover": True, "state": 0, "spectators": 1,
              "players": [_seat(0, "human", "Anna", "orange", True), _seat(1, "human", "Boris", "blue"),
                          _seat(2, "bot", level="normal", ready=True), _seat(3, "human", "Dmitri", "green", True),
                          _seat(4)]}
    table2 = {"id": 2, "game": "tikal", "options": {"variant": "auction"}, "seats": 4, "status": "playing",
              "owner": 5, "takeover": True, "state": 31, "spectators": 0,
              "players": [_seat(0, "human", "Eva", "purple", True), _seat(1, "human", "Farid", "red", True),
                          _seat(2, "human", "Gosha", "yellow", True), _seat(3, "bot", level="hard", ready=True)]}
    b.handle({"t": "tables", "tables": [table1, table2]})
    b.handle({"t": "seated", "table": 1, "seat": 0, "token": "0" * 32})
    b.handle({"t": "table", "table": table1})
    b.handle({"t": "chat", "table": 1, "from": "Boris", "seat": 1, "text": "one minute, getting a drink"})
    b.handle({"t": "chat", "table": 1, "from": "Dmitri", "seat": 3, "text": "cards as dice again? fine by me"})
    return b


def use(app, bridge):
    """Make ``bridge`` the app's bridge (the one App.step polls) and return it."""
    app.bridge = bridge
    return bridge


def _results(app):
    from ..tortuga.samples import finished_tortuga_bridge

    return ResultsScene(app, use(app, finished_tortuga_bridge()))


def _browser(app):
    return BrowserScene(app, use(app, OfflineBridge(NAMES[0], SAMPLE_HOSTS)))


def _browser_empty(app):
    s = BrowserScene(app, use(app, OfflineBridge(NAMES[0], [])))
    s.elapsed = 10.0  # past the hint delay
    return s


def _lobby(app):
    return LobbyScene(app, use(app, lobby_bridge()))


def _menu(app):
    from ..tortuga.samples import tortuga_bridge
    from ..tortuga.scene import TortugaScene

    table = app.show(TortugaScene(app, use(app, tortuga_bridge())))
    return MenuScene(app, table)


register("browser", BrowserScene, _browser)
register("browser_empty", BrowserScene, _browser_empty)
register("lobby", LobbyScene, _lobby)
register("results", ResultsScene, _results)
register("settings", SettingsScene, SettingsScene)
register("menu", MenuScene, _menu)
register("rules", RulesScene, RulesScene)
