"""While you were away: a player who comes back (after a drop with a takeover bot, a closed
window, or a spectator arriving mid-game) sees what happened since they left, from the ``recap``
of the host's full update (docs/protocol.md): each move in the log's words with its player's
mark, the score changes, the scorings standing out; the table marks the moves on the board
(``on_events``) until the panel is dismissed."""
from __future__ import annotations

import pygame

from .. import theme
from ..scene import Scene
from ..widgets import Button, ScrollLog, blit_lines, blit_text, draw_panel

#: the end of every game (docs/events.md, the conventions); a game's scorings are its own (``GameClient``)
GAME_OVER = "game_over"
PANEL = pygame.Rect(890, 10, 380, 700)    # over the table's side column: the board stays in view


def recap_lines(table, recap: dict, me: int | None = None) -> list[tuple[str, tuple | None, bool]]:
    """The recap as ``(text, mark, scoring)`` lines: every move's events in the log's words (a
    takeover bot's moves are its player's seat's, said as the bot's: "A bot for you", "A bot for
    Finn"), an undone move, then the score changes. ``me``: the seat the recap is for (the
    table's own by default; a pass-and-play window's other local players have their own)."""
    me = table.me if me is None else me
    players = getattr(getattr(table, "table", None), "players", None) or []
    out = []
    scoring = table.app.games.of(table.table.game).scorings.event_types | {GAME_OVER}   # the lines that stand out
    # the scores the recap starts from (older hosts do not say: then those after its first move)
    first_scores = recap.get("scores") if isinstance(recap.get("scores"), list) else None
    last_scores = None
    for move in recap.get("moves") or []:
        if not isinstance(move, dict):
            continue
        seat = move.get("seat")
        mark = table.mark_of(seat)
        if move.get("undone"):
            out.append((table.tr("recap.undone", name=table.short_name(seat) if seat is not None else "?"), mark,
                        False))
            last_scores = move.get("scores") if isinstance(move.get("scores"), list) else last_scores
            continue
        for ev in move.get("events") or []:
            # in the third person: what our seat did meanwhile was not us (a takeover bot, says "bot")
            text = table.describe(ev, you=False)
            stood_in = (move.get("bot") and isinstance(seat, int) and ev.get("seat") == seat
                        and not (0 <= seat < len(players) and isinstance(players[seat], dict)
                                 and players[seat].get("kind") == "bot"))
            if text and stood_in and seat == me:
                text = table.tr("recap.by_bot", line=text)
            elif text and stood_in:     # a player's seat played by their stand-in bot
                text = table.tr("recap.by_bot_for", name=table.short_name(seat), line=text)
            if text:
                ev_mark = table.mark_of(ev.get("seat")) if isinstance(ev.get("seat"), int) else mark
                out.append((text, ev_mark, ev.get("type") in scoring))
        scores = move.get("scores")
        if isinstance(scores, list):
            first_scores = first_scores if first_scores is not None else scores
            last_scores = scores
    if last_scores is not None and first_scores is not None:
        for seat, (a, b) in enumerate(zip(first_scores, last_scores)):
            if a != b:
                out.append((table.tr("recap.score", name=table.short_name(seat), before=a, after=b),
                            table.mark_of(seat), True))
    return out


class RecapScene(Scene):
    """Over the table (which shows the moves' marks beneath) until "Got it"."""

    name = "recap"
    opaque = False

    def __init__(self, app, table_scene, bridge):
        super().__init__(app)
        self.table_scene, self.bridge = table_scene, bridge
        recap = bridge.recap or {}
        self.clocked = bool(recap.get("clock"))     # a turn whose clock ran out, played by a bot
        self.lines = recap_lines(table_scene, recap, bridge.table.my_seat)
        #: a pass-and-play window's other local player: the panel says whose recap it is
        self.whose = bridge.name if bridge is not table_scene.bridge else None
        self.moves = sum(1 for m in recap.get("moves") or [] if isinstance(m, dict) and not m.get("undone"))
        self.log = self.widgets.add(ScrollLog(app, (PANEL.x + 14, PANEL.y + 120, PANEL.width - 28,
                                                    PANEL.height - 204), size=16, marks=True))
        for text, mark, scoring in self.lines:
            self.log.add(text, theme.ACCENT if scoring else theme.PAPER, mark=mark)
        shown = max(1, (self.log.rect.height - 12 - self.log.top) // (self.log.size + 5))
        self.log.scroll = max(0, len(self.log.lines) - shown)    # from the first move on (the wheel scrolls)
        self.widgets.add(Button(app, (PANEL.centerx - 140, PANEL.bottom - 74, 280, 58), "recap.done", self.done,
                                key=pygame.K_RETURN, style="primary", value="recap.done"))
        events = [ev for m in recap.get("moves") or [] if isinstance(m, dict) for ev in m.get("events") or []]
        if events:
            table_scene.on_events(events)       # the moves marked on the board beneath

    def done(self) -> None:
        self.bridge.dismiss_recap()
        self.app.pop()

    def handle_event(self, event) -> bool:
        super().handle_event(event)
        return True                 # the table beneath waits until the recap is dismissed

    def draw_scene(self, surface) -> None:
        app = self.app
        check = app.fitcheck
        if check is not None:       # what the opaque panel covers of the table is not on screen
            check.texts[:] = [t for t in check.texts if not PANEL.colliderect(t[0])]
            check.solids[:] = [m for m in check.solids if not PANEL.colliderect(m[0])]
        draw_panel(surface, PANEL)
        if self.whose:      # a long name and the title: on two lines rather than cut ("…, mentre er…")
            blit_lines(surface, app, self.tr("recap.title_for", name=self.whose),
                       pygame.Rect(PANEL.x + 14, PANEL.y + 6, PANEL.width - 28, 56), 24, theme.ACCENT, bold=True,
                       min_size=16, align="center")
        else:   # (a turn whose clock ran out, played by a bot: why it says what it did)
            title = "recap.title_clock" if self.clocked else "recap.title"
            blit_text(surface, app, self.tr(title), (PANEL.centerx, PANEL.y + 32), 28, theme.ACCENT,
                      bold=True, anchor="center", box=pygame.Rect(PANEL.x + 14, PANEL.y + 10, PANEL.width - 28, 46),
                      min_size=16)
        blit_lines(surface, app, self.trn("recap.moves", self.moves), pygame.Rect(PANEL.x + 18, PANEL.y + 62,
                                                                                   PANEL.width - 36, 52),
                   17, theme.MUTED, align="center")
