"""The La Tortuga table: the island with its 21 spaces counter-clockwise, the raft, the beach with
the face-up card and the cards left, turtles as stacks, the dice tray (sum against the 7 limit and
the running multiplier), and the decider's buttons. Everything moves because of the host's events
and every sequence ends in exactly the host's view (``TableScene.sync``)."""
from __future__ import annotations

import math

import pygame

from .. import theme
from ..tween import Call, Parallel, Progress, Sequence, Tween, Wait
from ..widgets import Button, blit_text, draw_panel, wrap
from .common import TableScene, background, player_badge, seat_colour

CENTER = (470, 356)
TRACK_R = (384, 272)
BEACH = 21
RAFT_POS = (470, 686)
DECK_POS = (400, 516)
TURTLE_W, TURTLE_H, STACK_DY = 46, 30, 14
MAX_SUM = 7  # only to label the bar; the host decides what is legal


def space_pos(space: int) -> tuple[float, float]:
    """Screen position of a track space (1–21, counter-clockwise from beside the raft); 0: the raft."""
    if space == 0:
        return RAFT_POS
    a = math.radians(-65 + (space - 1) * 15.5)
    return (CENTER[0] + TRACK_R[0] * math.cos(a), CENTER[1] - TRACK_R[1] * math.sin(a))


def _turtle_surface(colour, shape: str, second: bool) -> pygame.Surface:
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
    pygame.draw.ellipse(s, theme.shade(colour, 1.35), shell.inflate(-18, -14).move(-3, -4))
    pygame.draw.ellipse(s, theme.INK, shell, 2)
    theme.draw_shape(s, shape, (cx, cy), 8, theme.PAPER if theme.text_on(colour) == theme.PAPER else theme.INK,
                     outline=theme.INK, width=1)
    if second:  # the second turtle of a seat (2–3 players): a ring around the mark
        pygame.draw.circle(s, theme.INK, (cx, cy), 12, 2)
    return s


def draw_card(surface, app, rect, eggs: int | None, face_up: bool = True) -> None:
    rect = pygame.Rect(rect)
    if not face_up:
        pygame.draw.rect(surface, (40, 110, 90), rect, border_radius=6)
        pygame.draw.rect(surface, (20, 60, 50), rect.inflate(-8, -8), 2, border_radius=4)
        pygame.draw.rect(surface, theme.INK, rect, 2, border_radius=6)
        return
    pygame.draw.rect(surface, theme.PAPER, rect, border_radius=6)
    pygame.draw.rect(surface, theme.INK, rect, 2, border_radius=6)
    if eggs is None:
        return
    size = max(12, rect.height // 2)
    blit_text(surface, app, str(eggs), (rect.centerx, rect.centery - rect.height // 8), size, theme.INK,
              bold=True, anchor="center")
    ew = max(6, rect.width // 4)
    egg = pygame.Rect(0, 0, ew, int(ew * 1.3))
    egg.midbottom = (rect.centerx, rect.bottom - 3)
    pygame.draw.ellipse(surface, (245, 235, 200), egg)
    pygame.draw.ellipse(surface, (150, 120, 70), egg, 1)


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


class TortugaScene(TableScene):
    game = "tortuga"
    name = "tortuga"

    def __init__(self, app, bridge):
        self.sprites: dict[int, dict] = {}
        self.moving: set[int] = set()
        self.particles: list[dict] = []
        self.floaters: list[dict] = []
        self.flying_cards: list[dict] = []
        self.dice_anim: dict = {}       # index -> {"face", "tilt", "y"} while a die tumbles
        self.trail: list[int] = []      # spaces of the hop in progress (highlighted)
        self._turtle_imgs: dict = {}
        self._board: pygame.Surface | None = None
        self.card_buttons: list[Button] = []
        super().__init__(app, bridge)
        self.on_synced()

    # --- geometry ---------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return int(self.shown.get("seats") or self.table.seats or 1)

    def owner(self, turtle: int) -> int:
        return turtle % self.seats

    def stack_of(self, space: int) -> list[int]:
        return list(self.shown.get("stacks", {}).get(str(space), []))

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

    def turtle_img(self, turtle: int) -> pygame.Surface:
        seat = self.owner(turtle)
        shape = theme.player_shape(seat) if self.app.settings.shapes else "circle"
        key = (turtle, shape, seat_colour(self.table, seat))
        img = self._turtle_imgs.get(key)
        if img is None:
            img = self._turtle_imgs[key] = _turtle_surface(key[2], shape, turtle >= self.seats)
        return img

    def on_synced(self) -> None:
        n = int(self.shown.get("turtles") or self.seats)
        self.moving.clear()
        self.trail = []
        self.dice_anim.clear()
        self.sprites = {t: {"x": 0.0, "y": 0.0} for t in range(n)}
        for t in self.sprites:
            self.sprites[t]["x"], self.sprites[t]["y"] = self.rest_pos(t)

    # --- controls (what the host's legal list allows) ---------------------------------------------
    def build_controls(self) -> None:
        self.widgets.clear()
        self.widgets.add(self.menu_button())
        y = 458
        self.widgets.add(Button(self.app, (968, y, 138, 46), "tortuga.roll", lambda: self.send({"type": "roll"}),
                                key=pygame.K_r, tooltip="tortuga.roll_tip", style="primary",
                                enabled=lambda: bool(self.legal("roll"))))
        self.widgets.add(Button(self.app, (1116, y, 138, 46), "tortuga.stop", lambda: self.send({"type": "stop"}),
                                key=pygame.K_s, tooltip="tortuga.stop_tip", style="good",
                                enabled=lambda: bool(self.legal("stop"))))
        self.card_buttons = []
        plays = [a for a in self.table.legal if a.get("type") == "play_card"] if self.table.my_turn() else []
        for i, a in enumerate(plays[:6]):
            b = Button(self.app, (968 + i * 48, 414, 42, 38), None, lambda a=a: self.send(a),
                       key=pygame.K_1 + a["eggs"] - 1, key_name="", tooltip="tortuga.card_tip",
                       text=f"{a['eggs']}", enabled=lambda: bool(self.legal("play_card")), size=20)
            self.card_buttons.append(b)
            self.widgets.add(b)
        chooses = [a for a in self.table.legal if a.get("type") == "choose_turtle"] if self.table.my_turn() else []
        for i, a in enumerate(chooses):
            first = a["turtle"] < self.seats
            self.widgets.add(Button(self.app, (968 + i * 148, 414, 138, 38), "tortuga.choose_a" if first else "tortuga.choose_b",
                                    lambda a=a: self.send(a), key=pygame.K_a if first else pygame.K_b,
                                    tooltip="tortuga.choose_tip", style="primary",
                                    enabled=lambda: bool(self.legal("choose_turtle")), size=17))

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for a in self.legal("choose_turtle"):  # click a turtle to choose it
                x, y = self.sprites.get(a["turtle"], {"x": -99, "y": -99}).values()
                if abs(event.pos[0] - x) < TURTLE_W // 2 and abs(event.pos[1] - y) < TURTLE_H // 2:
                    self.send(a)
                    return True
        return super().handle_event(event)

    # --- events → animations ----------------------------------------------------------------------
    def describe(self, ev: dict) -> str | None:
        t = ev.get("type")
        name = self.table.name(ev["seat"]) if "seat" in ev else ""
        if t == "turn":
            return self.tr("ev.tortuga.turn", name=name)
        if t == "die_rolled":
            return self.tr("ev.tortuga.die_rolled", name=name, value=ev["value"], sum=ev["sum"])
        if t == "card_played":
            return self.trn("ev.tortuga.card_played", ev["eggs"], name=name, eggs=ev["eggs"], sum=ev["sum"])
        if t == "turtles_moved":
            return self.trn("ev.tortuga.moved", ev["steps"], name=self.table.name(self.owner(ev["turtle"])),
                            steps=ev["steps"], to=ev["to"], turtles=len(ev["group"]))
        if t == "bust":
            return self.tr("ev.tortuga.bust", name=self.table.name(self.owner(ev["turtle"])), sum=ev["sum"])
        if t == "card_taken":
            return self.trn("ev.tortuga.card_taken", ev["eggs"], name=name, eggs=ev["eggs"])
        if t == "beach":
            return self.trn("ev.tortuga.beach", ev["eggs"], name=name, eggs=ev["eggs"])
        if t == "turtle_chosen":
            return self.tr("ev.tortuga.chosen", name=name)
        if t == "game_over":
            names = ", ".join(self.table.name(s) for s in ev.get("winners", []))
            return self.tr("ev.game_over", names=names)
        return None

    def animate_event(self, ev: dict):
        t = ev.get("type")
        fn = getattr(self, f"_anim_{t}", None)
        return fn(ev) if fn else None

    def _set(self, **kw):
        return Call(lambda: self.shown.update(kw))

    def _anim_turn(self, ev):
        def chime():
            if self.table.my_seat == ev["seat"]:
                self.app.play_sound("chime")
        return Sequence(self._set(seat=ev["seat"], rolled=[], sum=0, multiplier=0), Call(chime), Wait(0.15))

    def _anim_turtle_chosen(self, ev):
        return Sequence(self._set(turtle=ev["turtle"]), Call(lambda: self.float_text(
            self.tr("tortuga.this_one"), *self.rest_pos(ev["turtle"]), theme.ACCENT)), Wait(0.3))

    def _anim_die_rolled(self, ev):
        idx = len(ev["dice"]) - 1
        state = {"face": 1, "tilt": 0.0, "y": -60.0}

        def tumble(p):
            state["face"] = ev["value"] if p >= 1 else 1 + int(p * 17 + idx * 3) % 6
            state["tilt"] = (1 - p) * 540
            state["y"] = -70 * (1 - p) + (-18 * math.sin(p * math.pi * 3) * (1 - p))
            self.dice_anim[idx] = state

        def land():
            self.dice_anim.pop(idx, None)
            self.shown.update(rolled=list(ev["dice"]), sum=ev["sum"], multiplier=ev["multiplier"], turtle=ev.get("turtle"))
            if ev["sum"] > MAX_SUM and len(ev["dice"]) >= 2:
                self.float_text(self.tr("tortuga.over_seven"), 1110, 330, theme.BAD)

        return Sequence(Call(lambda: self.app.play_sound("dice")), Progress(0.55, tumble, "out_quad"), Call(land), Wait(0.2))

    def _anim_card_played(self, ev):
        start = self.seat_row_pos(ev["seat"])
        idx = len(ev["dice"]) - 1
        end = self.dice_slot(idx).center
        card = {"eggs": ev["eggs"], "x": start[0], "y": start[1]}

        def begin():
            held = self.shown.setdefault("held", {}).get(str(ev["seat"]), [])
            if ev["eggs"] in held:
                held.remove(ev["eggs"])
            self.flying_cards.append(card)
            self.app.play_sound("flip")

        def end_():
            self.flying_cards.remove(card) if card in self.flying_cards else None
            self.shown.update(rolled=list(ev["dice"]), sum=ev["sum"], multiplier=ev["multiplier"])

        return Sequence(Call(begin), Tween(card, 0.5, "in_out_quad", x=end[0], y=end[1]), Call(end_))

    def _anim_turtles_moved(self, ev):
        group, start, steps = list(ev["group"]), ev["from"], ev["steps"]
        path = []
        s = start
        for _ in range(steps):
            s = 1 if s in (0, BEACH) else s + 1
            path.append(s)
        step_time = 0.16 if steps <= 12 else max(0.06, 1.9 / steps)
        base_offsets = {}

        def lift():
            stack = self.stack_of(start)
            for t in group:
                self.moving.add(t)
                base_offsets[t] = group.index(t)
            # the moving group leaves its stack at once (those below stay)
            stacks = self.shown.setdefault("stacks", {})
            stacks[str(start)] = [t for t in stack if t not in group]
            self.trail = [start] + path

        def hop_to(frm, to):
            fx, fy = space_pos(frm)
            tx, ty = space_pos(to)
            below = len(self.stack_of(to))

            def step(p):
                h = 26 * math.sin(math.pi * p)
                for t in group:
                    oy = 4 + (below + base_offsets[t]) * STACK_DY
                    self.sprites[t]["x"] = fx + (tx - fx) * p
                    self.sprites[t]["y"] = fy + (ty - fy) * p - oy - h
                if p >= 1:
                    self.app.play_sound("hop")
            return Progress(step_time, step, "in_out_quad")

        seq = Sequence(Call(lift))
        prev = start
        for sp in path:
            seq.add(hop_to(prev, sp))
            prev = sp

        def land():
            stacks = self.shown.setdefault("stacks", {})
            stacks[str(ev["to"])] = self.stack_of(ev["to"]) + group
            self.moving.difference_update(group)
            self.trail = []
            for t in group:
                self.sprites[t]["x"], self.sprites[t]["y"] = self.rest_pos(t)
            mult = len(self.shown.get("rolled", [])) or 1
            x, y = space_pos(ev["to"])
            self.float_text(f"+{steps}" if mult == 1 else f"×{mult} → {steps}", x, y - 70, theme.ACCENT)
        seq.add(Call(land))
        seq.add(Wait(0.15))
        return seq

    def _anim_bust(self, ev):
        group, start = list(ev["group"]), ev["from"]

        def splash():
            x, y = space_pos(start)
            self.app.play_sound("splash")
            self.burst(x, y, (120, 200, 255), 36)
            self.float_text(self.tr("tortuga.bust_big"), x, y - 60, theme.BAD, size=34)
            stacks = self.shown.setdefault("stacks", {})
            stacks[str(start)] = [t for t in self.stack_of(start) if t not in group]
            self.moving.update(group)
        anims = []
        for k, t in enumerate(group):
            sp = self.sprites[t]
            anims.append(Sequence(Wait(0.05 * k), Tween(sp, 0.75, "in_out_quad", x=RAFT_POS[0] - 40 + 20 * k, y=RAFT_POS[1] - 10)))

        def land():
            stacks = self.shown.setdefault("stacks", {})
            stacks["0"] = sorted(self.stack_of(0) + group)
            self.moving.difference_update(group)
            for t in group:
                self.sprites[t]["x"], self.sprites[t]["y"] = self.rest_pos(t)
            self.burst(RAFT_POS[0], RAFT_POS[1], (120, 200, 255), 14)
        return Sequence(Wait(0.35), Call(splash), Parallel(*anims), Call(land), Wait(0.2))

    def _anim_card_taken(self, ev):
        end = self.seat_row_pos(ev["seat"])
        card = {"eggs": ev["eggs"], "x": DECK_POS[0] + 44, "y": DECK_POS[1]}

        def begin():
            self.flying_cards.append(card)
            self.app.play_sound("flip")
            self.shown.update(face_up=ev.get("face_up"), deck_left=ev.get("deck_left", self.shown.get("deck_left")))

        def end_():
            if card in self.flying_cards:
                self.flying_cards.remove(card)
            self.shown.setdefault("held", {}).setdefault(str(ev["seat"]), []).append(ev["eggs"])
            self.float_text(f"+{ev['eggs']}", end[0], end[1] - 20, theme.ACCENT)
            self.app.play_sound("tick")
        return Sequence(Call(begin), Tween(card, 0.7, "in_out_quad", x=end[0], y=end[1]), Call(end_), Wait(0.1))

    def _anim_beach(self, ev):
        t = ev["turtle"]
        x, y = space_pos(BEACH)

        def go():
            self.moving.add(t)
            stacks = self.shown.setdefault("stacks", {})
            for k in list(stacks):
                stacks[k] = [u for u in stacks[k] if u != t]
        sp = self.sprites[t]

        def land():
            self.shown.setdefault("stacks", {})[str(BEACH)] = self.stack_of(BEACH) + [t]
            self.moving.discard(t)
            self.shown["beach"] = ev["seat"]
            self.burst(x, y, theme.ACCENT, 40)
            self.float_text(self.tr("tortuga.beach_big"), x + 40, y - 90, theme.ACCENT, size=34)
            self.app.play_sound("chime")
        return Sequence(Call(go), Tween(sp, 0.6, "out_back", x=x, y=y - 18), Call(land), Wait(0.8))

    def _anim_game_over(self, ev):
        return Sequence(Call(lambda: self.shown.update(over=True, winners=ev.get("winners", []))), Wait(0.3))

    # --- decorations --------------------------------------------------------------------------------
    def float_text(self, text, x, y, colour, size: int = 26) -> None:
        f = {"text": text, "x": x, "y": y, "a": 1.0, "colour": colour, "size": size}
        self.floaters.append(f)
        self.timeline.play(Sequence(Tween(f, 1.2, "out_quad", y=y - 40), Tween(f, 0.4, "linear", a=0.0),
                                    Call(lambda: self.floaters.remove(f) if f in self.floaters else None)), parallel=True)

    def burst(self, x, y, colour, n: int) -> None:
        for i in range(n):
            a = 2 * math.pi * i / n + (i % 3) * 0.3
            v = 120 + (i * 37) % 160
            self.particles.append({"x": x, "y": y, "vx": math.cos(a) * v, "vy": math.sin(a) * v - 140,
                                   "life": 0.8 + (i % 5) * 0.1, "colour": colour})

    def update(self, dt: float) -> None:
        super().update(dt)
        for p in self.particles:
            p["x"] += p["vx"] * dt
            p["y"] += p["vy"] * dt
            p["vy"] += 420 * dt
            p["life"] -= dt
        self.particles = [p for p in self.particles if p["life"] > 0]
        pulse = 0.5 + 0.5 * math.sin(self.app.time * 6)  # our decision: the buttons breathe
        for w in self.widgets.items:
            if isinstance(w, Button) and w.label in ("tortuga.roll", "tortuga.stop", "tortuga.choose_a", "tortuga.choose_b"):
                w.pulse = pulse if w.enabled else 0.0
        for t, sp in self.sprites.items():  # turtles at rest glide to their place (stack changes)
            if t not in self.moving:
                rx, ry = self.rest_pos(t)
                sp["x"] += (rx - sp["x"]) * min(1.0, dt * 14)
                sp["y"] += (ry - sp["y"]) * min(1.0, dt * 14)

    # --- drawing ------------------------------------------------------------------------------------
    def seat_row_rect(self, seat: int) -> pygame.Rect:
        h = min(44, 250 // max(1, self.seats))
        return pygame.Rect(964, 52 + seat * (h + 4), 294, h)

    def seat_row_pos(self, seat: int):
        r = self.seat_row_rect(seat)
        return (r.right - 40, r.centery)

    def dice_slot(self, i: int) -> pygame.Rect:
        return pygame.Rect(972 + i * 78, 318, 64, 64)

    def board(self) -> pygame.Surface:
        if self._board is None:
            b = background(self.app, "sea").copy()
            waves = pygame.Surface(b.get_size(), pygame.SRCALPHA)
            for i in range(60):
                x, y = (i * 173) % 940, (i * 97) % 720
                pygame.draw.arc(waves, (255, 255, 255, 50), (x, y, 40, 14), 0.3, 2.8, 2)
            b.blit(waves, (0, 0))
            cx, cy = CENTER
            pygame.draw.ellipse(b, (200, 230, 240), (cx - 450, cy - 326, 900, 652))     # surf
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
                    pygame.draw.line(b, (40, 150, 70), (px + 6, py), (px + 6 + 30 * math.cos(a + math.pi), py - 12 * math.sin(a) + 8), 6)
            # the raft
            r = pygame.Rect(0, 0, 228, 52)
            r.center = (RAFT_POS[0], RAFT_POS[1] + 4)
            for k in range(6):
                log = pygame.Rect(r.x + k * 38, r.y, 36, r.height)
                pygame.draw.rect(b, (150, 104, 56), log, border_radius=10)
                pygame.draw.rect(b, (90, 60, 30), log, 2, border_radius=10)
            # the spaces
            for sp in range(1, BEACH + 1):
                x, y = space_pos(sp)
                rad = 40 if sp == BEACH else 27
                pygame.draw.circle(b, (120, 100, 70), (x + 2, y + 4), rad)
                pygame.draw.circle(b, (255, 236, 170) if sp == BEACH else (190, 170, 130), (x, y), rad)
                pygame.draw.circle(b, (110, 90, 60), (x, y), rad, 3)
            self._board = b
        return self._board

    def draw_table(self, surface) -> None:
        surface.blit(self.board(), (0, 0))
        app = self.app
        for sp in self.trail:  # the hop's path, lit
            x, y = space_pos(sp)
            pygame.draw.circle(surface, theme.ACCENT, (x, y), 30, 4)
        for sp in range(1, BEACH + 1):
            x, y = space_pos(sp)
            blit_text(surface, app, str(sp), (x, y + (22 if sp == BEACH else 12)), 15 if sp != BEACH else 17,
                      (90, 70, 40), bold=True, anchor="center")
        bx, by = space_pos(BEACH)
        blit_text(surface, app, self.tr("tortuga.beach"), (bx, by + 52), 16, theme.INK, bold=True, anchor="center")
        blit_text(surface, app, self.tr("tortuga.raft"), (RAFT_POS[0] + 140, RAFT_POS[1] + 4), 16, theme.PAPER,
                  bold=True, anchor="midleft", shadow=True)
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
            if t == mover and not self.timeline.busy and self.shown.get("phase") in ("roll", "decide"):
                pygame.draw.ellipse(surface, theme.ACCENT, (sp["x"] - 30, sp["y"] - 8, 60, 30), 3)
            elif t in group and not self.timeline.busy:
                pygame.draw.ellipse(surface, theme.shade(theme.ACCENT, 0.8), (sp["x"] - 28, sp["y"] - 6, 56, 26), 2)
            surface.blit(img, img.get_rect(center=(sp["x"], sp["y"])))
        for p in self.particles:
            pygame.draw.circle(surface, p["colour"], (p["x"], p["y"]), max(1, int(5 * p["life"])))
        self.draw_prompt(surface)
        self.draw_side(surface)
        for c in self.flying_cards:
            draw_card(surface, app, pygame.Rect(c["x"] - 22, c["y"] - 30, 44, 60), c["eggs"])
        for f in self.floaters:
            img = app.assets.text(f["text"], f["size"], f["colour"], True)
            sh = app.assets.text(f["text"], f["size"], theme.INK, True)
            if f["a"] < 1:  # fading: never change the cached surfaces themselves
                img, sh = img.copy(), sh.copy()
                img.set_alpha(int(255 * f["a"]))
                sh.set_alpha(int(255 * f["a"]))
            surface.blit(sh, sh.get_rect(center=(f["x"] + 2, f["y"] + 2)))
            surface.blit(img, img.get_rect(center=(f["x"], f["y"])))

    def draw_deck(self, surface) -> None:
        app = self.app
        left = self.shown.get("deck_left", 0) or 0
        face = self.shown.get("face_up")
        x, y = DECK_POS
        for k in range(min(4, max(0, left - 1))):
            draw_card(surface, app, (x - 70 - k * 3, y - 38 - k * 3, 54, 74), None, face_up=False)
        if face is not None:
            draw_card(surface, app, (x + 16, y - 40, 56, 78), face)
        elif self.shown.get("beach") is None:  # the 7-egg beach shows once the deck is used up
            pygame.draw.circle(surface, theme.ACCENT, (x + 44, y - 2), 34)
            pygame.draw.circle(surface, theme.INK, (x + 44, y - 2), 34, 3)
            blit_text(surface, app, "7", (x + 44, y - 4), 36, theme.INK, bold=True, anchor="center")
        blit_text(surface, app, self.trn("tortuga.cards_left", left), (x, y + 50), 16, theme.INK,
                  bold=True, anchor="center")

    def prompt_text(self) -> tuple[str, tuple]:
        s = self.shown
        if s.get("over") or self.table.over:
            return self.tr("table.game_over"), theme.ACCENT
        active = s.get("seat", 0)
        decider = s.get("decider")
        me = self.table.my_seat
        phase = s.get("phase")
        an, dn = self.table.name(active), self.table.name(decider if decider is not None else active)
        if phase == "choose_turtle":
            return (self.tr("tortuga.prompt_choose_you") if me == active else self.tr("tortuga.prompt_choose", name=an)), theme.ACCENT
        if phase == "roll":
            return (self.tr("tortuga.prompt_roll_you") if me == active else self.tr("tortuga.prompt_roll", name=an)), theme.ACCENT
        if phase == "decide":
            if decider is not None and decider != active:
                if me == decider:
                    return self.tr("tortuga.prompt_decide_for", name=an), theme.ACCENT
                if me == active:
                    return self.tr("tortuga.prompt_other_decides_yours", name=dn), theme.PAPER
                return self.tr("tortuga.prompt_decides_for", name=dn, active=an), theme.PAPER
            return (self.tr("tortuga.prompt_decide_you") if me == decider else self.tr("tortuga.prompt_decide", name=dn)), theme.ACCENT
        return "", theme.PAPER

    def draw_prompt(self, surface) -> None:
        text, colour = self.prompt_text()
        if not text:
            return
        font = self.app.assets.font(20, True)
        lines = wrap(font, text, 640)
        w = max(font.size(ln)[0] for ln in lines) + 40
        r = pygame.Rect(0, 0, w, 14 + 26 * len(lines))
        r.midtop = (490, 6)
        draw_panel(surface, r, fill=(20, 30, 60), edge=colour, radius=16, alpha=230)
        for i, ln in enumerate(lines):
            img = self.app.assets.text(ln, 20, colour, True)
            surface.blit(img, img.get_rect(midtop=(r.centerx, r.y + 8 + 26 * i)))

    def draw_side(self, surface) -> None:
        app = self.app
        draw_panel(surface, (952, 8, 320, 300))
        blit_text(surface, app, self.tr("tortuga.players"), (966, 16), 20, theme.ACCENT, bold=True)
        held = self.shown.get("held", {})
        active = self.shown.get("seat")
        for seat in range(self.seats):
            r = self.seat_row_rect(seat)
            cards = held.get(str(seat), [])
            eggs = sum(cards) + (7 if self.shown.get("beach") == seat else 0)
            player_badge(surface, app, self.table, seat, r, active=(seat == active),
                         sub=self.trn("tortuga.eggs", eggs), you=(seat == self.table.my_seat))
            for k, e in enumerate(cards[-7:]):
                draw_card(surface, app, (r.right - 16 - (len(cards[-7:]) - k) * 19, r.y + 5, 20, r.height - 10), e)
        # dice tray
        draw_panel(surface, (952, 272 + 38, 320, 0 + 200), fill=(44, 40, 70))
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
