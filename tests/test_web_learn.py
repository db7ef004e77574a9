"""A newcomer learns from the phone (issue 38): the hints choice of a new table, the Hint at the
seat's turn (the host's plan drawn on the board step by step, each step played by a tap), the
first-game guide, La Tortuga's coach line and How to play, in a real Chromium with touch through
a real host (tests/web_helpers.py)."""
from __future__ import annotations

from web_helpers import create_table, join, open_page, tap, wait_for


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
