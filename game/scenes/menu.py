"""The in-game menu (an overlay over the table: Esc) and the rules reference by rule id."""
from __future__ import annotations

import pygame

from .. import rules_ref, theme
from ..scene import Scene
from ..widgets import Button, blit_lines, blit_text, draw_panel, wrap
from .common import background
from .give import givable


class MenuScene(Scene):
    opaque = False
    name = "menu"

    def __init__(self, app, table_scene):
        super().__init__(app)
        self.table_scene = table_scene
        self.confirming = False     # "Leave the table?" asked, waiting for the answer
        self.build()

    def build(self) -> None:
        app, x, w = self.app, 490, 300
        self.widgets.clear()
        if self.confirming:
            self.widgets.add(Button(app, (x, 380, w, 52), "menu.leave_yes", self.leave_now, style="danger",
                                    tooltip="menu.leave_tip"))
            self.widgets.add(Button(app, (x, 444, w, 52), "menu.leave_no", self.stay, key=pygame.K_ESCAPE))
            return
        items = [("menu.resume", app.pop, pygame.K_ESCAPE, "normal"),
                 ("menu.howto", self.open_howto, pygame.K_F1, "normal"),
                 ("menu.rules", self.open_rules, None, "normal"),
                 ("menu.settings", self.open_settings, None, "normal"),
                 ("menu.save", self.save, None, "normal"),
                 ("menu.leave", self.leave, None, "danger")]
        if self.may_give():     # the owner, a player away and someone watching: give them the seat
            items.insert(4, ("menu.give", self.open_give, None, "normal"))
        step = 64 if len(items) <= 6 else 56
        for i, (label, fn, key, style) in enumerate(items):
            self.widgets.add(Button(app, (x, 190 + i * step, w, 52), label, fn, key=key, style=style,
                                    tooltip=label + "_tip"))

    def may_give(self) -> bool:
        bridge = getattr(self.table_scene, "bridge", None)
        lob = getattr(bridge, "lobby", None) or {}
        away, watchers = givable(lob)
        return bool(bridge is not None and lob.get("owner") == bridge.player and away and watchers
                    and lob.get("status") == "playing")

    def open_give(self) -> None:
        self.app.open("give", self.table_scene.bridge)

    def open_howto(self):
        self.app.open("howto", getattr(self.table_scene, "game", None))

    def open_rules(self):
        self.app.open("rules", getattr(self.table_scene, "game", None))

    def open_settings(self):
        self.app.open("settings")

    def save(self):
        # The host journals every accepted action (flushed and fsynced) and can resume it; the
        # client has nothing of its own to keep but the settings.
        self.app.settings.path and self.app.settings.save()
        self.app.toast(self.tr("menu.saved"), kind="good")

    def leave(self):
        """Leaving asks first (a bot may play the seat from then on)."""
        self.confirming = True
        self.build()

    def stay(self):
        self.confirming = False
        self.build()

    def leave_now(self):
        """Leave the table: a game under way keeps our seat ours (a bot plays it meanwhile); the
        host's tables are shown, where "Back to my seat" takes it back. The window's own player
        leaves (and its other local players with it)."""
        app = self.app
        bridge = getattr(self.table_scene, "bridge", None)
        primary = app.party.primary if app.party is not None else bridge
        if primary is not None and primary.connected:
            primary.leave()
            app.bridge = primary
            app.goto("lobby", primary)
        else:
            app.goto("browser", primary)

    def draw_scene(self, surface):
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((8, 10, 24, 170))
        surface.blit(shade, (0, 0))
        panel = pygame.Rect(450, 110, 380, 480)
        draw_panel(surface, panel)
        if self.confirming:
            blit_text(surface, self.app, self.tr("menu.leave_ask"), (640, 150), 30, theme.ACCENT, bold=True,
                      anchor="center", box=panel.inflate(-24, 0))
            blit_lines(surface, self.app, self.tr("menu.leave_explain"), pygame.Rect(480, 194, 320, 150), 19,
                       theme.PAPER, align="center")
            return
        blit_text(surface, self.app, self.tr("menu.title"), (640, 150), 34, theme.ACCENT, bold=True, anchor="center",
                  box=panel.inflate(-24, 0))


class RulesScene(Scene):
    """Every rule of a game by id, in the current language; search by typing an id's start."""

    name = "rules"

    def __init__(self, app, game: str | None = None, focus: str | None = None):
        super().__init__(app)
        self.game = app.games.of(game).name
        self.scroll = 0
        self.focus = focus          # a rule id to show (a refused action's toast links its rule)
        if focus:
            starts = [i for i, (kind, val) in enumerate(self.lines()) if kind == "r" and val[0] == focus]
            self.scroll = max(0, starts[0] - 3) if starts else 0
        self.widgets.add(Button(app, (1100, 16, 160, 44), "common.back", app.pop, key=pygame.K_ESCAPE))
        for i, g in enumerate(app.games):       # a tab per game
            self.widgets.add(Button(app, (20 + i * 210, 16, 200, 44), f"rules.{g.name}",
                                    lambda g=g.name: self.switch(g),
                                    style="primary" if g.name == self.game else "normal"))

    def switch(self, game):
        self.app.pop()
        self.app.open("rules", game)

    def lines(self):
        font = self.app.assets.font(17)
        out = []
        book = self.app.games[self.game].rules
        for heading, items in rules_ref.sections(book, self.app.catalog.language):
            out.append(("h", heading))
            for rid, text in items:
                for i, ln in enumerate(wrap(font, text, 1080)):
                    out.append(("r", (rid if i == 0 else "", ln)))
        return out

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 3)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += 1 if event.key == pygame.K_DOWN else 20
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll - (1 if event.key == pygame.K_UP else 20))
            return True
        return super().handle_event(event)

    def draw_scene(self, surface):
        surface.blit(background(self.app), (0, 0))
        draw_panel(surface, (16, 72, 1248, 636))
        lines = self.lines()
        self.scroll = min(self.scroll, max(0, len(lines) - 10))
        y = 86
        for kind, val in lines[self.scroll:]:
            if y > 690:
                break
            if kind == "h":
                blit_text(surface, self.app, val, (36, y + 4), 21, theme.ACCENT, bold=True)
                y += 32
            else:
                rid, ln = val
                if rid and rid == self.focus:
                    pygame.draw.rect(surface, (70, 60, 30), (28, y - 2, 1224, 25), border_radius=6)
                if rid:
                    blit_text(surface, self.app, rid, (36, y), 17, theme.ACCENT, bold=True)
                blit_text(surface, self.app, ln, (130, y), 17, theme.PAPER)
                y += 23
