"""The player's input at the Tikal table: what the mouse points at, the figure selected and where
it can go, the hex action being aimed, the drawn tile's rotation, the bid; clicks and keys become
actions for the host.

The UI holds no rules: it offers what ``scene.table.legal`` lists (a walk longer than one step is
built from a legal first step with the engine's own ``reachable`` on the shown view) and asks the
host; a placement the list does not hold is sent anyway so the host's refusal (reason + rule)
shows in a toast.
"""
from __future__ import annotations

import pygame

from engine.tikal.analysis import COST, reachable

from ..scenes.common import Part
from .geometry import hexkey
from .viewops import own_figures


class Selection(Part):
    def __init__(self, scene):
        super().__init__(scene)
        self.rotation = 0
        self.mouse = (-1, -1)               # where the mouse is
        self.hover: tuple | None = None     # the hex under the mouse
        self.hover_time = 0.0
        self.hover_button: str | None = None  # the label of the button under the mouse
        self.selected: dict | None = None   # {"from": hex | None (the supply), "figure": f}
        self.targets: dict = {}             # hex -> {"cost", "action", "path"}
        self.mode: str | None = None        # "uncover" | "dig" | "camp" | "guard": pick a hex
        self.bid_amount: int | None = None
        self.follow: dict | None = None     # reselect this figure after our own walk
        self.refresh_due = False

    @property
    def me(self):
        return self.scene.me

    def legal(self, type_: str) -> list[dict]:
        return self.scene.legal(type_)

    # --- what is offered ----------------------------------------------------------------------
    def placing(self) -> bool:
        return bool(self.legal("place_tile"))

    def place_hexes(self) -> set:
        return {hexkey(a["hex"]) for a in self.legal("place_tile")}

    def action_hexes(self, kind: str) -> set:
        return {hexkey(a["hex"]) for a in self.legal(kind) if "hex" in a}

    def hover_action(self) -> str | None:
        """The hex action whose button is under the mouse (its hexes light up)."""
        b = self.hover_button
        return b.split(".")[1] if b and b.startswith("tikal.") else None

    # --- after the host's view landed ---------------------------------------------------------
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
        chooser = self.scene.chooser
        if chooser.kind and not self.legal(chooser.kind):
            chooser.close()
        self.scene.board.touch_overlay()

    # --- orders -------------------------------------------------------------------------------
    def clear(self) -> None:
        self.selected, self.targets, self.mode = None, {}, None

    def end_turn(self) -> None:
        self.clear()
        self.scene.send({"type": "end_turn"})

    def undo(self) -> None:
        if self.scene.can_undo():
            self.clear()
            self.scene.ask_undo()

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
            self.scene.send({"type": "bid", "amount": self.bid_amount})

    def pass_bid(self) -> None:
        self.scene.send({"type": "pass"})

    def start_action(self, kind: str) -> None:
        """A bottom-bar action: at once when it has one target, else pick a hex (or a choice)."""
        acts = self.legal(kind)
        if not acts:
            return
        self.clear()
        if kind == "exchange":
            self.scene.chooser.open("exchange", acts) if len(acts) > 1 else self.scene.send(acts[0])
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
            self.scene.chooser.open(kind, acts)
        else:
            self.scene.send(acts[0])

    # --- selecting figures --------------------------------------------------------------------
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
        self.scene.board.touch_overlay()

    def select_supply(self, figure: str) -> None:
        if any(a["figure"] == figure for a in self.legal("enter")):
            self.select(None, figure)

    # --- input --------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        """Keys and mouse over the board (the scene's widgets had their turn first)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.clear()
                return True
            if event.button == 1:
                return self.click(event.pos)
        return False

    def handle_key(self, event) -> bool:
        """Tikal's keys, before the table's own (Esc cancels a selection before it opens the menu)."""
        chooser = self.scene.chooser
        if event.key == pygame.K_ESCAPE and (chooser.kind or self.mode or self.selected):
            chooser.close() if chooser.kind else self.clear()
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
        return False

    def motion(self, pos) -> None:
        self.mouse = tuple(pos)
        h = self.scene.board.hex_at(pos)
        if h != self.hover:
            self.hover_time = 0.0
        self.hover = h
        self.hover_button = next((getattr(w, "label", None) for w in self.scene.widgets.items
                                  if w.visible and w.rect.collidepoint(pos)), None)

    def click(self, pos) -> bool:
        scene = self.scene
        for (kind, value), rect in scene.column.click_zones.items():
            if rect.collidepoint(pos):
                if kind == "supply":
                    self.select_supply(value)
                elif kind == "revealed":
                    act = {"type": "choose_tile", "tile": value}
                    if act in self.legal("choose_tile"):
                        scene.send(act)
                return True
        h = scene.board.hex_at(pos)
        if h is None:
            self.clear()
            return False
        if self.placing():
            scene.ask({"type": "place_tile", "hex": list(h), "rotation": self.rotation})
            return True
        if self.mode:
            if h in self.action_hexes(self.mode):
                self.picked(self.mode, h)
            else:
                self.mode = None
            return True
        chosen = self.selected or {}
        fig = self.own_chip_at(pos)
        if fig is not None:    # a click on one of our figures always selects it (again: lets go)
            if (h, fig) == (chosen.get("from"), chosen.get("figure")):
                self.clear()
            else:
                self.select(h, fig)
            return True
        if self.selected and h in self.targets:   # a deliberate click on a destination: the walk
            t = self.targets[h]
            if t["action"]["type"] in ("move", "transfer"):
                self.follow = {"from": h, "figure": self.selected["figure"]}
            scene.ask(t["action"])
            self.selected, self.targets = None, {}
            return True
        fig = self.figure_on(h)
        if fig and h != chosen.get("from"):
            self.select(h, fig)
        elif h != chosen.get("from"):
            self.clear()
        return True

    def own_chip_at(self, pos) -> str | None:
        """The figure of ours whose chip is under the mouse (while it is our turn), else None."""
        scene = self.scene
        if self.me is None or not scene.table.my_turn():
            return None
        h = scene.board.hex_at(pos)
        for (hh, seat, fig), rect in scene.board.chip_rects.items():
            if hh == h and seat == self.me and rect.collidepoint(pos):
                return fig
        return None

    def figure_on(self, h) -> str | None:
        """One of our figures on hex ``h`` that a click beside the chips picks (a worker first)."""
        if self.me is None or not self.scene.table.my_turn():
            return None
        f = own_figures(self.shown, self.me, h)
        if not f:
            return None
        return "worker" if f["workers"] else "leader"

    def update(self, dt: float) -> None:
        self.hover_time += dt
        if self.refresh_due and not self.scene.timeline.busy:
            self.refresh()
