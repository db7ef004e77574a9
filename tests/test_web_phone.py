"""The phone's conventions (issue 39 point 4) in a real Chromium at a phone's size with touch,
against a real host on loopback (tests/web_helpers.py): the seat kept for the host's own window
shown with its player's name."""
from __future__ import annotations

import pytest

from net.client import Client

from waiting import until
from web_helpers import LANGS, fit_problems, join, open_page, tap, wait_for

pytestmark = pytest.mark.slow


def received(client: Client, t: str, pred=None) -> dict:
    def arrived():
        return next((m for m in client.poll() if m.get("t") == t and (pred is None or pred(m))), None)
    return until(arrived, f"a {t!r} message")


def test_the_hosts_kept_seat_shows_the_hosts_name_not_an_empty_seat(web_host, phone):
    """The host's window keeps seat 0 of its table: a phone sees it kept for the host, then, once
    the window said hello, with its player's name, in the list and at the table (never "empty
    seat", never a Sit or Add bot on it)."""
    tid = web_host.call(lambda: web_host.host.create_table("tikal", 3, for_window=True).id)
    page = phone()
    open_page(page, web_host)
    join(page, "Vera")
    wait_for(page, f"!!document.querySelector('[data-table=\"{tid}\"] [data-act=\"sit\"]')")
    tap(page, f'[data-table="{tid}"] [data-act="sit"]')
    wait_for(page, "tikal.screen === 'table' && tikal.seat === 1")
    kept = page.locator('#seats [data-seat="0"] .name')
    assert kept.inner_text() == page.evaluate("tikal.t('web.kept_for_host')")
    addr, port = web_host.address
    window = Client(addr, port, "Mirek", operator=web_host.host.party.operator).start()
    try:
        received(window, "welcome")
        wait_for(page, "document.querySelector('#seats [data-seat=\"0\"] .name').textContent === 'Mirek'")
        row = page.locator('#seats [data-seat="0"]')
        assert page.evaluate("tikal.t('web.host_seat')") in row.inner_text()
        assert page.evaluate("tikal.t('web.empty_seat')") not in row.inner_text()
        assert row.locator("button").count() == 0
        assert page.locator('#seats [data-seat="2"] .name').inner_text() == page.evaluate("tikal.t('web.empty_seat')")
        for lang in LANGS:
            page.evaluate("(l) => tikal.setLanguage(l)", lang)
            wait_for(page, "(l) => tikal.cat.lang === l && !!document.querySelector('#seats')", lang)
            assert fit_problems(page) == []
        page.evaluate("tikal.setLanguage('en')")
        tap(page, "#leave")
        wait_for(page, f"tikal.screen === 'lobby' && !!document.querySelector('[data-table=\"{tid}\"] .names')")
        assert "Mirek" in page.inner_text(f'[data-table="{tid}"] .names')
        assert page.js_errors == []
    finally:
        window.close()
