"""The Tikal table's buttons (the bottom bar's actions, undo and end turn; the drawn tile's
rotation; the bidding) and the AP meter. Each button is enabled exactly while the host lists its
action; it only forwards to the input (``scene.sel``)."""
from __future__ import annotations

import math

import pygame

from .. import theme
from ..scenes.common import Part
from ..widgets import Button, blit_text, note_solid, same_size
from . import layout as L

#: The hex actions of the bottom bar: (action type, label key, tooltip key, shortcut).
HEX_ACTIONS = (("uncover", "tikal.uncover", "tikal.uncover_tip", pygame.K_u),
               ("dig", "tikal.dig", "tikal.dig_tip", pygame.K_d),
               ("exchange", "tikal.exchange", "tikal.exchange_tip", pygame.K_x),
               ("camp", "tikal.camp", "tikal.camp_tip", pygame.K_c),
               ("guard", "tikal.guard", "tikal.guard_tip", pygame.K_g))


class Controls(Part):
    def __init__(self, scene):
        super().__init__(scene)
        self.rotate_buttons: list = []
        self.bid_buttons: list = []

    def build(self, widgets) -> None:
        scene, sel, app = self.scene, self.scene.sel, self.app
        widgets.add(scene.menu_button())
        x = 196
        for kind, label, tip, key in HEX_ACTIONS:
            widgets.add(Button(app, (x, 646, 96, 50), label, lambda k=kind: sel.start_action(k), key=key,
                               tooltip=tip, size=17, enabled=lambda k=kind: bool(scene.legal(k))))
            x += 102
        widgets.add(Button(app, (x, 646, 96, 50), "tikal.undo", sel.undo, key=pygame.K_z,
                           tooltip="tikal.undo_tip", size=17, enabled=scene.can_undo))
        x += 102
        widgets.add(Button(app, (x, 646, 126, 50), "tikal.end_turn", sel.end_turn, key=pygame.K_e,
                           tooltip="tikal.end_turn_tip", style="primary", size=17,
                           enabled=lambda: bool(scene.legal("end_turn"))))
        same_size(widgets.items[-7:])       # the bar's seven buttons read evenly
        cx, cy = L.TILE_CENTER   # the drawn tile turns with the buttons on either side of it
        self.rotate_buttons = [
            widgets.add(Button(app, (cx - 90, cy - 20, 40, 40), None, lambda: sel.rotate(-1), key=None, text="⟲",
                               tooltip="tikal.rotate_tip", size=22, enabled=sel.placing, value=("rotate", -1))),
            widgets.add(Button(app, (cx + 50, cy - 20, 40, 40), None, lambda: sel.rotate(1), key=pygame.K_r,
                               key_name="", text="⟳", tooltip="tikal.rotate_tip", size=22, enabled=sel.placing,
                               value=("rotate", 1)))]
        board, middle = scene.board, pygame.Rect(L.BOARD_RECT).center   # zoom about the board's middle
        widgets.add(Button(app, L.ZOOM_OUT, None, lambda: board.zoom_at(middle, -1), key=None, text="⊖",
                           tooltip="tikal.zoom_out_tip", size=22, enabled=lambda: board.zoom > board.ZOOMS[0]))
        widgets.add(Button(app, L.ZOOM_IN, None, lambda: board.zoom_at(middle, 1), key=None, text="⊕",
                           tooltip="tikal.zoom_in_tip", size=22, enabled=lambda: board.zoom < board.ZOOMS[-1]))
        self.bid_buttons = []
        if scene.auction():
            self.build_auction(widgets)

    def build_auction(self, widgets) -> None:
        scene, sel, app = self.scene, self.scene.sel, self.app
        amounts = sorted(a["amount"] for a in scene.offered("bid"))
        if amounts and (sel.bid_amount not in amounts):
            sel.bid_amount = amounts[0]
        box = L.lower_box(True)
        y = box.y + 58
        can_bid = lambda: bool(scene.legal("bid"))  # noqa: E731
        self.bid_buttons = [
            widgets.add(Button(app, (box.x + 10, y, 40, 38), None, lambda: sel.change_bid(-1), key=pygame.K_MINUS,
                               key_name="", text="−", tooltip="tikal.bid_less_tip", size=24, enabled=can_bid)),
            widgets.add(Button(app, (box.right - 50, y, 40, 38), None, lambda: sel.change_bid(1), key=pygame.K_EQUALS,
                               key_name="", text="+", tooltip="tikal.bid_more_tip", size=24, enabled=can_bid)),
            widgets.add(Button(app, (box.x + 10, y + 46, 84, 38), "tikal.bid", sel.place_bid, key=pygame.K_b,
                               tooltip="tikal.bid_tip", style="primary", size=17, enabled=can_bid)),
            widgets.add(Button(app, (box.x + 100, y + 46, 82, 38), "tikal.pass", sel.pass_bid, key=pygame.K_p,
                               tooltip="tikal.pass_tip", size=17, enabled=lambda: bool(scene.legal("pass"))))]
        same_size(self.bid_buttons[2:])

    def update(self) -> None:
        view, me = self.shown, self.scene.me
        for w in self.rotate_buttons:
            w.visible = view.get("phase") == "place" and view.get("seat") == me

    def draw_ap(self, surface) -> None:
        """The AP left as ten stones; the cost of the hovered walk blinks on them."""
        app, view, sel = self.app, self.shown, self.scene.sel
        ap = int(view.get("ap") or 0) if view.get("phase") == "actions" else 0
        seat = view.get("seat")
        theirs = seat != self.scene.me and view.get("phase") in ("place", "actions")
        # whose stones these are: during another player's (a bot's) turn, theirs, by name; in a replay, nobody's
        label = (self.tr("tikal.ap_of", name=self.scene.short_name(seat)) if theirs
                 else self.tr("tikal.ap_yours") if self.scene.me is not None else self.tr("tikal.ap"))
        blit_text(surface, app, label, (22, 633), 14, theme.ACCENT, bold=True,
                  box=pygame.Rect(18, 628, 168, 24), min_size=11)
        blit_text(surface, app, str(ap), (190, 676), 34, theme.ACCENT if ap else theme.MUTED, bold=True,
                  anchor="midright",
                  shadow=True, box=pygame.Rect(146, 650, 46, 54))
        note_solid(app, pygame.Rect(18, 652, 126, 48), "AP stones")
        cost = 0
        if sel.hover is not None and sel.hover in sel.targets and not self.scene.timeline.busy:
            cost = sel.targets[sel.hover]["cost"]
        blink = (math.sin(app.time * 10) > 0)
        for i in range(10):
            x = 30 + (i % 5) * 25
            y = 664 + (i // 5) * 24
            on = i < ap
            spend = on and i >= ap - cost and cost
            colour = (theme.BAD if blink else theme.ACCENT) if spend else (theme.ACCENT if on else (58, 66, 92))
            pygame.draw.circle(surface, theme.INK, (x, y + 1), 11)
            pygame.draw.circle(surface, colour, (x, y), 10)
            if on:
                pygame.draw.circle(surface, theme.shade(colour, 1.4), (x - 3, y - 3), 3)
