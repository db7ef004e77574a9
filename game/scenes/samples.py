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


def lobby_bridge(names: list[str] = NAMES) -> OfflineBridge:
    """A host with two tables; we (Anna, connection 1) own table 1 and sit in seat 0."""
    from net.table import welcome_message

    b = OfflineBridge(names[0], hosts(names))
    b.handle({**welcome_message("Anna's laptop", 1),        # what a host of this version offers
              "addresses": ["192.168.1.20:47474"], "share": ["http://192.168.1.20:47475/"], "party": True})
    table1 = {"id": 1, "game": "tortuga", "options": {"cards_as_dice": True}, "seats": 5, "status": "lobby",
              "owner": 1, "takeover": True, "state": 0, "spectators": 1,
              "players": [_seat(0, "human", names[0], "orange", True), _seat(1, "human", names[1], "blue"),
                          _seat(2, "bot", level="normal", ready=True), _seat(3, "human", names[3], "green", True),
                          _seat(4)]}
    table2 = {"id": 2, "game": "tikal", "options": {"variant": "auction"}, "seats": 4, "status": "playing",
              "owner": 5, "takeover": True, "state": 31, "spectators": 0,
              "players": [_seat(0, "human", names[4], "purple", True), _seat(1, "human", names[5], "red", True),
                          _seat(2, "human", names[6], "yellow", True), _seat(3, "bot", level="hard", ready=True)]}
    b.handle({"t": "tables", "tables": [table1, table2]})
    b.handle({"t": "seated", "table": 1, "seat": 0, "token": "0" * 32})
    b.handle({"t": "table", "table": table1})
    b.handle({"t": "chat", "table": 1, "from": names[1], "seat": 1, "text": "one minute, getting a drink"})
    b.handle({"t": "chat", "table": 1, "from": names[3], "seat": 3, "text": "cards as dice again? fine by me"})
    return b


def use(app, bridge):
    """Make ``bridge`` the app's bridge (the one App.step polls) and return it."""
    app.bridge = bridge
    return bridge


def hosts(names: list[str]) -> list[dict]:
    """The sample hosts, the first named after our first player's laptop."""
    if names == NAMES:
        return SAMPLE_HOSTS
    return [dict(h, name=f"{n}") for h, n in zip(SAMPLE_HOSTS, names)]


def _results(app, names):
    from ..tortuga.samples import finished_tortuga_bridge
    from .standings import sample_standings

    b = use(app, finished_tortuga_bridge(names=names))
    b.handle(sample_standings(names))       # the night so far, under the rows
    return ResultsScene(app, b)


def _browser(app, names):
    return BrowserScene(app, use(app, OfflineBridge(names[0], hosts(names))))


def _browser_empty(app, names):
    s = BrowserScene(app, use(app, OfflineBridge(names[0], [])))
    s.elapsed = 10.0  # past the hint delay
    return s


def _lobby(app, names):
    return LobbyScene(app, use(app, lobby_bridge(names)))


def _lobby_create(app, names):
    """The lobby before sitting down: the host's tables and the form of a new table."""
    from net.table import welcome_message

    b = OfflineBridge(names[0], hosts(names))
    b.handle({**welcome_message("Anna's laptop", 2), "addresses": ["192.168.1.20:47474"]})
    b.handle({"t": "tables", "tables": lobby_bridge(names).tables})
    return LobbyScene(app, use(app, b))


def saved_games(names: list[str]) -> list[dict]:
    """Two unfinished games of the host's data dir that we (Anna) sat at, as the host lists them."""
    return [{"id": 4, "game": "tikal", "options": {"variant": "base"}, "seats": 4, "state": 57,
             "names": [names[0], names[1], "", names[3]], "kinds": ["human", "human", "bot", "human"],
             "colours": ["orange", "blue", "green", "purple"], "scores": [34, 41, 28, 37], "mine": [0]},
            {"id": 6, "game": "tortuga", "options": {"cards_as_dice": False}, "seats": 3, "state": 12,
             "names": [names[2], names[0], names[4]], "kinds": ["human", "human", "human"],
             "colours": ["red", "orange", "yellow"], "scores": [0, 0, 0], "mine": [1]}]


def _lobby_saved(app, names):
    """The lobby outside a table: the tables, and the saved games we may continue."""
    scene = _lobby_create(app, names)
    scene.bridge.handle({"t": "saved", "games": saved_games(names)})
    scene.rebuild()
    return scene


def _lobby_host(app, names):
    """The host's own window (run_host.py): the address others join at, large; a private table
    with its code, the owner's buttons (remove a player, fill with bots)."""
    from .standings import sample_standings

    b = lobby_bridge(names)
    b.hosting = True
    b.handle(sample_standings(names))       # two games finished tonight: "Tonight" is there
    lob = dict(b.lobby, private=True, code="K7M3P")
    b.handle({"t": "table", "table": lob})
    return LobbyScene(app, use(app, b))


def _menu_leave(app, names):
    menu = _menu(app, names)
    menu.leave()          # "Leave the table?" asked
    return menu


def _menu(app, names):
    from ..tortuga.samples import tortuga_bridge
    from ..tortuga.scene import TortugaScene

    table = app.show(TortugaScene(app, use(app, tortuga_bridge(names=names))))
    return MenuScene(app, table)


register("browser", BrowserScene, _browser)
register("browser_empty", BrowserScene, _browser_empty)
register("lobby", LobbyScene, _lobby)
register("lobby_create", LobbyScene, _lobby_create)
register("lobby_saved", LobbyScene, _lobby_saved)
register("lobby_host", LobbyScene, _lobby_host)
register("menu_leave", MenuScene, _menu_leave)
register("results", ResultsScene, _results)
register("settings", SettingsScene, lambda app, names: SettingsScene(app))
register("menu", MenuScene, _menu)
register("rules", RulesScene, lambda app, names: RulesScene(app))
