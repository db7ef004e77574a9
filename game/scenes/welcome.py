"""Arriving: the first start's welcome (the name, prefilled from the system's user name; the
language, from the locale; colour-blind shapes: all changeable later in the settings) and the
quick game's picker (a game, in the registry's order: the first one teaches with its guide and
hints; the bots' level).

Neither scene knows how a quick game is started: the window's launcher hands the picker a
``start(game, level)`` that makes the table and connects (game/launch.py)."""
from __future__ import annotations

from typing import Callable

import pygame

from assets.i18n import LANGUAGES, language_name
from net.messages import CLOCKS

from .. import theme
from ..scene import Scene
from ..settings import system_user_name
from ..widgets import Button, TextInput, blit_lines, blit_text, draw_panel, same_size
from .common import background, clock_words, heading

QUICK_LEVELS = ("easy", "normal", "hard")   # the levels the picker offers (those the game has)


def save_settings(app) -> None:
    """Save the settings now (a file-less Settings, made in code, is never saved)."""
    if app.settings.path is not None:
        try:
            app.settings.save()
        except OSError as e:
            app.toast(app.tr("settings.not_saved", error=str(e)))


class WelcomeScene(Scene):
    """The first start: who plays here, in which language, with shapes or not. ``then()`` is
    called once answered (the quick game's picker, or the host browser)."""

    name = "welcome"
    PANEL = pygame.Rect(190, 150, 900, 400)
    LABEL_W = 300

    def __init__(self, app, then: Callable[[], None] | None = None):
        super().__init__(app)
        self.then = then
        s, p = app.settings, self.PANEL
        #: the name offered is the account's (the note says so), not one given (``--name``)
        self.offered = s.name == system_user_name()
        x = p.x + self.LABEL_W + 40
        self.name_input = self.widgets.add(TextInput(app, (x, p.y + 40, 480, 52), s.name, "settings.name_hint",
                                                     on_submit=self.set_name, max_len=24,
                                                     tooltip="welcome.name_tip"))
        self.lang_buttons = []
        for i, lang in enumerate(LANGUAGES):
            b = self.widgets.add(Button(app, (x + i * 122, p.y + 150, 114, 52), None,
                                        lambda lang=lang: self.app.set_language(lang),
                                        text=language_name(lang), size=18, value=lang))
            self.lang_buttons.append(b)
        same_size(self.lang_buttons)
        self.shapes_button = self.widgets.add(Button(
            app, (x, p.y + 260, 150, 52), None, self.toggle_shapes, key=pygame.K_c, tooltip="settings.shapes_tip",
            text=lambda: self.tr("common.on" if self.app.settings.shapes else "common.off"), value="shapes"))
        self.widgets.add(Button(app, (490, 590, 300, 64), "welcome.go", self.done, key=pygame.K_RETURN,
                                style="primary", size=24))

    def toggle_shapes(self) -> None:
        self.app.settings.shapes = not self.app.settings.shapes

    def set_name(self, value: str) -> None:
        self.app.settings.name = value.strip()[:24] or self.app.settings.name
        self.name_input.value = self.app.settings.name
        self.name_input.focus(False)

    def done(self) -> None:
        self.set_name(self.name_input.value)
        self.app.settings.welcomed = True
        save_settings(self.app)
        if self.then is not None:
            self.then()

    def update(self, dt: float) -> None:
        super().update(dt)
        for b in self.lang_buttons:     # the language in use stands out
            b.style = "primary" if b.value == self.app.settings.language else "normal"

    def draw_scene(self, surface) -> None:
        app, p = self.app, self.PANEL
        surface.blit(background(app), (0, 0))
        heading(surface, app, self.tr("welcome.title"))
        blit_lines(surface, app, self.tr("welcome.intro"), pygame.Rect(190, 84, 900, 56), 19, theme.MUTED,
                   align="center")
        draw_panel(surface, p)
        for i, key in enumerate(("settings.name", "settings.language", "settings.shapes")):
            box = pygame.Rect(p.x + 30, p.y + 40 + i * 110, self.LABEL_W, 52)
            blit_text(surface, app, self.tr(key), (box.x + 6, box.centery), 24, theme.PAPER, bold=True,
                      anchor="midleft", box=box)
        if self.offered:
            blit_lines(surface, app, self.tr("welcome.name_note"),
                       pygame.Rect(p.x + self.LABEL_W + 40, p.y + 96, 480, 44), 15, theme.MUTED)
        for seat in range(7):   # the marks, as they will look
            shape = theme.player_shape(seat) if app.settings.shapes else "circle"
            theme.draw_shape(surface, shape, (p.x + self.LABEL_W + 230 + seat * 34, p.y + 286), 12,
                             theme.player_colour(seat))
        blit_lines(surface, app, self.tr("welcome.later"), pygame.Rect(p.x + 30, p.y + 340, p.width - 60, 44), 16,
                   theme.MUTED)


class QuickGameScene(Scene):
    """The quick game: which game (in the order of ``app.games``), the bots' level, Play (you and three bots, on a
    host in this window's process), or other players on the network (the host browser).
    ``start(game, level)`` makes that table and takes the window to it; ``levels`` maps each game to
    the levels its bots have (weakest first)."""

    name = "quick"
    CARD_W, CARD_H, CARD_Y = 440, 250, 130

    def __init__(self, app, start: Callable[[str, str, int], None], levels: dict[str, list[str]],
                 browse: Callable[[], None] | None = None):
        super().__init__(app)
        self.start, self.browse = start, browse
        self.levels = {g: [lv for lv in QUICK_LEVELS if lv in lvls] or list(lvls) for g, lvls in levels.items()}
        s = app.settings
        order = app.games.names
        self.games = [g for g in order if g in self.levels] + [g for g in self.levels if g not in order]
        self.game = s.quick_game if s.quick_game in self.games else self.games[0]
        self.level = s.quick_level
        w = self.widgets
        self.level_buttons = []
        self.build_levels()
        w.add(Button(app, (440, 590, 400, 70), "quick.play", self.play, key=pygame.K_RETURN, style="primary",
                     size=26, tooltip="quick.play_tip"))
        w.add(Button(app, (900, 600, 360, 56), "quick.network", self.to_network, key=pygame.K_n, size=18,
                     tooltip="quick.network_tip"))
        w.add(Button(app, (20, 600, 380, 56), None, self.cycle_clock, key=pygame.K_k, size=18,
                     text=lambda: self.tr("lobby.clock", value=clock_words(self.app, self.app.settings.quick_clock)),
                     tooltip="lobby.clock_tip"))
        w.add(Button(app, (1040, 16, 220, 44), "settings.title", self.open_settings, key=pygame.K_F2, size=18,
                     tooltip="settings.tip"))
        w.add(Button(app, (20, 16, 220, 44), "howto.open", self.open_howto, key=pygame.K_F1, size=18,
                     tooltip="howto.open_tip"))

    def card_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(180 + i * (self.CARD_W + 40), self.CARD_Y, self.CARD_W, self.CARD_H)

    def build_levels(self) -> None:
        for b in self.level_buttons:
            self.widgets.items.remove(b)
        levels = self.levels[self.game]
        if self.level not in levels:
            self.level = "easy" if "easy" in levels else levels[0]
        self.level_buttons = []
        x0 = 640 - (len(levels) * 200 - 20) // 2
        for i, lv in enumerate(levels):
            self.level_buttons.append(self.widgets.add(Button(
                self.app, (x0 + i * 200, 452, 180, 54), None, lambda lv=lv: self.pick_level(lv),
                text=lambda lv=lv: self.tr(f"bot.{lv}"), value=lv)))
        same_size(self.level_buttons)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, g in enumerate(self.games[:2]):      # a click on a game's card picks it
                if self.card_rect(i).collidepoint(event.pos):
                    self.pick(g)
                    self.app.play_sound("click")
                    return True
        return super().handle_event(event)

    def pick(self, game: str) -> None:
        self.game = game
        self.app.settings.quick_game = game
        self.build_levels()

    def pick_level(self, level: str) -> None:
        self.level = level
        self.app.settings.quick_level = level

    def cycle_clock(self) -> None:
        """The next turn clock (off, 1 min, 2 min...): at its limit a bot plays our turn."""
        s = self.app.settings
        i = CLOCKS.index(s.quick_clock) if s.quick_clock in CLOCKS else -1
        s.quick_clock = CLOCKS[(i + 1) % len(CLOCKS)]

    def play(self) -> None:
        self.app.settings.quick_game, self.app.settings.quick_level = self.game, self.level
        save_settings(self.app)
        self.start(self.game, self.level, self.app.settings.quick_clock)

    def to_network(self) -> None:
        if self.browse is not None:
            self.browse()

    def open_howto(self) -> None:
        self.app.open("howto", self.game)

    def open_settings(self) -> None:
        self.app.open("settings")

    def update(self, dt: float) -> None:
        super().update(dt)
        for b in self.level_buttons:
            b.style = "primary" if b.value == self.level else "normal"

    def draw_scene(self, surface) -> None:
        app = self.app
        surface.blit(background(app), (0, 0))
        heading(surface, app, self.tr("quick.title"))
        blit_text(surface, app, self.tr("quick.subtitle"), (640, 100), 19, theme.MUTED, anchor="center",
                  box=pygame.Rect(190, 86, 900, 30))
        for i, g in enumerate(self.games[:2]):
            r = self.card_rect(i)
            chosen = g == self.game
            pygame.draw.rect(surface, (62, 80, 134) if chosen else (40, 52, 92), r, border_radius=14)
            pygame.draw.rect(surface, theme.ACCENT if chosen else theme.PANEL_EDGE, r, 5 if chosen else 2,
                             border_radius=14)
            title = pygame.Rect(r.x + 20, r.y + 16, r.width - 40, 44)
            blit_text(surface, app, self.tr(f"game.{g}"), title.center, 34, theme.ACCENT if chosen else theme.PAPER,
                      bold=True, anchor="center", box=title)
            blit_lines(surface, app, self.tr(f"quick.about_{g}"), pygame.Rect(r.x + 24, r.y + 72, r.width - 48, 150),
                       19, theme.PAPER)
        blit_text(surface, app, self.tr("quick.level", level=self.tr(f"bot.{self.level}")), (640, 416), 22,
                  theme.PAPER, bold=True, anchor="center", box=pygame.Rect(190, 400, 900, 34))
        blit_lines(surface, app, self.tr(f"quick.level_{self.level}"), pygame.Rect(190, 514, 900, 60), 17,
                   theme.MUTED, align="center")


def _welcome_sample(app, names):
    app.settings.name = names[0]
    return WelcomeScene(app)


def _quick_sample(app, names):
    levels = {g: ["easy", "normal", "hard"] for g in app.games.names}
    return QuickGameScene(app, lambda game, level, clock: None, levels)


#: This module's samples (``game/screens.py`` lists them).
SAMPLES = {"welcome": _welcome_sample, "quick": _quick_sample}
