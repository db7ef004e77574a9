"""Whole Tikal games in a real browser against bots through a real host on loopback (issue 27):
a phone (390x844, touch) plays its seat by taps only, the base game and the auction, and the
host's journal holds exactly what the taps meant."""
from __future__ import annotations

import random

import pytest

from net.journal import effective_actions, journal_path, read_records

from web_helpers import LONG_NAMES, add_bots_and_start, away_until, new_table, tap, wait_for
from web_tikal_support import SHELL_TABLE, Tapper

#: Animations land at once (?anim=off) where a test is about the taps; the base game below and
#: tests/test_web_tikal.py's recorded games play them frame by frame (quickened).
FAST = "/?anim=off"


def start_game(page, web_host, seats: int, variant: str, level: str = "random", path: str = FAST) -> int:
    """Join, create a Tikal table by taps, fill it with bots, start: the table's id."""
    tid = new_table(page, web_host, LONG_NAMES[0], "tikal", seats=seats,
                    option=None if variant == "base" else f"variant={variant}", path=path)
    add_bots_and_start(page, "tikal", seats)
    return tid


def chooser(seed: int, keep: tuple = ()):
    """Picks among ``legal`` as a lively player would: the rarer actions when offered, a few walks,
    then the end of the turn; in an auction a bid now and then. ``keep``: action types it never
    takes (while others remain)."""
    rng = random.Random(seed)

    def choose(st: dict) -> dict:
        legal = [a for a in st["legal"] if a["type"] not in keep] or st["legal"]
        by = {}
        for a in legal:
            by.setdefault(a["type"], []).append(a)
        for kind in ("guard", "exchange", "camp", "dig", "uncover", "transfer", "choose_tile"):
            if kind in by and rng.random() < 0.6:
                return rng.choice(by[kind])
        if "bid" in by or "pass" in by:
            if "bid" in by and rng.random() < 0.4:
                return min(by["bid"], key=lambda a: a["amount"]) if rng.random() < 0.5 else rng.choice(by["bid"][:6])
            return by["pass"][0] if "pass" in by else rng.choice(by["bid"])
        if "end_turn" in by and rng.random() < 0.45:
            return by["end_turn"][0]
        return rng.choice(legal)
    return choose


def journal_of(web_host, tid: int, seat: int) -> list[dict]:
    records, _ = read_records(journal_path(web_host.host.config.data_dir, tid))
    return [a for s, a in effective_actions(records) if s == seat]


@pytest.mark.parametrize("variant,seats,seed,anim,size",
                         [("base", 2, 5, "30", None), ("auction", 2, 8, "off", (844, 390))])
@pytest.mark.slow
def test_web_tikal_whole_game_by_taps(web_host, phone, variant, seats, seed, anim, size):
    """The base game plays every animation (quickened) on a phone in portrait, the auction lands
    them at once on a phone held sideways (844x390: the board beside the rail, each step's hexes
    brought into view by the board: every tap lands on its hex)."""
    page = phone(size=size)
    tid = start_game(page, web_host, seats, variant, path=f"/?anim={anim}")
    taps = Tapper(page)
    last = taps.play_game(chooser(seed), undo_every=9)
    assert last["over"]
    meant = taps.effective()
    kinds = {a["type"] for a in meant}
    assert {"place_tile", "enter", "move", "end_turn"} <= kinds
    if variant == "auction":
        assert {"bid", "pass"} & kinds
    assert "undo" in taps.meant
    assert journal_of(web_host, tid, 0) == meant
    # a figure that could walk on stayed selected for its next step (never a stale selection)
    assert taps.follows and [f for f in taps.follows if f[0] != f[1]] == []
    assert page.evaluate("tikal.errors.length") == 0
    assert page.js_errors == []


@pytest.mark.slow
def test_web_tikal_browser_and_window_at_one_table(web_host, phone):
    """A phone and a pygame window play one Tikal table through the host: the phone creates it,
    the window sits down, the phone starts; each plays its own turns (taps, clicks) and each shows
    the other's moves; at the end of the first volcano's scoring round both show the host's view."""
    from game.tikal.scene import TikalScene

    from client_helpers import pump, window
    from tikal_client_support import ui_step

    page = phone()
    tid = new_table(page, web_host, "Ana", "tikal", seats=2, path=FAST)
    app = window(f"127.0.0.1:{web_host.address[1]}", name="Tess", anim_speed=50.0)
    try:
        bridge = app.bridge
        from game.scenes.lobby import LobbyScene
        bridge.auto_sit, bridge.auto_ready = None, True
        pump(app, lambda: isinstance(app.scene, LobbyScene) and bridge.tables)
        bridge.sit(tid)
        pump(app, lambda: bridge.lobby and bridge.table.my_seat == 1 and bridge.lobby["players"][1].get("ready"))
        wait_for(page, "tikal.table && tikal.table.players[1].ready")
        tap(page, "#start")
        wait_for(page, "tikal.play && tikal.play.instance && !!tikal.play.instance.tikal")
        pump(app, lambda: isinstance(app.scene, TikalScene))
        scene = app.scene
        taps = Tapper(page)
        choose = chooser(2)
        window_did: list = []
        volcano_done = False
        while not volcano_done:
            app.step(1 / 30, events=[])
            what = ui_step(app, scene, bridge, len(window_did))
            if what:
                window_did.append(what)
                pump(app, lambda: not scene.timeline.busy and (bridge.table.to_act != 1 or scene.pending is None),
                     progress=lambda: bridge.table.state)
            st = taps.status()
            if st["acting"]:
                taps.play(choose(st), st["state"])
            rounds = (bridge.table.view or {}).get("rounds") or []
            volcano_done = bool(rounds) and len(rounds[0]["scored"]) == 2
        # both caught up with the host: the phone's view and the window's are the host's
        state = web_host.call(lambda: web_host.host.tables[tid].state)
        taps.wait("t.latest && t.latest.state === arg && !t.timeline.busy", state)
        pump(app, lambda: bridge.table.state == state and not scene.timeline.busy)
        game = web_host.call(lambda: web_host.host.tables[tid].game)
        assert page.evaluate(f"{SHELL_TABLE}.shown") == web_host.call(lambda: game.view(0))
        assert scene.shown == bridge.table.view == web_host.call(lambda: game.view(1))
        # each told the other's moves in its log, by name
        assert any(line.startswith("Tess ") for line in page.evaluate("tikal.play.lines.map((l) => l.text)"))
        assert any("Ana" in str(line) for line in scene.log.lines)
        seats = {s for s, _ in effective_actions(read_records(journal_path(web_host.host.config.data_dir, tid))[0])}
        assert seats == {0, 1} and window_did and taps.meant
        assert page.js_errors == []
    finally:
        app.close()


def test_web_tikal_phone_asleep_then_back_at_its_board(tmp_path, phone):
    """The phone sleeps mid-game (its socket drops): a bot plays its seat after the grace period.
    It wakes: the table is the host's view of its seat again, the log tells in Tikal's words what
    happened meanwhile (the recap's moves), and the page plays on by taps."""
    from web_helpers import WebHost

    web_host = WebHost(tmp_path, grace=0.3)
    try:
        page = phone()
        tid = start_game(page, web_host, 2, "base")
        taps = Tapper(page)
        taps.wait("t.acting() && !t.pending")
        st = taps.status()
        taps.play(st["legal"][0], st["state"])            # the tile placed: the action phase
        seen = page.evaluate("tikal.state")
        lines = page.evaluate("tikal.play.lines.length")
        t = away_until(page, web_host, tid, lambda t: t.state >= seen + 6)     # asleep: no reconnecting
        page.evaluate("tikal.net.wanted = true; document.dispatchEvent(new Event('visibilitychange'))")
        wait_for(page, "tikal.net.greeted && tikal.welcome.resumed && tikal.seat === 0")
        # back at its seat: once the host's update after the sleep is in (until then the table still
        # shows the turn it fell asleep in, which was its own) and the game waits for it (or is
        # over), its table is the host's view
        taps.wait("t.latest && t.latest.state >= arg && (t.over || t.acting()) && !t.timeline.busy && !t.pending",
                  seen + 6)
        assert page.evaluate(f"{SHELL_TABLE}.shown") == web_host.call(lambda: t.game.view(0))
        told = page.evaluate("tikal.play.lines.map((l) => l.text)")[lines:]
        # the moves made meanwhile, each in Tikal's words (a walk, a tile, a turn), not a count
        recap = page.evaluate(f"{SHELL_TABLE}.recapSeen") or {"moves": []}
        moved = [ev for m in recap["moves"] for ev in m.get("events", []) if ev["type"] == "figure_moved"]
        assert recap["moves"] and len([ln for ln in told if "walk" in ln]) >= len(moved) > 0
        wait_for(page, "!!document.querySelector('#recap')")     # the shell's "While you were away"
        tap(page, "#recap-ok")
        st = taps.next_turn()   # and it plays on
        if not st["over"]:
            taps.play(st["legal"][0], st["state"])
        assert page.js_errors == []
    finally:
        web_host.stop()
