"""What a Tikal player needs to see: who holds each temple (a flag, strengths in the tooltip), what a
scoring would give each seat now, the stack's letters and volcanoes left, the last move marked on
the board, the log's player marks, short names and undos, and plurals that agree in English and
Russian."""
import copy

import pygame

import engine
from engine.bots import make_bot
from engine.tikal.analysis import scoring_now, stack_outlook
from game.fitcheck import FitCheck
from game.net_bridge import LocalBridge
from game.tikal import samples
from game.tikal.positions import LATE, MID
from game.tikal.scene import TikalScene

from client_helpers import make_app, move_mouse, settle
from tikal_client_support import open_table

TIED = copy.deepcopy(MID)
# on the north temple (0,-1): Anna's three workers against Chloé's leader: level, nobody holds it
TIED["figures"] = [f for f in TIED["figures"] if tuple(f["hex"]) != (0, -1)] + [
    {"seat": 0, "hex": [0, -1], "workers": 3, "leader": False},
    {"seat": 2, "hex": [0, -1], "workers": 0, "leader": True}]


def texts(app) -> list:
    app.fitcheck = FitCheck()
    app.draw()
    return app.fitcheck.texts


def test_each_temple_flies_its_holders_flag_and_the_tooltip_lists_every_strength():
    app, bridge, scene, g = open_table(TIED, my_seat=1)
    board = scene.board
    assert board.flag((0, -1)) == ("tie",)
    assert board.flag((2, -2)) == ("holder", 0)          # Anna's guard holds it, Chloé's worker aside
    assert board.flag((1, 0)) == ("holder", 0)           # two workers against one
    tip = board.hex_tip((0, -1))
    assert scene.tr("tikal.tip_tied") in tip and "Anna 3, Chloé 3" in tip
    tip = board.hex_tip((1, 0))
    assert scene.tr("tikal.tip_held_by", name="Anna") in tip and "Anna 2, Boris 1" in tip
    # the flag is drawn in the holder's colour by the plaque
    frame = app.draw()
    from game.tikal import art

    x, y = board.center((1, 0))
    s = board.layout.size
    fx, fy = x + s * art.FLAG_DX, y + s * art.FLAG_DY - s * 0.3 * 1.15
    area = [tuple(frame.get_at((int(fx - dx), int(fy + dy))))[:3] for dx in range(2, 9) for dy in range(-3, 4)]
    assert scene.colour(0) in area


def test_each_row_shows_what_a_scoring_would_give_now():
    app, bridge, scene, g = open_table(LATE, my_seat=0)
    now = scoring_now(g.view(0))
    drawn = texts(app)
    for seat in range(g.seats):
        slot = scene.panel.slot_rect(seat)
        assert any(t == f"+{now[seat]['total']}" and slot.contains(r) for r, t, _, _ in drawn), seat
    tip = scene.panel.tip_now(3)
    assert str(now[3]["temple_points"]) in tip and str(now[3]["total"]) in tip


def test_the_tile_box_shows_the_letters_left_and_the_volcanoes_to_come():
    app, bridge, scene, g = open_table(MID, my_seat=0, language="ru")
    out = stack_outlook(g.view(0))
    drawn = [t for _, t, _, _ in texts(app)]
    for letter, n in out["letters"]:
        assert letter in drawn
    assert [n for _, n in out["letters"]] == [0, 0, 1, 5, 5, 5, 4]   # C5 on top, then D..G
    assert drawn.count("5") >= 3 and "4" in drawn
    assert scene.trn("tikal.volcanoes_left", 2, letters="D, F") in drawn
    assert "ещё 20 тайлов" in drawn


def test_the_last_move_stays_marked_until_the_next_and_a_resync_marks_it_too():
    app, bridge, scene, g = open_table(MID, my_seat=0)   # Chloé (seat 2) to act
    walk = next(a for a in g.legal_actions() if a["type"] == "move" and len(a["path"]) == 2)
    bridge.act(walk)
    settle(app)
    assert scene.board.last_move == {"seat": 2, "hexes": [tuple(walk["path"][-1])],
                                     "path": [tuple(h) for h in walk["path"]]}
    app.draw()
    bridge.act({"type": "end_turn"})                      # not a move: the walk stays marked
    settle(app)
    assert scene.board.last_move["path"] == [tuple(h) for h in walk["path"]]
    place = next(a for a in g.legal_actions() if a["type"] == "place_tile")
    bridge.act(place)                                     # Anna places: her tile is the last move now
    settle(app)
    assert scene.board.last_move == {"seat": 0, "hexes": [tuple(place["hex"])], "path": None}
    fresh = TikalScene(app, bridge)                       # a window that rejoins gets a full update
    app.show(fresh)
    bridge.handle(dict(bridge._update([{"type": "figure_entered", "seat": 0, "figure": "worker", "hex": [0, 0],
                                        "cost": 2, "ap": 8}], full=True)))
    app.step(0.0, events=[])
    assert fresh.board.last_move == {"seat": 0, "hexes": [(0, 0)], "path": None}


def test_the_log_marks_each_line_with_its_players_mark_and_names_bots_short():
    g = engine.from_scenario(copy.deepcopy(MID))
    app = make_app()
    bridge = LocalBridge(g, my_seat=0, names=samples.NAMES[:3])
    bridge.table.players = [{"name": "Anna", "kind": "human"}, {"name": "Bot 2 (normal)", "kind": "bot",
                                                                "level": "normal"},
                            {"name": "Bot 3 (hard)", "kind": "bot", "level": "hard"}]
    app.bridge = bridge
    scene = app.show(TikalScene(app, bridge))
    app.step(0.0, events=[])
    bridge.bots = {s: make_bot("tikal", "normal", s, s) for s in (1, 2)}
    for _ in range(6):
        app.step(1 / 30, events=[])
    bridge.bots = {}
    settle(app)
    lines = [ln for ln in scene.log.lines if ln[2] is not None]
    assert lines and all("(normal)" not in t and "(hard)" not in t for t, _, _ in scene.log.lines)
    assert any(t.startswith("Bot 3 ") and mark == (scene.colour(2), scene.shape(2)) for t, _, mark in lines)
    assert scene.panel.tip_name(1) == scene.tr("tikal.tip_row_bot", name="Bot 2 (normal)", level=scene.tr("bot.normal"))


def test_an_undo_shows_in_the_log_as_what_was_taken_back():
    app, bridge, scene, g = open_table(MID, my_seat=2)
    before = g.snapshot()
    walk = next(a for a in g.legal_actions() if a["type"] == "move" and len(a["path"]) == 2)
    bridge.act(walk)
    settle(app)
    walked = scene.log.texts()[-1]
    assert walked.startswith("You walk")                  # our own move, in the second person
    bridge.game = engine.restore(before)                  # the host takes the walk back
    bridge.state += 1
    bridge.handle(dict(bridge._update([]), undone=2))
    settle(app)
    assert scene.log.texts()[-1] == scene.tr("table.undone", name="Chloé", what="walks" + walked[len("You walk"):])
    assert any(mark == (scene.colour(2), scene.shape(2)) and text.startswith("Chloé took back")
               for text, _, mark in scene.log.lines[-3:])  # the first of its wrapped lines carries the mark
    assert scene.shown == bridge.game.view(2) == engine.restore(before).view(2)


def test_counted_words_agree_with_their_number_in_english_and_russian():
    app = make_app()
    assert app.trn("tikal.next_tiles", 1) == "1 tile left" and app.trn("tikal.next_tiles", 5) == "5 tiles left"
    assert app.trn("tikal.tip_figures", 1, name="A") == "A: 1 worker"
    assert "1 treasure left" in app.trn("tikal.tip_treasure",
                                        1) and "3 treasures left" in app.trn("tikal.tip_treasure", 3)
    assert " 1 space " in app.trn("ev.tortuga.moved", 1, name="A", steps=1, to=4)
    assert " 2 spaces " in app.trn("ev.tortuga.moved", 2, name="A", steps=2, to=4)
    app.set_language("ru")
    assert [app.trn("tortuga.eggs", n) for n in (1, 3, 5, 21)] == ["1 яйцо", "3 яйца", "5 яиц", "21 яйцо"]
    assert [app.trn("tikal.next_tiles", n) for n in (1, 2, 11)] == ["ещё 1 тайл", "ещё 2 тайла", "ещё 11 тайлов"]
    assert app.trn("ev.tikal.round", 3).endswith("3 тайла.")


def test_panel_icons_explain_themselves():
    app, bridge, scene, g = open_table(MID, my_seat=0)
    from game.tikal import layout as L

    r = L.row_rect(1)
    move_mouse(app, (r.x + 60, r.y + 44))      # Boris's workers in supply
    app.step(0.7, events=[])
    app.fitcheck = FitCheck()
    app.draw()
    shown = " ".join(t for _, t, _, layer in app.fitcheck.texts if layer == "overlay")
    assert scene.tr("tikal.tip_row_supply").split()[0] in shown
    pygame.event.clear()


def finished_game(seed=4, variant="base"):
    g = engine.new_game("tikal", seats=3, seed=seed, options={"variant": variant})
    bots = {s: make_bot("tikal", "random", s, seed + s) for s in range(3)}
    while not g.is_over:
        g.apply(bots[g.to_act].choose(g.view(g.to_act), g.legal_actions()))
    return g


def cell_value(cell: str) -> int:
    """A results cell's points: "+12", or the auction's "20 − 4" (the start less the bids, T-X1)."""
    first, *less = cell.split(" − ")
    return int(first) - sum(int(x) for x in less)


def test_results_show_every_scoring_round_even_to_a_player_who_rejoined():
    from game.scenes.results import ResultsScene

    for variant in ("base", "auction"):
        g = finished_game(variant=variant)
        rounds = g.view(0)["rounds"]
        app = make_app()
        bridge = LocalBridge(g, my_seat=0, names=samples.NAMES[:3])   # joins now: one full update
        app.bridge = bridge
        scene = app.show(ResultsScene(app, bridge))
        headers = [h for h, _, _ in scene.columns]
        volcanoes = [r for r in rounds if r["kind"] == "volcano"]
        expected = [scene.tr("results.volcano_n", n=i + 1) for i in range(len(volcanoes))] + [scene.tr("results.final")]
        assert headers[-len(expected):] == expected and len(volcanoes) >= 1
        for seat in range(3):
            cells = [cell_value(cells[seat]) for _, cells, _ in scene.columns]
            assert sum(cells) == g.scores[seat]       # every column adds up to the final score
            assert cells[-1] == next(e["total"] for e in rounds[-1]["scored"] if e["seat"] == seat)
        assert (variant == "auction") == (headers[0] == scene.tr("results.auction_col"))
        texts(app)
        assert not app.fitcheck.problems()


def test_results_let_the_player_look_at_the_final_board_and_come_back():
    from game.scenes.results import ResultsScene

    from client_helpers import button, click

    g = finished_game()
    app = make_app()
    bridge = LocalBridge(g, my_seat=1, names=samples.NAMES[:3])
    app.bridge = bridge
    results = app.show(ResultsScene(app, bridge))
    click(app, button(results, "results.board").rect.center)
    board = app.scene
    assert isinstance(board, TikalScene) and board.review and app.scenes[0] is results
    settle(app)
    shown = [w.label for w in board.widgets.items if w.visible and getattr(w, "label", None)]
    assert board.shown == g.view(1) and shown == ["table.back_to_results"]
    app.step(3.0, events=[])
    assert app.scene is board                                     # it stays: no results shown over it
    click(app, button(board, "table.back_to_results").rect.center)
    assert app.scene is results and len(app.scenes) == 1


def test_a_shared_victory_names_the_winners_in_the_plural_of_every_language():
    from assets.i18n import LANGUAGES
    from game.scenes.results import ResultsScene

    g = finished_game()
    for lang in LANGUAGES:
        app = make_app()
        app.set_language(lang)
        bridge = LocalBridge(g, my_seat=0, names=samples.NAMES[:3])
        app.bridge = bridge
        scene = app.show(ResultsScene(app, bridge))
        one, two = scene.trn("results.winners", 1, names="X"), scene.trn("results.winners", 2, names="X")
        assert one != two                         # "Winner: X" / "Winners: X", in each language
        for winners in ([0], [0, 2]):
            scene.winners = winners               # (a finished game's tie, drawn)
            names = ", ".join(samples.NAMES[s] for s in winners)
            shown = [text for _, text, _, _ in texts(app)]
            assert scene.trn("results.winners", len(winners), names=names) in shown
            assert not app.fitcheck.problems()
