"""The Tikal table: the 40-hex board, the drawn tile, figures, the actions the host allows, the
auction, and the side panel. Drawing lives in ``tikal_draw``, the host's events → animations and
log lines in ``tikal_anims``; this module holds the controls and the input.

The UI holds no rules: it offers what ``self.table.legal`` lists (a walk longer than one step is
built from a legal first step with the engine's own ``reachable`` on the shown view) and asks the
host; a placement the list does not hold is sent anyway so the host's refusal (reason + rule)
shows in a toast.
"""
from __future__ import annotations

import pygame

from engine.tikal import reachable
from engine.tikal.actions import COST

from ..tikal import layout as L
from ..tikal.geometry import hexkey
from ..tikal.guide import FirstGameGuide
from ..tikal.hint import TikalHint
from ..tikal.viewops import own_figures
from ..widgets import Button
from .common import TableScene
from .registry import register
from .results import BREAKDOWNS, ResultsScene
from .tikal_anims import TikalAnimations
from .tikal_draw import TikalDrawing

#: The hex actions of the bottom bar: (action type, label key, tooltip key, shortcut).
HEX_ACTIONS = (("uncover", "tikal.uncover", "tikal.uncover_tip", pygame.K_u),
               ("dig", "tikal.dig", "tikal.dig_tip", pygame.K_d),
               ("exchange", "tikal.exchange", "tikal.exchange_tip", pygame.K_x),
               ("camp", "tikal.camp", "tikal.camp_tip", pygame.K_c),
               ("guard", "tikal.guard", "tikal.guard_tip", pygame.K_g))


class TikalScene(TikalAnimations, TikalDrawing, TableScene):
    game = "tikal"
    name = "tikal"

    def __init__(self, app, bridge):
        self.layout = L.BOARD
        self.rotation = 0
        self.hover: tuple | None = None
        self.selected: dict | None = None   # {"from": hex | None (the supply), "figure": f}
        self.targets: dict = {}             # hex -> {"cost", "action", "path"}
        self.mode: str | None = None        # "uncover" | "dig" | "camp" | "guard": pick a hex
        self.popup: str | None = None       # "exchange" | "guard"
        self.popup_options: list[dict] = []
        self.bid_amount: int | None = None
        self.follow: dict | None = None     # reselect this figure after our own walk
        self.hover_button: str | None = None
        self.hover_time = 0.0
        self.refresh_due = False
        self.rotate_buttons: list = []
        self.bid_buttons: list = []
        self.init_effects()
        self.init_drawing()
        self.addons = (TikalHint(self, app, bridge), FirstGameGuide(self, app, bridge))  # issue 10
        super().__init__(app, bridge)
        self.log.rect = L.log_rect(max(2, self.seats))
        self.on_synced()

    # --- what the view says -------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return int(self.shown.get("seats") or self.table.seats or 2)

    @property
    def me(self):
        return self.table.my_seat

    def auction(self) -> bool:
        return self.shown.get("variant") == "auction"

    def on_synced(self) -> None:
        self.reset_effects()
        self.touch()
        self.refresh_due = True

    def refresh(self) -> None:
        """Once the animations are done: keep (or follow) the selection where it still makes
        sense and drop modes the new state no longer offers."""
        self.refresh_due = False
        keep, self.follow = self.follow or self.selected, None
        self.selected, self.targets = None, {}
        if keep and (keep["from"] is None or own_figures(self.shown, self.me, keep["from"])):
            self.select(keep["from"], keep["figure"], quiet=True)
            if not self.targets:
                self.selected = None
        if not self.legal("place_tile"):
            self.rotation = 0
        if self.mode and not self.legal(self.mode):
            self.mode = None
        if self.popup and not self.legal(self.popup):
            self.close_popup()
        self.touch_overlay()

    # --- controls -----------------------------------------------------------------------------
    def build_controls(self) -> None:
        self.widgets.clear()
        self.widgets.add(self.menu_button())
        x = 196
        for kind, label, tip, key in HEX_ACTIONS:
            self.widgets.add(Button(self.app, (x, 646, 96, 50), label, lambda k=kind: self.start_action(k), key=key,
                                    tooltip=tip, size=17, enabled=lambda k=kind: bool(self.legal(k))))
            x += 102
        self.widgets.add(Button(self.app, (x, 646, 96, 50), "tikal.undo", self.undo, key=pygame.K_z,
                                tooltip="tikal.undo_tip", size=17, enabled=self.can_undo))
        x += 102
        self.widgets.add(Button(self.app, (x, 646, 126, 50), "tikal.end_turn", self.end_turn, key=pygame.K_e,
                                tooltip="tikal.end_turn_tip", style="primary", size=18,
                                enabled=lambda: bool(self.legal("end_turn"))))
        cx, y = L.TILE_CENTER[0], L.TILE_BOX.bottom - 46
        self.widgets.add(Button(self.app, (cx - 88, y, 84, 38), "tikal.rotate_left", lambda: self.rotate(-1),
                                key=None, tooltip="tikal.rotate_tip", size=16, enabled=self.placing))
        self.widgets.add(Button(self.app, (cx + 4, y, 84, 38), "tikal.rotate_right", lambda: self.rotate(1),
                                key=pygame.K_r, key_name="R", tooltip="tikal.rotate_tip", size=16,
                                enabled=self.placing))
        self.rotate_buttons = self.widgets.items[-2:]
        self.bid_buttons = []
        if self.auction():
            self.build_auction_controls()
        if self.popup:
            self.build_popup()

    def offered(self, type_: str) -> list[dict]:
        """The legal actions of a type as the host sent them (also while animating)."""
        if not self.table.my_turn():
            return []
        return [a for a in self.table.legal if a.get("type") == type_]

    def build_auction_controls(self) -> None:
        amounts = sorted(a["amount"] for a in self.offered("bid"))
        if amounts and (self.bid_amount not in amounts):
            self.bid_amount = amounts[0]
        box = L.LOWER_BOX
        y = box.y + 58
        self.widgets.add(Button(self.app, (box.x + 10, y, 40, 38), None, lambda: self.change_bid(-1), key=pygame.K_MINUS,
                                key_name="", text="−", tooltip="tikal.bid_less_tip", size=24,
                                enabled=lambda: bool(self.legal("bid"))))
        self.widgets.add(Button(self.app, (box.right - 50, y, 40, 38), None, lambda: self.change_bid(1),
                                key=pygame.K_EQUALS, key_name="", text="+", tooltip="tikal.bid_more_tip", size=24,
                                enabled=lambda: bool(self.legal("bid"))))
        y += 46
        self.widgets.add(Button(self.app, (box.x + 10, y, 84, 38), "tikal.bid", self.place_bid, key=pygame.K_b,
                                tooltip="tikal.bid_tip", style="primary", size=17,
                                enabled=lambda: bool(self.legal("bid"))))
        self.widgets.add(Button(self.app, (box.x + 100, y, 82, 38), "tikal.pass", self.pass_bid, key=pygame.K_p,
                                tooltip="tikal.pass_tip", size=17, enabled=lambda: bool(self.legal("pass"))))
        self.bid_buttons = self.widgets.items[-4:]

    def build_popup(self) -> None:
        rect = self.popup_rect()
        y = rect.y + 44
        for i, a in enumerate(self.popup_options[:8]):
            r = (rect.x + 14 + (i % 2) * ((rect.width - 28) // 2), y + (i // 2) * 46, (rect.width - 36) // 2, 40)
            self.widgets.add(Button(self.app, r, None, lambda a=a: self.send_popup(a), key=pygame.K_1 + i,
                                    key_name=str(i + 1), text=lambda a=a: self.option_text(a), size=15,
                                    style="normal"))
        self.widgets.add(Button(self.app, (rect.right - 118, rect.bottom - 46, 104, 36), "tikal.cancel",
                                self.close_popup, key=None, size=16, style="danger"))

    def popup_rect(self) -> pygame.Rect:
        rows = (min(8, len(self.popup_options)) + 1) // 2
        h = 44 + rows * 46 + 52
        r = pygame.Rect(0, 0, 560, h)
        r.midbottom = (L.BOARD_RECT[0] + L.BOARD_RECT[2] // 2, L.BAR.y - 10)
        return r

    # --- what is offered ----------------------------------------------------------------------
    def placing(self) -> bool:
        return bool(self.legal("place_tile"))

    def can_undo(self) -> bool:
        return bool(self.table.can_undo and self.table.my_turn() and not self.timeline.busy
                    and self.pending != self.table.state)

    def place_hexes(self) -> set:
        return {hexkey(a["hex"]) for a in self.legal("place_tile")}

    def action_hexes(self, kind: str) -> set:
        return {hexkey(a["hex"]) for a in self.legal(kind) if "hex" in a}

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

    def end_turn(self) -> None:
        self.clear_selection()
        self.send({"type": "end_turn"})

    def undo(self) -> None:
        if self.can_undo():
            self.clear_selection()
            self.pending = self.table.state
            self.bridge.undo()

    def rotate(self, step: int) -> None:
        self.rotation = (self.rotation + step) % 6
        self.app.play_sound("click")

    def change_bid(self, step: int) -> None:
        amounts = sorted(a["amount"] for a in self.legal("bid"))
        if not amounts:
            return
        i = amounts.index(self.bid_amount) if self.bid_amount in amounts else 0
        self.bid_amount = amounts[max(0, min(len(amounts) - 1, i + step))]

    def place_bid(self) -> None:
        if self.bid_amount is not None:
            self.send({"type": "bid", "amount": self.bid_amount})

    def pass_bid(self) -> None:
        self.send({"type": "pass"})

    def start_action(self, kind: str) -> None:
        """A bottom-bar action: at once when it has one target, else pick a hex (or a choice)."""
        acts = self.legal(kind)
        if not acts:
            return
        self.clear_selection()
        if kind == "exchange":
            self.open_popup("exchange", acts) if len(acts) > 1 else self.send(acts[0])
            return
        hexes = self.action_hexes(kind)
        if len(hexes) == 1:
            self.picked(kind, next(iter(hexes)))
        else:
            self.mode = kind

    def picked(self, kind: str, h: tuple) -> None:
        acts = [a for a in self.legal(kind) if hexkey(a["hex"]) == h]
        self.mode = None
        if not acts:
            return
        if len(acts) > 1:  # the guard: which figure stands guard (T-A8b)
            self.open_popup(kind, acts)
        else:
            self.send(acts[0])

    def open_popup(self, kind: str, options: list[dict]) -> None:
        self.popup, self.popup_options = kind, list(options)
        self.build_controls()

    def close_popup(self) -> None:
        self.popup, self.popup_options = None, []
        self.build_controls()

    def send_popup(self, action: dict) -> None:
        self.close_popup()
        self.send(action)

    def option_text(self, a: dict) -> str:
        if a["type"] == "guard":
            return self.tr("tikal.guard_with_leader" if a["figure"] == "leader" else "tikal.guard_with_worker")
        return self.tr("tikal.exchange_option", give=self.treasure_name(a["give"]),
                       take=self.treasure_name(a["take"]), name=self.table.name(a["with"]))

    # --- selecting figures --------------------------------------------------------------------
    def clear_selection(self) -> None:
        self.selected, self.targets, self.mode = None, {}, None

    def select(self, frm, figure: str, quiet: bool = False) -> None:
        """Select a figure on a hex (or in the supply, ``frm`` None) and work out where it can go:
        the engine's cheapest paths within the AP left, the camps it may jump to, the hexes it
        may enter."""
        self.selected = {"from": hexkey(frm) if frm is not None else None, "figure": figure}
        self.targets = {}
        if frm is None:
            for a in self.legal("enter"):
                if a["figure"] == figure:
                    self.targets[hexkey(a["hex"])] = {"cost": COST["enter"], "action": a, "path": None}
        else:
            start = hexkey(frm)
            steps = [a for a in self.legal("move") if a["figure"] == figure and hexkey(a["path"][0]) == start]
            if steps:
                for h, info in reachable(self.shown, self.me, start).items():
                    act = {"type": "move", "figure": figure, "path": info["path"]}
                    self.targets[h] = {"cost": info["cost"], "action": act, "path": info["path"]}
            for a in self.legal("transfer"):
                if a["figure"] == figure and hexkey(a["from"]) == start:
                    to = hexkey(a["to"])
                    if to not in self.targets or self.targets[to]["cost"] > COST["transfer"]:
                        self.targets[to] = {"cost": COST["transfer"], "action": a, "path": None, "jump": True}
        if not quiet:
            self.app.play_sound("click")
        self.touch_overlay()

    def select_supply(self, figure: str) -> None:
        if any(a["figure"] == figure for a in self.legal("enter")):
            self.select(None, figure)

    # --- input --------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and (self.popup or self.mode or self.selected):
                self.close_popup() if self.popup else self.clear_selection()
                return True
            if event.key == pygame.K_w:
                self.select_supply("worker")
                return True
            if event.key == pygame.K_l:
                self.select_supply("leader")
                return True
            if event.key == pygame.K_q and self.placing():
                self.rotate(-1)
                return True
        if event.type == pygame.MOUSEWHEEL and self.placing() and not self.log.rect.collidepoint(pygame.mouse.get_pos()):
            self.rotate(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.MOUSEMOTION:
            h = self.layout.hex_at(event.pos)
            if h != self.hover:
                self.hover_time = 0.0
            self.hover = h
            self.hover_button = next((getattr(w, "label", None) for w in self.widgets.items
                                      if w.visible and w.rect.collidepoint(event.pos)), None)
        if super().handle_event(event):
            return True
        if self.popup and event.type == pygame.MOUSEBUTTONDOWN:
            if not self.popup_rect().collidepoint(event.pos):
                self.close_popup()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.clear_selection()
                return True
            if event.button == 1:
                return self.click(event.pos)
        return False

    def click(self, pos) -> bool:
        for (kind, value), rect in self.click_zones.items():
            if rect.collidepoint(pos):
                if kind == "supply":
                    self.select_supply(value)
                elif kind == "revealed":
                    act = {"type": "choose_tile", "tile": value}
                    if act in self.legal("choose_tile"):
                        self.send(act)
                return True
        h = self.layout.hex_at(pos)
        if h is None:
            self.clear_selection()
            return False
        if self.placing():
            self.ask({"type": "place_tile", "hex": list(h), "rotation": self.rotation})
            return True
        if self.mode:
            if h in self.action_hexes(self.mode):
                self.picked(self.mode, h)
            else:
                self.mode = None
            return True
        if self.selected and h in self.targets:
            t = self.targets[h]
            if t["action"]["type"] in ("move", "transfer"):
                self.follow = {"from": h, "figure": self.selected["figure"]}
            self.ask(t["action"])
            self.selected, self.targets = None, {}
            return True
        fig = self.figure_at(pos, h)
        if fig and (fig != (self.selected or {}).get("figure") or h != (self.selected or {}).get("from")):
            self.select(h, fig)
        else:
            self.clear_selection()
        return True

    def figure_at(self, pos, h) -> str | None:
        """Our figure under the mouse on hex ``h`` (its chip), else any of ours on the hex that
        can act (a worker first)."""
        if self.me is None or not self.table.my_turn():
            return None
        for (hh, seat, fig), rect in self.chip_rects.items():
            if hh == h and seat == self.me and rect.collidepoint(pos):
                return fig
        f = own_figures(self.shown, self.me, h)
        if not f:
            return None
        return "worker" if f["workers"] else "leader"

    def update(self, dt: float) -> None:
        super().update(dt)
        self.hover_time += dt
        if self.refresh_due and not self.timeline.busy:
            self.refresh()
        for w in self.rotate_buttons:
            w.visible = self.shown.get("phase") == "place" and self.shown.get("seat") == self.me
        self.update_effects(dt)


def _sample(kind: str):
    def make(app):
        from ..tikal import samples

        return samples.build(app, TikalScene, kind)
    return make


register("tikal", TikalScene, _sample("tikal"))
register("volcano", TikalScene, _sample("volcano"))
register("tikal_auction", TikalScene, _sample("auction"))
register("tikal_results", ResultsScene, _sample("results"))


def tikal_breakdown(app, view, seat) -> list[str]:
    """The results row of a seat: the temples it holds at the end and its treasure sets (the
    engine's own scoring breakdown, computed from the final view)."""
    from engine.tikal import breakdown

    try:
        b = breakdown(view, seat)
    except Exception:  # a view the engine cannot rebuild (an older host): show the sets only
        b = None
    parts = []
    if b is not None:
        values = [t["value"] for t in b["temples"]]
        parts.append(app.tr("tikal.result_temples", values=" + ".join(map(str, values)) + f" = {b['temple_points']}")
                     if values else app.tr("tikal.result_no_temples"))
    held = (view.get("held") or {}).get(str(seat), [])
    from ..tikal.viewops import treasure_groups

    groups = treasure_groups(held)
    if groups:
        sets = " ".join("●" * n for _, n in groups)
        if b is not None:
            sets += f" = {b['treasure_points']}"
        parts.append(app.tr("tikal.result_sets", sets=sets))
    else:
        parts.append(app.tr("tikal.result_no_treasures"))
    return parts


BREAKDOWNS["tikal"] = tikal_breakdown
