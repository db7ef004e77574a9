"""Sample replays (a game of bots, as ``run_host.py --export`` would write it) and the scenes of
this package for ``--screenshot`` and the fit test: ``replay`` (the viewer in the middle of a Tikal
game), ``replay_chart`` (its score story open), ``replay_tortuga``, and the score story on the
results screens (``results_chart``, ``tikal_results_chart``)."""
from __future__ import annotations

import copy
import functools

import engine
from net.journal import REPLAY_FORMAT

from ..scenes.registry import register

COLOURS = ["orange", "blue", "green", "yellow", "purple", "red", "black"]


@functools.lru_cache(maxsize=8)
def _bot_actions(game: str, seats: int, seed: int, level: str, options: tuple) -> tuple:
    from engine.bots import make_bot

    g = engine.new_game(game, seats=seats, seed=seed, options=dict(options))
    bots = {s: make_bot(game, level, s, seed * 10 + s) for s in range(seats)}
    out = []
    while not g.is_over:
        seat = g.to_act
        action = bots[seat].choose(g.view(seat), g.legal_actions())
        out.append({"seat": seat, "action": copy.deepcopy(dict(action))})
        g.apply(action)
    return tuple(out), tuple(g.scores), tuple(g.winners)


def bot_replay(game: str = "tikal", seats: int = 4, seed: int = 5, level: str = "easy", options: dict | None = None,
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


def _viewer(game: str, fraction: float, chart: bool = False, seats: int = 4):
    def make(app, names):
        from .book import ReplayBook
        from .viewer import replay_scene

        book = ReplayBook(bot_replay(game, seats=seats, names=names))
        at = book.marks()[0][0] + 1 if game == "tikal" and not chart else round(book.last * fraction)
        scene = replay_scene(app, book, on_back=lambda: None, at=at)
        if chart:
            scene.toggle_chart()
        return scene
    return make


def _results_chart(base: str):
    def make(app, names):
        from ..scenes.registry import SCENES

        scene = SCENES[base][1](app, names)
        scene.toggle_chart()
        return scene
    return make


def register_all() -> None:
    from ..scenes.results import ResultsScene
    from .viewer import ReplayView

    register("results_chart", ResultsScene, _results_chart("results"))
    register("tikal_results_chart", ResultsScene, _results_chart("tikal_results"))
    register("replay", ReplayView, _viewer("tikal", 0.5))
    register("replay_chart", ReplayView, _viewer("tikal", 0.7, chart=True))
    register("replay_tortuga", ReplayView, _viewer("tortuga", 0.6, seats=5))


register_all()
