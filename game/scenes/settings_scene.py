"""Settings: name, language, volume, colour-blind shapes, animation speed, the first-game guide,
full screen, the flash on our turn (saved as JSON)."""
from __future__ import annotations

import pygame

from assets.i18n import LANGUAGES, language_name

from .. import theme
from ..scene import Scene
from ..settings import ANIM_SPEEDS
from ..widgets import Button, TextInput, blit_text, draw_panel
from .common import background, heading

ROWS = ("settings.name", "settings.language", "settings.volume", "settings.shapes", "settings.speed",
        "settings.guide", "settings.fullscreen", "settings.flash")
X, ROW_Y, ROW_STEP = 660, 146, 56
PANEL = pygame.Rect(200, 124, 880, 478)


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app):
        super().__init__(app)
        s = app.settings
        y = [ROW_Y + i * ROW_STEP for i in range(len(ROWS))]
        on_off = lambda flag: lambda: self.tr("common.on" if getattr(self.app.settings, flag)  # noqa: E731
                                              else "common.off")
        self.name_input = self.widgets.add(TextInput(app, (X, y[0], 380, 46), s.name, "settings.name_hint",
                                                     on_submit=self.set_name, max_len=24))
        self.widgets.add(Button(app, (X, y[1], 380, 46), None, self.next_language, key=pygame.K_l,
                                text=lambda: language_name(self.app.settings.language),
                                tooltip="settings.language_tip"))
        self.widgets.add(Button(app, (X, y[2], 56, 46), None, lambda: self.volume(-0.1), text="−", key=pygame.K_MINUS,
                                key_name="-"))
        self.widgets.add(Button(app, (X + 324, y[2], 56, 46), None, lambda: self.volume(0.1), text="+",
                                key=pygame.K_EQUALS, key_name="+"))
        self.widgets.add(Button(app, (X, y[3], 150, 46), None, self.toggle_shapes, key=pygame.K_c,
                                text=on_off("shapes"), tooltip="settings.shapes_tip"))
        self.widgets.add(Button(app, (X, y[4], 380, 46), None, self.next_speed, key=pygame.K_a,
                                text=self.speed_label, tooltip="settings.speed_tip"))
        self.guide_button = self.widgets.add(Button(
            app, (X, y[5], 380, 46), None, self.reset_guide, key=pygame.K_g, tooltip="settings.guide_tip",
            text=lambda: self.tr("settings.guide_done" if self.app.settings.guide_done else "settings.guide_on"),
            enabled=lambda: self.app.settings.guide_done))
        self.widgets.add(Button(app, (X, y[6], 150, 46), None, self.toggle_fullscreen, key=pygame.K_F11,
                                text=on_off("fullscreen"), tooltip="settings.fullscreen_tip", value="fullscreen"))
        self.widgets.add(Button(app, (X, y[7], 150, 46), None, self.toggle_flash, key=pygame.K_f,
                                text=on_off("flash"), tooltip="settings.flash_tip", value="flash"))
        self.widgets.add(Button(app, (540, 618, 200, 56), "common.back", self.back, key=pygame.K_ESCAPE,
                                style="primary"))

    def toggle_flash(self) -> None:
        """Whether the window flashes when our turn comes while it is behind another one."""
        self.app.settings.flash = not self.app.settings.flash

    def toggle_fullscreen(self) -> None:
        self.app.set_fullscreen(not self.app.settings.fullscreen)

    def speed_label(self) -> str:
        v = self.app.settings.anim_speed
        return self.tr("settings.speed_off") if v == 0 else f"×{v:g}"

    def set_name(self, value: str) -> None:
        self.app.settings.name = value.strip()[:24] or self.app.settings.name
        self.name_input.value = self.app.settings.name

    def next_language(self) -> None:
        i = LANGUAGES.index(self.app.settings.language)
        self.app.set_language(LANGUAGES[(i + 1) % len(LANGUAGES)])

    def reset_guide(self) -> None:
        """The first-game guide shows again at the next table that has one."""
        self.app.settings.guide_done = False

    def volume(self, d: float) -> None:
        self.app.settings.volume = round(min(1.0, max(0.0, self.app.settings.volume + d)), 2)
        self.app.play_sound("tick")

    def toggle_shapes(self) -> None:
        self.app.settings.shapes = not self.app.settings.shapes

    def next_speed(self) -> None:
        v = self.app.settings.anim_speed
        i = ANIM_SPEEDS.index(v) if v in ANIM_SPEEDS else 0
        self.app.set_anim_speed(ANIM_SPEEDS[(i + 1) % len(ANIM_SPEEDS)])

    def back(self) -> None:
        self.set_name(self.name_input.value)
        if self.app.settings.path is not None:
            try:
                self.app.settings.save()
            except OSError as e:
                self.app.toast(self.tr("settings.not_saved", error=str(e)))
        self.app.pop() if len(self.app.scenes) > 1 else self.app.goto("browser", self.app.bridge)

    def draw_scene(self, surface):
        surface.blit(background(self.app), (0, 0))
        heading(surface, self.app, self.tr("settings.title"))
        draw_panel(surface, PANEL)
        for i, key in enumerate(ROWS):
            blit_text(surface, self.app, self.tr(key), (PANEL.x + 36, ROW_Y + 23 + i * ROW_STEP), 24, theme.PAPER,
                      bold=True,
                      anchor="midleft", box=pygame.Rect(PANEL.x + 30, ROW_Y + i * ROW_STEP, X - PANEL.x - 50, 46))
        # volume bar
        bar = pygame.Rect(X + 70, ROW_Y + 2 * ROW_STEP + 9, 240, 28)
        pygame.draw.rect(surface, (24, 30, 56), bar, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT, (bar.x, bar.y, int(bar.width * self.app.settings.volume), bar.height),
                         border_radius=8)
        blit_text(surface, self.app, f"{int(self.app.settings.volume * 100)}%", bar.center, 18, theme.INK, bold=True,
                  anchor="center")
        # the shapes, as they will look
        for seat in range(7):
            shape = theme.player_shape(seat) if self.app.settings.shapes else "circle"
            theme.draw_shape(surface, shape, (X + 180 + seat * 30, ROW_Y + 3 * ROW_STEP + 23), 11,
                             theme.player_colour(seat))
