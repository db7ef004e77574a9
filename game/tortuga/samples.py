"""Sample positions of La Tortuga for screenshots and tests: a table mid-movement and a game
played to the end by bots."""
from __future__ import annotations

import pygame

import engine
from engine.bots import make_bot

from ..net_bridge import LocalBridge
from ..scenes.samples import NAMES, clocked, use
from .scene import TortugaScene

TORTUGA_SCENARIO = {
    "game": "tortuga", "seats": 5, "seed": 7, "cards_as_dice": False,
    "stacks": {"0": [4], "3": [2], "9": [0, 3], "15": [1]},
    "deck": [4, 2, 6, 3, 5, 1, 4, 3, 5, 2, 4, 3],
    "held": {"0": [3], "1": [5, 2], "2": [4], "3": [6, 1, 3]},
    "seat": 0, "dice": [2, 3],
}

def tortuga_bridge(my_seat: int = 3, scenario: dict | None = None, rolls: int = 2,
                   names: list[str] = NAMES) -> LocalBridge:
    """Seat 0 is the active player; seat 3's turtle rides on seat 0's, so seat 3 decides."""
    g = engine.from_scenario(dict(scenario or TORTUGA_SCENARIO))
    events = [{"type": "turn", "seat": g.view(None)["seat"]}]
    for _ in range(rolls):
        if {"type": "roll"} in g.legal_actions():
            events += g.apply({"type": "roll"})
    return LocalBridge(g, my_seat=my_seat, names=names[: g.seats], past_events=events)


def finished_tortuga_bridge(seats: int = 4, seed: int = 11, names: list[str] = NAMES) -> LocalBridge:
    g = engine.new_game("tortuga", seats=seats, seed=seed)
    bots = {s: make_bot("tortuga", "random", s, seed + s) for s in range(seats)}
    b = LocalBridge(g, my_seat=0, names=names[:seats], bots=bots)
    b.play_out(5000)
    return b


CHOOSE_SCENARIO = {
    "game": "tortuga", "seats": 2, "seed": 3, "cards_as_dice": True,
    "stacks": {"0": [1, 3], "4": [0], "11": [2]},
    "deck": [4, 2, 6, 3, 5, 1, 4, 3, 5, 2],
    "held": {"0": [3, 5], "1": [2, 6, 4]},
    "seat": 0,
}


def choose_bridge(names: list[str] = NAMES, rolled: bool = False) -> LocalBridge:
    """Two seats with two turtles each (L-T4): seat 0, to move, chooses a turtle; cards as dice.
    With ``rolled`` it has chosen and rolled once: roll, stop or play a card (L-E2)."""
    g = engine.from_scenario(dict(CHOOSE_SCENARIO))
    events = [{"type": "turn", "seat": 0}]
    if rolled:
        events += g.apply({"type": "choose_turtle", "turtle": 0})
        events += g.apply({"type": "roll"})
    return LocalBridge(g, my_seat=0, names=names[: g.seats], past_events=events)


def table_sample(app, names):
    """At a table with a turn clock: what is left of the turn, or who thinks (Nudge)."""
    return TortugaScene(app, use(app, clocked(tortuga_bridge(names=names), 47.0)))


def choose_sample(rolled: bool):
    """Two players, two turtles each, cards as dice: Anna chooses which turtle moves first; or
    she has chosen and rolled once (roll, stop or play a card)."""
    def make(app, names):
        scene = TortugaScene(app, use(app, choose_bridge(names=names, rolled=rolled)))
        if not rolled:   # the mouse over the second choice: its turtle is ringed on the island
            choice = [w for w in scene.widgets.items if getattr(w, "value", None)
                      and w.value.get("type") == "choose_turtle"][-1:]
            for w in choice:
                scene.widgets.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=w.rect.center, rel=(0, 0),
                                                              buttons=(0, 0, 0)))
        return scene
    return make


def catch_up_sample(app, names):
    """Four players: the three before us play their turns at once (bots); ours waits behind their
    replay: the chip "your turn — N moves to watch · Skip", in the prompt's place."""
    g = engine.new_game("tortuga", seats=4, seed=5)
    me = (g.to_act + 3) % 4
    b = use(app, LocalBridge(g, my_seat=me, names=names[:4]))
    scene = app.show(TortugaScene(app, b))
    app.step(0.0, events=[])
    b.bots = {s: make_bot("tortuga", "random", s, 9 + s) for s in range(4) if s != me}
    for _ in range(400):
        if g.to_act == me or g.is_over:
            break
        app.step(1 / 60, events=[])
    b.bots = {}
    return scene


def recap_sample(app, names):
    """Anna (seat 0) was away for a few moves of La Tortuga: her takeover bot and the others
    played; the recap is what the host's full update carries."""
    g = engine.new_game("tortuga", seats=4, seed=5, options={"cards_as_dice": True})
    moves, start = [], 0
    bots = {s: make_bot("tortuga", "normal", s, seed=s) for s in range(4)}
    while len(moves) < 14 and not g.is_over:
        seat = g.to_act
        events = g.apply(bots[seat].choose(g.view(seat), g.legal_actions()))
        start += 1
        moves.append({"state": start, "seat": seat, "events": events, "scores": list(g.scores)})
        if seat == 0:
            moves[-1]["bot"] = "normal"     # Anna was away: a bot played her seat
    b = use(app, LocalBridge(g, my_seat=0, names=names[:4]))
    b.recap = {"from": 0, "moves": moves}
    table = app.show(TortugaScene(app, b))
    return app.make("recap", table, b)


def clock_recap_sample(app, names):
    """Anna's turn ran out: the table's bot played it for her (its moves marked ``clock``)."""
    g = engine.new_game("tortuga", seats=4, seed=5, options={"cards_as_dice": True})
    bot, moves = make_bot("tortuga", "normal", 0, seed=1), []
    while g.to_act == 0 and not g.is_over:
        events = g.apply(bot.choose(g.view(0), g.legal_actions()))
        moves.append({"state": len(moves) + 1, "seat": 0, "events": events, "scores": list(g.scores),
                      "bot": "normal", "clock": True})
    b = use(app, LocalBridge(g, my_seat=0, names=names[:4]))
    b.recap = {"from": 0, "moves": moves, "clock": True}
    table = app.show(TortugaScene(app, b))
    return app.make("recap", table, b)


def hinted_bridge(names: list[str] = NAMES, choose: bool = False) -> LocalBridge:
    """A table that allows hints: seat 3 decides for the turtle it rides (``tortuga_bridge``), or
    (``choose``) seat 0 chooses which of its two turtles moves first (``choose_bridge``)."""
    b = choose_bridge(names=names) if choose else tortuga_bridge(names=names)
    b.lobby = {"id": 1, "game": "tortuga", "hints": True, "players": []}
    return b


def hint_sample(choose: bool = False):
    """The hint asked and answered: the strong bot's choice ringed, its reason over the island."""
    def make(app, names):
        scene = app.show(TortugaScene(app, use(app, hinted_bridge(names, choose))))
        app.step(0.0, events=[])
        scene.timeline.skip()
        app.step(0.0, events=[])
        hint = scene.addons[0]
        hint.ask()
        hint.wait()
        app.step(0.0, events=[])
        return scene
    return make
