// La Tortuga's coach line in the browser (the window's game/tortuga/hint.py): "what would a strong
// player do?" at our decision. The host runs the hard bot (exact expectimax over the dice) on our
// own view (the `hint` message, docs/protocol.md 5) and gives its choice with one reason from its
// own numbers: the chance one more die busts, the card a stop takes, the gain over the next best
// choice. The button to press is ringed (the turtle too, on the island) and a box above the bar
// names the choice and says why, with the note that its eggs are the bot's estimate of worth. The
// box's button plays the choice; any update drops it. Only where the table allows hints and we
// hold a seat, when the decision is ours and there is one to make (not the first die).
import { h } from "../../app/ui.js";
import { reasonText, askable, askHint } from "../../app/hintwords.js";
import { HINT } from "./learn_facts.js";

export class TortugaHint {
  constructor(table) {
    this.table = table;
    this.action = null;    // the bot's choice shown
    this.why = null;       // its reason, in the catalogs' words
    this.state = null;
    this.asking = null;
  }

  allowed() { return !!this.table.ctx.hints && this.table.me !== null && !this.table.over; }
  askable() {
    const t = this.table;
    return this.allowed() && t.acting() && !t.pending && askable(HINT, t.shown, t.legal);
  }
  thinking() { return this.asking !== null && this.table.latest && this.asking === this.table.latest.state; }
  shown() { return !!this.action && !this.table.timeline.busy && this.table.latest && this.state === this.table.latest.state; }

  toggle() { if (this.action) this.clear(); else this.ask(); }

  ask() {
    return askHint(this, (hint, state) => {
      if (!hint.steps.length) return;
      this.action = hint.steps[0].action;
      this.why = hint.steps[0].why;
      this.state = state;
    }, (key, state) => {
      this.failed = state;
      this.failedWords = key;
    });
  }


  clear() {
    this.action = this.why = this.state = null;
    this.table.touch(true);
  }

  /** Any change of the table is a new decision: the shown choice goes. */
  landed(m) {
    if (this.action && m.state !== this.state) this.clear();
  }

  play() {
    if (this.shown()) this.table.send(this.action);
  }

  /** The choice in words (the window's choice_text; a finger is told no key to press). */
  choiceText() {
    const t = this.table, a = this.action || {};
    const mouse = t.mouse;
    if (a.type === "play_card") return t.tn(mouse ? "hint.tortuga.play" : "hint.tortuga.web.play", a.eggs, { eggs: a.eggs });
    if (a.type === "choose_turtle") return t.t("hint.tortuga.first", { turtle: t.turtleChoice(a.turtle) });
    if (mouse) return t.t(a.type === "roll" ? "hint.tortuga.roll" : "hint.tortuga.stop");
    return t.t(a.type === "roll" ? "tortuga.roll" : "tortuga.stop");
  }

  /** What the bar's memory of what it drew must hold (the bar is drawn again when it changes). */
  key() {
    return JSON.stringify([this.allowed(), this.askable(), this.thinking(), this.shown(), this.action, this.failed === this.table.latest?.state]);
  }

  /** Whether the bar's button for `attrs` is the one the bot would press. */
  hinted(type, extra = {}) {
    const a = this.shown() ? this.action : null;
    if (!a || a.type !== type) return false;
    return Object.entries(extra).every(([k, v]) => a[k] === v);
  }

  /** The bar's own parts: the box with the choice (first), the hint's button (last). */
  decorate(row, button) {
    const t = this.table;
    if (!this.allowed()) return;
    if (this.shown()) {
      const why = reasonText(t.ctx, this.why);
      row.prepend(h("div", { class: "tt-coach", id: "tt-coach", role: "status" },
        h("div", { class: "tt-coach-title", "data-fit": "1" }, t.t("hint.title")),
        h("div", { class: "tt-coach-line" },
          h("b", { class: "tt-coach-choice", "data-fit": "1" }, this.choiceText()),
          button(t.t("hint.web.play"), { "data-act": "hint-play", disabled: t.pending || !t.acting() }, () => this.play(), "tt-btn tt-primary tt-coach-play")),
        why ? h("div", { class: "tt-coach-why", "data-fit": "1" }, why) : null,
        h("div", { class: "tt-coach-note", "data-fit": "1" }, t.t(t.mouse ? "hint.tortuga.note" : "hint.tortuga.web.note"))));
    } else if (this.failed === t.latest?.state) {
      row.prepend(h("div", { class: "tt-coach tt-coach-failed", role: "status", "data-fit": "1" }, t.t(this.failedWords || "hint.failed")));
    }
    if (this.shown() || this.askable() || this.thinking()) {
      const label = this.thinking() ? `${t.t("hint.thinking")}…` : t.t(this.shown() ? "hint.hide" : "hint.button");
      row.append(button(label, { "data-act": "hint", title: t.t("hint.tortuga.tip"), "aria-pressed": this.shown() ? "true" : "false",
        disabled: !this.shown() && this.thinking() }, () => this.toggle(), this.shown() ? "tt-btn tt-hintbtn tt-on" : "tt-btn tt-hintbtn"));
    }
  }
}
