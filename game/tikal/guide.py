"""The first-game guide on the Tikal table: short pointers through the player's first turn.

``FirstGameGuide(scene)`` is an add-on of the table scene (``TableScene.addons``). The first time a
player sits at a Tikal table (the settings' ``guide_done`` is false) it points, while it is their
turn, at what to do next, in four steps: place the tile on a glowing hex, bring a worker in, walk
to a temple, end the turn. A step is done when the host's events say the player did it (never on a
click alone); once the player's first turn is over the guide is done for good (the settings keep
it; the settings scene can show it again). The × on its bubble hides it for good too.

``GuideSteps`` is the state machine alone (events in, the step to show out), so it is tested
without a window.
"""
from __future__ import annotations

import math

import pygame

from engine.tikal.analysis import SPECS

from .. import theme
from ..party import guide_done, set_guide_done
from ..widgets import blit_text, draw_panel, note_solid, request_tooltip, wrap
from . import layout as L
from .geometry import hexkey

STEPS = ("place", "enter", "walk", "end")
#: The host's event that does each step (by the player's own seat).
DONE_BY = {"tile_placed": "place", "figure_entered": "enter", "figure_transferred": "enter",
           "figure_moved": "walk", "turn_ended": "end"}
BUBBLE_W = 300
GLOW = (255, 236, 120)


class GuideSteps:
    """Which of the first turn's steps are done, from the host's events for seat ``me``."""

    def __init__(self, me: int):
        self.me = me
        self.done: set[str] = set()
        self.finished = False

    def feed(self, events: list[dict]) -> None:
        for ev in events:
            if ev.get("seat") != self.me:
                continue
            step = DONE_BY.get(ev.get("type"))
            if step is None:
                continue
            self.done.add(step)
            if step == "end":          # the first own turn is over: the guide has done its job
                self.finished = True

    def current(self, phase: str | None) -> str | None:
        """The step to point at in this phase of our turn (None: nothing to say now)."""
        if self.finished:
            return None
        if phase in ("bid", "choose"):     # the auction variant: the right to move, then a tile
            return phase
        if phase == "place":
            return "place"
        if phase != "actions":
            return None
        for step in ("enter", "walk"):
            if step not in self.done:
                return step
        return "end"


class FirstGameGuide:
    """The guide's pointers over the table (an add-on of the Tikal table scene)."""

    def __init__(self, scene, app, bridge):
        self.scene, self.app, self.bridge = scene, app, bridge
        me = bridge.table.my_seat
        view = bridge.table.view or {}
        started = any(f["seat"] == me and (f["workers"] or f["leader"]) for f in view.get("figures", [])) \
            or any(c["seat"] == me for c in view.get("camps", []))
        # the player's first Tikal table, from its start (not a game they already played in)
        # (at a pass-and-play table: that local player's first game, game/party.py)
        self.active = not guide_done(app, bridge) and me is not None and not started
        self.steps = GuideSteps(me if me is not None else -1)
        self.close_rect: pygame.Rect | None = None
        self.bubble_rect: pygame.Rect | None = None   # the bubble as last drawn: it takes its own clicks

    @property
    def step(self) -> str | None:
        t = self.bridge.table
        if not self.active or not t.my_turn() or self.scene.timeline.busy or self.scene.chooser.kind:
            return None
        return self.steps.current((self.scene.shown or {}).get("phase"))

    def finish(self) -> None:
        """Done for good: the settings remember it (saved at once when they have a file)."""
        self.active = False
        settings = self.app.settings
        set_guide_done(self.app, self.bridge)
        if settings.path is not None:
            try:
                settings.save()
            except OSError:
                pass

    # --- the add-on interface ------------------------------------------------------------------
    def on_net(self, note: dict) -> None:
        if not self.active or note.get("kind") != "update":
            return
        self.steps.feed(note.get("events") or [])
        if self.steps.finished:
            self.finish()

    def update(self, dt: float) -> None:
        pass

    def handle_event(self, event) -> bool:
        if not (self.active and self.step and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)):
            return False
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.close_rect
                and self.close_rect.collidepoint(event.pos)):
            self.finish()
            return True
        # a click on the bubble (its text) is the bubble's: it never reaches the board under it
        return bool(self.bubble_rect and self.bubble_rect.collidepoint(event.pos))

    # --- where to point -----------------------------------------------------------------------
    def target(self, step: str) -> tuple[tuple[float, float], str] | None:
        """The point to show and the text key for it."""
        scene = self.scene
        if step == "place":
            spots = scene.sel.place_hexes()
            if not spots:
                return None
            h = min(spots, key=lambda x: (x[0], -x[1]))
            return scene.board.center(h), "guide.place"
        if step == "enter":
            sel = scene.sel.selected
            if sel and sel["from"] is None:   # the worker is picked up: now its camp
                hexes = list(scene.sel.targets)
                if hexes:
                    return scene.board.center(min(hexes)), "guide.enter_target"
            box = L.lower_box(scene.auction())
            return (box.x + 62, box.y + 62), "guide.enter"
        if step == "walk":
            sel = scene.sel.selected
            temples = [h for h in scene.sel.targets if self.is_temple(h)] if sel else []
            if temples:
                h = min(temples, key=lambda x: (scene.sel.targets[x]["cost"], x))
                return scene.board.center(h), "guide.walk_target"
            mine = [hexkey(f["hex"]) for f in scene.shown.get("figures", [])
                    if f["seat"] == scene.me and (f["workers"] or f["leader"])]
            if mine:
                return scene.board.center(min(mine)), "guide.walk"
            return None
        if step == "bid":
            box = L.lower_box(True)
            return (box.x + 6, box.y + 80), "guide.bid"
        if step == "choose":
            box = L.middle_box(True)
            return (box.x + 6, box.centery), "guide.choose"
        if step == "end":
            button = next((w for w in scene.widgets.items if getattr(w, "label", None) == "tikal.end_turn"), None)
            if button is not None:
                return button.rect.midtop, "guide.end"
        return None

    def place_bubble(self, target, height: int) -> pygame.Rect:
        """Beside the target, on the board, covering as little as possible of what matters now
        (the glowing hexes, the targets, our figures)."""
        scene = self.scene
        keep = [scene.board.center(h) for h in set(scene.sel.place_hexes()) | set(scene.sel.targets)]
        keep += [scene.board.center(hexkey(f["hex"])) for f in scene.shown.get("figures", []) if f["seat"] == scene.me]
        area = pygame.Rect(L.BOARD_RECT)   # on the board: never over "What now?", the supply or the bar
        best, best_cost = None, None
        for dx, dy in ((1, -1), (1, 1), (-1, -1), (-1, 1), (0, -1), (0, 1)):
            r = pygame.Rect(0, 0, BUBBLE_W, height)
            r.center = (target[0] + dx * (BUBBLE_W // 2 + 60), target[1] + dy * (height // 2 + 60))
            r.clamp_ip(area)
            cost = sum(1 for p in keep if r.inflate(30, 30).collidepoint(p))
            cost += 50 if r.inflate(20, 20).collidepoint(target) else 0
            if best_cost is None or cost < best_cost:
                best, best_cost = r, cost
        return best

    def is_temple(self, h) -> bool:
        for t in self.scene.shown.get("tiles", []):
            if hexkey(t["hex"]) == h and t["id"] in SPECS:
                return SPECS[t["id"]].kind == "temple"
        return False

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self.close_rect = self.bubble_rect = None
        step = self.step
        if step is None:
            return
        aim = self.target(step)
        if aim is None:
            return
        (tx, ty), key = aim
        app = self.app
        pulse = 0.5 + 0.5 * math.sin(app.time * 5)
        title = (app.tr("guide.title", step=STEPS.index(step) + 1, steps=len(STEPS)) if step in STEPS
                 else app.tr("guide.title_auction"))
        font = app.assets.font(16)
        lines = wrap(font, app.tr(key), BUBBLE_W - 28)
        h = 40 + 21 * len(lines) + 10
        bubble = self.place_bubble((tx, ty), h)
        start = (min(max(tx, bubble.x + 20), bubble.right - 20), bubble.bottom if ty > bubble.bottom else bubble.y)
        if not bubble.collidepoint(tx, ty):
            pygame.draw.line(surface, theme.INK, start, (tx, ty), 7)
            pygame.draw.line(surface, GLOW, start, (tx, ty), 3)
        pygame.draw.circle(surface, theme.shade(GLOW, 0.7 + 0.3 * pulse), (tx, ty), 14 + 5 * pulse, 4)
        draw_panel(surface, bubble, fill=(250, 244, 214), edge=GLOW, radius=12)
        self.bubble_rect = bubble
        note_solid(app, bubble, "guide bubble")
        blit_text(surface, app, title, (bubble.x + 14, bubble.y + 10), 16, (150, 96, 20), bold=True, layer="overlay")
        for i, ln in enumerate(lines):
            blit_text(surface, app, ln, (bubble.x + 14, bubble.y + 36 + 21 * i), 16, theme.INK, layer="overlay")
        self.close_rect = pygame.Rect(bubble.right - 30, bubble.y + 6, 24, 24)
        pygame.draw.rect(surface, (220, 206, 170), self.close_rect, border_radius=6)
        blit_text(surface, app, "×", self.close_rect.center, 18, theme.INK, bold=True, anchor="center", layer="overlay")
        if self.close_rect.collidepoint(pygame.mouse.get_pos()):
            request_tooltip(surface, app, app.tr("guide.close_tip"), self.close_rect)
