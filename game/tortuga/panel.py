"""The side panel of La Tortuga: a row per seat (mark and name, eggs, the cards taken) and the dice
tray (the dice and the card counted this movement, the sum against the 7, the multiplier)."""
from __future__ import annotations

import pygame

from .. import theme
from ..scenes.common import Part, player_badge
from ..widgets import blit_text, draw_panel
from .island import draw_card

MAX_SUM = 7  # only to label the bar; the host decides what is legal


def draw_die(surface, rect, value: int, colour=theme.PAPER, tilt: float = 0.0) -> None:
    rect = pygame.Rect(rect)
    die = pygame.Surface(rect.size, pygame.SRCALPHA)
    r = die.get_rect()
    pygame.draw.rect(die, colour, r, border_radius=10)
    pygame.draw.rect(die, theme.INK, r, 3, border_radius=10)
    pips = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
            5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
    step = r.width / 4
    for gx, gy in pips.get(value, []):
        pygame.draw.circle(die, theme.INK, (step * (gx + 1), step * (gy + 1)), max(3, r.width // 11))
    if tilt:
        die = pygame.transform.rotate(die, tilt)
    surface.blit(die, die.get_rect(center=rect.center))


class PlayersPanel(Part):
    def __init__(self, scene):
        super().__init__(scene)
        self.dice_anim: dict = {}       # index -> {"face", "tilt", "y"} while a die tumbles

    def reset(self) -> None:
        self.dice_anim.clear()

    def row_rect(self, seat: int) -> pygame.Rect:
        h = min(44, 250 // max(1, self.scene.seats))
        return pygame.Rect(964, 52 + seat * (h + 4), 294, h)

    def row_pos(self, seat: int):
        r = self.row_rect(seat)
        return (r.right - 40, r.centery)

    def dice_slot(self, i: int) -> pygame.Rect:
        return pygame.Rect(972 + i * 78, 318, 64, 64)

    def draw(self, surface) -> None:
        app, scene = self.app, self.scene
        draw_panel(surface, (952, 8, 320, 300))
        blit_text(surface, app, self.tr("tortuga.players"), (966, 16), 20, theme.ACCENT, bold=True)
        held = self.shown.get("held", {})
        active = self.shown.get("seat")
        for seat in range(scene.seats):
            r = self.row_rect(seat)
            cards = held.get(str(seat), [])
            eggs = sum(cards) + (7 if self.shown.get("beach") == seat else 0)
            player_badge(surface, app, scene.table, seat, r, active=(seat == active),
                         sub=self.trn("tortuga.eggs", eggs), you=(seat == scene.me))
            for k, e in enumerate(cards[-7:]):
                draw_card(surface, app, (r.right - 16 - (len(cards[-7:]) - k) * 19, r.y + 5, 20, r.height - 10), e)
        self.draw_tray(surface)

    def draw_tray(self, surface) -> None:
        app = self.app
        draw_panel(surface, (952, 310, 320, 200), fill=(44, 40, 70))
        rolled = list(self.shown.get("rolled") or [])
        card_at = self.shown.get("rolled_card")
        for i in range(3):
            slot = self.dice_slot(i)
            pygame.draw.rect(surface, (30, 28, 50), slot, border_radius=12)
            pygame.draw.rect(surface, (90, 86, 130), slot, 2, border_radius=12)
            if i in self.dice_anim:
                a = self.dice_anim[i]
                draw_die(surface, slot.move(0, int(a["y"])), a["face"], tilt=a["tilt"])
            elif i < len(rolled):
                if card_at == i:
                    draw_card(surface, app, slot.inflate(-14, 0), rolled[i])
                else:
                    draw_die(surface, slot, rolled[i])
            else:
                blit_text(surface, app, "×" + str(i + 1), slot.center, 16, (90, 86, 130), anchor="center")
        total = sum(rolled)
        n = len(rolled)
        bar = pygame.Rect(1206, 318, 50, 64)
        pygame.draw.rect(surface, (30, 28, 50), bar, border_radius=8)
        fill_h = int(bar.height * min(total, 9) / 9)
        over = total > MAX_SUM
        pygame.draw.rect(surface, theme.BAD if over else theme.GOOD, (bar.x, bar.bottom - fill_h, bar.width, fill_h), border_radius=8)
        ly = bar.bottom - int(bar.height * MAX_SUM / 9)
        pygame.draw.line(surface, theme.ACCENT, (bar.x - 4, ly), (bar.right + 4, ly), 3)
        blit_text(surface, app, f"{total}", bar.center, 24, theme.PAPER, bold=True, anchor="center", shadow=True)
        line = self.tr("tortuga.sum_line", sum=total, limit=MAX_SUM)
        if n:
            line += "   " + self.trn("tortuga.moves_line", n * total, mult=n, steps=n * total)
        blit_text(surface, app, line, (966, 388), 17, theme.BAD if over else theme.PAPER, bold=True)
