"""The phone's "While you were away" (issue 38, point 4): after an absence long enough for a bot to
play one's seat (the host's own `grace` setting makes it happen at once, not after 90 s of wall
clock), the page says what happened: a short summary first (each seat's score then and now, the
scorings) with "Got it" in view at 360x640, every move's lines (who did what, and where) on
demand, the moves marked on the board. What it says is checked against the host's journal: the
journal's actions replayed on the engine give the events, the scores and the lines the window's
log writes of them, in each language."""
from __future__ import annotations

import engine
from assets.i18n import Catalog
from game.tortuga.log_lines import LOG_LINES as TORTUGA_LINES
from net.journal import check_start, journal_path, read_records

from web_helpers import (
    LANGS,
    WebHost,
    away_until,
    bots_and_start,
    create_table,
    fit_problems,
    join,
    open_page,
    recap_ok,
    tap,
    wait_for,
)

#: The shell's recap panel and what it shows (app/recap.js).
RECAP = "#recap"
SUMMARY_ROWS = ("() => [...document.querySelectorAll('#recap-scores tr')].map((tr) => ({seat: Number(tr.dataset.seat), "
                "name: tr.querySelector('.pname').innerText, then: Number(tr.querySelector('.then').innerText), "
                "now: Number(tr.querySelector('.now').innerText), diff: tr.querySelector('.diff').innerText}))")
DETAILS = "() => [...document.querySelectorAll('#recap-details li')].map((li) => li.innerText.trim())"
SCORINGS = "() => [...document.querySelectorAll('#recap-scorings li')].map((li) => li.innerText.trim())"
#: "Got it" lies inside the screen, and nothing of the panel is scrolled to reach it.
OK_IN_VIEW = ("() => { const r = document.querySelector('#recap-ok').getBoundingClientRect(); "
              "const p = document.querySelector('#recap').getBoundingClientRect(); "
              "return r.top >= 0 && r.bottom <= innerHeight && r.bottom <= p.bottom + 1 && "
              "document.scrollingElement.scrollTop === 0; }")


#: What the board marks as the full update of the return lands (later moves mark their own): the
#: island's ringed spaces, the Tikal board's last move; in ``window.backMarks``.
WATCH_MARKS = """() => {
  const inst = tikal.play.instance, t = inst.tortuga || inst.tikal, landed = t.landed.bind(t);
  t.landed = (m) => {
    landed(m);
    if (m.full && m.recap) window.backMarks = inst.tortuga ? [...t.island.marks] : JSON.parse(JSON.stringify(t.last));
  };
}"""


def journal_moves(data_dir, tid: int) -> tuple[dict, list[dict]]:
    """The host's journal of table ``tid`` replayed on the engine: its start record and, per state
    (each action and each undo is one), the seat, the events, the scores after it, the bot."""
    records, _ = read_records(journal_path(data_dir, tid))
    start = check_start(records)

    def new():
        return engine.new_game(start["game"], seats=start["seats"], seed=start["seed"],
                               options=dict(start["options"]), rules=start.get("rules"))
    game, applied, moves = new(), [], []
    for rec in records[1:]:
        if rec.get("k") == "action":
            events = game.apply(rec["action"])
            applied.append(rec["action"])
            moves.append({"state": len(moves) + 1, "seat": rec["seat"], "events": events,
                          "scores": list(game.scores), "bot": rec.get("bot")})
        elif rec.get("k") == "undo":
            applied.pop()
            game = new()
            for a in applied:
                game.apply(a)
            moves.append({"state": len(moves) + 1, "seat": rec["seat"], "undone": True, "scores": list(game.scores)})
    return start, moves


class Words:
    """The window's log words of a table's events (game/eventlog.py and the game's LOG_LINES, the
    real catalogs), for a seat ``me``: what the page's lines must read."""

    def __init__(self, lang: str, names: list[str], kinds: list[str], me: int, seats: int):
        self.catalog = Catalog(lang)
        self.app = self
        self.names, self.kinds, self.me, self.seats = names, kinds, me, seats

    def tr(self, key, **fmt):
        return self.catalog.tr(key, **fmt)

    def trn(self, key, n, **fmt):
        return self.catalog.trn(key, n, **fmt)

    def owner(self, turtle: int) -> int:
        return turtle % self.seats

    def short_name(self, seat: int) -> str:
        return self.tr("table.bot_short", n=seat + 1) if self.kinds[seat] == "bot" else self.names[seat]

    def line(self, lines, move: dict, ev: dict) -> str | None:
        """The recap's line of an event (the window's recap_lines): in the third person; a takeover
        bot's move in its player's seat said as the bot's."""
        text = lines.describe(self, ev, you=False)
        seat = move["seat"]
        if text and move.get("bot") and ev.get("seat") == seat and self.kinds[seat] != "bot":
            text = self.tr("recap.by_bot", line=text) if seat == self.me else \
                self.tr("recap.by_bot_for", name=self.short_name(seat), line=text)
        return text


def away_and_back(web_host, page, game: str, seats: int, enough) -> tuple[int, int]:
    """Sit at a new table of ``game`` with bots, start, and at our first turn go away (the socket
    dropped, no reconnecting) until ``enough(moves since)`` says the bot playing our seat has done
    what the test needs; back: the recap shown. (table id, the state the page last saw)."""
    tid = create_table(page, game, seats=seats)
    bots_and_start(page, until="tikal.screen === 'play' && !!tikal.play.instance && !!tikal.play.last && "
                               "tikal.play.last.to_act === 0 && !tikal.play.instance[tikal.table.game].timeline.busy")
    seen = page.evaluate("tikal.state")
    away_until(page, web_host, tid, lambda t: enough([m for m in t.play.moves if m["state"] > seen]),
               "the bot playing the away seat")                  # asleep: no reconnecting
    page.evaluate(WATCH_MARKS)
    page.evaluate("tikal.net.wanted = true; document.dispatchEvent(new Event('visibilitychange'))")
    wait_for(page, "tikal.net.greeted && tikal.welcome.resumed && tikal.seat === 0 && window.backMarks && "
                   "!!document.querySelector('#recap')")
    return tid, seen


def recap_since(web_host, page, tid: int, seen: int) -> tuple[dict, list[dict], list[dict]]:
    """The page's recap, checked against the journal: it starts where the page left and its moves
    are the journal's (seat, events, scores, the bot that made them). (start record, every move
    of the journal, the recap's moves as the journal has them)."""
    start, moves = journal_moves(web_host.host.config.data_dir, tid)
    recap = page.evaluate("tikal.play.recap")
    since = [m for m in moves if seen < m["state"] <= recap["moves"][-1]["state"]]
    assert recap["from"] == seen
    assert recap["moves"] == [{k: v for k, v in m.items() if v is not None} for m in since]
    return start, moves, since


def check_scores(page, seats: int, then: list, now: list) -> None:
    """The summary's table: each seat's score then and now, and the change."""
    rows = page.evaluate(SUMMARY_ROWS)
    assert [(r["seat"], r["then"], r["now"]) for r in rows] == [(s, then[s], now[s]) for s in range(seats)]
    assert [r["diff"] for r in rows] == [f"+{now[s] - then[s]}" if now[s] != then[s] else "" for s in range(seats)]


def detail_lines(words: Words, lines, since: list[dict]) -> list[str]:
    """The window's recap lines of the moves: every event's, an undo's."""
    out = []
    for m in since:
        if m.get("undone"):
            out.append(words.tr("recap.undone", name=words.short_name(m["seat"])))
        else:
            out += [x for x in (words.line(lines, m, ev) for ev in m["events"]) if x]
    return out


def events_of(since: list[dict], *types: str) -> list[tuple[dict, dict]]:
    return [(m, ev) for m in since for ev in m.get("events") or [] if ev["type"] in types]


def check_drawn(page, lines: list[str], shot, details, why) -> None:
    """The recap with its OK in view, everything fitting (its screenshot ``shot``), and under
    Details the moves' ``lines`` (``check_details``, its screenshot ``details``)."""
    assert page.evaluate(OK_IN_VIEW), why
    page.screenshot(path=str(shot))
    assert fit_problems(page) == [], why
    check_details(page, lines, details)


def check_details(page, want: list[str], shot) -> None:
    """"Details" shows the moves' lines (``want``), "Got it" still in view; it hides them again."""
    assert page.evaluate("document.querySelector('#recap-details').hidden")
    tap(page, "#recap-more")
    assert page.evaluate(DETAILS) == want
    assert page.evaluate(OK_IN_VIEW)
    page.screenshot(path=str(shot))
    assert fit_problems(page) == []
    tap(page, "#recap-more")
    wait_for(page, "document.querySelector('#recap-details').hidden")


def in_language(page, lang: str) -> None:
    page.evaluate("(l) => tikal.setLanguage(l)", lang)
    wait_for(page, "(l) => tikal.cat.lang === l && !!document.querySelector('#recap')", lang)


def eggs_for(seat):
    """Enough has happened while away: the bot standing in for ``seat`` won eggs (a card taken)."""
    return lambda moves: any(ev["type"] in ("card_taken", "beach") and ev.get("seat") == seat
                             for m in moves for ev in m.get("events") or [])


def test_web_recap_tortuga_says_what_the_bot_did_as_the_journal_does(tmp_path, phone):
    """La Tortuga, 360x640 touch: away until the bot playing our seat took a card. The summary:
    each seat's eggs then (when the page left) and now, as the journal replayed gives them, and
    the eggs won ("A bot for you: ... takes a card with 5 eggs"); "Got it" in view without
    scrolling. "Details": one line per event since, exactly the window's lines of the journal's
    events. The island rings where the movements ended. In each language, fitted; "Got it" closes."""
    web_host = WebHost(tmp_path, grace=0.2, bot_delay=0.02)     # (the game still on when we are back)
    try:
        page = phone(size=(360, 640))
        open_page(page, web_host)
        join(page, "Eva")
        tid, seen = away_and_back(web_host, page, "tortuga", 3, eggs_for(0))
        start, moves, since = recap_since(web_host, page, tid, seen)
        # the island rings where every movement ended while we were away (until the next one)
        ends = {ev["to"] for _, ev in events_of(since, "turtles_moved")}
        assert ends and set(page.evaluate("window.backMarks")) == ends
        seats = start["seats"]
        then, now = moves[seen - 1]["scores"] if seen else [0] * seats, page.evaluate("tikal.play.recapNow")
        table = page.evaluate("tikal.table")
        names, kinds = [p["name"] for p in table["players"]], [p["kind"] for p in table["players"]]
        ours = [ev for m, ev in events_of(since, "card_taken", "beach") if m["seat"] == 0]
        assert ours and all(m.get("bot") for m in since if m["seat"] == 0)     # the bot played for us
        for lang in LANGS:
            in_language(page, lang)
            words = Words(lang, names, kinds, 0, seats)
            check_scores(page, seats, then, now)
            count = sum(1 for m in since if not m.get("undone"))
            assert page.inner_text("#recap-count") == Catalog(lang).trn("web.recap.moves", count)
            # the eggs we won, said as the bot's (everyone's are in the table above, and in the details)
            won = [words.line(TORTUGA_LINES, m, ev) for m, ev in events_of(since, "card_taken", "beach", "game_over")
                   if ev["type"] == "game_over" or ev["seat"] == 0]
            assert page.evaluate(SCORINGS) == won
            assert len([x for x in won if x.startswith(words.tr("recap.by_bot", line=""))]) == len(ours)
            check_drawn(page, detail_lines(words, TORTUGA_LINES, since), tmp_path / f"recap-tortuga-360-{lang}.png",
                        tmp_path / f"recap-tortuga-360-details-{lang}.png", lang)
        recap_ok(page)
        assert page.js_errors == []
    finally:
        web_host.stop()


def volcano_scored(moves) -> bool:
    """Enough has happened while away: a volcano's scoring round has been played to its end."""
    return any(ev["type"] == "scoring_ended" for m in moves for ev in m.get("events") or [])


def test_web_recap_tikal_tells_the_scoring_rounds_at_every_phone_size(tmp_path, phone):
    """Tikal: away until a volcano's scoring round was played. The summary has each seat's points
    then and now (the journal's) and the round in one line per round: its opening line, then each
    seat's points ("Eva +7 · Bot 2 +4"); the details are the window's lines of the journal's
    events. The last move is marked on the board. At 390x844, 360x640 and 844x390, in each
    language, everything fits and "Got it" is in view without scrolling."""
    from types import SimpleNamespace

    from game.tikal.log_lines import LOG_LINES as TIKAL_LINES

    web_host = WebHost(tmp_path, grace=0.2, bot_delay=0.01)
    try:
        page = phone()
        open_page(page, web_host)
        join(page, "Eva")
        tid, seen = away_and_back(web_host, page, "tikal", 2, volcano_scored)
        start, moves, since = recap_since(web_host, page, tid, seen)
        then, now = moves[seen - 1]["scores"] if seen else [0, 0], page.evaluate("tikal.play.recapNow")
        table = page.evaluate("tikal.table")
        names, kinds = [p["name"] for p in table["players"]], [p["kind"] for p in table["players"]]
        # the recap's last move is marked on the board: a walk's path, the hex of a tile, a figure...
        m, ev = next((m, ev) for m in reversed(since) for ev in reversed(m.get("events") or []) if ev["type"] in (
            "figure_moved", "figure_transferred", "tile_placed", "figure_entered", "level_uncovered", "treasure_dug",
            "camp_built", "guard_placed"))
        hexes = [ev["path"][-1]] if ev["type"] == "figure_moved" else [ev["to"]] if "to" in ev else [ev["hex"]]
        assert page.evaluate("window.backMarks") == {"seat": ev["seat"], "hexes": hexes, "path": ev.get("path")
                                                     or ([ev["from"], ev["to"]] if "to" in ev else None)}
        for size in ((390, 844), (360, 640), (844, 390)):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            for lang in LANGS:
                in_language(page, lang)
                words = Words(lang, names, kinds, 0, 2)
                words.table = SimpleNamespace(view=page.evaluate("tikal.play.instance.tikal.shown"))
                check_scores(page, 2, then, now)
                shown_names = page.evaluate("[0, 1].map((s) => tikal.play.nameOf(s))")   # "Bot 2 (normal)"
                rounds = []
                for m, ev in events_of(since, "scoring_started", "scored"):
                    if ev["type"] == "scoring_started":
                        rounds.append([words.line(TIKAL_LINES, m, ev), []])
                    else:
                        rounds[-1][1].append(f"{shown_names[ev['seat']]} +{ev['total']}")
                want = [f"{title}\n{' · '.join(points)}" if points else title for title, points in rounds]
                over = [words.line(TIKAL_LINES, m, ev) for m, ev in events_of(since, "game_over")]
                assert rounds and page.evaluate(SCORINGS) == want + over, lang
                check_drawn(page, detail_lines(words, TIKAL_LINES, since),
                            tmp_path / f"recap-tikal-{size[0]}x{size[1]}-{lang}.png",
                            tmp_path / f"recap-tikal-{size[0]}x{size[1]}-details-{lang}.png", (size, lang))
        recap_ok(page)
        assert page.js_errors == []
    finally:
        web_host.stop()
