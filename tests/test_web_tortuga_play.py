"""Whole La Tortuga games in a real browser against bots through a real host on loopback (issue 27):
a phone (390x844, touch) plays its seat by taps only, and the host's journal holds exactly what
the taps meant, undos included. Two seats with two turtles each (a turtle chosen on the island or
by its button, a choice taken back), every animation played (quickened); five seats with cards as
dice (animations landed at once), watched by a second phone that plays every animation frame by
frame and ends on the host's view."""
from __future__ import annotations

import pytest

from web_helpers import LONG_NAMES, join, open_page, tap, wait_for
from web_tortuga_support import SHELL_TABLE, Taps, chooser, journal_moves, start_game


@pytest.mark.slow
def test_web_tortuga_two_seats_two_turtles_by_taps(web_host, phone, seeded):
    seeded(5)
    page = phone()
    # animations played frame by frame (quickened): each decision comes once the moves before it
    # have played, as on a phone at the table
    tid = start_game(page, web_host, seats=2, path="/?anim=20")
    assert page.evaluate(f"{SHELL_TABLE}.shown.turtles") == 4
    taps = Taps(page)
    last = taps.play_game(chooser(5, cards=0), undo_first=2)
    assert last["over"]
    kinds = {a["type"] for a in taps.meant if a != "undo"}
    assert {"choose_turtle", "roll", "stop"} <= kinds
    assert taps.meant.count("undo") == 2 and taps.by_island > 0
    assert journal_moves(web_host, tid, 0) == taps.meant
    # the end: the host's last view shown, the results with La Tortuga's part (each seat's cards)
    game = web_host.call(lambda: web_host.host.tables[tid].game)
    assert page.evaluate(f"{SHELL_TABLE}.shown") == web_host.call(lambda: game.view(0))
    wait_for(page, "!!document.querySelector('#results .tt-results')")
    assert page.locator("#results .tt-result").count() == 2
    held = web_host.call(lambda: game.view(0)["held"])
    chips = page.evaluate("[...document.querySelectorAll('#results .tt-result')].map((r) => "
                          "[...r.querySelectorAll('.tt-chip:not(.tt-chip-beach)')].map((c) => Number(c.textContent)))")
    assert chips == [held["0"], held["1"]]
    lines = page.evaluate("tikal.play.lines.map((l) => l.text)")
    assert any(ln.startswith("You roll") for ln in lines) and any("took back" in ln for ln in lines)
    assert not [ln for ln in lines if "{" in ln or "}" in ln]
    assert page.evaluate("tikal.errors.length") == 0
    assert page.js_errors == []


@pytest.mark.slow
def test_web_tortuga_five_seats_cards_as_dice_by_taps_and_watched(web_host, phone, seeded):
    seeded(8)
    page = phone(size=(844, 390))      # held sideways: the island beside the rows and the bar
    tid = start_game(page, web_host, seats=5, cards_as_dice=True)
    assert page.evaluate(f"{SHELL_TABLE}.shown.turtles") == 5
    # a second phone watches the game with every animation played frame by frame (quickened)
    watcher = phone()
    open_page(watcher, web_host, "/?anim=12")
    join(watcher, LONG_NAMES[1])
    watcher.evaluate("async () => { await import('/games/tortuga/index.js'); }")
    tap(watcher, f'[data-table="{tid}"] [data-act=watch]')
    wait_for(watcher, f"tikal.play && tikal.play.instance && !!{SHELL_TABLE}")
    taps = Taps(page)
    last = taps.play_game(chooser(8, cards=1.0))
    assert last["over"]
    kinds = {a["type"] for a in taps.meant}
    assert taps.offered.get("play_card"), taps.offered
    assert {"roll", "stop", "play_card"} <= kinds
    assert journal_moves(web_host, tid, 0) == taps.meant
    game = web_host.call(lambda: web_host.host.tables[tid].game)
    final = web_host.call(lambda: game.view(None))
    assert page.evaluate(f"{SHELL_TABLE}.shown") == web_host.call(lambda: game.view(0))
    # the watcher caught up: every update after the first played its animations to their end,
    # frame by frame (none landed at once), and it shows the host's last view
    state = web_host.call(lambda: web_host.host.tables[tid].state)
    w = Taps(watcher)
    w.wait("t.latest && t.latest.state === arg && !t.timeline.busy", state)
    seen = watcher.evaluate(f"({{shown: {SHELL_TABLE}.shown, played: {SHELL_TABLE}.timeline.played, "
                            f"frames: {SHELL_TABLE}.timeline.frames, updates: {SHELL_TABLE}.updates}})")
    assert seen["shown"] == final
    assert seen["played"] == seen["updates"] - 1 and seen["updates"] > 20 and seen["frames"] > seen["played"]
    lines = watcher.evaluate("tikal.play.lines.map((l) => l.text)")
    assert any("plays a card" in ln for ln in lines) and any("Game over" in ln for ln in lines)
    assert not [ln for ln in lines if "{" in ln or "}" in ln]
    assert page.evaluate("tikal.errors.length") == 0
    assert page.js_errors == [] and watcher.js_errors == []


def test_web_tortuga_a_laptops_keys(web_host, phone, seeded):
    """A laptop (1280x800, mouse) plays by its keys as in the window: A or B the plain or the
    striped turtle, Z takes the choice back, R rolls, S stops; the journal holds what they meant."""
    seeded(3)
    page = phone(size=(1280, 800), touch=False)
    tid = start_game(page, web_host, seats=2)
    taps = Taps(page)
    meant: list = []
    pressed: set = set()
    chosen = 0
    while len(meant) < 16:
        taps.wait("t.acting() && !t.pending")
        st = taps.status()
        by = {a["type"]: a for a in st["legal"]}
        if "choose_turtle" in by:
            striped = bool(chosen % 2)
            chosen += 1
            key = "b" if striped else "a"
            action = next(a for a in st["legal"] if a["type"] == "choose_turtle" and (a["turtle"] >= 2) == striped)
        elif "roll" in by and st["rolled"] < 2:
            key, action = "r", by["roll"]
        else:
            key, action = "s", by["stop"]
        page.keyboard.press(key)
        pressed.add(key)
        meant.append(action)
        taps.wait(taps.ANSWERED, st["state"])
        if action["type"] == "choose_turtle" and "undo" not in meant:
            page.keyboard.press("z")
            meant.append("undo")
            taps.wait("t.latest && t.latest.state > arg + 1 && !t.pending && !t.timeline.busy", st["state"])
    assert journal_moves(web_host, tid, 0) == meant
    assert pressed == {"a", "b", "r", "s"} and "undo" in meant
    assert page.js_errors == []
