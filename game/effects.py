"""Decorations both tables share: particle bursts and smoke, floating texts, a banner, the screen
shake. They run on the scene's timeline beside the host's events (``parallel=True``): they never
hold the queue, and ``timeline.skip()`` ends them with everything else.

A table owns one ``Effects(scene)``; animations call ``burst``, ``smoke``, ``float_text``,
``show_banner`` and set ``shake_amp``; the scene calls ``update(dt)`` every frame and draws
``draw_particles``, ``draw_floaters`` and ``draw_banner`` where they belong in its layers.
"""
from __future__ import annotations

import math

import pygame

from . import theme
from .tween import Call, Sequence, Tween, Wait
from .widgets import draw_panel, fit, note_text, outlined_text

MAX_PARTICLES = 400


class Effects:
    def __init__(self, scene):
        self.scene = scene
        self.particles: list[dict] = []
        self.floaters: list[dict] = []
        self.banner: dict | None = None
        self.shake_amp = 0.0

    @property
    def app(self):
        return self.scene.app

    # --- making them ----------------------------------------------------------------------------
    def burst(self, x, y, colours, n: int, speed: float = 220, up: float = 160, life: float = 0.9,
              size: float = 5) -> None:
        """``n`` sparks flying out of (x, y) and falling (``colours``: one colour or a list)."""
        if colours and isinstance(colours[0], int):
            colours = [colours]
        for i in range(n):
            a = 2 * math.pi * i / n + (i % 3) * 0.4
            v = speed * (0.5 + ((i * 37) % 50) / 100)
            self.particles.append({"x": x, "y": y, "vx": math.cos(a) * v, "vy": math.sin(a) * v - up,
                                   "life": life * (0.7 + (i % 5) * 0.1), "colour": colours[i % len(colours)],
                                   "size": size, "g": 480, "smoke": False})

    def smoke(self, x, y, n: int = 1, big: float = 1.0) -> None:
        for i in range(n):
            k = len(self.particles) + i
            self.particles.append({"x": x + ((k * 13) % 17 - 8), "y": y, "vx": ((k * 7) % 21 - 10) * 1.5,
                                   "vy": -40 - (k % 5) * 8, "life": 1.6, "colour": (96, 90, 92),
                                   "size": 9 * big, "g": -6, "smoke": True})

    def float_text(self, text: str, x, y, colour=theme.ACCENT, size: int = 24, rise: float = 40,
                   hold: float = 0.9) -> dict:
        """A word or number that rises from (x, y) and fades."""
        f = {"text": text, "x": x, "y": y, "a": 1.0, "colour": colour, "size": size}
        self.floaters.append(f)
        self.scene.timeline.play(Sequence(Tween(f, hold, "out_quad", y=y - rise), Tween(f, 0.35, "linear", a=0.0),
                                          Call(lambda: self.floaters.remove(f) if f in self.floaters else None)),
                                 parallel=True)
        return f

    def show_banner(self, text: str, sub: str = "", colour=theme.ACCENT, life: float = 1.4) -> None:
        """A big title (and a smaller line) over the board for a moment."""
        b = {"text": text, "sub": sub, "colour": colour, "a": 0.0}
        self.banner = b

        def gone():
            if self.banner is b:
                self.banner = None
        self.scene.timeline.play(Sequence(Tween(b, 0.2, "out_quad", a=1.0), Wait(life),
                                          Tween(b, 0.35, "linear", a=0.0), Call(gone)), parallel=True)

    def shake_offset(self) -> tuple[int, int]:
        if self.shake_amp <= 0.2:
            return (0, 0)
        t = self.app.time
        return (int(math.sin(t * 71) * self.shake_amp), int(math.cos(t * 53) * self.shake_amp * 0.7))

    # --- per frame --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for p in self.particles:
            p["x"] += p["vx"] * dt
            p["y"] += p["vy"] * dt
            p["vy"] += p["g"] * dt
            p["life"] -= dt
            if p["smoke"]:
                p["size"] += 10 * dt
        if len(self.particles) > MAX_PARTICLES:
            del self.particles[: len(self.particles) - MAX_PARTICLES]
        self.particles = [p for p in self.particles if p["life"] > 0]
        if not self.scene.timeline.busy:
            self.shake_amp = max(0.0, self.shake_amp - 12 * dt)

    def draw_particles(self, surface) -> None:
        app = self.app
        for p in self.particles:
            if p["smoke"]:
                a = max(0, min(150, int(150 * p["life"] / 1.6)))
                k = max(1, int(p["size"]) // 2)
                puff = app.assets.cached(("fx-puff", k), lambda k=k: _puff(k))
                puff.set_alpha(a)
                surface.blit(puff, (p["x"] - 2 * k, p["y"] - 2 * k))
            else:
                r = max(1, int(p["size"] * min(1.0, p["life"] * 1.5)))
                if r > 3:
                    pygame.draw.circle(surface, theme.shade(p["colour"], 0.55), (p["x"], p["y"]), r + 2)
                pygame.draw.circle(surface, p["colour"], (p["x"], p["y"]), r)

    def draw_floaters(self, surface) -> None:
        """The floating words, each stopped under the plates at the top (the prompt, the catch-up
        chip: ``scene.plates()``) instead of rising under them."""
        app = self.app
        plates = list(self.scene.plates())
        for f in self.floaters:
            img = app.assets.text(f["text"], f["size"], f["colour"], True)
            sh = app.assets.text(f["text"], f["size"], theme.INK, True)
            if f["a"] < 1:  # fading: never change the cached surfaces themselves
                img, sh = img.copy(), sh.copy()
                img.set_alpha(int(255 * f["a"]))
                sh.set_alpha(int(255 * f["a"]))
            spot = img.get_rect(center=(f["x"], f["y"]))
            for plate in plates:
                if spot.colliderect(plate):
                    spot.top = plate.bottom + 2
            surface.blit(sh, spot.move(2, 2))
            r = surface.blit(img, spot)
            note_text(app, r, f["text"], layer="float")

    def draw_banner(self, surface, midbottom, max_width: int) -> None:
        """The banner, its bottom centre at ``midbottom``, at most ``max_width`` wide (its lines
        shrink, then are cut, to fit)."""
        b = self.banner
        if not b or b["a"] <= 0.01:
            return
        app = self.app
        if "layer" not in b:  # built once per banner; only its alpha changes while it shows
            title, tsize = fit(app, b["text"], 40, max_width - 48, bold=True, min_size=24)
            sub, ssize = fit(app, b["sub"], 20, max_width - 48, bold=True, min_size=13) if b["sub"] else ("", 20)
            tw = app.assets.text(title, tsize, b["colour"], True).get_width()
            sw = app.assets.text(sub, ssize, theme.PAPER, True).get_width() if sub else 0
            w = min(max_width, max(tw, sw) + 48)
            h = 74 + (28 if sub else 0)
            layer = pygame.Surface((w, h), pygame.SRCALPHA)
            draw_panel(layer, layer.get_rect(), fill=(16, 22, 40), edge=b["colour"], radius=18, shadow=False, alpha=220)
            spots = [outlined_text(layer, app, title, (w // 2, 38), tsize, b["colour"])]
            if sub:
                spots.append(outlined_text(layer, app, sub, (w // 2, 80), ssize, theme.PAPER))
            b.update(layer=layer, spots=spots, texts=[title, sub])
        layer = b["layer"]
        layer.set_alpha(int(255 * b["a"]))
        rect = layer.get_rect(midbottom=midbottom)
        surface.blit(layer, rect)
        for spot, text in zip(b["spots"], b["texts"]):
            note_text(app, spot.move(rect.topleft), text, box=rect, layer="overlay")

    def reset(self) -> None:
        """Drop the shake (a skip lands here too); particles and floaters end on their own."""
        self.shake_amp = 0.0


def _puff(k: int) -> pygame.Surface:
    r = max(2, k * 2)
    s = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    pygame.draw.circle(s, (110, 104, 106, 255), (r, r), r)
    pygame.draw.circle(s, (150, 144, 146, 255), (r - r // 3, r - r // 3), r // 2)
    return s
