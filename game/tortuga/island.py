"""The island of La Tortuga on screen: the 21 spaces counter-clockwise, the raft, the beach with
the face-up card and the cards left, and the turtles as stacks. ``sprites`` holds where each
turtle is drawn: at rest it glides to its place in the shown view; the animations move it."""
from __future__ import annotations

import math

import pygame

from engine.tortuga.analysis import BEACH, BEACH_EGGS

from .. import theme
from ..scenes.common import Part, background
from ..widgets import blit_text, note_area

CENTER = (470, 356)
TRACK_R = (384, 272)
RAFT_POS = (470, 686)
DECK_POS = (400, 516)
TURTLE_W, TURTLE_H, STACK_DY = 46, 30, 14
#: The island's outer edge: the surf round its sand (TV mode shows it whole: game/replay/tv.py)
SURF = pygame.Rect(CENTER[0] - 450, CENTER[1] - 326, 900, 652)


def space_pos(space: int) -> tuple[float, float]:
    """Screen position of a track space (1–21, counter-clockwise from beside the raft); 0: the raft."""
    if space == 0:
        return RAFT_POS
    a = math.radians(-65 + (space - 1) * 15.5)
    return (CENTER[0] + TRACK_R[0] * math.cos(a), CENTER[1] - TRACK_R[1] * math.sin(a))


def number_pos(space: int) -> tuple[float, float]:
    """Where a space's number is written: under its circle, where no turtle stands (a stack grows
    upwards); the beach's inside its big circle."""
    x, y = space_pos(space)
    return (x, y + 22) if space == BEACH else (x, y + 35)


def turtle_surface(colour, shape: str, second: bool) -> pygame.Surface:
    s = pygame.Surface((TURTLE_W + 16, TURTLE_H + 12), pygame.SRCALPHA)
    cx, cy = s.get_width() // 2, s.get_height() // 2 + 2
    leg = (60, 120, 70)
    for dx, dy in ((-15, -9), (15, -9), (-15, 10), (15, 10)):
        pygame.draw.ellipse(s, leg, (cx + dx - 6, cy + dy - 4, 12, 8))
        pygame.draw.ellipse(s, theme.INK, (cx + dx - 6, cy + dy - 4, 12, 8), 1)
    pygame.draw.circle(s, leg, (cx + TURTLE_W // 2 + 1, cy - 2), 8)
    pygame.draw.circle(s, theme.INK, (cx + TURTLE_W // 2 + 1, cy - 2), 8, 1)
    pygame.draw.circle(s, theme.INK, (cx + TURTLE_W // 2 + 4, cy - 4), 2)
    shell = pygame.Rect(0, 0, TURTLE_W, TURTLE_H)
    shell.center = (cx, cy)
    pygame.draw.ellipse(s, theme.shade(colour, 0.6), shell.move(0, 3))
    pygame.draw.ellipse(s, colour, shell)
    if second:   # the second turtle of a seat (2–3 players): a striped shell, its stripes across it
        stripes = pygame.Surface(shell.size, pygame.SRCALPHA)
        ink = STRIPE_ON_LIGHT if theme.luminance(colour) > 140 else STRIPE_ON_DARK
        for x in STRIPES:
            pygame.draw.rect(stripes, ink, (shell.width // 2 + x, 0, STRIPE_W, shell.height))
        inside = pygame.Surface(shell.size, pygame.SRCALPHA)
        pygame.draw.ellipse(inside, (255, 255, 255, 255), inside.get_rect())
        stripes.blit(inside, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        s.blit(stripes, shell)
    else:
        pygame.draw.ellipse(s, theme.shade(colour, 1.35), shell.inflate(-18, -14).move(-3, -4))
    pygame.draw.ellipse(s, theme.INK, shell, 2)
    theme.draw_shape(s, shape, (cx, cy), 8, theme.PAPER if theme.text_on(colour) == theme.PAPER else theme.INK,
                     outline=theme.INK, width=1)
    return s


#: The second turtle's stripes: their left edges from the shell's middle (two each side of the
#: player's mark), their width, their ink on a light and on a dark shell.
STRIPES = (-20, -14, 10, 16)
STRIPE_W = 4
STRIPE_ON_LIGHT, STRIPE_ON_DARK = (20, 24, 38, 255), (250, 246, 232, 255)


_LIT: dict = {}


def lit_disc() -> pygame.Surface:
    """A space of the hop in progress, lit: a filled light disc (60 px)."""
    if "disc" not in _LIT:
        d = pygame.Surface((60, 60), pygame.SRCALPHA)
        pygame.draw.circle(d, (*theme.ACCENT, 120), (30, 30), 29)
        _LIT["disc"] = d
    return _LIT["disc"]


def glow(mover: bool) -> pygame.Surface:
    """The moving turtle's glow under it (``mover``), or a rider's fainter one (64×34)."""
    key = ("glow", mover)
    if key not in _LIT:
        g = pygame.Surface((64, 34), pygame.SRCALPHA)
        pygame.draw.ellipse(g, (*theme.ACCENT, 170 if mover else 90), g.get_rect())
        pygame.draw.ellipse(g, (*theme.ACCENT, 230 if mover else 130), g.get_rect().inflate(-18, -10))
        _LIT[key] = g
    return _LIT[key]


def draw_card(surface, app, rect, eggs: int | None, face_up: bool = True, small: bool = False,
              layer: str = "base") -> None:
    """An egg card: face up its number of eggs (and an egg, unless ``small``), or its back.
    ``layer``: the fit check's layer of its number ("float" for a card in flight)."""
    rect = pygame.Rect(rect)
    if not face_up:
        pygame.draw.rect(surface, (40, 110, 90), rect, border_radius=6)
        pygame.draw.rect(surface, (20, 60, 50), rect.inflate(-8, -8), 2, border_radius=4)
        pygame.draw.rect(surface, theme.INK, rect, 2, border_radius=6)
        return
    tiny = rect.height < 20      # a short row's cards (many seats): a thin edge, so the number keeps its room
    pygame.draw.rect(surface, theme.PAPER, rect, border_radius=3 if tiny else 6)
    pygame.draw.rect(surface, theme.INK, rect, 1 if tiny else 2, border_radius=3 if tiny else 6)
    if eggs is None:
        return
    if small:
        size = max(11, rect.height - 2) if tiny else max(11, rect.height * 3 // 4)
        blit_text(surface, app, str(eggs), rect.center, size, theme.INK, bold=True, anchor="center",
                  box=rect.inflate(4, 4), layer=layer)
        return
    size = max(12, rect.height // 2)
    blit_text(surface, app, str(eggs), (rect.centerx, rect.centery - rect.height // 8), size, theme.INK,
              bold=True, anchor="center", box=rect, layer=layer)
    ew = max(6, rect.width // 4)
    egg = pygame.Rect(0, 0, ew, int(ew * 1.3))
    egg.midbottom = (rect.centerx, rect.bottom - 3)
    pygame.draw.ellipse(surface, (245, 235, 200), egg)
    pygame.draw.ellipse(surface, (150, 120, 70), egg, 1)


class Island(Part):
    def __init__(self, scene):
        super().__init__(scene)
        self.sprites: dict[int, dict] = {}   # turtle -> {"x", "y"} where it is drawn
        self.moving: set[int] = set()        # turtles an animation moves (they do not glide to rest)
        self.trail: list[int] = []           # spaces of the hop in progress (lit)
        self.marks: set[int] = set()         # where the last moves ended (until the next move; a recap's: all)
        self._turtle_imgs: dict = {}
        self._board: pygame.Surface | None = None
        self.highlight: set[int] = set()     # turtles a hovered choice points at (ringed, pulsing)
        self.lifted = False                  # the face-up card is flying to its taker (not drawn here)

    def stack_of(self, space: int) -> list[int]:
        return list(self.shown.get("stacks", {}).get(str(space), []))

    def space_of(self, turtle: int) -> int | None:
        """Where a turtle stands in the shown view: a space (1–21), 0 for the raft."""
        for key, stack in self.shown.get("stacks", {}).items():
            if turtle in stack:
                return int(key)
        return None

    def rest_pos(self, turtle: int) -> tuple[float, float]:
        for key, stack in self.shown.get("stacks", {}).items():
            if turtle in stack:
                i = stack.index(turtle)
                if key == "0":  # the raft: side by side, never stacked (L-R3)
                    row, col = divmod(i, 4)
                    return (RAFT_POS[0] - 84 + col * 56, RAFT_POS[1] - row * 22)
                x, y = space_pos(int(key))
                return (x, y - 4 - i * STACK_DY)
        return RAFT_POS

    def reset(self) -> None:
        """Every turtle at rest where the shown view puts it."""
        n = int(self.shown.get("turtles") or self.scene.seats)
        self.moving.clear()
        self.lifted = False
        self.trail = []
        self.sprites = {t: {"x": 0.0, "y": 0.0} for t in range(n)}
        for t, sp in self.sprites.items():
            sp["x"], sp["y"] = self.rest_pos(t)

    def update(self, dt: float) -> None:
        for t, sp in self.sprites.items():  # turtles at rest glide to their place (stack changes)
            if t not in self.moving:
                rx, ry = self.rest_pos(t)
                sp["x"] += (rx - sp["x"]) * min(1.0, dt * 14)
                sp["y"] += (ry - sp["y"]) * min(1.0, dt * 14)

    def turtle_at(self, pos, turtles) -> int | None:
        """Which of ``turtles`` is under the mouse (of stacked ones, the nearest)."""
        hits = []
        for t in turtles:
            sp = self.sprites.get(t)
            if sp and abs(pos[0] - sp["x"]) < TURTLE_W // 2 and abs(pos[1] - sp["y"]) < TURTLE_H // 2:
                hits.append((abs(pos[0] - sp["x"]) + abs(pos[1] - sp["y"]), t))
        return min(hits)[1] if hits else None

    def turtle_rect(self, turtle: int) -> pygame.Rect | None:
        """Where a turtle is drawn (its shell and legs), None if it is not."""
        sp = self.sprites.get(turtle)
        if sp is None:
            return None
        r = pygame.Rect(0, 0, TURTLE_W, TURTLE_H)
        r.center = (round(sp["x"]), round(sp["y"]))
        return r

    def turtle_img(self, turtle: int) -> pygame.Surface:
        seat = self.scene.owner(turtle)
        shape = self.scene.shape(seat)
        key = (turtle, shape, self.scene.colour(seat))
        img = self._turtle_imgs.get(key)
        if img is None:
            img = self._turtle_imgs[key] = turtle_surface(key[2], shape, turtle >= self.scene.seats)
        return img

    # --- drawing ----------------------------------------------------------------------------
    def ground(self) -> pygame.Surface:
        if self._board is None:
            b = background(self.app, "sea").copy()
            waves = pygame.Surface(b.get_size(), pygame.SRCALPHA)
            for i in range(60):
                x, y = (i * 173) % 940, (i * 97) % 720
                pygame.draw.arc(waves, (255, 255, 255, 50), (x, y, 40, 14), 0.3, 2.8, 2)
            b.blit(waves, (0, 0))
            cx, cy = CENTER
            pygame.draw.ellipse(b, (200, 230, 240), SURF)     # surf
            pygame.draw.ellipse(b, theme.SAND, (cx - 438, cy - 316, 876, 632))
            pygame.draw.ellipse(b, (214, 190, 128), (cx - 300, cy - 204, 600, 400))
            pygame.draw.ellipse(b, theme.JUNGLE, (cx - 290, cy - 212, 580, 384))
            pygame.draw.ellipse(b, (26, 88, 50), (cx - 200, cy - 160, 400, 240))
            for i in range(11):  # palms
                px = cx - 230 + (i * 89) % 460
                py = cy - 170 + (i * 53) % 250
                pygame.draw.line(b, (110, 80, 40), (px, py + 36), (px + 6, py), 5)
                for k in range(5):
                    a = math.pi * (0.1 + 0.2 * k)
                    pygame.draw.line(b, (40, 150, 70), (px + 6, py), (px + 6 + 30 * math.cos(a + math.pi),
                                                                      py - 12 * math.sin(a) + 8), 6)
            r = pygame.Rect(0, 0, 228, 52)  # the raft
            r.center = (RAFT_POS[0], RAFT_POS[1] + 4)
            for k in range(6):
                log = pygame.Rect(r.x + k * 38, r.y, 36, r.height)
                pygame.draw.rect(b, (150, 104, 56), log, border_radius=10)
                pygame.draw.rect(b, (90, 60, 30), log, 2, border_radius=10)
            for sp in range(1, BEACH + 1):  # the spaces
                x, y = space_pos(sp)
                rad = 40 if sp == BEACH else 27
                pygame.draw.circle(b, (120, 100, 70), (x + 2, y + 4), rad)
                pygame.draw.circle(b, (255, 236, 170) if sp == BEACH else (190, 170, 130), (x, y), rad)
                pygame.draw.circle(b, (110, 90, 60), (x, y), rad, 3)
            self._board = b
        return self._board

    def draw(self, surface) -> None:
        app, scene = self.app, self.scene
        surface.blit(self.ground(), (0, 0))
        for sp in self.marks:  # where the last moves ended
            x, y = space_pos(sp)
            pygame.draw.circle(surface, theme.PAPER, (x, y), 33, 3)
        for sp in self.trail:  # the hop's path, lit (filled: a ring marks only where the last moves ended)
            x, y = space_pos(sp)
            surface.blit(lit_disc(), (x - 30, y - 30))
        for sp in range(BEACH + 1):   # the raft and every space: no button may hide them
            x, y = space_pos(sp)
            note_area(app, pygame.Rect(x - 30, y - 24, 60, 48), "raft" if sp == 0 else f"space {sp}")
            if not sp:
                continue
            blit_text(surface, app, str(sp), number_pos(sp), 15 if sp != BEACH else 17,
                      (90, 70, 40), bold=True, anchor="center", layer="board")
        bx, by = space_pos(BEACH)
        blit_text(surface, app, self.tr("tortuga.beach"), (bx, by + 52), 16, theme.INK, bold=True, anchor="center",
                  width=150, layer="board")
        blit_text(surface, app, self.tr("tortuga.raft"), (RAFT_POS[0] + 140, RAFT_POS[1] + 4), 16, theme.PAPER,
                  bold=True, anchor="midleft", shadow=True, width=200, layer="board")
        self.draw_deck(surface)
        # turtles: resting ones bottom first, then the moving group on top
        order = []
        for key, stack in self.shown.get("stacks", {}).items():
            order.extend(t for t in stack if t not in self.moving)
        order.sort(key=lambda t: self.sprites[t]["y"] if t in self.sprites else 0, reverse=True)
        mover = self.shown.get("turtle")
        group = set(self.shown.get("group") or [])
        for t in order + sorted(self.moving, key=lambda t: -self.sprites[t]["y"]):
            if t not in self.sprites:
                continue
            sp = self.sprites[t]
            img = self.turtle_img(t)
            if t == mover and not scene.timeline.busy and self.shown.get("phase") in ("roll", "decide"):
                surface.blit(glow(True), (sp["x"] - 32, sp["y"] - 10))     # a glow under it, not a ring
            elif t in group and not scene.timeline.busy:
                surface.blit(glow(False), (sp["x"] - 32, sp["y"] - 10))
            surface.blit(img, img.get_rect(center=(sp["x"], sp["y"])))
        pulse = 0.5 + 0.5 * math.sin(app.time * 6)
        for t in self.highlight:            # the turtle a hovered choice names: a ring round it
            sp = self.sprites.get(t)
            if sp is not None:
                ring = pygame.Rect(0, 0, 70 + 8 * pulse, 48 + 6 * pulse)
                ring.center = (sp["x"], sp["y"] + 2)
                pygame.draw.ellipse(surface, theme.INK, ring.inflate(4, 4), 3)
                pygame.draw.ellipse(surface, theme.ACCENT, ring, 4)

    def draw_deck(self, surface) -> None:
        app = self.app
        left = self.shown.get("deck_left", 0) or 0
        face = self.shown.get("face_up")
        x, y = DECK_POS
        for k in range(min(4, max(0, left - 1))):
            draw_card(surface, app, (x - 70 - k * 3, y - 38 - k * 3, 54, 74), None, face_up=False)
        if self.lifted:
            pass                               # the face-up card flies (animations.py); the next one turns up after
        elif face is not None:
            draw_card(surface, app, (x + 16, y - 40, 56, 78), face)
        elif self.shown.get("beach") is None:  # the 7-egg beach shows once the deck is used up
            pygame.draw.circle(surface, theme.ACCENT, (x + 44, y - 2), 34)
            pygame.draw.circle(surface, theme.INK, (x + 44, y - 2), 34, 3)
            blit_text(surface, app, str(BEACH_EGGS), (x + 44, y - 4), 36, theme.INK, bold=True, anchor="center",
                      layer="board")
        blit_text(surface, app, self.trn("tortuga.cards_left", left), (x, y + 50), 16, theme.INK,
                  bold=True, anchor="center", width=220, layer="board")
