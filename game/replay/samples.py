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

from .viewer import load_book, replay_scene

COLOURS = ["orange", "blue", "green", "yellow", "purple", "red", "black"]


@functools.lru_cache(maxsize=8)
def _bot_actions(game: str, seats: int, seed: int, level: str, options: tuple) -> tuple:
    g = engine.new_game(game, seats=seats, seed=seed, options=dict(options))
    bots = {s: make_bot(game, level, s, seed * 10 + s) for s in range(seats)}
    out = []
    while not g.is_over:
        seat = g.to_act
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
            scene.toggle_chart()
        return scene
    return make


def chart_sample(results_sample):
    """A results sample (``results_sample(app, names)``) with its score story open."""
    def make(app, names):
        scene = results_sample(app, names)
        scene.toggle_chart()
        return scene
    return make
