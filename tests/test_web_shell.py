"""The browser client's shell (assets/web/app, issue 27) in a real Chromium at a phone's size with
touch, against a real host on loopback (tests/web_helpers.py): join, the lobby, a table's lobby,
a game played to its end by taps (the plain table of app/generic.js, which the page's ``?table=plain``
asks for), results, coming back after the page was closed, watching (the page's plural rules are checked
without a browser: tests/test_js.py)."""
from __future__ import annotations

import msgpack
import pytest

from assets.i18n import pofile

from waiting import HANG
from web_helpers import (
    LANGS,
    LONG_NAMES,
    WebHost,
    another_player,
    away_until,
    bots_and_start,
    create_table,
    join,
    new_table,
    open_page,
    recap_ok,
    tap,
    wait_for,
)

pytestmark = pytest.mark.slow

#: The page with the shell's plain table for every game (app/generic.js: a button per legal
#: action), whatever module a game has: these tests play through the shell alone. Its moves land
#: at once (``anim=off``; the games' own tables play animated in tests/test_web_tikal_play.py).
PLAIN = "/?table=plain&anim=off"
#: The words of the interface's own text cut over two lines under an element (app/fitcheck.js);
#: the players' names, which may break anywhere, left out.
BROKEN_WORDS = ("async (root) => (await import('/app/fitcheck.js'))"
                ".brokenWords(document.querySelector(root), 'th, td:not(.name)')")
#: The numbers of the log drawer's list cut by the drawer (app/fitcheck.js).
CUT_MARKERS = "async () => (await import('/app/fitcheck.js')).cutMarkers(document.querySelector('#log'))"


def play_out(page, limit: int = 2000) -> int:
    """Tap the first legal action whenever it is this page's turn, until the game is over (the
    plain table: one button per legal action). How many taps it took."""
    taps = 0
    while taps < limit:
        # (one look at the page: the game over, or our turn and the state it is at)
        now = wait_for(page, "tikal.play && tikal.play.last && (tikal.play.last.over ? {over: true} : "
                             "tikal.play.last.legal && tikal.play.last.legal.length && "
                             "!!document.querySelector('[data-legal=\"0\"]:not([disabled])') && "
                             "{over: false, state: tikal.play.last.state})")
        if now["over"]:
            return taps
        before = now["state"]
        tap(page, '[data-legal="0"]')
        taps += 1
        wait_for(page, "(s) => tikal.play.last.state > s || tikal.errors.length > 0", before)
    raise AssertionError(f"no end after {limit} taps")


def test_join_lobby_table_and_a_whole_game_by_taps_then_results(web_host, phone):
    page = phone()
    open_page(page, web_host, PLAIN)
    assert page.inner_text("#join-title") == "Join Kitchen table"
    join(page, LONG_NAMES[3])
    tid = create_table(page, "tortuga", seats=2)
    assert wait_for(page, "tikal.seat === 0")
    bots_and_start(page)
    taps = play_out(page)
    assert taps > 0
    wait_for(page, "!document.querySelector('#overlay').hidden && !!document.querySelector('#results')")
    t = web_host.table(tid)
    assert t.status == "over"
    assert page.locator("#results .result").count() == 2
    assert page.locator(".story polyline").count() == 2        # the score story: one line per seat
    wait_for(page, "tikal.standings && tikal.standings.night.games === 1")
    tap(page, "#results-lobby")
    wait_for(page, "tikal.screen === 'lobby' && !!document.querySelector('#standings table')")
    assert page.locator("#standings tr.you td.name").all_inner_texts() == [LONG_NAMES[3]]   # one's own row
    problems = []
    for lang in LANGS:     # tonight's standings beside a 24-character name: no header cut in two
        page.evaluate("(lang) => tikal.setLanguage(lang)", lang)
        wait_for(page, "(lang) => tikal.cat.lang === lang && !!document.querySelector('#standings table')", lang)
        problems += [f"{lang}: {p}" for p in page.evaluate(BROKEN_WORDS, "#standings")]
    assert problems == []
    assert page.js_errors == []


def test_page_closed_mid_game_and_opened_again_is_back_in_its_seat(web_host, phone):
    page = phone()
    tid = new_table(page, web_host, "Ben", "tikal", seats=2)
    bots_and_start(page, one=True)
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
    tid = new_table(owner, web_host, "Cleo", "tortuga", seats=2)
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
    assert watcher.inner_text("#whose-turn") != ""
    # its socket drops: it watches again by itself (a spectator has no token: spectate with seen)
    sockets = watcher.evaluate("tikal.net.received")
    watcher.evaluate("tikal.net.drop()")
    wait_for(watcher, "(n) => tikal.net.greeted && tikal.net.received > n && tikal.screen === 'play' "
                      "&& tikal.seat === null && tikal.play.last.full !== undefined", sockets)
    assert watcher.evaluate("JSON.parse(localStorage.getItem('tikal.watching')).table") == tid


def test_a_phone_that_slept_is_back_in_its_seat_with_what_it_missed(tmp_path, phone):
    """The socket drops (a phone that sleeps): the seat's grace runs out, a bot plays for it; the
    page comes back (shown again) by itself with its token and the last state it saw: its seat,
    and "While you were away" lists what happened, the bot's moves for it among them."""
    from web_helpers import WebHost

    web_host = WebHost(tmp_path, grace=0.3)
    try:
        page = phone()
        tid = new_table(page, web_host, "Eva", "tortuga", seats=2)
        bots_and_start(page)
        seen = page.evaluate("tikal.state")
        # asleep: the host holds the seat for the grace period, then a bot plays it: moves meanwhile
        t = away_until(page, web_host, tid, lambda t: t.state >= seen + 3)
        assert web_host.call(lambda: t.state) > seen
        page.evaluate("tikal.net.wanted = true; document.dispatchEvent(new Event('visibilitychange'))")
        wait_for(page, "tikal.net.greeted && tikal.welcome.resumed && tikal.seat === 0")
        wait_for(page, "!!document.querySelector('#recap')")
        assert "While you were away" in page.inner_text("#recap")
        tap(page, "#recap-more")             # the moves, in the game's words: ours made by the bot
        wait_for(page, "!document.querySelector('#recap-details').hidden")
        assert "A bot for you: Eva " in page.inner_text("#recap-details")
        assert page.evaluate("tikal.state") >= web_host.call(lambda: t.state) - 1
        recap_ok(page)
        assert page.js_errors == []
    finally:
        web_host.stop()


def test_left_a_started_game_and_back_to_my_seat_by_the_key(tmp_path, phone):
    """Leave a started game from the menu: the lobby offers "Back to my seat" (the seat belongs to
    this browser's player key); a tap takes it back, with the recap. (The bots play at a person's
    pace: at full speed the stand-in could finish the game, and the Back button with it, between
    the button's showing and the tap, and the lobby redrew its row at every move.)"""
    web_host = WebHost(tmp_path, bot_delay=0.5, bots_alone_delay=0.5)
    try:
        _left_and_back(web_host, phone)
    finally:
        web_host.stop()


def _left_and_back(web_host, phone):
    page = phone()
    tid = new_table(page, web_host, "Gina", "tikal", seats=2)
    bots_and_start(page, one=True)
    tap(page, "#menu-button")
    tap(page, "#menu-leave")
    wait_for(page, "tikal.screen === 'lobby' && "
                   f"!!document.querySelector('[data-table=\"{tid}\"] [data-act=\"back\"]')")
    assert page.evaluate("localStorage.getItem('tikal.key').length") == 43
    tap(page, f'[data-table="{tid}"] [data-act="back"]')
    wait_for(page, "tikal.screen === 'play' && tikal.seat === 0 && !!tikal.play.last")
    assert page.js_errors == []


def test_the_new_tables_choices_stay_while_the_list_of_tables_changes(web_host, phone):
    """The lobby is drawn again whenever the list of tables changes (another table's game goes
    on). A choice tapped on the card for a new table (the game, the players, "cards as dice")
    stays through it, and the table is created with it: the page once made its tables with the
    options' defaults when another table changed between the tap and "Create"."""
    page = phone()
    open_page(page, web_host)
    join(page, "Gina")
    tap(page, '[data-game="tortuga"]')
    tap(page, '.stepper button[aria-label="−"]')
    tap(page, '[data-option="cards_as_dice=true"]')
    other = another_player(web_host, "Uma")
    try:
        other.send({"t": "create", "game": "tikal", "seats": 2, "options": {}})
        other.wait_for("table", HANG)
        wait_for(page, "tikal.tables.length === 1 && !!document.querySelector('[data-table]')")
    finally:
        other.close()
    chosen = "document.querySelector('[data-option=\"cards_as_dice=true\"]').classList.contains('on')"
    assert page.evaluate(chosen)
    assert page.inner_text("#create-seats") == "3"
    tap(page, "#create")
    wait_for(page, "tikal.screen === 'table' && !!tikal.table && tikal.table.game === 'tortuga'")
    assert page.evaluate("tikal.table.options") == {"cards_as_dice": True}
    assert page.evaluate("tikal.table.seats") == 3
    assert page.js_errors == []


def test_bots_are_named_in_the_pages_language(web_host, phone):
    """The host names a bot in English ("Bot 2 (normal)"); a page in Russian shows "Бот 2
    (средний)" (the catalogs' table.bot_name and bot.<level>, as the window does) in the table's
    lobby, in the lobby's list of tables (another phone), and in the game (the players a game
    module is handed, the turn in the bar)."""
    ru = pofile("ru")
    want = next(e.msgstr for e in ru if e.msgid == "table.bot_name").format(
        number=2, level=next(e.msgstr for e in ru if e.msgid == "bot.normal"))
    assert want == "Бот 2 (средний)"
    page = phone(lang="ru")
    tid = new_table(page, web_host, "Ana", "tortuga", seats=2)
    tap(page, "[data-act=bot]")
    wait_for(page, "tikal.table.players.every(p => p.kind !== 'empty')")
    assert page.inner_text('[data-seat="1"] .name') == want
    other = phone(lang="ru")
    open_page(other, web_host)
    join(other, "Uma")
    wait_for(other, f"!!document.querySelector('[data-table=\"{tid}\"]')")
    assert want in other.inner_text(f'[data-table="{tid}"]')
    assert "Bot 2" not in other.inner_text(f'[data-table="{tid}"]')
    tap(page, "#start")
    wait_for(page, "tikal.screen === 'play' && !!tikal.play.last")
    assert page.evaluate("tikal.play.players()[1].name") == want
    wait_for(page, "(want) => document.body.innerText.includes(want)", want)
    assert "Bot 2" not in page.inner_text("body")
    assert page.js_errors == [] and other.js_errors == []


def test_the_log_shows_its_numbers_whole(web_host, phone):
    """The log drawer numbers its lines: line 10 read "0." on a phone (the list's padding left
    room for one digit, the drawer cut the rest). Its numbers fit with a game's lines, and with
    three digits' worth (the log keeps up to 400)."""
    page = phone()
    new_table(page, web_host, "Ana", "tortuga", seats=2, path=PLAIN)
    tap(page, "[data-act=bot]")
    wait_for(page, "tikal.table.players.every(p => p.kind !== 'empty')")
    tap(page, "#start")
    wait_for(page, "tikal.screen === 'play' && !!tikal.play.last")
    while page.evaluate("document.querySelectorAll('#log li').length") < 12:
        wait_for(page, "tikal.play.last.over || !!document.querySelector('[data-legal=\"0\"]:not([disabled])')")
        if page.evaluate("tikal.play.last.over"):
            break
        before = page.evaluate("tikal.play.last.state")
        tap(page, '[data-legal="0"]')
        wait_for(page, "(s) => tikal.play.last.state > s", before)
    tap(page, "#log-button")
    wait_for(page, "!document.querySelector('#log').hidden && document.querySelectorAll('#log li').length >= 10")
    assert page.evaluate(CUT_MARKERS) == []
    page.evaluate("() => { for (let i = 0; i < 120; i++) tikal.play.log(`line ${i}`, 'info'); }")
    wait_for(page, "document.querySelectorAll('#log li').length >= 120")
    assert page.evaluate(CUT_MARKERS) == []
    assert page.js_errors == []


def test_watching_the_table_one_left_recaps_from_where_one_left(web_host, phone):
    """A player who leaves a game mid-turn (a bot plays their seat on) and watches it from the
    lobby is told what happened since they left, not since the game began: the spectate carries
    the last state the page saw. In the recap a bot's own seat plays as itself ("Bot 2 (normal)
    played"), never "a bot played for Bot 2 (normal)"; the seat that left is played "for" its
    player. (Ben, the third seat, keeps the table going: it waits for him.)"""
    page, ben = phone(), phone()
    sent = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda body: sent.append(body)))
    tid = new_table(page, web_host, "Ana", "tortuga", seats=3, path=PLAIN)
    tap(page, '[data-seat="1"] [data-act=bot]')
    open_page(ben, web_host, PLAIN)
    join(ben, "Ben")
    wait_for(ben, f"!!document.querySelector('[data-table=\"{tid}\"] [data-act=\"sit\"]')")
    tap(ben, f'[data-table="{tid}"] [data-act="sit"]')
    wait_for(ben, "tikal.screen === 'table' && tikal.seat === 2")
    tap(ben, "#ready")
    wait_for(page, "tikal.table.players.every(p => p.kind !== 'empty' && "
                   "(p.kind !== 'human' || p.ready || p.seat === 0))")
    tap(page, "#start")
    wait_for(page, "tikal.screen === 'play' && !!tikal.play.last && tikal.play.last.to_act === 0")
    wait_for(page, "!!document.querySelector('[data-legal=\"0\"]:not([disabled])')")
    before = page.evaluate("tikal.play.last.state")
    tap(page, '[data-legal="0"]')          # Ana's first move, her turn goes on
    wait_for(page, "(s) => tikal.play.last.state > s", before)
    seen = page.evaluate("tikal.state")
    tap(page, "#menu-button")
    tap(page, "#menu-leave")
    wait_for(page, "tikal.screen === 'lobby'")
    wait_for(ben, "tikal.play.last.to_act === 2")     # the bots played on to Ben's turn
    tap(page, f'[data-table="{tid}"] [data-act="watch"]')
    wait_for(page, "tikal.screen === 'play' && tikal.seat === null && !!tikal.play.last")
    asked = [m for m in (msgpack.unpackb(b) for b in sent if isinstance(b, bytes)) if m.get("t") == "spectate"]
    assert asked and asked[-1].get("seen") == seen, asked
    wait_for(page, "!!document.querySelector('#recap')")
    tap(page, "#recap-more")
    lines = page.locator("#recap-details li").all_inner_texts()
    assert "Ana played" not in lines, lines                       # her own move: she saw it
    assert "a bot played for Ana" in lines and "Bot 2 (normal) played" in lines, lines
    assert not [x for x in lines if x.startswith("a bot played for Bot")], lines
    assert page.js_errors == [] and ben.js_errors == []


def test_a_browser_and_a_window_play_one_table(web_host, phone):
    """The pygame window (a real App, headless) creates a table and starts it; a browser sits at
    it; both play by turns (the browser by taps), twelve moves each at most; they see the same
    game: the same state, scores and public view after every move."""
    from game.scenes.lobby import LobbyScene

    from client_helpers import button, click, pump, window

    app = window(f"127.0.0.1:{web_host.address[1]}", name="Tess")
    b = app.bridge
    pump(app, lambda: isinstance(app.scene, LobbyScene))
    b.create("tortuga", 2, {})
    pump(app, lambda: b.lobby and b.table.my_seat == 0)
    tid = b.lobby["id"]
    page = phone()
    open_page(page, web_host, PLAIN)
    join(page, "Uma")
    wait_for(page, f"!!document.querySelector('[data-table=\"{tid}\"] [data-act=\"sit\"]')")
    tap(page, f'[data-table="{tid}"] [data-act="sit"]')
    wait_for(page, "tikal.screen === 'table' && tikal.seat === 1")
    tap(page, "#ready")
    pump(app, lambda: b.lobby["players"][1].get("ready"))
    app.draw()
    click(app, button(app.scene, "lobby.start").rect.center)
    wait_for(page, "tikal.screen === 'play' && !!tikal.play.last")
    moves = {0: 0, 1: 0}
    while min(moves.values()) < 12:
        pump(app, lambda: b.table.state is not None and b.table.state == page.evaluate("tikal.state"))
        last = page.evaluate("({over: tikal.play.last.over, to: tikal.play.last.to_act, s: tikal.state,"
                             " scores: tikal.play.last.scores})")
        assert list(b.table.scores) == last["scores"]
        if last["over"]:
            break
        moves[last["to"]] += 1
        if last["to"] == 1:
            wait_for(page, "!!document.querySelector('[data-legal=\"0\"]:not([disabled])')")
            tap(page, '[data-legal="0"]')
            wait_for(page, "(s) => tikal.state > s", last["s"])
        else:
            pump(app, lambda: b.table.legal)
            b.act(b.table.legal[0])
            wait_for(page, "(s) => tikal.state > s", last["s"])
    assert sum(moves.values()) >= 12
    assert page.js_errors == []


def test_tv_mode_in_a_browser_shows_the_qr_code_then_follows_a_game(tmp_path, phone):
    """/tv (a smart TV): the page's address and its QR code, large, while nothing plays; then it
    watches the table that plays (a spectator, no input), and it fits."""
    from web_helpers import WebHost

    web_host = WebHost(tmp_path, bots_alone_delay=0.3)    # bots alone: slow enough to be watched
    try:
        _tv(web_host, phone)
    finally:
        web_host.stop()


def _tv(web_host, phone):
    from web_helpers import fit_problems

    tv = phone(size=(1280, 800), touch=False)
    tv.goto(web_host.origin + "/tv")
    wait_for(tv, "window.tikal && tikal.tv && tikal.screen === 'tv' && !!document.querySelector('.tv-qr')")
    wait_for(tv, "document.querySelector('.tv-qr').complete && document.querySelector('.tv-qr').naturalWidth > 100")
    assert tv.inner_text("#tv-url") == web_host.origin + "/"
    assert fit_problems(tv) == []
    web_host.call(lambda: web_host.host.create_table("tortuga", 2, None, bots=2, bot_level="random"))
    wait_for(tv, "tikal.screen === 'play' && tikal.seat === null && !!tikal.play.last")
    assert fit_problems(tv) == []
    assert tv.evaluate("tikal.name") == "TV" and tv.js_errors == []


def test_host_restarted_the_page_is_back_in_its_game_by_itself(tmp_path, phone):
    """The host stops mid-game and starts again on the same data dir and port (not --resume): the
    page, reconnecting by itself with its seat token, brings the saved game back and is in its
    seat, as a window would be; the shapes setting is kept across it."""
    from web_helpers import WebHost

    first = WebHost(tmp_path)
    try:
        page = phone()
        tid = new_table(page, first, "Ivo", "tikal", seats=2)
        bots_and_start(page, one=True)
        tap(page, "#menu-button")
        tap(page, "#menu-settings")
        assert page.evaluate("tikal.shapes")          # on at first, as in the window
        tap(page, "#shapes")                           # off
        wait_for(page, "!tikal.shapes && !document.querySelector('#players svg.mark polygon')")
        state = page.evaluate("tikal.state")
        port = first.web_port
    finally:
        first.stop()
    wait_for(page, "tikal.status === 'closed' || tikal.status === 'connecting'")
    second = WebHost(tmp_path, web_port=port)
    try:
        wait_for(page, "(tid) => tikal.net.greeted && tikal.welcome.resumed && tikal.welcome.resumed.table === tid"
                       " && tikal.seat === 0 && tikal.screen === 'play' && !!tikal.play.last", tid)
        assert page.evaluate("tikal.state") >= state
        assert not page.evaluate("tikal.shapes") and page.locator("#players svg.mark polygon").count() == 0
        assert page.js_errors == []
    finally:
        second.stop()


def test_colour_then_continue_a_saved_game_after_the_host_restarted(tmp_path, phone):
    """A colour picked by a tap; the game left and the host restarted (not --resume): the lobby
    lists the saved game this browser sat at, and Continue brings it back with it in its seat."""
    from web_helpers import WebHost

    first = WebHost(tmp_path)
    try:
        page = phone(lang="cs")
        open_page(page, first)
        join(page, "Jana")
        # a table whose away seats wait for their players (no bot takes over: the game stays
        # unfinished when its player leaves)
        page.evaluate("tikal.send({t: 'create', game: 'tortuga', seats: 2, takeover: false})")
        tid = wait_for(page, "tikal.screen === 'table' && tikal.table.id")
        tap(page, '[data-colour="green"]')
        wait_for(page, "tikal.table.players[0].colour === 'green'")
        bots_and_start(page, one=True)
        tap(page, "#menu-button")
        tap(page, "#menu-leave")
        wait_for(page, "tikal.screen === 'lobby'")
        port = first.web_port
    finally:
        first.stop()
    second = WebHost(tmp_path, web_port=port)
    try:
        wait_for(page, f"tikal.net.greeted && tikal.screen === 'lobby' && "
                       f"!!document.querySelector('#saved [data-act=\"continue\"]') && tikal.saved[0].id === {tid}")
        assert "Pokračovat" in page.inner_text("#saved")
        tap(page, '#saved [data-act="continue"]')
        wait_for(page, f"tikal.screen === 'play' && tikal.seat === 0 && tikal.table.id === {tid} && !!tikal.play.last")
        assert page.evaluate("tikal.table.players[0].colour") == "green"
        assert page.js_errors == []
    finally:
        second.stop()
