"""The coach: why each step of the hard bot's plan (the hint), and a review of a player's turns.

Both read only a seat's own view (what the player saw then) and decide with the hard bot
(``TikalHardBot``), so they reveal nothing the seat could not see. Words are the client's: a
reason is a key and its numbers (``{"key": "majority", "level": 8, "scorings": 2}``), which
``game/tikal/hint.py`` turns into a line in the window's language.

- ``why(view, actions, seat, seed)``: one reason per step of a plan, from the bot's valuation
  (``value.Evaluator``): who holds a temple before and after the step (T-L1, T-V3), the scorings
  the seat has left (``schedule``), treasures on a tile (T-A5), a guard that freezes a temple for
  good (T-A8d).
- ``turns_of(updates, seat)``: a player's turns (their view when the turn began, the actions they
  played) from the updates a client received (``{"view", "events"}`` in order), or from a whole
  game played again (``updates_of``).
- ``review_turn(turn, seat, seed)``: the bot's plan for that view against what was played, both
  valued by the same evaluator on the same sampled game (``gain``: estimated points the plan is
  better by). ``review(turns, seat, seed)``: every turn; ``key_moments`` marks the biggest.
  On the last turns (``LATE_TILES`` tiles left or fewer) a clearly better estimate is played on
  first (``check`` on ``CONFIRM_PLAYOUTS`` drawn games, short there): the valuation's projection
  errs most there (the final scoring round is played seat by seat), so the turn's ``gain`` is what
  the playouts measured (``estimate``: the valuation's) and a claim they do not bear out is not made.
- ``check(turn, review, seat, seeds)``: the plan and the played turn each played on to the end
  by bots on games drawn from the view (``playout``): the difference of the seat's final margins,
  the test of a review's "clearly better" (tests/test_tikal_coach.py, benchmarks/bots_bench.py).
"""
from __future__ import annotations

from ... import IllegalAction, Rng, sample_state
from ...tikal.analysis import ACTIONS, PLACE, SPECS, VOLCANO
from .geo import LEADER, WORKER
from .search import dug_kind, with_reserve
from .value import set_points

#: A turn counts as "the bot's plan was clearly better" from this many estimated points on.
CLEARLY = 3.0
#: Key moments of a review: the biggest gains, at most this many.
KEY_MOMENTS = 3
#: A turn with at most this many tiles left that the valuation finds clearly better is played on
#: first (``review_turn``): the valuation's projection was clearly wrong on such turns (bench seeds
#: 33 and 34: 4 of the 7 clearly better claims of 39 that came out clearly worse had 0-2 tiles
#: left, one estimated 9.4 points better for 8 points worse, README), and playouts from there are
#: short (about a second a line).
LATE_TILES = 2
#: Playouts per line for a late turn's claim (seeds apart from any a test or bench checks with).
CONFIRM_PLAYOUTS = 3

_ACTION_OF = {"tile_placed": "place_tile", "figure_entered": "enter", "figure_transferred": "transfer",
              "figure_moved": "move", "level_uncovered": "uncover", "treasure_dug": "dig",
              "exchange": "exchange", "camp_built": "camp", "guard_placed": "guard"}


def _hex(h) -> tuple:
    return (h[0], h[1])


def _strength(s, seat: int, h: tuple) -> int:
    x = s.figs[seat].get(h)
    return 0 if x is None else x[0] * WORKER + x[1] * LEADER


def _best_rival(s, seat: int, h: tuple) -> int:
    return max((_strength(s, q, h) for q in range(s.n) if q != seat), default=0)


def _target(action: dict):
    t = action["type"]
    if t == "move":
        return _hex(action["path"][-1])
    if t == "transfer":
        return _hex(action["to"])
    if t == "enter":
        return _hex(action["hex"])
    return None


def _scorings_left(bot, view: dict, g) -> int:
    ev = bot.evaluator(view)
    pending = g.s.phase == PLACE or g.s.seat == bot.seat
    return ev.schedule.of(g.s, pending)[1][bot.seat]


# --- why each step ---------------------------------------------------------------------------------
def why(view: dict, actions: list, seat: int, seed: int = 0) -> list:
    """One reason per action of ``actions`` (the hard bot's plan for ``seat`` in ``view``)."""
    from . import TikalHardBot

    bot = TikalHardBot(seat, seed)
    g = sample_state(view, Rng(seed))
    out = []
    if view.get("phase") not in (PLACE, ACTIONS):
        return [_auction_reason(bot, view, a) for a in actions]
    scorings = _scorings_left(bot, view, g)
    for i, a in enumerate(actions):
        before = g.s.copy()
        try:
            events = g.apply(a)
        except IllegalAction:       # a plan the sample cannot follow: no reason, never a crash
            out.append({"key": "none"})
            continue
        out.append(_reason(before, g.s, seat, a, events, actions[i + 1:], max(1, scorings)))
    return out


def _auction_reason(bot, view: dict, a: dict) -> dict:
    t = a["type"]
    if t == "bid":
        return {"key": "bid", "amount": a["amount"]}
    if t == "pass":
        return {"key": "pass"}
    if t == "choose_tile":
        return {"key": "choose", "tile": a["tile"]}
    return {"key": "none"}


def _uses(step: dict, h: tuple, figure: str | None) -> bool:
    """Whether ``step`` uses a figure standing on ``h`` (``figure``: its kind, None: any): a walk
    or a transfer from there, or an action whose figures must be there (T-A4a, T-A5a, T-A8a)."""
    t = step["type"]
    if t == "move":
        return _hex(step["path"][0]) == h and figure in (None, step["figure"])
    if t == "transfer":
        return _hex(step["from"]) == h and figure in (None, step["figure"])
    return t in ("uncover", "dig", "guard") and _hex(step["hex"]) == h


def later_use(rest: list, h: tuple, figure: str | None = None, types=None) -> int | None:
    """How many steps ahead the first of ``rest`` (the plan's steps after this one) that uses a
    figure on ``h`` comes (1: the next step), or None (``types``: only steps of those types)."""
    for k, step in enumerate(rest, 1):
        if (types is None or step["type"] in types) and _uses(step, h, figure):
            return k
    return None


def on_path(rest: list, h: tuple) -> int | None:
    """How many steps ahead the first walk of ``rest`` that crosses or ends on ``h`` comes."""
    for k, step in enumerate(rest, 1):
        if step["type"] == "move" and any(_hex(x) == h for x in step["path"][1:]):
            return k
    return None


def _reason(s0, s1, me: int, a: dict, events: list, rest: list, scorings: int) -> dict:
    """The reason for step ``a`` (from state ``s0`` to ``s1``); ``rest``: the plan's later steps.
    A reason that speaks of a later step names it (``ahead``: how many steps on) and is given only
    when the plan takes that step; otherwise a modest one that holds by itself."""
    why = _REASONS.get(a["type"])
    if why is None:
        return {"key": "none"}
    return why(s0, s1, me, a, events, rest, scorings)


def _placed_why(s0, s1, me: int, a: dict, events: list, rest: list, scorings: int) -> dict:
    """A tile placed: what it is, or the later walk it opens, or just a spot."""
    tile = a_tile(events)
    kind = SPECS[tile].kind if tile else ""
    h = _hex(a["hex"])
    if kind == "temple":
        return {"key": "place_temple", "level": s1.level.get(h, 1)}
    if kind == "treasure":
        return {"key": "place_treasure", "count": len(s1.treasures.get(h, ()))}
    if kind == VOLCANO:
        return {"key": "place_volcano"}
    ahead = on_path(rest, h)
    if ahead is not None:
        return {"key": "place_way", "ahead": ahead}
    return {"key": "place_spot"}


def _figure_why(s0, s1, me: int, a: dict, events: list, rest: list, scorings: int) -> dict:
    """A figure moved, brought in or moved across: to a temple (a majority, holding it, towards
    it), to a treasure, for a later step, or just into play."""
    h = _target(a)
    if h in s1.level and h not in s1.guards:
        return _temple_why(s0, s1, me, h, scorings)
    if h is not None and s1.treasures.get(h):
        ahead = later_use(rest, h, types=("dig",))
        if ahead is not None:
            return {"key": "to_dig", "count": len(s1.treasures[h]), "ahead": ahead}
        return {"key": "near_treasure", "count": len(s1.treasures[h])}
    ahead = None if h is None else later_use(rest, h, a.get("figure"))
    if ahead is not None:
        return {"key": "for_step", "ahead": ahead}
    return {"key": "in_play"}


def _temple_why(s0, s1, me: int, h: tuple, scorings: int) -> dict:
    """A figure onto an unguarded temple: the majority won, kept, or a step towards it."""
    mine, rival = _strength(s1, me, h), _best_rival(s1, me, h)
    level = s1.level[h]
    had = _strength(s0, me, h) > _best_rival(s0, me, h)
    if mine > rival and not had:
        return {"key": "majority", "level": level, "scorings": scorings}
    if mine > rival:
        return {"key": "hold", "level": level, "mine": mine, "rival": rival}
    return {"key": "towards", "level": level, "mine": mine, "rival": rival}


def _uncover_why(s0, s1, me: int, a: dict, events: list, rest: list, scorings: int) -> dict:
    h = _hex(a["hex"])
    if _strength(s1, me, h) > _best_rival(s1, me, h):
        return {"key": "uncover_mine", "level": s1.level[h], "scorings": scorings}
    ahead = later_use(rest, h, types=("guard",))
    if ahead is not None:
        return {"key": "uncover_guard", "level": s1.level[h], "ahead": ahead}
    return {"key": "uncover", "level": s1.level[h]}


def _dig_why(s0, s1, me: int, a: dict, events: list, rest: list, scorings: int) -> dict:
    return {"key": "dig", "count": len(s1.treasures.get(_hex(a["hex"]), ()))}


def _guard_why(s0, s1, me: int, a: dict, events: list, rest: list, scorings: int) -> dict:
    return {"key": "guard", "level": s1.level[_hex(a["hex"])], "scorings": scorings}


def _camp_why(s0, s1, me: int, a: dict, events: list, rest: list, scorings: int) -> dict:
    return {"key": "camp"}


def _exchange_why(s0, s1, me: int, a: dict, events: list, rest: list, scorings: int) -> dict:
    return {"key": "exchange", "points": set_points(s1.held[me]) - set_points(s0.held[me])}


def _end_why(s0, s1, me: int, a: dict, events: list, rest: list, scorings: int) -> dict:
    return {"key": "end", "ap": s0.ap}


#: The reason of a step, by its action's type.
_REASONS = {"place_tile": _placed_why, "move": _figure_why, "enter": _figure_why,
            "transfer": _figure_why, "uncover": _uncover_why, "dig": _dig_why,
            "guard": _guard_why, "camp": _camp_why, "exchange": _exchange_why,
            "end_turn": _end_why}


def a_tile(events: list):
    return next((e["tile"] for e in events if e["type"] == "tile_placed"), None)


# --- a player's turns from what a client received ----------------------------------------------------
def action_of(event: dict):
    """The action a seat's event stands for (None: not an action of its own)."""
    t = _ACTION_OF.get(event.get("type", ""))
    if t is None:
        return None
    if t == "place_tile":
        return {"type": t, "hex": list(event["hex"]), "rotation": event["rotation"]}
    if t in ("enter", "guard"):
        return {"type": t, "figure": event["figure"], "hex": list(event["hex"])}
    if t == "transfer":
        return {"type": t, "figure": event["figure"], "from": list(event["from"]), "to": list(event["to"])}
    if t == "move":
        return {"type": t, "figure": event["figure"], "path": [list(h) for h in event["path"]]}
    if t == "exchange":
        return {"type": t, "give": event["give"], "take": event["take"], "with": event["with"]}
    return {"type": t, "hex": list(event["hex"])}


def turns_of(updates: list, seat: int) -> list:
    """``[{"state", "move", "view", "actions"}]``: each AP phase of ``seat`` (with its placement)
    from ``updates`` (``{"view", "events", "state"}`` as received, in order, the first one the
    game's start): the view when the turn began, how many updates came before it (``move``: the
    actions played before the turn when no update is missing) and the actions played (an
    ``end_turn`` when AP were left)."""
    turns: list = []
    cur: dict | None = None
    prev: dict = {}
    for index, u in enumerate(updates):
        for e in u.get("events") or ():
            if e.get("seat") != seat:
                continue
            a = action_of(e)
            if a is None and e.get("type") != "turn_ended":
                continue
            if cur is None:
                cur = _turn_begun(prev, index, seat)
                if cur is None:
                    break           # we did not see the turn begin: leave it out
            if a is not None:
                cur["actions"].append(a)
            else:
                turns.append(_turn_ended(cur, e))
                cur = None
        prev = u
    return turns


def _turn_begun(prev: dict, index: int, seat: int) -> dict | None:
    """A turn of ``seat`` begun at the update before ``index`` (None: that update is not its
    turn's start)."""
    v = prev.get("view") or {}
    if v.get("phase") not in (PLACE, ACTIONS) or v.get("to_act", v.get("seat")) != seat:
        return None
    return {"state": prev.get("state"), "move": index - 1, "view": v, "actions": []}


def _turn_ended(cur: dict, e: dict) -> dict:
    """The turn ``cur`` as its ``turn_ended`` event ``e`` closes it: an ``end_turn`` when AP were
    left."""
    if e.get("ap", 0) > 0:
        cur["actions"].append({"type": "end_turn"})
    return cur


def bot_game_turns(gseed: int, seat: int, level: str = "normal") -> list:
    """``seat``'s turns (``turns_of`` its updates) in a base game ``gseed`` of four bots of
    ``level``, seeded ``gseed * 8 + s + 1`` (as the host seeds them): what the review is tried
    on (benchmarks/bots_bench.py, tests/test_tikal_coach.py)."""
    from ... import new_game
    from .. import make_bot

    g0 = new_game("tikal", 4, gseed, {"variant": "base"})
    g = g0.clone()
    bots = [make_bot("tikal", level, s, seed=gseed * 8 + s + 1) for s in range(4)]
    actions = []
    while not g.is_over:
        s = g.to_act
        assert s is not None   # (the game is not over)
        a = bots[s].choose(g.view(s), g.legal_actions())
        g.apply(a)
        actions.append(a)
    return turns_of(updates_of(g0, actions, seat), seat)


def updates_of(game, actions: list, seat: int) -> list:
    """The updates ``seat`` would have received while ``actions`` were played from ``game`` (a
    new game: a private copy is played), for ``turns_of``."""
    g = game.clone()
    out = [{"state": 0, "view": g.view(seat), "events": []}]
    for i, a in enumerate(actions):
        events = g.apply(a)
        out.append({"state": i + 1, "view": g.view(seat), "events": events})
    return out


# --- reviewing turns -------------------------------------------------------------------------------
def _value_after(g, actions: list, ev, seat: int) -> float:
    """The bot's value of the turn ``actions`` play from sampled game ``g`` (as its search values a
    turn ended there: on a reserve copy, so the AP phase is never ended by the engine; dug tokens
    by their expectation)."""
    c = g.clone()
    dug: tuple = ()
    for a in actions:
        if a["type"] == "end_turn" or c.s.seat != seat or c.s.phase not in (PLACE, ACTIONS):
            break
        try:
            events = c.apply(a)
        except IllegalAction:       # the sample cannot follow (never for a turn played on the view)
            break
        if c.s.phase == ACTIONS and a["type"] == "place_tile":
            c = with_reserve(c)
        k = dug_kind(events)
        if k is not None:
            dug = dug + (k,)
    return ev.value(c.s, False, dug)


def review_turn(turn: dict, seat: int, seed: int = 0, **bot_kw) -> dict:
    """The bot's plan for ``turn["view"]`` against ``turn["actions"]``: ``{"state", "plan",
    "played", "plan_value", "played_value", "estimate", "checked", "gain"}`` (values in the bot's
    estimated points; ``estimate``: how much better the plan is by them). ``gain`` is the estimate,
    except on a late turn (``LATE_TILES``) estimated clearly better: there the plan and the played
    turn are played on (``check`` on ``CONFIRM_PLAYOUTS`` games, ``checked``: each one's difference
    of final margins, else None) and ``gain`` is their mean, in points."""
    from . import TikalHardBot

    view = turn["view"]
    bot = TikalHardBot(seat, seed, **bot_kw)
    plan = [a for a, _ in bot.make_plan(view)]
    g = sample_state(view, Rng(seed))
    if g.s.phase == ACTIONS:
        g = with_reserve(g)
    ev = bot.evaluator(view)
    mine, played = _value_after(g, plan, ev, seat), _value_after(g, turn["actions"], ev, seat)
    out = {"state": turn.get("state"), "plan": plan, "played": list(turn["actions"]),
           "plan_value": mine, "played_value": played, "estimate": mine - played, "checked": None,
           "gain": mine - played}
    if mine - played >= CLEARLY and view.get("stack_left", LATE_TILES + 1) <= LATE_TILES:
        base = (seed + 1) * 1_000_003          # apart from the small seeds tests and the bench use
        out["checked"] = diffs = check(turn, out, seat, range(base, base + CONFIRM_PLAYOUTS), **bot_kw)
        out["gain"] = sum(diffs) / len(diffs)
    return out


def key_moments(reviews: list, clearly: float = CLEARLY, most: int = KEY_MOMENTS) -> list:
    """Indices (into ``reviews``) of the biggest gains of at least ``clearly``, biggest first."""
    good = [i for i, r in enumerate(reviews) if r["gain"] >= clearly]
    return sorted(good, key=lambda i: (-reviews[i]["gain"], i))[:most]


def review(turns: list, seat: int, seed: int = 0, **bot_kw) -> list:
    """``review_turn`` for every turn (turn i uses seed ``seed + i``)."""
    return [review_turn(t, seat, seed + i, **bot_kw) for i, t in enumerate(turns)]


# --- checking a review by playing on -----------------------------------------------------------------
def playout(view: dict, seat: int, actions: list, seed: int, level: str = "hard", **bot_kw) -> int:
    """``seat``'s final margin over its best rival (T-E2: points) when ``actions`` are played from
    ``view`` on a game drawn from it (``sample_state`` with ``seed``: what the seat cannot see is
    a sample) and bots of ``level`` play every seat from there to the end (the seat's own turn too,
    where ``actions`` stop before it ends; an action the sample refuses ends ``actions`` there)."""
    from .. import make_bot

    g = sample_state(view, Rng(seed))
    _play_own(g, seat, actions)
    kw = bot_kw if level == "hard" else {}
    bots = [make_bot("tikal", level, p, seed * 8 + p + 1, **kw) for p in range(g.seats)]
    while not g.is_over:
        p = g.to_act
        assert p is not None   # (the game is not over)
        g.apply(bots[p].choose(g.view(p), g.legal_actions()))
    scores = g.scores
    return scores[seat] - max(x for p, x in enumerate(scores) if p != seat)


def _play_own(g, seat: int, actions: list) -> None:
    """Play ``actions`` of ``seat``'s turn on ``g`` until its turn is over or the game refuses one."""
    for a in actions:
        if g.is_over or g.to_act != seat or g.phase not in (PLACE, ACTIONS):
            break
        try:
            g.apply(a)
        except IllegalAction:
            break


def check(turn: dict, reviewed: dict, seat: int, seeds, level: str = "hard", **bot_kw) -> list:
    """Per seed, the bot's plan's final margin minus the played turn's (``playout`` of each on the
    same drawn game, the same bots after): how a review's gain (``review_turn``) holds when the
    game is played on."""
    view = turn["view"]
    return [playout(view, seat, reviewed["plan"], k, level, **bot_kw)
            - playout(view, seat, reviewed["played"], k, level, **bot_kw) for k in seeds]
