"""The Tikal table: a ``TableScene`` made of parts with one job each.

- ``board`` (``board_view.py``): the board, the pieces, the marks of what can be done;
- ``column`` (``column.py``): the tile box, what to do now, our supply (or the auction);
- ``panel`` (``panels.py``): a row per seat and the level supply;
- ``controls`` (``controls.py``): the buttons and the AP meter;
- ``chooser`` (``chooser.py``): a choice among several actions (swaps, guards);
- ``sel`` (``selection.py``): the player's input: selection, targets, clicks and keys;
- ``anim`` (``animations.py``): the host's events as animations, and what is in flight;
- ``fx`` (``game/effects.py``, shared with La Tortuga): sparks, smoke, floating text, banners;
- the log lines come from ``log_lines.py`` (data).
- add-ons (``TableScene.addons``): the hint (``hint.py``) and the first-game guide (``guide.py``).

The scene itself wires them: it composes the frame (one cached frame of the chrome, board and
panel rows, plus what moves), routes input, and hands each host update to the animator.
"""
from __future__ import annotations

import copy

import pygame

from .. import theme
from ..effects import Effects
from ..scenes.common import TableScene, background
from ..widgets import draw_panel, fit, note_area, note_target, note_text, request_tooltip
from . import layout as L
from .animations import TikalAnimator
from .board_view import REGION, BoardView
from .chooser import Chooser
from .column import TileColumn
from .controls import Controls
from .geometry import hexkey
from .guide import FirstGameGuide
from .hint import TikalHint
from .log_lines import LOG_LINES
from .panels import SidePanel
from .selection import Selection


class TikalScene(TableScene):
    game = "tikal"
    name = "tikal"
    LOG_LINES = LOG_LINES
    BACKGROUND = "jungle"
    TURN_EVENTS = frozenset({"turn_ended"})   # every turn (normal or scoring) ends with one
    CHIP_RECT = (441 - 230, 6, 460, 42)   # in the prompt's place (it says whose turn it is): over nothing
    #: TV mode: the board (game/replay/tv.py shows it as large as it fits, its shape kept).
    TV_BOARD = (10, 58, 736, 560)

    def __init__(self, app, bridge, review: bool = False):
        self.app = app
        self.board = BoardView(self)
        self.fx = Effects(self)
        self.anim = TikalAnimator(self)
        self.panel = SidePanel(self)
        self.column = TileColumn(self)
        self.controls = Controls(self)
        self.chooser = Chooser(self)
        self.sel = Selection(self)
        self.addons = (TikalHint(self, app, bridge), FirstGameGuide(self, app, bridge))
        self._base: pygame.Surface | None = None
        self._base_key: tuple | None = None
        self._prompt: tuple | None = None
        self.mouse = (0, 0)           # where the mouse last moved (the wheel zooms about it)
        self.dragging = False         # a right-button drag pans the board
        self.dragged = 0              # how far it has moved (px): a right click that did not move cancels
        self.press: tuple | None = None      # a left press on the zoomed board: a click, or a drag if it moves
        self.drag_at: tuple | None = None    # where a left drag panned the board to last (None: no drag yet)
        super().__init__(app, bridge, review)
        self.log.rect = L.log_rect(max(2, self.seats))
        self.on_synced()

    # --- what the view says -------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return int(self.shown.get("seats") or self.table.seats or 2)

    def auction(self) -> bool:
        return self.shown.get("variant") == "auction"

    def offered(self, type_: str) -> list[dict]:
        """The legal actions of a type as the host sent them (also while animating)."""
        if not self.table.my_turn():
            return []
        return [a for a in self.table.legal if a.get("type") == type_]

    def can_undo(self) -> bool:
        return bool(self.table.can_undo and self.table.my_turn() and not self.timeline.busy
                    and self.pending != self.table.state)

    # --- the table's hooks --------------------------------------------------------------------
    def on_synced(self) -> None:
        self.anim.reset()
        self.panel.reset()
        self.fx.reset()
        self.board.touch()
        self.sel.refresh_due = True

    def on_landed(self) -> None:
        self.board.touch()

    def make_controls(self) -> None:
        self.controls.build(self.widgets)
        self.panel.build_tips(self.widgets)
        self.column.build_tips(self.widgets)
        self.chooser.build(self.widgets)

    def animate_event(self, ev: dict):
        return self.anim.animate(ev)

    def on_events(self, events: list) -> None:
        self.board.remember(events)

    def carry_marks(self, old) -> None:
        self.board.last_move = copy.deepcopy(old.board.last_move)

    # --- sending ------------------------------------------------------------------------------
    def ask(self, action: dict) -> None:
        """Send an action: one of the legal list, a walk that starts with a legal step, or a
        placement for the host to judge (its refusal comes back as a toast with the rule)."""
        if self.pending == self.table.state:
            return
        if action in self.table.legal:
            self.send(action)
            return
        if not self.table.my_turn() or self.timeline.busy:
            self.app.toast(self.tr("table.not_now"))
            return
        self.pending = self.table.state
        self.bridge.act(action)

    def ask_undo(self) -> None:
        self.pending = self.table.state
        self.bridge.undo()

    # --- input --------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        sel, chooser = self.sel, self.chooser
        if event.type == pygame.KEYDOWN and sel.handle_key(event):
            return True
        if event.type == pygame.MOUSEWHEEL and chooser.kind:
            return chooser.handle_event(event)
        if event.type == pygame.MOUSEWHEEL and sel.placing() and not self.log.rect.collidepoint(pygame.mouse.get_pos()):
            sel.rotate(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.MOUSEWHEEL and REGION.collidepoint(self.mouse):   # no tile in hand: zoom
            return self.board.zoom_at(self.mouse, 1 if event.y > 0 else -1) or True
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3) and REGION.collidepoint(event.pos)
                and not chooser.kind):
            self.dragging, self.dragged = True, 0   # a right (or middle) button drag pans the zoomed board
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3) and self.dragging:
            self.dragging = False
            if event.button == 3 and self.dragged <= self.DRAG_SLOP:   # no drag: the right click it was, it cancels
                sel.clear()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            press, dragged = self.press, self.drag_at is not None
            self.press = self.drag_at = None
            if not dragged:           # it did not move beyond DRAG_SLOP: the click it was, where it began
                sel.click(press)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.dragging and event.buttons and (event.buttons[1] or event.buttons[2]):
                self.board.pan(*event.rel)
                self.dragged += abs(event.rel[0]) + abs(event.rel[1])
                return True
            if self.press is not None and self.left_drag(event):
                return True
            sel.motion(event.pos)
        if super().handle_event(event):
            return True
        if chooser.kind:
            return chooser.handle_event(event)
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.board.zoom > 1
                and REGION.collidepoint(event.pos)):
            self.press, self.drag_at = tuple(event.pos), None   # the board is zoomed: a click or a drag?
            return True
        return sel.handle_event(event)

    DRAG_SLOP = 6   # px: a left press on the zoomed board that moves further pans it; less is a click

    def left_drag(self, event) -> bool:
        """A left drag on the zoomed board pans it, once it has gone beyond DRAG_SLOP."""
        if not (event.buttons and event.buttons[0]):      # let go outside the window: neither
            self.press = self.drag_at = None
            return False
        at = self.drag_at or self.press
        if at is None:
            return False
        if self.drag_at is None and max(abs(event.pos[0] - at[0]), abs(event.pos[1] - at[1])) <= self.DRAG_SLOP:
            return False
        self.board.pan(event.pos[0] - at[0], event.pos[1] - at[1])
        self.drag_at = tuple(event.pos)
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        self.sel.update(dt)
        self.controls.update()
        self.anim.update(dt)
        self.fx.update(dt)

    # --- drawing ------------------------------------------------------------------------------
    def chrome(self) -> pygame.Surface:
        """The background and every panel's frame, built once per app and seat count."""
        def make():
            surf = background(self.app, "jungle").copy()
            for box in (L.TILE_BOX, L.middle_box(self.auction()), L.lower_box(self.auction())):
                draw_panel(surf, box, fill=(30, 52, 44), edge=(90, 140, 110))
            draw_panel(surf, L.BAR, fill=(28, 40, 64))
            draw_panel(surf, L.levels_rect(self.seats), fill=(34, 44, 72), shadow=False, radius=10)
            return surf
        return self.app.assets.cached(("tikal-chrome", self.seats, self.auction()), make)

    def base_frame(self) -> pygame.Surface:
        """Chrome, board and the side panel's rows as one opaque frame, rebuilt only when the
        shown view changed: most frames are one blit of it plus what moves. (While a test checks
        where text goes, it is drawn afresh every frame.)"""
        board = self.board.layer()
        key = (self.board.ver, self.app.catalog.language, self.app.settings.shapes, self.me)
        base = self._base
        if base is None or self._base_key != key or self.app.fitcheck is not None:
            chrome = self.chrome()
            if base is None:
                base = self._base = chrome.copy()
            base.blit(board, REGION.topleft)
            panel = pygame.Rect(L.PANEL_X - 8, 0, self.app.SIZE[0] - L.PANEL_X + 8,
                                L.levels_rect(self.seats).bottom + 4)
            base.blit(chrome, panel, panel)
            self.panel.draw_static(base)
            self._base_key = key
        return base

    def draw_table(self, surface) -> None:
        shake = self.fx.shake_offset()
        surface.blit(self.base_frame(), (0, 0))
        if not self.chooser.kind:   # the chooser is a dialog over the board; nothing else may cover it
            note_area(self.app, L.BOARD_RECT, "the board")
        if shake != (0, 0):
            surface.blit(self.board.layer(), (REGION.x + shake[0], REGION.y + shake[1]))
        surface.set_clip(REGION)          # a zoomed board's marks stay on the board
        self.board.draw_last_move(surface, shake)
        self.anim.draw_on_board(surface, shake)
        if not self.timeline.busy:
            self.board.draw_overlays(surface, shake)
        surface.set_clip(None)
        self.column.draw(surface)
        self.controls.draw_ap(surface)
        self.panel.draw_live(surface)
        self.anim.draw_top(surface)
        self.fx.draw_particles(surface)
        self.fx.draw_floaters(surface)
        if self.shows_prompt:
            self.draw_prompt(surface)
        self.fx.draw_banner(surface, (L.BOARD_RECT[0] + L.BOARD_RECT[2] // 2, L.BOARD_RECT[1] + L.BOARD_RECT[3] - 12),
                            L.BOARD_RECT[2] - 20)
        if self.chooser.kind:
            self.chooser.draw(surface)
        else:
            self.note_targets()
            if (self.sel.hover is not None and self.sel.hover_time > 0.6 and not self.sel.placing()
                    and self.sel.hover not in self.sel.targets):   # over a target, its path and cost say it all
                self.hex_tooltip(surface, self.sel.hover)

    def note_targets(self) -> None:
        """What the current decision is about (``note_target``: no tooltip covers it): the
        board's hexes of it (``BoardView.decision_hexes``) and, in the auction, the revealed tiles."""
        if self.timeline.busy:
            return
        for h in self.board.decision_hexes():
            r = self.board.hex_rect(h, 0.7)
            if r.colliderect(REGION):
                note_target(self.app, r.clip(REGION), f"hex {list(h)}")
        if self.table.my_turn() and self.me is not None:
            note_target(self.app, L.row_rect(self.me), "your row")
        if self.auction() and self.shown.get("phase") in ("bid", "choose"):
            for i, _ in enumerate((self.shown.get("revealed") or [])[:4]):
                x, y = L.revealed_slot(i)
                note_target(self.app, (x - 30, y - 28, 60, 56), f"revealed tile {i + 1}")
            if self.shown.get("phase") == "bid":
                note_target(self.app, L.lower_box(True), "the bidding")

    def hex_tooltip(self, surface, h) -> None:
        """What a hex holds, beside it: clear of the decision's hexes and of the controls, and
        over as few of the board's pieces as can be (best off the board, or over unexplored ground)."""
        pieces = {hexkey(x["hex"]) for key in ("figures", "camps", "guards") for x in self.shown.get(key, [])}
        pieces |= {hexkey(t["hex"]) for t in self.shown.get("tiles", [])}
        soft = [self.board.hex_rect(x, 0.8) for x in pieces if x != hexkey(h)]
        owner = self.board.hex_rect(h, 0.8)
        beside = [(REGION.right + 4, owner.centery - 60), (REGION.right + 4, owner.bottom - 160),   # the board's side
                  (REGION.right + 4, L.TILE_BOX.y)]
        request_tooltip(surface, self.app, self.board.hex_tip(h), owner, soft=soft, further=beside)

    # --- the prompt ---------------------------------------------------------------------------
    def prompt_text(self) -> tuple[str, tuple]:
        v = self.shown
        if v.get("over") or self.table.over:
            return self.tr("table.game_over"), theme.ACCENT
        seat, phase = v.get("seat", 0), v.get("phase")
        mine = seat == self.me and self.table.to_act == self.me
        name = self.table.name(seat)
        scoring = v.get("scoring")
        if phase == "place":
            return (self.tr("tikal.prompt_place_you") if mine else self.tr("tikal.prompt_place",
                                                                           name=name)), theme.ACCENT
        if phase == "bid":
            return (self.tr("tikal.prompt_bid_you") if mine else self.tr("tikal.prompt_bid", name=name)), theme.ACCENT
        if phase == "choose":
            return (self.tr("tikal.prompt_choose_you") if mine else self.tr("tikal.prompt_choose",
                                                                            name=name)), theme.ACCENT
        ap = int(v.get("ap") or 0)
        if scoring and not ap and not mine:     # (ours with no AP left: the host still lists our end of turn)
            return self.tr("tikal.prompt_scoring_round"), theme.ACCENT
        if scoring:
            return (self.tr("tikal.prompt_scoring_you", ap=ap) if mine
                    else self.tr("tikal.prompt_scoring", name=name, ap=ap)), theme.ACCENT
        return (self.tr("tikal.prompt_actions_you", ap=ap) if mine
                else self.tr("tikal.prompt_actions", name=name, ap=ap)), theme.ACCENT if mine else theme.PAPER

    PROMPT_X, PROMPT_W = 398, 530   # the prompt's plate: over the board, clear of the Menu and zoom buttons

    def draw_prompt(self, surface) -> None:
        shown = self.prompt_to_draw()
        if shown is None:
            return
        text, colour = shown
        key = (text, colour)
        if self._prompt is None or self._prompt[0] != key:
            line, size = fit(self.app, text, 19, self.PROMPT_W - 36, True, 14)
            img = self.app.assets.text(line, size, colour, True)
            r = pygame.Rect(0, 0, img.get_width() + 36, 38)
            plate = pygame.Surface((r.width + 6, r.height + 8), pygame.SRCALPHA)
            draw_panel(plate, r, fill=(20, 30, 60), edge=colour, radius=16, alpha=225)
            spot = plate.blit(img, img.get_rect(center=r.center))
            self._prompt = (key, plate, spot, line)
        _, plate, spot, line = self._prompt
        at = plate.get_rect(midtop=(self.PROMPT_X, 8))
        surface.blit(plate, at)
        self.prompt_drawn(at)
        note_text(self.app, spot.move(at.topleft), line, at)

