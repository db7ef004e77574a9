"""The how-to-play scene: a game's pages, turned with the mouse."""
from __future__ import annotations

import pygame

from .. import theme
from ..scene import Scene
from ..scenes.common import background
from ..widgets import Button, blit_text, draw_panel, wrap
from .pictures import paint

PANEL = pygame.Rect(24, 76, 1232, 562)
PICTURE = pygame.Rect(44, 140, 540, 480)
TEXT = pygame.Rect(608, 140, 628, 480)
ROWS = pygame.Rect(44, 140, 1192, 488)
ROW_COLUMNS = 2
TITLE_Y = 92
ROW_ICON_W = 84
BODY_SIZES = (22, 21, 20, 19, 18, 17, 16)   # the biggest that fits is used; 16 is the floor
ROW_SIZES = (19, 18, 17, 16)
ROW_TEXT_SIZES = (18, 17, 16, 15)
DOTS_Y = 676

#: Keys of the scene itself (buttons, tooltips, the page counter).
SCENE_KEYS = ("howto.title", "howto.prev", "howto.next", "howto.prev_tip", "howto.next_tip",
              "howto.page", "howto.rules", "howto.rules_tip", "howto.game_tip")


def paragraphs(text: str) -> list[tuple[str, bool]]:
    """``(paragraph, is_bullet)`` for each non-empty line of a page text."""
    out = []
    for para in text.split("\n"):
        para = para.strip()
        if para:
            bullet = para.startswith("• ")
            out.append((para[2:].strip() if bullet else para, bullet))
    return out


def layout_text(app, text: str, width: int, size: int, bold: bool = False):
    """Lines ``(indent, text, gap_before)`` of ``text`` wrapped to ``width`` at ``size``, with a
    small gap between paragraphs and bullets hanging; and the height they take."""
    font = app.assets.font(size, bold)
    indent = int(size * 1.1)
    line_h = int(size * 1.28)
    gap = int(size * 0.45)
    lines, height, previous = [], 0, None
    for i, (para, bullet) in enumerate(paragraphs(text)):
        rows = wrap(font, para, width - (indent if bullet else 0))
        for k, row in enumerate(rows):
            g = gap if (k == 0 and i > 0 and not (bullet and previous)) else 0
            lines.append((indent if bullet else 0, row, g, bullet and k == 0))
            height += line_h + g
        previous = bullet
    return lines, height


def fit_text(app, text: str, width: int, height: int, sizes=BODY_SIZES, bold: bool = False):
    """The biggest size of ``sizes`` at which ``text`` fits ``width`` × ``height`` (measured, with
    its wrapping): ``(size, lines, fits)``; the smallest size when nothing fits (``fits`` False)."""
    for size in sizes:
        lines, h = layout_text(app, text, width, size, bold)
        widest = max((app.assets.font(size, bold).size(row)[0] + indent for indent, row, _, _ in lines), default=0)
        if h <= height and widest <= width:
            return size, lines, True
    return size, lines, False


def draw_text(surface, app, lines, size: int, rect, colour=theme.PAPER, bold: bool = False) -> None:
    line_h = int(size * 1.28)
    y = rect.y
    for indent, row, gap, bullet in lines:
        y += gap
        if bullet:
            pygame.draw.circle(surface, theme.ACCENT, (rect.x + size // 2 - 2, y + line_h // 2), max(3, size // 5))
        blit_text(surface, app, row, (rect.x + indent, y), size, colour, bold=bold)
        y += line_h


class HowToScene(Scene):
    """The pages of one game (its ``GameClient.howto``); a tab per game switches."""

    name = "howto"

    def __init__(self, app, game: str | None = None, page: int = 0):
        super().__init__(app)
        self.game = app.games.of(game).name
        self.page = max(0, min(page, len(self.pages) - 1))
        self.dots: list[pygame.Rect] = []
        self.build()

    @property
    def pages(self):
        return self.app.games[self.game].pages

    def build(self) -> None:
        app, w = self.app, self.widgets
        w.clear()
        for i, game in enumerate(app.games):      # a tab per game
            w.add(Button(app, (20 + i * 208, 16, 200, 44), game.title_key, lambda g=game.name: self.switch(g),
                         size=18, style="primary" if self.game == game.name else "normal",
                         tooltip="howto.game_tip"))
        w.add(Button(app, (826, 16, 266, 44), "howto.rules", self.open_rules, key=pygame.K_F1, size=18,
                     tooltip="howto.rules_tip"))
        w.add(Button(app, (1100, 16, 160, 44), "common.back", self.app.pop, key=pygame.K_ESCAPE, size=18))
        w.add(Button(app, (24, 650, 230, 52), "howto.prev", lambda: self.turn(-1), key=pygame.K_LEFT,
                     key_name="←", tooltip="howto.prev_tip", enabled=lambda: self.page > 0))
        w.add(Button(app, (1026, 650, 230, 52), "howto.next", lambda: self.turn(1), key=pygame.K_RIGHT,
                     key_name="→", tooltip="howto.next_tip", style="primary",
                     enabled=lambda: self.page < len(self.pages) - 1))
        n = len(self.pages)
        self.dots = [pygame.Rect(640 - n * 20 + i * 40 + 8, DOTS_Y - 12, 24, 24) for i in range(n)]

    # --- turning pages ------------------------------------------------------------------------
    def turn(self, step: int) -> None:
        self.go(self.page + step)

    def go(self, page: int) -> None:
        page = max(0, min(page, len(self.pages) - 1))
        if page != self.page:
            self.page = page
            self.app.play_sound("flip")

    def switch(self, game: str) -> None:
        if game != self.game:
            self.game, self.page = game, 0
            self.build()

    def open_rules(self) -> None:
        self.app.open("rules", self.game)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.dots):
                if r.collidepoint(event.pos):
                    self.go(i)
                    return True
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.turn(1 if event.key == pygame.K_PAGEDOWN else -1)
            return True
        return super().handle_event(event)

    # --- drawing ------------------------------------------------------------------------------
    def draw_scene(self, surface) -> None:
        app = self.app
        surface.blit(background(app), (0, 0))
        blit_text(surface, app, self.tr("howto.title"), (643, 40), 34, theme.ACCENT, bold=True, anchor="center",
                  shadow=True)
        draw_panel(surface, PANEL)
        page = self.pages[self.page]
        if page.rows:
            self.draw_rows(surface, page)
        else:
            self.draw_page(surface, page)
        for i, r in enumerate(self.dots):
            on = i == self.page
            pygame.draw.circle(surface, theme.ACCENT if on else (84, 100, 150), r.center, 10 if on else 8)
            pygame.draw.circle(surface, theme.INK, r.center, 10 if on else 8, 2)
        blit_text(surface, app, self.tr("howto.page", page=self.page + 1, pages=len(self.pages)),
                  (640, DOTS_Y + 26), 14, theme.MUTED, anchor="center")

    def draw_title(self, surface, page, x: int, width: int) -> None:
        size, lines, _ = fit_text(self.app, self.tr(page.title), width, 40, sizes=(30, 28, 26, 24, 22), bold=True)
        draw_text(surface, self.app, lines[:1], size, pygame.Rect(x, TITLE_Y, width, 40), theme.ACCENT, bold=True)

    def draw_page(self, surface, page) -> None:
        app = self.app
        pygame.draw.rect(surface, (26, 36, 64), PICTURE, border_radius=12)
        if page.picture is not None:
            clip = surface.get_clip()
            surface.set_clip(PICTURE)
            if callable(page.picture):
                page.picture(app, surface, PICTURE)
            else:
                paint(app, surface, PICTURE, page.picture, page.painters)
            surface.set_clip(clip)
        self.draw_title(surface, page, TEXT.x, TEXT.width)
        size, lines, _ = fit_text(app, self.tr(page.body), TEXT.width, TEXT.height)
        draw_text(surface, app, lines, size, TEXT)

    def row_rects(self, page) -> list[pygame.Rect]:
        """The items in columns, top to bottom then left to right."""
        n = len(page.rows)
        per = -(-n // ROW_COLUMNS)
        w, h = (ROWS.width - 12 * (ROW_COLUMNS - 1)) // ROW_COLUMNS, ROWS.height // per
        return [pygame.Rect(ROWS.x + (i // per) * (w + 12), ROWS.y + (i % per) * h, w, h - 6) for i in range(n)]

    def draw_rows(self, surface, page) -> None:
        app = self.app
        self.draw_title(surface, page, ROWS.x, ROWS.width)
        for item, r in zip(page.rows, self.row_rects(page)):
            pygame.draw.rect(surface, (40, 54, 92), r, border_radius=10)
            icon = pygame.Rect(r.x + 4, r.y + 2, ROW_ICON_W - 8, r.height - 4)
            pygame.draw.rect(surface, (26, 36, 64), icon, border_radius=8)
            if page.row_picture is not None:
                page.row_picture(app, surface, icon, item)
            elif item in page.row_pictures:
                paint(app, surface, icon, page.row_pictures[item], page.painters)
            name_key, text_key = page.row_keys(item)
            tx = r.x + ROW_ICON_W + 8
            width = r.right - tx - 12
            size, lines, _ = fit_text(app, self.tr(name_key), width, 28, sizes=ROW_SIZES, bold=True)
            draw_text(surface, app, lines[:1], size, pygame.Rect(tx, r.y + 6, width, 28), theme.ACCENT, bold=True)
            size, lines, _ = fit_text(app, self.tr(text_key), width, r.height - 40, sizes=ROW_TEXT_SIZES)
            draw_text(surface, app, lines, size, pygame.Rect(tx, r.y + 34, width, r.height - 40))


def fits_everywhere(app, game: str) -> list[str]:
    """The texts of ``game``'s pages that do not fit their boxes in the app's language (for tests
    and the scene-check: empty when everything fits at the sizes allowed)."""
    bad = []
    scene = HowToScene.__new__(HowToScene)   # only the geometry: no widgets needed
    scene.app, scene.game = app, game
    for page in app.games[game].pages:
        tr = app.tr
        if not fit_text(app, tr(page.title), (ROWS if page.rows else TEXT).width, 40,
                        sizes=(30, 28, 26, 24, 22), bold=True)[2]:
            bad.append(page.title)
        if page.rows:
            for item, r in zip(page.rows, HowToScene.row_rects(scene, page)):
                name_key, text_key = page.row_keys(item)
                width = r.width - ROW_ICON_W - 20
                if not fit_text(app, tr(name_key), width, 28, sizes=ROW_SIZES, bold=True)[2]:
                    bad.append(name_key)
                if not fit_text(app, tr(text_key), width, r.height - 40, sizes=ROW_TEXT_SIZES)[2]:
                    bad.append(text_key)
        elif not fit_text(app, tr(page.body), TEXT.width, TEXT.height)[2]:
            bad.append(page.body)
    return bad
