"""Tweens: animation as explicit objects with time passed in (like pgzero's ``animation.py``, but
owned by a scene instead of a global list).

A tween changes attributes (or dict items) of a target from their value at its start to given end
values over ``duration`` seconds with an easing function. ``Sequence`` runs children one after
the other, ``Parallel`` together; ``Wait`` holds; ``Call`` runs a function once. Every animation
has ``update(dt) -> leftover`` (the time it did not use, so a sequence hands the rest of a frame
to the next child), ``done``, and ``finish()`` (skip to the end: every end value is set and every
callback runs, in order). A ``Timeline`` owns a scene's animations, applies the speed multiplier
and can skip everything. Tests step time by hand: nothing here reads a clock.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

# --- easing functions: f(0) = 0, f(1) = 1 -------------------------------------------------------


def linear(t: float) -> float:
    return t


def in_quad(t: float) -> float:
    return t * t


def out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def out_bounce(t: float) -> float:
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def out_elastic(t: float) -> float:
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi / 3)) + 1


def hop(t: float) -> float:
    """0 → 1 → 0: a jump's height over its progress (use it for an offset, not a position)."""
    return 4 * t * (1 - t)


EASINGS: dict[str, Callable[[float], float]] = {
    f.__name__: f
    for f in (linear, in_quad, out_quad, in_out_quad, out_cubic, out_back, out_bounce, out_elastic, hop)
}


def lerp(a, b, t: float):
    """Interpolate numbers, or tuples/lists of numbers element by element."""
    if isinstance(a, (tuple, list)):
        return type(a)(lerp(x, y, t) for x, y in zip(a, b))
    return a + (b - a) * t


# --- animations ---------------------------------------------------------------------------------


class Anim:
    """Base: subclasses implement ``_advance(dt) -> leftover`` and ``_finish()``."""

    done: bool = False

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        return self._advance(dt)

    def finish(self) -> None:
        if not self.done:
            self._finish()
            self.done = True

    def _advance(self, dt: float) -> float:  # pragma: no cover - abstract
        raise NotImplementedError

    def _finish(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


def _get(target, key):
    return target[key] if isinstance(target, dict) else getattr(target, key)


def _set(target, key, value):
    if isinstance(target, dict):
        target[key] = value
    else:
        setattr(target, key, value)


class Tween(Anim):
    """Move ``target``'s attributes (or dict items) to ``ends`` over ``duration`` seconds.

    Start values are read when the tween first runs (so a tween queued in a sequence starts from
    where the previous one left the target)."""

    def __init__(self, target: Any, duration: float, easing: str | Callable = "out_quad",
                 on_finish: Callable[[], None] | None = None, **ends):
        self.target = target
        self.duration = max(0.0, float(duration))
        self.easing = EASINGS[easing] if isinstance(easing, str) else easing
        self.ends = ends
        self.on_finish = on_finish
        self.elapsed = 0.0
        self.starts: dict | None = None

    def _advance(self, dt: float) -> float:
        if self.starts is None:
            self.starts = {k: _get(self.target, k) for k in self.ends}
        self.elapsed += dt
        if self.elapsed >= self.duration:
            leftover = self.elapsed - self.duration
            self.finish()
            return leftover
        f = self.easing(self.elapsed / self.duration)
        for k, end in self.ends.items():
            _set(self.target, k, lerp(self.starts[k], end, f))
        return 0.0

    def _finish(self) -> None:
        for k, end in self.ends.items():
            _set(self.target, k, end)
        self.elapsed = self.duration
        if self.on_finish:
            self.on_finish()


class Wait(Anim):
    def __init__(self, duration: float):
        self.duration = float(duration)
        self.elapsed = 0.0

    def _advance(self, dt: float) -> float:
        self.elapsed += dt
        if self.elapsed >= self.duration:
            self.done = True
            return self.elapsed - self.duration
        return 0.0

    def _finish(self) -> None:
        self.elapsed = self.duration


class Call(Anim):
    """Run ``fn()`` once, taking no time."""

    def __init__(self, fn: Callable[[], object]):
        self.fn = fn

    def _advance(self, dt: float) -> float:
        self.finish()
        return dt

    def _finish(self) -> None:
        self.fn()


class Progress(Anim):
    """Call ``fn(p)`` with eased progress p in [0, 1] every step (for things that are not
    attributes: a point along a path, a shake, a particle burst). ``fn(1.0)`` is the end."""

    def __init__(self, duration: float, fn: Callable[[float], None], easing: str | Callable = "linear"):
        self.duration = max(0.0, float(duration))
        self.fn = fn
        self.easing = EASINGS[easing] if isinstance(easing, str) else easing
        self.elapsed = 0.0

    def _advance(self, dt: float) -> float:
        self.elapsed += dt
        if self.elapsed >= self.duration:
            leftover = self.elapsed - self.duration
            self.finish()
            return leftover
        self.fn(self.easing(self.elapsed / self.duration))
        return 0.0

    def _finish(self) -> None:
        self.elapsed = self.duration
        self.fn(1.0)


class Sequence(Anim):
    def __init__(self, *children: Anim):
        self.children = list(children)
        self.index = 0

    def add(self, child: Anim) -> "Sequence":
        self.children.append(child)
        return self

    def _advance(self, dt: float) -> float:
        while self.index < len(self.children):
            dt = self.children[self.index].update(dt)
            if not self.children[self.index].done:
                return 0.0
            self.index += 1
        self.done = True
        return dt

    def _finish(self) -> None:
        for child in self.children[self.index:]:
            child.finish()
        self.index = len(self.children)


class Parallel(Anim):
    def __init__(self, *children: Anim):
        self.children = list(children)

    def add(self, child: Anim) -> "Parallel":
        self.children.append(child)
        return self

    def _advance(self, dt: float) -> float:
        leftovers = [c.update(dt) for c in self.children]
        if all(c.done for c in self.children):
            self.done = True
            return min(leftovers) if leftovers else dt
        return 0.0

    def _finish(self) -> None:
        for child in self.children:
            child.finish()


class Timeline:
    """A scene's animations. ``play`` queues an animation after those already queued (``Sequence``
    semantics) or, with ``parallel=True``, runs it at once beside them (for decorations such as
    particles and pulses). ``speed`` multiplies time (settings' animation speed); ``skip()``
    finishes everything at once."""

    def __init__(self, speed: float = 1.0):
        self.speed = speed
        self.queue: list[Anim] = []
        self.side: list[Anim] = []

    @property
    def busy(self) -> bool:
        """True while queued (blocking) animations remain; side animations do not count."""
        return bool(self.queue)

    def play(self, anim: Anim, parallel: bool = False) -> Anim:
        (self.side if parallel else self.queue).append(anim)
        return anim

    def update(self, dt: float) -> None:
        dt *= self.speed
        if self.speed <= 0:  # speed 0 means "no animations": everything lands at once
            self.skip()
            return
        rest = dt
        while self.queue:
            rest = self.queue[0].update(rest)
            if not self.queue[0].done:
                break
            self.queue.pop(0)
        for a in list(self.side):
            a.update(dt)
        self.side = [a for a in self.side if not a.done]

    def skip(self) -> None:
        while self.queue:
            self.queue.pop(0).finish()
        for a in self.side:
            a.finish()
        self.side.clear()


def sequence(items: Iterable[Anim]) -> Sequence:
    return Sequence(*items)
