"""Play again in the browser (issue 39 point 3; docs/protocol.md section 14) through a real host:
two phones at 360x640 and the host's bot play a game (Pebbles, tests/pebbles/: a short one) to its
end; on the results "Play again" and "Back to the tables" are in view without scrolling; both tap
Play again (one tap each), the one still at the results sees who is in; the owner starts (a second
tap) and the next game runs: the same game, options, seats and bot, a new seed. The results with
who is in fit in the four languages. Then issue 39's own check: three phones and a window of two
players (pass-and-play) at one table play again, their taps counted."""
from __future__ import annotations

import pytest
from pebbles.engine_game import register

from web_helpers import LANGS, LONG_NAMES, WebHost, create_table, fit_problems, join, open_page, tap, wait_for

pytestmark = pytest.mark.slow

SIZE = (360, 640)
#: 24-character names (the fit checks'): each row of the results and the standings on two lines, so
#: that the results are longer than a phone's screen
ANA, BEN = LONG_NAMES[0], LONG_NAMES[2]
RESULTS = "!document.querySelector('#overlay').hidden && !!document.querySelector('#results')"
#: the element is inside the window and nothing covers its middle: seen and tappable without scrolling
IN_VIEW = """(sel) => { const e = document.querySelector(sel); if (!e) return false;
  const r = e.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!at && (at === e || e.contains(at)); }"""


def play_out(pages, limit: int = 200) -> None:
    """Tap the first legal action on whichever page's turn it is, until every page shows the game
    over (the shell's plain table: one button per legal action)."""
    for _ in range(limit):
        if all(p.evaluate("!!(tikal.play && tikal.play.last && tikal.play.last.over)") for p in pages):
            return
        for p in pages:
            state = p.evaluate("tikal.play && tikal.play.last && !tikal.play.last.over && "
                               "!!document.querySelector('[data-legal=\"0\"]:not([disabled])') "
                               "? tikal.play.last.state : null")
            if state is not None:
                tap(p, '[data-legal="0"]')
                wait_for(p, "(s) => tikal.play.last.state > s || tikal.play.last.over", state)
                break
        else:   # nobody's turn on a page: the bot's, or an update under way
            wait_for(pages[0], "() => new Promise(r => setTimeout(() => r(true), 50))")
    raise AssertionError(f"no end after {limit} rounds")


def test_two_phones_and_a_bot_play_again_with_one_tap_each_the_owner_starts(tmp_path, phone, monkeypatch):
    register(monkeypatch)
    web_host = WebHost(tmp_path)
    try:
        ana, ben = phone(size=SIZE), phone(size=SIZE)
        open_page(ana, web_host, "/?anim=off")
        join(ana, ANA)
        tid = create_table(ana, "pebbles", seats=3, option="pile=5")
        open_page(ben, web_host, "/?anim=off")
        join(ben, BEN)
        wait_for(ben, f"!!document.querySelector('[data-table=\"{tid}\"] [data-act=\"sit\"]')")
        tap(ben, f'[data-table="{tid}"] [data-act="sit"]')
        wait_for(ben, "tikal.screen === 'table' && tikal.seat === 1")
        if not ben.evaluate("tikal.table.players[1].ready"):
            tap(ben, "#ready")
        tap(ana, "#fill")
        wait_for(ana, "tikal.table.players.every(p => p.kind !== 'empty' && (p.ready || p.seat === 0))")
        tap(ana, "#start")
        for p in (ana, ben):
            wait_for(p, "tikal.screen === 'play' && !!tikal.play.last")
        play_out([ana, ben])
        first = web_host.table(tid)
        assert web_host.call(lambda: first.status) == "over"
        for p in (ana, ben):
            wait_for(p, RESULTS)
            for sel in ("#results-again", "#results-lobby"):
                assert p.evaluate(IN_VIEW, sel), f"{sel} is not in view at 360x640"

        # a guest first: one tap, into the next game's lobby, seat and readiness as before
        tap(ben, "#results-again")
        wait_for(ben, "(tid) => tikal.screen === 'table' && tikal.table.id !== tid && tikal.seat === 1", tid)
        rid = ben.evaluate("tikal.table.id")
        assert ben.evaluate("tikal.table.again_of") == tid and ben.evaluate("tikal.table.players[1].ready")
        assert ben.evaluate("tikal.table.players[0].kept") is True      # Ana's seat, kept for her
        assert "seat kept" in ben.inner_text('#seats [data-seat="0"]')
        # Ana, still at the results, sees who is in (Ben and the bot); the results are longer than the
        # screen (asserted), and both buttons in view
        line = wait_for(ana, "(n) => { const e = document.querySelector('#again-in'); "
                             "return !!e && e.textContent.includes(n) && e.textContent; }", BEN)
        bot_name = web_host.call(lambda: first.seats[2].name)
        assert ANA not in line and BEN in line and bot_name in line
        assert ana.evaluate("document.querySelector('#overlay').scrollHeight > innerHeight")
        problems = []
        for lang in LANGS:          # the results with Play again and who is in, in each language
            ana.evaluate("(lang) => tikal.setLanguage(lang)", lang)
            wait_for(ana, "(lang) => tikal.cat.lang === lang && !!document.querySelector('#again-in')", lang)
            problems += [f"{lang}: {p}" for p in fit_problems(ana)]
            for sel in ("#results-again", "#results-lobby"):
                if not ana.evaluate(IN_VIEW, sel):
                    problems.append(f"{lang}: {sel} not in view")
        assert problems == []
        ana.evaluate("tikal.setLanguage('en')")
        wait_for(ana, "tikal.cat.lang === 'en' && !!document.querySelector('#results-again')")

        # the owner: one tap in, a second to start
        tap(ana, "#results-again")
        wait_for(ana, "(rid) => tikal.screen === 'table' && tikal.table.id === rid && tikal.seat === 0", rid)
        wait_for(ana, "tikal.table.owner === tikal.welcome.player && "
                      "tikal.table.players.every(p => p.kind !== 'empty' && p.ready)")
        assert ana.locator("#ready").count() == 1       # (ready already: nothing else to tap)
        tap(ana, "#start")
        for p in (ana, ben):
            wait_for(p, "(rid) => tikal.screen === 'play' && tikal.play.last && tikal.play.last.table === rid", rid)
        second = web_host.table(rid)
        assert web_host.call(lambda: (second.status, second.game_name, second.options)) == \
            ("playing", "pebbles", {"pile": 5})
        assert web_host.call(lambda: [(s.kind, s.name) for s in second.seats]) == \
            web_host.call(lambda: [(s.kind, s.name) for s in first.seats])
        assert web_host.call(lambda: second.play.seed != first.play.seed)
        play_out([ana, ben])          # the next game runs to its end as any
        assert web_host.call(lambda: second.status) == "over"
        assert ana.js_errors == [] and ben.js_errors == []
    finally:
        web_host.stop()


#: the three guests at their phones (24-character names: the fit checks')
GUESTS = LONG_NAMES[:3]


def test_three_phones_and_a_window_of_two_play_again_with_at_most_two_taps_each(tmp_path, phone, monkeypatch):
    """Issue 39's check: three phones (390x844, touch) and a window (the real pygame client, SDL's
    dummy driver, mouse events; its own player and a second one at it, pass-and-play, from another
    loopback address) and the host's bot at one table of Pebbles play it to the end, and play
    again: from the results to the new game playing each guest taps once (Play again: in, ready)
    and the window's owner clicks twice (Play again, for both of its players, then Start); the new
    game has the same seats, names, game and options, a new seed, and the window's second seat
    plays in it without joining again."""
    from again_support import PebblesWindow

    from client_helpers import pump

    register(monkeypatch, max_seats=6)
    web_host = WebHost(tmp_path)
    win = None
    try:
        first = web_host.call(lambda: web_host.host.create_table("pebbles", 6, {"pile": 7}, bots=1, bot_level="easy"))
        tid = first.id
        win = PebblesWindow(f"127.0.0.1:{web_host.address[1]}", "Tess", local="127.0.0.2")
        win.sit(tid)                                  # seat 0: the first in owns the table
        second_player = win.add_here()                # seat 1: "Player 2", at the same window
        phones = []
        for seat, name in enumerate(GUESTS, start=2):
            p = phone()
            open_page(p, web_host, "/?anim=off")
            join(p, name)
            wait_for(p, f"!!document.querySelector('[data-table=\"{tid}\"] [data-act=\"sit\"]')")
            tap(p, f'[data-table="{tid}"] [data-act="sit"]')
            wait_for(p, "(s) => tikal.screen === 'table' && tikal.seat === s", seat)
            if not p.evaluate("tikal.table.players[tikal.seat].ready"):
                tap(p, "#ready")
            phones.append(p)
        pump(win.app, lambda: all(p["kind"] != "empty" and p["ready"] for p in win.primary.lobby["players"]))
        addr = web_host.call(lambda: {c.name: c.addr for c in web_host.host.conns.values()})
        assert addr["Tess"] == "127.0.0.2" and addr[GUESTS[0]] == "127.0.0.1"     # (a laptop, and the phones)
        win.click_on("Tess", label="lobby.start")
        play_together(win, phones, lambda: web_host.call(lambda: first.state))
        assert web_host.call(lambda: first.status) == "over"
        assert win.primary.player == web_host.call(lambda: first.seating.owner)

        # from the results on, every tap and click counted
        taps = {name: 0 for name in GUESTS}
        win.clicks.clear()
        for p in phones:
            wait_for(p, RESULTS + " && !!document.querySelector('#results-again:not([disabled])')")
        tap(phones[0], "#results-again")              # a guest first: the next game is made
        taps[GUESTS[0]] += 1
        wait_for(phones[0], "(tid) => tikal.screen === 'table' && tikal.table.again_of === tid", tid)
        rid = phones[0].evaluate("tikal.table.id")
        win.click_on("Tess", label="results.again")   # the window: both of its players
        pump(win.app, lambda: win.primary.table.id == rid and second_player.table.id == rid)
        for p, name in zip(phones[1:], GUESTS[1:]):
            tap(p, "#results-again")
            taps[name] += 1
        for p in phones:
            wait_for(p, "(rid) => tikal.screen === 'table' && tikal.table.id === rid && "
                        "tikal.table.players.every(p => p.kind !== 'empty' && p.ready && !p.kept)", rid)
        pump(win.app, lambda: win.primary.lobby["owner"] == win.primary.player
             and all(p["ready"] and not p.get("kept") for p in win.primary.lobby["players"]))
        win.click_on("Tess", label="lobby.start")     # the owner starts
        for p in phones:
            wait_for(p, "(rid) => tikal.screen === 'play' && tikal.play.last && tikal.play.last.table === rid", rid)
        assert taps == {name: 1 for name in GUESTS}                      # one tap each
        assert win.clicks == {"Tess": 2}                                 # the window's owner: in, Start
        assert all(v <= 2 for v in [*taps.values(), *win.clicks.values()])

        second = web_host.table(rid)
        assert web_host.call(lambda: (second.status, second.game_name, second.options, second.nseats)) == \
            ("playing", "pebbles", {"pile": 7}, 6)
        seats = web_host.call(lambda: [(s.kind, s.name, s.colour) for s in second.seats])
        assert seats == web_host.call(lambda: [(s.kind, s.name, s.colour) for s in first.seats])
        assert [n for _, n, _ in seats[:5]] == ["Tess", "Player 2", *GUESTS]
        assert web_host.call(lambda: second.play.seed != first.play.seed)
        # the window's second seat plays in the new game (its turn is the second), on its old connection
        assert [m["t"] for m in second_player.sent].count("sit") == 1
        play_together(win, phones, lambda: web_host.call(lambda: second.state),
                      done=lambda: web_host.call(lambda: any(s == 1 for s, _ in second.history)))
        assert [p.js_errors for p in phones] == [[], [], []]
    finally:
        if win is not None:
            win.close()
        web_host.stop()


def play_together(win, phones, state, done=None) -> None:
    """The window and the phones play their turns (one pebble each: the window by clicks, a phone
    by a tap on its first legal action) until every one of them shows the game over, or ``done()``;
    only a hang fails (``state()``, the host's table's state, not moving)."""
    import time

    from game.scenes.results import ResultsScene

    from waiting import Stall

    stall = Stall(state)
    over = "!!(tikal.play && tikal.play.last && tikal.play.last.over)"
    while not (done() if done else isinstance(win.app.scene, ResultsScene)
               and all(p.evaluate(over) for p in phones)):
        stall.check("the end of the game")
        if win.step():
            continue
        for p in phones:
            at = p.evaluate("tikal.play && tikal.play.last && !tikal.play.last.over && !!document"
                            ".querySelector('[data-legal=\"0\"]:not([disabled])') ? tikal.play.last.state : null")
            if at is not None:
                tap(p, '[data-legal="0"]')
                wait_for(p, "(s) => tikal.play.last.state > s || tikal.play.last.over", at)
        time.sleep(0.002)
