// The bar under the board (the window's game/tikal/controls.py and chooser.py), by touch: what the
// player may do now, each button enabled exactly while the host lists its action. Placing: turn
// the tile, place it. An action phase: the five hex actions, the supply's figures, undo, end turn.
// The auction: the bid's amount, bid, pass. A choice among several legal actions (which swap,
// who stands guard) opens a sheet listing every one the host offers.
import { html, clear } from "./dom.js";
import * as icons from "./icons.js";
import { FIGURE } from "./selection.js";
import { treasureName } from "./log.js";

export const HEX_ACTIONS = [["uncover", "tikal.uncover", "tikal.uncover_tip"], ["dig", "tikal.dig", "tikal.dig_tip"],
  ["exchange", "tikal.exchange", "tikal.exchange_tip"], ["camp", "tikal.camp", "tikal.camp_tip"], ["guard", "tikal.guard", "tikal.guard_tip"]];

export class Controls {
  constructor(table, parts) {
    this.table = table;
    this.hint = parts.hint;
    this.row = parts.row;
    this.sheet = parts.sheet;
    this.key = null;
    this.sheetKey = null;
  }

  render() {
    const t = this.table;
    const view = t.shown;
    const acting = t.acting();
    const sel = t.sel;
    const k = JSON.stringify([acting, acting && t.legalKey, t.canUndo, sel.selected, sel.mode, sel.place, sel.rotation, sel.bid, sel.info,
      t.hint(), t.pending, t.lang, view.drawn, view.supply && view.supply[t.me]]);
    if (k !== this.key) {
      this.key = k;
      this.build(acting);
      this.table.fit(this.hint.parentElement);
      this.table.fit(this.row);
    }
    this.renderSheet();
  }

  button(label, attrs, onTap, cls = "tk-btn") {
    return html("button", { class: cls, type: "button", ...attrs, onclick: (e) => { e.preventDefault(); onTap(); } },
      typeof label === "string" ? [html("span", { text: label, "data-fit": "1" })] : label);
  }

  build(acting) {
    const t = this.table, sel = t.sel;
    this.hint.textContent = sel.info || t.hint();
    this.hint.classList.toggle("tk-info", !!sel.info);
    const row = clear(this.row);
    row.className = "tk-row";
    const off = t.pending;
    if (acting && sel.placing()) {
      row.classList.add("tk-row-place");
      row.append(
        this.button("⟲", { "aria-label": t.t("tikal.rotate_tip"), "data-act": "rotate-left", disabled: off }, () => sel.rotate(-1), "tk-btn tk-round"),
        this.button("⟳", { "aria-label": t.t("tikal.rotate_tip"), "data-act": "rotate-right", disabled: off }, () => sel.rotate(1), "tk-btn tk-round"),
        this.button(t.t("tikal.web.place"), { "data-act": "place", disabled: off || !sel.placeAction() }, () => sel.placeTile(), "tk-btn tk-primary"),
        this.button(t.t("tikal.undo"), { "data-act": "undo", disabled: off || !t.canUndo }, () => sel.undo()));
    } else if (acting && (t.legalOf("bid").length || t.legalOf("pass").length)) {
      row.classList.add("tk-row-bid");
      const amounts = sel.bidAmounts();
      const can = amounts.length > 0 && !off;
      row.append(
        this.button("−", { "aria-label": t.t("tikal.bid_less_tip"), "data-act": "bid-less", disabled: !can || sel.bid === amounts[0] },
          () => sel.changeBid(-1), "tk-btn tk-round"),
        html("b", { class: "tk-bid-amount", text: can ? String(sel.bid) : "—", "data-act": "bid-amount" }),
        this.button("+", { "aria-label": t.t("tikal.bid_more_tip"), "data-act": "bid-more", disabled: !can || sel.bid === amounts[amounts.length - 1] },
          () => sel.changeBid(1), "tk-btn tk-round"),
        this.button(t.t("tikal.bid"), { "data-act": "bid", disabled: !can }, () => sel.placeBid(), "tk-btn tk-primary"),
        this.button(t.t("tikal.pass"), { "data-act": "pass", disabled: off || !t.legalOf("pass").length }, () => sel.passBid()));
    } else if (acting && t.legalOf("end_turn").length) {
      row.classList.add("tk-row-actions");
      const acts = html("div", { class: "tk-acts" });
      for (const [kind, label, tip] of HEX_ACTIONS) {
        const on = t.legalOf(kind).length > 0 && !off;
        acts.appendChild(this.button(t.t(label), { "data-act": kind, title: t.t(tip), disabled: !on, "aria-pressed": sel.mode === kind ? "true" : null },
          () => sel.startAction(kind), sel.mode === kind ? "tk-btn tk-act tk-on" : "tk-btn tk-act"));
      }
      row.appendChild(acts);
      const more = html("div", { class: "tk-more" });
      const supply = (t.shown.supply || [])[t.me] || {};
      const enter = new Set(t.legalOf("enter").map((a) => a.figure));
      const tone = t.tone(t.me), shape = t.shape(t.me);
      for (const fig of ["worker", "leader"]) {
        const have = fig === "worker" ? Number(supply.workers || 0) : supply.leader ? 1 : 0;
        const chosen = sel.selected && sel.selected.from === null && sel.selected.figure === fig;
        const kids = [icons.figureIcon(tone, shape, fig === "leader", "tk-i-fig tk-i-sup")];
        if (fig === "worker") kids.push(html("span", { class: "tk-n", text: `×${have}` }));
        more.appendChild(this.button(kids, { "data-act": `supply-${fig}`, "aria-label": t.t(fig === "leader" ? "tikal.web.supply_leader" : "tikal.web.supply_worker"),
          disabled: off || !enter.has(fig), "aria-pressed": chosen ? "true" : null }, () => sel.selectSupply(fig),
        chosen ? "tk-btn tk-sup tk-on" : "tk-btn tk-sup"));
      }
      more.appendChild(this.button(t.t("tikal.undo"), { "data-act": "undo", title: t.t("tikal.undo_tip"), disabled: off || !t.canUndo }, () => sel.undo()));
      more.appendChild(this.button(t.t("tikal.end_turn"), { "data-act": "end_turn", title: t.t("tikal.end_turn_tip"), disabled: off },
        () => sel.endTurn(), "tk-btn tk-primary"));
      row.appendChild(more);
    } else if (acting && t.canUndo) {
      row.appendChild(this.button(t.t("tikal.undo"), { "data-act": "undo", disabled: off }, () => sel.undo()));
    }
    const head = this.hint.parentElement;
    head.querySelector("[data-act=cancel]")?.remove();
    if ((sel.selected || sel.mode) && acting) {     // beside the hint that says what the selection offers
      head.insertBefore(this.button(t.t("tikal.cancel"), { "data-act": "cancel" }, () => sel.clear(), "tk-btn tk-cancel"), this.hint.nextSibling);
    }
  }

  // --- the sheet: one of several legal actions ---------------------------------------------------
  renderSheet() {
    const t = this.table;
    const ch = t.sel.chooser;
    const k = JSON.stringify([ch, t.lang]);
    if (k === this.sheetKey) return;
    this.sheetKey = k;
    const sheet = clear(this.sheet);
    sheet.hidden = !ch;
    if (!ch) return;
    const panel = html("div", { class: "tk-sheet-panel", role: "dialog" });
    const title = ch.kind === "exchange" ? "tikal.exchange_title" : ch.kind === FIGURE ? "tikal.web.which_figure" : "tikal.guard_title";
    panel.appendChild(html("div", { class: "tk-box-title", text: t.t(title), "data-fit": "1" }));
    const list = html("div", { class: "tk-sheet-list" });
    if (ch.kind === "exchange") {
      const groups = new Map();
      for (const a of ch.options) { if (!groups.has(a.with)) groups.set(a.with, []); groups.get(a.with).push(a); }
      for (const [seat, acts] of groups) {
        list.appendChild(html("div", { class: "tk-sheet-head" }, [icons.markIcon(t.tone(seat), t.shape(seat)),
          html("span", { text: t.t("tikal.swap_with", { name: t.nameOf(seat) }), "data-fit": "1" })]));
        const opts = html("div", { class: "tk-sheet-opts" });
        for (const a of acts) {
          opts.appendChild(this.button([icons.treasureIcon(a.give), html("span", { class: "tk-arrow", text: "→" }), icons.treasureIcon(a.take),
            html("span", { text: t.t("tikal.swap_option", { give: treasureName(t, a.give), take: treasureName(t, a.take) }), "data-fit": "1" })],
          { "data-give": a.give, "data-take": a.take, "data-with": a.with }, () => t.sel.choose(a), "tk-btn tk-opt"));
        }
        list.appendChild(opts);
      }
    } else {
      const opts = html("div", { class: "tk-sheet-opts" });
      for (const a of ch.options) {
        opts.appendChild(this.button([icons.figureIcon(t.tone(t.me), t.shape(t.me), a.figure === "leader"),
          html("span", { text: t.t(a.figure === "leader" ? "tikal.guard_with_leader" : "tikal.guard_with_worker"), "data-fit": "1" })],
        { "data-figure": a.figure }, () => t.sel.choose(a), "tk-btn tk-opt"));
      }
      list.appendChild(opts);
    }
    panel.appendChild(list);
    panel.appendChild(this.button(t.t("tikal.cancel"), { "data-act": "sheet-cancel" }, () => t.sel.closeChooser(), "tk-btn tk-cancel"));
    sheet.appendChild(panel);
    this.table.fit(sheet);
  }
}
