// The host's La Tortuga events as animations (the window's game/tortuga/animations.py): the dice
// tumble into the tray, a group hops space by space round the island (those riding on top with
// it), a bust splashes back to the raft, cards fly from the beach to their taker and from a hand
// into the tray, a turtle lands on the beach. Each lands the parts of the update's view it showed
// (`table.land(keys)`); the table ends every update on the host's own view.
import { h } from "../../app/ui.js";
import { Call, Wait, Progress, Sequence, Parallel, tween } from "../../app/tween.js";
import { hopPath, STACK_DY, DICE } from "./island.js";
import { BEACH } from "./facts.js";

/** What a movement's end changes in the view besides the stacks. */
const AFTER_A_MOVE = ["rolled", "sum", "multiplier", "turtle", "moved", "phase", "to_act", "seat", "decider", "group",
  "rolled_card", "turn_card", "played"];
const WATER = "rgb(120,200,255)", SPARK = "rgb(255,204,64)";

export class Animator {
  constructor(table) {
    this.table = table;
    this.island = table.island;
  }

  animate(ev) {
    const fn = Object.prototype.hasOwnProperty.call(ANIMATIONS, ev.type) ? ANIMATIONS[ev.type] : null;
    return fn ? fn.call(this, ev) : null;
  }

  edit(fn) { return new Call(() => { fn(); this.table.touch(); }); }

  land(...keys) { return new Call(() => this.table.land(...keys)); }

  /** The moving turtles leave their stack's space at once (in the air the animation draws them);
   * a space left empty has no stack (as the rules' view has none). */
  leave(space, group) {
    const stacks = this.table.shown.stacks = this.table.shown.stacks || {};
    const rest = (stacks[String(space)] || []).filter((t) => !group.includes(t));
    if (rest.length || space === 0) stacks[String(space)] = rest;
    else delete stacks[String(space)];
  }

  /** A card in flight over the page (client pixels, from the fx layer's corner). */
  flyer(eggs) {
    const el = h("div", { class: "tt-flycard" }, h("b", {}, String(eggs)));
    this.table.fx.append(el);
    return el;
  }

  place(el, p) {
    const [ox, oy] = this.table.fxOrigin();
    el.style.transform = `translate(${(p.x - ox).toFixed(1)}px, ${(p.y - oy).toFixed(1)}px) translate(-50%, -50%) scale(${p.s.toFixed(3)})`;
  }

  // --- turns ---------------------------------------------------------------------------------------
  _turn() {
    return new Sequence(this.land(...AFTER_A_MOVE), new Wait(0.15));
  }

  _turtle_chosen(ev) {
    const t = this.table;
    return new Sequence(this.land("turtle", "decider", "group", "phase", "to_act"), new Call(() => {
      const sp = this.island.sprite(ev.turtle);
      this.island.float(t.t("tortuga.this_one"), sp.x, sp.y - 34, "tt-float-this", 1.2);
    }), new Wait(0.3));
  }

  // --- dice and cards --------------------------------------------------------------------------------
  _die_rolled(ev) {
    const t = this.table;
    const idx = ev.dice.length - 1;
    const state = { face: 1, tilt: 0, y: -70 };
    const dice = this.island.dice;
    const tumble = (p) => {
      state.face = p >= 1 ? ev.value : 1 + (Math.floor(p * 17 + idx * 3) % 6);
      state.tilt = (1 - p) * 540;
      state.y = -70 * (1 - p) - 18 * Math.sin(p * Math.PI * 3) * (1 - p);
      dice.set(idx, state);
      t.touch();
    };
    return new Sequence(new Progress(0.55, tumble, "out_quad"), this.edit(() => {
      dice.delete(idx);
      Object.assign(t.shown, { rolled: [...ev.dice], sum: ev.sum, multiplier: ev.multiplier, turtle: ev.turtle ?? t.shown.turtle });
      t.land("phase", "to_act", "decider", "group", "rolled_card");
    }), new Wait(0.2));
  }

  _card_played(ev) {
    const t = this.table;
    const idx = ev.dice.length - 1;
    const start = t.rows.cardsPoint(ev.seat) || this.island.toClient(...this.island.g.deck);
    const [sx, sy] = this.island.slot(idx);
    const end = this.island.toClient(sx + DICE.size / 2, sy + DICE.size / 2);
    const card = { x: start[0], y: start[1], s: 0.6 };
    let el = null;
    const draw = () => this.place(el, card);
    return new Sequence(this.edit(() => {
      t.land("held", "cards", "scores", "played");     // the card leaves the hand
      el = this.flyer(ev.eggs);
      draw();
    }), tween(card, 0.5, "in_out_quad", { x: end[0], y: end[1], s: 1 }, draw), this.edit(() => {
      el.remove();
      Object.assign(t.shown, { rolled: [...ev.dice], sum: ev.sum, multiplier: ev.multiplier });
      t.land("rolled_card", "turn_card", "phase", "to_act", "decider", "group", "turtle");
    }));
  }

  _card_taken(ev) {
    const t = this.table;
    let el = null;
    const from = this.island.toClient(this.island.g.deck[0] + 44, this.island.g.deck[1]);
    const card = { x: from[0], y: from[1], s: 1 };
    const draw = () => this.place(el, card);
    let end = null;
    return new Sequence(this.edit(() => {
      this.island.lifted = true;        // the face-up card is in the air; the next one turns up after
      el = this.flyer(ev.eggs);
      draw();
      end = t.rows.cardsPoint(ev.seat) || from;
    }), new Progress(0.6, (p) => {
      const e = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
      card.x = from[0] + (end[0] - from[0]) * e;
      card.y = from[1] + (end[1] - from[1]) * e - 40 * Math.sin(Math.PI * p);
      card.s = 1 - 0.5 * e;
      draw();
    }), this.edit(() => {
      el.remove();
      this.island.lifted = false;
      t.land("face_up", "deck_left", "held", "cards", "scores");
      t.pulseRow(ev.seat);
    }), new Wait(0.1));
  }

  // --- turtles ---------------------------------------------------------------------------------------
  _turtles_moved(ev) {
    const t = this.table, isl = this.island;
    const group = [...ev.group], start = ev.from, steps = ev.steps;
    const path = hopPath(start, steps);
    const stepTime = steps <= 12 ? 0.16 : Math.max(0.06, 1.9 / steps);
    const seq = new Sequence(this.edit(() => {
      for (const x of group) { isl.sprite(x); isl.moving.add(x); }
      this.leave(start, group);          // the moving group leaves its stack at once (those below stay)
      isl.trail = [start, ...path];
    }));
    let prev = start;
    for (const sp of path) {
      const frm = prev, to = sp;
      let a = null, b = null, below = 0;
      seq.add(new Progress(stepTime, (p) => {
        if (!a) { a = isl.spacePos(frm); b = isl.spacePos(to); below = isl.stackOf(to).length; }
        const hop = 26 * Math.sin(Math.PI * p);
        group.forEach((x, i) => {
          const s = isl.sprite(x);
          s.x = a[0] + (b[0] - a[0]) * p;
          s.y = a[1] + (b[1] - a[1]) * p - (4 + (below + i) * STACK_DY) - hop;
        });
        t.touch();
      }, "in_out_quad"));
      prev = sp;
    }
    seq.add(this.edit(() => {
      const there = ((t.target.stacks || {})[String(ev.to)]) || [];
      if (JSON.stringify(there.slice(-group.length)) === JSON.stringify(group)) t.land("stacks");
      else t.shown.stacks[String(ev.to)] = [...isl.stackOf(ev.to), ...group];   // it goes on (the beach) in this update
      for (const x of group) isl.moving.delete(x);
      isl.trail = [];
      const mult = (t.shown.rolled || []).length || 1;
      t.land(...AFTER_A_MOVE);
      const [x, y] = isl.spacePos(ev.to);
      isl.float(mult === 1 ? `+${steps}` : `×${mult} → ${steps}`, x, Math.max(70, y - 70 - isl.stackOf(ev.to).length * STACK_DY), "tt-float-steps");
    }));
    seq.add(new Wait(0.15));
    return seq;
  }

  _bust(ev) {
    const t = this.table, isl = this.island;
    const group = [...ev.group], start = ev.from;
    const anims = new Parallel();
    const splash = this.edit(() => {
      const [x, y] = isl.spacePos(start);
      isl.burst(x, y, WATER, 18);
      isl.float(t.t("tortuga.bust_big"), x, Math.max(90, y - 60), "tt-float-bust", 1.2);
      for (const x2 of group) { isl.sprite(x2); isl.moving.add(x2); }
      this.leave(start, group);
    });
    group.forEach((x, k) => {
      anims.add(new Sequence(new Wait(0.05 * k), tween(isl.sprite(x), 0.75, "in_out_quad", { x: isl.g.raft[0] - 40 + 20 * k, y: isl.g.raft[1] - 10 }, () => t.touch())));
    });
    return new Sequence(new Wait(0.35), splash, anims, this.edit(() => {
      t.land("stacks");             // on the raft in the rules' order
      for (const x of group) isl.moving.delete(x);
      isl.burst(isl.g.raft[0], isl.g.raft[1], WATER, 8);
      t.land(...AFTER_A_MOVE);
    }), new Wait(0.2));
  }

  _beach(ev) {
    const t = this.table, isl = this.island;
    const [x, y] = isl.spacePos(BEACH);
    const sp = isl.sprite(ev.turtle);
    return new Sequence(this.edit(() => {
      isl.moving.add(ev.turtle);
      for (const k of Object.keys(t.shown.stacks || {})) this.leave(Number(k), [ev.turtle]);
    }), tween(sp, 0.6, "out_back", { x, y: y - 18 }, () => t.touch()), this.edit(() => {
      t.land("stacks", "beach");
      isl.moving.delete(ev.turtle);
      isl.burst(x, y, SPARK, 20);
      isl.float(t.t("tortuga.beach_big"), x + 60, Math.max(90, y - 90), "tt-float-beach", 1.4);
    }), new Wait(0.8));
  }

  _game_over() {
    return new Sequence(this.land("over", "winners", "cards", "scores", "phase", "to_act"), new Wait(0.3));
  }
}

/** Each La Tortuga event of docs/events.md -> its animation (an Animator method, `this` the animator): an
 * explicit table, held to the docs by tests/test_web_declared.py. */
export const ANIMATIONS = {
  turn: Animator.prototype._turn,
  turtle_chosen: Animator.prototype._turtle_chosen,
  die_rolled: Animator.prototype._die_rolled,
  card_played: Animator.prototype._card_played,
  card_taken: Animator.prototype._card_taken,
  turtles_moved: Animator.prototype._turtles_moved,
  bust: Animator.prototype._bust,
  beach: Animator.prototype._beach,
  game_over: Animator.prototype._game_over,
};
