"""Starting the window: the embedded default (a host in this process with bots, ready for a
quick game), joining a host by address, or a window beside run_host.py's host (``play_local``)."""
from __future__ import annotations

from .app import App
from .games import CLIENTS
from .net_bridge import make_bridge


def welcome_first(app, then) -> None:
    """The first start shows the welcome (name, language, shapes) before ``then()``."""
    if app.settings.welcomed:
        then()
        return
    app.goto("welcome", then=then)


def open_window(settings, address: str | None, *, fullscreen: bool = False, spectate: bool = False,
                auto_sit: int | None = None, auto_ready: bool = False, discovery: bool = True, tv: bool = False,
                hosting: bool = False, operator: str | None = None):
    """An App on the host browser, connecting to ``address`` if given (after the first start's
    welcome, with the name it gave). ``auto_sit``: sit at that table as soon as the tables are
    listed (and say ready with ``auto_ready``). ``tv``: TV mode on the host joined. ``hosting``:
    the window of run_host.py (the address others join at shows large), ``operator``: its host's
    secret (a new night)."""
    bridge = make_bridge(settings.name, discovery=discovery)
    bridge.hosting, bridge.operator = hosting, operator
    bridge.spectate_first = spectate
    bridge.auto_sit = auto_sit
    bridge.auto_ready = auto_ready
    app = App(settings, fullscreen=fullscreen, bridge=bridge)

    def browse():
        scene = app.make("browser", bridge, tv=tv)
        if address:
            scene.connect(address)  # before the scene is entered: no host discovery meanwhile
        app.show(scene)
    if tv:      # a TV on a fresh PC has no keyboard for a welcome: it asks nothing, it shows
        browse()
    else:
        welcome_first(app, browse)
    return app


def bot_levels_by_game() -> dict[str, list[str]]:
    """Each game's bot levels, weakest first (what the quick game's picker offers)."""
    import engine
    from net.table import bot_levels

    return {g: bot_levels(g) for g in engine.GAMES}


class QuickHost:
    """The quick game's host: in this process on 127.0.0.1 (not announced), started with the
    first table asked of it; each ``table(game, level)`` is a new table of you and three bots of
    that level (hints allowed: a quick game is where a newcomer learns)."""

    def __init__(self, settings):
        self.settings = settings    # the host is named after the player when it starts
        self.host = None
        self.address = ""
        self._stop = None

    def table(self, game: str, level: str, clock: int = 0) -> tuple[str, int]:
        """A new quick table (``clock``: its turn clock, seconds; 0 none); returns (the host's
        address, the table's id)."""
        import threading

        from assets.i18n import Catalog
        from net.config import HostConfig
        from net.host import Host, start_in_thread

        if self.host is None:
            title = Catalog(self.settings.language).tr("launch.quick_game", name=self.settings.name)
            host = Host(HostConfig(name=title, bind="127.0.0.1", port=0, announce=False,
                                   bot_delay=0.4))  # bots wait a little, so the moves can be followed
            seats = CLIENTS.of(game).quick_seats
            table = host.create_table(game, seats, None, bots=seats - 1, bot_level=level, hints=True,
                                      clock=clock)
            addr, port, self._stop = start_in_thread(host=host)
            self.host, self.address = host, f"{addr}:{port}"
            return self.address, table.id
        made, done = {}, threading.Event()

        def make():
            try:
                seats = CLIENTS.of(game).quick_seats
                made["t"] = self.host.create_table(game, seats, None, bots=seats - 1,
                                                   bot_level=level, hints=True, clock=clock)
            finally:
                done.set()
        self.host.loop.call_soon_threadsafe(make)
        if not done.wait(10) or "t" not in made:
            raise OSError("the quick game's host did not make the table")
        return self.address, made["t"].id

    def stop(self) -> None:
        stop, self._stop = self._stop, None
        if stop is not None:
            stop()


def start_embedded(name: str, language: str = "en", game: str | None = None, level: str = "easy"):
    """A quick game's host with one table of ``game`` (you and three bots of ``level``).
    Returns ``(address, table id, stop)``."""
    from .settings import Settings

    quick = QuickHost(Settings(name=name, language=language))
    address, table = quick.table(game or CLIENTS.names[0], level)
    return address, table, quick.stop


def open_quick(settings, quick: QuickHost, *, fullscreen: bool = False, discovery: bool = True):
    """The window of ``run_client.py`` with no options: the welcome on a first start, then the
    quick game's picker; Play makes the table on ``quick`` and seats us there, ready."""
    bridge = make_bridge(settings.name, discovery=discovery)
    app = App(settings, fullscreen=fullscreen, bridge=bridge)

    def start(game: str, level: str, clock: int = 0) -> None:
        try:
            address, table = quick.table(game, level, clock)
        except OSError as e:
            app.toast(app.tr("browser.cannot_connect", address="127.0.0.1", error=str(e)))
            return
        bridge.auto_sit, bridge.auto_ready = table, True
        scene = app.make("browser", bridge)
        scene.connect(address)
        app.show(scene)

    def picker() -> None:
        bridge.disconnect()
        app.goto("quick", start, bot_levels_by_game(), browse=lambda: app.goto("browser", bridge))
    app.home = picker       # the lobby's Back leads here (not to the host browser)
    welcome_first(app, picker)
    return app


def run(settings, host: str | None = None, spectate: bool = False, fullscreen: bool = False,
        tv: bool = False) -> int:
    if host is not None or tv:
        open_window(settings, host, fullscreen=fullscreen, spectate=spectate, tv=tv).run()
        return 0
    quick = QuickHost(settings)
    try:
        open_quick(settings, quick, fullscreen=fullscreen).run()
    finally:
        quick.stop()
    return 0


def host_window(addr: str, port: int, host=None, settings=None, discovery: bool = True):
    """run_host.py's window (an App): a client connected to the host it runs, which sits at the
    host's first table if there is one (and so owns it), shows the address others join at, large,
    and may start a new night (the host's operator secret, said in its hello)."""
    from .settings import Settings

    settings = settings or Settings.load()
    first = None
    if host is not None and getattr(host, "tables", None):
        first = min(host.tables)
    operator = getattr(getattr(host, "party", None), "operator", None)
    return open_window(settings, f"{addr}:{port}", auto_sit=first, hosting=True, operator=operator,
                       discovery=discovery)


def play_local(addr: str, port: int, host=None, settings=None) -> int:
    """Run run_host.py's window until it is closed."""
    host_window(addr, port, host, settings).run()
    return 0
