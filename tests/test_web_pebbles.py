"""A third game plays in the browser with no edit to the shell (issue 42): Pebbles (tests/pebbles/),
registered for the test as a new game would be, is offered by a real host's welcome; a phone's
lobby words it from that welcome alone (its title, its option and values: no catalog key of its
own, no line of the shell naming it), creates its table with the option tapped, fills it with the
host's bot, plays it to its end by taps on the shell's plain table (the host has no table module
for it: /games/pebbles/index.js is a 404) and shows the results; another phone's list of tables
says the game and its option."""
from __future__ import annotations

import pytest
from pebbles.engine_game import register

from web_helpers import WebHost, create_table, join, open_page, tap, wait_for

pytestmark = pytest.mark.slow


def test_pebbles_is_offered_created_and_played_to_its_end_in_the_browser(tmp_path, phone, monkeypatch):
    register(monkeypatch)
    web_host = WebHost(tmp_path)
    try:
        page = phone()
        open_page(page, web_host, "/?anim=off")
        join(page, "Ana")
        wait_for(page, "!!document.querySelector('[data-game=\"pebbles\"]')")
        assert page.inner_text('[data-game="pebbles"]') == "Pebbles"          # the welcome's title
        tap(page, '[data-game="pebbles"]')
        options = page.eval_on_selector_all("[data-option]", "els => els.map((e) => [e.dataset.option, e.textContent])")
        assert options == [["pile=5", "5"], ["pile=7", "7"], ["pile=9", "9"]]
        assert "pile" in page.inner_text("#create-card")                      # the option's own name
        tid = create_table(page, "pebbles", seats=3, option="pile=9")
        assert wait_for(page, "tikal.table.game") == "pebbles"
        assert page.evaluate("tikal.table.options") == {"pile": 9}
        tap(page, "#fill")
        wait_for(page, "tikal.table.players.every(p => p.kind !== 'empty')")
        other = phone()
        open_page(other, web_host)
        join(other, "Ben")
        row = f'[data-table="{tid}"]'
        wait_for(other, f"!!document.querySelector('{row}')")
        assert "Pebbles" in other.inner_text(row) and "pile: 9" in other.inner_text(row)
        tap(page, "#start")
        wait_for(page, "tikal.screen === 'play' && !!tikal.play.last")
        assert wait_for(page, "tikal.play.module && tikal.play.module.name") == "generic"   # the plain table
        taps = 0
        while not page.evaluate("tikal.play.last.over"):
            wait_for(page, "tikal.play.last.over || !!document.querySelector('[data-legal=\"0\"]:not([disabled])')")
            if page.evaluate("tikal.play.last.over"):
                break
            before = page.evaluate("tikal.play.last.state")
            tap(page, '[data-legal="0"]')
            taps += 1
            wait_for(page, "(s) => tikal.play.last.state > s || tikal.play.last.over", before)
        assert taps > 0
        wait_for(page, "!document.querySelector('#overlay').hidden && !!document.querySelector('#results')")
        assert page.locator("#results .result").count() == 3
        t = web_host.table(tid)
        assert web_host.call(lambda: t.status) == "over"
        assert web_host.call(lambda: sum(t.game.view(None)["taken"])) == 9
        assert page.js_errors == [] and other.js_errors == []
    finally:
        web_host.stop()
