"""La Tortuga games that read like the rulebook (la-tortuga.md), from scenario dicts with forced dice.

Seats in the 4-player scenarios: seat s owns turtle s. With 2–3 players seat s also owns s + seats.
"""
import json

import pytest

import engine
from engine.errors import MalformedAction
from engine.tortuga import from_scenario, new_game, restore
from engine.tortuga.cards import BEACH_EGGS, CARD_COUNTS, CARDS, REMOVED

from engine_support import refused, types

ROLL, STOP = {"type": "roll"}, {"type": "stop"}


def game(**kw):
    d = {"game": "tortuga", "seats": 4, "seed": 1}
    d.update(kw)
    return from_scenario(d)


def card(n):
    return {"type": "play_card", "eggs": n}


def stacks(g):
    return g.view(None)["stacks"]


# --- components and setup (L-C, L-S) ------------------------------------------------------------
def test_card_distribution_is_one_constant():
    # L-C2: 3×1, 3×2, 5×3, 5×4, 5×5, 3×6 = 24 cards, 87 eggs; L-C3 the beach shows 7.
    assert CARD_COUNTS == {1: 3, 2: 3, 3: 5, 4: 5, 5: 5, 6: 3}
    assert len(CARDS) == 24 and sum(CARDS) == 87
    assert BEACH_EGGS == 7


def test_setup_turtles_on_the_raft_deck_of_20_four_removed():
    # L-S2: all turtles on the raft; 4 cards removed unseen, 20 in the deck, the top face up.
    g = new_game(5, 3, {})
    snap, v = g.snapshot(), g.view(0)
    assert v["stacks"] == {"0": [0, 1, 2, 3, 4]}
    assert len(snap["removed"]) == REMOVED and len(snap["deck"]) == 20
    assert sorted(snap["removed"] + snap["deck"]) == list(CARDS)
    assert v["deck_left"] == 20 and v["face_up"] == snap["deck"][0]
    assert "deck" not in v and "removed" not in v


@pytest.mark.parametrize("seats,turtles", [(2, 4), (3, 6), (4, 4), (5, 5), (6, 6), (7, 7)])
def test_players_and_turtles(seats, turtles):
    # L-S1: 2–7 players; two turtles each with 2 or 3 players.
    g = new_game(seats, 0, {})
    assert g.view(None)["turtles"] == turtles
    assert g.phase == ("choose_turtle" if seats <= 3 else "roll")
    for bad in (1, 8):
        with pytest.raises(ValueError):
            new_game(bad, 0, {})


def test_first_player_option():
    # L-S3: seat 0 by default, a given seat, or drawn by the seed; play goes in seat order.
    assert new_game(4, 9, {}).to_act == 0
    assert new_game(4, 9, {"first": 2}).to_act == 2
    firsts = {new_game(4, s, {"first": "random"}).to_act for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert new_game(4, 7, {"first": "random"}).snapshot() == new_game(4, 7, {"first": "random"}).snapshot()
    with pytest.raises(ValueError):
        new_game(4, 0, {"first": 4})
    with pytest.raises(ValueError):
        new_game(4, 0, {"variant": "base"})
    g = game(stacks={"5": [0]}, dice=[3])
    g.apply(ROLL)
    ev = g.apply(STOP)
    assert ev[-1] == {"type": "turn", "seat": 1} and g.to_act == 1


# --- the rulebook's examples ----------------------------------------------------------------------
def test_four_and_two_move_twelve():
    # L-T2: "4 and 2: the sum is 6, the turtle moves 6 × 2 = 12 spaces."
    g = game(stacks={"3": [0]}, dice=[4, 2])
    assert g.phase == "roll" and g.legal_actions() == [ROLL]
    ev = g.apply(ROLL)
    assert ev == [{"type": "die_rolled", "seat": 0, "turtle": 0, "value": 4, "dice": [4],
                   "sum": 4, "multiplier": 1, "reveal": True}]
    assert g.phase == "decide" and g.to_act == 0
    assert g.legal_actions() == [ROLL, STOP]
    ev = g.apply(ROLL)
    assert ev[0]["dice"] == [4, 2] and ev[0]["sum"] == 6 and ev[0]["multiplier"] == 2
    ev = g.apply(STOP)
    assert ev[0] == {"type": "turtles_moved", "seat": 0, "decider": 0, "turtle": 0, "group": [0],
                     "from": 3, "to": 15, "steps": 12, "passed_beach": False}
    assert stacks(g)["15"] == [0]


def test_two_one_four_move_twenty_one_from_the_raft_onto_the_beach():
    # L-T2 / L-T4: after the third die the turtle moves at once, 7 × 3 = 21: from the raft onto
    # space 21 (L-R1), and its owner takes the face-up card (L-E1).
    g = game(deck=[5, 3, 6], dice=[2, 1, 4], seat=2)
    g.apply(ROLL)
    g.apply(ROLL)
    ev = g.apply(ROLL)
    assert types(ev) == ["die_rolled", "turtles_moved", "card_taken", "turn"]
    assert ev[1]["from"] == 0 and ev[1]["to"] == 21 and ev[1]["steps"] == 21
    assert ev[1]["passed_beach"] is True
    assert ev[2] == {"type": "card_taken", "seat": 2, "turtle": 2, "eggs": 5, "face_up": 3,
                     "deck_left": 2, "reveal": True}
    assert g.view(None)["held"]["2"] == [5] and g.scores == [0, 0, 5, 0]
    assert stacks(g)["21"] == [2] and g.to_act == 3


def test_riding_the_top_turtles_owner_decides_and_takes_the_card():
    # L-R2 (rulebook): red (seat 1) in the middle, yellow (seat 2) on top, blue (seat 0) below on
    # space 18. Red's owner rolls 1; yellow's owner asks for 2 and 3; red and yellow move
    # (1+2+3) × 3 = 18 to space 15, passing 21: yellow's owner takes the 5-egg card (L-E1).
    # Blue stays.
    g = game(stacks={"18": [0, 1, 2]}, deck=[5, 2], dice=[1, 2, 3], seat=1)
    assert g.to_act == 1 and g.phase == "roll"
    ev = g.apply(ROLL)
    assert ev[0]["seat"] == 1
    assert g.to_act == 2 and g.view(None)["decider"] == 2      # the decider is not the active seat
    assert g.view(None)["group"] == [1, 2]
    assert g.apply(ROLL)[0]["seat"] == 2
    ev = g.apply(ROLL)
    moved = ev[1]
    assert moved["group"] == [1, 2] and moved["from"] == 18 and moved["to"] == 15
    assert moved["steps"] == 18 and moved["passed_beach"] and moved["decider"] == 2
    assert ev[2]["type"] == "card_taken" and ev[2]["seat"] == 2 and ev[2]["eggs"] == 5
    assert stacks(g)["18"] == [0] and stacks(g)["15"] == [1, 2]
    assert g.scores == [0, 0, 5, 0]
    assert g.to_act == 2 and g.view(None)["seat"] == 2         # yellow's own turn comes next


def test_the_decider_alone_may_act_and_the_active_player_rolls_the_first_die():
    # L-T1: the first die always (no stop before it); L-R2 the decider decides the rest.
    g = game(stacks={"4": [0, 3]}, dice=[2, 2])
    refused(g, STOP, "L-T1")
    g.apply(ROLL)
    assert g.to_act == 3
    assert g.view(0)["to_act"] == 3 and g.view(0)["seat"] == 0


def test_bust_two_then_six_goes_back_to_the_raft_as_separate_turtles():
    # L-T3 (rulebook: 2 then 6 = 8 > 7) with the group above it; L-R3 separate on the raft.
    g = game(stacks={"0": [1], "9": [3, 0, 2]}, dice=[2, 6])
    g.apply(ROLL)
    ev = g.apply(ROLL)
    assert types(ev) == ["die_rolled", "bust", "turn"]
    assert ev[1] == {"type": "bust", "seat": 0, "decider": 2, "turtle": 0, "group": [0, 2],
                     "from": 9, "dice": [2, 6], "sum": 8}
    assert stacks(g) == {"0": [0, 1, 2], "9": [3]}
    # L-R3: turtles on the raft are never stacked: each moves alone from there
    g2 = game(stacks={"9": [3]}, dice=[3], seat=2)
    assert g2.view(None)["group"] == [2]
    g2.apply(ROLL)
    assert g2.apply(STOP)[0]["group"] == [2]


def test_third_die_bust_and_third_die_move():
    # L-T1: a third die while the sum is <= 7; L-T3 over 7 after it busts; <= 7 moves at once.
    g = game(stacks={"2": [0]}, dice=[3, 3, 2])
    for _ in range(3):
        ev = g.apply(ROLL)
    assert types(ev) == ["die_rolled", "bust", "turn"] and stacks(g)["0"] == [0, 1, 2, 3]
    g = game(stacks={"2": [0]}, dice=[1, 1, 1])
    for _ in range(3):
        ev = g.apply(ROLL)
    assert ev[1]["steps"] == 9 and ev[1]["to"] == 11


def test_track_wraps_and_twenty_one_goes_round():
    # L-C1: 21 spaces, 21 the beach, the raft beside space 1 (space 0).
    # L-R1: after 21 comes 1; 21 steps from a track space end where they started, passing 21;
    # L-R2 the group lands on top of the stack there.
    g = game(stacks={"20": [0], "5": [1]}, dice=[3, 2, 1, 2, 4], deck=[4, 4, 4])
    g.apply(ROLL)
    g.apply(ROLL)
    ev = g.apply(STOP)                                            # 20 + 10 -> 9
    assert ev[0]["to"] == 9 and ev[0]["passed_beach"] and ev[1]["seat"] == 0
    g.apply(ROLL)
    g.apply(ROLL)
    ev = g.apply(ROLL)                                            # 5 + 21 -> 5 again, passing 21
    assert ev[1]["from"] == 5 and ev[1]["to"] == 5 and ev[1]["passed_beach"]
    assert ev[2]["type"] == "card_taken" and ev[2]["seat"] == 1
    g = game(stacks={"21": [0], "3": [1]}, dice=[3])
    g.apply(ROLL)
    ev = g.apply(STOP)                                            # from 21 to 3: not passing 21
    assert ev[0]["to"] == 3 and not ev[0]["passed_beach"]
    assert stacks(g)["3"] == [1, 0]                                  # on top of the stack


def test_landing_on_the_beach_space_exactly_takes_the_card():
    # L-E1: ends ON space 21 (not only passing); the other turtles of the group get nothing.
    g = game(stacks={"15": [1, 0]}, dice=[6], deck=[2, 6], seat=1)
    g.apply(ROLL)
    ev = g.apply(STOP)
    assert ev[0]["to"] == 21 and ev[1]["seat"] == 0 and ev[1]["eggs"] == 2
    assert g.view(None)["held"] == {"0": [2], "1": [], "2": [], "3": []}


def test_two_turtles_each_choose_the_order_and_move_both():
    # L-S1 / L-T4: 3 players, seat 1 owns turtles 1 and 4; it chooses which moves first, each
    # movement is rolled on its own (even after the first busts); then seat 2's turn.
    g = from_scenario({"game": "tortuga", "seats": 3, "seat": 1,
                       "stacks": {"6": [4], "10": [1]}, "dice": [5, 4, 6]})
    assert g.phase == "choose_turtle"
    assert g.legal_actions() == [{"type": "choose_turtle", "turtle": 1},
                                 {"type": "choose_turtle", "turtle": 4}]
    refused(g, ROLL, "L-T4")
    refused(g, {"type": "choose_turtle", "turtle": 2}, "L-T4")
    ev = g.apply({"type": "choose_turtle", "turtle": 4})
    assert ev == [{"type": "turtle_chosen", "seat": 1, "turtle": 4}]
    g.apply(ROLL)
    ev = g.apply(ROLL)                                           # 5 + 4: bust
    assert types(ev) == ["die_rolled", "bust"]
    assert g.phase == "roll" and g.to_act == 1 and g.view(None)["turtle"] == 1
    assert g.view(None)["moved"] == [4]
    g.apply(ROLL)
    ev = g.apply(STOP)
    assert ev[0]["turtle"] == 1 and ev[0]["to"] == 16
    assert ev[-1] == {"type": "turn", "seat": 2} and g.phase == "choose_turtle"
    # L-X2: both turtles' cards together
    g = from_scenario({"game": "tortuga", "seats": 2, "stacks": {"20": [0], "19": [2]},
                       "deck": [3, 4, 5], "dice": [1, 2]})
    g.apply({"type": "choose_turtle", "turtle": 0})
    g.apply(ROLL)
    g.apply(STOP)
    g.apply(ROLL)
    g.apply(STOP)
    assert g.view(None)["held"]["0"] == [3, 4] and g.scores == [7, 0]


def test_cards_as_dice():
    # L-E2: "you hold a 2; your first die shows 5; play the 2 to move (5 + 2) × 2 = 14"; the
    # card leaves the game and scores nothing. Never the first die, at most one per turn, the
    # sum stays <= 7, only the decider's own cards.
    g = game(cards_as_dice=True, stacks={"2": [0]}, held={"0": [2, 6, 1], "1": [1]}, dice=[5])
    refused(g, card(2), "L-E2")                                  # never for the first die
    g.apply(ROLL)
    assert g.legal_actions() == [ROLL, STOP, card(1), card(2)]   # 6 would make 11
    refused(g, card(6), "L-E2")
    refused(g, card(3), "L-E2")                                  # not held
    ev = g.apply(card(2))
    assert ev == [{"type": "card_played", "seat": 0, "turtle": 0, "eggs": 2, "dice": [5, 2],
                   "sum": 7, "multiplier": 2}]
    assert g.view(None)["rolled"] == [5, 2] and g.view(None)["rolled_card"] == 1
    assert g.legal_actions() == [ROLL, STOP]                     # one card per turn
    refused(g, card(1), "L-E2")
    ev = g.apply(STOP)
    assert ev[0]["steps"] == 14 and ev[0]["to"] == 16
    v = g.view(None)
    assert v["held"]["0"] == [6, 1] and v["played"] == [2] and g.scores[0] == 7
    # a card as the third value moves at once; only the top turtle's owner plays, their own cards
    g = game(cards_as_dice=True, stacks={"3": [1, 0]}, held={"0": [4], "1": [1]}, dice=[1, 2],
             seat=1)
    g.apply(ROLL)
    g.apply(ROLL)
    assert g.to_act == 0 and card(4) in g.legal_actions() and card(1) not in g.legal_actions()
    refused(g, card(1), "L-E2")
    ev = g.apply(card(4))
    assert types(ev) == ["card_played", "turtles_moved", "card_taken", "turn"]
    assert ev[1]["steps"] == 21 and ev[1]["group"] == [1, 0] and ev[2]["seat"] == 0
    # without the option: refused
    g = game(stacks={"2": [0]}, held={"0": [2]}, dice=[1])
    g.apply(ROLL)
    assert g.legal_actions() == [ROLL, STOP]
    refused(g, card(2), "L-E2")


def test_one_card_in_the_whole_turn_with_two_turtles_L_E2():
    # L-E2: at most one card in the whole turn; with two turtles one card for both movements,
    # whoever decides them.
    g = from_scenario({"game": "tortuga", "seats": 2, "cards_as_dice": True,
                       "stacks": {"4": [0], "8": [2]}, "held": {"0": [1, 1]}, "dice": [3, 3]})
    g.apply({"type": "choose_turtle", "turtle": 0})
    g.apply(ROLL)
    g.apply(card(1))
    assert g.view(None)["turn_card"] == 1
    g.apply(STOP)
    g.apply(ROLL)                                       # the second turtle's first die
    assert g.legal_actions() == [ROLL, STOP] and g.view(None)["turn_card"] == 1
    err = refused(g, card(1), "L-E2")
    assert "whole turn" in err.reason
    assert g.view(None)["played"] == [1] and g.view(None)["held"]["0"] == [1]
    g.apply(STOP)                                       # the next turn may play a card again
    assert g.view(None)["turn_card"] is None and g.to_act == 1


def test_one_card_in_the_whole_turn_even_when_another_player_decides_L_E2():
    # L-E2 "whoever decides": seat 1's turtle 3 rides seat 0's turtle 0, so seat 1 decides the
    # movement of turtle 0 and plays a card; seat 0's second movement may then play none.
    g = from_scenario({"game": "tortuga", "seats": 2, "cards_as_dice": True,
                       "stacks": {"4": [0, 3], "8": [2]}, "held": {"0": [2], "1": [1]},
                       "dice": [3, 3]})
    g.apply({"type": "choose_turtle", "turtle": 0})
    g.apply(ROLL)
    assert g.to_act == 1
    g.apply(card(1))
    g.apply(STOP)
    g.apply(ROLL)
    assert g.to_act == 0 and g.legal_actions() == [ROLL, STOP]
    refused(g, card(2), "L-E2")


def test_an_older_game_keeps_one_card_per_movement_L_E2():
    # A game played under rules 1 (before the L-E2 decision changed: one card per movement)
    # replays as it was played: its journal starts the game with rules=1.
    g = new_game(2, 5, {"cards_as_dice": True}, rules=1)
    assert g.view(None)["rules"] == 1 and g.snapshot()["rules"] == 1
    g = from_scenario({"game": "tortuga", "seats": 2, "cards_as_dice": True, "rules": 1,
                       "stacks": {"4": [0], "8": [2]}, "held": {"0": [1, 1]}, "dice": [3, 3]})
    g.apply({"type": "choose_turtle", "turtle": 0})
    g.apply(ROLL)
    g.apply(card(1))
    refused(g, card(1), "L-E2")                         # still one per movement
    g.apply(STOP)
    g.apply(ROLL)
    assert card(1) in g.legal_actions()
    g.apply(card(1))
    assert g.view(None)["played"] == [1, 1]
    assert restore(g.snapshot()).snapshot() == g.snapshot()
    with pytest.raises(ValueError):
        from_scenario({"game": "tortuga", "seats": 2, "rules": 3})


def test_last_card_then_the_beach_ends_the_game():
    # L-X1: taking the last card shows the beach (face_up null); the next group that ends on or
    # passes 21 puts its top turtle on the beach, 7 eggs, and the game ends at once.
    g = game(stacks={"19": [0], "18": [2, 1]}, deck=[4], dice=[3, 4], held={"3": [6]})
    g.apply(ROLL)
    ev = g.apply(STOP)
    assert ev[1] == {"type": "card_taken", "seat": 0, "turtle": 0, "eggs": 4, "face_up": None,
                     "deck_left": 0, "reveal": False}
    assert g.view(None)["face_up"] is None and not g.is_over
    g.apply(ROLL)                                                   # seat 1: group [1] on 18
    ev = g.apply(STOP)                                              # 18 + 4 -> 1, passing 21
    assert types(ev) == ["turtles_moved", "beach", "game_over"]
    assert ev[1] == {"type": "beach", "seat": 1, "turtle": 1, "from": 1, "eggs": 7}
    assert g.is_over and g.to_act is None and g.phase == "over" and g.legal_actions() == []
    assert stacks(g)["21"] == [1] and stacks(g)["18"] == [2]
    assert g.scores == [4, 7, 0, 6] and g.winners == [1]
    assert ev[2] == {"type": "game_over", "scores": [4, 7, 0, 6], "winners": [1],
                     "cards": [1, 1, 0, 1]}
    refused(g, ROLL, "L-X1")
    s = g.snapshot()
    assert restore(s).snapshot() == s and restore(s).is_over


def test_the_22_22_tie_goes_to_more_cards():
    # L-X2 / L-X3 (rulebook): Marina 1+3+3+4+5+6 = 22 with 6 cards beats Darya 2+3+4+6 + the
    # beach = 22 with 5 (4 cards and the beach); Evgeny 17, Andrey 20. The 20 cards are all taken.
    held = {"0": [1, 3, 3, 4, 5, 6], "1": [1, 2, 4, 4, 6], "2": [2, 3, 4, 6], "3": [3, 3, 4, 5, 5]}
    g = game(held=held, deck=[], stacks={"19": [2]}, seat=2, dice=[2])
    assert g.snapshot()["removed"] == [1, 2, 5, 5]
    assert g.winners == []                                           # not over yet
    g.apply(ROLL)
    ev = g.apply(STOP)
    assert ev[-1] == {"type": "game_over", "scores": [22, 17, 22, 20], "winners": [0],
                      "cards": [6, 5, 5, 5]}
    assert g.winners == [0]


def test_a_tie_that_remains_is_shared():
    # L-X3 decision: same eggs and same number of cards: both win.
    g = game(held={"0": [3, 4], "1": [6, 1], "2": [], "3": []}, deck=[], stacks={"20": [2]},
             seat=2, dice=[1])
    g.apply(ROLL)
    g.apply(STOP)
    assert g.scores == [7, 7, 7, 0] and g.winners == [0, 1]       # the beach is one card


def test_hidden_information_is_the_deck_below_the_face_up_card_and_the_removed_cards():
    # L-H1: views show every held card and the number left, not the deck order nor the removed.
    a = game(deck=[5, 1, 2, 3], held={"1": [6]})
    b = game(deck=[5, 3, 2, 1], held={"1": [6]}, seed=99, dice=[6, 6])
    assert a.view(0) == b.view(0) == {**b.view(None), "you": 0}
    v = a.view(2)
    assert v["face_up"] == 5 and v["deck_left"] == 4 and v["held"]["1"] == [6]
    text = json.dumps(v)
    for key in ("deck", "removed", "rng", "seed", "dice"):
        assert f'"{key}"' not in text


def test_illegal_and_malformed_actions_change_nothing():
    g = game(stacks={"2": [0]})
    for bad in (None, [], {"type": "fly"}, {"type": "play_card"}, {"type": "play_card", "eggs": "3"},
                {"type": "choose_turtle", "turtle": True}):
        before = g.snapshot()
        with pytest.raises(MalformedAction) as err:
            g.apply(bad)
        assert err.value.code == "malformed" and isinstance(err.value, ValueError)
        assert g.snapshot() == before
    e = refused(g, {"type": "choose_turtle", "turtle": 0}, "L-T4")
    assert e.code == "illegal" and e.reason


def test_bad_scenarios_are_refused_with_a_clear_error():
    for bad in ({"stacks": {"3": [0], "4": [0]}}, {"stacks": {"22": [0]}}, {"stacks": {"1": [9]}},
                {"held": {"0": [6, 6, 6, 6]}}, {"deck": [7]}, {"seat": 4}, {"dice": [0]},
                {"phase": "decide", "turtle": 0, "rolled": []}, {"seats": 8}, {"beach": 9},
                {"phase": "choose_turtle"}, {"cards_as_dice": 1}):
        d = {"game": "tortuga", "seats": 4}
        d.update(bad)
        with pytest.raises(ValueError):
            from_scenario(d)


def test_the_registry_reaches_la_tortuga():
    g = engine.new_game("tortuga", seats=5, seed=42, options={"cards_as_dice": False})
    assert g.name == "tortuga" and g.to_act == 0
    s = engine.from_scenario({"game": "tortuga", "seats": 4, "dice": [3]}).snapshot()
    assert engine.restore(s).snapshot() == s
    h = engine.sample_state(g.view(1), engine.Rng(5))
    assert h.view(1) == g.view(1)
