"""The auction variant ("professional" rules), read like games (T-X1..T-X8, T-P4 in the auction).
"""
from engine import tikal

from tikal_support import first, full_board, game, refused, types

END = {"type": "end_turn"}
STACK = ["A1", "A3", "A4", "A6", "B2", "B3", "B4", "C2"]


def auction_game(seats=3, **kw):
    d = {"seats": seats, "variant": "auction", "stack": list(STACK), "seat": 0}
    d.update(kw)
    return game(**d)


def place_somewhere(g):
    return g.apply(g.legal_actions()[0])


def test_scores_start_at_20_T_X1():
    g = tikal.new_game(4, 3, {"variant": "auction"})
    assert g.scores == [20, 20, 20, 20]
    assert auction_game().scores == [20, 20, 20]


def test_a_round_reveals_one_tile_per_player_T_X2_T_X6():
    # T-X2: a round starts with as many tiles revealed face up as there are players
    # T-X6: the first round opens with the starting player
    g = tikal.new_game(3, 11, {"variant": "auction", "first": 1})
    ev = g.start_events
    assert types(ev) == ["round_started", "auction_started"]
    assert ev[0]["opener"] == 1 and len(ev[0]["revealed"]) == 3 and ev[0]["reveal"] is True
    assert all(t[0] == "A" for t in ev[0]["revealed"])
    v = g.view(0)
    assert v["revealed"] == ev[0]["revealed"] and v["moved"] == [] and v["stack_left"] == 33
    assert (g.phase, g.to_act) == ("bid", 1)
    assert v["auction"] == {"opener": 1, "bidders": [1, 2, 0], "active": [1, 2, 0],
                            "passed": [], "bid": 0, "high": None}


def test_a_whole_round_T_X3_T_X4_T_X5_T_X6():
    g = auction_game()
    ev = g.apply(END)
    # the scenario's turn was the last of its round: a new round opens left of seat 0 (T-X6)
    assert types(ev) == ["turn_ended", "round_started", "auction_started"]
    assert first(ev, "round_started")["revealed"] == ["A1", "A3", "A4"]
    assert (g.phase, g.to_act) == ("bid", 1)
    # T-X3: bids from 1 up to the bidder's score, higher than the current bid
    assert g.legal_actions() == [{"type": "pass"}] + [{"type": "bid", "amount": a}
                                                      for a in range(1, 21)]
    refused(g, {"type": "bid", "amount": 0}, "T-X3")
    refused(g, {"type": "bid", "amount": 21}, "T-X3")
    refused(g, END, "T-X3")
    g.apply({"type": "bid", "amount": 3})
    refused(g, {"type": "bid", "amount": 3}, "T-X3")   # not higher
    assert g.to_act == 2
    g.apply({"type": "pass"})                            # seat 2 is out of this auction
    assert g.to_act == 0
    g.apply({"type": "bid", "amount": 5})
    ev = g.apply({"type": "pass"})                       # seat 1 passes: seat 0 alone is left
    assert types(ev) == ["pass", "auction_won"]
    assert first(ev, "auction_won") == {"type": "auction_won", "seat": 0, "amount": 5}
    assert g.scores == [15, 20, 20]                      # paid with points
    # the winner chooses one revealed tile, places it and spends 10 AP
    assert (g.phase, g.to_act) == ("choose", 0)
    assert g.legal_actions() == [{"type": "choose_tile", "tile": t} for t in ["A1", "A3", "A4"]]
    refused(g, {"type": "choose_tile", "tile": "B2"}, "T-X3")
    ev = g.apply({"type": "choose_tile", "tile": "A3"})
    assert ev == [{"type": "tile_chosen", "seat": 0, "tile": "A3", "auto": False}]
    assert (g.phase, g.view(0)["drawn"]) == ("place", "A3")
    place_somewhere(g)
    ev = g.apply(END)
    # T-X4: the next auction opens with the first player left of seat 0 who has not moved
    assert g.view(0)["moved"] == [0]
    assert first(ev, "auction_started")["bidders"] == [1, 2]
    assert (g.phase, g.to_act) == ("bid", 1)
    g.apply({"type": "pass"})
    # all but one passed without a bid: the last may still bid or pass
    assert (g.phase, g.to_act) == ("bid", 2)
    ev = g.apply({"type": "pass"})
    # everybody passed without a bid: the first to pass moves for free
    assert first(ev, "auction_won") == {"type": "auction_won", "seat": 1, "amount": 0}
    g.apply({"type": "choose_tile", "tile": "A4"})
    place_somewhere(g)
    ev = g.apply(END)
    # T-X5: the last player who has not moved takes the last tile: no auction, no choice
    assert types(ev) == ["turn_ended", "tile_chosen"]
    assert ev[1] == {"type": "tile_chosen", "seat": 2, "tile": "A1", "auto": True}
    assert (g.phase, g.to_act) == ("place", 2)
    place_somewhere(g)
    ev = g.apply(END)
    # T-X6: the next round opens left of the one who moved last (seat 2)
    assert first(ev, "round_started") == {"type": "round_started", "opener": 0,
                                          "revealed": ["A6", "B2", "B3"], "stack_left": 2,
                                          "next_letter": "B", "reveal": True}
    assert g.view(0)["moved"] == [] and g.to_act == 0
    assert g.scores == [15, 20, 20]


def test_the_last_bidder_after_passes_may_bid_T_X4():
    g = auction_game()
    g.apply(END)
    g.apply({"type": "pass"})
    g.apply({"type": "pass"})
    ev = g.apply({"type": "bid", "amount": 2})        # seat 0, the last one in, bids anyway
    assert first(ev, "auction_won") == {"type": "auction_won", "seat": 0, "amount": 2}
    assert g.scores == [18, 20, 20]


def test_a_bidder_with_no_points_can_only_pass_T_X3():
    g = auction_game(scores=[20, 0, 20])
    g.apply(END)
    assert g.to_act == 1 and g.legal_actions() == [{"type": "pass"}]
    refused(g, {"type": "bid", "amount": 1}, "T-X3")


def test_choosing_a_volcano_T_X7():
    # T-X7: choosing a volcano starts a scoring round as in T-V1, with the chooser first
    g = auction_game(stack=["B1", "A1", "A3", "A4"])
    g.apply(END)
    g.apply({"type": "bid", "amount": 1})             # seat 1
    g.apply({"type": "pass"})
    ev = g.apply({"type": "pass"})
    assert first(ev, "auction_won")["seat"] == 1
    ev = g.apply({"type": "choose_tile", "tile": "B1"})
    # a scoring round, the chooser first, then clockwise
    assert types(ev) == ["tile_chosen", "scoring_started", "turn_started"]
    assert first(ev, "scoring_started")["order"] == [1, 2, 0]
    for _ in range(3):
        g.apply(END)
        assert g.view(0)["moved"] == []               # no marker turned for scoring turns
    # then the chooser places the volcano, takes a normal turn and turns the marker
    assert (g.phase, g.to_act, g.view(0)["drawn"]) == ("place", 1, "B1")
    ev = place_somewhere(g)
    assert ev[-1] == {"type": "turn_started", "seat": 1, "kind": "normal", "ap": 10}
    ev = g.apply(END)
    assert g.view(0)["moved"] == [1]
    assert first(ev, "auction_started")["bidders"] == [2, 0]


def test_the_round_ends_when_the_revealed_tiles_run_out_T_X5():
    # two tiles left for three players: the round has two movers, the third gets no turn
    g = auction_game(stack=["A1", "A3"], scores=[4, 20, 20])
    g.apply(END)
    assert g.view(0)["revealed"] == ["A1", "A3"]
    g.apply({"type": "bid", "amount": 1})             # seat 1
    g.apply({"type": "pass"})
    g.apply({"type": "pass"})
    g.apply({"type": "choose_tile", "tile": "A1"})
    place_somewhere(g)
    g.apply(END)
    # one tile, two players left: still an auction; its winner takes the tile without choosing
    assert (g.phase, g.to_act) == ("bid", 2)
    g.apply({"type": "pass"})
    ev = g.apply({"type": "bid", "amount": 1})        # seat 0
    assert types(ev)[-2:] == ["auction_won", "tile_chosen"]
    place_somewhere(g)
    ev = g.apply(END)
    # seat 2 never moved; the stack is spent: the final scoring round (T-X8)
    assert first(ev, "scoring_started")["kind"] == "final"


def test_the_final_order_by_ascending_score_T_X8():
    g = game(seats=4, variant="auction", seat=1, stack=[], moved=[0, 2],
             scores=[10, 5, 10, 5],
             figures=[{"seat": 3, "hex": [0, -1], "workers": 2}])
    ev = g.apply(END)
    # ties go to the player nearest clockwise to the last placer (seat 1): its left first
    assert first(ev, "scoring_started") == {"type": "scoring_started", "kind": "final",
                                            "order": [3, 1, 2, 0]}
    g.apply(END)                                       # seat 3 scores 1 (temple) -> 6
    assert g.scores == [10, 5, 10, 6]
    assert g.view(0)["scoring"]["order"] == [3, 1, 2, 0]   # fixed at the start of the round
    for _ in range(3):
        ev = g.apply(END)
    assert ev[-1]["type"] == "game_over" and ev[-1]["winners"] == [0, 2]


def test_a_walled_in_last_tile_in_the_auction_is_placed_anyway_T_P4():
    g = game(seats=2, variant="auction", tiles=full_board("G2"), stack=[], revealed=["G2"])
    ev = g.apply(END)
    # seat 1 takes the last revealed tile (T-X5); no placement meets T-P2: it goes on any hex
    # meeting T-P1, any rotation (T-P4), then 10 AP
    assert types(ev) == ["turn_ended", "tile_chosen"]
    assert (g.phase, g.to_act) == ("place", 1) and len(g.legal_actions()) == 6
    ev = g.apply({"type": "place_tile", "hex": [7, -7], "rotation": 5})
    assert types(ev) == ["tile_placed", "turn_started"]
    ev = g.apply(END)
    assert first(ev, "scoring_started") == {"type": "scoring_started", "kind": "final",
                                            "order": [0, 1]}


def test_an_older_auction_game_still_removes_unplaceable_tiles_T_P4():
    # rules 1 (older games replay as they were played): the last revealed tile fits nowhere:
    # removed, 10 AP without it
    g = game(seats=2, variant="auction", tiles=full_board("G2"), stack=[], revealed=["G2"],
             rules=1)
    ev = g.apply(END)
    assert types(ev) == ["turn_ended", "tile_chosen", "tile_removed", "turn_started"]
    assert (g.phase, g.to_act, g.view(0)["removed"]) == ("actions", 1, ["G2"])
    # the chooser picks another revealed tile instead when the chosen one is removed
    tiles = full_board("G2", "G1", empty=((0, -4), (0, -3)), ring=((1, -4), (1, -3), (0, -2)))
    g = game(seats=3, variant="auction", tiles=tiles, stack=[], revealed=["G2", "G1"], rules=1)
    g.apply(END)
    g.apply({"type": "pass"})                          # seat 1
    g.apply({"type": "pass"})                          # seat 2: seat 1 moves for free
    assert (g.phase, g.to_act) == ("choose", 1)
    ev = g.apply({"type": "choose_tile", "tile": "G2"})
    assert types(ev) == ["tile_chosen", "tile_removed", "tile_chosen", "tile_removed",
                         "turn_started"]
    assert ev[2] == {"type": "tile_chosen", "seat": 1, "tile": "G1", "auto": True}
    assert (g.phase, g.to_act, g.view(0)["removed"]) == ("actions", 1, ["G2", "G1"])
