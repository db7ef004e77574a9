"""Turn sequencing, legal actions and their dispatch: T-T1, T-T2, T-P4, T-V1, T-V2, T-E1, T-E2,
and the auction variant's rounds (T-X2..T-X8, bidding itself in ``auction``).

Every step that needs no decision happens here, inside the ``apply`` that caused it: drawing,
removing an unplaceable tile (rules 1), scoring rounds, scoring, the last revealed tile, the final
round, the end. An AP phase ends with ``end_turn`` or as soon as its AP reach 0 (nothing is left to
decide then). ``legal(s)`` lists the actions of the decision awaited; ``RULES`` applies one
(engine/dispatch.py: parse -> phase -> check -> do).
"""
from __future__ import annotations

from ..dispatch import Kind, Rules, refuse
from ..errors import IllegalAction, MalformedAction
from ..readonly import Frozen
from . import actions, auction, catalog, placement
from .board import as_hex, is_hex_shaped
from .movement import path_cost
from .scoring import score, winners
from .state import ACTIONS, AP_PER_TURN, BID, CHOOSE, OVER, PLACE, State
from .tiles import SPECS, VOLCANO

AUCTION = "auction"
NORMAL, SCORING = "normal", "scoring"


# --- the start -----------------------------------------------------------------------------------
def start(s: State, events: list) -> None:
    """A new game's first steps (T-S4: the starting player begins)."""
    if s.variant == AUCTION:
        new_round(s, s.first, events)                # T-X6: the first opener is the starter
    else:
        start_turn(s, s.first, events)


# --- a tile in hand ------------------------------------------------------------------------------
def start_turn(s: State, seat: int, events: list) -> None:
    """T-T1: a normal turn (base game) starts by drawing the top tile."""
    s.seat = seat
    while s.stack:
        tile = s.stack.pop(0)
        events.append({"type": "tile_drawn", "seat": seat, "tile": tile,
                       "kind": SPECS[tile].kind, "stack_left": len(s.stack),
                       "next_letter": s.stack[0][0] if s.stack else None, "reveal": True})
        if take(s, seat, tile, events):
            return
    # T-P4 under rules 1: removing unplaceable tiles emptied the stack: 10 AP without a tile.
    begin_turn(s, seat, NORMAL, events)


def take(s: State, seat: int, tile: str, events: list) -> bool:
    """The player holds ``tile`` (drawn, or chosen in the auction). False if it was removed
    (T-P4 under rules 1)."""
    if SPECS[tile].kind == VOLCANO:
        # T-T2 / T-V1 / T-X7: set aside; a scoring round starts with this player.
        s.volcano = (tile, seat)
        start_scoring(s, "volcano", [(seat + i) % s.n for i in range(s.n)], events,
                      {"seat": seat, "tile": tile})
        return True
    if s.rules >= 2 or placement.placeable(s, tile):
        # T-P4: a tile that no placement meeting T-P2 takes is placed anyway (placement.py)
        s.phase, s.seat, s.drawn, s.ap = PLACE, seat, tile, 0
        return True
    # Rules 1 (older games): no legal placement anywhere: removed from the game, shown to all.
    s.removed.append(tile)
    events.append({"type": "tile_removed", "seat": seat, "tile": tile, "rule": "T-P4"})
    return False


# --- AP phases -----------------------------------------------------------------------------------
def begin_turn(s: State, seat: int, kind: str, events: list) -> None:
    """An AP phase: 10 AP (T-T1), per-turn counters (T-A4b, T-A5b) reset."""
    s.phase, s.seat, s.ap, s.drawn = ACTIONS, seat, AP_PER_TURN, None
    s.uncovered, s.dug = {}, {}
    events.append({"type": "turn_started", "seat": seat, "kind": kind, "ap": AP_PER_TURN})


def end_turn(s: State, events: list) -> None:
    """The AP phase is over; unused AP are lost (T-T1)."""
    seat = s.seat
    events.append({"type": "turn_ended", "seat": seat,
                   "kind": SCORING if s.scoring is not None else NORMAL, "ap": s.ap})
    s.ap = 0
    s.uncovered, s.dug = {}, {}
    if s.scoring is not None:
        score(s, seat, events)                      # T-V1: spend AP, then score
        next_scorer(s, events)
    else:
        after_normal_turn(s, events)


def after_normal_turn(s: State, events: list) -> None:
    seat = s.seat
    s.last_placer = seat
    if s.variant == AUCTION:
        s.moved.append(seat)                         # the marker is turned over
        next_auction(s, (seat + 1) % s.n, events)
    elif s.stack:
        start_turn(s, (seat + 1) % s.n, events)      # clockwise (T-S4)
    else:
        start_final(s, events)                       # T-E1


# --- scoring rounds ------------------------------------------------------------------------------
def start_scoring(s: State, kind: str, order: list, events: list, extra=None) -> None:
    s.scoring = {"kind": kind, "order": list(order), "index": 0}
    s.rounds = s.rounds + ({"kind": kind, "scored": ()},)
    events.append({"type": "scoring_started", "kind": kind, "order": list(order), **(extra or {})})
    begin_turn(s, order[0], SCORING, events)


def next_scorer(s: State, events: list) -> None:
    sc = s.scoring
    assert sc is not None, "no scoring under way"
    sc["index"] += 1
    if sc["index"] < len(sc["order"]):
        begin_turn(s, sc["order"][sc["index"]], SCORING, events)
        return
    s.scoring = None
    events.append({"type": "scoring_ended", "kind": sc["kind"]})
    if sc["kind"] == "volcano":
        # T-V2 / T-X7: the one who drew (chose) the volcano places it, then a normal turn.
        assert s.volcano is not None, "a volcano scoring without its volcano"
        tile, seat = s.volcano
        s.volcano = None
        s.phase, s.seat, s.drawn, s.ap = PLACE, seat, tile, 0
    else:
        game_over(s, events)


def start_final(s: State, events: list) -> None:
    """T-E1 (base): from the player after the last placer round to the last placer.
    T-X8 (auction): ascending score, ties by nearness to the last placer."""
    lp = s.last_placer if s.last_placer is not None else s.seat
    if s.variant == AUCTION:
        order = auction.final_order(s)
    else:
        order = [(lp + 1 + i) % s.n for i in range(s.n)]
    start_scoring(s, "final", order, events)


def game_over(s: State, events: list) -> None:
    s.phase, s.ap, s.drawn = OVER, 0, None
    events.append({"type": "game_over", "scores": list(s.scores), "winners": winners(s)})


# --- auction rounds ------------------------------------------------------------------------------
def new_round(s: State, opener: int, events: list) -> None:
    """T-X2 / T-X6: reveal tiles, then the first auction; with the stack spent the final round
    (T-X8) follows."""
    if not s.stack:
        start_final(s, events)
        return
    auction.reveal(s, opener, events)
    next_auction(s, opener, events)


def next_auction(s: State, start: int, events: list) -> None:
    what, who = auction.next_mover(s, start)
    if what == "auction":
        auction.open_auction(s, who, events)
    elif what == "free":
        offer(s, who, events)                        # T-X5: no auction, no choice
    elif s.stack:
        # T-X5 decision: the revealed tiles ran out; whoever did not move gets no turn. T-X6:
        # the next round opens left of the one who moved last (``start``).
        new_round(s, start, events)
    else:
        start_final(s, events)                       # T-X8


def offer(s: State, seat: int, events: list) -> None:
    """The mover gets a revealed tile: a choice among several, or the last one."""
    s.seat = seat
    while len(s.revealed) == 1:
        tile = s.revealed.pop()
        events.append({"type": "tile_chosen", "seat": seat, "tile": tile, "auto": True})
        if take(s, seat, tile, events):
            return
    if s.revealed:
        s.phase, s.ap, s.drawn = CHOOSE, 0, None
    else:
        begin_turn(s, seat, NORMAL, events)          # T-P4 (rules 1): none left, no tile


# --- legal actions -------------------------------------------------------------------------------
def legal(s: State) -> Frozen:
    """Every legal action of ``s.seat`` now, in a deterministic order: a read-only list of the
    dicts of ``catalog``."""
    phase = s.phase
    if phase == ACTIONS:
        out: list = []
        actions.legal(s, s.seat, out)
        return Frozen(out)
    if phase == PLACE:
        assert s.drawn is not None, "a placement without a drawn tile"
        return Frozen([catalog.PLACE[x] for x in placement.placements(s, s.drawn)])
    if phase == BID:
        return Frozen((catalog.PASS,) + catalog.bids(auction.bid_amounts(s, s.seat)))
    if phase == CHOOSE:
        return Frozen([catalog.CHOOSE[t] for t in s.revealed])
    return Frozen()


# --- applying: parse -> phase -> check -> do (engine/dispatch.py) --------------------------------

def _hex(action: dict, key: str, rule: str) -> tuple:
    v = action.get(key)
    if not is_hex_shaped(v):
        raise MalformedAction(f"'{key}' must be a hex [q, r]", rule)
    h = as_hex(v)
    if h is None:
        raise IllegalAction("that hex is not on the board", rule)
    return h


def _figure(action: dict, rule: str) -> str:
    f = action.get("figure")
    if not isinstance(f, str) or f not in actions.FIGURES:
        raise MalformedAction("'figure' must be \"worker\" or \"leader\"", rule)
    return f


def _int(action: dict, key: str, rule: str) -> int:
    v = action.get(key)
    if type(v) is not int:
        raise MalformedAction(f"'{key}' must be an int", rule)
    return v


def _kind(action: dict, key: str) -> int:
    v = _int(action, key, "T-A6")
    if not 0 <= v < 8:
        raise MalformedAction(f"'{key}' must be a treasure kind 0-7", "T-A6")
    return v


def _path(action: dict) -> tuple:
    raw = action.get("path")
    if not isinstance(raw, list) or len(raw) < 2 or not all(is_hex_shaped(x) for x in raw):
        raise MalformedAction("'path' must be a list of at least two hexes [q, r]", "T-A3")
    path = []
    for x in raw:
        h = as_hex(x)
        if h is None:
            raise IllegalAction("the walk leaves the board", "T-A3")
        path.append(h)
    return tuple(path)


def _tile(action: dict) -> str:
    tile = action.get("tile")
    if not isinstance(tile, str):
        raise MalformedAction("'tile' must be a tile id", "T-X3")
    return tile


def _after_ap(s: State, events: list) -> None:
    if s.ap == 0:
        end_turn(s, events)          # nothing is left to decide in this AP phase


def _do_place(s, h, rot, events):
    seat = s.seat
    placement.place_tile(s, seat, s.drawn, h, rot, events)
    actions.refresh_camp_sites(s)
    s.drawn = None
    begin_turn(s, seat, NORMAL, events)              # T-T1 / T-V2: then 10 AP


def _do_move(s, fig, path, events):
    actions.move(s, s.seat, fig, path, path_cost(s, path), events)
    _after_ap(s, events)


def _ap(do):
    def run(s, *args):
        do(s, s.seat, *args)
        _after_ap(s, args[-1])
    return run


def _check_choose(s, tile):
    if tile not in s.revealed:
        raise IllegalAction("that tile is not among the revealed tiles", "T-X3")


def _do_choose(s, tile, events):
    seat = s.seat
    s.revealed.remove(tile)
    events.append({"type": "tile_chosen", "seat": seat, "tile": tile, "auto": False})
    if not take(s, seat, tile, events):
        offer(s, seat, events)                       # T-P4 (rules 1): another revealed tile


def _do_bid(s, amount, events):
    _decided(s, auction.bid(s, s.seat, amount, events), events)


def _do_pass(s, events):
    _decided(s, auction.pass_(s, s.seat, events), events)


def _decided(s, result, events):
    if result is not None:
        seat, price = result
        auction.win(s, seat, price, events)
        offer(s, seat, events)


def _rotation(a):
    rot = _int(a, "rotation", "T-P1")
    if not 0 <= rot < 6:
        raise MalformedAction("'rotation' must be 0-5", "T-P1")
    return rot


_KINDS = {
    "place_tile": Kind(lambda a: (_hex(a, "hex", "T-P1"), _rotation(a)), PLACE,
                       lambda s, h, rot: refuse(placement.refusal(s, s.drawn, h, rot)),
                       _do_place),
    "enter": Kind(lambda a: (_figure(a, "T-A1"), _hex(a, "hex", "T-A1")), ACTIONS,
                  lambda s, f, h: refuse(actions.enter_refusal(s, s.seat, f, h)),
                  _ap(actions.enter)),
    "transfer": Kind(lambda a: (_figure(a, "T-A2"), _hex(a, "from", "T-A2"),
                                _hex(a, "to", "T-A2")), ACTIONS,
                     lambda s, f, x, y: refuse(actions.transfer_refusal(s, s.seat, f, x, y)),
                     _ap(actions.transfer)),
    "move": Kind(lambda a: (_figure(a, "T-A3"), _path(a)), ACTIONS,
                 lambda s, f, path: actions.move_cost(s, s.seat, f, path), _do_move),
    "uncover": Kind(lambda a: (_hex(a, "hex", "T-A4"),), ACTIONS,
                    lambda s, h: refuse(actions.uncover_refusal(s, s.seat, h)),
                    _ap(actions.uncover)),
    "dig": Kind(lambda a: (_hex(a, "hex", "T-A5"),), ACTIONS,
                lambda s, h: refuse(actions.dig_refusal(s, s.seat, h)), _ap(actions.dig)),
    "exchange": Kind(lambda a: (_kind(a, "give"), _kind(a, "take"), _int(a, "with", "T-A6a")),
                     ACTIONS,
                     lambda s, g, t, w: refuse(actions.exchange_refusal(s, s.seat, g, t, w)),
                     _ap(actions.exchange)),
    "camp": Kind(lambda a: (_hex(a, "hex", "T-A7"),), ACTIONS,
                 lambda s, h: refuse(actions.camp_refusal(s, s.seat, h)), _ap(actions.camp)),
    "guard": Kind(lambda a: (_hex(a, "hex", "T-A8"), _figure(a, "T-A8b")), ACTIONS,
                  lambda s, h, f: refuse(actions.guard_refusal(s, s.seat, h, f)),
                  _ap(actions.guard)),
    "end_turn": Kind(None, ACTIONS, None, end_turn),
    "bid": Kind(lambda a: (_int(a, "amount", "T-X3"),), BID,
                lambda s, amount: refuse(auction.bid_refusal(s, s.seat, amount)), _do_bid),
    "pass": Kind(None, BID, None, _do_pass),
    "choose_tile": Kind(lambda a: (_tile(a),), CHOOSE, _check_choose, _do_choose),
}
_AUCTION_ONLY = ("bid", "pass", "choose_tile")


def _wrong_phase(s: State, t: str) -> tuple:
    if s.variant != AUCTION and t in _AUCTION_ONLY:
        return ("bids and tile choices belong to the auction variant", "T-X3")
    rule = "T-X3" if s.phase in (BID, CHOOSE) or t in _AUCTION_ONLY else "T-T1"
    return (f"{_DOING.get(t, 'that')} is not possible now: {_NOW.get(s.phase, 'the game is over')}", rule)


#: A refusal's words for an action and for the phase the game is in (the reason is read by people:
#: the window shows it, so never an action's or a phase's identifier).
_DOING = {"place_tile": "placing a tile", "enter": "bringing a figure in", "transfer": "moving camp to camp",
          "move": "walking", "uncover": "uncovering a temple level", "dig": "digging", "exchange": "a swap",
          "camp": "building a camp", "guard": "placing a guard", "end_turn": "ending the turn", "bid": "bidding",
          "pass": "passing", "choose_tile": "choosing a revealed tile"}
_NOW = {PLACE: "the drawn tile is to be placed first", ACTIONS: "it is time to spend action points",
        BID: "the auction for the next move is on", CHOOSE: "the auction's winner chooses a revealed tile first"}


#: RULES.apply(s, action, events, legal=None): parse -> phase -> check -> do (engine/dispatch.py)
RULES = Rules(_KINDS, rule="T-T1", over=("the game is over", "T-E2"), wrong_phase=_wrong_phase)
