"""The browser client's shell (assets/web/app, issue 27) in a real Chromium at a phone's size with
touch, against a real host on loopback (tests/web_helpers.py): join, the lobby, a table's lobby,
a game played to its end by taps (the plain table of app/generic.js where a game has no module of
its own yet), results, coming back after the page was closed, watching, the plural rules."""
from __future__ import annotations

import gettext

import pytest

from assets.i18n import pofile

from web_helpers import create_table, join, open_page, tap, wait_for

pytestmark = pytest.mark.slow


def play_out(page, limit: int = 2000) -> int:
    """Tap the first legal action whenever it is this page's turn, until the game is over (the
    plain table: one button per legal action). How many taps it took."""
    taps = 0
    while taps < limit:
        wait_for(page, "tikal.play && tikal.play.last && (tikal.play.last.over || "
                       "(tikal.play.last.legal && tikal.play.last.legal.length && "
                       "!!document.querySelector('[data-legal=\"0\"]:not([disabled])')))")
        if wait_for(page, "tikal.play.last.over ? 'over' : 'turn'") == "over":
            return taps
        before = page.evaluate("tikal.play.last.state")
        tap(page, '[data-legal="0"]')
        taps += 1
        wait_for(page, "(s) => tikal.play.last.state > s || tikal.errors.length > 0", before)
    raise AssertionError(f"no end after {limit} taps")


def test_join_lobby_table_and_a_whole_game_by_taps_then_results(web_host, phone):
    page = phone()
    open_page(page, web_host)
    assert page.inner_text("#join-title") == "Join Kitchen table"
    join(page, "Ana")
    tid = create_table(page, "tortuga", seats=2)
    assert wait_for(page, "tikal.seat === 0")
    tap(page, "#fill")
    wait_for(page, "tikal.table.players.every(p => p.kind !== 'empty')")
    tap(page, "#start")
    wait_for(page, "tikal.screen === 'play' && !!tikal.play.last")
    taps = play_out(page)
    assert taps > 0
    wait_for(page, "!document.querySelector('#overlay').hidden && !!document.querySelector('#results')")
    t = web_host.table(tid)
    assert t.status == "over"
    assert page.locator("#results .result").count() == 2
    assert page.locator(".story polyline").count() == 2        # the score story: one line per seat
    wait_for(page, "tikal.standings && tikal.standings.night.games === 1")
    tap(page, "#results-lobby")
    wait_for(page, "tikal.screen === 'lobby'")
    assert page.js_errors == []


def test_page_closed_mid_game_and_opened_again_is_back_in_its_seat(web_host, phone):
    page = phone()
    open_page(page, web_host)
    join(page, "Ben")
    tid = create_table(page, "tikal", seats=2)
    tap(page, '[data-act="bot"]')
    wait_for(page, "tikal.table.players[1].kind === 'bot'")
    tap(page, "#start")
    wait_for(page, "tikal.screen === 'play' && !!tikal.play.last")
    seen = page.evaluate("tikal.state")
    context = page.context
    page.close()                                   # the phone's page goes away mid-game
    t = web_host.table(tid)
    again = context.new_page()                     # the same browser (its storage) opens it again
    again.has_touch = True
    open_page(again, web_host)
    wait_for(again, "tikal.screen === 'play' && tikal.seat === 0 && !!tikal.play.last")
    assert again.evaluate("tikal.state") >= seen
    assert wait_for(again, "tikal.welcome.resumed.table") == tid
    assert web_host.call(lambda: t.seats[0].name) == "Ben"


def test_a_browser_watches_a_table(web_host, phone):
    owner, watcher = phone(), phone(lang="it")
    open_page(owner, web_host)
    join(owner, "Cleo")
    tid = create_table(owner, "tortuga", seats=2)
    tap(owner, "#fill")
    wait_for(owner, "tikal.table.players.every(p => p.kind !== 'empty')")
    open_page(watcher, web_host)
    join(watcher, "Dario")
    wait_for(watcher, f"!!document.querySelector('[data-table=\"{tid}\"] [data-act=\"watch\"]')")
    tap(watcher, f'[data-table="{tid}"] [data-act="watch"]')
    wait_for(watcher, "tikal.screen === 'table'")
    tap(owner, "#start")
    wait_for(watcher, "tikal.screen === 'play' && !!tikal.play.last && tikal.seat === null")
    assert wait_for(watcher, "tikal.play.last.seat === null && !('legal' in tikal.play.last)")
    assert watcher.inner_text("#turn") != ""


@pytest.mark.parametrize("lang", ["en", "cs", "it", "ru"])
def test_plural_rules_in_the_page_match_gettext(web_host, phone, lang):
    """The page's own parser of the catalogs' Plural-Forms (no eval) picks the same form as
    Python's gettext for n = 0..300."""
    page = phone(lang=lang)
    open_page(page, web_host)
    assert wait_for(page, "tikal.cat.lang") == lang
    header = pofile(lang).metadata["Plural-Forms"]
    expr = header.split("plural=")[1].rstrip(";")
    py = gettext.c2py(expr)
    js = page.evaluate("async (src) => { const m = await import('/app/i18n.js'); const f = m.compilePlural(src);"
                       " return Array.from({length: 301}, (_, n) => f(n)); }", expr)
    assert js == [py(n) for n in range(301)]
    from assets.i18n import Catalog

    for n in (0, 1, 2, 5, 11, 21, 22, 25, 101):
        assert page.evaluate(f"tikal.cat.tn('web.games_tonight', {n})") == \
            Catalog(lang).trn("web.games_tonight", n)


def test_a_phone_that_slept_is_back_in_its_seat_with_what_it_missed(tmp_path, phone):
    """The socket drops (a phone that sleeps): the seat's grace runs out, a bot plays for it; the
    page comes back (shown again) by itself with its token and the last state it saw: its seat,
    and "While you were away" lists what happened, the bot's moves for it among them."""
    from web_helpers import WebHost

    web_host = WebHost(tmp_path, grace=0.3)
    try:
        page = phone()
        open_page(page, web_host)
        join(page, "Eva")
        tid = create_table(page, "tortuga", seats=2)
        tap(page, "#fill")
        wait_for(page, "tikal.table.players.every(p => p.kind !== 'empty')")
        tap(page, "#start")
        wait_for(page, "tikal.screen === 'play' && !!tikal.play.last")
        seen = page.evaluate("tikal.state")
        page.evaluate("tikal.net.wanted = false; tikal.net.drop()")     # asleep: no reconnecting
        t = web_host.table(tid)
        wait_for(page, "tikal.net.ws.readyState === 3")
        # the host holds the seat for the grace period, then a bot plays it: moves happen meanwhile
        for _ in range(600):
            if web_host.call(lambda: t.status == "over" or t.state >= seen + 3):
                break
            page.wait_for_timeout(100)      # (only paces the look at the host: the host's progress decides)
        assert web_host.call(lambda: t.state) > seen
        page.evaluate("tikal.net.wanted = true; document.dispatchEvent(new Event('visibilitychange'))")
        wait_for(page, "tikal.net.greeted && tikal.welcome.resumed && tikal.seat === 0")
        wait_for(page, "!!document.querySelector('#recap')")
        assert "While you were away" in page.inner_text("#recap")
        assert "a bot played for Eva" in page.inner_text("#recap")
        assert page.evaluate("tikal.state") >= web_host.call(lambda: t.state) - 1
        tap(page, "#recap-ok")
        wait_for(page, "!document.querySelector('#recap')")
        assert page.js_errors == []
    finally:
        web_host.stop()
