"""Rules versions: a game journaled before a rule decision changed replays exactly as it was
played (T-P4 and L-E2 changed; docs/architecture.md, "Rules versions").

An older host wrote start records without ``rules``: such a journal is of rules 1, and the
engine plays it under rules 1. A new table writes the version it plays. Real journal files.
"""
import pytest

import engine
from engine.rng import Rng
from net import journal as jn
from net.table import Table


def old_game(game, seats, seed, options, policy):
    """A whole game played under rules 1, its (seat, action) list and every event type seen."""
    g = engine.new_game(game, seats, seed, options, rules=1)
    rng = Rng(seed)
    steps, seen = [], set()
    while not g.is_over:
        seat, action = g.to_act, policy(g.legal_actions(), rng)
        seen.update(e["type"] for e in g.apply(action))
        steps.append((seat, dict(action)))
    return g, steps, seen


def write_old_journal(path, game, seats, seed, options, steps):
    """What a host written before rules versions left: a start record without ``rules``."""
    j = jn.Journal(path)
    j.record({"k": "start", "table": 1, "game": game, "seats": seats, "seed": seed,
              "options": options, "takeover": True,
              "players": [{"kind": "bot", "name": f"Bot {i + 1}", "token": None, "colour": None,
                           "level": "random"} for i in range(seats)]})
    for seat, action in steps:
        j.record({"k": "action", "seat": seat, "action": action})
    j.close()


def random_policy(legal, rng):
    return rng.choice(legal)


def card_first(legal, rng):
    cards = [a for a in legal if a["type"] == "play_card"]
    return cards[0] if cards else rng.choice(legal)


CASES = [
    # a 2-player Tikal game of random moves in which a walled-in tile was removed (T-P4, rules 1)
    ("tikal", 2, 62, {"variant": "base"}, random_policy, "tile_removed"),
    # a 2-player La Tortuga game in which one turn played two cards, one per movement (L-E2,
    # rules 1)
    ("tortuga", 2, 0, {"cards_as_dice": True}, card_first, "card_played"),
]


@pytest.mark.slow
@pytest.mark.parametrize("game,seats,seed,options,policy,marker", CASES)
def test_an_older_journal_replays_as_it_was_played_T_P4_L_E2(tmp_path, game, seats, seed,
                                                              options, policy, marker):
    played, steps, seen = old_game(game, seats, seed, options, policy)
    assert marker in seen and played.is_over
    path = jn.journal_path(tmp_path, 1)
    write_old_journal(path, game, seats, seed, options, steps)
    records, _ = jn.read_records(path)
    assert "rules" not in records[0] and jn.start_rules(records[0]) == 1
    # the engine replays it under rules 1: the same game, to its end
    assert jn.replay_records(records).snapshot() == played.snapshot()
    table = Table.replay(records)
    assert table.game.rules == 1 and table.game.snapshot() == played.snapshot()
    assert table.status == "over"
    replay = jn.export_replay(path, tmp_path / "old.json")
    assert replay["rules"] == 1
    assert jn.replay_game(replay).snapshot() == played.snapshot()
    # ... which the current rules would not: the same actions go another way
    now = engine.new_game(game, seats, seed, options)
    with pytest.raises(engine.IllegalAction):
        for _seat, action in steps:
            now.apply(action)
        raise AssertionError("the actions of the older game all applied under the new rules")


def test_a_new_table_journals_the_rules_it_plays(tmp_path):
    for game, seats, options in (("tikal", 2, {"variant": "auction"}), ("tortuga", 3, {})):
        t = Table(1, game, seats, options, owner=1)
        t.sit(1, "Ana")
        for seat in range(1, seats):
            t.ask(1, {"t": "bot", "seat": seat, "level": "random"})
        t.start(1, seed=5)
        start = t.start_record()
        assert start["rules"] == engine.GAMES[game].rules == t.game.rules == 2
        assert Table.replay([start]).game.snapshot() == t.game.snapshot()
