"""A started game at a table: the game's side of a table (net/table.py composes it with the
lobby's side, net/seats.py). No I/O, no connections: seats are handed in where a message is
addressed.

``Play`` holds the engine's game, the state counter (accepted actions and undos), what is in
effect (``history``), what undo needs (``Turn``: the snapshot at the start of the current seat's
turn and its actions since), every change's public events (``moves``: the recap), and the bots'
objects. It applies an action or an undo (the table has made its checks before), rolls back one
the journal could not keep, and builds each recipient's ``update``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import msgpack

import engine

from .seats import Seat, TableError

if TYPE_CHECKING:
    from engine.bots.base import Bot

Out = list  # list[tuple[int, dict]]

#: A recap ("while you were away") holds at most this many bytes of the newest changes.
RECAP_BYTES = 256 << 10


@dataclass
class Turn:
    """What undo needs: the snapshot at the start of the current seat's turn and what it did."""
    seat: int | None
    start: dict
    actions: list = field(default_factory=list)
    revealed: bool = False
    at: float = 0.0     # when it began (the host's clock, seconds since the epoch: the turn clock)
    nudged: set = field(default_factory=set)   # the seats that nudged its player (once a turn each)


class Play:
    def __init__(self, game_name: str, nseats: int, options: dict, seed: int,
                 rules: int | None = None):
        """The game starts: under the current rules, or (a journal's replay) the ones its start
        record names."""
        self.game_name = game_name
        self.seed = seed
        self.game: engine.Game = engine.new_game(game_name, seats=nseats, seed=seed,
                                                 options=dict(options), rules=rules)
        self.state = 0                          # the state counter: accepted actions and undos
        self.history: list = []                 # (seat, action) in effect (undone ones removed)
        self.moves: list[dict] = []             # every change's public events (the recap)
        self.bots: dict[int, Bot] = {}          # seat -> its bot
        self.start_scores = list(self.game.scores)  # the scores before the first move (a recap's "scores")
        self.turn = self._new_turn()

    def _new_turn(self) -> Turn:
        return Turn(self.game.to_act, self.game.snapshot())

    @property
    def over(self) -> bool:
        return self.game.is_over

    # --- an action ------------------------------------------------------------------------------
    def canonical(self, action: dict) -> dict:
        """The action as the rules read it: only the fields its type has (its legal actions
        show them all). What a sender adds beyond them is ignored, and never journaled."""
        t = action.get("type")
        keys = {k for a in self.game.legal_actions() if a.get("type") == t for k in a}
        return {k: v for k, v in action.items() if k in keys} if keys else action

    def apply(self, seat: int, action: dict, bot: str | None = None, clock: bool = False) -> list:
        """``seat``'s action (its turn was checked): the engine's events, or TableError
        ``illegal``/``malformed`` with nothing changed. ``bot``: the level of the bot that made
        it (the recap says so), ``clock``: because the turn's clock ran out."""
        try:
            events = self.game.apply(action)
        except engine.IllegalAction as exc:
            code = exc.code if exc.code in ("illegal", "malformed") else "illegal"
            raise TableError(code, f"refused: {exc.reason}", exc.reason, exc.rule) from None
        except Exception as exc:
            # An engine that chokes on a shape it did not expect: still a refusal. Rebuild the
            # game from the turn's start in case it was half-changed before it failed.
            self.game = self._rebuild(self.turn.actions)
            raise TableError("malformed", f"not an action of this game ({type(exc).__name__})",
                             str(exc)[:200], "") from None
        self._applied(seat, action, events, bot, clock)
        return events

    def _applied(self, seat: int, action: dict, events: list, bot: str | None, clock: bool) -> None:
        """What an applied action changes beside the game: the counter, the history, the recap's
        moves, the turn (a new one when the game waits for another seat)."""
        self.state += 1
        self.history.append((seat, action))
        move = {"state": self.state, "seat": seat, "events": events,
                "scores": list(self.game.scores)}
        if bot is not None:
            move["bot"] = bot
        if clock:
            move["clock"] = True
        self.moves.append(move)
        t = self.turn
        t.actions.append(action)
        t.revealed = t.revealed or any(isinstance(e, dict) and e.get("reveal") for e in events)
        if self.game.to_act != t.seat or self.game.is_over:
            self.turn = self._new_turn()

    def save_point(self) -> tuple:
        t = self.turn
        return (t, len(t.actions), t.revealed, self.state, len(self.history), len(self.moves))

    def roll_back(self, saved: tuple) -> None:
        """Back to ``saved`` (from save_point) after a change the journal could not keep."""
        t, n, revealed, state, hist, moves = saved
        del t.actions[n:]
        del self.moves[moves:]
        t.revealed = revealed
        self.turn, self.state = t, state
        del self.history[hist:]
        self.game = self._rebuild(t.actions)

    # --- undo -------------------------------------------------------------------------------------
    def check_undo(self, seat: int) -> None:
        t = self.turn
        if t.seat != seat or not t.actions:
            raise TableError("undo_refused", "nothing of yours to undo this turn")
        if t.revealed:
            raise TableError("undo_refused",
                             "hidden information was revealed this turn: no undo past it")

    def undo(self, seat: int) -> None:
        self.check_undo(seat)
        t = self.turn
        self.game = self._rebuild(t.actions[:-1])
        t.actions.pop()
        self.history.pop()
        self.state += 1
        self.moves.append({"state": self.state, "seat": seat, "undone": True, "scores": list(self.game.scores)})

    def can_undo(self, seat: int) -> bool:
        return self.turn.seat == seat and bool(self.turn.actions) and not self.turn.revealed

    def _rebuild(self, actions: list) -> engine.Game:
        game = engine.restore(self.turn.start)
        for a in actions:
            game.apply(a)
        return game

    # --- what goes out ----------------------------------------------------------------------------
    def shared_update(self, table: int, events: list, full: bool = False,
                      undone: int | None = None, clock: dict | None = None) -> dict:
        """The part of an update that is the same for every recipient (``clock``: the turn
        clock's, net/turns.py)."""
        g = self.game
        msg = {"t": "update", "table": table, "state": self.state, "events": events,
               "to_act": g.to_act, "over": g.is_over, "phase": g.phase,
               "scores": list(g.scores), "winners": list(g.winners)}
        if full:
            msg["full"] = True
        if undone is not None:
            msg["undone"] = undone
        if clock is not None:
            msg["clock"] = clock
        return msg

    def update_for(self, shared: dict, seat: int | None, seq: int | None = None) -> dict:
        """``shared`` completed for ``seat`` (None: a spectator): that seat's own view, and the
        legal actions (and whether it may undo) only for the seat to act."""
        g = self.game
        msg = {**shared, "view": g.view(seat), "seat": seat}
        if seat is not None and g.to_act == seat and not g.is_over:
            msg["legal"] = g.legal_actions()
            if self.turn.seat == seat:
                msg["can_undo"] = self.can_undo(seat)
        if seq is not None:
            msg["seq"] = seq
        return msg

    def updates(self, table: int, seats: list[Seat], spectators: list[int], events: list, *,
                full: bool = False, seq_for: tuple = (None, None),
                undone: int | None = None, clock: dict | None = None) -> Out:
        """Every connected player its own update, every spectator the public one; ``seq_for``:
        (connection, seq) of the request it answers."""
        shared = self.shared_update(table, events, full, undone, clock)
        out: Out = []
        for s in seats:
            if s.kind == "human" and s.conn is not None:
                seq = seq_for[1] if s.conn == seq_for[0] else None
                out.append((s.conn, self.update_for(shared, s.index, seq)))
        if spectators:
            pub = self.update_for(shared, None)
            out += [(c, pub) for c in spectators]
        return out

    def resync(self, table: int, seat: int | None, since: int, clock: dict | None = None) -> dict:
        """One recipient's full update (a spectator who comes in, a player back), with the recap
        of what happened after state ``since``."""
        update = self.update_for(self.shared_update(table, [], full=True, clock=clock), seat)
        rc = self.recap(since)
        return {**update, "recap": rc} if rc else update

    def recap(self, since: int) -> dict | None:
        """What happened after state ``since`` (docs/protocol.md, "While you were away"): every
        change's public events, the seat that made it and the scores after it; an undo as
        ``undone``; and the scores the recap starts from (``scores``: those after state ``from``).
        The newest RECAP_BYTES of it; None when nothing happened since."""
        i = len(self.moves)
        while i and self.moves[i - 1]["state"] > since:
            i -= 1
        size, keep = 0, len(self.moves)
        while keep > i:
            size += len(msgpack.packb(self.moves[keep - 1], use_bin_type=True))
            if size > RECAP_BYTES:
                break
            keep -= 1
        if keep == len(self.moves):
            return None
        scores = self.moves[keep - 1].get("scores") if keep else None
        return {"from": self.moves[keep]["state"] - 1, "moves": self.moves[keep:],
                "scores": list(scores if scores is not None else self.start_scores)}

    # --- bots -------------------------------------------------------------------------------------
    def bot(self, seat: int, level: str) -> Bot:
        """The bot object playing ``seat`` at ``level`` (made on first use, seeded from the
        game's seed)."""
        b = self.bots.get(seat)
        if b is None or b.level != level:
            from engine.bots import make_bot
            b = make_bot(self.game_name, level, seat, seed=(self.seed or 0) * 8 + seat + 1)
            self.bots[seat] = b
        return b
