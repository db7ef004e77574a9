"""A turn: choosing the turtle, rolling, stopping, playing a card as a die (L-T1–L-T4, L-E2).

Phases (``g.phase``):
- ``"choose_turtle"``: a player with two turtles picks which moves first (L-T4); to_act = active.
- ``"roll"``: before the first die; only ``roll``, by the active player (L-T1).
- ``"decide"``: after at least one die; ``roll`` / ``stop`` / ``play_card`` by the decider, the
  owner of the top turtle of the moving group (L-R2), who may not be the active player.
- ``"over"``.
Everything else (moving after a third die or card, a bust, taking a card, the second turtle's
movement, the next turn, the beach) happens inside ``apply``.
"""
from __future__ import annotations

from ..errors import IllegalAction, MalformedAction
from ..readonly import Action
from . import movement

MAX_SUM = 7     # L-T1 / L-T3 / L-E2
MAX_DICE = 3    # L-T1
#: L-E2, per rules version: the span in which at most one card may be played as a die. Rules 2
#: (the book's «ход» holds both turtles' movements): the whole turn. Rules 1, the decision older
#: games were played under: each movement.
CARD_SPAN = {1: "movement", 2: "turn"}


# --- starting turns and movements ------------------------------------------------------------------
def start_turn(g, seat: int, events: list | None) -> None:
    """The beginning of ``seat``'s turn (L-T1, L-T4)."""
    g.seat = seat
    g.moved = []
    if events is not None:
        events.append({"type": "turn", "seat": seat})
    g.turn_card = None                  # L-E2: at most one card in the whole turn
    if g.two:
        g.phase_ = "choose_turtle"
        g.moving = None
        g.decider = seat
        g.rolled = []
        g.card_at = None
    else:
        start_movement(g, seat)


def start_movement(g, turtle: int) -> None:
    """L-T1 / L-R2: the active player will roll the first die; the owner of the group's top
    turtle decides the rest."""
    g.moving = turtle
    g.rolled = []
    g.card_at = None
    if CARD_SPAN[g.rules] == "movement":
        g.turn_card = None
    p = g.pos[turtle]
    g.decider = (g.stacks[p][-1] if p else turtle) % g.seats     # track.top_of_group, inlined
    g.phase_ = "roll"


def end_movement(g, events: list) -> None:
    """After a stop, a bust or a third die/card: the second turtle (L-T4) or the next turn."""
    if g.phase_ == "over":
        return
    if g.two:
        moved = g.moved
        moved.append(g.moving)
        if len(moved) < 2:
            seat = g.seat
            start_movement(g, seat + g.seats if g.moving == seat else seat)
            return
    start_turn(g, (g.seat + 1) % g.seats, events)


# --- legal actions ---------------------------------------------------------------------------------
# Every action dict is built once and shared, read-only (engine/readonly.py): listing them is the
# hot path of every random game and every bot's search.
ROLL = Action(type="roll")
STOP = Action(type="stop")
PLAY_CARD = {e: Action(type="play_card", eggs=e) for e in range(1, 7)}
CHOOSE = {t: Action(type="choose_turtle", turtle=t) for t in range(7)}


def legal_actions(g) -> list[dict]:
    ph = g.phase_
    if ph == "decide":
        if g.cards_as_dice and g.turn_card is None:
            room = MAX_SUM - sum(g.rolled)
            return [ROLL, STOP] + [PLAY_CARD[e] for e in sorted(set(g.held[g.decider]))
                                   if e <= room]
        return [ROLL, STOP]
    if ph == "roll":
        return [ROLL]
    if ph == "choose_turtle":
        return [CHOOSE[t] for t in (g.seat, g.seat + g.seats) if t not in g.moved]
    return []


# --- applying --------------------------------------------------------------------------------------
def apply(g, action) -> list[dict]:
    """Validate fully, then change the state; returns the events (docs/events.md)."""
    if not isinstance(action, dict):
        raise MalformedAction("an action is a dict with a 'type'", "L-T1")
    typ = action.get("type")
    ph = g.phase_
    if ph == "decide":
        if typ == "roll":
            return _roll(g)
        if typ == "stop":
            events: list = []
            rolled = g.rolled
            movement.move(g, len(rolled) * sum(rolled), events)
            end_movement(g, events)
            return events
    elif ph == "roll":
        if typ == "roll":
            return _roll(g)
        if typ == "stop":
            raise IllegalAction(_not_now(ph, "stop"), "L-T1")
    elif ph == "over":
        raise IllegalAction("the game is over", "L-X1")
    elif typ == "roll" or typ == "stop":
        raise IllegalAction(_not_now(ph, typ), "L-T4")
    if typ == "play_card":
        eggs = action.get("eggs")
        if type(eggs) is not int:
            raise MalformedAction("play_card needs 'eggs', an int", "L-E2")
        _check_card(g, eggs)
        return _play_card(g, eggs)
    if typ == "choose_turtle":
        t = action.get("turtle")
        if type(t) is not int:
            raise MalformedAction("choose_turtle needs 'turtle', an int", "L-T4")
        if ph != "choose_turtle":
            raise IllegalAction(_not_now(ph, "choose a turtle"), "L-T4")
        if t not in (g.seat, g.seat + g.seats) or t in g.moved:
            raise IllegalAction(f"turtle {t} is not one of your turtles still to move", "L-T4")
        start_movement(g, t)
        return [{"type": "turtle_chosen", "seat": g.seat, "turtle": t}]
    raise MalformedAction(f"unknown action type {typ!r} for La Tortuga", "L-T1")


def _not_now(ph: str, what: str) -> str:
    return {"roll": f"you cannot {what} before the first die: roll it",
            "choose_turtle": f"you cannot {what} now: first choose which turtle moves",
            }.get(ph, f"you cannot {what} now")


def _check_card(g, eggs: int) -> None:
    if not g.cards_as_dice:
        raise IllegalAction("cards are played as dice only with the 'cards as dice' option", "L-E2")
    if g.phase_ != "decide":
        raise IllegalAction("a card never counts as the first die", "L-E2")
    if g.turn_card is not None:
        raise IllegalAction("at most one card in the whole turn" if g.rules >= 2
                            else "at most one card in one movement", "L-E2")
    if eggs not in g.held[g.decider]:
        raise IllegalAction(f"you hold no card with {eggs} eggs", "L-E2")
    if sum(g.rolled) + eggs > MAX_SUM:
        raise IllegalAction(f"the sum would be over {MAX_SUM}", "L-E2")


#: Dice are drawn 20 at a time: the base-6 digits of one 64-bit draw below a multiple of 6**20
#: (uniform and independent; a draw at or above it, about 1 in 8,400, is redrawn). They wait in
#: ``g.forced``, the same queue as a scenario's forced dice, so a snapshot's ``dice`` carries
#: them and a restored game rolls exactly the same.
_BATCH = 20
_BATCH_LIMIT = (1 << 64) - (1 << 64) % 6 ** _BATCH


def draw_dice(g) -> None:
    x = g.rng.next64()
    while x >= _BATCH_LIMIT:
        x = g.rng.next64()
    append = g.forced.append
    for _ in range(_BATCH):
        x, r = divmod(x, 6)
        append(r + 1)


def _roll(g) -> list[dict]:
    rolled = g.rolled
    roller = g.decider if rolled else g.seat      # L-T1 the first die by the active player
    if not g.forced:
        draw_dice(g)
    d = g.forced.pop(0)
    rolled.append(d)
    g.phase_ = "decide"
    total = sum(rolled)
    n = len(rolled)
    events = [{"type": "die_rolled", "seat": roller, "turtle": g.moving, "value": d,
               "dice": rolled[:], "sum": total, "multiplier": n, "reveal": True}]
    if n >= 2 and (total > MAX_SUM or n == MAX_DICE):
        _after_count(g, total, n, events)
    return events


def _play_card(g, eggs: int) -> list[dict]:
    g.held[g.decider].remove(eggs)
    g.played.append(eggs)
    g.card_at = len(g.rolled)
    g.turn_card = eggs
    g.rolled.append(eggs)
    total = sum(g.rolled)
    n = len(g.rolled)
    events = [{"type": "card_played", "seat": g.decider, "turtle": g.moving, "eggs": eggs,
               "dice": list(g.rolled), "sum": total, "multiplier": n}]
    _after_count(g, total, n, events)
    return events


def _after_count(g, total: int, n: int, events: list) -> None:
    if total > MAX_SUM and n >= 2:          # L-T3 (a card never busts: L-E2 keeps the sum <= 7)
        movement.bust(g, events)
        end_movement(g, events)
    elif n == MAX_DICE:                     # L-T4: after a third die or card the group moves
        movement.move(g, n * total, events)
        end_movement(g, events)
