"""Both clients write the same log (issue 42): the window's table of each game's lines
(game/<game>/log_lines.py) is the page's too (tools/web_data.py writes it to
assets/web/games/<game>/log_lines.js, app/loglines.js reads it), each client with its own readings
of the table. Every event of whole random games, in the four languages, for the player's own seat
and for another's, reads the same in the page (in Node) as in the window."""
from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest

import engine
from assets.i18n import Catalog
from game.tikal.log_lines import LOG_LINES as TIKAL_LINES
from game.tortuga.log_lines import LOG_LINES as TORTUGA_LINES
from net.web import catalog_json

from node_helpers import node_calls

LINES = {"tikal": TIKAL_LINES, "tortuga": TORTUGA_LINES}
NAMES = ["Ana", "Bruno", "Cleo", "Dmitrij", "Eva"]


class Table:
    """What a window's table scene gives the lines (game/scenes/common.py): its catalog, the short
    names, our seat, the table's latest view, the turtles' owners."""

    def __init__(self, lang: str, me: int, seats: int):
        catalog = Catalog(lang)
        self.app = SimpleNamespace(catalog=catalog)
        self.tr, self.trn = catalog.tr, catalog.trn
        self.me, self.seats = me, seats
        self.table = SimpleNamespace(view=None)

    def short_name(self, seat):
        return NAMES[seat]

    def owner(self, turtle):
        return turtle % self.seats


def cases(game: str, seats: int, seed: int, options: dict) -> list[dict]:
    """Every event of a whole random game with the view after it (seat 0's)."""
    g = engine.new_game(game, seats=seats, seed=seed, options=options)
    rng = random.Random(seed)
    out = [{"ev": ev, "view": g.view(0)} for ev in g.start_events]
    while not g.is_over:
        events = g.apply(rng.choice(g.legal_actions()))
        view = g.view(0)
        out += [{"ev": ev, "view": view} for ev in events]
    return json.loads(json.dumps(out))


@pytest.mark.parametrize("game,seats,seed,options", [
    ("tikal", 3, 5, {"variant": "base"}), ("tikal", 2, 6, {"variant": "auction"}),
    ("tortuga", 3, 7, {"cards_as_dice": False}), ("tortuga", 5, 8, {"cards_as_dice": True})])
def test_the_page_writes_every_event_as_the_window_does(game, seats, seed, options):
    got_cases = cases(game, seats, seed, options)
    types = {c["ev"]["type"] for c in got_cases}
    assert len(types) >= 6, types
    lines = LINES[game]
    for lang in ("en", "cs", "it", "ru"):
        data = json.loads(catalog_json(lang))
        for me in (0, 1):
            [page] = node_calls("tests/js/lines.mjs", [
                {"fn": "describeAll", "args": [game, data, NAMES, me, seats, got_cases]}])
            window = Table(lang, me, seats)
            want = []
            for c in got_cases:
                window.table.view = c["view"]
                want.append([lines.describe(window, c["ev"], True), lines.describe(window, c["ev"], False),
                             lines.seat(window, c["ev"])])
            assert page == want, (lang, me)
            written = [w for w, _, _ in want if w]
            assert written and not [w for w in written if "{" in w], lang
