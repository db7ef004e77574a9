"""Pass-and-play: more than one person at one window. Each local player is a real seat of the
host, on a connection of its own (its own hello, name and seat token: docs/protocol.md,
"Pass-and-play"), so the host needs nothing new and a window that drops gets every local seat
back with its token.

``Party`` holds the window's bridges: the first (the window's own player, who made or joined the
table) and one per local player added in the lobby ("+ a player here"). ``app.bridge`` is the
one whose seat the table shows; the others are polled here each frame, so their models stay
current. When the turn passes from one local player to another (bots and remote players may
play between), the table is covered by "Pass the laptop to Anna" until that player clicks; then
the table is shown from their seat, with everything that is theirs (their cards, the hint, the
guide, the "your turn" alert and banners)."""
from __future__ import annotations

from net.identity import local_key as player_key

from .net_bridge import make_bridge

MAX_LOCAL = 6       # local players besides the window's own


def local_key(address: str, n: int) -> str:
    """The settings' key of local player ``n``'s seat on the host at ``address``."""
    return f"{address}#{n}"


class Party:
    def __init__(self, app, primary):
        self.app = app
        self.primary = primary
        self.bridges = [primary]
        self.numbers: dict[int, int] = {}       # id(bridge) -> its number in the settings' keys
        self.passing = None                     # the bridge the pass screen waits for

    # --- the players --------------------------------------------------------------------------
    def local(self) -> list:
        """The added local players' bridges (not the window's own)."""
        return self.bridges[1:]

    def bridge_at(self, seat: int):
        """The local bridge that holds ``seat`` at the primary's table, if any."""
        tid = self.primary.table.id
        for b in self.bridges:
            if b.table.my_seat == seat and b.table.id == tid:
                return b
        return None

    def is_local(self, seat: int) -> bool:
        return self.bridge_at(seat) is not None

    def add(self, name: str, token: str | None = None, n: int | None = None, table: int | None = None):
        """A local player called ``name`` joins the primary's host on a connection of its own
        and sits at the primary's table, ready (with ``token``: takes its old seat back)."""
        if len(self.bridges) > MAX_LOCAL:
            return None
        settings, address = self.app.settings, self.primary.address
        if n is None:
            n = 1 + max([self.numbers.get(id(b), 0) for b in self.bridges] + [0])
        key = local_key(address, n)
        b = make_bridge(name, discovery=False)
        b.tr = self.app.tr
        b.key = player_key(settings.key, name)    # a person of their own to the host (net/identity.py)
        b.on_seat = lambda _address, entry: settings.remember_seat(key, dict(entry, name=name) if entry else None)
        if token is None:
            b.auto_sit = table if table is not None else self.primary.table.id
            b.auto_ready = True
            # a private table: its code (the owner's window has it, a guest's typed it to join)
            b.auto_code = (self.primary.lobby or {}).get("code") or self.primary.code
        b.connect(address, name, token_for=lambda _a: token)
        self.bridges.append(b)
        self.numbers[id(b)] = n
        return b

    def remove(self, b, keep: bool = False) -> None:
        """A local player goes: their seat is left and their connection closed. ``keep``: a
        game under way keeps their seat theirs (the window's "Back to my seat" brings them back
        with it: their token stays in the settings)."""
        if b is self.primary or b not in self.bridges:
            return
        if b.lobby is not None:
            b.leave()
        key = local_key(self.primary.address, self.numbers.pop(id(b), 0))
        if keep and b.token and b.table.id is not None and b.table.my_seat is not None:
            self.app.settings.remember_seat(key, {"token": b.token, "table": b.table.id, "seat": b.table.my_seat,
                                                  "name": b.name, "kept": True})
        else:
            self.app.settings.remember_seat(key, None)
        b.on_seat = None        # (its "left" must not forget what was kept)
        self.bridges.remove(b)
        b.close()

    def dismiss(self, keep: bool = False) -> None:
        """The window's own player left the table (or the host): the others at this window go too
        (``keep``: a game under way keeps their seats theirs)."""
        for b in self.local():
            self.remove(b, keep=keep)

    def restore(self, kept: bool = False) -> None:
        """A window that comes back to a host: the local players it had there take their seats
        back with their tokens (kept in the settings by the host's address); ``kept``: those
        who left a game with the window's player too, when it goes back to its seat there."""
        address = self.primary.address
        held = {id(b) for b in self.bridges}
        for key, entry in list(self.app.settings.seats.items()):
            prefix, _, n = key.rpartition("#")
            if prefix != address or not n.isdigit() or int(n) in {self.numbers.get(i) for i in held}:
                continue
            if entry.get("kept") and (not kept or entry.get("table") != self.primary.table.id):
                continue
            token = self.app.settings.seat_token(key, kept=kept)
            if token:
                self.add(str(entry.get("name") or "?"), token=token, n=int(n))

    def close(self) -> None:
        for b in self.local():
            b.close()
        self.bridges = [self.primary]

    # --- each frame ---------------------------------------------------------------------------
    def poll(self) -> None:
        """Keep the other local players' models current (their notes are not the window's). A
        local player the host refused a seat (a wrong code, the table full or started) is told
        why, in the window's language, and leaves the party."""
        for b in list(self.bridges):
            if b is self.app.bridge:
                continue
            for note in b.poll():
                if note.get("kind") != "error":
                    continue
                reason = self.app.host_notice(note.get("code"))
                if b in self.local() and b.table.my_seat is None:
                    self.app.toast(" ".join(filter(None, [self.app.tr("hotseat.refused", name=b.name), reason])))
                    self.remove(b)
                    break
                if reason or note.get("message"):
                    self.app.toast(reason or note["message"])

    def after_update(self) -> None:
        """Cover the table when the turn passed to another local player; back on the window's
        own bridge once no table is shown."""
        app = self.app
        top = app.scene
        if self.passing is not None or len(self.bridges) < 2:
            return
        if top is None or not top.is_table:
            if any(sc.is_table for sc in app.scenes):   # an overlay over the table (menu, recap)
                return
            if app.bridge is not self.primary:     # results, lobby: from the window's own seat
                app.bridge = self.primary
                if top is not None and top.name in ("lobby", "results") and top.bridge is not self.primary:
                    app.goto(top.name, self.primary)
            return
        if top.review or top.results_shown:
            return
        back = next((b for b in self.bridges if b is not app.bridge and (b.recap or {}).get("moves")
                     and b.table.id == app.bridge.table.id), None)
        if back is not None and not (app.bridge.recap or {}).get("moves"):
            # each local player who was away sees what happened meanwhile, their own recap
            # (their seat's stand-in bot said as theirs), after the window's own player's
            app.open("recap", top, back)
            return
        if top.timeline.busy or app.bridge.table.my_turn():
            return
        tid = app.bridge.table.id
        nxt = next((b for b in self.bridges if b is not app.bridge and b.table.id == tid and b.table.my_turn()),
                   None)
        if nxt is not None:
            self.passing = nxt
            app.open("hotseat_pass", nxt.table, nxt.table.my_seat, self.take_over)

    def take_over(self) -> None:
        """The player the laptop was passed to clicked: the table from their seat."""
        b, self.passing = self.passing, None
        if b is None:
            return
        old = next((s for s in self.app.scenes if s.is_table), None)
        self.app.bridge = b
        table = self.app.goto("table", b)
        if old is not None and type(old) is type(table):
            table.carry(old)


def party_of(app, primary):
    """The window's party (made on the first local player)."""
    if app.party is None:
        app.party = Party(app, primary)
    return app.party


def restore_party(app, primary, kept: bool = False) -> None:
    """On coming back to a host: the local players this window had there take their seats back
    (nothing happens when it had none); ``kept``: also those who left a game with the window's
    own player, once it is back in its seat there ("Back to my seat")."""
    prefix = f"{primary.address}#"
    if any(key.startswith(prefix) and (kept or not entry.get("kept")) for key, entry in app.settings.seats.items()):
        party_of(app, primary).restore(kept=kept)


def guide_done(app, bridge) -> bool:
    """Whether the player of ``bridge`` has followed the first-game guide: the window's own
    player by the settings' ``guide_done``, a local player by their name in ``guided``."""
    party = app.party
    if party is None or bridge is party.primary or bridge not in party.bridges:
        return app.settings.guide_done
    return bridge.name in app.settings.guided


def set_guide_done(app, bridge) -> None:
    party = app.party
    if party is None or bridge is party.primary or bridge not in party.bridges:
        app.settings.guide_done = True
    elif bridge.name not in app.settings.guided:
        app.settings.guided = (app.settings.guided + [bridge.name])[-16:]
