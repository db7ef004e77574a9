"""A newcomer learns from the phone (issue 38): the hints choice of a new table, the Hint at the
seat's turn (the host's plan drawn on the board step by step, each step played by a tap), the
first-game guide, La Tortuga's coach line and How to play, in a real Chromium with touch through
a real host (tests/web_helpers.py)."""
from __future__ import annotations

import json

from assets.i18n import Catalog
from engine.bots.hints import seed_for
from game.games import CLIENTS
from game.hint import reason_text
from net.journal import effective_actions, journal_path, read_records

from learn_support import follow_the_guide, howto_pages, start_game, window_hint
from web_helpers import LANGS, WebHost, create_table, join, open_page, tap, wait_for
from web_tikal_support import Tapper


def test_a_table_made_from_a_phone_offers_the_hints_choice(web_host, phone):
    """As the window's quick game: hints allowed at first, one tap turns them off; the table's
    summary (and the host's table) says so, the lobby's list too."""
    page = phone()
    open_page(page, web_host)
    join(page, "Ana")
    tap(page, '[data-game="tikal"]')
    assert page.get_attribute("#create-hints", "aria-pressed") == "true"
    tid = create_table(page, "tikal")
    assert wait_for(page, "tikal.table.hints") is True and web_host.table(tid).hints_allowed
    tap(page, "#leave")
    wait_for(page, "tikal.screen === 'lobby'")
    tap(page, "#create-hints")                      # off for a serious game
    assert page.get_attribute("#create-hints", "aria-pressed") == "false"
    other = create_table(page, "tikal")
    assert other != tid and wait_for(page, "tikal.table.hints === false")
    assert not web_host.table(other).hints_allowed


def test_the_tikal_hint_on_a_phone_is_the_windows_plan_and_its_steps_play_by_taps(web_host, phone):
    page = phone(guided=True)        # a first game: the guide too
    start_game(page, web_host, "tikal", 2)
    t = "tikal.play.instance.tikal"
    wait_for(page, f"{t}.acting() && !{t}.pending")
    tap(page, "[data-act=hint]")
    wait_for(page, f"{t}.hintView.shown()")
    got = page.evaluate(f"JSON.stringify({{steps: {t}.hintView.steps, view: {t}.latest.view, legal: {t}.latest.legal, "
                        f"state: {t}.latest.state}})")
    got = json.loads(got)
    assert got["steps"] == window_hint("tikal", got["view"], got["legal"], 0, got["state"])
    assert seed_for(got["state"], 0) == got["state"] * 7919
    # a first game: the guide leads, but while the plan shows its bubble and rings step aside
    assert page.evaluate(f"{t}.guide.active") is True
    assert page.locator(".tk-guide").is_hidden() and page.locator(".tk-guided, .tk-guide-ring").count() == 0
    played = 0
    while page.evaluate(f"{t}.hintView.shown()"):
        before = page.evaluate(f"{t}.latest.state")
        n = page.evaluate(f"{t}.hintView.steps.length")
        tap(page, "[data-act=hint-play]")
        wait_for(page, f"{t}.latest.state > {before} && !{t}.pending && !{t}.timeline.busy")
        played += 1
        if n == 1:
            break
    assert played >= 2


def test_a_hint_asked_again_too_soon_comes_a_moment_later_not_refused(tmp_path, phone):
    """The host lets a connection ask a few hints at once, then one every so often (``rate``, with
    ``retry``: the seconds to wait): the page waits what the host names and asks again by itself,
    and the plan shows; no "no hint for this position". The host's clock for it steps 0.3 s at
    each look (one hint at once, then one a second): three refusals, then the plan, however slow
    the machine."""
    web_host = WebHost(tmp_path, hint_burst=1, hint_every=1.0)
    try:
        clock = [1000.0]

        def step() -> float:
            clock[0] += 0.3
            return clock[0]
        web_host.call(lambda: setattr(web_host.host.hints, "clock", step))
        page = phone()
        start_game(page, web_host, "tikal", 2)
        t = "tikal.play.instance.tikal"
        wait_for(page, f"{t}.acting() && !{t}.pending")
        tap(page, "[data-act=hint]")
        wait_for(page, f"{t}.hintView.shown()")
        tap(page, "[data-act=hint]")                    # hidden, and asked again at once
        wait_for(page, f"!{t}.hintView.shown()")
        tap(page, "[data-act=hint]")
        wait_for(page, f"{t}.hintView.shown() || !{t}.hintView.thinking()")
        assert page.evaluate(f"{t}.hintView.shown()"), page.evaluate(f"{t}.sel.info")
        refused = page.evaluate("tikal.errors.filter(e => e.ref === 'hint').map(e => [e.code, e.retry])")
        assert [code for code, _ in refused] == ["rate"] * 3 and all(0 < r <= 1.0 for _, r in refused), refused
        got = json.loads(page.evaluate(f"JSON.stringify({{steps: {t}.hintView.steps, view: {t}.latest.view, "
                                       f"legal: {t}.latest.legal, state: {t}.latest.state}})"))
        assert got["steps"] == window_hint("tikal", got["view"], got["legal"], 0, got["state"])
        assert page.js_errors == []
    finally:
        web_host.stop()


def test_la_tortugas_coach_line_on_a_phone_says_the_windows_choice_and_why_and_plays_it(web_host, phone):
    """At a decision (not the first die) the Hint rings the button the strong bot would press and
    says why in the window's words (the bust chance, the card a stop takes, the gain); its own
    button plays that choice, as the host's journal shows."""
    page = phone(size=(360, 640))
    tid = start_game(page, web_host, "tortuga", 2)
    t = "tikal.play.instance.tortuga"
    for _ in range(100):                # roll the first die of each turn: it is always rolled
        wait_for(page, f"{t}.acting() && !{t}.pending")
        if page.evaluate(f"{t}.hintView.askable()"):
            break
        tap(page, "[data-act=roll]")
    assert page.locator("[data-act=hint]").count() == 1
    tap(page, "[data-act=hint]")
    wait_for(page, f"{t}.hintView.shown() && !!document.querySelector('#tt-coach')")
    got = json.loads(page.evaluate(f"JSON.stringify({{action: {t}.hintView.action, why: {t}.hintView.why, "
                                   f"view: {t}.latest.view, legal: {t}.latest.legal, state: {t}.latest.state}})"))
    [want] = window_hint("tortuga", got["view"], got["legal"], 0, got["state"])
    assert (got["action"], got["why"]) == (want["action"], want["why"])
    app = Catalog("en")
    line = reason_text(type("A", (), {"tr": app.tr, "trn": app.trn})(), got["why"])
    assert line and line in page.inner_text("#tt-coach")
    ringed = page.evaluate("[...document.querySelectorAll('.tt-hinted')].map(b => b.dataset.act)")
    assert len(ringed) == 1 and ringed[0] in ("roll", "stop", "card", "choose")
    before = page.evaluate(f"{t}.latest.state")
    tap(page, "[data-act=hint-play]")
    wait_for(page, f"{t}.latest.state > {before} && !{t}.pending")
    assert not page.locator("#tt-coach").count()          # any change: a new decision, the box goes
    records, _ = read_records(journal_path(web_host.host.config.data_dir, tid))
    assert [a for s, a in effective_actions(records) if s == 0][-1] == want["action"]


def test_the_first_game_guide_on_a_phone_leads_through_the_first_turn_once(web_host, phone):
    """A player's first Tikal game: the guide points at each step of the first turn (the window's
    four), in the phone's words; done, the page keeps it, and the next table shows none."""
    page = phone(guided=True)
    start_game(page, web_host, "tikal", 2)
    tapper = Tapper(page)
    tapper.wait("t.acting() && !t.pending")
    assert tapper.js("return t.guide.active;") is True
    text = page.inner_text(".tk-guide")
    assert "Tap" in text and "Click" not in text and "First game · step 1 of 4" in text
    shown = follow_the_guide(page, tapper, until="walk")
    assert shown[0] == "place" and "enter" in shown, shown
    # the language changed on the way (the table mounted again, a worker of ours on the board):
    # the guide goes on at its step, in the new words
    page.evaluate("async () => { window.__old = tikal.play.instance; await tikal.setLanguage('it'); }")
    wait_for(page, "tikal.play.instance !== window.__old && !!tikal.play.instance.tikal")
    tapper.wait("!t.timeline.busy && t.acting() && !t.pending")
    assert tapper.js("return t.guide.active;") is True          # not begun again, not dropped
    tapper.wait("!document.querySelector('.tk-guide').hidden")
    assert "Prima partita · passo 3 di 4" in page.inner_text(".tk-guide"), page.inner_text(".tk-guide")
    shown += follow_the_guide(page, tapper)
    assert shown[-1] == "end" and "walk" in shown, shown
    assert page.evaluate("localStorage.getItem('tikal.guide_done')") == "true"
    tap(page, "#menu-button")
    tap(page, "#menu-leave")
    wait_for(page, "tikal.screen === 'lobby'")
    create_table(page, "tikal", seats=2)
    tap(page, "[data-act=bot]")
    wait_for(page, "!document.querySelector('[data-act=bot]')")
    tap(page, "#start")
    tapper.wait("t.acting() && !t.pending")
    assert tapper.js("return t.guide.active;") is False and page.locator(".tk-guide:not([hidden])").count() == 0
    # the settings show it again at the next table
    tap(page, "#menu-button")
    tap(page, "#menu-settings")
    tap(page, "#settings-guide")
    assert page.evaluate("localStorage.getItem('tikal.guide_done')") is None


def test_how_to_play_on_a_phone_every_page_of_both_games_fits_in_every_language(web_host, phone):
    """The window's pages (game/<game>/howto.py, written for the page by tools/web_data.py) from the
    lobby, page by page, both games, at 360x640 in the four languages: every picture drawn from its
    data (no kind the page cannot draw), every text whole and in its box."""
    page = phone(size=(360, 640))
    open_page(page, web_host)
    join(page, "Ana")
    problems, seen = [], []
    for lang in LANGS:
        page.evaluate("async (l) => { await tikal.setLanguage(l); }", lang)
        tap(page, "#howto-open")
        wait_for(page, "!!document.querySelector('#howto .ht-page')")
        for game, pid, found in howto_pages(page):
            seen.append((game, pid))
            problems += [f"{lang} {game}/{pid}: {p}" for p in found]
        tap(page, "#howto-close")
        wait_for(page, "!document.querySelector('#howto')")
    assert not problems, problems
    want = [(g, p.id) for g in ("tikal", "tortuga") for p in CLIENTS[g].pages]
    assert seen == want * 4
