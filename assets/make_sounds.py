#!/usr/bin/env python3
"""Make the game's sounds by pure-Python synthesis (no numpy), into assets/sounds/*.wav.

Every sound is a few lines of maths below; the output is deterministic (seeded noise), so running
this again gives byte-identical files. The sounds are the project's own work, under the project's
licence (see sounds/README.md).
"""
from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent / "sounds"


def env(t: float, attack: float, decay: float) -> float:
    """A quick attack, then an exponential decay."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def tone(freq: float, t: float) -> float:
    return math.sin(2 * math.pi * freq * t)


def render(duration: float, fn) -> list[float]:
    return [fn(i / RATE) for i in range(int(duration * RATE))]


def mix(*tracks: list[float]) -> list[float]:
    n = max(len(t) for t in tracks)
    return [sum(t[i] for t in tracks if i < len(t)) for i in range(n)]


def delay(track: list[float], seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE) + track


def noise(seed: int):
    rng = random.Random(seed)
    return lambda: rng.uniform(-1, 1)


def lowpass(track: list[float], a: float) -> list[float]:
    out, y = [], 0.0
    for x in track:
        y += a * (x - y)
        out.append(y)
    return out


def save(name: str, track: list[float], gain: float = 0.8) -> None:
    peak = max(1e-9, max(abs(x) for x in track))
    OUT.mkdir(exist_ok=True)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(32767 * gain * x / peak)) for x in track))


def click():
    return render(0.05, lambda t: tone(1800, t) * env(t, 0.001, 0.008))


def chime():  # "your turn": a bright rising arpeggio
    notes = [(659.3, 0.0), (830.6, 0.09), (987.8, 0.18), (1318.5, 0.27)]
    return mix(*[delay(render(0.7, lambda t, f=f: (tone(f, t) + 0.3 * tone(2 * f, t)) * env(t, 0.004, 0.22)), d)
                 for f, d in notes])


def dice():  # a few hard clacks on a table
    n = noise(1)
    clacks = []
    for k, d in enumerate([0.0, 0.07, 0.15, 0.21, 0.3]):
        f = 900 + 260 * (k % 3)
        clacks.append(delay(render(0.06, lambda t, f=f: (0.6 * n() + tone(f, t)) * env(t, 0.0005, 0.012)), d))
    return mix(*clacks)


def flip():  # a tile or card flipping: a short filtered noise swish
    n = noise(2)
    return lowpass(render(0.18, lambda t: n() * math.sin(math.pi * t / 0.18) ** 2), 0.35)


def dig():  # a spade in earth: low thud plus grit
    n = noise(3)
    return mix(render(0.3, lambda t: tone(90 - 80 * t, t) * env(t, 0.003, 0.07)),
               lowpass(render(0.25, lambda t: 0.5 * n() * env(t, 0.002, 0.05)), 0.2))


def splash():  # a turtle group falling in the water
    n = noise(4)
    body = lowpass(render(0.8, lambda t: n() * env(t, 0.01, 0.18)), 0.25)
    drops = [delay(render(0.08, lambda t, f=f: tone(f + 2500 * t, t) * env(t, 0.002, 0.02)), d)
             for f, d in [(700, 0.12), (950, 0.22), (820, 0.34), (1100, 0.45)]]
    return mix(body, *[[0.4 * x for x in d] for d in drops])


def rumble():  # the volcano: a deep, wobbling roar
    n = noise(5)
    roar = lowpass(render(1.6, lambda t: n() * min(1.0, t * 4) * math.exp(-max(0.0, t - 0.8) * 3)), 0.03)
    sub = render(1.6, lambda t: (0.5 * tone(42 + 6 * math.sin(7 * t), t) * min(1.0, t * 3)
                                 * math.exp(-max(0.0, t - 0.9) * 3)))
    return mix([3 * x for x in roar], sub)


def tick():  # a score tick
    return render(0.04, lambda t: tone(2400, t) * env(t, 0.0005, 0.006))


def hop():  # a turtle hops one space
    return render(0.09, lambda t: tone(380 + 900 * t, t) * env(t, 0.004, 0.03))


def refuse():  # a refused action: two low buzzes
    buzz = render(0.1, lambda t: (tone(180, t) + 0.5 * tone(270, t)) * env(t, 0.004, 0.05))
    return mix(buzz, delay(buzz, 0.13))


SOUNDS = {"click": click, "chime": chime, "dice": dice, "flip": flip, "dig": dig, "splash": splash,
          "rumble": rumble, "tick": tick, "hop": hop, "refuse": refuse}

if __name__ == "__main__":
    for name, fn in SOUNDS.items():
        save(name, fn())
        print(OUT / f"{name}.wav")
