"""Where this machine keeps the project's files: the folders each OS expects, from platformdirs.

=========  =====================================  ==========================================
what       Linux (XDG variables respected)        macOS / Windows
=========  =====================================  ==========================================
settings   ``~/.config/tikal-lan/settings.json``  ``~/Library/Application Support/tikal-lan``
                                                  / ``%LOCALAPPDATA%\\tikal-lan``
saves      ``~/.local/share/tikal-lan/saves``     the same data folder, ``saves``
logs       ``~/.local/state/tikal-lan/log``       ``~/Library/Logs/tikal-lan``
                                                  / ``%LOCALAPPDATA%\\tikal-lan\\Logs``
=========  =====================================  ==========================================

Earlier versions kept the settings in a hand-made place (``%APPDATA%`` or the XDG config folder,
on every OS) and the saves in ``~/.tikal-lan/saves``: what is found there is moved to the new
place once (the old place is then empty, so nothing moves again). No sockets here: the window
(``game/``) asks this module for its settings file too.
"""
from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path

import platformdirs

APP = "tikal-lan"
log = logging.getLogger(__name__)


def _dirs() -> platformdirs.PlatformDirsABC:
    return platformdirs.PlatformDirs(APP, appauthor=False)


def move_once(old: Path, new: Path) -> bool:
    """Move ``old`` (a file or a folder an earlier version wrote) to ``new`` if ``old`` exists and
    ``new`` does not (an empty folder counts as absent). True if it moved. Never overwrites: when
    both hold something, the new place wins and the old one is left as it is (and logged)."""
    old, new = Path(old), Path(new)
    if not old.exists() or old.resolve() == new.resolve():
        return False
    if new.is_dir() and not any(new.iterdir()):
        new.rmdir()
    if new.exists():
        log.warning("%s is not moved: %s already exists", old, new)
        return False
    new.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(old), str(new))
    log.info("moved %s to %s (the platform's folder)", old, new)
    return True


def old_settings_file() -> Path:
    """Where versions before platformdirs kept the settings."""
    if os.name == "nt":
        base = Path(os.environ.get("APPDATA", Path.home()))
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / APP / "settings.json"


def old_saves_dir() -> Path:
    return Path.home() / ".tikal-lan" / "saves"


def settings_file() -> Path:
    """The window's settings file: ``$TIKAL_LAN_CONFIG``, else the user config folder's
    ``settings.json`` (an old one is moved there first)."""
    env = os.environ.get("TIKAL_LAN_CONFIG")
    if env:
        return Path(env)
    new = _dirs().user_config_path / "settings.json"
    move_once(old_settings_file(), new)
    return new


def saves_dir() -> Path:
    """The host's default data dir (table journals): the user data folder's ``saves`` (the old
    ``~/.tikal-lan/saves`` is moved there first)."""
    new = _dirs().user_data_path / "saves"
    old = old_saves_dir()
    if move_once(old, new):
        try:
            old.parent.rmdir()          # ~/.tikal-lan, if the saves were all it held
        except OSError:
            pass
    return new


def log_file() -> Path:
    """The host's log file, in the user log folder."""
    return _dirs().user_log_path / "host.log"
