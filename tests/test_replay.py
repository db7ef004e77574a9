"""The replay viewer (game/replay/): a replay of a bot game, shown by the game's own table scene
in a real (headless) window, stepped forward to the end and back to the start, every position
equal to the engine's spectator view after the same actions; the ``--at N`` renders; the score
story's points against the scores of the game's updates; files the viewer refuses."""
import json

import pygame
import pytest

import engine
from game.games import CLIENTS
from game.replay.book import ReplayBook, ReplayError, score_story
from game.replay.samples import bot_replay
from game.replay.viewer import load_book, replay_scene

from client_helpers import click, make_app, press, settle


def engine_views(replay):
    """The engine's spectator view after each number of the replay's actions (0..n)."""
    g = engine.new_game(replay["game"], seats=replay["seats"], seed=replay["seed"], options=replay["options"],
                        rules=replay["rules"])
    out = [g.view(None)]
    for step in replay["actions"]:
        assert g.to_act == step["seat"]
        g.apply(step["action"])
        out.append(g.view(None))
    return out


@pytest.mark.parametrize("game,seats", [("tikal", 3), ("tortuga", 4)])
def test_a_replay_steps_to_the_end_and_back_showing_the_engines_views(game, seats):
    replay = bot_replay(game, seats=seats, seed=3, level="random")
    expected = engine_views(replay)
    app = make_app(anim_speed=4.0)
    table = app.show(replay_scene(app, load_book(app, replay), on_back=lambda: None))
    viewer = table.watcher
    assert table.shown == expected[0]
    n = len(replay["actions"])
    for k in range(1, n + 1):        # forward: the move's animations play, then the view lands
        viewer.step_forward()
        settle(app, dt=1 / 10)
        assert viewer.bridge.at == k
        assert table.shown == expected[k], f"move {k}"
        assert table.table.view == expected[k]
    assert table.table.over
    assert table.log.texts()[-1]     # the log told the last move
    viewer.step_forward()             # nothing after the end
    assert viewer.bridge.at == n
    for k in range(n - 1, -1, -1):    # back: at once, no animation
        viewer.step_back()
        assert not table.timeline.busy
        assert table.shown == expected[k], f"back to {k}"
    assert viewer.bridge.at == 0
    app.close()


def test_keys_turns_timeline_and_play():
    replay = bot_replay("tikal", seats=2, seed=4, level="random")
    book = ReplayBook(replay, CLIENTS["tikal"].turn_events, CLIENTS["tikal"].scorings)
    expected = engine_views(replay)
    app = make_app()
    table = app.show(replay_scene(app, book, on_back=lambda: None))
    viewer = table.watcher
    press(app, pygame.K_PAGEDOWN)                       # a turn forward: where the first turn ended
    first = viewer.bridge.at
    assert first == book.boundaries[1] and first > 1
    assert any(ev["type"] == "turn_ended" for ev in book.positions[first].events)
    assert table.shown == expected[first]
    press(app, pygame.K_PAGEDOWN)
    assert viewer.bridge.at == book.boundaries[2]
    press(app, pygame.K_PAGEUP)
    assert viewer.bridge.at == first
    press(app, pygame.K_END)
    assert viewer.bridge.at == book.last and table.shown == expected[-1]
    # the timeline: a click in its middle goes to the middle of the game
    track = viewer.bar.track
    click(app, (track.centerx, track.centery))
    assert abs(viewer.bridge.at - book.last // 2) <= 1
    assert table.shown == expected[viewer.bridge.at]
    # the volcano scorings and the final scoring are marked on it
    kinds = [kind for _, kind in book.marks()]
    assert "volcano" in kinds and kinds[-1] == "final"
    # play at x4: moves follow one another by themselves
    press(app, pygame.K_s)
    press(app, pygame.K_s)
    assert viewer.speed == 4
    at = viewer.bridge.at
    press(app, pygame.K_SPACE)
    assert viewer.playing
    for _ in range(240):
        app.step(1 / 30, events=[])
    assert viewer.bridge.at > at + 3
    press(app, pygame.K_SPACE)
    assert not viewer.playing
    settle(app)
    assert table.shown == expected[viewer.bridge.at]
    app.close()


def test_the_at_renders_of_three_moves_differ(tmp_path):
    from tikal_lan.window import main

    path = tmp_path / "game.json"
    path.write_text(json.dumps(bot_replay("tikal", seats=4)))
    frames = []
    for at in ("3", "4", "end"):
        out = tmp_path / f"at-{at}.png"
        assert main(["--replay", str(path), "--screenshot", str(out), "--at", at, "--frames", "2"]) == 0
        frames.append(pygame.image.tobytes(pygame.image.load(str(out)), "RGB"))
    assert frames[0] != frames[1] and frames[1] != frames[2] and frames[0] != frames[2]


@pytest.mark.parametrize("change,key", [({"rules": 99}, "replay.err_rules"), ({"version": 7}, "replay.err_newer"),
                                        ({"format": "other"}, "replay.err_not_replay"),
                                        ({"game": "chess"}, "replay.err_game")])
def test_a_file_the_viewer_cannot_replay_faithfully_is_refused_clearly(tmp_path, capsys, change, key):
    from tikal_lan.window import main

    replay = {**bot_replay("tortuga", seats=2, level="random"), **change}
    with pytest.raises(ReplayError) as err:
        ReplayBook(replay, CLIENTS.of(replay["game"]).turn_events)
    assert err.value.key == key
    path = tmp_path / "r.json"
    path.write_text(json.dumps(replay))
    assert main(["--replay", str(path), "--screenshot", str(tmp_path / "x.png"), "--lang", "ru"]) == 2
    said = capsys.readouterr().err
    app = make_app("ru")
    assert app.tr(key, **err.value.fmt) in said       # in the player's language, with the reason
    assert not (tmp_path / "x.png").exists()


def test_a_damaged_replay_names_the_move():
    replay = bot_replay("tikal", seats=2, seed=4, level="random")
    replay["actions"][10] = {"seat": replay["actions"][10]["seat"], "action": {"type": "dig", "hex": [40, 40]}}
    with pytest.raises(ReplayError) as err:
        ReplayBook(replay, CLIENTS.of(replay["game"]).turn_events)
    assert err.value.key == "replay.err_damaged" and err.value.fmt == {"move": "11"}


def test_the_charts_points_are_the_scores_of_the_games_updates():
    """A live game's updates (a LocalBridge plays the host's part) recorded by the table model,
    and a replay's: each point is the scores the update of its state carried; a point per turn."""
    from engine.bots import make_bot
    from game.net_bridge import LocalBridge

    g = engine.new_game("tikal", seats=3, seed=9, options={"variant": "base"})
    bots = {s: make_bot("tikal", "random", s, s) for s in range(3)}
    bridge = LocalBridge(g, my_seat=None, names=["A", "B", "C"], bots=bots)
    updates = {}
    while not g.is_over:
        bridge.poll()
        updates[bridge.table.state] = list(bridge.table.scores)
    story = score_story(bridge.table.history, CLIENTS["tikal"].turn_events, 3, CLIENTS["tikal"].scorings)
    assert [p[1] for p in story.points][0] == 0
    for turn, state, scores in story.points:
        assert scores == updates.get(state, [0, 0, 0] if state == 0 else None), (turn, state)
    ends = sum(1 for e in bridge.table.history for ev in e["events"] if ev["type"] == "turn_ended")
    assert [p[0] for p in story.points] == list(range(ends + 1))
    assert story.points[-1][2] == list(g.scores)
    assert any(kind == "volcano" for _, _, kind in story.marks)
    # the replay's chart: the same points as the updates its bridge hands the table
    replay = bot_replay("tikal", seats=3, seed=9, level="random")
    app = make_app()
    table = app.show(replay_scene(app, load_book(app, replay), on_back=lambda: None))
    viewer = table.watcher
    viewer.toggle_chart()
    for turn, state, scores in viewer.chart.story.points:
        assert scores == viewer.bridge.update_msg(state, full=True)["scores"]
    # a click on a point goes there
    turn, state, _ = viewer.chart.story.points[len(viewer.chart.story.points) // 2]
    x, _ = viewer.chart.xy(turn, 0)
    click(app, (x, viewer.chart.plot.centery))
    assert viewer.bridge.at == state
    app.close()


def test_the_results_screen_draws_the_story_of_the_game_it_ended():
    from game.screens import sample

    app = make_app()
    results = app.show(sample("results_chart", app))
    assert results.chart_shown and results.chart is not None
    history = results.bridge.table.history
    assert [e["scores"] for e in history if e["state"] in {p[1] for p in results.chart.story.points}] \
        == [p[2] for p in results.chart.story.points]
    app.draw()
    press(app, pygame.K_c)            # back to the rows
    assert not results.chart_shown
    app.close()


def test_the_results_chart_says_whose_line_is_whose():
    """The results' chart had no legend (the replay's has the score column beside it): each seat's
    name and final score are drawn beside the plot, never over it, highest first, in every language."""
    from assets.i18n import LANGUAGES
    from game.fitcheck import FitCheck
    from game.screens import sample

    for lang in LANGUAGES:
        app = make_app(lang)
        results = app.show(sample("results_chart", app))
        chart, tm = results.chart, results.bridge.table
        app.fitcheck = FitCheck()
        app.draw()
        final = chart.story.points[-1][2]
        texts = [(pygame.Rect(r), t) for r, t, _, _ in app.fitcheck.texts]
        names = [(r, t) for r, t in texts if t in {tm.name(s) for s in range(chart.story.seats)}
                 and r.x >= chart.plot.right]
        assert sorted(t for _, t in names) == sorted(tm.name(s) for s in range(chart.story.seats)), (lang, texts)
        ys = {t: r.y for r, t in names}
        order = sorted(range(chart.story.seats), key=lambda s: ys[tm.name(s)])
        assert [final[s] for s in order] == sorted(final, reverse=True)
        assert not app.fitcheck.problems(), app.fitcheck.problems()
        app.close()


def test_a_click_on_the_results_chart_opens_the_games_replay_at_that_turn():
    """The results' score story: a click on a point asks the host for the game's replay and opens
    the viewer where that turn ended; Back returns to the results on the host's bridge."""
    from game.net_bridge import LocalBridge
    from game.scenes.results import ResultsScene

    replay = bot_replay("tortuga", seats=3, seed=8, level="random")
    g = engine.new_game("tortuga", seats=3, seed=8, options=replay["options"])
    bridge = LocalBridge(g, my_seat=None, names=replay["names"])
    for step in replay["actions"]:        # the game the host played, update by update
        events = g.apply(step["action"])
        bridge.state += 1
        bridge.handle(bridge._update(events))
    asked = []
    bridge.request_replay = lambda tid: asked.append(tid)
    app = make_app()
    app.bridge = bridge
    results = app.show(ResultsScene(app, bridge))
    press(app, pygame.K_c)
    assert results.chart_shown
    point = results.chart.story.points[len(results.chart.story.points) // 2]
    x, _ = results.chart.xy(point[0], 0)
    click(app, (x, results.chart.plot.centery))
    assert asked == [bridge.table.id]
    app.step(0, events=[])
    results.on_net({"kind": "replay", "id": bridge.table.id, "replay": replay})    # the host's answer
    assert app.scene.name == "replay"
    viewer = app.scene.watcher
    assert viewer.bridge.at == viewer.book.position_of_turn(point[0])
    assert viewer.book.positions[viewer.bridge.at].scores == point[2]
    press(app, pygame.K_ESCAPE)
    assert app.scene is results and app.bridge is bridge
    app.close()


def test_the_volcano_and_the_final_scoring_marks_differ_in_shape_not_only_in_colour():
    """Orange-red against yellow is all a colour-blind player could tell them apart by (Tikal's
    scorings declare a shape each: ``GameClient.scorings``)."""
    from game.replay.chart import mark_points

    scorings = CLIENTS["tikal"].scorings
    volcano, final = (mark_points(scorings.of(kind), 100, 10) for kind in ("volcano", "final"))
    assert len(volcano) == 3 and len(final) == 4
    for pts in (volcano, final):      # both point down at x from about the same band
        assert max(y for _, y in pts) - 10 in range(9, 14) and min(y for _, y in pts) in (9, 10)
        assert {x for x, y in pts if y == max(y for _, y in pts)} == {100}


def test_a_narrow_replay_bar_still_says_where_the_replay_stands():
    """La Tortuga's bar sits in the side column: there was no room right of its buttons, so it never
    said "Move N of M · turn T"; a narrow bar puts that line over its buttons, in every language."""
    from assets.i18n import LANGUAGES
    from game.fitcheck import FitCheck
    from game.screens import sample

    for lang in LANGUAGES:
        app = make_app(lang)
        table = sample("replay_tortuga", app)
        if table not in app.scenes:
            app.show(table)
        viewer = table.watcher
        app.step(0.0, events=[])
        bar = viewer.bar
        assert bar.where_row is not None and bar.rect.width < 400
        app.fitcheck = FitCheck()
        app.draw()
        pos = viewer.book.positions[viewer.bridge.at]
        where = app.tr("replay.where", move=viewer.bridge.at, moves=viewer.book.last, turn=pos.turn + 1)
        assert where in [t for _, t, _, _ in app.fitcheck.texts], lang
        assert not app.fitcheck.problems(), app.fitcheck.problems()
        app.close()
