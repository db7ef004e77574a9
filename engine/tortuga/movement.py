"""A movement's outcome: moving the group, busting, the egg cards and the beach (L-R, L-E1,
L-X1). Functions here change a ``State`` and append the events they cause; ``flow`` decides what
comes next (the game is over once ``s.beach`` is set)."""
from __future__ import annotations

from .cards import BEACH_EGGS
from .state import State
from .track import BEACH, RAFT, destination, lift, put


def move(s: State, steps: int, events: list) -> None:
    """L-T2 / L-R1 / L-R2: the moving turtle's group goes ``steps`` spaces and lands on top of the
    stack there; a group that ends on or passes space 21 earns its top turtle's owner the card
    (L-E1) or, once the beach shows, the beach (L-X1)."""
    t = s.moving
    assert t is not None, "no turtle is moving"
    stacks, pos = s.stacks, s.pos
    start = pos[t]
    end_space, passes = destination(start, steps)
    if start:                                   # track.lift and track.put, inlined: the hot path
        st = stacks[start]
        i = st.index(t)
        group = st[i:]
        del st[i:]
    else:
        stacks[RAFT].remove(t)
        group = [t]
    stacks[end_space] += group
    for x in group:
        pos[x] = end_space
    events.append({"type": "turtles_moved", "seat": s.seat, "decider": s.decider, "turtle": t,
                   "group": group, "from": start, "to": end_space, "steps": steps,
                   "passed_beach": passes})
    if passes:
        reach_beach(s, group, events)


def bust(s: State, events: list) -> None:
    """L-T3 / L-R3: the group goes back to the raft as separate turtles; nobody moves."""
    t = s.moving
    assert t is not None, "no turtle is moving"
    start = s.pos[t]
    group = lift(s.stacks, s.pos, t)
    put(s.stacks, s.pos, group, RAFT)
    events.append({"type": "bust", "seat": s.seat, "decider": s.decider, "turtle": t,
                   "group": group, "from": start, "dice": list(s.rolled),
                   "sum": sum(s.rolled)})


def reach_beach(s: State, group: list, events: list) -> None:
    top = group[-1]
    owner = top % s.n
    if s.deck:
        # L-E1: the top turtle's owner takes the face-up card; the next one is turned face up.
        eggs = s.deck.pop(0)
        s.held[owner].append(eggs)
        face_up = s.deck[0] if s.deck else None
        events.append({"type": "card_taken", "seat": owner, "turtle": top, "eggs": eggs,
                       "face_up": face_up, "deck_left": len(s.deck),
                       "reveal": face_up is not None})
        return
    # L-X1: the beach shows; its top turtle goes onto the beach, 7 eggs, the game ends at once.
    at = s.pos[top]
    if at != BEACH:
        s.stacks[at].pop()          # the top turtle of the group is the top of its stack
        put(s.stacks, s.pos, [top], BEACH)
    s.beach = owner
    events.append({"type": "beach", "seat": owner, "turtle": top, "from": at, "eggs": BEACH_EGGS})
