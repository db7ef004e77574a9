"""A movement's outcome: moving the group, busting, the egg cards and the beach (L-R, L-E, L-X1).

Functions here change a ``TortugaGame``'s state and append the events they cause.
"""
from __future__ import annotations

from . import end
from .cards import BEACH_EGGS
from .track import BEACH, RAFT, destination, lift, put


def move(g, steps: int, events: list) -> None:
    """L-T2 / L-R1 / L-R2: the moving turtle's group goes ``steps`` spaces and lands on top of the
    stack there; a group that ends on or passes space 21 earns its top turtle's owner the card
    (L-E1) or, once the beach shows, the beach and the end of the game (L-X1)."""
    t = g.moving
    stacks, pos = g.stacks, g.pos
    start = pos[t]
    end_space, passes = destination(start, steps)
    group = lift(stacks, pos, t)
    stacks[end_space] += group                  # track.put, inlined: the hot path
    for x in group:
        pos[x] = end_space
    events.append({"type": "turtles_moved", "seat": g.seat, "decider": g.decider, "turtle": t,
                   "group": group, "from": start, "to": end_space, "steps": steps,
                   "passed_beach": passes})
    if passes:
        reach_beach(g, group, events)


def bust(g, events: list) -> None:
    """L-T3 / L-R3: the group goes back to the raft as separate turtles; nobody moves."""
    t = g.moving
    start = g.pos[t]
    group = lift(g.stacks, g.pos, t)
    put(g.stacks, g.pos, group, RAFT)
    events.append({"type": "bust", "seat": g.seat, "decider": g.decider, "turtle": t,
                   "group": group, "from": start, "dice": list(g.rolled),
                   "sum": sum(g.rolled)})


def reach_beach(g, group: list, events: list) -> None:
    top = group[-1]
    owner = top % g.seats
    if g.deck:
        # L-E1: the top turtle's owner takes the face-up card; the next one is turned face up.
        eggs = g.deck.pop(0)
        g.held[owner].append(eggs)
        face_up = g.deck[0] if g.deck else None
        events.append({"type": "card_taken", "seat": owner, "turtle": top, "eggs": eggs,
                       "face_up": face_up, "deck_left": len(g.deck),
                       "reveal": face_up is not None})
        return
    # L-X1: the beach shows; its top turtle goes onto the beach, 7 eggs, the game ends at once.
    at = g.pos[top]
    if at != BEACH:
        g.stacks[at].pop()          # the top turtle of the group is the top of its stack
        put(g.stacks, g.pos, [top], BEACH)
    g.beach = owner
    events.append({"type": "beach", "seat": owner, "turtle": top, "from": at, "eggs": BEACH_EGGS})
    end.finish(g, events)
