"""Turn sequencing, legal actions and their dispatch: choosing the turtle, rolling, stopping,
playing a card as a die (L-T1–L-T4, L-E2), the end (L-X1).

Phases (``s.phase``):
- ``"choose_turtle"``: a player with two turtles picks which moves first (L-T4); to_act = active.
- ``"roll"``: before the first die; only ``roll``, by the active player (L-T1).
- ``"decide"``: after at least one die; ``roll`` / ``stop`` / ``play_card`` by the decider, the
  owner of the top turtle of the moving group (L-R2), who may not be the active player.
- ``"over"``.
Everything else (moving after a third die or card, a bust, taking a card, the second turtle's
movement, the next turn, the beach) happens inside the ``apply`` that caused it. ``legal(s)``
lists the actions of the decision awaited; ``apply`` applies one (engine/dispatch.py: parse ->
phase -> check -> do).
"""
from __future__ import annotations

from ..dispatch import Kind, Rules
from ..errors import IllegalAction, MalformedAction
from ..readonly import Frozen
from . import catalog
from .movement import bust, move
from .scoring import cards_count, scores, winners
from .state import CHOOSE_TURTLE, DECIDE, OVER, ROLL, State

MAX_SUM = 7     # L-T1 / L-T3 / L-E2
MAX_DICE = 3    # L-T1
#: L-E2, per rules version: the span in which at most one card may be played as a die. Rules 2
#: (the book's «ход» holds both turtles' movements): the whole turn. Rules 1, the decision older
#: games were played under: each movement.
CARD_SPAN = {1: "movement", 2: "turn"}


# --- turns and movements ---------------------------------------------------------------------------
def start(s: State, events: list) -> None:
    """A new game's first turn (L-S3: the first player begins)."""
    start_turn(s, s.seat, events)


def start_turn(s: State, seat: int, events: list) -> None:
    """The beginning of ``seat``'s turn (L-T1, L-T4)."""
    s.seat = seat
    s.moved = []
    s.turn_card = None
    events.append({"type": "turn", "seat": seat})
    if s.two:
        s.phase = CHOOSE_TURTLE
        s.moving = None
        s.decider = seat
        s.rolled = []
        s.card_at = None
    else:
        start_movement(s, seat)


def start_movement(s: State, turtle: int) -> None:
    """L-T1 / L-R2: the active player will roll the first die; the owner of the group's top
    turtle decides the rest."""
    s.moving = turtle
    s.rolled = []
    s.card_at = None
    if s.turn_card is not None and CARD_SPAN[s.rules] == "movement":
        s.turn_card = None
    p = s.pos[turtle]
    s.decider = (s.stacks[p][-1] if p else turtle) % s.n       # the group's top turtle's owner
    s.phase = ROLL


def end_movement(s: State, events: list) -> None:
    """After a stop, a bust or a third die/card: the end (L-X1), the second turtle (L-T4) or the
    next turn."""
    if s.beach is not None:
        game_over(s, events)
        return
    if s.two:
        moved = s.moved
        assert s.moving is not None, "no turtle has moved"
        moved.append(s.moving)
        if len(moved) < 2:
            seat = s.seat
            start_movement(s, seat + s.n if s.moving == seat else seat)
            return
    start_turn(s, (s.seat + 1) % s.n, events)


def game_over(s: State, events: list) -> None:
    s.phase = OVER
    s.moving = None
    s.rolled = []
    s.card_at = s.turn_card = None
    events.append({"type": "game_over", "scores": scores(s), "winners": winners(s),
                   "cards": cards_count(s)})


# --- legal actions ---------------------------------------------------------------------------------
_ROLL_STOP, _ROLL_ONLY, _NONE = (Frozen((catalog.ROLL, catalog.STOP)), Frozen((catalog.ROLL,)),
                                 Frozen())


def legal(s: State) -> Frozen:
    """Every legal action of ``s.to_act`` now, in a deterministic order: a read-only list of the
    dicts of ``catalog``."""
    ph = s.phase
    if ph == DECIDE:
        if s.cards_as_dice and s.turn_card is None:
            room = MAX_SUM - sum(s.rolled)
            return Frozen([catalog.ROLL, catalog.STOP]
                          + [catalog.PLAY_CARD[e] for e in sorted(set(s.held[s.decider])) if e <= room])
        return _ROLL_STOP
    if ph == ROLL:
        return _ROLL_ONLY
    if ph == CHOOSE_TURTLE:
        return Frozen([catalog.CHOOSE[t] for t in (s.seat, s.seat + s.n) if t not in s.moved])
    return _NONE


# --- the dice --------------------------------------------------------------------------------------
#: Dice are drawn 20 at a time: the base-6 digits of one 64-bit draw below a multiple of 6**20
#: (uniform and independent; a draw at or above it, about 1 in 8,400, is redrawn). They wait in
#: ``s.forced``, the same queue as a scenario's forced dice, so a snapshot's ``dice`` carries
#: them and a restored game rolls exactly the same.
_BATCH = 20
_BATCH_LIMIT = (1 << 64) - (1 << 64) % 6 ** _BATCH


def draw_dice(s: State) -> None:
    x = s.rng.next64()
    while x >= _BATCH_LIMIT:
        x = s.rng.next64()
    append = s.forced.append
    for _ in range(_BATCH):
        x, r = divmod(x, 6)
        append(r + 1)


# --- applying: parse -> phase -> check -> do (engine/dispatch.py) ------------------------------------
def _roll(s: State, events: list) -> None:
    rolled, forced = s.rolled, s.forced
    roller = s.decider if rolled else s.seat      # L-T1 the first die by the active player
    if not forced:
        draw_dice(s)
    d = forced.pop(0)
    rolled.append(d)
    s.phase = DECIDE
    n = len(rolled)
    total = sum(rolled) if n > 1 else d
    events.append({"type": "die_rolled", "seat": roller, "turtle": s.moving, "value": d,
                   "dice": rolled[:], "sum": total, "multiplier": n, "reveal": True})
    if n >= 2 and (total > MAX_SUM or n == MAX_DICE):
        _after_count(s, total, n, events)


def _stop(s: State, events: list) -> None:
    rolled = s.rolled
    move(s, len(rolled) * sum(rolled), events)                # L-T2
    end_movement(s, events)


def _check_card(s: State, eggs: int) -> None:
    if not s.cards_as_dice:
        raise IllegalAction("cards are played as dice only with the 'cards as dice' option", "L-E2")
    if s.turn_card is not None:
        raise IllegalAction("at most one card in the whole turn" if CARD_SPAN[s.rules] == "turn"
                            else "at most one card in one movement", "L-E2")
    if eggs not in s.held[s.decider]:
        raise IllegalAction(f"you hold no card with {eggs} eggs", "L-E2")
    if sum(s.rolled) + eggs > MAX_SUM:
        raise IllegalAction(f"the sum would be over {MAX_SUM}", "L-E2")


def _play_card(s: State, eggs: int, events: list) -> None:
    s.held[s.decider].remove(eggs)
    s.played.append(eggs)
    s.card_at = len(s.rolled)
    s.turn_card = eggs
    s.rolled.append(eggs)
    total = sum(s.rolled)
    n = len(s.rolled)
    events.append({"type": "card_played", "seat": s.decider, "turtle": s.moving, "eggs": eggs,
                   "dice": list(s.rolled), "sum": total, "multiplier": n})
    _after_count(s, total, n, events)


def _after_count(s: State, total: int, n: int, events: list) -> None:
    if total > MAX_SUM and n >= 2:          # L-T3 (a card never busts: L-E2 keeps the sum <= 7)
        bust(s, events)
        end_movement(s, events)
    elif n == MAX_DICE:                     # L-T4: after a third die or card the group moves
        move(s, n * total, events)
        end_movement(s, events)


def _check_turtle(s: State, t: int) -> None:
    if t not in (s.seat, s.seat + s.n) or t in s.moved:
        raise IllegalAction("that turtle is not one of yours still to move", "L-T4")


def _choose(s: State, t: int, events: list) -> None:
    start_movement(s, t)
    events.append({"type": "turtle_chosen", "seat": s.seat, "turtle": t})


def _int_field(key: str, rule: str):
    def parse(action: dict) -> tuple:
        v = action.get(key)
        if type(v) is not int:
            raise MalformedAction(f"{action['type']} needs '{key}', an int", rule)
        return (v,)
    return parse


def _wrong_phase(s: State, t: str) -> tuple:
    if t == "play_card":
        if not s.cards_as_dice:
            return ("cards are played as dice only with the 'cards as dice' option", "L-E2")
        return ("a card never counts as the first die", "L-E2")
    what = {"choose_turtle": "choose a turtle", "roll": "roll", "stop": "stop"}.get(t, "do that")
    rule = "L-T1" if t == "stop" else "L-T4"       # stop before the first die; else the turtles
    if s.phase == ROLL:
        return (f"you cannot {what} before the first die: roll it", rule)
    if s.phase == CHOOSE_TURTLE:
        return (f"you cannot {what} now: first choose which turtle moves", "L-T4")
    return (f"you cannot {what} now", rule)


_KINDS = {
    "roll": Kind(None, (ROLL, DECIDE), None, _roll),
    "stop": Kind(None, DECIDE, None, _stop),
    "play_card": Kind(_int_field("eggs", "L-E2"), DECIDE, _check_card, _play_card),
    "choose_turtle": Kind(_int_field("turtle", "L-T4"), CHOOSE_TURTLE, _check_turtle, _choose),
}

#: RULES.apply(s, action, events, legal=None): parse -> phase -> check -> do (engine/dispatch.py)
RULES = Rules(_KINDS, rule="L-T1", over=("the game is over", "L-X1"), wrong_phase=_wrong_phase)
