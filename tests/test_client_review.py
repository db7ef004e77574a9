"""Review my game (issue 24, game/tikal/review.py): after a whole Tikal game on a real host on
127.0.0.1, the player clicks Review on the results; the strong bot looks at each of the player's
turns in a worker thread (the window keeps drawing), the list shows the turns where its plan was
clearly better with estimated points and three key moments, a row opens that turn's board
with the bot's plan beside what was played, and the game's replay shows the key moments on its
timeline. The player's own seat is played by a greedy bot
through the bridge (the game is a bot game); the review is used with the mouse alone."""
from __future__ import annotations

import pytest
from test_client_mouse_games import click_button, frames, play, sit_and_start, wait, widget

from engine.bots import make_bot
from engine.bots.tikal_bots.coach import CLEARLY
from game.net_bridge import OfflineBridge
from game.scenes.results import ResultsScene
from game.tikal.review import ReviewScene, TurnOverlay, effective, review_allowed
from game.tikal.scene import TikalScene

from client_helpers import click, colourful
from waiting import HANG


def test_a_table_that_forbids_hints_forbids_reviews_until_the_game_is_over():
    b = OfflineBridge("Tess")
    b.table.game, b.table.my_seat = "tikal", 0
    b.lobby = {"id": 1, "game": "tikal", "hints": False, "players": []}
    assert not review_allowed(b)
    b.lobby["hints"] = True
    assert review_allowed(b)
    b.lobby["hints"] = False
    b.table.over = True
    assert review_allowed(b)
    b.table.my_seat = None                      # a spectator has no turns of their own
    assert not review_allowed(b)


def test_an_undone_action_is_not_reviewed_as_played():
    """An undo (docs/protocol.md: ``undone``, no events, the counter + 1) takes back the seat's
    last action: its update leaves the updates in effect, the others stay in order."""
    walk = {"type": "figure_moved", "seat": 0, "figure": "worker", "path": [[0, 0], [0, -1]]}
    other = {"type": "figure_entered", "seat": 1, "figure": "worker", "hex": [0, 0]}
    history = [{"state": 0, "events": []}, {"state": 1, "events": [other]}, {"state": 2, "events": [walk]},
               {"state": 3, "events": [], "undone": 0}, {"state": 4, "events": [walk]}]
    assert [e["state"] for e in effective(history)] == [0, 1, 4]


@pytest.fixture
def host_with_saves(tmp_path):
    """tests/conftest.py's host, with a data directory: finished games are kept and replayed."""
    from net.config import HostConfig
    from net.host import Host, start_in_thread

    h = Host(HostConfig(name="Test host", bind="127.0.0.1", port=0, announce=False, data_dir=str(tmp_path)))
    addr, port, stop = start_in_thread(host=h, timeout=HANG)
    yield h, f"{addr}:{port}"
    stop()


@pytest.mark.slow
def test_a_review_of_a_whole_bot_game_through_the_window(host_with_saves):
    h, address = host_with_saves
    app, bridge, scene, table = sit_and_start(h, address, "tikal", 2, {"variant": "base"})
    try:
        me = bridge.table.my_seat
        assert not review_allowed(bridge)        # no hints at this table, the game is on
        bot = make_bot("tikal", "normal", me, seed=3)

        def decide():
            action = bot.choose(bridge.table.view, bridge.table.legal)
            scene.pending = bridge.table.state  # as the table's controls send (a whole walk too)
            bridge.act(action)
            return [action]

        meant = play(app, bridge, scene, decide)
        assert isinstance(app.scene, ResultsScene)
        mine = [a for seat, a in table.history if seat == me]
        assert mine == meant

        app.draw()
        click_button(app, widget(app.scene, label="results.review"))
        assert isinstance(app.scene, ReviewScene)
        review = app.scene
        job = review.job
        drawn = 0
        while not job.finished:                 # the window keeps drawing while the bot thinks
            frames(app)
            if drawn < 3:
                assert colourful(app.draw())
                drawn += 1
            job.thread.join(0.05)               # not a deadline: a pause between frames
        frames(app, 2)
        assert job.error is None
        # every turn of ours, as the host received it, from our own views
        assert [a for t in job.turns for a in t["actions"]] == mine
        assert len(job.turns) >= 15 and all(r is not None for r in job.reviews)
        better = job.better()
        assert better and all(job.reviews[i]["gain"] >= CLEARLY for i in better)
        keys = job.key_moments()
        assert len(keys) == min(3, len(better))
        assert min(job.reviews[i]["gain"] for i in keys) >= max(
            job.reviews[i]["gain"] for i in better if i not in keys)

        # the list, as the player reads it: turn numbers, estimated points, the key moments starred
        app.draw()
        shown, stars = [], 0
        for _ in range(len(better)):
            for b in review.rows:
                if b.visible and b.text() not in shown:
                    shown.append(b.text())
            if review.down.visible:
                click_button(app, review.down)
                app.draw()
        assert len(shown) == len(better)
        for i, text in zip(better, shown):
            assert f"Turn {i + 1}:" in text and f"+{max(1, round(job.reviews[i]['gain']))} point" in text
            stars += text.startswith("★")
        assert stars == len(keys)

        # a key moment on the board: the bot's plan beside what was played
        while review.first:
            click_button(app, review.up)
        app.draw()
        row = None
        for _ in range(len(better) + 1):         # a key moment may be further down the list
            row = next((b for b in review.rows if b.visible and b.text().startswith("★")), None)
            if row is not None or not review.down.visible:
                break
            click_button(app, review.down)
            app.draw()
        assert row is not None, "no key moment in the list"
        click(app, row.rect.center)
        assert isinstance(app.scene, TikalScene) and app.scene.review
        overlay = next(a for a in app.scene.addons if isinstance(a, TurnOverlay))
        turn = better[0] if not keys else next(i for i in better if i in keys)
        assert [a for a, _ in overlay.bot.plan] == job.reviews[turn]["plan"]
        assert [a for a, _ in overlay.played.plan] == job.turns[turn]["actions"]
        assert colourful(app.draw())
        click_button(app, widget(app.scene, label="review.back"))
        assert app.scene is review

        # the key moments on the replay's timeline, each where its turn began
        app.draw()
        click_button(app, widget(review, label="review.replay"))
        wait(app, lambda: app.scene.name == "replay" and app.scene.watcher.bar.extra_marks,
             what="the replay with the key moments")
        viewer = app.scene.watcher
        assert sorted(k for k, _ in viewer.bar.extra_marks) == sorted(job.turns[i]["move"] for i in keys)
        for k, _ in viewer.bar.extra_marks:
            p = viewer.book.positions[k]
            assert p.to_act == me and p.phase in ("place", "actions")
            assert p.view["tiles"] == job.turns[next(i for i in keys if job.turns[i]["move"] == k)]["view"]["tiles"]
        click_button(app, widget(viewer.scene, label="replay.back"))
        wait(app, lambda: app.scene is review, what="the review")
        click_button(app, widget(review, label="review.back"))
        wait(app, lambda: isinstance(app.scene, ResultsScene), what="the results")
    finally:
        app.close()
