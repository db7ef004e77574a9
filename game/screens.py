"""The shared screens by name: what ``app.goto(name, ...)`` / ``app.open(name, ...)`` build. A
screen reaches another only through these names, never by importing it, so the screens form no
import cycle; the App (above them) is the one module that knows them all. ``"table"`` is the
table scene of the bridge's game (``app.games``).

A new shared screen: its module under ``game/scenes/``, one line in ``SCREENS``, its samples in
``game/scenes/samples.py`` (``SAMPLES``). ``samples()`` / ``sample(name, app)`` are the samples of
every scene for ``run_client.py --screenshot PATH --scene NAME`` and the tests."""
from __future__ import annotations

from typing import Callable

from .client import GameClients, Ref, Sample
from .games import CLIENTS
from .scene import Scene
from .scenes import samples as shared_samples
from .scenes.browser import BrowserScene
from .scenes.lobby import LobbyScene

#: ``screen(app, *args, **kw) -> Scene``
Screen = Callable[..., Scene]


def table(app, bridge, review: bool = False):
    """The table of the bridge's game (``review``: the final board, seen from the results)."""
    return app.games.table(app, bridge, review=review)


#: The samples of the shared screens kept beside them (loaded only for samples).
SHARED_SAMPLES = (Ref("game.scenes.welcome:SAMPLES"), Ref("game.replay.samples:SAMPLES"))

SCREENS: dict[str, Screen] = {
    # the way in: loaded with the window
    "browser": BrowserScene,        # (app, bridge=None)
    "lobby": LobbyScene,            # (app, bridge)
    "table": table,                 # (app, bridge, review=False): the bridge's game's table
    # the others: loaded when first shown (``Ref``), so the window starts light
    "results": Ref("game.scenes.results:ResultsScene"),       # (app, bridge)
    "menu": Ref("game.scenes.menu:MenuScene"),                # (app, table_scene): over a table
    "rules": Ref("game.scenes.menu:RulesScene"),              # (app, game=None, focus=None)
    "howto": Ref("game.howto.scene:HowToScene"),              # (app, game=None, page=0)
    "settings": Ref("game.scenes.settings_scene:SettingsScene"),   # (app)
    "standings": Ref("game.scenes.standings:StandingsScene"),  # (app, bridge): the night's standings
    "welcome": Ref("game.scenes.welcome:WelcomeScene"),       # (app, then=None): the first start
    "quick": Ref("game.scenes.welcome:QuickGameScene"),       # (app, start, levels, browse=None): the picker
    "hotseat_pass": Ref("game.scenes.hotseat:HotseatPassScene"),   # (app, table, seat, on_go): pass the laptop
    "phones": Ref("game.scenes.phones:PhonesScene"),          # (app, urls): the web page's address and QR code
    "give": Ref("game.scenes.give:GiveScene"),                # (app, bridge): the owner gives an away seat
    "ask": Ref("game.scenes.ask:AskScene"),                   # (app, title, note, ok, on_ok, value="", ...)
    "recap": Ref("game.scenes.recap:RecapScene"),             # (app, table_scene, bridge): what happened meanwhile
    "replay": Ref("game.replay.viewer:replay_scene"),         # (app, book, on_back=None, at=0): the replay viewer
    "tv": Ref("game.replay.tv:TVScene"),                      # (app, bridge, cycle=None): TV mode
    "games_tonight": Ref("game.replay.games:GamesScene"),     # (app, bridge): tonight's finished games
}


# --- samples for ``--screenshot`` and the tests ---------------------------------------------------
def samples(games: GameClients | None = None) -> dict[str, Sample]:
    """Every scene sample: the shared screens' (``game/scenes/samples.py``) and each game's
    (``GameClient.samples``); a name declared twice is an error."""
    out: dict[str, Sample] = {**shared_samples.SAMPLES, **SHARED_SAMPLES[0].load(), **SHARED_SAMPLES[1].load()}
    mine = (games or CLIENTS).samples()
    clash = set(out) & set(mine)
    if clash:
        raise ValueError(f"sample names declared twice: {sorted(clash)}")
    out.update(mine)
    return out


def names(games: GameClients | None = None) -> list[str]:
    """The sample names (``run_client.py --list-scenes``)."""
    return sorted(samples(games))


def sample(name: str, app, names: list[str] | None = None):
    """The sample ``name`` built in ``app`` (``run_client.py --screenshot PATH --scene NAME``):
    a scene on a representative position, no network, its players named ``names`` (at least
    seven; the fit test passes 24-character ones)."""
    known = samples(app.games)
    if name not in known:
        raise KeyError(f"unknown scene {name!r}; known: {', '.join(sorted(known))}")
    return known[name](app, list(names or shared_samples.NAMES))
