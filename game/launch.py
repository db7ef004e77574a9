"""Starting the window: the embedded default (a host in this process with bots, ready for a
quick game), joining a host by address, or a window beside run_host.py's host (``play_local``)."""
from __future__ import annotations

from .app import App
from .client import GameClients
from .games import CLIENTS
from .net_bridge import make_bridge


def quick_games(games: GameClients = CLIENTS) -> tuple:
    """The embedded host's tables, ``(game, seats, bot level)``: you and bots at each game's
    quick table (``GameClient.quick``), the default game's first (the window sits there)."""
    order = [games.default] + [g for g in games if g is not games.default]
    return tuple((g.name, g.quick.seats, g.quick.bot_level) for g in order)


QUICK_GAMES = quick_games()


def open_window(settings, address: str | None, *, fullscreen: bool = False, spectate: bool = False,
                auto_sit: int | None = None, auto_ready: bool = False, discovery: bool = True):
    """An App on the host browser, connecting to ``address`` if given. ``auto_sit``: sit at that
    table as soon as the tables are listed (and say ready with ``auto_ready``)."""
    bridge = make_bridge(settings.name, discovery=discovery)
    bridge.spectate_first = spectate
    bridge.auto_sit = auto_sit
    bridge.auto_ready = auto_ready
    app = App(settings, fullscreen=fullscreen, bridge=bridge)
    scene = app.make("browser", bridge)
    if address:
        scene.connect(address)  # before the scene is entered: no host discovery meanwhile
    app.show(scene)
    return app


def start_embedded(name: str, language: str = "en"):
    """A host in this process on 127.0.0.1 (not announced) with a table of bots per game (hints
    allowed: a quick game is where a newcomer learns). Returns ``(address, first table id, stop)``."""
    from net.host import Host, HostConfig, start_in_thread
    from net.table import bot_levels

    from .i18n import Catalog

    title = Catalog(language).tr("launch.quick_game", name=name)
    host = Host(HostConfig(name=title, bind="127.0.0.1", port=0, announce=False,
                           bot_delay=0.4))  # bots wait a little, so the moves can be followed
    first = None
    for game, seats, level in QUICK_GAMES:
        levels = bot_levels(game)
        level = level if level in levels else levels[0]
        table = host.create_table(game, seats, None, bots=seats - 1, bot_level=level, hints=True)
        first = table.id if first is None else first
    addr, port, stop = start_in_thread(host=host)
    return f"{addr}:{port}", first, stop


def run(settings, host: str | None = None, spectate: bool = False, fullscreen: bool = False) -> int:
    stop = None
    auto_sit = None
    if host is None:
        host, auto_sit, stop = start_embedded(settings.name, settings.language)
    app = open_window(settings, host, fullscreen=fullscreen, spectate=spectate, auto_sit=auto_sit,
                      auto_ready=auto_sit is not None)
    try:
        app.run()
    finally:
        if stop is not None:
            stop()
    return 0


def play_local(addr: str, port: int, host=None, settings=None) -> int:
    """run_host.py's window: a client connected to the host it runs; sits at the host's first
    table if there is one."""
    from .settings import Settings

    settings = settings or Settings.load()
    first = None
    if host is not None and getattr(host, "tables", None):
        first = min(host.tables)
    app = open_window(settings, f"{addr}:{port}", auto_sit=first)
    app.run()
    return 0
