"""A tooltip belongs beside its control, never over the next one (issue 31, points 1 and 2): the fit
check (game/fitcheck.py) counts a tooltip that covers an enabled control, a target of the current
decision (the turtles to choose from, the dice's sum, the hexes of the move, the player's own row) or
its own control, and a tooltip on a disabled control that does not say why it is disabled. The
check is shown to catch each case the issue measured, drawn where the tooltip used to go (8 px
above its control, the hex's 0.9 size above it); the same frames, as the window draws them now,
have none. Then every tooltip of the tables' samples, in every language, with 24-character names."""
import pygame
import pytest
from test_client_fit import LONG_NAMES

import engine
from assets.i18n import LANGUAGES
from engine.tikal.analysis import SPECS
from game import screens as registry
from game.fitcheck import FitCheck
from game.net_bridge import LocalBridge
from game.scenes.samples import use
from game.tikal import layout as tikal_layout
from game.tortuga.scene import TortugaScene
from game.widgets import Button, Tip, Widgets, draw_tooltip, tooltip_size

from client_helpers import make_app


def move_to(app, pos) -> None:
    """The mouse comes to rest at ``pos`` (its tooltip shows after half a second)."""
    app.step(1 / 30, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    for _ in range(24):
        app.step(1 / 30, events=[])


def hidden(app) -> list[str]:
    return [p for p in app.fitcheck.problems() if p.startswith("hidden")]


def tooltip_texts(app) -> list[str]:
    return [t for _, t, _, layer in app.fitcheck.texts if layer == "overlay"]


def open_sample(name: str, lang: str = "en"):
    app = make_app(lang)
    scene = registry.sample(name, app, names=LONG_NAMES)
    if scene not in app.scenes:
        app.push(scene)
    app.fitcheck = FitCheck()
    for _ in range(40):
        app.step(1 / 30, events=[])
    return app, scene


def five_seats_at_the_first_die(app):
    """La Tortuga at 5 seats: our turn starts, the first die not rolled yet (Stop is disabled)."""
    g = engine.new_game("tortuga", seats=5, seed=4)
    me = g.to_act
    scene = app.show(TortugaScene(app, use(app, LocalBridge(g, my_seat=me, names=LONG_NAMES[:5]))))
    app.fitcheck = FitCheck()
    for _ in range(20):
        app.step(1 / 30, events=[])
    return scene


def button(scene, label=None, value_type=None):
    def kind(w):
        return isinstance(w.value, dict) and w.value.get("type") == value_type
    return next(w for w in scene.widgets.items if isinstance(w, Button) and w.visible
                and (w.label == label or (value_type and kind(w))))


def old_tooltip(app, text: str, owner, anchor=None) -> None:
    """The tooltip drawn where it used to go: its middle bottom 8 px above its control."""
    owner = pygame.Rect(owner)
    draw_tooltip(app.screen, app, text, anchor or (owner.centerx, owner.top - 8), owner)


def case_roll_over_the_card(lang):
    """1: La Tortuga, cards as dice, the mouse rests on Roll after the first die: the card button
    (the only way to play a card) was under its tooltip."""
    app, scene = open_sample("tortuga_cards", lang)
    roll = button(scene, "tortuga.roll")
    card = button(scene, value_type="play_card")
    assert roll.enabled and card.enabled
    return app, scene, roll.rect, app.tr(roll.tooltip), None, [card.rect]


def case_disabled_stop_over_the_choice(lang):
    """2: two players, the start of our turn: the disabled Stop's tooltip covered both turtle
    choices."""
    app, scene = open_sample("tortuga_choose", lang)
    stop = button(scene, "tortuga.stop")
    chooses = [w.rect for w in scene.widgets.items if isinstance(getattr(w, "value", None), dict)
               and w.value.get("type") == "choose_turtle"]
    assert not stop.enabled and len(chooses) == 2
    return app, scene, stop.rect, app.tr(stop.tooltip), None, chooses


def case_disabled_stop_over_the_sum(lang):
    """2: five seats, before the first die: the disabled Stop's tooltip covered "Sum 0 / 7"."""
    app = make_app(lang)
    scene = five_seats_at_the_first_die(app)
    stop = button(scene, "tortuga.stop")
    assert not stop.enabled and scene.shown.get("phase") == "roll"
    return app, scene, stop.rect, app.tr(stop.tooltip), None, [scene.panel.SUM_LINE]


def case_swap_over_cancel(lang):
    """2: Tikal, the swap chooser open: the Swap button's tooltip covered the chooser's Cancel."""
    app, scene = open_sample("tikal_swap", lang)
    swap = button(scene, "tikal.exchange")
    cancel = next(w for w in scene.widgets.items if isinstance(w, Button) and w.visible and w.enabled
                  and w.label == "tikal.cancel")
    return app, scene, swap.rect, app.tr(swap.tooltip), None, [cancel.rect]


def case_hint_over_our_row(lang):
    """2: Tikal, our turn: the Hint button's tooltip covered our own row."""
    app, scene = open_sample("tikal_hint", lang)
    hint = scene.addons[0].button
    row = tikal_layout.row_rect(scene.me)
    return app, scene, hint.rect, app.tr(hint.tooltip), None, [row]


def case_temple_while_waiting(lang):
    """2: Tikal, another player's actions: a temple's tooltip covered the hexes of that player's
    figures (five hexes of the board)."""
    app, scene = open_sample("tikal_wait", lang)
    board = scene.board
    assert not scene.table.my_turn() and scene.shown.get("phase") == "actions"
    watched = board.decision_hexes()
    best = None
    for t in scene.shown["tiles"]:       # the temple whose old tooltip covered most of them
        if SPECS[t["id"]].kind != "temple":
            continue
        x, y = board.center(t["hex"])
        anchor = (int(x), int(y - board.layout.size * 0.9))
        tip = pygame.Rect((0, 0), tooltip_size(app, board.hex_tip(t["hex"])))
        tip.midbottom = anchor
        tip.clamp_ip(pygame.Rect(0, 0, *app.SIZE))
        n = sum(1 for hx in watched if tip.colliderect(board.hex_rect(hx, 0.8)))
        if best is None or n > best[0]:
            best = (n, t["hex"], anchor)
    assert best and best[0] >= 2, best
    _, h, anchor = best
    x, y = board.center(h)
    return app, scene, (int(x), int(y)), board.hex_tip(h), anchor, [board.hex_rect(hx, 0.7) for hx in watched]


CASES = [case_roll_over_the_card, case_disabled_stop_over_the_choice, case_disabled_stop_over_the_sum,
         case_swap_over_cancel, case_hint_over_our_row, case_temple_while_waiting]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.__name__[5:])
def test_the_check_catches_a_tooltip_over_the_next_move_and_the_window_draws_none(case, lang):
    app, scene, spot, text, anchor, covered = case(lang)
    owner = pygame.Rect(spot) if len(spot) == 4 else scene.board.hex_rect(scene.board.hex_at(spot), 0.8)
    hover = owner.center if len(spot) == 4 else spot
    move_to(app, hover)
    app.draw()
    assert not hidden(app), "\n".join(hidden(app))
    shown = tooltip_texts(app)
    enabled = not any(rect == owner and not on for rect, on in app.fitcheck.controls)
    if enabled:      # an enabled control's tooltip shows, beside it
        first = text.split()[0]
        assert any(first in t for t in shown), (text, shown)
        tip = app.fitcheck.tooltips[-1][0]
        assert not any(tip.inflate(-4, -4).colliderect(r) for r in covered), (tip, covered)
    else:            # a disabled control says nothing unless it says why
        assert not shown, shown
    # where the tooltip used to go, the check sees what it hid
    old_tooltip(app, text, owner, anchor)
    found = hidden(app)
    old = app.fitcheck.tooltips[-1][0].inflate(-4, -4)
    under = [pygame.Rect(r) for r in covered if old.colliderect(r)]
    assert found and all(any(str(tuple(r)) in p for p in found) for r in under), "\n".join(found)
    assert under or not enabled, (old, covered)   # (a disabled control's old tooltip: said nothing of why)
    app.close()


def test_a_disabled_control_may_say_why_it_is_disabled():
    app = make_app("en")
    widgets = Widgets(app)
    surface = pygame.Surface((600, 300))
    widgets.add(Button(app, (100, 150, 120, 40), None, lambda: None, text="Go", tooltip="hint.tip",
                       enabled=False, disabled_tip=lambda: "Not before the first die."))
    widgets.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(150, 160), rel=(0, 0), buttons=(0, 0, 0)))
    widgets.update(1.0)
    app.fitcheck = FitCheck()
    widgets.draw(surface)
    assert tooltip_texts(app) == ["Not before the first die."] and not hidden(app)
    app.close()


#: The tables' samples whose tooltips are swept: each widget with a tooltip is hovered in turn.
TABLES = ["tortuga", "tortuga_choose", "tortuga_cards", "tortuga_hint", "tikal", "tikal_place", "tikal_swap",
          "tikal_wait", "tikal_auction", "tikal_auction_wait", "tikal_hint"]


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", TABLES)
def test_every_tooltip_of_the_tables_lies_beside_its_control(name, lang):
    """Each control and spot of the table with a tooltip, hovered: its tooltip hides no enabled
    control, no target of the decision and not itself (a Tikal table's temples too)."""
    app, scene = open_sample(name, lang)
    spots = [w.rect.center for w in scene.widgets.items if isinstance(w, (Button, Tip)) and w.visible and w.tooltip]
    spots += [a.button.rect.center for a in scene.addons if getattr(a, "button", None) and a.button.visible]
    board = getattr(scene, "board", None)
    if board is not None and hasattr(board, "hex_tip") and not scene.chooser.kind:
        spots += [tuple(int(v) for v in board.center(t["hex"])) for t in scene.shown.get("tiles", [])
                  if t["id"][0] in "ABCDEFG" and board.hex_tip(t["hex"]).count("\n") >= 2][:6]
    problems, shown = [], 0
    for pos in spots:
        move_to(app, pos)
        app.draw()
        shown += bool(app.fitcheck.tooltips)
        problems += [f"{pos}: {p}" for p in hidden(app)]
    assert shown, "no tooltip was shown"
    assert not problems, "\n".join(problems[:12])
    app.close()
