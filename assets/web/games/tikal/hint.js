// The hint at the Tikal table in the browser (the window's game/tikal/hint.py): "what would a strong
// player do?". The page cannot run the bots, so the host computes the strong bot's plan from our
// own view (the `hint` message, docs/protocol.md 5; the same plan the window shows for that view).
// The plan is drawn on the board (the tile's spot and turn, each walk as an arrow, each action
// where it happens, numbered) and listed above the bar with the bot's reason under each step; the
// next step is one tap away ("Play this step" sends it as the host gave it). The plan follows our
// own steps (the host's events say a step was played); anything else drops it. The button shows
// only where the table allows hints and we hold a seat, at our turn, in a moment the hint covers.
import { html, clear } from "./dom.js";
import { reasonText, askable, askHint } from "../../app/hintwords.js";
import { HINT, PLAYED_BY } from "./learn_facts.js";
import { same } from "./geometry.js";
import { treasureName } from "./log.js";

/** One step of the plan in words (the window's step_text). A finger plays the tile with its turn
 * ("Play this step"), so the page tells the turns only to a mouse, with the window's keys. */
export function stepText(t, step, cost = 0, mouse = false) {
  const kind = step.type;
  if (kind === "place_tile") {
    const turns = step.rotation || 0;
    if (!turns || !mouse) return t.t("hint.step.place");
    return turns <= 3 ? t.tn("hint.step.place_turned", turns) : t.tn("hint.step.place_turned_back", 6 - turns);
  }
  if (kind === "enter") return t.t(step.figure === "leader" ? "hint.step.enter_leader" : "hint.step.enter_worker");
  if (kind === "transfer") return t.t(step.figure === "leader" ? "hint.step.transfer_leader" : "hint.step.transfer_worker");
  if (kind === "move") {
    return t.tn(step.figure === "leader" ? "hint.step.walk_leader" : "hint.step.walk_worker", step.path.length - 1, { cost });
  }
  if (kind === "exchange") {
    return t.t("hint.step.exchange", { give: treasureName(t, step.give), take: treasureName(t, step.take), name: t.nameOf(step.with) });
  }
  if (kind === "end_turn") return t.t("hint.step.end");
  if (kind === "bid") return t.t("hint.step.bid", { amount: step.amount });
  if (kind === "pass") return t.t("hint.step.pass");
  if (kind === "choose_tile") return t.t("hint.step.choose", { tile: step.tile });
  const plain = { uncover: "hint.step.uncover", dig: "hint.step.dig", camp: "hint.step.camp", guard: "hint.step.guard" }[kind];
  return plain ? t.t(plain) : kind;
}

/** A step with its cost, as the window lists it ("Dig a treasure (1 AP)"; a walk says its cost itself). */
export function stepLine(t, step, cost = 0, mouse = false) {
  const text = stepText(t, step, cost, mouse);
  return cost && step.type !== "move" ? t.t("hint.with_cost", { step: text, ap: cost }) : text;
}

/** Whether the host's events (ours) are the plan's step being played (the window's TikalHint.played). */
export function played(events, step) {
  const kind = PLAYED_BY[step.type];
  if (!kind) return false;
  return events.some((ev) => {
    if (ev.type !== kind) return false;
    if (step.hex && ev.hex && !same(ev.hex, step.hex)) return false;
    if (step.type === "move" && JSON.stringify(ev.path || []) !== JSON.stringify(step.path)) return false;
    return true;
  });
}

export class TikalHint {
  constructor(table) {
    this.table = table;
    this.steps = [];       // the plan's steps still to play: {action, cost, why}
    this.first = 1;        // the number of the first of them in the plan as the host gave it
    this.state = null;     // the state counter the shown plan is for
    this.asking = null;    // the state a request is out for
    this.key = null;
    this.button = html("button", { class: "tk-btn tk-hintbtn", type: "button", "data-act": "hint",
      onclick: (e) => { e.preventDefault(); this.toggle(); } }, [html("span", { "data-fit": "1" })]);
    this.panel = html("div", { class: "tk-plan", "data-layer": "tk-plan", hidden: true });
  }

  get t() { return this.table; }
  /** The table allows hints and we hold a seat. */
  allowed() { return !!this.table.ctx.hints && this.table.me !== null; }
  /** A moment the hint covers, at our turn, with nothing in flight. */
  askable() {
    const t = this.table;
    return this.allowed() && t.acting() && !t.pending && askable(HINT, t.shown, t.legal);
  }
  thinking() { return this.asking !== null && this.table.latest && this.asking === this.table.latest.state; }
  /** The plan is for what is on the board now. */
  shown() { return this.steps.length > 0 && !this.table.timeline.busy && this.table.latest && this.state === this.table.latest.state; }

  toggle() {
    if (this.steps.length) this.clear();
    else this.ask();
  }

  ask() {
    return askHint(this, (hint, state) => {
      this.steps = hint.steps || [];
      this.first = 1;
      this.state = state;
    }, (key) => { this.table.sel.info = this.table.t(key); });    // (the host busy, or no hint for this position)
  }


  clear() {
    this.steps = [];
    this.state = null;
    this.table.touch(true);
  }

  /** An update of the table landed: the plan follows our own step; anything else drops it. */
  landed(m) {
    if (!this.steps.length || m.state === this.state) return;
    const mine = (m.events || []).filter((ev) => ev.seat === this.table.me);
    if (played(mine, this.steps[0].action) && m.to_act === this.table.me && !m.over && this.steps.length > 1) {
      this.steps.shift();
      this.first += 1;
      this.state = m.state;
      return;
    }
    this.clear();
  }

  /** Play the plan's next step: sent as the host gave it (one of `legal`, or a walk of several
   * hexes the host accepts). */
  play() {
    const step = this.steps[0];
    if (step && this.shown() && !this.table.pending) this.table.sel.send(step.action);
  }

  /** What the board draws of the plan: each step with its number (board.js renderPlan). */
  marks() {
    if (!this.shown()) return null;
    return { drawn: this.table.shown.drawn || null, steps: this.steps.map((s, i) => ({ action: s.action, number: this.first + i })) };
  }

  // --- the button and the list --------------------------------------------------------------------
  render() {
    const t = this.table;
    const allowed = this.allowed() && t.me !== null && !t.over;
    const shown = this.shown();
    const label = this.thinking() ? t.t("hint.thinking") + "…" : t.t(shown ? "hint.hide" : "hint.button");
    const k = JSON.stringify([allowed, shown, label, this.askable(), t.lang, shown && this.steps, this.first, t.pending, t.mouse]);
    if (k === this.key) return;
    this.key = k;
    this.button.hidden = !allowed || (!shown && !this.askable() && !this.thinking());
    this.button.disabled = !shown && (!this.askable() || this.thinking());
    this.button.classList.toggle("tk-on", shown);
    this.button.setAttribute("aria-pressed", shown ? "true" : "false");
    this.button.title = t.t("hint.tip");
    this.button.firstChild.textContent = label;
    const panel = clear(this.panel);
    panel.hidden = !shown;
    if (shown) {
      panel.append(html("div", { class: "tk-plan-title", text: t.t("hint.title"), "data-fit": "1" }));
      const list = html("ol", { class: "tk-plan-steps" });
      this.steps.forEach((s, i) => {
        const number = this.first + i;
        const why = reasonText(t.ctx, s.why, number);
        const row = html("li", { class: i === 0 ? "tk-plan-step tk-plan-next" : "tk-plan-step", "data-step": number }, [
          html("b", { class: "tk-plan-n", text: String(number) }),
          html("div", { class: "tk-plan-words" }, [
            html("span", { class: "tk-plan-do", text: stepLine(t, s.action, s.cost, t.mouse), "data-fit": "1" }),
            why ? html("span", { class: "tk-plan-why", text: why, "data-fit": "1" }) : null]),
          i === 0 ? html("button", { class: "tk-btn tk-primary tk-plan-play", type: "button", "data-act": "hint-play",
            disabled: t.pending || !t.acting(), onclick: (e) => { e.preventDefault(); this.play(); } },
          [html("span", { text: t.t("hint.web.play"), "data-fit": "1" })]) : null]);
        list.append(row);
      });
      panel.append(list, html("div", { class: "tk-plan-note", text: t.t(t.mouse ? "hint.note" : "hint.web.note"), "data-fit": "1" }));
    }
    t.fit(this.button);
    if (shown) t.fit(panel);
  }
}
