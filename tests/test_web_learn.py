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


def start_game(page, web_host, game: str, seats: int, path: str = "/?anim=off") -> int:
    """Join, create a table by taps (hints allowed: the default), bots in the other seats, start."""
    open_page(page, web_host, path)
    join(page, "Ana")
    tid = create_table(page, game, seats=seats)
    for _ in range(seats - 1):
        n = page.locator("[data-act=bot]").count()
        tap(page, "[data-act=bot]")
        wait_for(page, f"document.querySelectorAll('[data-act=bot]').length < {n}")
    tap(page, "#start")
    wait_for(page, f"tikal.play && tikal.play.instance && !!tikal.play.instance.{game}")
    return tid


def test_the_tikal_hint_on_a_phone_is_the_windows_plan_and_its_steps_play_by_taps(web_host, phone):
    from engine.bots.hints import seed_for
    from test_net_host_hints import window_hint

    page = phone()
    tid = start_game(page, web_host, "tikal", 2)
    t = "tikal.play.instance.tikal"
    wait_for(page, f"{t}.acting() && !{t}.pending")
    tap(page, "[data-act=hint]")
    wait_for(page, f"{t}.hintView.shown()")
    got = page.evaluate(f"JSON.stringify({{steps: {t}.hintView.steps, view: {t}.latest.view, legal: {t}.latest.legal, "
                        f"state: {t}.latest.state}})")
    import json
    got = json.loads(got)
    assert got["steps"] == window_hint("tikal", got["view"], got["legal"], 0, got["state"])
    assert seed_for(got["state"], 0) == got["state"] * 7919
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


def test_la_tortugas_coach_line_on_a_phone_says_the_windows_choice_and_why_and_plays_it(web_host, phone):
    """At a decision (not the first die) the Hint rings the button the strong bot would press and
    says why in the window's words (the bust chance, the card a stop takes, the gain); its own
    button plays that choice, as the host's journal shows."""
    import json

    from assets.i18n import Catalog
    from game.hint import reason_text
    from net.journal import effective_actions, journal_path, read_records
    from test_net_host_hints import window_hint

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
