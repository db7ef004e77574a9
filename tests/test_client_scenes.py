"""Every scene renders headless (SDL's dummy driver) through run_client.py (in-process, in every
language: tests/test_client_fit.py)."""
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import screens as registry

from client_helpers import colourful, make_app
from waiting import HANG

ROOT = Path(__file__).resolve().parents[1]
REQUIRED = ["browser", "lobby", "tikal", "tortuga", "volcano", "results"]


def test_registry_has_the_required_scenes():
    assert set(REQUIRED) <= set(registry.names())


# Every scene in every language with 24-character names: tests/test_client_fit.py draws each at
# several moments, checks that none is blank and that its text fits.


@pytest.mark.slow
def test_run_client_screenshots(tmp_path):
    procs = {}
    for name in REQUIRED:
        out = tmp_path / f"{name}.png"
        procs[name] = (out, subprocess.Popen(
            [sys.executable, str(ROOT / "run_client.py"), "--screenshot", str(out), "--scene", name, "--frames", "3"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE))
    for name, (out, p) in procs.items():
        _, err = p.communicate(timeout=HANG)
        assert p.returncode == 0, (name, err.decode()[-2000:])
        assert out.exists() and out.stat().st_size > 5000, name
        img = pygame.image.load(str(out))
        assert img.get_size() == (1280, 720)
        assert colourful(img), name


def test_unknown_scene_is_a_clear_error(tmp_path):
    p = subprocess.run([sys.executable, str(ROOT / "run_client.py"), "--screenshot", str(tmp_path / "x.png"),
                        "--scene", "nope"], cwd=ROOT, capture_output=True, text=True, timeout=HANG)
    assert p.returncode == 2 and "unknown scene 'nope'" in p.stderr


def test_settings_switch_language_at_runtime_and_save(tmp_path, monkeypatch):
    from game.app import App
    from game.scenes.settings_scene import SettingsScene
    from game.settings import Settings

    from client_helpers import click

    monkeypatch.setenv("LANG", "en_GB.UTF-8")      # a first start picks the system's language
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    settings = Settings.load(tmp_path / "s.json")
    app = App(settings)
    scene = app.show(SettingsScene(app))
    lang = next(w for w in scene.widgets.items if callable(getattr(w, "text", None)) and w.caption() == "English")
    seen = []
    while lang.caption() != "Русский" and len(seen) < 6:  # the languages in turn: en, cs, it, ru
        click(app, lang.rect.center)
        seen.append(lang.caption())
    assert seen == ["Čeština", "Italiano", "Русский"]
    assert app.catalog.language == "ru"
    assert app.tr("settings.title") == "Настройки"
    scene.name_input.value = "Маша"
    click(app, next(w for w in scene.widgets.items if getattr(w, "label", None) == "common.back").rect.center)
    again = Settings.load(tmp_path / "s.json")
    assert again.language == "ru" and again.name == "Маша"


def test_escape_opens_the_menu_over_the_table_and_rules_and_leave_work():
    from game.howto import HowToScene
    from game.scenes.lobby import LobbyScene
    from game.scenes.menu import MenuScene, RulesScene

    from client_helpers import button, click, press

    app = make_app()
    registry.sample("tortuga", app)
    table = app.show(registry.sample("tortuga", app))
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and app.scenes[0] is table
    assert colourful(app.draw())
    press(app, pygame.K_F1)                  # F1: how to play; the rules by id one step deeper
    assert isinstance(app.scene, HowToScene) and app.scene.game == "tortuga"
    press(app, pygame.K_F1)
    assert isinstance(app.scene, RulesScene) and app.scene.game == "tortuga"
    assert colourful(app.draw())
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    bridge = table.bridge
    click(app, button(app.scene, "menu.leave").rect.center)   # leaving asks first
    assert isinstance(app.scene, MenuScene) and app.scene.confirming
    assert not [m for m in bridge.sent if m["t"] == "leave"]
    assert colourful(app.draw())
    click(app, button(app.scene, "menu.leave_no").rect.center)  # stay: the menu as it was
    assert isinstance(app.scene, MenuScene) and not app.scene.confirming
    click(app, button(app.scene, "menu.leave").rect.center)
    click(app, button(app.scene, "menu.leave_yes").rect.center)
    # still on the host: its tables, where "Back to my seat" takes a kept seat back (issue 28)
    assert isinstance(app.scene, LobbyScene) and len(app.scenes) == 1
    assert [m for m in bridge.sent if m["t"] == "leave"]
