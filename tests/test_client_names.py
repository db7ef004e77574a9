"""Names and labels that misled (issue 31 point 7): the lobby listed three identical "Bot (normal)"
while the table numbers them; the auction's results column "Auction +16" read as points won (it is
what is left of the 20 starting points once the bids are paid)."""
import pygame
import pytest
from test_client_fit import LONG_NAMES, lobby_sample

import engine
from assets.i18n import LANGUAGES
from engine.bots import make_bot
from game.fitcheck import FitCheck
from game.net_bridge import LocalBridge
from game.scenes.results import ResultsScene
from game.scenes.samples import use
from game.tikal.results import tikal_columns

from client_helpers import make_app


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lobby_numbers_its_bots_as_the_table_does(lang):
    app, lobby = lobby_sample(lang)
    summary = dict(lobby.bridge.lobby)
    summary["players"] = [dict(p) for p in summary["players"]]
    for seat in (1, 2, 4):                 # three bots of one level
        summary["players"][seat] = {"seat": seat, "kind": "bot", "level": "normal", "ready": True}
    lobby.bridge.lobby = summary
    lobby.bridge.table.players = summary["players"]
    app.fitcheck = FitCheck()
    app.step(1 / 30, events=[])
    app.draw()
    drawn = [t for _, t, _, _ in app.fitcheck.texts]
    names = [lobby.bridge.table.name(seat) for seat in (1, 2, 4)]      # as the table names them
    assert len(set(names)) == 3 and all(n in drawn for n in names), (names, drawn)
    from game.scenes.lobby import player_names
    listed = player_names(summary, app.tr)
    assert all(n in listed for n in names), listed
    app.close()


def finished_auction(seats: int = 3, seed: int = 5) -> LocalBridge:
    g = engine.new_game("tikal", seats=seats, seed=seed, options={"variant": "auction"})
    bots = {s: make_bot("tikal", "random", s, seed + s) for s in range(seats)}
    b = LocalBridge(g, my_seat=0, names=LONG_NAMES[:seats], bots=bots)
    b.play_out(20000)
    assert g.is_over
    return b


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_auctions_results_column_says_start_less_bids(lang):
    b = finished_auction()
    app = make_app(lang)
    view = b.table.view
    cols = tikal_columns(app, view)
    header, cells, tips = cols[0]
    assert header == app.tr("results.auction_col")
    rounds = [0] * view["seats"]
    for r in view["rounds"]:
        for e in r["scored"]:
            rounds[e["seat"]] += e["total"]
    for seat, cell in enumerate(cells):
        start, bids = (int(x) for x in cell.split(" − "))
        assert start == 20 and start - bids + rounds[seat] == view["scores"][seat], (cell, seat)   # T-X1
        assert not cell.startswith("+") and str(bids) in tips[seat]
    scene = ResultsScene(app, use(app, b))
    app.show(scene)
    app.fitcheck = FitCheck()
    for _ in range(30):
        app.step(1 / 30, events=[])
    app.draw()
    problems = app.fitcheck.problems()
    assert not problems, problems[:5]
    drawn = [t for _, t, _, _ in app.fitcheck.texts]
    assert any(" − " in t for t in drawn) and not any(t.startswith("+") and t[1:].isdigit() and t not in
                                                       [c for _, cs, _ in cols[1:] for c in cs] for t in drawn)
    pygame.quit()
