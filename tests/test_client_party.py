"""The party night, from the window (issue 18): arriving (the welcome, the quick game's picker),
the flash on our turn, ... Each test drives a real window (SDL's dummy driver) with mouse events,
through a real host on loopback."""
from __future__ import annotations

import json

import pygame

from game.launch import QuickHost, open_quick
from game.scenes.lobby import LobbyScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.welcome import QuickGameScene, WelcomeScene
from game.settings import Settings, system_user_name
from game.tortuga.scene import TortugaScene

from client_helpers import bot_table, click, join_and_start, make_app, pump, window


def widget(scene, label=None, value=None):
    for w in scene.widgets.items:
        if w.visible and ((label is not None and getattr(w, "label", None) == label)
                          or (value is not None and getattr(w, "value", None) == value)):
            return w
    raise AssertionError(f"no widget {label or value!r} on {type(scene).__name__}")


def test_a_first_start_welcomes_then_the_quick_game_seats_us_with_the_bots_it_says(tmp_path):
    path = tmp_path / "settings.json"
    settings = Settings.load(path)                      # no file yet: a first start
    assert not settings.welcomed and settings.name == system_user_name()
    quick = QuickHost(settings)
    app = open_quick(settings, quick, discovery=False)
    try:
        assert isinstance(app.scene, WelcomeScene)
        app.draw()
        assert app.scene.name_input.value == system_user_name()     # prefilled
        click(app, app.scene.name_input.rect.center)                # the field takes the typing
        app.step(0, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="",
                                               scancode=0)] * 30
                 + [pygame.event.Event(pygame.TEXTINPUT, text="Tess")])
        click(app, widget(app.scene, value="ru").rect.center)       # the language, at once
        assert app.settings.language == "ru" and app.tr("common.back") == "Назад"
        click(app, widget(app.scene, value="shapes").rect.center)
        assert app.settings.shapes is False
        click(app, widget(app.scene, label="welcome.go").rect.center)
        saved = json.loads(path.read_text(encoding="utf-8"))
        assert saved["welcomed"] is True and saved["name"] == "Tess" and saved["language"] == "ru"
        assert Settings.load(path).welcomed                          # the next start goes straight on

        picker = app.scene
        assert isinstance(picker, QuickGameScene)
        assert picker.game == "tikal" and picker.level == "easy"      # Tikal first: its guide and hints
        app.draw()
        click(app, picker.card_rect(1).center)                       # La Tortuga's card
        assert picker.game == "tortuga"
        click(app, widget(picker, value="hard").rect.center)
        assert picker.level == "hard"
        click(app, widget(picker, label="quick.play").rect.center)
        b = app.bridge
        pump(app, lambda: isinstance(app.scene, LobbyScene) and b.lobby and b.table.my_seat is not None
             and b.lobby["players"][b.table.my_seat]["ready"])
        assert b.lobby["game"] == "tortuga" and b.lobby["hints"] is True
        bots = [p for p in b.lobby["players"] if p["kind"] == "bot"]
        assert len(bots) == 3 and {p["level"] for p in bots} == {"hard"}
        app.draw()
        # the lobby says the level the bots really play at (not a default of its own)
        assert app.scene.bot_level == "hard"
        level_button = next(w for w in app.scene.widgets.items if "Боты" in w.caption() or "бот" in w.caption())
        assert app.tr("bot.hard") in level_button.caption()
        click(app, widget(app.scene, label="lobby.start").rect.center)
        pump(app, lambda: isinstance(app.scene, TortugaScene) and b.table.view)
        assert json.loads(path.read_text(encoding="utf-8"))["quick_level"] == "hard"
    finally:
        app.close()
        quick.stop()


def test_the_quick_games_lobby_back_returns_to_the_picker():
    settings = Settings(name="Tess")
    quick = QuickHost(settings)
    app = open_quick(settings, quick, discovery=False)
    try:
        assert isinstance(app.scene, QuickGameScene)                # welcomed already: no welcome
        app.draw()
        click(app, widget(app.scene, label="quick.play").rect.center)
        b = app.bridge
        pump(app, lambda: isinstance(app.scene, LobbyScene) and b.lobby and b.lobby["game"] == "tikal")
        app.draw()
        click(app, widget(app.scene, label="common.back").rect.center)      # leave the table
        pump(app, lambda: b.lobby is None)
        app.draw()
        click(app, widget(app.scene, label="common.back").rect.center)      # and the host
        assert isinstance(app.scene, QuickGameScene)
    finally:
        app.close()
        quick.stop()


def test_our_turn_flashes_the_window_behind_another_one_unless_the_setting_is_off(host):
    h, address = host
    for flash in (True, False):
        table = bot_table(h, "tortuga", 2)
        app = window(address)
        app.settings.flash = flash
        try:
            # the window loses the focus (SDL's event, as another window comes in front)
            app.step(0, events=[pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None)])
            assert app.focused is False
            join_and_start(app, table.id, TortugaScene)
            b = app.bridge
            pump(app, lambda: b.table.my_turn() and app.scene.last_turn_chime == b.table.state)
            assert app.attention_asked == (1 if flash else 0)
            app.step(0, events=[pygame.event.Event(pygame.WINDOWFOCUSGAINED, window=None)])
            assert app.focused and app.ask_attention() is False        # in front: nothing to ask
        finally:
            app.close()


def test_the_flash_is_a_setting_switched_with_the_mouse():
    app = make_app()
    app.show(SettingsScene(app))
    app.draw()
    assert app.settings.flash is True
    click(app, widget(app.scene, value="flash").rect.center)
    assert app.settings.flash is False
    app.draw()
    assert app.scene.widgets.items and widget(app.scene, value="flash").caption() == app.tr("common.off")
