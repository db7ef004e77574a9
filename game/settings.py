"""The player's settings, persisted as JSON in a user config dir (path overridable for tests)."""
from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from assets.i18n import LANGUAGES, system_language
from net.identity import new_key, valid_key

ANIM_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0, 0.0)  # 0.0: no animations (everything lands at once)
MAX_SEATS_KEPT = 8
_TOKEN = re.compile(r"[0-9A-Za-z_-]{16,128}")


def default_path() -> Path:
    """$TIKAL_LAN_CONFIG, else the platform's user config folder (net/dirs.py; a settings file
    an earlier version kept elsewhere is moved there once)."""
    from net.dirs import settings_file

    return settings_file()


def _other_window_alive(pid) -> bool:
    """True if ``pid`` is another process that is still running (POSIX; elsewhere False)."""
    if type(pid) is not int or pid <= 0 or pid == os.getpid() or os.name != "posix":
        return False
    try:
        os.kill(pid, 0)             # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:         # it exists, under another user
        return True
    except OSError:
        return False
    return True


NAME_LIMIT = 24


def system_user_name(full: str | None = None, login: str | None = None) -> str:
    """The name a first start offers: the account's full name ("Anna Novak"), else its login
    name ("anna" -> "Anna"), at most 24 characters, cut between words (a long name kept its
    first words, not half of one); "Player" when the system has none. ``full``, ``login``: the
    system's, unless given (tests)."""
    import getpass

    if full is None:
        full = _full_name()
    if login is None:
        try:
            login = getpass.getuser().strip()
        except Exception:       # no user name in the environment nor in the password database
            login = ""
    name = " ".join((full or "").split()) or login or ""
    if name and name.islower():
        name = name[:1].upper() + name[1:]
    return fit_name(name) or "Player"


def fit_name(name: str, limit: int = NAME_LIMIT) -> str:
    """``name`` in ``limit`` characters: whole, else its first words that fit (words split at
    spaces, dots, underscores, hyphens), else its first ``limit`` characters."""
    if len(name) <= limit:
        return name
    cut = max((i for i in range(1, limit + 1) if i < len(name) and name[i] in " ._-"), default=0)
    return name[:cut].rstrip(" ._-") if cut else name[:limit]


def _full_name() -> str:
    """The account's full name, where the system keeps one (the password database's GECOS
    field; Windows' display name); "" when it has none."""
    try:
        if os.name == "posix":
            import pwd

            return pwd.getpwuid(os.getuid()).pw_gecos.split(",")[0].strip()
        if os.name == "nt":
            import ctypes

            size = ctypes.c_ulong(0)
            get = ctypes.windll.secur32.GetUserNameExW     # type: ignore[attr-defined]
            get(3, None, ctypes.byref(size))               # NameDisplay
            buf = ctypes.create_unicode_buffer(size.value)
            if get(3, buf, ctypes.byref(size)):
                return buf.value.strip()
    except Exception:
        return ""
    return ""



def int_in(value, lo: int, hi: int, default: int) -> int:
    """``value`` if it is an int from ``lo`` to ``hi`` (a hand-edited file may hold anything), else ``default``."""
    return value if type(value) is int and lo <= value <= hi else default

@dataclass
class Settings:
    name: str = "Player"
    language: str = "en"
    volume: float = 0.7          # 0..1
    shapes: bool = True          # colour-blind shapes on player marks
    anim_speed: float = 1.0      # tween speed multiplier; 0 = skip animations
    fullscreen: bool = False     # the window fills the screen (F11 or the settings switch it)
    last_host: str = ""
    #: the seats we hold, by host address "ip:port": {"token", "table", "seat"}, newest last; a
    #: window opened again on that host says hello with the token and is back in its seat
    seats: dict = field(default_factory=dict)
    guide_done: bool = False     # the first-game guide was followed (or hidden); reset in the settings
    #: the welcome screen was answered (a settings file of an earlier version counts as welcomed;
    #: only a first start, with no settings file, shows it)
    welcomed: bool = True
    #: the local players (pass-and-play, by name) who followed the first-game guide here
    guided: list = field(default_factory=list)
    flash: bool = True           # the window asks for attention when our turn comes while it is behind
    quick_game: str = ""         # the quick game's last pick (run_client.py with no options; "": the first game)
    quick_level: str = "easy"    # and its bots' level
    quick_clock: int = 0         # and its turn clock (seconds; 0: none: alone with bots, nobody waits)
    tv_cycle: bool = False       # TV mode goes round the running tables (30 s each) instead of following the last move
    #: the player key of this install (net/identity.py; docs/protocol.md section 2): who we are to
    #: every host, said in every hello; drawn once, kept with the settings, never shown
    key: str = field(default_factory=new_key)
    path: Path | None = None     # where it is saved (not itself saved)

    @classmethod
    def load(cls, path: Path | str | None = None) -> "Settings":
        p = Path(path) if path else default_path()
        s = cls(path=p)
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}  # first run or an unreadable file: defaults
        if not isinstance(data, dict) or "language" not in data:
            s.language = system_language()  # first start: the system's language, the user's name
            s.name = system_user_name()
            s.welcomed = False
            data = data if isinstance(data, dict) else {}
        for f in fields(cls):
            if f.name != "path" and f.name in data:
                setattr(s, f.name, data[f.name])
        s.clean()
        return s

    def clean(self) -> None:
        """Bring hand-edited values back into range."""
        self.name = str(self.name)[:24] or "Player"
        if self.language not in LANGUAGES:
            self.language = "en"
        try:
            self.volume = min(1.0, max(0.0, float(self.volume)))
        except (TypeError, ValueError):
            self.volume = 0.7
        self.shapes = bool(self.shapes)
        self.guide_done = bool(self.guide_done)
        self.welcomed = bool(self.welcomed)
        self.flash = bool(self.flash)
        self.tv_cycle = bool(self.tv_cycle)
        self.guided = [str(n)[:24] for n in self.guided][-16:] if isinstance(self.guided, list) else []
        self.quick_game = str(self.quick_game)
        self.quick_level = str(self.quick_level)
        self.quick_clock = int_in(self.quick_clock, 0, 3600, 0)
        self.fullscreen = bool(self.fullscreen)
        if not valid_key(self.key):     # none yet (an earlier version's file), or hand-edited
            self.key = new_key()
        try:
            self.anim_speed = min(8.0, max(0.0, float(self.anim_speed)))
        except (TypeError, ValueError):
            self.anim_speed = 1.0
        seats = self.seats if isinstance(self.seats, dict) else {}
        self.seats = {str(k): v for k, v in list(seats.items())[-MAX_SEATS_KEPT:]
                      if isinstance(v, dict) and isinstance(v.get("token"), str)
                      and _TOKEN.fullmatch(v["token"])
                      and type(v.get("table")) is int and type(v.get("seat")) is int}

    def seat_token(self, address: str, kept: bool = False) -> str | None:
        """The token of the seat we hold on the host at ``address`` ("ip:port"), if any; not
        while the window that took the seat is still running (a second window on this machine
        would take the seat away from it). A seat we left on purpose (``kept``: "Back to my
        seat" takes it back) only when ``kept`` is asked: a window opened again does not sit
        there by itself."""
        entry = self.seats.get(address)
        if not entry or _other_window_alive(entry.get("pid")) or (entry.get("kept") and not kept):
            return None
        return entry["token"]

    def kept_seat(self, address: str) -> dict | None:
        """The seat we left on purpose on ``address`` (a started game keeps it ours): token,
        table, seat; None if there is none."""
        entry = self.seats.get(address)
        return dict(entry) if entry and entry.get("kept") else None

    def remember_seat(self, address: str, entry: dict | None) -> None:
        """We took a seat on ``address`` (``entry``: token, table, seat; ``kept``: we left it
        but it stays ours) or lost it (None); saved at once when these settings have a file, so
        a crashed window can come back to it."""
        self.seats.pop(address, None)
        if entry is not None:
            self.seats[address] = {"token": entry["token"], "table": entry["table"], "seat": entry["seat"],
                                   "pid": os.getpid()}
            for extra in ("name", "kept"):
                if entry.get(extra):
                    self.seats[address][extra] = entry[extra]
            self.seats = dict(list(self.seats.items())[-MAX_SEATS_KEPT:])
        if self.path is not None:
            try:
                self.save()
            except OSError:
                pass

    def save(self) -> None:
        p = self.path or default_path()
        self.path = p
        p.parent.mkdir(parents=True, exist_ok=True)
        data = {k: v for k, v in asdict(self).items() if k != "path"}
        tmp = p.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(tmp, p)
