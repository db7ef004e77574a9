"""Every screen of the browser client's shell fits (assets/web/app/fitcheck.js: no overlap, no cut
text, nothing outside the screen) at a phone's 360x640 (touch) and a laptop's 1280x800 (mouse), in
the four languages, with 24-character names: join, the lobby with tables, the settings, a table's
lobby as its owner (private, its code, bots), the game with the players' strip, the menu, the log,
the private code's dialog, and the results with the score story.

One walk per size through a real host; at each screen the page switches through the four
languages (its settings: the same catalogs as the window) and is checked in each. With
``TIKAL_WEB_SHOTS=DIR`` the screenshots are saved there to be looked at."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from net.client import Client

from waiting import HANG
from web_helpers import LANGS, LONG_NAMES, SIZES, fit_problems, join, open_page, tap, wait_for

pytestmark = pytest.mark.slow

SHOTS = os.environ.get("TIKAL_WEB_SHOTS")


def check_all_languages(page, screen: str, size: str, problems: list[str]):
    """The screen as it is, in each language: what does not fit (and a screenshot if asked)."""
    for lang in LANGS:
        page.evaluate("(lang) => tikal.setLanguage(lang)", lang)
        wait_for(page, "(lang) => tikal.cat.lang === lang && document.documentElement.lang === lang", lang)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        for p in fit_problems(page):
            problems.append(f"{size} {lang} {screen}: {p}")
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(SHOTS) / f"{size}-{screen}-{lang}.png"))
    page.evaluate("tikal.setLanguage('en')")
    wait_for(page, "tikal.cat.lang === 'en'")


def close_dialog(page, selector: str):
    page.evaluate("(sel) => { const d = document.querySelector(sel); if (d) d.remove(); }", selector)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_every_screen_fits_in_four_languages_with_long_names(web_host, phone, size):
    problems: list[str] = []
    host, port = web_host.address
    touch = size == "phone"
    page = phone(size=SIZES[size], touch=touch)
    open_page(page, web_host)
    page.fill("#name", LONG_NAMES[0])
    check_all_languages(page, "join", size, problems)
    assert page.input_value("#name") == LONG_NAMES[0]      # what was typed stays across languages

    other = Client(host, port, LONG_NAMES[1]).start()     # another player's table in the list
    guest = Client(host, port, LONG_NAMES[2]).start()     # ... and a guest at ours
    try:
        other.wait_for("welcome", HANG)        # a Client drops what it sends before it is connected
        guest.wait_for("welcome", HANG)
        other.send({"t": "create", "game": "tikal", "seats": 4, "options": {"variant": "auction"}})
        other.wait_for("seated", HANG)
        join(page, LONG_NAMES[0])
        wait_for(page, "tikal.tables.length === 1 && !!document.querySelector('[data-table]')")
        check_all_languages(page, "lobby", size, problems)

        tap(page, "#settings")
        wait_for(page, "!!document.querySelector('#settings-dialog')")
        check_all_languages(page, "settings", size, problems)
        close_dialog(page, "#settings-dialog")

        tap(page, '[data-game="tortuga"]')
        tap(page, '.stepper button[aria-label="−"]')
        wait_for(page, "document.querySelector('#create-seats').textContent === '3'")
        tap(page, "#create")
        tid = wait_for(page, "tikal.screen === 'table' && tikal.table.id")
        guest.send({"t": "sit", "table": tid})
        guest.wait_for("seated", HANG)
        tap(page, "#private")
        wait_for(page, "tikal.table.private && !!tikal.table.code && !!document.querySelector('#code')")
        tap(page, '[data-act="bot"]')
        wait_for(page, "tikal.table.players.every(p => p.kind !== 'empty')")
        check_all_languages(page, "table", size, problems)

        guest.send({"t": "ready", "ready": True})
        wait_for(page, "tikal.table.players.every(p => p.kind !== 'human' || p.ready || p.seat === tikal.seat)")
        tap(page, "#start")
        wait_for(page, "tikal.screen === 'play' && !!tikal.play.last && !!tikal.play.instance")
        check_all_languages(page, "play", size, problems)
        # another player's turn, on the table's turn clock: who thinks and for how long, Nudge
        # (the update as the host sends it to us then)
        page.evaluate("""() => { const p = tikal.play, seat = tikal.table.players.find(
              (x) => x.kind === 'human' && x.seat !== tikal.seat).seat;
            p.last = {...p.last, to_act: seat, legal: undefined, clock: {limit: 180, seat, spent: 41.5, left: 138.5}};
            p.clockAt = performance.now(); p.drawClock(); }""")
        wait_for(page, "!document.querySelector('#nudge').hidden")
        check_all_languages(page, "play-clock", size, problems)
        tap(page, "#nudge")
        wait_for(page, "document.querySelector('#nudge').hidden")
        tap(page, "#menu-button")
        wait_for(page, "!!document.querySelector('#menu')")
        check_all_languages(page, "menu", size, problems)
        tap(page, "#menu-log")
        wait_for(page, "!document.querySelector('#log').hidden")
        check_all_languages(page, "log", size, problems)
        page.evaluate("tikal.play.toggleLog(false)")

        # the results, as the end of a game shows them (the last update, marked over: drawn by
        # the shell from what the host sent)
        page.evaluate("""() => { const last = tikal.play.last;
            tikal.play.story.set(last.state + 1, last.scores.map((s, i) => s + 3 * i + 1));
            tikal.play.showResults({...last, over: true, winners: [1],
                                    scores: last.scores.map((s, i) => s + 3 * i + 1)}); }""")
        wait_for(page, "!!document.querySelector('#results')")
        check_all_languages(page, "results", size, problems)
    finally:
        other.close()
        guest.close()

    # a private table's code, asked of someone else (a page of its own)
    second = phone(size=SIZES[size], touch=touch)
    open_page(second, web_host)
    join(second, LONG_NAMES[3])
    wait_for(second, f"!!document.querySelector('[data-table=\"{tid}\"] [data-act=\"watch\"]')")
    tap(second, f'[data-table="{tid}"] [data-act="watch"]')
    wait_for(second, "!!document.querySelector('#code-dialog')")
    check_all_languages(second, "code", size, problems)
    code = page.evaluate("tikal.table.code")
    second.fill("#code-input", code.lower())
    tap(second, "#code-ok")
    wait_for(second, "tikal.screen === 'play' && tikal.seat === null && !!tikal.play.last")
    assert page.js_errors == [] and second.js_errors == []
    assert problems == [], "\n".join(problems)
