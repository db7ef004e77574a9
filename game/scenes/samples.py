"""Representative positions for the shared screens (screenshots, tests, the README), built from
host-shaped messages; each game's samples (its table, and the shared screens over its positions)
are in its ``GameClient.samples``. ``SAMPLES`` lists this module's: ``game/screens.py`` puts them
and the games' together for ``--screenshot``."""
from __future__ import annotations

import time

from net.table import offered_games, welcome_message

from ..net_bridge import OfflineBridge
from .browser import BrowserScene
from .lobby import LobbyScene
from .settings_scene import SettingsScene

NAMES = ["Anna", "Boris", "Chloé", "Dmitri", "Eva", "Farid", "Gosha"]

#: The games a host of this version offers, in its order (from ``engine.GAMES``).
OFFERED = list(offered_games())

SAMPLE_HOSTS = [
    {"name": "Anna's laptop", "address": "192.168.1.20:47474", "games": OFFERED, "free": 3, "ping": 4.2},
    {"name": "LAN-party box", "address": "192.168.1.31:47474", "games": OFFERED[-1:], "free": 1, "ping": 11.8},
    {"name": "Boris", "address": "192.168.1.44:47474", "games": OFFERED[:1], "free": 0, "ping": None},
]


def _seat(i, kind="empty", name="", colour=None, ready=False, level=None):
    return {"seat": i, "kind": kind, "name": name, "colour": colour, "ready": ready, "level": level,
            "connected": kind != "empty", "takeover": None}


def lobby_bridge(names: list[str] = NAMES) -> OfflineBridge:
    """A host with two tables (its last game, its first; each option at its last value); we
    (Anna, connection 1) own table 1 and sit in seat 0."""
    b = OfflineBridge(names[0], hosts(names))
    # what a host of this version offers; with the fit test's long names, a host name as long (qa finding 22)
    b.handle({**welcome_message(hosts(names)[0]["name"], 1, 180.0),
              "addresses": ["192.168.1.20:47474"], "share": ["http://192.168.1.20:47475/"], "party": True})
    table1 = {"id": 1, "game": OFFERED[-1], "options": _last_values(b, OFFERED[-1]), "seats": 5, "status": "lobby",
              "owner": 1, "takeover": True, "state": 0, "spectators": 1, "clock": 180,
              "players": [_seat(0, "human", names[0], "orange", True), _seat(1, "human", names[1], "blue"),
                          _seat(2, "bot", level="normal", ready=True), _seat(3, "human", names[3], "green", True),
                          _seat(4)]}
    table2 = {"id": 2, "game": OFFERED[0], "options": _last_values(b, OFFERED[0]), "seats": 4, "status": "playing",
              "owner": 5, "takeover": True, "state": 31, "spectators": 0,
              "players": [_seat(0, "human", names[4], "purple", True), _seat(1, "human", names[5], "red", True),
                          _seat(2, "human", names[6], "yellow", True), _seat(3, "bot", level="hard", ready=True)]}
    b.handle({"t": "tables", "tables": [table1, table2]})
    b.handle({"t": "seated", "table": 1, "seat": 0, "token": "0" * 32})
    b.handle({"t": "table", "table": table1})
    b.handle({"t": "chat", "table": 1, "from": names[1], "seat": 1, "text": "one minute, getting a drink"})
    b.handle({"t": "chat", "table": 1, "from": names[3], "seat": 3, "text": "cards as dice again? fine by me"})
    return b


def _last_values(bridge, game: str) -> dict:
    return {k: v[-1] for k, v in bridge.games[game]["options"].items()}


def clocked(bridge, spent: float, limit: float = 180.0):
    """The sample's table has a turn clock, its seat to act ``spent`` seconds into its turn (and
    its seats are the players' they are at a host); returns the bridge."""
    tm = bridge.table
    for p in tm.players:
        p.setdefault("kind", "human")
    tm.clock = {"limit": limit, "seat": tm.to_act, "spent": spent, "left": limit - spent}
    tm.clock_at = time.monotonic()
    return bridge


def use(app, bridge):
    """Make ``bridge`` the app's bridge (the one App.step polls) and return it."""
    app.bridge = bridge
    return bridge


def hosts(names: list[str]) -> list[dict]:
    """The sample hosts, the first named after our first player's laptop."""
    if names == NAMES:
        return SAMPLE_HOSTS
    return [dict(h, name=f"{n}") for h, n in zip(SAMPLE_HOSTS, names)]


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
    b = OfflineBridge(names[0], hosts(names))
    b.handle({**welcome_message("Anna's laptop", 2, 180.0), "addresses": ["192.168.1.20:47474"]})
    b.handle({"t": "tables", "tables": lobby_bridge(names).tables})
    return LobbyScene(app, use(app, b))


def menu_sample(table_sample, leave: bool = False):
    """A sample of the in-game menu over a game's table (``table_sample(app, names)``); with
    ``leave``, "Leave the table?" asked."""
    def make(app, names):
        table = app.show(table_sample(app, names))
        menu = app.make("menu", table)
        if leave:
            menu.leave()
        return menu
    return make


def saved_games(names: list[str]) -> list[dict]:
    """Two unfinished games of the host's data dir that we (Anna) sat at, as the host lists them."""
    first, last = OFFERED[0], OFFERED[-1]
    return [{"id": 4, "game": first, "options": offered_games()[first]["defaults"], "seats": 4, "state": 57,
             "names": [names[0], names[1], "", names[3]], "kinds": ["human", "human", "bot", "human"],
             "colours": ["orange", "blue", "green", "purple"], "scores": [34, 41, 28, 37], "mine": [0]},
            {"id": 6, "game": last, "options": offered_games()[last]["defaults"], "seats": 3, "state": 12,
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
    b = lobby_bridge(names)
    b.hosting = True
    b.host_web = [WEB_URL]                  # the page for phones: the Phones button, the join line
    b.handle(sample_standings(names))       # two games finished tonight: "Tonight" is there
    lob = dict(b.lobby, private=True, code="K7M3P")
    b.handle({"t": "table", "table": lob})
    return LobbyScene(app, use(app, b))


def sample_standings(names: list[str]) -> dict:
    """A night of three games (two of the host's first game, one of its last), as the host sends
    it."""
    def row(i, played, wins, points):
        return {"name": names[i], "played": played, "wins": wins, "points": points}
    return {"t": "standings", "night": {"first": 1, "games": 3},
            "overall": [row(0, 3, 2, 7), row(1, 3, 1, 5.5), row(2, 2, 0, 2.5), row(3, 3, 0, 2), row(4, 1, 0, 0)],
            "games": {OFFERED[0]: [row(0, 2, 1, 4), row(1, 2, 1, 3.5), row(2, 2, 0, 2.5), row(3, 2, 0, 0)],
                      OFFERED[-1]: [row(0, 1, 1, 3), row(1, 1, 0, 2), row(3, 1, 0, 2), row(4, 1, 0, 0)]},
            "last": None}


def results_sample(finished_bridge, again: bool = False):
    """A sample of the results of a game played out (``finished_bridge(names) -> bridge``), the
    night's standings so far under the rows; ``again``: at a host that offers Play again, two
    seats in the next game already (docs/protocol.md 14)."""
    def make(app, names):
        b = use(app, finished_bridge(names=names))
        b.handle(sample_standings(names))
        if again:
            tm = b.table
            tm.id = tm.id if tm.id is not None else 1
            b.again_host = True
            b.lobby = {"id": tm.id, "status": "over", "game": tm.game, "seats": tm.seats,
                       "players": [{"seat": i, "kind": "bot" if i == tm.seats - 1 else "human",
                                    "name": tm.name(i)} for i in range(tm.seats)],
                       "again": {"table": tm.id + 1, "in": [1, 2]}}
        return app.make("results", b)
    return make


def _standings(app, names):
    b = use(app, lobby_bridge(names))
    b.handle(sample_standings(names))
    b.operator, b.is_operator = "sample", True      # the host's window: "New night" shows
    app.goto("lobby", b)
    return app.make("standings", b)


#: The page phones open, as a host on a LAN would say it (only drawn, never dialled)
WEB_URL = "http://192.168.1.20:47475/"   # safe: text only


def _phones(app, names):
    """Over the host's lobby: the page for phones, its address and QR code, large."""
    b = use(app, lobby_bridge(names))
    b.hosting, b.host_web = True, [WEB_URL]
    app.goto("lobby", b)
    return app.make("phones", [WEB_URL, "http://10.0.0.5:47475/"])   # safe: text only


def _give(app, names):
    """The owner of a game under way gives an away player's seat to someone watching (issue 28)."""
    b = use(app, lobby_bridge(names))
    lob = dict(b.lobby, status="playing", owner=b.player)
    players = [dict(p) for p in lob["players"]]
    for p in players[1:3]:
        if p.get("kind") == "human" or p.get("kind") == "empty":
            p.update(kind="human", connected=False)
    lob["players"] = players
    lob["watchers"] = [{"player": 40 + i, "name": names[4 + i]} for i in range(3)]
    b.handle({"t": "table", "table": lob})
    app.goto("lobby", b)
    return app.make("give", b)


#: The shared screens' samples: name -> ``sample(app, names) -> Scene``. The menu's and the
#: results' are over a game's position: that game's ``GameClient.samples`` has them.
SAMPLES = {
    "browser": _browser,
    "browser_empty": _browser_empty,
    "lobby": _lobby,
    "lobby_create": _lobby_create,
    "settings": lambda app, names: SettingsScene(app),
    "rules": lambda app, names: app.make("rules"),
    "standings": _standings,
    "lobby_saved": _lobby_saved,
    "lobby_host": _lobby_host,
    "phones": _phones,
    "give": _give,
}
