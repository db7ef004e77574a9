"""The App: pygame set-up, a resizable window whose layout scales, the 60 fps loop, and the scene
stack (like Arcade's ``View`` / ``show_view``). Each App owns its assets, catalog, clock, toasts,
network bridge, the games it plays (``app.games``, ``game/games.py``) and the screens it shows by
name (``app.screens``, ``game/screens.py``): no global singletons, so tests can build as many as
they like, with other games or screens.

Scenes reach each other by name through the App: ``app.goto("lobby", bridge)`` replaces the
stack, ``app.open("rules", game)`` pushes; ``"table"`` is the table of the bridge's game.

Scenes draw on a fixed logical canvas of ``App.SIZE`` (1280×720); the window shows it scaled
(pygame's SCALED mode letterboxes and maps the mouse back), so every layout scales with the window.
TV mode has a layout of its own for 1920×1080 (``set_canvas``), its tables drawn at 1280×720 off
screen.
"""
from __future__ import annotations

import os
import warnings

import pygame

from assets.i18n import Catalog

from .assets import Assets
from .client import GameClients
from .games import CLIENTS, ICON, TITLE
from .scene import Scene
from .screens import SCREENS, Screen
from .settings import Settings
from .widgets import FrameMarks, Toasts, draw_requested_tooltip

#: What the host says about its own state (docs/protocol.md section 10): shown in the player's
#: language from the catalog (``net.error_<code>``), not in the host's English.
HOST_NOTICES = ("disk_full", "damaged_save", "limit", "busy", "slow",
                # the party night's refusals (docs/protocol.md section 14)
                "code_needed", "bad_code", "no_save", "not_yours", "table_gone", "shutdown", "not_operator",
                # the owner's Start refused: the host's text names 0-based seat indexes, in English
                "not_ready",
                # every other refusal a window may meet (issue 28 point 10: they showed in English); an
                # illegal or malformed action is said with its rule (the table's ``refused``)
                "code_wait", "full", "bad_seat", "not_owner", "not_lobby", "in_table", "no_table", "colour_taken",
                "no_level", "rate", "bad_token", "spectator", "game_over", "not_started", "stale", "not_your_turn",
                "undo_refused", "internal", "no_replay", "wrong_seat", "bad_field", "unknown_type", "proto", "frame",
                "hello_first", "already_hello",
                # the turn clock's (docs/protocol.md section 14)
                "nudge_refused",
                # Play again (docs/protocol.md section 14)
                "not_over",
                # the host's hints (a phone's Hint: docs/protocol.md)
                "hints_off", "no_hint", "hint_busy", "hint_cancelled")


class App:
    SIZE = (1280, 720)
    FPS = 60

    def __init__(self, settings: Settings | None = None, *, fullscreen: bool = False, bridge=None,
                 assets: Assets | None = None, title: str = TITLE,
                 games: GameClients | None = None, screens: dict[str, Screen] | None = None):
        self.settings = settings or Settings()
        self.games = games or CLIENTS          # the games this window plays
        self.screens = dict(SCREENS if screens is None else screens)   # name -> how to build it
        pygame.init()
        self.headless = pygame.display.get_driver() in ("dummy", "offscreen")
        self.audio = bool(pygame.mixer.get_init()) and os.environ.get("SDL_AUDIODRIVER") != "dummy"
        flags = 0 if self.headless else pygame.SCALED | pygame.RESIZABLE
        self.settings.fullscreen = bool(fullscreen or self.settings.fullscreen)
        if self.settings.fullscreen and not self.headless:
            flags |= pygame.FULLSCREEN
        if not self.headless:
            pygame.display.set_icon(ICON(64))    # the game's icon (game/games.py) everywhere
        self.screen = pygame.display.set_mode(self.SIZE, flags)
        pygame.display.set_caption(title)
        self.clock = pygame.time.Clock()
        self.assets = assets or Assets()
        self.catalog = Catalog(self.settings.language)
        self.toasts = Toasts(self)
        self.bridge = bridge
        self.scenes: list[Scene] = []
        self.running = True
        self.text_focus = None  # the TextInput that has the keyboard, if any
        self.time = 0.0         # seconds of app time (sum of dt), for idle animations
        self.fitcheck = None    # a game.fitcheck.FitCheck while a test looks at where text goes
        self.frame = FrameMarks()   # what the frame being drawn holds that its tooltip must leave visible
        self.focused = True     # the window has the keyboard focus (SDL's focus events say when not)
        self.attention_asked = 0  # how often the window asked for attention (flashed) while behind
        self.home = None        # where the lobby's Back leads, if not the host browser (the quick game's picker)
        self.party = None       # game.party.Party: the local players of a pass-and-play table
        pygame.key.start_text_input()

    @property
    def bridge(self):
        return self._bridge

    @bridge.setter
    def bridge(self, bridge) -> None:
        """The network bridge; it names bots in this window's language (``bridge.tr``)."""
        self._bridge = bridge
        if bridge is not None:
            bridge.tr = self.tr
            if getattr(bridge, "key", None) is None:    # who we are to the host: this install's key
                bridge.key = self.settings.key

    # --- services -----------------------------------------------------------------------------
    def tr(self, key: str, **fmt) -> str:
        return self.catalog.tr(key, **fmt)

    def trn(self, key: str, n: int, **fmt) -> str:
        """A plural entry in the form the language's rule picks for ``n``."""
        return self.catalog.trn(key, n, **fmt)

    def set_language(self, language: str) -> None:
        self.catalog.set_language(language)
        self.settings.language = language

    def set_anim_speed(self, speed: float) -> None:
        self.settings.anim_speed = speed
        for s in self.scenes:
            s.timeline.speed = speed

    def set_fullscreen(self, on: bool) -> None:
        """Fill the screen or go back to a window (the setting is kept either way; a headless
        App has no window to change)."""
        if on != self.settings.fullscreen and not self.headless:
            pygame.display.toggle_fullscreen()
        self.settings.fullscreen = on

    def set_canvas(self, size: tuple[int, int] | None) -> None:
        """Draw on a logical canvas of ``size`` (TV mode's 1920x1080, game/replay/tv.py), or again
        on the class's ``SIZE`` (None); the window shows it scaled to its size as before."""
        want: tuple[int, int] = (int(size[0]), int(size[1])) if size is not None else type(self).SIZE
        if want == tuple(self.SIZE):
            return
        self.SIZE = want       # (this App's; the class keeps the scenes' own 1280x720)
        flags = 0 if self.headless else pygame.SCALED | pygame.RESIZABLE
        if self.settings.fullscreen and not self.headless:
            flags |= pygame.FULLSCREEN
        self.screen = pygame.display.set_mode(want, flags)

    def play_sound(self, name: str) -> None:
        if not self.audio or self.settings.volume <= 0:
            return
        snd = self.assets.sound(name)
        snd.set_volume(self.settings.volume)
        snd.play()

    def ask_attention(self) -> bool:
        """Our turn came: while the window is behind another one (no focus) and the settings'
        ``flash`` is on, ask the window system to flash it until it is focused (SDL's window
        flash; a driver without it, such as the dummy one, refuses and nothing else happens).
        True if it asked."""
        if self.focused or not self.settings.flash:
            return False
        self.attention_asked += 1
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.flash(pygame.FLASH_UNTIL_FOCUSED)
        except (pygame.error, AttributeError):
            pass
        return True

    def toast(self, message: str, **kw) -> None:
        self.toasts.show(message, **kw)

    def open_rule(self, rule: str) -> None:
        """The rules reference at ``rule`` (its game by the id's prefix)."""
        game = self.games.for_rule(rule)
        if game is not None:
            self.open("rules", game.name, focus=rule)

    # --- screens by name ------------------------------------------------------------------------
    def make(self, name: str, *args, **kw) -> Scene:
        """The screen ``name`` (``app.screens``) built for this App: ``screens[name](app, *args,
        **kw)``."""
        if name not in self.screens:
            raise KeyError(f"unknown screen {name!r}; known: {', '.join(sorted(self.screens))}")
        return self.screens[name](self, *args, **kw)

    def goto(self, name: str, *args, **kw) -> Scene:
        """Replace every scene by the screen ``name``."""
        return self.show(self.make(name, *args, **kw))

    def open(self, name: str, *args, **kw) -> Scene:
        """Put the screen ``name`` above the current scene (Back pops it)."""
        return self.push(self.make(name, *args, **kw))

    # --- scene stack --------------------------------------------------------------------------
    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def show(self, scene: Scene) -> Scene:
        """Replace every scene by ``scene``."""
        while self.scenes:
            self.scenes.pop().on_exit()
        self.scenes.append(scene)
        self.text_focus = None
        scene.on_enter()
        return scene

    def push(self, scene: Scene) -> Scene:
        """Put an overlay (or a sub-screen) above the current scene."""
        self.scenes.append(scene)
        self.text_focus = None
        scene.on_enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        top = self.scenes.pop()
        top.on_exit()
        self.text_focus = None
        if self.scene:
            self.scene.on_resume()
        return top

    # --- the loop -----------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self.focused = event.type == pygame.WINDOWFOCUSGAINED
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            rule = self.toasts.rule_at(event.pos)
            if rule:                        # a refused action's toast links its rule
                self.open_rule(rule)
                return
        focus = self.text_focus
        if focus is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if focus.handle_event(event):   # typing goes to the field, never to shortcuts
                return
        if self.scene:
            self.scene.take_event(event)

    def host_notice(self, code) -> str | None:
        """A host's refusal or notice in the window's language (``HOST_NOTICES``), None for others."""
        return self.tr(f"net.error_{code}") if code in HOST_NOTICES else None

    def step(self, dt: float, events=None) -> None:
        """One frame of logic: events, network, update (no drawing)."""
        self.time += dt
        for event in (pygame.event.get() if events is None else events):
            self.handle_event(event)
        if self.bridge is not None:
            for note in self.bridge.poll():
                if note.get("kind") == "error" and self.host_notice(note.get("code")):
                    note["message"] = self.host_notice(note["code"])   # not the host's English
                for s in list(self.scenes):
                    s.on_net(note)
        if self.party is not None:          # the other local players' connections
            self.party.poll()
        if self.scene:
            self.scene.update(dt)
        if self.party is not None:
            self.party.after_update()
        self.toasts.update(dt)

    def draw(self, surface: pygame.Surface | None = None) -> pygame.Surface:
        surface = surface or self.screen
        if self.fitcheck is not None:
            self.fitcheck.clear()
        self.frame.clear()
        self.frame.active = True
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for i, s in enumerate(self.scenes[start:]):
            if i:       # an overlay (the menu) covers the table's play area and controls by design
                self.frame.clear()
                if self.fitcheck is not None:
                    self.fitcheck.areas.clear()
                    self.fitcheck.controls.clear()
                    self.fitcheck.targets.clear()
            s.draw(surface)
        draw_requested_tooltip(surface, self)    # placed once every control and target is known
        self.frame.active = False
        self.toasts.draw(surface)
        return surface

    def run(self) -> None:
        while self.running and self.scene is not None:
            dt = self.clock.tick(self.FPS) / 1000.0
            self.step(min(dt, 0.1))
            self.draw()
            pygame.display.flip()
        self.close()

    def screenshot(self, path: str) -> None:
        """Draw one frame and save it as an image (PNG by the file's suffix)."""
        self.draw()
        pygame.image.save(self.screen, str(path))

    def close(self) -> None:
        while self.scenes:
            self.scenes.pop().on_exit()
        if self.party is not None:
            self.party.close()
        if self.bridge is not None:
            self.bridge.close()
        if self.settings.path is not None:  # Settings() made in code (tests) is never saved
            try:
                self.settings.save()
            except OSError:
                pass

