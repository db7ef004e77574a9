"""The turn clock in the window (docs/protocol.md section 14): the lobby's choice, the thinking
time and what is left of one's own turn, the Nudge button (and being nudged), and the recap that
says a bot played a turn whose time ran out; on a real host whose clock the test sets
(tests/fake_clock.py), with a second player over a real socket."""
import threading

from game.scenes.lobby import LobbyScene
from game.scenes.recap import RecapScene
from game.tortuga.scene import TortugaScene
from net.client import Client
from net.config import HostConfig
from net.host import Host, start_in_thread

from client_helpers import button, click, pump, window
from fake_clock import FakeClock
from waiting import HANG


def on_loop(host, fn) -> None:
    """``fn()`` on the host's loop (the fake clock's timers are the host's), waited for."""
    done = threading.Event()

    def run():
        try:
            fn()
        finally:
            done.set()
    host.loop.call_soon_threadsafe(run)
    assert done.wait(HANG)


def test_the_window_chooses_shows_and_hears_the_turn_clock():
    clock = FakeClock()
    host = Host(HostConfig(bind="127.0.0.1", port=0, announce=False, turn_limit=180), clock=clock)
    addr, port, stop = start_in_thread(host=host, timeout=HANG)
    app = window(f"{addr}:{port}", name="Ana")
    ben = None
    try:
        b = app.bridge
        pump(app, lambda: isinstance(app.scene, LobbyScene) and b.clocks)
        lobby = app.scene
        assert b.clocks["default"] == 180 and lobby.new_game["clock"] == 180
        app.draw()
        clock_button = next(w for w in lobby.widgets.items if callable(getattr(w, "text", None))
                            and w.text().startswith("Turn clock"))
        assert clock_button.text() == "Turn clock: 3 min"
        click(app, clock_button.rect.center)           # 180 -> 300 -> 600 -> off -> 1 min
        assert clock_button.text() == "Turn clock: 5 min"
        for _ in range(3):
            click(app, clock_button.rect.center)
        assert lobby.new_game["clock"] == 60 and clock_button.text() == "Turn clock: 1 min"
        while lobby.new_game["game"] != "tortuga":
            lobby.cycle_game()
        while lobby.new_game["seats"] > 2:
            lobby.seat_count(-1)
        app.draw()
        click(app, button(app.scene, "lobby.create").rect.center)
        pump(app, lambda: b.lobby is not None)
        assert b.lobby["clock"] == 60.0
        tid = b.lobby["id"]
        ben = Client(addr, port, "Ben").start()
        ben.wait_for("welcome", timeout=HANG)
        ben.send({"t": "sit", "table": tid})
        ben.wait_for("seated", timeout=HANG)
        ben.send({"t": "ready", "ready": True})
        pump(app, lambda: b.lobby["players"][1].get("ready"))
        app.draw()
        click(app, button(app.scene, "lobby.start").rect.center)
        pump(app, lambda: isinstance(app.scene, TortugaScene) and b.table.view)
        table = app.scene
        assert b.table.to_act == 0      # Ana's turn first: what is left of it
        app.draw()
        # (the host said 60 s left; the window counts down from there, by its own clock)
        assert b.table.clock == {"limit": 60.0, "seat": 0, "spent": 0.0, "left": 60.0}
        line = table.clock_line()[0]
        assert line.startswith("Your turn · ") and line.endswith(" left")
        assert not table.nudge_button.visible              # one does not nudge oneself
        # Ben nudges Ana: her window says so
        ben.send({"t": "nudge"})
        pump(app, lambda: any("Ben nudges you" in t["msg"] for t in app.toasts.items))
        # Ana does nothing: at the limit a bot plays her turn, and her window says what it did
        on_loop(host, lambda: clock.advance(60))
        pump(app, lambda: isinstance(app.scene, RecapScene))
        recap = app.scene
        assert recap.clocked and recap.lines and b.recap["moves"]
        assert all(m.get("clock") and m.get("bot") == "normal" and m["seat"] == 0 for m in b.recap["moves"])
        app.draw()
        click(app, button(recap, "recap.done").rect.center)
        pump(app, lambda: app.scene is table and b.table.to_act == 1)
        # Ben's turn: Ana sees how long he has been thinking, and may nudge him once
        app.step(0.0, events=[])
        line = table.clock_line()[0]
        assert line.startswith("Ben thinks · 0:0") and line.endswith("/ 1:00")
        assert table.nudge_button.visible
        app.draw()
        click(app, table.nudge_button.rect.center)
        nudged = ben.wait_for("nudged", timeout=HANG, pred=lambda m: m["seat"] == 1)   # (his own to Ana first)
        assert nudged["from"] == "Ana" and nudged["by"] == 0
        app.step(0.0, events=[])
        assert not table.nudge_button.visible           # once a turn
    finally:
        if ben is not None:
            ben.close()
        app.close()
        stop()
