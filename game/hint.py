"""What every game's hint add-on shares ("What would a strong player do?"): the button (H), shown
only where the table allows hints and we hold a seat; the strong bot run on a copy of our own view
in a daemon thread (never on the frame loop), when ``engine.bots.hints.askable`` says the moment has a
decision the hint covers; its answer taken on the frame loop if the table has
not moved on meanwhile; Esc hides it. A game's hint (``game/<game>/hint.py``) says where the
button goes, what the bot computes (``compute``, in the thread)
and what is shown (``accept``, ``shown``, ``clear`` and its own drawing).
"""
from __future__ import annotations

import copy
import threading

import pygame

from engine.bots.hints import askable, seed_for

from .widgets import Button, Widgets


def decimal(app, x: float) -> str:
    """``x`` with one decimal (two under a tenth), in the language's way of writing it (0.4, 0,4)."""
    text = f"{x:.2f}" if abs(x) < 0.1 else f"{x:.1f}"
    return text.replace(".", app.tr("hint.decimal_point"))


def reason_text(app, words: dict | None, number: int = 1) -> str:
    """A hint's reason (``engine.bots.hints``: a catalog key and its values, as the host sends it
    to a browser too) in the window's language, "" for none; ``number``: the step's own number in
    the list (a later step the reason names is ``number + ahead``)."""
    if not words:
        return ""
    args: dict = {k: (reason_text(app, v, number) if isinstance(v, dict) else v)
                  for k, v in words.get("args", {}).items()}
    for k in words.get("decimal", ()):
        args[k] = decimal(app, args[k])
    if "ahead" in words:
        args["step"] = number + words["ahead"]
    if "n" in words:
        return app.trn(words["key"], words["n"], **args)
    return app.tr(words["key"], **args)


def hints_allowed(bridge) -> bool:
    """The table allows hints (its summary says so) and we hold a seat at it."""
    lobby = getattr(bridge, "lobby", None) or {}
    return bool(lobby.get("hints")) and bridge.table.my_seat is not None


class HintAddon:
    """Base of a table's hint add-on (``TableScene.addons``)."""

    button_rect: tuple = (0, 0, 136, 40)
    tooltip = "hint.tip"

    def __init__(self, scene, app, bridge):
        self.scene, self.app, self.bridge = scene, app, bridge
        self.widgets = Widgets(self.app)
        self.button = self.widgets.add(Button(
            self.app, self.button_rect, None, self.toggle, key=pygame.K_h, tooltip=self.tooltip, size=17,
            text=self.caption, enabled=self.can_ask))
        self.thread: threading.Thread | None = None
        self.result: tuple | None = None      # (state, *answer) from the thread
        self.error: str | None = None
        self.asked_at: int | None = None      # the state counter the running job started at
        self.state: int | None = None         # the state counter the shown answer is for

    # --- what a game's hint says -----------------------------------------------------------------
    def compute(self, view: dict, legal: list, seat: int, seed: int) -> tuple:
        """The bot's answer for ``view`` (runs in the thread: pure engine work)."""
        raise NotImplementedError

    def accept(self, state: int, *answer) -> None:
        """Show the answer ``compute`` gave for the state counter ``state``."""
        raise NotImplementedError

    def shown(self) -> bool:
        raise NotImplementedError

    def clear(self) -> None:
        raise NotImplementedError

    def draw_answer(self, surface) -> None:
        """The answer shown on the table (only while the table still stands where it was asked)."""
        raise NotImplementedError

    # --- what the table allows ----------------------------------------------------------------
    @property
    def visible(self) -> bool:
        return hints_allowed(self.bridge) and not self.scene.review and not self.scene.replaying

    def thinking(self) -> bool:
        return self.thread is not None and self.asked_at == self.bridge.table.state

    def can_ask(self) -> bool:
        t = self.bridge.table
        return (self.visible and t.my_turn() and askable(self.scene.game, t.view or {}, t.legal or [])
                and not self.scene.timeline.busy and not self.thinking())

    def caption(self) -> str:
        if self.thinking():
            return self.app.tr("hint.thinking") + "." * (1 + int(self.app.time * 3) % 3)
        return self.app.tr("hint.hide" if self.shown() else "hint.button")

    # --- asking -------------------------------------------------------------------------------
    def toggle(self) -> None:
        if self.shown():
            self.clear()
        else:
            self.ask()

    def ask(self) -> None:
        """Start the bot on a copy of our view in a worker thread."""
        t = self.bridge.table
        if not self.can_ask():
            return
        view, legal, seat, state = copy.deepcopy(t.view), copy.deepcopy(t.legal), t.my_seat, t.state
        self.asked_at, self.result, self.error = state, None, None

        def work():
            try:
                self.result = (state, *self.compute(view, legal, seat, seed_for(state, seat)))
            except Exception as e:   # a view the bot cannot answer on: say so, never crash the window
                self.error = str(e) or type(e).__name__

        self.thread = threading.Thread(target=work, name=f"{self.scene.game}-hint", daemon=True)
        self.thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the running job is done (tests, screenshots: the job's own end, however
        long a busy machine makes it)."""
        if self.thread is not None:
            self.thread.join(timeout)

    # --- the add-on interface ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.widgets.update(dt)
        self.button.visible = self.visible
        job = self.thread
        if job is None or job.is_alive():
            return
        self.thread = None
        if self.error is not None:
            self.app.toast(self.app.tr("hint.failed"), kind="info")
            self.error = None
        elif self.result is not None and self.result[0] == self.bridge.table.state:
            self.accept(*self.result)
            self.app.play_sound("chime")
        self.result = None

    def handle_event(self, event) -> bool:
        if self.shown() and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.clear()
            return True
        return self.visible and self.widgets.handle_event(event)

    def draw(self, surface) -> None:
        """The button, and the answer while the table stands where it was asked and nothing moves."""
        if not self.visible:
            return
        if self.shown() and not self.scene.timeline.busy and self.state == self.bridge.table.state:
            self.draw_answer(surface)
        self.widgets.draw(surface)
