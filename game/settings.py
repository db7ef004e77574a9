"""The player's settings, persisted as JSON in a user config dir (path overridable for tests)."""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

LANGUAGES = ("en", "ru")
ANIM_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0, 0.0)  # 0.0: no animations (everything lands at once)


def default_path() -> Path:
    """$TIKAL_LAN_CONFIG, else the platform's user config dir."""
    env = os.environ.get("TIKAL_LAN_CONFIG")
    if env:
        return Path(env)
    if os.name == "nt":
        base = Path(os.environ.get("APPDATA", Path.home()))
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return base / "tikal-lan" / "settings.json"


@dataclass
class Settings:
    name: str = "Player"
    language: str = "en"
    volume: float = 0.7          # 0..1
    shapes: bool = True          # colour-blind shapes on player marks
    anim_speed: float = 1.0      # tween speed multiplier; 0 = skip animations
    last_host: str = ""
    path: Path | None = None     # where it is saved (not itself saved)

    @classmethod
    def load(cls, path: Path | str | None = None) -> "Settings":
        p = Path(path) if path else default_path()
        s = cls(path=p)
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return s  # first run or an unreadable file: defaults
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
        try:
            self.anim_speed = min(8.0, max(0.0, float(self.anim_speed)))
        except (TypeError, ValueError):
            self.anim_speed = 1.0

    def save(self) -> None:
        p = self.path or default_path()
        self.path = p
        p.parent.mkdir(parents=True, exist_ok=True)
        data = {k: v for k, v in asdict(self).items() if k != "path"}
        tmp = p.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(tmp, p)
