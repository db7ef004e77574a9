"""The README's play command: ``run_client.py`` with no options starts a host in the process with
bot tables (not announced, on 127.0.0.1) and opens the window on it, seated and ready for a quick
game."""
import os
import subprocess
import sys
import time
from pathlib import Path

from test_client_helpers import button, click, pump
from game.launch import QUICK_GAMES, open_window, start_embedded
from game.scenes.lobby import LobbyScene
from game.tortuga.scene import TortugaScene
from game.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


def launch(tmp_path, script: str, *args: str) -> subprocess.Popen:
    """``script`` with ``args`` in a process of its own, on SDL's dummy display, its settings in
    ``tmp_path``."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", XDG_CONFIG_HOME=str(tmp_path))
    return subprocess.Popen([sys.executable, str(ROOT / script), *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def stays_up(p: subprocess.Popen, seconds: float = 2.0) -> None:
    """The window program runs until its window is closed: it must still run after a while."""
    time.sleep(seconds)
    assert p.poll() is None, p.communicate()[1][-3000:]


def stop_cleanly(p: subprocess.Popen) -> None:
    p.terminate()
    _, err = p.communicate(timeout=10)
    assert "Traceback" not in err, err[-3000:]


def read_line(p, timeout: float) -> str:
    """The next line of ``p``'s stdout, or "" if none comes within ``timeout`` seconds."""
    import selectors

    with selectors.DefaultSelector() as sel:
        sel.register(p.stdout, selectors.EVENT_READ)
        return p.stdout.readline() if sel.select(timeout) else ""


def test_the_embedded_quick_game_seats_us_ready_and_starts_with_the_bots():
    address, table, stop = start_embedded("Tess")
    assert address.startswith("127.0.0.1:")
    app = open_window(Settings(name="Tess"), address, auto_sit=table, auto_ready=True, discovery=False)
    b = app.bridge
    try:
        pump(app, lambda: isinstance(app.scene, LobbyScene) and b.lobby and b.table.my_seat is not None
             and b.lobby["players"][b.table.my_seat]["ready"])
        game, seats = QUICK_GAMES[0]
        assert b.lobby["game"] == game and b.lobby["seats"] == seats
        assert sum(p["kind"] == "bot" for p in b.lobby["players"]) == seats - 1
        assert {t["game"] for t in b.tables} == {g for g, _ in QUICK_GAMES}
        app.draw()
        click(app, button(app.scene, "lobby.start").rect.center)
        pump(app, lambda: isinstance(app.scene, TortugaScene) and b.table.view)
        app.draw()
    finally:
        app.close()
        stop()


def test_run_client_with_no_options_keeps_a_window_open(tmp_path):
    # the command itself, in a process of its own (SDL's dummy display): it must come up and stay
    # up (it runs until the window is closed; here it is stopped after a few seconds)
    p = launch(tmp_path, "run_client.py")
    try:
        stays_up(p)
    finally:
        stop_cleanly(p)


def test_run_host_with_a_display_hosts_and_opens_its_own_window(tmp_path):
    # run_host.py without --headless on a machine with a display: the host and a window on it
    p = launch(tmp_path, "run_host.py", "--bind", "127.0.0.1", "--port", "0", "--no-announce",
               "--data-dir", str(tmp_path / "saves"), "--game", "tikal", "--seats", "2", "--bots", "1")
    try:
        line = read_line(p, timeout=20)
        assert "listening on 127.0.0.1:" in line and "table 1: tikal" in line, line
        stays_up(p)
    finally:
        stop_cleanly(p)
