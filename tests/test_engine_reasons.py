"""A refusal's reason is read by people (the window shows the host's reason as it is in English;
the browser too): it names things in words, never by the engine's identifiers (issue 31 point 7:
"treasure of kind 3", "C5 is not among the revealed tiles", "(phase: bid)", "turtle 4 is not one
of your turtles", "[1, -4] is not next to an explored hex"). Illegal actions of every kind are
tried on positions of bot games of both games; the rule ids (the public error codes) stay."""
import copy
import random
import re

import engine
from engine import IllegalAction, MalformedAction
from engine.bots import make_bot

#: What a reason must not carry: a hex's coordinates, a tile id, a phase or action identifier, a
#: treasure kind, a seat or a turtle by number.
RAW = re.compile(r"\[-?\d+, ?-?\d+\]|\b[A-G][1-9]\b|\bP-\w|phase|\bkind \d|\bplayer \d|\bturtle \d|\bseat \d|"
                 r"place_tile|choose_tile|end_turn|choose_turtle|play_card|\b(?:actions|bid|choose)\)")


def positions(game: str, seats: int, seed: int, options=None, every: int = 7, limit: int = 400):
    """Games of bots: a copy of the game every few moves."""
    g = engine.new_game(game, seats=seats, seed=seed, options=options or {})
    bots = {s: make_bot(game, "random", s, seed + s) for s in range(seats)}
    for n in range(limit):
        if g.is_over:
            break
        if n % every == 0:
            yield copy.deepcopy(g)
        g.apply(bots[g.to_act].choose(g.view(g.to_act), g.legal_actions()))


def tikal_tries(g, rng):
    hexes = [[q, r] for q in range(-1, 9) for r in range(-8, 2)]
    tiles = ["A1", "C5", "D3", "G2", "P-base"]
    for _ in range(24):
        h, h2 = rng.choice(hexes), rng.choice(hexes)
        fig = rng.choice(["worker", "leader"])
        yield rng.choice([
            {"type": "place_tile", "hex": h, "rotation": rng.randrange(6)},
            {"type": "enter", "figure": fig, "hex": h},
            {"type": "transfer", "figure": fig, "from": h, "to": h2},
            {"type": "move", "figure": fig, "path": [h, h2]},
            {"type": "uncover", "hex": h}, {"type": "dig", "hex": h}, {"type": "camp", "hex": h},
            {"type": "guard", "hex": h, "figure": fig},
            {"type": "exchange", "give": rng.randrange(8), "take": rng.randrange(8), "with": rng.randrange(4)},
            {"type": "end_turn"}, {"type": "pass"}, {"type": "bid", "amount": rng.randrange(0, 40)},
            {"type": "choose_tile", "tile": rng.choice(tiles)}])


def tortuga_tries(g, rng):
    yield from ({"type": "roll"}, {"type": "stop"})
    for _ in range(8):
        yield {"type": "choose_turtle", "turtle": rng.randrange(0, 8)}
        yield {"type": "play_card", "eggs": rng.randrange(1, 7)}


def refusals(cases):
    said = []
    for g, tries in cases:
        legal = g.legal_actions()
        for action in tries:
            if action in legal:
                continue
            trial = copy.deepcopy(g)
            try:
                trial.apply(action)
            except MalformedAction:
                continue
            except IllegalAction as e:
                said.append((action, e.reason, e.rule))
    return said


def test_no_refusal_names_an_engine_identifier():
    rng = random.Random(31)
    cases = []
    for variant, seats, seed in (("base", 3, 1), ("auction", 4, 2)):
        for g in positions("tikal", seats, seed, {"variant": variant}, every=11, limit=260):
            cases.append((g, list(tikal_tries(g, rng))))
    for seats, seed in ((2, 3), (5, 4)):
        for g in positions("tortuga", seats, seed, {"cards_as_dice": True}, every=5, limit=120):
            cases.append((g, list(tortuga_tries(g, rng))))
    said = refusals(cases)
    reasons = {reason for _, reason, _ in said}
    assert len(reasons) >= 25, sorted(reasons)            # many kinds of refusal were met
    raw = sorted({f"{reason!r} ({rule}) for {action}" for action, reason, rule in said if RAW.search(reason)})
    assert not raw, "\n".join(raw[:20])
    assert all(re.fullmatch(r"[TL]-[A-Z]\d+[a-z]?", rule) for _, _, rule in said)


def test_the_old_reasons_are_caught():
    """The check itself: the reasons issue 31 quoted."""
    for old in ("you hold no treasure of kind 3", "C5 is not among the revealed tiles",
                "uncover is not possible now (phase: bid)", "turtle 4 is not one of your turtles still to move",
                "[1, -4] is not next to an explored hex", "player 2 holds no treasure of kind 5"):
        assert RAW.search(old), old
