"""A uniformly random legal action: the baseline, for both games."""
from __future__ import annotations

from .base import Bot
from .registry import register


class RandomBot(Bot):
    def choose(self, view: dict, legal: list[dict]) -> dict:
        return self.rng.choice(legal)


register("tikal", "random")(type("TikalRandomBot", (RandomBot,), {}))
register("tortuga", "random")(type("TortugaRandomBot", (RandomBot,), {}))
