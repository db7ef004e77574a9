"""The phone as a full seat, the shell's part (issue 38, point 7): the page opened again lands in
the lobby (or its seat) with the kept name, not on the join screen; the settings change the name;
the host's reasons (a seat given up by the owner, a refusal) in the page's language; in a real
Chromium with touch, through a real host."""
from __future__ import annotations

import pytest

from assets.i18n import Catalog

from waiting import HANG
from web_helpers import LANGS, another_player, create_table, fit_problems, join, open_page, tap, wait_for

pytestmark = pytest.mark.slow

#: Set before the page's own scripts run: ``window.joinShown`` turns true if the join screen's
#: button is ever drawn (a page that lands in the lobby by itself never draws it).
WATCH_JOIN = """
window.joinShown = false;
new MutationObserver(() => { if (document.getElementById("join")) window.joinShown = true; })
  .observe(document, {childList: true, subtree: true});
"""
SIZES = ((390, 844), (360, 640), (844, 390))


def host_names(web_host) -> list[str]:
    """The names the host knows its connections by."""
    return web_host.call(lambda: sorted(c.name for c in web_host.host.conns.values() if c.name))


def rename(page, name: str) -> None:
    tap(page, "#settings")
    wait_for(page, "!!document.querySelector('#settings-name')")
    page.fill("#settings-name", name)
    tap(page, "#settings-rename")
    wait_for(page, "!document.querySelector('#settings-dialog')")


def test_web_a_phone_opened_again_is_back_in_the_lobby_and_the_settings_change_its_name(web_host, phone):
    """Ana joins; ⚙ makes her Bea: the page says hello again at once, the host knows Bea, the lobby
    says so. The page opened again lands in the lobby as Bea (the join screen never drawn), and
    with a seat, back in it. At a table a new name waits (a toast says so): the seat keeps its
    name; out of the table the host hears the new name, and the next table's seat has it."""
    page = phone(size=(360, 640))
    open_page(page, web_host)
    join(page, "Ana")
    assert "Ana" in host_names(web_host)
    rename(page, "Bea")
    wait_for(page, "tikal.screen === 'lobby' && tikal.net.greeted && "
                   "document.querySelector('.who').innerText === 'Bea'")
    assert "Bea" in host_names(web_host) and "Ana" not in host_names(web_host)
    # opened again: the lobby, with the kept name
    page.add_init_script(WATCH_JOIN)
    page.reload()
    wait_for(page, "window.tikal && tikal.screen === 'lobby' && tikal.net.greeted && "
                   "!!document.querySelector('#tables')")
    assert page.evaluate("window.joinShown") is False
    assert page.inner_text(".who") == "Bea" and "Bea" in host_names(web_host)
    # at a table: the seat keeps its name, the new one waits for the next table
    tid = create_table(page, "tortuga", seats=2)
    rename(page, "Cleo")
    wait_for(page, "(t) => [...document.querySelectorAll('.toast')].some((e) => e.innerText === t)",
             Catalog("en").tr("web.name_later"))
    table = web_host.table(tid)
    assert web_host.call(lambda: table.seats[0].name) == "Bea"
    # opened again at the table: its seat, with the name kept
    page.reload()
    wait_for(page, "window.tikal && tikal.screen === 'table' && tikal.seat === 0 && tikal.net.greeted")
    assert page.evaluate("window.joinShown") is False
    tap(page, "#leave")
    wait_for(page, "tikal.screen === 'lobby' && tikal.net.greeted && tikal.page.helloName === 'Cleo'")
    assert "Cleo" in host_names(web_host) and "Bea" not in host_names(web_host)
    table = web_host.table(create_table(page, "tortuga", seats=2))
    assert web_host.call(lambda: table.seats[0].name) == "Cleo"
    assert page.js_errors == []


def test_web_the_settings_dialog_fits_every_phone_in_every_language(web_host, phone):
    """The settings with the name field, at 390x844, 360x640 and 844x390 (a phone held sideways:
    the dialog scrolls, nothing cut), in the four languages."""
    page = phone()
    open_page(page, web_host)
    join(page, "Bartholomew Featherstonex")
    tap(page, "#settings")
    wait_for(page, "!!document.querySelector('#settings-name')")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for lang in LANGS:
            page.evaluate("(l) => tikal.setLanguage(l)", lang)
            wait_for(page, "(l) => tikal.cat.lang === l && !!document.querySelector('#settings-rename')", lang)
            assert page.inner_text("#settings-rename") == Catalog(lang).tr("web.name_change")
            assert fit_problems(page) == [], (width, height, lang)
    assert page.js_errors == []


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_web_the_hosts_reasons_in_the_pages_language(web_host, phone, lang):
    """The owner gives up the seat of a phone in Italian (Russian): it is told so in its language,
    not in the host's English ("removed by the table's owner"); a refusal says its code's sentence
    without the host's English reason."""
    page = phone(lang=lang)
    open_page(page, web_host)
    join(page, "Gina")
    owner = another_player(web_host, "Uma")
    try:
        owner.send({"t": "create", "game": "tortuga", "seats": 3, "options": {}})
        tid = owner.wait_for("seated", HANG)["table"]
        wait_for(page, f"!!document.querySelector('[data-table=\"{tid}\"] [data-act=\"sit\"]')")
        tap(page, f'[data-table="{tid}"] [data-act="sit"]')
        wait_for(page, "tikal.screen === 'table' && tikal.seat === 1")
        # a refusal: the seat is not the page's to remove (only the owner may)
        page.evaluate("tikal.send({t: 'remove', seat: 0})")
        cat = Catalog(lang)
        want = cat.tr("net.error_not_owner") if not cat.has("web.error.not_owner") else cat.tr("web.error.not_owner")
        wait_for(page, "(t) => [...document.querySelectorAll('.toast')].some((e) => e.innerText === t)", want)
        owner.send({"t": "remove", "seat": 1})
        wait_for(page, "tikal.screen === 'lobby'")
        said = cat.tr("web.left.removed")
        wait_for(page, "(t) => [...document.querySelectorAll('.toast')].some((e) => e.innerText === t)", said)
        toasts = page.locator(".toast").all_inner_texts()
        assert not [t for t in toasts if "owner" in t or "refused" in t or "only" in t], toasts
    finally:
        owner.close()
    assert page.js_errors == []


def test_web_one_player_one_look_in_the_window_and_on_the_phone(web_host, phone):
    """The window (a real App, its default settings) and a phone at one Tikal table: each seat has
    the same mark in both, its colour and its colour-blind shape (the phone had every seat a
    circle where the window drew a square: the shapes were off on the phone at first)."""
    from game.scenes.lobby import LobbyScene
    from game.settings import Settings

    from client_helpers import button, click, pump, window

    app = window(f"127.0.0.1:{web_host.address[1]}", name="Tess")
    try:
        assert app.settings.shapes == Settings().shapes is True
        b = app.bridge
        pump(app, lambda: isinstance(app.scene, LobbyScene))
        b.create("tikal", 2, {})
        pump(app, lambda: b.lobby and b.table.my_seat == 0)
        tid = b.lobby["id"]
        page = phone(size=(360, 640))
        open_page(page, web_host)
        join(page, "Uma")
        wait_for(page, f"!!document.querySelector('[data-table=\"{tid}\"] [data-act=\"sit\"]')")
        tap(page, f'[data-table="{tid}"] [data-act="sit"]')
        wait_for(page, "tikal.screen === 'table' && tikal.seat === 1")
        # the table's lobby: each seat's mark a polygon of its shape (seat 1's: a square)
        assert page.locator('#seats [data-seat="1"] svg.mark polygon').count() == 1
        tap(page, "#ready")
        pump(app, lambda: b.lobby["players"][1].get("ready"))
        app.draw()
        click(app, button(app.scene, "lobby.start").rect.center)
        wait_for(page, "tikal.screen === 'play' && !!tikal.play.instance && !!tikal.play.instance.tikal")
        pump(app, lambda: hasattr(app.scene, "shape") and b.table.state is not None)
        from game import theme

        for seat in (0, 1):
            look = page.evaluate(f"[tikal.play.context().shape({seat}), tikal.play.context().tone({seat})]")
            assert look == [app.scene.shape(seat), "#" + "".join(f"{v:02x}" for v in app.scene.colour(seat)[:3])]
            assert look[0] == theme.player_shape(seat)
        assert page.evaluate("tikal.play.instance.tikal.shape(1)") == "square"
        assert page.js_errors == []
    finally:
        app.close()
