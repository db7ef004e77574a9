// The page's state, in one place: what the host last said (its welcome, the tables, our table and
// seat, the last update, the standings, the saved games), the connection's state, and the
// lobby's choices (the new table's game, players and options, the name being typed), which must
// outlive the screens: a screen is drawn again from here whenever something changes (another
// table's game going on redraws the lobby), never keeps a choice of its own. The host's messages
// change it (app/handlers.js); the screens (app/lobby.js, app/play.js, app/tv.js) read it. What
// the browser keeps between visits is app/store.js's.

export class PageState {
  constructor() {
    this.screen = "boot";       // join, connecting, lobby, table, waiting, play, tv
    this.status = "connecting"; // the socket: connecting, open, closed
    this.hostName = "";         // the host's name (/host.json)
    this.name = "";             // ours
    this.helloName = null;      // the name of our last hello (the host knows us by it)
    this.shapes = false;        // the colour-blind shapes
    this.welcome = null;        // the host's welcome (its games: app/words.js)
    this.tables = [];           // the host's tables (the lobby's list)
    this.mine = [];             // our seats that nobody holds: "Back to my seat"
    this.table = null;          // the summary of the table we are at
    this.seat = null;           // our seat there (null: watching)
    this.state = null;          // the last update's state counter
    this.last = null;           // the last update of our table
    this.seen = new Map();      // table id -> the last state of it this page saw
    this.standings = null;      // tonight's standings (the host's last `standings`)
    this.saved = [];            // the unfinished saved games we sat at
    this.errors = [];           // the host's refusals, newest last (tests read them)
    /** The lobby's choices: the game of the new table, its players and options (per game), and
     * whether it allows the hint (at first it does, as the window's quick game). */
    this.lobby = { game: null, seats: null, options: {}, hints: true, clock: undefined, draftName: undefined };
  }

  /** What the host's welcome says of a game (its seats, options, title, labels), or undefined. */
  gameInfo(game) {
    return this.welcome && this.welcome.games ? this.welcome.games[game] : undefined;
  }

  /** The new table's options for `game`: the ones chosen on the lobby's card, where the game still
   * offers them, else its defaults (kept here: the card is drawn again on every change of the list). */
  createOptions(game) {
    const info = this.gameInfo(game) || {};
    const kept = this.lobby.options[game] || {};
    const opts = { ...(info.defaults || {}) };
    for (const [name, values] of Object.entries(info.options || {})) {
      if (name in kept && values.some((v) => v === kept[name])) opts[name] = kept[name];
    }
    this.lobby.options[game] = opts;
    return opts;
  }

  /** The turn clock of the new table (seconds, 0: none): the last chosen, where the host still
   * offers it, else the host's default; null when the host has no turn clocks (its welcome says none). */
  createClock() {
    const offered = (this.welcome && this.welcome.clock) || null;
    if (!offered || !Array.isArray(offered.values)) return null;
    const clock = offered.values.includes(this.lobby.clock) ? this.lobby.clock : offered.default;
    this.lobby.clock = clock;
    return clock;
  }

  /** The players of the new table: the last chosen, within the game's range (4 at first). */
  createSeats(game) {
    const [lo, hi] = (this.gameInfo(game) || {}).seats || [2, 4];
    return Math.min(hi, Math.max(lo, this.lobby.seats || 4));
  }

  /** The game the lobby's card proposes: the last chosen one the host still offers, else its first. */
  createGame() {
    const names = Object.keys((this.welcome && this.welcome.games) || {});
    return names.includes(this.lobby.game) ? this.lobby.game : names[0];
  }

  /** An update of our table arrived: its state is the last seen of that table (the game screen
   * keeps the update itself as `last`, once it has read the one before: app/play.js). */
  updated(msg) {
    this.state = msg.state;
    this.seen.set(msg.table, msg.state);
  }

  /** A refusal of the host, kept (at most 50). */
  refused(msg) {
    this.errors.push(msg);
    if (this.errors.length > 50) this.errors.shift();
  }

  /** We are at no table any more. */
  leftTable() {
    this.table = null;
    this.seat = null;
    this.last = null;
  }
}
