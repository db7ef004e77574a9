"""Every scene renders headless (SDL's dummy driver), in-process and through run_client.py."""
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from test_client_helpers import colourful, make_app, run_frames
from game.scenes import registry

ROOT = Path(__file__).resolve().parents[1]
REQUIRED = ["browser", "lobby", "tikal", "tortuga", "volcano", "results"]


def test_registry_has_the_required_scenes():
    assert set(REQUIRED) <= set(registry.names())


@pytest.mark.parametrize("name", registry.names())
def test_scene_renders(name):
    app = make_app()
    scene = registry.sample(name, app)
    if scene not in app.scenes:
        app.push(scene)
    run_frames(app, 5)
    frame = app.draw()
    assert colourful(frame), name
    app.close()


@pytest.mark.parametrize("name", ["tortuga", "lobby", "browser_empty", "results"])
def test_scene_renders_in_russian(name):
    app = make_app("ru")
    scene = registry.sample(name, app)
    app.push(scene)
    run_frames(app, 2)
    assert colourful(app.draw())
    app.close()


def test_run_client_screenshots(tmp_path):
    procs = {}
    for name in REQUIRED:
        out = tmp_path / f"{name}.png"
        procs[name] = (out, subprocess.Popen(
            [sys.executable, str(ROOT / "run_client.py"), "--screenshot", str(out), "--scene", name, "--frames", "3"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE))
    for name, (out, p) in procs.items():
        _, err = p.communicate(timeout=60)
        assert p.returncode == 0, (name, err.decode()[-2000:])
        assert out.exists() and out.stat().st_size > 5000, name
        img = pygame.image.load(str(out))
        assert img.get_size() == (1280, 720)
        assert colourful(img), name


def test_unknown_scene_is_a_clear_error(tmp_path):
    p = subprocess.run([sys.executable, str(ROOT / "run_client.py"), "--screenshot", str(tmp_path / "x.png"),
                        "--scene", "nope"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "unknown scene 'nope'" in p.stderr


def test_settings_switch_language_at_runtime_and_save(tmp_path):
    from test_client_helpers import click
    from game.app import App
    from game.scenes.settings_scene import SettingsScene
    from game.settings import Settings

    settings = Settings.load(tmp_path / "s.json")
    app = App(settings)
    scene = app.show(SettingsScene(app))
    lang = next(w for w in scene.widgets.items if callable(getattr(w, "text", None)) and w.caption() == "English")
    click(app, lang.rect.center)
    assert app.catalog.language == "ru" and lang.caption() == "Русский"
    assert app.tr("settings.title") == "Настройки"
    scene.name_input.value = "Маша"
    click(app, next(w for w in scene.widgets.items if getattr(w, "label", None) == "common.back").rect.center)
    again = Settings.load(tmp_path / "s.json")
    assert again.language == "ru" and again.name == "Маша"


def test_escape_opens_the_menu_over_the_table_and_rules_and_leave_work():
    from test_client_helpers import button, click, press
    from game.scenes.browser import BrowserScene
    from game.scenes.menu import MenuScene, RulesScene

    app = make_app()
    registry.sample("tortuga", app)
    table = app.show(registry.sample("tortuga", app))
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and app.scenes[0] is table
    assert colourful(app.draw())
    press(app, pygame.K_F1)
    assert isinstance(app.scene, RulesScene) and app.scene.game == "tortuga"
    assert colourful(app.draw())
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    click(app, button(app.scene, "menu.leave").rect.center)
    assert isinstance(app.scene, BrowserScene) and len(app.scenes) == 1
