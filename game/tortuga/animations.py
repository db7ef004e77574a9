"""The host's La Tortuga events as animations: the dice tumble into the tray, a group hops space by
space, a bust splashes back to the raft, cards fly from the beach to their taker, a turtle lands on
the beach. Each lands the pieces it moves on the engine's view of the update (``TableScene.land``:
docs/client.md); only the dice and the turtles in the air are set from the event meanwhile."""
from __future__ import annotations

import math
from typing import Callable

import pygame

from .. import theme
from ..scenes.common import Part
from ..tween import Call, Parallel, Progress, Sequence, Tween, Wait
from .island import BEACH, DECK_POS, RAFT_POS, STACK_DY, draw_card, space_pos

#: The prompt's plate covers the top of the island; a floating word starts below this line.
FLOAT_TOP = 84


def float_y(y: float, rise: float = 40, size: int = 34, above: float = 60, below: float = 60) -> float:
    """Where a floating word starts over a point at height ``y``: ``above`` it, unless it would
    rise into the prompt or off the top; then ``below`` it (and never higher than its rise allows)."""
    return y - above if y - above - rise - size / 2 >= FLOAT_TOP else max(y + below, FLOAT_TOP + rise + size / 2)


def splash_y(y: float, rise: float = 40, size: int = 34) -> float:
    """Where "Splash!" starts over a space at height ``y``."""
    return float_y(y, rise, size)


def this_one_y(y: float) -> float:
    """Where "This one!" starts over a chosen turtle at height ``y`` (on it, or under it near the top)."""
    return float_y(y, THIS_ONE_RISE, THIS_ONE_SIZE, above=0, below=60)


THIS_ONE_RISE, THIS_ONE_SIZE = 40, 26


#: What a movement's end changes in the view besides the stacks (from the engine's view).
AFTER_A_MOVE = ("rolled", "sum", "multiplier", "turtle", "moved", "phase", "to_act", "seat", "decider", "group",
                "rolled_card", "turn_card", "played")


class TortugaAnimator(Part):
    def __init__(self, scene):
        super().__init__(scene)
        self.flying_cards: list[dict] = []

    def reset(self) -> None:
        self.flying_cards = []

    def animate(self, ev: dict):
        fn = ANIMATIONS.get(ev.get("type", ""))
        return fn(self, ev) if fn else None

    @staticmethod
    def card_rect(c: dict) -> pygame.Rect:
        """Where a flying card is drawn (44×60 at scale ``s``: shrunk to a row beside the panel)."""
        w, h = round(44 * c.get("s", 1.0)), round(60 * c.get("s", 1.0))
        return pygame.Rect(round(c["x"] - w / 2), round(c["y"] - h / 2), w, h)

    def draw_top(self, surface) -> None:
        for c in self.flying_cards:
            draw_card(surface, self.app, self.card_rect(c), c["eggs"], layer="float")

    def _set(self, **kw):
        return Call(lambda: self.shown.update(kw))

    def leave(self, space: int, group: list) -> None:
        """The moving turtles leave their stack's space at once (in the air, the sprites draw them);
        a space left empty has no stack (as the rules' view has none)."""
        stacks = self.shown.setdefault("stacks", {})
        rest = [t for t in stacks.get(str(space), []) if t not in group]
        if rest:
            stacks[str(space)] = rest
        else:
            stacks.pop(str(space), None)

    def _land(self, *keys: str):
        """A step that takes ``keys`` from the engine's view of the update playing."""
        return Call(lambda: self.scene.land(*keys))

    def _anim_turn(self, ev):
        def chime():
            if self.scene.me == ev["seat"]:
                self.app.play_sound("chime")
        # a new turn: the last movement's dice, decider, group and phase are over (the engine's view)
        return Sequence(self._land(*AFTER_A_MOVE), Call(chime), Wait(0.15))

    def _anim_turtle_chosen(self, ev):
        island = self.scene.island

        def call_out():
            x, y = island.rest_pos(ev["turtle"])
            self.scene.fx.float_text(self.tr("tortuga.this_one"), x, this_one_y(y), theme.ACCENT, THIS_ONE_SIZE,
                                     rise=THIS_ONE_RISE, hold=1.2)
        return Sequence(self._land("turtle", "decider", "group", "phase", "to_act"), Call(call_out), Wait(0.3))

    def _anim_die_rolled(self, ev):
        idx = len(ev["dice"]) - 1
        state = {"face": 1, "tilt": 0.0, "y": -60.0}
        dice = self.scene.panel.dice_anim

        def tumble(p):
            state["face"] = ev["value"] if p >= 1 else 1 + int(p * 17 + idx * 3) % 6
            state["tilt"] = (1 - p) * 540
            state["y"] = -70 * (1 - p) + (-18 * math.sin(p * math.pi * 3) * (1 - p))
            dice[idx] = state

        def land():
            dice.pop(idx, None)
            self.shown.update(rolled=list(ev["dice"]), sum=ev["sum"], multiplier=ev["multiplier"],
                              turtle=ev.get("turtle"))     # the event's dice (a bust may clear them next)
            self.scene.land("phase", "to_act", "decider", "group", "rolled_card")

        return Sequence(Call(lambda: self.app.play_sound("dice")), Progress(0.55, tumble, "out_quad"), Call(land),
                        Wait(0.2))

    def _anim_card_played(self, ev):
        """The card leaves its player's row to the left, goes down beside the panel and into the
        dice tray (it crosses no other player's row)."""
        panel = self.scene.panel
        row = panel.row_rect(ev["seat"])
        idx = len(ev["dice"]) - 1
        slot = panel.dice_slot(idx)
        small = min(1.0, (row.height - 6) / 60)
        card = {"eggs": ev["eggs"], "x": row.x - 26, "y": row.centery, "s": small, "seat": ev["seat"], "slot": idx}

        def begin():
            self.scene.land("held", "cards", "scores", "played")    # the card leaves the hand
            self.flying_cards.append(card)
            self.app.play_sound("flip")

        def end_():
            self.flying_cards.remove(card) if card in self.flying_cards else None
            self.shown.update(rolled=list(ev["dice"]), sum=ev["sum"], multiplier=ev["multiplier"])
            self.scene.land("rolled_card", "turn_card", "phase", "to_act", "decider", "group", "turtle")

        return Sequence(Call(begin), Tween(card, 0.3, "in_out_quad", y=slot.centery),
                        Tween(card, 0.25, "out_quad", x=slot.centerx, s=slot.height / 60), Call(end_))

    def _anim_turtles_moved(self, ev):
        island = self.scene.island
        group, start, steps = list(ev["group"]), ev["from"], ev["steps"]
        path = []
        s = start
        for _ in range(steps):
            s = 1 if s in (0, BEACH) else s + 1
            path.append(s)
        step_time = 0.16 if steps <= 12 else max(0.06, 1.9 / steps)
        base_offsets = {}

        def lift():
            for t in group:
                island.moving.add(t)
                base_offsets[t] = group.index(t)
            # the moving group leaves its stack at once (those below stay)
            self.leave(start, group)
            island.trail = [start] + path

        def hop_to(frm, to):
            fx, fy = space_pos(frm)
            tx, ty = space_pos(to)
            below = len(island.stack_of(to))

            def step(p):
                h = 26 * math.sin(math.pi * p)
                for t in group:
                    oy = 4 + (below + base_offsets[t]) * STACK_DY
                    island.sprites[t]["x"] = fx + (tx - fx) * p
                    island.sprites[t]["y"] = fy + (ty - fy) * p - oy - h
                if p >= 1:
                    self.app.play_sound("hop")
            return Progress(step_time, step, "in_out_quad")

        seq = Sequence(Call(lift))
        prev = start
        for sp in path:
            seq.add(hop_to(prev, sp))
            prev = sp

        def land():
            there = (self.scene.landing.get("stacks") or {}).get(str(ev["to"]), [])
            if there[-len(group):] == group:     # the engine's view has them here: it lands
                self.scene.land("stacks")
            else:                                # they go on (the beach) in this update: on top here meanwhile
                self.shown.setdefault("stacks", {})[str(ev["to"])] = island.stack_of(ev["to"]) + group
            island.moving.difference_update(group)
            island.trail = []
            for t in group:
                island.sprites[t]["x"], island.sprites[t]["y"] = island.rest_pos(t)
            mult = len(self.shown.get("rolled", [])) or 1
            self.scene.land(*AFTER_A_MOVE)
            x, y = space_pos(ev["to"])   # over the space; under it near the top (the prompt's there)
            self.scene.fx.float_text(f"+{steps}" if mult == 1 else f"×{mult} → {steps}", x,
                                     float_y(y, 40, 26, above=70, below=100), theme.ACCENT, 26, hold=1.2)
        seq.add(Call(land))
        seq.add(Wait(0.15))
        return seq

    def _anim_bust(self, ev):
        island, fx = self.scene.island, self.scene.fx
        group, start = list(ev["group"]), ev["from"]

        def splash():
            x, y = space_pos(start)
            self.app.play_sound("splash")
            fx.burst(x, y, (120, 200, 255), 36)
            fx.float_text(self.tr("tortuga.bust_big"), x, splash_y(y), theme.BAD, 34, hold=1.2)
            self.leave(start, group)
            island.moving.update(group)
        anims = []
        for k, t in enumerate(group):
            sp = island.sprites[t]
            anims.append(Sequence(Wait(0.05 * k), Tween(sp, 0.75, "in_out_quad", x=RAFT_POS[0] - 40 + 20 * k,
                                                        y=RAFT_POS[1] - 10)))

        def land():
            self.scene.land("stacks")      # on the raft in the rules' order
            island.moving.difference_update(group)
            for t in group:
                island.sprites[t]["x"], island.sprites[t]["y"] = island.rest_pos(t)
            fx.burst(RAFT_POS[0], RAFT_POS[1], (120, 200, 255), 14)
            self.scene.land(*AFTER_A_MOVE)
        return Sequence(Wait(0.35), Call(splash), Parallel(*anims), Call(land), Wait(0.2))

    def _anim_card_taken(self, ev):
        """The face-up card flies to its taker's row: across the island to the row's left, shrunk
        to the row's height, and drops into the row, which lights up (it never crosses another
        player's row, nor the row's own name: the next player's turn may already be named). The
        next card turns face up once it has left."""
        panel, island = self.scene.panel, self.scene.island
        row = panel.row_rect(ev["seat"])
        card = {"eggs": ev["eggs"], "x": DECK_POS[0] + 44, "y": DECK_POS[1], "s": 1.0, "seat": ev["seat"]}
        small = min(1.0, (row.height - 6) / 60)

        def begin():
            self.flying_cards.append(card)
            island.lifted = True                 # the face-up card is the one flying
            self.app.play_sound("flip")

        def end_():
            if card in self.flying_cards:
                self.flying_cards.remove(card)
            island.lifted = False
            self.scene.land("held", "cards", "scores", "face_up", "deck_left")
            self.scene.panel.pulse_row(ev["seat"])   # the card lands among the seat's cards
            self.app.play_sound("tick")
        return Sequence(Call(begin), Tween(card, 0.6, "in_out_quad", x=row.x - 26, y=row.centery, s=small),
                        Call(end_), Wait(0.1))

    def _anim_beach(self, ev):
        island, fx = self.scene.island, self.scene.fx
        t = ev["turtle"]
        x, y = space_pos(BEACH)

        def go():
            island.moving.add(t)
            for k in list(self.shown.get("stacks", {})):
                self.leave(int(k), [t])
        sp = island.sprites[t]

        def land():
            self.scene.land("stacks", "beach")
            island.moving.discard(t)
            fx.burst(x, y, theme.ACCENT, 40)
            fx.float_text(self.tr("tortuga.beach_big"), x + 40, y - 90, theme.ACCENT, 34, hold=1.2)
            self.app.play_sound("chime")
        return Sequence(Call(go), Tween(sp, 0.6, "out_back", x=x, y=y - 18), Call(land), Wait(0.8))

    def _anim_game_over(self, ev):
        return Sequence(self._land("over", "winners", "cards", "scores", "phase", "to_act"), Wait(0.3))


#: Each event type of La Tortuga (docs/events.md) -> the animator's method that animates it; an event
#: type not listed plays no animation (its log line and the host's view still land).
ANIMATIONS: dict[str, Callable] = {
    "turn": TortugaAnimator._anim_turn,
    "turtle_chosen": TortugaAnimator._anim_turtle_chosen,
    "die_rolled": TortugaAnimator._anim_die_rolled,
    "card_played": TortugaAnimator._anim_card_played,
    "turtles_moved": TortugaAnimator._anim_turtles_moved,
    "bust": TortugaAnimator._anim_bust,
    "card_taken": TortugaAnimator._anim_card_taken,
    "beach": TortugaAnimator._anim_beach,
    "game_over": TortugaAnimator._anim_game_over,
}
