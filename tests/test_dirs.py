"""Platform folders (net/dirs.py, platformdirs): settings, saves and logs where each OS expects
them, what earlier versions left in the old places moved there once; the host's log file, bounded."""
import logging
import os
import subprocess
import sys
from pathlib import Path

import platformdirs.macos
import pytest

from game.settings import Settings
from net import dirs

from waiting import HANG

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fake home with no XDG variables: the defaults of each platform, under tmp."""
    h = tmp_path / "home"
    h.mkdir()
    monkeypatch.setenv("HOME", str(h))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "TIKAL_LAN_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    return h


def env_of(home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env["HOME"] = str(home)
    return env


def test_linux_folders_follow_xdg(home, monkeypatch):
    assert dirs.settings_file() == home / ".config" / "tikal-lan" / "settings.json"
    assert dirs.saves_dir() == home / ".local" / "share" / "tikal-lan" / "saves"
    assert dirs.log_file() == home / ".local" / "state" / "tikal-lan" / "log" / "host.log"
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "conf"))
    assert dirs.saves_dir() == home / "data" / "tikal-lan" / "saves"
    assert dirs.settings_file() == home / "conf" / "tikal-lan" / "settings.json"
    monkeypatch.setenv("TIKAL_LAN_CONFIG", str(home / "mine.json"))   # still overrides
    assert dirs.settings_file() == home / "mine.json"


def test_old_settings_are_moved_once_to_the_platform_folder(home, monkeypatch):
    # macOS: the hand-written lookup used ~/.config there too; platformdirs says Application Support
    monkeypatch.setattr(dirs, "_dirs", lambda: platformdirs.macos.MacOS(dirs.APP, appauthor=False))
    old = home / ".config" / "tikal-lan" / "settings.json"
    old.parent.mkdir(parents=True)
    old.write_text('{"name": "Old Anna", "language": "ru"}', encoding="utf-8")
    s = Settings.load()
    new = home / "Library" / "Application Support" / "tikal-lan" / "settings.json"
    assert s.path == new and (s.name, s.language) == ("Old Anna", "ru")
    assert new.exists() and not old.exists()
    s.name = "New Anna"
    s.save()
    old.write_text('{"name": "Stale"}', encoding="utf-8")   # both exist: the new place wins
    assert Settings.load().name == "New Anna" and old.exists()


def test_move_once_never_overwrites_and_takes_an_empty_folder(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    assert not dirs.move_once(old, new)                      # nothing there: nothing moves
    old.mkdir()
    (old / "a").write_text("1")
    new.mkdir()                                              # empty: counts as absent
    assert dirs.move_once(old, new) and (new / "a").read_text() == "1" and not old.exists()
    old.mkdir()
    (old / "a").write_text("2")
    assert not dirs.move_once(old, new)                      # both hold files: nothing lost
    assert (new / "a").read_text() == "1" and (old / "a").read_text() == "2"
    assert not dirs.move_once(new, new)


def run_host(home: Path, *args):
    return subprocess.run([sys.executable, str(ROOT / "run_host.py"), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=HANG, env=env_of(home))


@pytest.mark.slow
def test_host_moves_old_saves_and_logs_to_the_user_folders(home):
    old = home / ".tikal-lan" / "saves"
    r = run_host(home, "--headless", "--no-announce", "--bind", "127.0.0.1", "--port", "0",
                 "--game", "tortuga", "--seats", "2", "--bots", "2", "--data-dir", str(old),
                 "--log-file", "")
    assert r.returncode == 0 and "table 1 over" in r.stdout, r.stderr
    assert (old / "table-1.journal").exists()
    assert not (home / ".local" / "state").exists()          # --log-file '': console only
    new = home / ".local" / "share" / "tikal-lan" / "saves"
    for _ in range(2):                                       # moved by the first, found by both
        r = run_host(home, "--list-saved")
        assert r.returncode == 0 and "tortuga" in r.stdout and " over " in r.stdout, r.stdout
        assert (new / "table-1.journal").exists() and not (home / ".tikal-lan").exists()
    # a game with the defaults: its journal in the new place, its log in the user log folder
    r = run_host(home, "--headless", "--no-announce", "--bind", "127.0.0.1", "--port", "0",
                 "--game", "tortuga", "--seats", "2", "--bots", "2")
    assert r.returncode == 0 and "table 2 over" in r.stdout, r.stderr
    assert (new / "table-2.journal").exists()
    logged = (home / ".local" / "state" / "tikal-lan" / "log" / "host.log").read_text()
    assert "listening on 127.0.0.1" in logged and "logging to" in r.stderr


@pytest.mark.slow
def test_host_log_file_is_bounded(tmp_path):
    from tikal_lan.host import HostLog, setup_logging
    from tikal_lan.host_options import parse_args

    args = parse_args(["--log-file", str(tmp_path / "host.log"), "--data-dir", str(tmp_path)])
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        assert setup_logging(args) == tmp_path / "host.log"
        assert setup_logging(args) == tmp_path / "host.log"   # again: still one file handler
        mine = [h for h in root.handlers if isinstance(h, HostLog)]
        assert len(mine) == 1
        line = "x" * 200
        for i in range(20_000):                               # ~4 MB of log
            logging.getLogger("net.test").warning("%d %s", i, line)
    finally:
        for h in root.handlers[:]:
            if h not in before:
                root.removeHandler(h)
                h.close()
    files = sorted(tmp_path.glob("host.log*"))
    assert [f.name for f in files] == ["host.log", "host.log.1", "host.log.2", "host.log.3"]
    assert all(f.stat().st_size <= 1_000_000 for f in files)
    assert "19999 " in files[0].read_text()                   # the newest lines are kept
