"""The host's Tikal events as animations: each ``_anim_<event type>(ev)`` returns an animation
that moves sprites and lands what they moved on the engine's view of the update
(``TableScene.land``: docs/client.md) step by step (a tile flips in the column and slides into place,
a figure walks hex by hex, a level block rises, a treasure flips and flies to its owner, a tent pops
up, a guard climbs the temple; the volcano erupts and every player's tally flies to their score).
``TableScene`` queues them one after the other and ends with ``sync``: the host's exact view.

The animator owns what is in flight (figures walking, tokens flying, the tile in the air, the
walk's trail, pulses, the temples a tally lights) and draws it; the shared decorations (sparks,
smoke, floating numbers, banners, the shake) are the scene's ``fx`` (``game/effects.py``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import pygame

from .. import theme
from ..scenes.common import Part
from ..tween import Anim, Call, Parallel, Progress, Sequence, Tween, Wait
from . import art
from . import layout as L
from .board_view import REGION
from .geometry import hexkey
from .viewops import own_figures

LAVA = [(255, 90, 20), (255, 160, 40), (250, 220, 90), (200, 40, 20)]
#: Our own actions animate faster than the others' (they never hold our next order for long).
OWN_QUICK = {"figure_entered", "figure_transferred", "figure_moved", "level_uncovered", "treasure_dug",
             "camp_built", "tile_placed", "exchange", "guard_placed"}
OWN_SPEED = 1.8


class Faster(Anim):
    """Runs ``child`` ``k`` times faster (an animation of our own action)."""

    def __init__(self, child: Anim, k: float):
        self.child, self.k = child, k

    def _advance(self, dt: float) -> float:
        left = self.child.update(dt * self.k)
        if self.child.done:
            self.done = True
            return left / self.k
        return 0.0

    def _finish(self) -> None:
        self.child.finish()


# --- what is in flight: small sprites the tweens move (attributes, not dict keys) ------------------
@dataclass(eq=False)
class Mover:
    """A figure walking, flying or leaving the board."""
    seat: int
    figure: str             # "worker" | "leader"
    x: float
    y: float
    a: float = 1.0          # opacity
    s: float = 1.0          # scale
    lift: float = 0.0       # how far its shadow lies below it


@dataclass(eq=False)
class Flyer:
    """A treasure token flying (face down while ``flip`` < 0.5)."""
    kind: int | None
    x: float
    y: float
    flip: float = 1.0
    s: float = 1.0


@dataclass(eq=False)
class Block:
    """A temple level rising."""
    x: float
    y: float
    value: int
    a: float = 0.0


@dataclass(eq=False)
class Pulse:
    """A ring that spreads over a hex and fades."""
    hex: tuple
    colour: tuple
    t: float = 0.0


@dataclass(eq=False)
class Pop:
    """A camp's tent growing."""
    s: float = 0.0


@dataclass(eq=False)
class TileFx:
    """The tile in the air (drawn, placed, removed, the volcano, a revealed tile chosen)."""
    id: str
    x: float
    y: float
    size: float | None = None    # the board's hex size when None
    flip: float = 1.0            # < 0.5: its back shows
    scale: float = 1.0
    rot: float = 0.0             # degrees it still turns
    a: float = 1.0
    rotation: int = 0
    column: bool = False         # drawn over the tile column (the column hides its own copy)
    shadow: bool = False
    ground: float | None = None  # where its shadow lies (its y when None)


class TikalAnimator(Part):
    def __init__(self, scene):
        super().__init__(scene)
        self.movers: list[Mover] = []      # figures on their way
        self.flyers: list[Flyer] = []      # treasure tokens in the air
        self.pulses: list[Pulse] = []      # rings spreading from a hex
        self.rising: list[Block] = []      # temple level blocks rising
        self.popping: dict[tuple, Pop] = {}     # hex -> a camp's tent growing (the board hides the camp meanwhile)
        self.tile_fx: TileFx | None = None      # the tile in the air (drawn, placed, the volcano)
        self._fx_cache: dict = {}
        self.flying_tiles: set = set()     # revealed tiles on their way to the tile box
        self.reveal_flip: dict = {}        # revealed tile -> flip progress
        self.trail: list = []              # the hexes of the walk in progress
        self.aloft: list = []              # (seat, hex, figure): shown where it lands, still in the air
        self.arriving: list = []           # (seat, treasure kind): held in the view, still flying to its owner
        self.tally_hexes: dict = {}        # the temples the scoring player wins, lit in their colour
        self.smoke_clock = 0.0

    def reset(self) -> None:
        """At ``sync``: whatever an animation left half-way is dropped (skip lands here too)."""
        self.movers, self.flyers, self.rising, self.trail, self.aloft, self.arriving = [], [], [], [], [], []
        self.popping, self.reveal_flip, self.tally_hexes = {}, {}, {}
        self.flying_tiles = set()
        self.tile_fx = None

    def edit(self, fn):
        """An animation step that changes the shown view."""
        def run():
            fn()
            self.scene.board.touch()
        return Call(run)

    def pulse(self, h, colour, duration: float = 0.7) -> None:
        p = Pulse(hexkey(h), colour)
        self.pulses.append(p)
        self.scene.timeline.play(Sequence(Tween(p, duration, "out_quad", t=1.0),
                                          Call(lambda: self.pulses.remove(p) if p in self.pulses else None)),
                                 parallel=True)

    def update(self, dt: float) -> None:
        if self.shown.get("volcano") and not self.tile_fx:  # the set-aside volcano smokes all round
            self.smoke_clock += dt
            while self.smoke_clock > 0.16:
                self.smoke_clock -= 0.16
                x, y = L.TILE_CENTER
                self.scene.fx.smoke(x, y - L.TILE_SIZE * 0.4)

    # --- drawing what is in flight --------------------------------------------------------------
    def draw_on_board(self, surface, shake) -> None:
        board, scene = self.scene.board, self.scene
        app, s = self.app, board.layout.size
        for h in self.trail:
            board.outline(surface, h, theme.ACCENT, 3, 0.9, shake)
        if self.tally_hexes:
            colour = next(iter(self.tally_hexes.values()))
            surface.blit(board.fill_layer(self.tally_hexes.keys(), colour, 70),
                         (REGION.x + shake[0], REGION.y + shake[1]))
            for h in self.tally_hexes:
                board.outline(surface, h, colour, 5, 0.93, shake)
        for p in self.pulses:
            t = p.t
            pts = [(a + shake[0], b + shake[1]) for a, b in board.layout.corners(p.hex, 0.8 + 0.35 * t)]
            pygame.draw.polygon(surface, theme.shade(p.colour, 1.0 + 0.4 * (1 - t)), pts,
                                max(1, int(7 * (1 - t)) + 1))
        for h, pop in self.popping.items():
            camp = next((c for c in self.shown.get("camps", []) if hexkey(c["hex"]) == h), None)
            if camp:
                x, y = board.center(h)
                art.draw_tent(surface, (x - s * 0.50, y - s * 0.28), max(1.0, s * 0.17 * pop.s),
                              scene.colour(camp["seat"]), scene.shape(camp["seat"]))
        for b in self.rising:
            art.draw_level_block(surface, app, (b.x + shake[0], b.y + shake[1]), s * 0.62, b.value,
                                 int(max(0, min(255, b.a))))
        for m in self.movers:
            r = s * 0.13 * m.s
            colour, shape = scene.colour(m.seat), scene.shape(m.seat)
            if m.a < 0.99:
                layer = pygame.Surface((int(r * 6), int(r * 6)), pygame.SRCALPHA)
                art.draw_figure(layer, (r * 3, r * 3.4), r, colour, shape, leader=m.figure == "leader")
                layer.set_alpha(int(255 * max(0.0, m.a)))
                surface.blit(layer, (m.x - r * 3, m.y - r * 3.4))
            else:
                pygame.draw.ellipse(surface, (0, 0, 0),
                                    (m.x - r, m.y + r * 0.8 + m.lift, 2 * r, r * 0.6))
                art.draw_figure(surface, (m.x, m.y), r, colour, shape, leader=m.figure == "leader")

    def tile_fx_draws_column(self) -> bool:
        return self.tile_fx is not None and self.tile_fx.column

    def draw_top(self, surface) -> None:
        """The tile in the air and the tokens flying (over the panels too)."""
        if self.tile_fx is not None:
            self.draw_tile_fx(surface, self.tile_fx)
        for f in self.flyers:
            sx = abs(math.cos(math.pi * f.flip))
            r = 11 * f.s
            kind = f.kind if f.flip >= 0.5 else None
            if sx > 0.98:
                art.draw_treasure(surface, (f.x, f.y), r, kind)
            else:
                size = int(r * 2 + 6)
                tok = pygame.Surface((size, size), pygame.SRCALPHA)
                art.draw_treasure(tok, (size / 2, size / 2), r, kind)
                tok = pygame.transform.scale(tok, (max(1, int(size * sx)), size))
                surface.blit(tok, tok.get_rect(center=(f.x, f.y)))

    def draw_tile_fx(self, surface, fx) -> None:
        img = self.tile_fx_image(fx)
        if fx.shadow:
            size = (fx.size or self.scene.board.layout.size)
            sh = pygame.Rect(0, 0, size * 1.6, size * 0.5)
            sh.center = (fx.x, (fx.ground if fx.ground is not None else fx.y) + size * 0.6)
            pygame.draw.ellipse(surface, (10, 30, 16), sh)
        surface.blit(img, img.get_rect(center=(fx.x, fx.y)))

    def tile_fx_image(self, fx) -> pygame.Surface:
        """The tile in flight: flipping (back, then face), turning and growing; each step is
        quantised and cached, so a tile held still (the erupting volcano) costs one blit."""
        app = self.app
        size = (fx.size or self.scene.board.layout.size)
        flip = fx.flip
        sx = round(abs(math.cos(math.pi * flip)), 2) if flip < 1.0 else 1.0
        scale = round(fx.scale * 20) / 20
        rot = round(fx.rot / 3) * 3
        alpha = round(fx.a * 20) / 20
        back = flip < 0.5
        key = (fx.id, fx.rotation, size, back, sx, scale, rot, alpha)
        img = self._fx_cache.get(key)
        if img is None:
            if back:
                img = art.back_surface(app, fx.id[0], size)
            else:
                img = art.tile_card(app, fx.id, fx.rotation, size)
            if rot or scale != 1.0:
                img = pygame.transform.rotozoom(img, -rot, scale)
            if sx < 0.999:
                img = pygame.transform.scale(img, (max(1, int(img.get_width() * sx)), img.get_height()))
            if alpha < 1.0:
                img = img.copy()
                img.set_alpha(int(255 * max(0.0, alpha)))
            if len(self._fx_cache) > 80:
                self._fx_cache.clear()
            self._fx_cache[key] = img
        return img

    # --- the host's events → animations -------------------------------------------------------
    def animate(self, ev: dict):
        fn = ANIMATIONS.get(ev.get("type", ""))
        anim = fn(self, ev) if fn else None
        if anim is not None and ev.get("seat") == self.scene.me and ev.get("type") in OWN_QUICK:
            anim = Faster(anim, OWN_SPEED)  # we know what we just did: show it, then hand back control
        return anim

    def _anim_turn_started(self, ev):
        seat = ev["seat"]

        def go():
            # the event's seat and AP (a tile drawn in the same update shows after its flip)
            self.shown.update(seat=seat, ap=ev["ap"], phase="actions", drawn=None)
            self.scene.land("to_act", "uncovered", "dug", "scoring", "rounds", "moved")
        seq = Sequence(self.edit(go))
        if ev.get("kind") == "scoring":
            seq.add(Call(lambda: self.scene.fx.show_banner(
                self.tr("tikal.banner_scoring_turn", name=self.scene.short_name(seat)),
                self.tr("tikal.banner_scoring_turn_sub"), self.scene.colour(seat), 0.6)))
            seq.add(Wait(0.8))
        else:
            seq.add(Wait(0.08))
        return seq

    def _anim_turn_ended(self, ev):
        def go():
            self.shown["ap"] = 0
            self.scene.land("uncovered", "dug", "last_placer", "moved")
        return self.edit(go)

    def _anim_tile_drawn(self, ev):
        cx, cy = L.TILE_CENTER
        fx = TileFx(id=ev["tile"], x=cx, y=cy, flip=0.0, size=L.TILE_SIZE, column=True)

        def begin():
            self.tile_fx = fx
            self.shown.update(drawn=ev["tile"], seat=ev["seat"], ap=0)
            self.scene.land("stack_left", "next_letter", "to_act", "last_placer", "removed")
            if ev.get("kind") != "volcano":
                self.shown["phase"] = "place"
            self.app.play_sound("flip")

        def end():
            if self.tile_fx is fx:
                self.tile_fx = None
        return Sequence(self.edit(begin), Progress(0.45, lambda p: setattr(fx, "flip", p), "in_out_quad"), Call(end),
                        Wait(0.1))

    def _anim_tile_removed(self, ev):
        cx, cy = L.TILE_CENTER
        fx = TileFx(id=ev["tile"], x=cx, y=cy, size=L.TILE_SIZE, column=True, a=1.0)

        def begin():
            self.tile_fx = fx
            self.shown["drawn"] = None
            self.scene.fx.float_text(self.tr("tikal.removed"), cx, cy - 40, theme.BAD, 20)

        def shake(p):
            fx.x = cx + math.sin(p * 40) * 6 * (1 - p)
            fx.a = 1.0 - p
            fx.y = cy + 30 * p

        def end():
            self.tile_fx = None
            self.scene.land("removed")
        return Sequence(self.edit(begin), Progress(0.8, shake), self.edit(end))

    def _anim_tile_placed(self, ev):
        h = hexkey(ev["hex"])
        tx, ty = self.scene.board.center(h)
        cx, cy = L.TILE_CENTER
        volcano = ev.get("kind") == "volcano"
        mine = ev.get("seat") == self.scene.me
        rot = ev.get("rotation", 0)
        fx = TileFx(id=ev["tile"], x=cx, y=cy, size=self.scene.board.layout.size,
                     scale=L.TILE_SIZE / self.scene.board.layout.size,
                     rotation=rot, rot=0.0 if (mine or volcano) else -60.0 * rot, flip=1.0)

        def begin():
            self.tile_fx = fx
            self.shown["drawn"] = None
            self.app.play_sound("flip")

        def land():
            self.tile_fx = None
            self.scene.land("tiles", "treasure_supply", "last_placer")   # the tile as the rules lay it
            if volcano:
                self.scene.land("volcano")
                self.scene.fx.shake_amp = 9.0
                self.scene.fx.burst(tx, ty + 10, [(120, 110, 100), (90, 80, 70), (160, 140, 110)], 26, 200, 60, 0.7, 4)
                self.app.play_sound("rumble")
            else:
                self.scene.fx.burst(tx, ty, [(210, 188, 134), (120, 160, 90)], 10, 120, 40, 0.4, 3)

        if volcano:  # at the end of the scoring round the volcano lands on the board
            fx.shadow, fx.ground = True, ty
            return Sequence(self.edit(begin),
                            Tween(fx, 0.45, "in_out_quad", x=tx, y=ty - 170, scale=1.3),
                            Tween(fx, 0.5, "out_bounce", y=ty, scale=1.0),
                            self.edit(land), Wait(0.25))
        return Sequence(self.edit(begin), Tween(fx, 0.45, "in_out_quad", x=tx, y=ty, scale=1.0, rot=0.0),
                        self.edit(land), Wait(0.08))

    # figures ------------------------------------------------------------------------------------
    def figure_spot(self, h) -> tuple[float, float]:
        x, y = self.scene.board.center(h)
        return (x, y + self.scene.board.layout.size * 0.38)

    def arc(self, mover, start, end, height: float):
        def step(p):
            mover.x = start[0] + (end[0] - start[0]) * p
            mover.y = start[1] + (end[1] - start[1]) * p - height * math.sin(math.pi * p)
        return step

    def lift(self, seat: int, h, figure: str):
        """The figures and the supply take the engine's view of the move at once, and the figure
        stays in the air (the board leaves it out at ``h`` until it lands)."""
        key = (seat, hexkey(h), figure)
        self.aloft.append(key)
        self.scene.land("figures", "supply")
        return key

    def put_down(self, key) -> None:
        if key in self.aloft:
            self.aloft.remove(key)

    def hop(self, ev, start, end, land_at, duration: float, height: float):
        """A figure flies from ``start`` to ``end`` in an arc: it leaves where it was shown (the
        engine's view of the move is shown, the figure in the air), then it lands on ``land_at``
        with the event's AP and a hop sound."""
        seat, fig = ev["seat"], ev["figure"]
        m = Mover(seat, fig, start[0], start[1])
        held = []

        def begin():
            held.append(self.lift(seat, land_at, fig))
            self.movers.append(m)

        def land():
            self.movers.remove(m) if m in self.movers else None
            self.put_down(held[0])
            self.scene.land("ap")
            self.app.play_sound("hop")
        return Sequence(self.edit(begin), Progress(duration, self.arc(m, start, end, height), "in_out_quad"),
                        self.edit(land))

    def _anim_figure_entered(self, ev):
        seat, h = ev["seat"], hexkey(ev["hex"])
        start, end = self.scene.panel.supply_pos(seat), self.scene.board.figure_spot(h)
        return self.hop(ev, start, end, h, 0.45, 70)

    def _anim_figure_transferred(self, ev):
        a, b = hexkey(ev["from"]), hexkey(ev["to"])
        start, end = self.scene.board.figure_spot(a), self.scene.board.figure_spot(b)
        return self.hop(ev, start, end, b, 0.5, 90)

    def _anim_figure_moved(self, ev):
        """The figure walks hex by hex along its stone path."""
        seat, fig = ev["seat"], ev["figure"]
        path = [hexkey(p) for p in ev["path"]]
        x0, y0 = self.scene.board.figure_spot(path[0])
        m = Mover(seat, fig, x0, y0)
        held = []

        def begin():
            held.append(self.lift(seat, path[-1], fig))
            self.movers.append(m)
            self.trail = list(path)

        seq = Sequence(self.edit(begin))
        step_time = 0.2 if len(path) <= 5 else max(0.1, 1.0 / len(path))
        for a, b in zip(path, path[1:]):
            seq.add(Progress(step_time, self.arc(m, self.scene.board.figure_spot(a), self.scene.board.figure_spot(b),
                                                 16), "in_out_quad"))
            seq.add(Call(lambda: self.app.play_sound("hop")))

        def land():
            self.movers.remove(m) if m in self.movers else None
            self.trail = []
            self.put_down(held[0])
            self.scene.land("ap")
        seq.add(self.edit(land))
        return seq

    # actions on hexes ---------------------------------------------------------------------------
    def _anim_level_uncovered(self, ev):
        """A temple level block rises onto the temple."""
        h = hexkey(ev["hex"])
        x, y = self.scene.board.center(h)
        s = self.scene.board.layout.size
        block = Block(x, y + s * 0.3, ev["value"])

        def begin():
            self.rising.append(block)
            self.app.play_sound("dig")

        def land():
            self.rising.remove(block) if block in self.rising else None
            self.scene.land("tiles", "levels_left", "ap", "uncovered")
            self.pulse(h, theme.ACCENT)
            self.scene.fx.float_text(str(ev["value"]), x, y - s * 0.7, theme.ACCENT, 26)
            self.app.play_sound("tick")
        return Sequence(Call(begin), Tween(block, 0.55, "out_back", y=y + s * art.PLAQUE_DY, a=255.0), self.edit(land),
                        Wait(0.1))

    def _anim_treasure_dug(self, ev):
        """The top token flips face up, then flies to its owner's panel."""
        seat, h, kind = ev["seat"], hexkey(ev["hex"]), ev["kind"]
        x, y = self.scene.board.center(h)
        y -= self.scene.board.layout.size * 0.30
        token = Flyer(kind, x, y, flip=0.0)

        def begin():
            self.scene.land("tiles", "ap", "dug")    # the token leaves the hex
            self.flyers.append(token)
            self.app.play_sound("dig")

        target = self.scene.panel.treasure_pos(seat)

        def land():
            self.flyers.remove(token) if token in self.flyers else None
            self.scene.land("held", "treasure_supply")
            self.app.play_sound("tick")
        return Sequence(self.edit(begin), Tween(token, 0.3, "out_quad", y=y - 26, s=1.5),
                        Progress(0.35, lambda p: setattr(token, "flip", p)), Wait(0.15),
                        Tween(token, 0.55, "in_out_quad", x=target[0], y=target[1], s=0.7), self.edit(land))

    def _anim_exchange(self, ev):
        a, b = ev["seat"], ev["with"]
        give = Flyer(ev["give"], 0, 0)
        take = Flyer(ev["take"], 0, 0)
        pa, pb = self.scene.panel.treasure_pos(a), self.scene.panel.treasure_pos(b)

        arriving = [(b, ev["give"]), (a, ev["take"])]

        def begin():
            self.scene.land("held")               # the engine's view of the swap; the panel leaves
            self.arriving.extend(arriving)        # out the two tokens while they fly
            give.x, give.y = pa
            take.x, take.y = pb
            self.flyers.extend([give, take])
            self.scene.land("ap")
            self.app.play_sound("flip")

        def land():
            for f in (give, take):
                self.flyers.remove(f) if f in self.flyers else None
            for item in arriving:
                self.arriving.remove(item) if item in self.arriving else None
        return Sequence(self.edit(begin),
                        Parallel(Progress(0.7, self.arc(give, pa, pb, -60), "in_out_quad"),
                                 Progress(0.7, self.arc(take, pb, pa, 60), "in_out_quad")),
                        self.edit(land))

    def _anim_camp_built(self, ev):
        """A tent pops up."""
        seat, h = ev["seat"], hexkey(ev["hex"])
        pop = Pop()

        def begin():
            self.scene.land("camps", "camps_left", "ap")
            self.popping[h] = pop
            self.app.play_sound("hop")

        def end():
            self.popping.pop(h, None)
            x, y = self.scene.board.center(h)
            self.scene.fx.burst(x - self.scene.board.layout.size * 0.5, y - self.scene.board.layout.size * 0.2,
                                [self.scene.colour(seat), theme.PAPER], 12, 140, 80, 0.5, 3)
        return Sequence(self.edit(begin), Tween(pop, 0.5, "out_back", s=1.0), self.edit(end))

    def _anim_guard_placed(self, ev):
        """The guard climbs the temple; the player's other figures there leave the game (fade)."""
        seat, h, fig = ev["seat"], hexkey(ev["hex"]), ev["figure"]
        x, y = self.scene.board.center(h)
        s = self.scene.board.layout.size
        top = (x + s * art.GUARD_DX, y + s * art.GUARD_DY)
        start = self.scene.board.figure_spot(h)
        guard = Mover(seat, fig, start[0], start[1])
        leaving: list[dict] = []

        def begin():
            own = own_figures(self.shown, seat, h) or {"workers": 0, "leader": False}
            rest = {"workers": own["workers"] - (1 if fig == "worker" else 0),
                    "leader": bool(own["leader"]) and fig != "leader"}
            self.scene.land("figures")     # the rules take them off the temple
            for i in range(min(6, rest["workers"])):
                leaving.append(Mover(seat, "worker", start[0] - 20 + i * 9, start[1]))
            if rest["leader"]:
                leaving.append(Mover(seat, "leader", start[0] + 24, start[1]))
            self.movers.extend([guard] + leaving)
            self.scene.land("ap")

        def end():
            for m in [guard] + leaving:
                self.movers.remove(m) if m in self.movers else None
            self.scene.land("guards", "guards_left", "out")
            self.pulse(h, self.scene.colour(seat))
            self.app.play_sound("chime")

        def fade(p):
            for m in leaving:
                m.a = 1.0 - p
                m.y = start[1] - 30 * p

        climb = Sequence(Progress(0.3, self.arc(guard, start, (x, y + s * 0.05), 10), "out_quad"),
                         Progress(0.45, self.arc(guard, (x, y + s * 0.05), top, 22), "in_out_quad"))
        return Sequence(self.edit(begin), Parallel(climb, Progress(0.7, fade)), self.edit(end), Wait(0.1))

    # scoring ------------------------------------------------------------------------------------
    def _anim_scoring_started(self, ev):
        kind = ev.get("kind")
        if kind != "volcano":
            def final():
                self.scene.land("scoring", "rounds")
                sub = "tikal.banner_final_sub_auction" if self.scene.auction() else "tikal.banner_final_sub"   # T-X8
                self.scene.fx.show_banner(self.tr("tikal.banner_final"), self.tr(sub), theme.ACCENT, 1.2)
                self.app.play_sound("chime")
            return Sequence(self.edit(final), Wait(1.2))
        cx, cy = L.TILE_CENTER
        bx, by = L.BOARD_RECT[0] + L.BOARD_RECT[2] / 2, L.BOARD_RECT[1] + L.BOARD_RECT[3] / 2 + 30
        fx = TileFx(id=ev.get("tile") or "B1", x=cx, y=cy, size=L.TILE_SIZE, scale=1.0, column=True)
        emitted = [0]

        def begin():
            self.tile_fx = fx
            self.shown["drawn"] = None
            self.scene.land("volcano", "scoring", "rounds")
            self.scene.fx.show_banner(self.tr("tikal.banner_volcano"), self.tr("tikal.banner_volcano_sub",
                                                                      name=self.scene.short_name(ev.get("seat"))),
                             (255, 120, 40), 1.8)
            self.app.play_sound("rumble")

        def erupt(p):
            """Shake, smoke and lava: the particles come in waves as the progress runs."""
            self.scene.fx.shake_amp = 12.0 * (1.0 - p) + 1.0
            crater = (fx.x, fx.y - L.TILE_SIZE * fx.scale * 0.42)
            want = int(p * 16)
            while emitted[0] < want:
                emitted[0] += 1
                self.scene.fx.burst(crater[0], crater[1], LAVA, 12, 300, 300, 1.4, 6)
                self.scene.fx.smoke(crater[0], crater[1], 3, 2.0)
            if p >= 1.0:
                self.scene.fx.shake_amp = 0.0

        def back():
            if self.tile_fx is fx:
                self.tile_fx = None
        return Sequence(self.edit(begin), Tween(fx, 0.4, "out_back", x=bx, y=by, scale=2.2),
                        Progress(1.7, erupt), Tween(fx, 0.45, "in_out_quad", x=cx, y=cy, scale=1.0),
                        Call(back), Wait(0.1))

    def _anim_scored(self, ev):
        """The tally: each temple won pulses, its "+value" rises over it and stays there while a
        gold token flies to the seat's score; then the treasure sets are counted; the score ticks
        up to the host's figure and the seat's status slot shows the round's total."""
        seat = ev["seat"]
        panel = self.scene.panel
        colour = self.scene.colour(seat)
        target = panel.score_pos(seat)
        start = ev["score"] - ev["total"]
        running = [float(start)]
        parts = Parallel()
        delay = 0.0
        for t in ev.get("temples", []):
            h = hexkey(t["hex"])
            x, y = self.scene.board.center(h)
            y += self.scene.board.layout.size * art.PLAQUE_DY
            a, b = running[0], running[0] + t["value"]
            running[0] = b
            parts.add(self.tally_flight(delay, h, colour, f"+{t['value']}", (x, y), target, seat, a, b))
            delay += 0.32
        if ev.get("treasure_points"):
            a, b = running[0], running[0] + ev["treasure_points"]
            tp = panel.treasure_pos(seat)
            parts.add(self.tally_flight(delay + 0.15, None, colour, f"+{ev['treasure_points']}",
                                        (L.row_rect(seat).x + 80, tp[1]), target, seat, a, b, sets=True))

        def begin():
            panel.score_fx[seat] = float(start)
            panel.flash_rows.add(seat)
            self.tally_hexes = {hexkey(t["hex"]): colour for t in ev.get("temples", [])}

        def end():
            panel.score_fx.pop(seat, None)
            panel.flash_rows.discard(seat)
            self.tally_hexes = {}
            self.scene.land_item("scores", seat)
            panel.row_float(seat, f"+{ev['total']}", colour if ev["total"] else theme.MUTED, 1.4)
        return Sequence(Call(begin), Wait(0.2), parts, Wait(0.25), self.edit(end), Wait(0.35))

    def tally_flight(self, delay, h, colour, text, start, target, seat, a, b, sets=False):
        """One source of points: a temple ("+value" stays over it) or the treasure sets (the
        points show in the status slot); a gold token flies to the score, which ticks up."""
        token = Flyer(None, start[0], start[1], s=0.8)
        panel = self.scene.panel

        def launch():
            if h is not None:
                self.pulse(h, colour, 0.6)
                self.pulse(h, theme.ACCENT, 0.9)
                self.scene.fx.float_text(text, start[0], start[1] - 4, theme.ACCENT, 30, rise=22, hold=1.1)
            else:
                panel.flash_sets.add(seat)
                panel.row_float(seat, text, theme.ACCENT, 0.8)
            self.flyers.append(token)
            self.app.play_sound("tick")

        def arrive():
            self.flyers.remove(token) if token in self.flyers else None
            panel.flash_sets.discard(seat)

        def tick(p):
            panel.score_fx[seat] = a + (b - a) * p
        return Sequence(Wait(delay), Call(launch), Wait(0.25),
                        Tween(token, 0.55, "in_out_quad", x=target[0], y=target[1]),
                        Call(arrive), Progress(0.3, tick, "out_quad"))

    def _anim_scoring_ended(self, ev):
        return self.edit(lambda: self.scene.land("scoring", "rounds", "volcano", "drawn", "phase", "seat", "to_act"))

    def _anim_game_over(self, ev):
        def go():
            self.scene.land("over", "winners", "phase")
            winners = ev.get("winners") or []
            names = ", ".join(self.scene.short_name(s) for s in winners)
            self.scene.fx.show_banner(self.tr("table.game_over"),
                                      self.scene.trn("tikal.banner_winners", len(winners), names=names),
                                      theme.ACCENT, 2.0)
        return Sequence(self.edit(go), Wait(0.4))

    # auction ------------------------------------------------------------------------------------
    def _anim_round_started(self, ev):
        tiles = list(ev.get("revealed") or [])

        def begin():
            self.scene.land("moved", "stack_left", "next_letter")
            self.shown["revealed"] = []     # the tiles turn up one by one (below)

        seq = Sequence(self.edit(begin))
        for tid in tiles:
            def add(tid=tid):
                self.shown.setdefault("revealed", []).append(tid)
                self.reveal_flip[tid] = 0.0
                self.app.play_sound("flip")
            seq.add(self.edit(add))
            seq.add(Progress(0.28, lambda p, tid=tid: self.reveal_flip.__setitem__(tid, p)))
            seq.add(Call(lambda tid=tid: self.reveal_flip.pop(tid, None)))
        return seq

    def _anim_auction_started(self, ev):
        def go():
            self.scene.land("phase", "seat", "revealed", "auction", "to_act", "moved")
        return Sequence(self.edit(go), Wait(0.15))

    def _anim_bid(self, ev):
        seat = ev["seat"]

        def go():
            self.scene.land("auction", "seat", "to_act")
            self.scene.panel.row_float(seat, self.tr("tikal.bid_float", n=ev["amount"]), theme.ACCENT)
        return Sequence(self.edit(go), Wait(0.3))

    def _anim_pass(self, ev):
        seat = ev["seat"]

        def go():
            if self.scene.landing.get("auction"):
                self.scene.land("auction", "seat", "to_act")
            else:   # the last pass: the auction ends (auction_won lands it), the pass shows meanwhile
                (self.shown.get("auction") or {}).setdefault("passed", []).append(seat)
            self.scene.panel.row_float(seat, self.tr("tikal.pass_float"), theme.MUTED)
        return Sequence(self.edit(go), Wait(0.25))

    def _anim_auction_won(self, ev):
        seat, amount = ev["seat"], ev.get("amount", 0)

        def go():
            self.scene.land_item("scores", seat)
            self.scene.land("auction", "seat", "phase", "to_act")
            self.scene.panel.row_float(seat, f"−{amount}" if amount else self.tr("tikal.free"),
                                       theme.BAD if amount else theme.GOOD)
            self.scene.panel.pulse_row(seat)
            self.app.play_sound("tick")
        return Sequence(self.edit(go), Wait(0.45))

    def _anim_tile_chosen(self, ev):
        tid = ev["tile"]
        revealed = list(self.shown.get("revealed") or [])
        i = revealed.index(tid) if tid in revealed else 0
        sx, sy = L.revealed_slot(i)
        cx, cy = L.TILE_CENTER
        fx = TileFx(id=tid, x=sx, y=sy, size=L.TILE_SIZE, scale=L.REVEALED_SIZE / L.TILE_SIZE, column=True)

        def begin():
            self.tile_fx = fx
            self.flying_tiles.add(tid)
            self.app.play_sound("flip")

        def end():
            self.tile_fx = None
            self.flying_tiles.discard(tid)
            self.scene.land("revealed", "drawn", "seat", "phase", "to_act")
        return Sequence(self.edit(begin), Tween(fx, 0.4, "in_out_quad", x=cx, y=cy, scale=1.0), self.edit(end))


#: Each event type of Tikal (docs/events.md) -> the animator's method that animates it; an event
#: type not listed plays no animation (its log line and the host's view still land).
ANIMATIONS: dict[str, Callable] = {
    "turn_started": TikalAnimator._anim_turn_started,
    "turn_ended": TikalAnimator._anim_turn_ended,
    "tile_drawn": TikalAnimator._anim_tile_drawn,
    "tile_removed": TikalAnimator._anim_tile_removed,
    "tile_placed": TikalAnimator._anim_tile_placed,
    "figure_entered": TikalAnimator._anim_figure_entered,
    "figure_transferred": TikalAnimator._anim_figure_transferred,
    "figure_moved": TikalAnimator._anim_figure_moved,
    "level_uncovered": TikalAnimator._anim_level_uncovered,
    "treasure_dug": TikalAnimator._anim_treasure_dug,
    "exchange": TikalAnimator._anim_exchange,
    "camp_built": TikalAnimator._anim_camp_built,
    "guard_placed": TikalAnimator._anim_guard_placed,
    "scoring_started": TikalAnimator._anim_scoring_started,
    "scored": TikalAnimator._anim_scored,
    "scoring_ended": TikalAnimator._anim_scoring_ended,
    "game_over": TikalAnimator._anim_game_over,
    "round_started": TikalAnimator._anim_round_started,
    "auction_started": TikalAnimator._anim_auction_started,
    "bid": TikalAnimator._anim_bid,
    "pass": TikalAnimator._anim_pass,
    "auction_won": TikalAnimator._anim_auction_won,
    "tile_chosen": TikalAnimator._anim_tile_chosen,
}
