"""The round track and moving groups of turtles (L-C1, L-R1–L-R3).

Spaces are 1–21 (21 is the beach), the raft is space 0. ``stacks[p]`` lists the turtles on space
``p`` bottom first; ``stacks[0]`` is the raft, where turtles are never stacked (its order means
nothing; views list it sorted). ``pos[t]`` is turtle ``t``'s space.
"""
from __future__ import annotations

RAFT = 0
BEACH = 21
SPACES = 21


def destination(start: int, steps: int) -> tuple[int, bool]:
    """(end space, whether the move ends on or passes space 21) for ``steps`` >= 1 from ``start``.

    L-R1: from the raft a move of n ends on n; after 21 comes 1; 21 steps from a track space go
    round once and end where they started (having passed the beach).
    """
    end = (start - 1 + steps) % SPACES + 1
    to_beach = BEACH - start if 0 < start < BEACH else SPACES
    return end, steps >= to_beach


def group_of(stacks: list, pos: list, turtle: int) -> list[int]:
    """The moving group: ``turtle`` and every turtle on top of it, bottom first (L-R2).

    On the raft nothing is stacked (L-R3), so the group is the turtle alone.
    """
    p = pos[turtle]
    if p == RAFT:
        return [turtle]
    st = stacks[p]
    return st[st.index(turtle):]


def lift(stacks: list, pos: list, turtle: int) -> list[int]:
    """Take ``turtle``'s group off its space; returns it bottom first."""
    p = pos[turtle]
    if p == RAFT:
        stacks[RAFT].remove(turtle)
        return [turtle]
    st = stacks[p]
    i = st.index(turtle)
    group = st[i:]
    del st[i:]
    return group


def put(stacks: list, pos: list, group: list[int], space: int) -> None:
    """Put a group on ``space``: on top of the stack there (L-R2), or side by side on the raft
    (L-R3: a busting group lands as separate turtles)."""
    stacks[space].extend(group)
    for t in group:
        pos[t] = space
