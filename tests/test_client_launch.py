"""The README's play command: ``run_client.py`` with no options starts a host in the process with
bot tables (not announced, on 127.0.0.1) and opens the window on it, seated and ready for a quick
game."""
import pytest

from game.games import CLIENTS
from game.launch import open_window, start_embedded
from game.scenes.lobby import LobbyScene
from game.settings import Settings
from game.tortuga.scene import TortugaScene

from client_helpers import button, click, launch, pump, read_line, stays_up, stop_cleanly


def test_the_embedded_quick_game_seats_us_ready_and_starts_with_the_bots():
    address, table, stop = start_embedded("Tess", game="tortuga", level="easy")
    assert address.startswith("127.0.0.1:")
    app = open_window(Settings(name="Tess"), address, auto_sit=table, auto_ready=True, discovery=False)
    b = app.bridge
    try:
        pump(app, lambda: isinstance(app.scene, LobbyScene) and b.lobby and b.table.my_seat is not None
             and b.lobby["players"][b.table.my_seat]["ready"])
        QUICK_SEATS = CLIENTS["tortuga"].quick_seats
        assert b.lobby["game"] == "tortuga" and b.lobby["seats"] == QUICK_SEATS
        assert [p["level"] for p in b.lobby["players"] if p["kind"] == "bot"] == ["easy"] * (QUICK_SEATS - 1)
        app.draw()
        click(app, button(app.scene, "lobby.start").rect.center)
        pump(app, lambda: isinstance(app.scene, TortugaScene) and b.table.view)
        app.draw()
    finally:
        app.close()
        stop()


@pytest.mark.slow
def test_run_client_with_no_options_keeps_a_window_open(tmp_path):
    # the command itself, in a process of its own (SDL's dummy display): it must come up and stay
    # up (it runs until the window is closed; here it is stopped after a few seconds)
    p = launch(tmp_path, "run_client.py")
    try:
        stays_up(p)
    finally:
        stop_cleanly(p)


@pytest.mark.slow
def test_run_host_with_a_display_hosts_and_opens_its_own_window(tmp_path):
    # run_host.py without --headless on a machine with a display: the host and a window on it
    p = launch(tmp_path, "run_host.py", "--bind", "127.0.0.1", "--port", "0", "--no-announce",
               "--data-dir", str(tmp_path / "saves"), "--game", "tikal", "--seats", "2", "--bots", "1")
    try:
        line = read_line(p, timeout=120)
        assert "listening on 127.0.0.1:" in line and "table 1: tikal" in line, line
        stays_up(p)
    finally:
        stop_cleanly(p)
