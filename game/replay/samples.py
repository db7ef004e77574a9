"""Sample replays (a game of bots, as ``run_host.py --export`` would write it) and the samples of
this package's scenes for ``--screenshot`` and the fit test: ``viewer_sample`` (the viewer of a
game of bots, its score story open or not) and ``chart_sample`` (the score story on a results
sample). Each game declares its own with them (its ``GameClient.samples``)."""
from __future__ import annotations

import copy
import functools

import engine
from engine.bots import make_bot
from net.journal import REPLAY_FORMAT

from ..net_bridge import LocalBridge, OfflineBridge
from ..scenes.samples import use
from .viewer import load_book, replay_scene

COLOURS = ["orange", "blue", "green", "yellow", "purple", "red", "black"]


@functools.lru_cache(maxsize=8)
def _bot_actions(game: str, seats: int, seed: int, level: str, options: tuple) -> tuple:
    g = engine.new_game(game, seats=seats, seed=seed, options=dict(options))
    bots = {s: make_bot(game, level, s, seed * 10 + s) for s in range(seats)}
    out = []
    while not g.is_over:
        seat = g.to_act
        assert seat is not None             # a game not over has a seat to act
        action = bots[seat].choose(g.view(seat), g.legal_actions())
        out.append({"seat": seat, "action": copy.deepcopy(dict(action))})
        g.apply(action)
    return tuple(out), tuple(g.scores), tuple(g.winners)


def bot_replay(game: str, seats: int = 4, seed: int = 5, level: str = "easy", options: dict | None = None,
               names: list[str] | None = None) -> dict:
    """A replay dict of a whole game of bots (the ``--export`` format; played once per arguments)."""
    options = dict(options if options is not None else engine.GAMES[game].defaults)
    actions, scores, winners = _bot_actions(game, seats, seed, level, tuple(sorted(options.items())))
    names = list(names or ["Anna", "Boris", "Chloé", "Dmitri", "Eva", "Farid", "Gosha"])[:seats]
    return {"format": REPLAY_FORMAT, "version": 1, "game": game, "rules": engine.GAMES[game].rules,
            "seats": seats, "seed": seed, "options": options, "names": names,
            "players": [{"name": n, "kind": "human", "colour": COLOURS[i]} for i, n in enumerate(names)],
            "actions": [copy.deepcopy(a) for a in actions], "over": True, "scores": list(scores),
            "winners": list(winners)}


def viewer_sample(game: str, fraction: float, chart: bool = False, seats: int = 4, first_mark: bool = False):
    """The viewer of a game of bots at ``fraction`` of its moves (``first_mark``: just after its
    first marked moment, a scoring), its score story open with ``chart``."""
    def make(app, names):
        book = load_book(app, bot_replay(game, seats=seats, names=names))
        at = book.marks()[0][0] + 1 if first_mark and not chart else round(book.last * fraction)
        scene = replay_scene(app, book, on_back=lambda: None, at=at)
        if chart:
            scene.watcher.toggle_chart()
        return scene
    return make


def chart_sample(results_sample):
    """A results sample (``results_sample(app, names)``) with its score story open."""
    def make(app, names):
        scene = results_sample(app, names)
        scene.toggle_chart()
        return scene
    return make
def _tv_bridge(game: str, seats: int, names: list[str], upto: float):
    """A spectator's bridge on a bot game ``upto`` of the way through, its last moves' events."""
    replay = bot_replay(game, seats=seats, names=names)
    g = engine.new_game(game, seats=seats, seed=replay["seed"], options=replay["options"])
    steps = replay["actions"][: round(len(replay["actions"]) * upto)]
    events: list = []
    for step in steps:
        events = g.apply(step["action"])
    bridge = LocalBridge(g, my_seat=None, names=names[:seats])
    bridge.table.players = [dict(p) for p in replay["players"]]
    bridge.host_name = "LAN-party box"
    bridge.host_web = ["http://192.168.1.20:47475/"]     # safe: text only (the TV's QR code)
    bridge.poll()               # its first full update: the TV is given it below, with the events
    return bridge, events


def tv_sample(game: str, seats: int, upto: float, mode: str = "table"):
    """TV mode on a bot game of ``game`` ``upto`` of the way through; ``mode`` "tally": a scoring's
    tally full screen; "standings": the night's standings after the game; "again": after it, its
    Play again waiting for its players (three in, two not yet, an open seat, a bot)."""
    def make(app, names):
        bridge, events = _tv_bridge(game, seats, names, upto)
        tv = app.make("tv", use(app, bridge))
        tv.watching = bridge.table.id
        tv.on_net({"kind": "update", "events": events, "full": True})
        if mode == "tally":             # the game's first kind of scoring (it declares at least one)
            g, scorings = bridge.game, app.games.of(game).scorings
            tv.tally_start(scorings.default)
            for seat in range(g.seats):
                tv.tally_add({"type": scorings.scored, "seat": seat, "total": 4 + 3 * seat, "score": g.scores[seat]})
        elif mode in ("standings", "again"):
            bridge.standings = sample_standings(names)
            tv.over_at = app.time - 60
            tv.last_game = {"names": names[:seats], "scores": [1] * seats, "winners": [0]}
            tv.child = None
        if mode == "again":
            tv.tables = [{"id": bridge.table.id + 1, "status": "lobby", "game": game, "seats": seats,
                          "again_of": bridge.table.id, "players": again_players(bridge.table.players)}]
        return tv
    return make


def again_players(players: list) -> list[dict]:
    """A Play again's seats as its summary lists them, of the last game's ``players``: the first
    three in (ready), the next two kept for their players, then an open seat, then a bot."""
    out = []
    for i, p in enumerate(players):
        seat = {"seat": i, "kind": "human", "name": p.get("name", ""), "colour": p.get("colour"), "ready": i < 3}
        if 3 <= i < 5:
            seat.update(kept=True, connected=False)
        elif i == 5:
            seat = {"seat": i, "kind": "empty", "name": "", "colour": None, "ready": False}
        elif i > 5:
            seat.update(kind="bot", level="hard", ready=True)
        out.append(seat)
    return out


def sample_standings(names: list[str]) -> dict:
    """A night's standings as the host sends them (docs/protocol.md, ``standings``)."""
    rows = [(names[0], 4, 3, 7.5), (names[3], 4, 1, 5.0), (names[1], 3, 1, 4.0), (names[2], 3, 0, 1.5),
            (names[4], 1, 0, 0.0)]
    return {"t": "standings", "overall": [{"name": n, "played": p, "wins": w, "points": pt} for n, p, w, pt in rows]}


def sample_finished(names: list[str], games: list[str]) -> dict:
    """Tonight's finished games as the host lists them (docs/protocol.md section 15): of the first
    two of ``games``, in turn."""
    a, b = games[0], games[-1]
    rows = [(14, a, [0, 1, 2, 3], [57, 53, 47, 37], [0], 381),
            (12, b, [4, 5, 6, 0, 1], [31, 20, 15, 16, 9], [4], 146),
            (9, a, [1, 3], [61, 64], [1], 210),
            (7, b, [2, 3, 4], [12, 12, 8], [0, 1], 97)]
    return {"t": "finished", "games": [
        {"id": i, "game": g, "options": {}, "seats": len(seats), "names": [names[s] for s in seats],
         "kinds": ["human"] * len(seats), "colours": COLOURS[:len(seats)], "scores": sc, "winners": w,
         "actions": n, "ended": 0} for i, g, seats, sc, w, n in rows]}


def _games(save: bool):
    def make(app, names):
        bridge = use(app, OfflineBridge(names[0]))
        scene = app.make("games_tonight", bridge)
        scene.on_net({"kind": "finished", **sample_finished(names, app.games.names)})
        if save:
            scene.ask_path(scene.games[0])
        return scene
    return make


def tv_waiting_sample(web: bool):
    """TV mode while no table plays: the page's address for phones and its code (``web``), or a
    host with no LAN address saying so."""
    def make(app, names):
        bridge = use(app, OfflineBridge("TV"))
        bridge.connected = True
        bridge.host_name = "LAN-party box"
        bridge.host_web = ["http://192.168.1.20:47475/"] if web else []    # safe: text only (the QR code)
        return app.make("tv", bridge)
    return make


#: This package's samples of shared screens (``game/screens.py`` lists them); the viewer's and the
#: TV's are over a game's position: each game declares its own with ``viewer_sample``, ``tv_sample``.
SAMPLES = {"games_tonight": _games(False), "games_tonight_save": _games(True),
           "tv_waiting": tv_waiting_sample(True), "tv_no_lan": tv_waiting_sample(False)}
