"""The engine's seeded generator: the only source of randomness in a game.

SplitMix64 (Steele, Lea, Flood 2014): a 64-bit state, one integer, which makes the state trivially
part of a snapshot (msgpack and JSON carry it as an int). Pure integer arithmetic, so the same seed
gives the same draws on every machine and every Python version (``random.Random`` promises no such
thing across versions). Draws are explicit method calls on a generator owned by a game or a bot.
"""

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


# below(n)'s rejection limit per n (a pure function of n: a cache, not state).
_LIMITS: dict[int, int] = {}


def _limit(n: int) -> int:
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    limit = (1 << 64) - ((1 << 64) % n)
    if n < 4096:
        _LIMITS[n] = limit
    return limit


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None):
        # A seed of any size (or negative) is folded into 64 bits through the mixer, so nearby
        # seeds give unrelated streams. ``state`` restores a generator exactly (from getstate()).
        if state is not None:
            self.state = int(state) & _MASK
        else:
            self.state = _mix(int(seed) & _MASK) ^ _mix((int(seed) >> 64) & _MASK)

    def getstate(self) -> int:
        return self.state

    def next64(self) -> int:
        # _mix inlined: this is the hot path of every draw.
        z = self.state = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n), without modulo bias (rejection of the top partial block)."""
        limit = _LIMITS.get(n) or _limit(n)
        while True:
            z = self.state = (self.state + _GOLDEN) & _MASK      # next64(), inlined: hot path
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform int in [lo, hi], both ends included (a die is randint(1, 6))."""
        return lo + self.below(hi - lo + 1)

    def choice(self, seq):
        """``seq[self.below(len(seq))]``, with below() inlined: every random game and bot draws
        its actions this way, so the call it saves is worth the repetition."""
        n = len(seq)
        limit = _LIMITS.get(n) or _limit(n)
        while True:
            z = self.state = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                return seq[z % n]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits (for bots' heuristics; rules use below())."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))
