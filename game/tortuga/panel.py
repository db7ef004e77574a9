"""The side panel of La Tortuga: a row per seat (mark and name, eggs, the cards taken) and the dice
tray (the dice and the card counted this movement, the sum against the 7, the multiplier)."""
from __future__ import annotations

import pygame

from engine.tortuga.analysis import BEACH_EGGS, MAX_SUM

from .. import theme
from ..scenes.common import Part, player_badge
from ..tween import Call, Sequence, Wait
from ..widgets import Tip, blit_text, draw_panel, note_solid
from .island import draw_card


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
    ROWS = pygame.Rect(958, 14, 308, 288)   # where the seats' rows go
    SUM_LINE = pygame.Rect(960, 384, 304, 26)   # "Sum 3 / 7   ×1 → 3 spaces"

    def __init__(self, scene):
        super().__init__(scene)
        self.dice_anim: dict = {}       # index -> {"face", "tilt", "y"} while a die tumbles
        self.flash: set = set()         # rows lit for a moment (a card just taken)

    def reset(self) -> None:
        self.dice_anim.clear()

    def row_rect(self, seat: int) -> pygame.Rect:
        n = max(1, self.scene.seats)
        h = min(46, (self.ROWS.height - 4 * (n - 1)) // n)
        return pygame.Rect(self.ROWS.x, self.ROWS.y + seat * (h + 4), self.ROWS.width, h)

    def cards_rect(self, seat: int) -> pygame.Rect:
        """The second line's right part: the cards a seat took."""
        r = self.row_rect(seat)
        return pygame.Rect(r.x + 150, r.y + r.height // 2 + 1, r.width - 158, r.height // 2 - 4)

    def row_pos(self, seat: int):
        c = self.cards_rect(seat)
        return (c.centerx, c.centery)

    def dice_slot(self, i: int) -> pygame.Rect:
        return pygame.Rect(972 + i * 78, 318, 64, 64)

    def pulse_row(self, seat: int) -> None:
        self.flash.add(seat)
        self.scene.timeline.play(Sequence(Wait(0.7), Call(lambda: self.flash.discard(seat))), parallel=True)

    def build_tips(self, widgets) -> None:
        for seat in range(self.scene.seats):
            widgets.add(Tip(self.cards_rect(seat), lambda s=seat: self.tip_cards(s)))
        widgets.add(Tip(pygame.Rect(1200, 314, 62, 72), "tortuga.tip_sum"))

    def tip_cards(self, seat: int) -> str:
        cards = list(self.shown.get("held", {}).get(str(seat), []))
        if not cards:
            return self.tr("tortuga.tip_no_cards")
        return self.trn("tortuga.tip_cards", sum(cards), cards=" + ".join(map(str, cards)))

    def draw(self, surface) -> None:
        app, scene = self.app, self.scene
        draw_panel(surface, (952, 8, 320, 300))
        held = self.shown.get("held", {})
        active = self.shown.get("seat")
        for seat in range(scene.seats):
            r = self.row_rect(seat)
            cards = held.get(str(seat), [])
            eggs = sum(cards) + (BEACH_EGGS if self.shown.get("beach") == seat else 0)
            c = self.cards_rect(seat)
            player_badge(surface, app, scene.table, seat, r, active=(seat == active),
                         sub=self.trn("tortuga.eggs", eggs), you=(seat == scene.me), sub_right=c.x - 6)
            if seat in self.flash:
                pygame.draw.rect(surface, theme.ACCENT, r, 3, border_radius=10)
            if cards:   # the cards taken, small, side by side (closer together when there are many)
                w = min(20, c.height * 3 // 4 + 4) if c.height >= 20 else c.height + 2   # short rows: square-ish
                step = min(w + 3, (c.width - w) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
                for k, e in enumerate(cards):
                    card = pygame.Rect(c.x + k * step, c.y, w, c.height)
                    draw_card(surface, app, card, e, small=True)
                note_solid(app, pygame.Rect(c.x, c.y, int(step * (len(cards) - 1)) + w, c.height), "cards")
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
            elif not any(c.get("slot") == i for c in self.scene.anim.flying_cards):   # (a card comes here)
                blit_text(surface, app, "×" + str(i + 1), slot.center, 16, (90, 86, 130), anchor="center", box=slot)
        total = sum(rolled)
        n = len(rolled)
        bar = pygame.Rect(1206, 318, 50, 64)
        pygame.draw.rect(surface, (30, 28, 50), bar, border_radius=8)
        fill_h = int(bar.height * min(total, 9) / 9)
        over = total > MAX_SUM
        pygame.draw.rect(surface, theme.BAD if over else theme.GOOD, (bar.x, bar.bottom - fill_h, bar.width, fill_h),
                         border_radius=8)
        ly = bar.bottom - int(bar.height * MAX_SUM / 9)
        pygame.draw.line(surface, theme.ACCENT, (bar.x - 4, ly), (bar.right + 4, ly), 3)
        blit_text(surface, app, f"{total}", bar.center, 24, theme.PAPER, bold=True, anchor="center", shadow=True)
        line = self.tr("tortuga.sum_line", sum=total, limit=MAX_SUM)
        if n and over:       # a bust moves nothing: no "×2 → 18"
            line += "   " + self.tr("tortuga.bust_big")
        elif n:
            line += "   " + self.trn("tortuga.moves_line", n * total, mult=n, steps=n * total)
        blit_text(surface, app, line, (966, 388), 17, theme.BAD if over else theme.PAPER, bold=True,
                  box=self.SUM_LINE)
