"""The phone says the hint as the window does (issue 38): each step of the strong bot's plan and
its reason, from the host's form of it (engine.bots.hints: catalog keys and values), in the page
(in Node: app/hintwords.js, games/tikal/hint.js) as in the window (game/hint.py reason_text,
game/tikal/hint.py step_text), over plans of whole random games, in the four languages."""
from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest

import engine
from assets.i18n import Catalog
from engine.bots import make_bot
from engine.bots.hints import askable, hint, seed_for
from game.hint import reason_text
from game.tikal.hint import TikalHint
from net.web import catalog_json

from node_helpers import node_calls

NAMES = ["Ana", "Bruno", "Cleo", "Dmitrij", "Eva"]


def plans(game: str, seats: int, seed: int, options: dict, every: int, most: int) -> list[list]:
    """The hints of seat 0 at every ``every``-th of its decisions in a game of greedy bots (at most ``most``)."""
    g = engine.new_game(game, seats=seats, seed=seed, options=options)
    bots = [make_bot(game, "normal", p, p) for p in range(seats)]
    rng, out, n = random.Random(seed), [], 0
    while not g.is_over and len(out) < most:
        p = g.to_act
        view, legal = g.view(p), g.legal_actions()
        if p == 0 and askable(game, view, legal):
            n += 1
            if n % every == 0:
                out.append(hint(game, view, legal, 0, seed_for(n, 0))["steps"])
        g.apply(bots[p].choose(view, legal) if rng.random() < 0.9 else rng.choice(legal))
    return json.loads(json.dumps(out))


def window_line(catalog, step: dict) -> str:
    """The window's words of a Tikal step (TikalHint.step_text, on a scene that has what it reads)."""
    app = SimpleNamespace(tr=catalog.tr, trn=catalog.trn)
    fake = SimpleNamespace(app=app, scene=SimpleNamespace(tr=catalog.tr),
                           bridge=SimpleNamespace(table=SimpleNamespace(name=lambda s: NAMES[s])))
    text = TikalHint.step_text(fake, step["action"], step["cost"])
    if step["cost"] and step["action"]["type"] != "move":
        text = catalog.tr("hint.with_cost", step=text, ap=step["cost"])
    return text


@pytest.mark.parametrize("game,seats,seed,options,every,most", [
    ("tikal", 3, 4, {"variant": "base"}, 4, 4), ("tikal", 2, 9, {"variant": "auction"}, 3, 3),
    ("tortuga", 3, 7, {"cards_as_dice": False}, 1, 14), ("tortuga", 5, 8, {"cards_as_dice": True}, 1, 14)])
def test_the_page_says_the_hint_as_the_window_does(game, seats, seed, options, every, most):
    got = plans(game, seats, seed, options, every, most)
    steps = [s for plan in got for s in plan]
    reasons = {s["why"]["key"] for s in steps if s["why"]}
    assert len(reasons) >= (4 if game == "tikal" else 3), reasons
    for lang in ("en", "cs", "it", "ru"):
        data = json.loads(catalog_json(lang))
        catalog = Catalog(lang)
        app = SimpleNamespace(tr=catalog.tr, trn=catalog.trn)
        [page] = node_calls("tests/js/hintlines.mjs", [{"fn": "hintLines", "args": [game, data, NAMES, True, got]}])
        want = [[[window_line(catalog, s) if game == "tikal" else None, reason_text(app, s["why"], i + 1)]
                 for i, s in enumerate(plan)] for plan in got]
        assert page == want, lang
        assert not [w for plan in page for pair in plan for w in pair if w and "{" in w], lang
