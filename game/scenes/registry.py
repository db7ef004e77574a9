"""The scene registry: a name → (scene class, sample factory). ``run_client.py --screenshot PATH
--scene NAME`` builds ``sample(NAME, app)`` (a scene on a representative position, no network)
and saves one frame; ``names=[...]`` gives the sample's players other names (the fit test uses
24-character ones). The table scenes of a game are also found here by game name."""
from __future__ import annotations

from typing import Callable

SCENES: dict[str, tuple[type, Callable]] = {}


def register(name: str, scene_cls: type, sample: Callable) -> None:
    """Register (or replace) a scene: ``sample(app, names) -> Scene`` builds it on a sample
    position, its players named ``names`` (a list, at least seven)."""
    SCENES[name] = (scene_cls, sample)


def names() -> list[str]:
    from . import load_all

    load_all()
    return sorted(SCENES)


def sample(name: str, app, names: list[str] | None = None):
    from . import load_all
    from .samples import NAMES

    load_all()
    if name not in SCENES:
        raise KeyError(f"unknown scene {name!r}; known: {', '.join(sorted(SCENES))}")
    return SCENES[name][1](app, list(names or NAMES))
