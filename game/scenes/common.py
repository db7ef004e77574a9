"""Pieces every scene shares: backgrounds, headings, player badges, and ``TableScene``, the base
of both game tables (network notes → animations → exactly the host's view; the menu; toasts for
refused actions with the rule's text; the "your turn" chime; results at the end)."""
from __future__ import annotations

import copy
import logging
import math
from functools import partial

import pygame

from .. import eventlog, theme
from ..scene import Scene
from ..tween import Call, Wait
from ..widgets import Button, ScrollLog, TextInput, blit_lines, blit_text, draw_panel, fit_tagged, note_solid

logger = logging.getLogger(__name__)


def background(app, kind: str = "menu") -> pygame.Surface:
    """A full-screen background ("menu", "sea", "jungle"), built once per app."""
    return app.assets.cached(("background", kind, app.SIZE), lambda: _make_background(app, kind))


def _make_background(app, kind: str) -> pygame.Surface:
    top, bottom = {"menu": ((28, 38, 84), (12, 16, 36)), "sea": (theme.SEA_LIGHT, theme.SEA),
                   "jungle": ((40, 96, 70), (14, 44, 34))}[kind]
    bg = theme.vgradient(app.SIZE, top, bottom)
    if kind == "menu":  # a few big soft dots for an arcade feel
        dots = pygame.Surface(app.SIZE, pygame.SRCALPHA)
        for i in range(14):
            x = (i * 397) % app.SIZE[0]
            y = (i * 211) % app.SIZE[1]
            pygame.draw.circle(dots, (*theme.player_colour(i), 26), (x, y), 60 + (i * 37) % 90)
        bg.blit(dots, (0, 0))
    return bg


def heading(surface, app, text: str, y: int = 44, size: int = 46, right: int = 1090) -> None:
    """A big title with a drop shadow, centred between the corner buttons (it shrinks to fit); it
    ends before x = ``right`` (a wider corner button on the right: the lobby's Settings)."""
    centre = surface.get_width() // 2
    left = max(0, 2 * centre - right)
    blit_text(surface, app, text, (centre, y), size, theme.ACCENT, bold=True, anchor="center", shadow=True,
              box=pygame.Rect(left, y - size // 2 - 12, right - left, size + 24), min_size=26)


def seat_colour(table, seat: int):
    """A seat's display colour: the colour its player picked in the lobby (in its
    colour-blind-safe tone); a seat with no pick gets the first palette colour nobody picked."""
    picks = _colour_picks(table)
    mine = picks[seat] if 0 <= seat < len(picks) else None
    if mine is not None and mine in theme.TONES:
        return theme.TONES[mine]
    return _unpicked_colour(picks, seat)


def _unpicked_colour(picks: list, seat: int):
    """A seat with no pick: the palette colours nobody picked, dealt in seat order to the seats
    without one."""
    used = {theme.TONES[c] for c in picks if c is not None and c in theme.TONES}
    free = [c for c in theme.PLAYER_COLOURS if c not in used] or theme.PLAYER_COLOURS
    unpicked = [i for i in range(max(seat + 1, len(picks))) if i >= len(picks) or picks[i] not in theme.TONES]
    return free[unpicked.index(seat) % len(free)]


def _colour_picks(table) -> list:
    """Each seat's picked colour name (None where it picked none, or the table has no players)."""
    players = getattr(table, "players", None) or []
    picks = [p.get("colour") if isinstance(p, dict) else None for p in players]
    return [c if isinstance(c, str) else None for c in picks]


def _away_tag(app, table, seat: int) -> str:
    """" · away" (or " · a bot plays") after a seat's name whose player dropped; else ""."""
    players = getattr(table, "players", None) or []
    p = players[seat] if 0 <= seat < len(players) and isinstance(players[seat], dict) else {}
    if p.get("kind") == "human" and p.get("connected") is False:    # dropped: a bot may play the seat
        return " · " + app.tr("table.away_bot" if p.get("takeover") else "lobby.away")
    return ""


def _seat_mark(surface, app, table, seat: int, centre, radius: int) -> None:
    """A seat's mark: its colour, in its shape where the settings ask for shapes."""
    shape = theme.player_shape(seat) if app.settings.shapes else "circle"
    theme.draw_shape(surface, shape, centre, radius, seat_colour(table, seat))


def _badge_frame(surface, app, rect, active: bool) -> None:
    """A badge's rounded box; the active seat's glows."""
    fill = (52, 66, 110) if active else (40, 52, 88)
    pygame.draw.rect(surface, fill, rect, border_radius=10)
    if active:
        pulse = 0.5 + 0.5 * math.sin(app.time * 5)
        pygame.draw.rect(surface, theme.shade(theme.ACCENT, 0.8 + 0.2 * pulse), rect, 3, border_radius=10)


def player_badge(surface, app, table, seat: int, rect, active: bool = False, sub: str = "",
                 you: bool = False, right: int | None = None, sub_right: int | None = None) -> None:
    """A seat's row in a side panel: mark, name (fitted, " (you)" kept whole), a sub-line; the
    active seat glows. The name ends before x = ``right`` (default the row's end), the sub-line
    before ``sub_right`` (default ``right``)."""
    rect = pygame.Rect(rect)
    _badge_frame(surface, app, rect, active)
    small = rect.height < 48 and bool(sub)
    size, sub_size = (15, 12) if small else (18, 15)
    top = rect.y + (3 if small else 6)
    _seat_mark(surface, app, table, seat, (rect.x + 22, top + size // 2 + 3), 11 if small else 12)
    width = (right or rect.right - 8) - (rect.x + 44)
    away = _away_tag(app, table, seat)
    tag = (f" ({app.tr('table.you')})" if you else "") + away
    name, s = fit_tagged(app, table.name(seat), tag, size, width, bold=True)
    blit_text(surface, app, name, (rect.x + 44, top), s, theme.MUTED if away else theme.PAPER, bold=True, box=rect)
    if sub:
        _badge_sub(surface, app, sub, rect, (rect.x + 44, top + size + 4), sub_size, sub_right or right)


def _badge_sub(surface, app, sub: str, rect, at, size: int, right: int | None) -> None:
    """A badge's sub-line, ending before x = ``right`` (default the row's end)."""
    width = (right or rect.right - 8) - at[0]
    blit_text(surface, app, sub, at, size, theme.MUTED, width=width, box=rect)


def chat_line(note: dict) -> str:
    """A chat message (a bridge note) as a log line: who said it, then what."""
    return f"{note.get('from') or '?'}: {note['text']}"


class ChatFeed:
    """The chat lines of a scene's log: it starts with the last few heard before the scene opened
    (what was said in the lobby is still there at the table) and then takes each new one once."""

    RECENT = 6

    def __init__(self, bridge, log, mark=None):
        self.log = log
        self.mark = mark or (lambda seat: None)   # mark(seat) -> (colour, shape) of a speaker's seat
        heard = list(getattr(bridge, "chat_heard", []))
        for note in heard[-self.RECENT:]:
            log.add(chat_line(note), theme.ACCENT, self.mark(note.get("seat")))
        self.next = heard[-1]["n"] + 1 if heard else 0

    def take(self, note: dict) -> None:
        n = note.get("n", self.next)
        if n >= self.next:
            self.log.add(chat_line(note), theme.ACCENT, self.mark(note.get("seat")))
            self.next = n + 1


class Part:
    """One job of a table (its board, a panel, its animations, its input): it reaches the scene
    and the other parts through ``self.scene`` (``scene.board``, ``scene.panel``...), never by
    sharing attributes behind the scene's back."""

    def __init__(self, scene):
        self.scene = scene

    @property
    def app(self):
        return self.scene.app

    @property
    def shown(self) -> dict:
        return self.scene.shown

    def tr(self, key: str, **fmt) -> str:
        return self.scene.app.tr(key, **fmt)

    def trn(self, key: str, n: int, **fmt) -> str:
        return self.scene.app.trn(key, n, **fmt)


def clock_words(app, seconds) -> str:
    """A turn clock as a player reads it: "off", "3 min", "45 s"."""
    if not isinstance(seconds, (int, float)) or seconds <= 0:
        return app.tr("common.off")
    if seconds >= 60 and seconds % 60 == 0:
        return app.trn("clock.minutes", int(seconds // 60))
    return app.trn("clock.seconds", max(1, round(seconds)))


def mm_ss(seconds: float, up: bool = False) -> str:
    """1:05 (a turn's time: digits read alike in every language); ``up``: a countdown's whole
    seconds rounded up (59.2 s left shows 1:00)."""
    s = max(0, math.ceil(seconds) if up else int(seconds))
    return f"{s // 60}:{s % 60:02d}"


def worth_a_recap(bridge) -> bool:
    """A recap the table shows at once when its window comes back by itself: a stand-in bot
    played our seat meanwhile, or a round or more went by (a blip of the network that cost a
    move or two is no "while you were away")."""
    moves = [m for m in (bridge.recap or {}).get("moves") or [] if isinstance(m, dict)]
    me = bridge.table.my_seat
    return bool(moves) and (any(m.get("bot") and m.get("seat") == me for m in moves)
                            or len(moves) >= max(2, bridge.table.seats))


class TableScene(Scene):
    """Base of the game tables. Subclasses implement ``draw_table``, ``make_controls`` (widgets
    from ``self.table.legal``), ``animate_event(ev) -> Anim | None`` and ``describe(ev) -> str |
    None`` (a log line). ``self.shown`` is the view being displayed: it lags behind
    ``self.table.view`` while the events animate and equals it once they are done."""

    game = ""
    is_table = True
    #: Add-ons of a table (a hint, a first-game guide): each gets the host's notes,
    #: events first, the frame's update and is drawn last (``on_net``, ``handle_event``,
    #: ``update``, ``draw``). A subclass sets them before this ``__init__``.
    addons: tuple = ()
    LOG_LINES: eventlog.LogLines = eventlog.NONE   # how the game's events read in the log
    TURN_EVENTS: frozenset = frozenset()   # the event type that marks each turn (one per turn)
    CHIP_RECT = (420, 560, 440, 44)        # where "your turn — N moves to watch · Skip" shows
    #: Where a replay's bar and its score chart go over this table (game/replay/viewer.py).
    REPLAY_BAR = (196, 628, 744, 86)
    REPLAY_CHART = (20, 70, 716, 420)
    #: TV mode (game/replay/tv.py): the board's rectangle on the table's canvas (the TV shows it
    #: as large as its room allows, its shape kept; the rest of the TV's screen is its own).
    TV_BOARD = (10, 58, 736, 560)
    BACKGROUND = "menu"     # the table's background (``background(app, kind)``)
    #: What watches this table instead of someone at it (``watch``): a replay's viewer or the TV
    #: (game/replay/), an add-on that takes the table's controls, its events first, its end.
    watcher = None
    CATCH_UP = 3.0          # how much faster the replay runs while it is more than a turn behind
    HURRY = 1.0             # seconds: while our turn waits behind the replay, it doubles its pace this often

    def __init__(self, app, bridge, review: bool = False):
        super().__init__(app)
        self.bridge = bridge
        self.review = review        # the final board seen from the results: Back is its only button
        self.log = ScrollLog(app, (960, 520, 308, 188), size=15, marks=True, top=16)   # "Enter: chat" on top
        self.shown: dict = copy.deepcopy(bridge.table.view) if bridge.table.view else {}
        self.landing: dict = copy.deepcopy(self.shown)  # the host's view the update playing lands on (``land``)
        self.drifts: list[dict] = []    # updates whose animations did not land on the host's view
        #: the host's state counter of the view this table opened on: an update note up to it (polled
        #: in the same batch as the one that opened the table) is already in that view
        self.opened_at = bridge.table.state if bridge.table.view else None
        self.results_shown = review
        self.last_turn_chime = None
        self.pending: int | None = None  # the state counter an action was sent at, until answered
        self.chat_box: TextInput | None = None  # open while typing a chat line (Enter)
        self.done: dict = {}        # seat -> the log lines of its actions, newest last (for undos)
        self.backlog: list[int] = []  # per update still to play: how many turns it starts
        self.our_turn_waited = 0.0    # seconds our turn (at the host) has waited behind the replay
        self.skip_button: Button | None = None
        self.nudge_button: Button | None = None
        self.nudged_for: int | None = None   # the seat we nudged this turn (once a turn)
        self.chat_feed = ChatFeed(bridge, self.log, self.mark_of)
        self.build_controls()

    @property
    def table(self):
        return self.bridge.table

    # --- watched: a replay, the TV ---------------------------------------------------------------
    def watch(self, watcher) -> None:
        """This table is watched by ``watcher`` (a replay's viewer, the TV: nobody plays at it). The
        watcher is an add-on (``on_net``, ``handle_event``, ``update``, ``draw``) that also gets
        every event before the table (``take_event``), makes the controls (``make_controls()``),
        draws under the widgets (``draw_under``), sets the pace (``speed``), hears each log line
        (``logged``) and says whether the table's prompt shows (``shows_prompt``); its ``name``
        is the scene's; the table never goes on to the results."""
        self.watcher = watcher
        self.name = watcher.name
        self.results_shown = True
        self.build_controls()

    @property
    def replaying(self) -> bool:
        """A replay's viewer watches this table (game/replay/viewer.py): nobody plays at it."""
        return bool(getattr(self.watcher, "replaying", False))

    @property
    def shows_prompt(self) -> bool:
        """The table draws its prompt (whose turn, what to do): not on the TV, whose header says it."""
        return self.watcher is None or self.watcher.shows_prompt

    def take_event(self, event) -> bool:
        """The App's way in: the watcher first (its keys before the table's own shortcuts)."""
        if self.watcher is not None and self.watcher.handle_event(event):
            return True
        return self.handle_event(event)

    @property
    def me(self) -> int | None:
        return self.table.my_seat

    def colour(self, seat: int):
        return seat_colour(self.table, seat)

    def shape(self, seat: int) -> str:
        return theme.player_shape(seat) if self.app.settings.shapes else "circle"

    def mark_of(self, seat) -> tuple | None:
        """A seat's mark for the log: its colour and shape (None: no seat)."""
        if seat is None or not isinstance(seat, int) or seat < 0:
            return None
        return (self.colour(seat), self.shape(seat))

    def short_name(self, seat: int) -> str:
        """A seat's name for the log and the prompts: a bot is "Bot 2" (its level is in the
        lobby and the panel's tooltip), a player their name."""
        players = self.table.players
        p = players[seat] if seat is not None and 0 <= seat < len(players) else None
        if isinstance(p, dict) and p.get("kind") == "bot":
            return self.tr("table.bot_short", n=seat + 1)
        return self.table.name(seat)

    def describe(self, ev: dict, you: bool = True) -> str | None:
        """The event's log line, from the game's ``LOG_LINES`` (game/eventlog.py); ``you``: our
        own moves in the second person ("You place a tile")."""
        return self.LOG_LINES.describe(self, ev, you and not self.shared_window())

    def shared_window(self) -> bool:
        """More than one player of this table at this window (pass-and-play: game/party.py): the
        log names every player, since "you" would mean whoever had the laptop then."""
        party = self.app.party
        return party is not None and sum(1 for b in party.bridges if b.table.id == self.table.id) > 1

    def carry(self, old: "TableScene") -> None:
        """The table shown before, from another local player's seat (the laptop was passed): its
        log and the last move's marks stay, so the one who takes it over reads what happened."""
        self.log.lines, self.log.entries = list(old.log.lines), list(old.log.entries)
        self.done = {seat: list(lines) for seat, lines in old.done.items()}
        self.carry_marks(old)

    def carry_marks(self, old: "TableScene") -> None:
        """Subclasses copy the marks that stay until the next move (``carry``)."""

    # --- network ------------------------------------------------------------------------------
    def on_net(self, note: dict) -> None:
        for addon in self.addons:
            addon.on_net(note)
        if self.watcher is not None:
            self.watcher.on_net(note)
        if (self.app.scene is not self and note["kind"] != "update") or self.review:
            return
        kind = note["kind"]
        if kind in ("update", "error"):
            self.pending = None
        if kind == "update":
            if self.known_update(note):
                self.take_at_once(note)
            else:
                self.play_update(note)
        else:
            heard = {"error": self.refused, "chat": self.chat_feed.take, "nudged": self.nudged,
                     "link_lost": self.link_lost, "left": self.gone, "disconnected": self.gone}.get(kind)
            if heard is not None:
                heard(note)

    def known_update(self, note: dict) -> bool:
        """A resync, or an update the view we opened on already has."""
        state = note.get("state")
        return bool(note.get("full") or (isinstance(state, int) and isinstance(self.opened_at, int)
                                         and state <= self.opened_at))

    def take_at_once(self, note: dict) -> None:
        """A resync, or an update the view we opened on already has: no animation, but the log
        still tells what happened."""
        if note.get("full"):
            self.opened_at = note.get("state")      # (a host started again counts from its own state)
        self.timeline.skip()
        for ev in note["events"]:
            self.log_event(ev)
        self.on_events(note["events"])
        self.sync()
        if note.get("full") and self.app.scene is self and worth_a_recap(self.bridge):
            # back at the table (a laptop that slept past the grace, the window's client
            # reconnecting): what happened meanwhile, at once, not in some later lobby
            self.app.open("recap", self, self.bridge)

    def play_update(self, note: dict) -> None:
        """An update's events, each logged and animated in turn, landing on the host's view."""
        if note.get("undone") is not None:
            self.timeline.play(Call(partial(self.log_undo, note["undone"])))
        target = self.next_view(note)
        self.timeline.play(Call(partial(setattr, self, "landing", target)))
        self.note_actor(note["events"])
        for ev in note["events"]:
            self.timeline.play(Call(partial(self.log_event, ev)))
            anim = self.animate_event(ev)
            if anim is not None:
                self.timeline.play(anim)
        self.timeline.play(Call(partial(self.on_events, note["events"])))
        checked = note.get("undone") is None      # an undo is not animated: nothing to check
        self.timeline.play(Call(partial(self.landed, target, checked, note["events"])))
        self.backlog.append(sum(1 for ev in note["events"] if ev.get("type") in self.TURN_EVENTS))
        self.timeline.play(Call(self.played))

    def link_lost(self, note: dict) -> None:
        """The client reconnects by itself; the host resyncs us."""
        self.app.toast(self.tr("net.link_lost"), kind="info")

    def gone(self, note: dict) -> None:
        """We left the table (or it went), or the host is gone."""
        kind = note["kind"]
        self.app.toast(self.tr("net.disconnected") if kind == "disconnected" else self.tr("net.left"))
        if kind == "left" and self.app.party is not None:
            self.app.party.dismiss(keep=bool(note.get("kept")))   # the window's players go with it
        # still on the host: its tables ("Back to my seat" when the seat stays ours)
        self.app.goto("lobby" if kind == "left" and self.bridge.connected else "browser", self.bridge)

    # --- the view shown: the host's, at the end of each update ---------------------------------
    def next_view(self, note: dict) -> dict:
        """The view an update lands on: the host's, as the update carries it (updates flow one
        way: the window never computes a view of its own; values between the events of one
        update come from the events themselves)."""
        return copy.deepcopy(note.get("view") or self.table.view or {})

    def land(self, *keys: str) -> None:
        """The shown view takes ``keys`` from the engine's view of the update playing (an
        animation's end state: the pieces it moved are where the rules put them)."""
        for key in keys:
            if key in self.landing:
                self.shown[key] = copy.deepcopy(self.landing[key])
            else:
                self.shown.pop(key, None)

    def land_item(self, key: str, item) -> None:
        """One entry of a seat's list or map (``scores[seat]``, ``held["2"]``) from the engine's view."""
        source, into = self.landing.get(key), self.shown.get(key)
        if source is None or into is None:
            self.land(key)
            return
        try:
            into[item] = copy.deepcopy(source[item])
        except (KeyError, IndexError):
            self.land(key)

    def landed(self, target: dict, checked: bool = True, events: list | tuple = ()) -> None:
        """An update's animations are done: what they left shown must be the host's view of that
        update, ``target`` (any difference is drift, recorded in ``drifts`` and the debug log);
        from here that view is shown until the next update."""
        if checked:
            keys = sorted({k for k in set(self.shown) | set(target) if self.shown.get(k) != target.get(k)})
            if keys:
                self.drifts.append({"state": self.table.state, "shown": keys,
                                    "events": [ev.get("type") for ev in events]})
                logger.debug("drift after an update %s: shown %s differ from the host's view",
                             self.drifts[-1]["events"], keys)
        self.shown = target
        self.landing = target
        self.on_landed()

    def on_landed(self) -> None:
        """Subclasses redraw what depends on the shown view here."""

    # --- the log --------------------------------------------------------------------------------
    def log_event(self, ev: dict) -> None:
        line = self.describe(ev)
        mark = self.mark_of(self.LOG_LINES.seat(self, ev)) if line else None
        if line:
            self.log.add(line, mark=mark)
        if self.watcher is not None:
            self.watcher.logged(ev, line, mark)

    def note_actor(self, events: list) -> None:
        """Remember the line of the action an update reports (the first line of the seat whose
        event comes first), so an undo can say what was taken back."""
        if not events:
            return
        actor = self.LOG_LINES.seat(self, events[0])
        for ev in events:
            if self.LOG_LINES.seat(self, ev) == actor and actor is not None:
                line = self.describe(ev, you=False)   # "Anna took back: walks ...", never "You walk"
                if line:
                    self.done.setdefault(actor, []).append(line)
                    del self.done[actor][:-30]
                    return

    def log_undo(self, seat: int) -> None:
        """ "Anna took back: walks a worker 2 hexes for 2 AP." """
        name = self.short_name(seat)
        lines = self.done.get(seat) or []
        what = lines.pop() if lines else ""
        if what.startswith(name + " "):
            what = what[len(name) + 1:]
        self.log.add(self.tr("table.undone", name=name, what=what).strip(), theme.MUTED, self.mark_of(seat))

    def on_events(self, events: list) -> None:
        """Every update's events once they have played (or at once on a resync): for marks that
        stay until the next move."""

    def refused(self, note: dict) -> None:
        """A toast with the host's reason and, for a rule, the rule's text in our language."""
        rule = note.get("rule")
        language = self.app.catalog.language
        text = self.app.games.rule_text(rule, language) if rule else None
        reason = note.get("reason") or note.get("message")
        if language != "en" and rule:   # the host's reason is English: say it with the rule instead
            reason = None
        if reason:                      # the engine's words (they name no identifiers: test_engine_reasons)
            reason = reason[:1].upper() + reason[1:]
        self.app.toast(reason or self.tr("table.refused"), rule=rule, rule_text=text)

    def played(self) -> None:
        """An update's animations are done."""
        if self.backlog:
            self.backlog.pop(0)
        self.sync()

    # --- pacing -------------------------------------------------------------------------------
    def moves_to_watch(self) -> int:
        """Updates (moves) received but not yet shown."""
        return len(self.backlog)

    def plates(self) -> list[pygame.Rect]:
        """What a floating word must stay under (``Effects``): the plate at the top of the table
        (the prompt's, ``prompt_rect``, set as it is drawn, or the catch-up chip in its place) and
        the buttons of the top line (Menu, zoom, Hint)."""
        rect = pygame.Rect(self.CHIP_RECT) if self.chip_shown() else getattr(self, "prompt_rect", None)
        plates = [rect] if rect is not None else []
        return plates + [pygame.Rect(b.rect) for b in self.top_buttons()]

    def top_buttons(self) -> list:
        """The buttons shown on the top line: the scene's and its add-ons'."""
        buttons = [w for w in self.widgets.items if isinstance(w, Button) and w.visible and w.rect.top < 60]
        buttons += [a.button for a in self.addons if isinstance(getattr(a, "button", None), Button)
                    and a.button.visible and a.button.rect.top < 60]
        return buttons

    def chip_shown(self) -> bool:
        """The "your turn — N moves to watch · Skip" chip is up (it takes the prompt's place)."""
        return self.skip_button is not None and self.skip_button.visible

    def catch_up(self) -> float:
        """The replay's speed-up: it runs faster while it is more than a turn behind (the moves
        still to be shown start more than one turn), and while our own turn waits behind it: at
        once ``CATCH_UP``, and twice as fast for every ``HURRY`` seconds we have waited past the
        first, so the wait at "your turn" stays short however much is still to show."""
        speed = self.CATCH_UP if sum(self.backlog) > 1 else 1.0
        if self.our_turn_waited > 0:
            speed = max(speed, self.CATCH_UP * 2 ** max(0.0, (self.our_turn_waited - self.HURRY) / self.HURRY))
        return speed * (self.watcher.speed if self.watcher is not None else 1)

    def skip(self) -> None:
        """Show the host's latest view at once (the chip's Skip, or Tab)."""
        self.timeline.skip()

    def sync(self) -> None:
        """Show exactly the host's latest view (the end of every animation sequence). When later
        updates are already queued (bots play fast), keep animating from here instead: their
        events go on from this point, and the last one lands on the host's latest view."""
        if len(self.timeline.queue) > 1:
            return
        self.shown = copy.deepcopy(self.table.view) if self.table.view else {}
        self.landing = copy.deepcopy(self.shown)
        self.on_synced()
        self.build_controls()
        self.turn_alert()

    def turn_alert(self) -> None:
        """Our turn came: the chime (unless moves still play) and, for a window behind another
        one, a flash (settings: ``flash``); once per state."""
        if self.table.my_turn() and self.last_turn_chime != self.table.state and not self.review:
            self.last_turn_chime = self.table.state
            self.app.ask_attention()
            if not self.timeline.busy:
                self.app.play_sound("chime")

    def on_synced(self) -> None:
        """Subclasses reset sprite positions here."""

    def on_enter(self) -> None:
        self.turn_alert()       # the game starts (or we come back) on our turn

    def on_resume(self) -> None:
        """Back from the menu (the language or the shapes may have changed): the controls again."""
        self.build_controls()

    # --- actions ------------------------------------------------------------------------------
    def legal(self, type_: str) -> list[dict]:
        """The legal actions of one type (empty while animating or when not ours to decide)."""
        if self.timeline.busy or not self.table.my_turn() or self.pending == self.table.state:
            return []
        return [a for a in self.table.legal if a.get("type") == type_]

    def send(self, action: dict) -> None:
        if self.pending == self.table.state:
            return  # already asked; waiting for the host
        if action in self.table.legal:
            self.pending = self.table.state
            self.bridge.act(action)
        else:  # the UI only offers legal actions; this is a stale click
            self.app.toast(self.tr("table.not_now"))

    def build_controls(self) -> None:
        """The widgets for the state shown (the game's ``make_controls``); when reviewing the
        final board, only the way back to the results."""
        self.widgets.clear()
        if self.review:
            self.widgets.add(Button(self.app, (12, 12, 130, 40), "table.back_to_results", self.app.pop,
                                    key=pygame.K_ESCAPE, key_name="", tooltip="table.back_to_results_tip", size=18))
            return
        if self.watcher is not None:
            self.watcher.make_controls()
        else:
            self.make_controls()
        self.skip_button = self.widgets.add(Button(
            self.app, self.CHIP_RECT, None, self.skip, text=lambda: self.trn("table.catch_up", self.moves_to_watch()),
            tooltip="table.catch_up_tip", style="primary", size=18))
        self.skip_button.visible = False
        if self.watcher is None:
            self.nudge_button = self.widgets.add(Button(
                self.app, (0, 0, 110, 28), "table.nudge", self.nudge, size=15, tooltip="table.nudge_tip"))
            self.place_clock()

    # --- the turn clock and the nudge (docs/protocol.md section 14) ------------------------------
    CLOCK_H = 32      # the clock's line at the top of the log (under "Enter: chat")

    def clock_line(self) -> tuple[str, tuple] | None:
        """What the log's top line says of the turn clock: how long the player to act has been
        thinking (our own turn: what is left), or that a bot plays the rest of a turn that ran
        out; None without a clock running."""
        c = self.table.clock
        if not c or self.table.over or not isinstance(c.get("seat"), int):
            return None
        seat = c["seat"]
        if c.get("out"):
            return self.tr("table.clock_out", name=self.short_name(seat)), theme.MUTED
        thinking = self.table.thinking()
        if thinking is None:
            return None
        _seat, spent, left = thinking
        urgent = theme.ACCENT if left < min(30.0, float(c.get("limit") or 0) / 4) else theme.PAPER
        if seat == self.me:
            return self.tr("table.thinking_you", left=mm_ss(left, up=True)), urgent
        return self.tr("table.thinking", name=self.short_name(seat), spent=mm_ss(spent),
                       limit=mm_ss(float(c.get("limit") or 0))), urgent

    def can_nudge(self) -> bool:
        """We may nudge: another player's turn (not a bot's, not a stand-in's), once a turn."""
        seat = self.table.to_act
        playing = not (self.review or self.me is None or self.table.over)
        return playing and seat not in (None, self.me, self.nudged_for) and self.in_person(seat)

    def in_person(self, seat: int) -> bool:
        """``seat``'s player plays it (no bot: its own, a stand-in, the clock's)."""
        players = self.table.players
        p = players[seat] if 0 <= seat < len(players) else None
        return isinstance(p, dict) and p.get("kind") == "human" and not p.get("takeover") and not p.get("clocked")

    def nudge(self) -> None:
        if self.can_nudge():
            self.nudged_for = self.table.to_act
            self.bridge.nudge()

    def nudged(self, note: dict) -> None:
        """A nudge: ours to hear (a chime, the window asks for attention), else a log line."""
        seat, by = note.get("seat"), note.get("by")
        who = self.short_name(by) if isinstance(by, int) else note.get("from") or "?"
        if seat == self.me and self.me is not None:
            self.app.toast(self.tr("table.nudged_you", name=who), kind="info")
            self.app.ask_attention()
            self.app.play_sound("chime")
        elif isinstance(seat, int):
            self.log.add(self.tr("table.nudged", name=who, whom=self.short_name(seat)), theme.MUTED,
                         self.mark_of(by))

    def place_clock(self) -> None:
        """The clock's line and the Nudge button go at the top of the log (wherever the game
        puts its log); the log keeps its lines below them while they show."""
        if self.table.to_act != self.nudged_for:
            self.nudged_for = None          # another turn: one nudge again
        shown = self.clock_line() is not None or (self.nudge_button is not None and self.can_nudge())
        r = self.log.rect
        self.log.top = 16 + self.CLOCK_H if shown else 16
        if self.nudge_button is not None:
            self.nudge_button.rect = pygame.Rect(r.right - 6 - 110, r.y + 18, 110, 28)
            self.nudge_button.visible = self.can_nudge()

    def draw_clock(self, surface) -> None:
        line = self.clock_line()
        if line is None:
            return
        r = self.log.rect
        right = self.nudge_button.rect.x - 6 if self.nudge_button is not None and self.nudge_button.visible \
            else r.right - 6
        box = pygame.Rect(r.x + 8, r.y + 18, right - r.x - 8, 28)
        blit_text(surface, self.app, line[0], (box.x, box.centery), 15, line[1], bold=True, anchor="midleft",
                  box=box, min_size=11)

    def prompt_to_draw(self) -> tuple[str, tuple] | None:
        """The prompt's text and colour to draw, None when there is none or the catch-up chip takes
        its place (its plate noted: floating words stay under it); ``prompt_rect`` is unset until
        the prompt's plate is drawn (``prompt_drawn``)."""
        text, colour = self.prompt_text()
        self.prompt_rect = None
        if self.chip_shown():
            note_solid(self.app, self.CHIP_RECT, "catch-up chip plate", layer="float")
            return None
        return (text, colour) if text else None

    def prompt_drawn(self, rect) -> None:
        """The prompt's plate is at ``rect``: floating words stay under it (``plates``)."""
        self.prompt_rect = rect
        note_solid(self.app, rect, "prompt plate", layer="float")

    # --- hooks for subclasses -----------------------------------------------------------------
    def prompt_text(self) -> tuple[str, tuple]:
        """Whose turn it is and what to do, in the table's words (the TV's header shows it)."""
        return "", theme.PAPER

    def make_controls(self) -> None: ...
    def animate_event(self, ev: dict): return None
    def draw_table(self, surface) -> None: ...

    # --- chat ---------------------------------------------------------------------------------
    def open_chat(self) -> None:
        """A line over the bottom of the log: Enter sends it to the table, Esc closes it."""
        r = self.log.rect
        self.chat_box = TextInput(self.app, (r.x + 4, r.bottom - 40, r.width - 8, 36), "", "table.chat_hint",
                                  on_submit=self.send_chat, max_len=200)
        self.chat_box.focus()

    def send_chat(self, text: str) -> None:
        text = text.strip()
        if text:
            self.bridge.chat(text)
        self.close_chat()

    def close_chat(self) -> None:
        if self.chat_box is not None:
            self.chat_box.focus(False)
        self.chat_box = None

    # --- scene --------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if any(addon.handle_event(event) for addon in self.addons):
            return True
        if self.chat_box is not None and event.type == pygame.MOUSEBUTTONDOWN:
            if not self.chat_box.rect.collidepoint(event.pos):
                self.close_chat()           # a click elsewhere closes the line and goes on
        if event.type == pygame.KEYDOWN and self.table_key(event.key):
            return True
        if self.log.handle_event(event):
            return True
        return super().handle_event(event)

    def table_key(self, key: int) -> bool:
        """The table's keys: Enter opens the chat line, Esc the menu, Tab skips the moves still
        to show. Whether the key was one of them."""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.chat_box is None:
            self.open_chat()
            return True
        if key == pygame.K_ESCAPE and not self.review:
            self.app.open("menu", self)
            return True
        if key == pygame.K_TAB and self.timeline.busy:
            self.skip()
            return True
        return False

    def update(self, dt: float) -> None:
        waiting = self.table.my_turn() and self.timeline.busy and sum(self.backlog) > 0   # others' turns to show
        self.our_turn_waited = self.our_turn_waited + dt if waiting else 0.0
        if self.app.settings.anim_speed > 0:
            self.timeline.speed = self.app.settings.anim_speed * self.catch_up()
        super().update(dt)
        self.update_parts(dt)
        self.place_clock()
        if self.skip_button is not None:
            self.update_skip_chip(self.skip_button)
        self.update_chat(dt)
        if self.table.over and not self.timeline.busy and not self.results_shown:
            self.results_shown = True
            self.timeline.play(Wait(1.6))
            self.timeline.play(Call(self.show_results))

    def update_skip_chip(self, button: Button) -> None:
        """The Skip chip shows (and pulses) when our turn came while earlier moves still play."""
        button.visible = bool(self.table.my_turn() and self.timeline.busy and self.backlog)
        button.pulse = 0.5 + 0.5 * math.sin(self.app.time * 6)

    def update_parts(self, dt: float) -> None:
        """The add-ons, and the watcher of a watched table."""
        for addon in self.addons:
            addon.update(dt)
        if self.watcher is not None:
            self.watcher.update(dt)

    def update_chat(self, dt: float) -> None:
        """The chat line, gone after Esc in it."""
        if self.chat_box is not None:
            if not self.chat_box.focused:   # Esc in the line
                self.chat_box = None
            else:
                self.chat_box.update(dt)

    def show_results(self) -> None:
        if self.watcher is None:        # a replay's end stays in the viewer, the TV shows the standings
            self.app.goto("results", self.bridge)

    def draw_scene(self, surface) -> None:
        self.draw_table(surface)
        self.log.draw(surface)
        if self.watcher is None:
            self.draw_clock(surface)
        if self.watcher is not None:
            self.watcher.draw_under(surface)

    def draw_over(self, surface) -> None:
        if self.watcher is None:        # nobody chats nor waits at a watched table
            if self.chat_box is not None:
                self.chat_box.draw(surface)
            else:
                r = self.log.rect
                blit_text(surface, self.app, self.tr("table.chat_key"), (r.right - 8, r.y + 4), 12, theme.MUTED,
                          anchor="topright", box=r)
        for addon in self.addons:
            addon.draw(surface)
        if self.watcher is not None:
            self.watcher.draw(surface)
        else:
            self.draw_paused(surface)

    def paused(self) -> bool:
        """The host says our table waits for it (its disk is full or failing: docs/protocol.md
        section 5); it goes on by itself, and the summary's ``paused`` goes back to nil."""
        summary = self.bridge.lobby or {}
        return bool(summary.get("paused")) and summary.get("id") == self.table.id

    def draw_paused(self, surface) -> None:
        """While the table is paused, a plate over the board says so for as long as it lasts."""
        if not self.paused():
            return
        rect = pygame.Rect(0, 0, 540, 96)
        rect.center = (380, 300)   # over the playing area, left of the side panels
        pulse = int(40 * (0.5 + 0.5 * math.sin(self.app.time * 3)))
        draw_panel(surface, rect, fill=(70 + pulse, 36, 30), edge=theme.ACCENT)
        blit_lines(surface, self.app, self.tr("net.error_disk_full"), rect.inflate(-32, -20), 20,
                   theme.PAPER, bold=True, align="center", layer="overlay")

    def menu_button(self) -> Button:
        return Button(self.app, (12, 12, 110, 40), "menu.open", lambda: self.app.open("menu", self),
                      key=None, tooltip="menu.tooltip", size=18)


def panel(surface, rect, title_text: str | None = None, app=None) -> None:
    draw_panel(surface, rect)
    if title_text and app:
        blit_text(surface, app, title_text, (rect[0] + 14, rect[1] + 8), 18, theme.ACCENT, bold=True)
