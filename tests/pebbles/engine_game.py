"""Pebbles as the engine would have it: its ``GameInfo`` and a game object with the engine's
small state API (``to_act``, ``legal_actions``, ``apply``, ``view``, ``snapshot``, ``scores``,
``winners``, ``phase``, ``rules``), the four factories of a game package (``new_game``,
``from_scenario``, ``restore``, ``sample_state``) and a bot.

``register(monkeypatch)`` makes it one of the engine's games for one test (``engine.GAMES`` and
the registry behind ``engine.new_game``/``restore``, a bot level), and of the host's (the view keys
its journal's state checks hash: net/journal.py ``CHECKED``): every place a new game must touch
in the engine and the host, which fail loudly without it."""
from __future__ import annotations

import sys

from engine import GameInfo, IllegalAction, Option
from engine.bots.random_bot import RandomBot

INFO = GameInfo(name="pebbles", title="Pebbles", min_seats=2, max_seats=3,
                options=(Option("pile", (5, 7, 9), 7),))


class Pebbles:
    rules = 1

    def __init__(self, seats: int = 2, pile: int = 7):
        self.seats, self.pile, self.seat = seats, pile, 0
        self.taken = [0] * seats
        self.last: int | None = None
        self.start_events: list = []

    @property
    def phase(self) -> str:
        return "over" if self.is_over else "take"

    def snapshot(self) -> dict:
        return {"game": "pebbles", "seats": self.seats, "pile": self.pile, "seat": self.seat,
                "taken": list(self.taken), "last": self.last, "rules": self.rules}

    @property
    def is_over(self) -> bool:
        return self.pile == 0

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else self.seat

    def legal_actions(self) -> list:
        return [{"type": "take", "n": n} for n in (1, 2) if n <= self.pile and not self.is_over]

    def apply(self, action) -> list:
        if action not in self.legal_actions():
            raise IllegalAction("take one or two pebbles", "P-T1")
        seat, n = self.seat, action["n"]
        self.pile -= n
        self.taken[seat] += n
        self.last = seat
        self.seat = (seat + 1) % self.seats
        events = [{"type": "took", "seat": seat, "n": n}]
        return events + ([{"type": "game_over", "winners": self.winners}] if self.is_over else [])

    @property
    def scores(self) -> list:
        return [1 if s == self.last and self.is_over else 0 for s in range(self.seats)]

    @property
    def winners(self) -> list:
        return [self.last] if self.is_over else []

    def view(self, seat=None) -> dict:
        return {"game": "pebbles", "seats": self.seats, "pile": self.pile, "seat": self.seat,
                "taken": list(self.taken), "over": self.is_over, "scores": self.scores,
                "winners": self.winners}


# --- the game package's factories (what engine.new_game, restore... call) -------------------------
def new_game(seats: int, seed: int, options: dict, rules: int | None = None) -> Pebbles:
    options = INFO.check_options(options)
    return Pebbles(INFO.check_seats(seats), options["pile"])


def restore(snapshot: dict) -> Pebbles:
    g = Pebbles(snapshot["seats"], snapshot["pile"])
    g.seat, g.taken, g.last = snapshot["seat"], list(snapshot["taken"]), snapshot.get("last")
    return g


from_scenario = restore


def sample_state(view: dict, rng) -> Pebbles:
    """Nothing is hidden in Pebbles: the view is the whole game but for who took last."""
    g = restore(view)
    g.last = view["winners"][0] if view["winners"] else None
    return g


class PebblesBot(RandomBot):
    """Takes one or two pebbles at random."""
    game, level = "pebbles", "easy"


#: The view keys a journal's state check hashes (net/journal.py CHECKED).
CHECKED = ("pile", "taken", "seat")


def register(monkeypatch, max_seats: int | None = None) -> None:
    """Pebbles is a game of the engine and the host for the test that calls this (undone after
    it): its facts, its package, an ``easy`` bot, its journal's checked keys. ``max_seats``: a
    table of more than three (a party's whole group at one short game)."""
    import dataclasses

    import engine
    from engine.bots.registry import FACTORIES
    from net import journal

    info = INFO if max_seats is None else dataclasses.replace(INFO, max_seats=max_seats)
    monkeypatch.setattr(sys.modules[__name__], "INFO", info)
    monkeypatch.setitem(engine.GAMES, "pebbles", info)
    monkeypatch.setitem(engine._PACKAGES, "pebbles", sys.modules[__name__])
    monkeypatch.setitem(FACTORIES, ("pebbles", "easy"), PebblesBot)
    monkeypatch.setitem(journal.CHECKED, "pebbles", CHECKED)
