"""What moves on the table never hides under what names the turn, nor over another player's row
(issue 31 point 4): numbers rising from a temple in Tikal's top row and La Tortuga's "+8" /
"×2 → 8" over the top spaces stop under the prompt's plate and the catch-up chip (the fit check
counts a floating word that runs into a plate: ``Effects.draw_floaters``, ``TableScene.plates``); a
taken egg card flies into its taker's row without crossing another player's row. Each is played
through the real table scene, frame by frame, and each check is shown to see the overlap when the
fix is taken away."""
import copy

import pygame
import pytest
from test_client_fit import LONG_NAMES

import engine
from game.fitcheck import FitCheck
from game.net_bridge import LocalBridge
from game.scenes.samples import use
from game.tikal.positions import MID
from game.tikal.scene import TikalScene
from game.tortuga.island import DECK_POS, space_pos
from game.tortuga.scene import TortugaScene

from client_helpers import make_app


def watch(app, scene, n: int = 150) -> tuple[list[str], list[str]]:
    """Step and draw ``n`` frames: the floating words seen and the fit check's problems with a
    plate or a floating word (each once)."""
    seen, found = [], []
    for _ in range(n):
        app.step(1 / 30, events=[])
        app.draw()
        seen += [f["text"] for f in scene.fx.floaters if f["text"] not in seen]
        found += [p for p in app.fitcheck.problems() if ("plate" in p or "(float)" in p) and p not in found]
    return seen, found


def tortuga_to_space_11(start: int, dice: list[int], rolls: int, lang: str = "ru", plates: bool = True):
    """Five seats: seat 0's turtle on space ``start`` rolls ``dice`` and stops on space 11, the
    top of the island, right under the prompt; we watch from seat 1."""
    g = engine.from_scenario({"game": "tortuga", "seats": 5, "seed": 1,
                              "stacks": {str(start): [0], "0": [1, 2, 3, 4]}, "seat": 0, "dice": list(dice)})
    app = make_app(lang)
    bridge = use(app, LocalBridge(g, my_seat=1, names=LONG_NAMES[:5]))
    scene = app.show(TortugaScene(app, bridge))
    if not plates:
        scene.plates = lambda: []       # the fix taken away: floating words ignore the plates
    app.fitcheck = FitCheck()
    watch(app, scene, 5)
    for _ in range(rolls):
        bridge.act({"type": "roll"})
    bridge.act({"type": "stop"})
    seen, found = watch(app, scene)
    assert g.view(None)["stacks"].get("11") == [0], g.view(None)["stacks"]
    app.close()
    return seen, found


def test_la_tortugas_steps_over_the_top_spaces_stay_under_the_prompt():
    """The steps float under a top space (not 70 px over it, under the prompt); and a float that
    rises there anyway stops under the plate."""
    for start, dice, rolls, said in ((6, [5], 1, "+5"), (3, [3, 1], 2, "×2 → 8")):
        seen, found = tortuga_to_space_11(start, dice, rolls)
        assert said in seen and not found, (said, seen, found)
        seen, found = tortuga_to_space_11(start, dice, rolls, plates=False)
        assert said in seen and not found, (said, seen, found)
    # where the steps used to float (70 px over space 11), with the plates taken away: the check sees it
    app = make_app("ru")
    g = engine.from_scenario({"game": "tortuga", "seats": 5, "seed": 1, "stacks": {"11": [0], "0": [1, 2, 3, 4]},
                              "seat": 1})
    scene = app.show(TortugaScene(app, use(app, LocalBridge(g, my_seat=1, names=LONG_NAMES[:5]))))
    app.fitcheck = FitCheck()
    watch(app, scene, 3)
    x, y = space_pos(11)
    scene.fx.float_text("×2 → 8", x, y - 70, size=26, hold=1.2)
    assert not watch(app, scene, 40)[1]
    scene.plates = lambda: []
    scene.fx.float_text("×2 → 8", x, y - 70, size=26, hold=1.2)
    assert any("×2 → 8" in p for p in watch(app, scene, 40)[1])
    app.close()


def test_a_floating_word_stays_under_the_catch_up_chip():
    """While our turn waits behind the replay the chip takes the prompt's place: a word rising
    there stops under it."""
    app = make_app("it")
    g = engine.from_scenario({"game": "tortuga", "seats": 5, "seed": 1, "stacks": {"3": [0], "0": [1, 2, 3, 4]},
                              "seat": 0})
    scene = app.show(TortugaScene(app, use(app, LocalBridge(g, my_seat=1, names=LONG_NAMES[:5]))))
    app.fitcheck = FitCheck()
    scene.chip_shown = lambda: True
    x, y = 470, 84                       # space 11
    scene.fx.float_text("×3 → 21", x, y - 30, size=26, rise=40, hold=1.2)
    _, found = watch(app, scene, 30)
    assert not found and scene.plates()[0] == pygame.Rect(scene.CHIP_RECT), found
    scene.plates = lambda: []
    scene.fx.float_text("×3 → 21", x, y - 30, size=26, rise=40, hold=1.2)
    _, found = watch(app, scene, 30)
    assert any("chip" in p for p in found), found
    app.close()


def tikal_uncover_at_the_top(plates: bool = True, where=(4, -6)):
    """MID with its temple C1 (and Chloé's two workers on it) in the board's top row, at (4, -6)
    under the prompt (or (0, -4) under the Menu): Chloé, whose turn it is, uncovers it; Anna (seat
    0) watches."""
    d = copy.deepcopy(MID)
    d["tiles"] = [t for t in d["tiles"] if tuple(t["hex"]) != where]
    for t in d["tiles"]:
        t["hex"] = {(1, -3): list(where)}.get(tuple(t["hex"]), t["hex"])
    for f in d["figures"]:
        f["hex"] = {(1, -3): list(where)}.get(tuple(f["hex"]), f["hex"])
    g = engine.from_scenario(d)
    app = make_app("cs")
    bridge = use(app, LocalBridge(g, my_seat=0, names=LONG_NAMES[:3]))
    scene = app.show(TikalScene(app, bridge))
    if not plates:
        scene.plates = lambda: []
    app.fitcheck = FitCheck()
    watch(app, scene, 5)
    x, y = scene.board.center(where)
    under = scene.prompt_rect if where == (4, -6) else scene.widgets.items[0].rect      # the prompt, the Menu
    assert y < 120 and under.left < x < under.right, (x, y, under)
    bridge.act({"type": "uncover", "hex": list(where)})
    seen, found = watch(app, scene, 90)
    app.close()
    return seen, found


@pytest.mark.parametrize("where", [(4, -6), (0, -4)])
def test_a_level_rising_in_tikals_top_row_stays_under_the_prompt_and_the_menu(where):
    seen, found = tikal_uncover_at_the_top(where=where)
    assert "5" in seen and not found, (seen, found)
    seen, found = tikal_uncover_at_the_top(plates=False, where=where)
    assert any("'5'" in p for p in found), found


def card_flights(app, scene, seats: int, its_own_row: bool, n: int = 150) -> tuple[int, list]:
    """Step and draw ``n`` frames: how many frames showed a card in flight, and the rows it
    crossed (its own seat's row allowed with ``its_own_row``)."""
    flown, crossed = 0, []
    for _ in range(n):
        app.step(1 / 30, events=[])
        app.draw()
        for c in scene.anim.flying_cards:
            flown += 1
            rect = scene.anim.card_rect(c)
            crossed += [(seat, tuple(rect)) for seat in range(seats) if rect.colliderect(scene.panel.row_rect(seat))
                        and not (its_own_row and seat == c["seat"])]
    return flown, crossed


def test_a_taken_card_flies_into_its_takers_row_over_no_other_row():
    """Seven seats (the narrowest rows): seat 0's turtle stops on the beach's space and takes the
    face-up card; the next player's turn is named meanwhile. The card crosses no other row."""
    for seats in (5, 7):
        g = engine.from_scenario({"game": "tortuga", "seats": seats, "seed": 1,
                                  "stacks": {"16": [0], "0": list(range(1, seats))}, "seat": 0, "dice": [5]})
        app = make_app("en")
        bridge = use(app, LocalBridge(g, my_seat=1, names=LONG_NAMES[:seats]))
        scene = app.show(TortugaScene(app, bridge))
        app.step(1 / 30, events=[])
        bridge.act({"type": "roll"})
        bridge.act({"type": "stop"})
        flown, crossed = card_flights(app, scene, seats, its_own_row=True)
        assert flown and not crossed, (seats, flown, crossed[:5])
        # the way it used to fly (straight from the deck to the row) crossed other rows
        (x0, y0), (x1, y1) = (DECK_POS[0] + 44, DECK_POS[1]), scene.panel.row_pos(0)
        line = [(x0 + (x1 - x0) * k / 50, y0 + (y1 - y0) * k / 50) for k in range(51)]
        assert any(scene.panel.row_rect(seat).collidepoint(p) for p in line for seat in range(1, seats))
        assert g.view(None)["held"]["0"], g.view(None)["held"]
        app.close()


def test_a_played_card_flies_to_the_tray_over_no_other_row():
    """Cards as dice, five seats: seat 0 plays a card after its first die; the card goes from its
    row to the dice tray beside the panel, not down across the other players' rows."""
    g = engine.from_scenario({"game": "tortuga", "seats": 5, "seed": 1, "cards_as_dice": True,
                              "stacks": {"4": [0], "0": [1, 2, 3, 4]}, "held": {"0": [2]}, "seat": 0, "dice": [3]})
    app = make_app("ru")
    bridge = use(app, LocalBridge(g, my_seat=1, names=LONG_NAMES[:5]))
    scene = app.show(TortugaScene(app, bridge))
    app.step(1 / 30, events=[])
    bridge.act({"type": "roll"})
    bridge.act({"type": "play_card", "eggs": 2})
    flown, crossed = card_flights(app, scene, 5, its_own_row=False)
    assert flown and not crossed, (flown, crossed[:5])
    assert g.view(None)["rolled"] == [3, 2] or g.view(None).get("played") == [2], g.view(None)
    app.close()
