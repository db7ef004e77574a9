// The panels around the board (the window's game/tikal/panels.py and column.py): the prompt and the
// action points, the tile box (the drawn tile, the volcano set aside, the stack's back) with the
// stack's outlook, the auction's revealed tiles and bids, one card per seat (mark, name, score,
// supply, camps and guards left, treasures in sets, what a scoring would give now) and the temple
// levels left. Each part is rebuilt only when what it shows changed.
import { html, svg, clear } from "./dom.js";
import * as icons from "./icons.js";
import { treasureGroups } from "./analysis.js";
import { TILES } from "./tiles.js";

export class Panel {
  constructor(table, parts) {
    this.table = table;
    Object.assign(this, parts);      // top, prompt, ap, tilebox, players, levels, story (elements)
    this.keys = {};
    this.cards = [];
    this.floats = new Map();         // seat -> {text, cls}
    this.scoreFx = new Map();        // seat -> score shown while a tally ticks up
  }

  changed(name, k) {
    if (this.keys[name] === k) return false;
    this.keys[name] = k;
    return true;
  }

  render(view, d) {
    this.renderTop(view);
    this.renderTileBox(view, d);
    this.renderPlayers(view, d);
    this.renderLevels(view);
    this.renderStory(view);
  }

  // --- the prompt and the action points --------------------------------------------------------
  renderTop(view) {
    const t = this.table;
    const prompt = t.promptText(view);
    if (this.changed("prompt", JSON.stringify([prompt, t.lang]))) {
      this.prompt.textContent = prompt;
      this.table.fit(this.top);
    }
    const ap = view.phase === "actions" ? Number(view.ap || 0) : 0;
    const seat = view.seat;
    const theirs = seat !== t.me && (view.phase === "place" || view.phase === "actions") && seat !== null && seat !== undefined;
    const label = theirs ? t.t("tikal.ap_of", { name: t.shortName(seat) }) : t.me !== null ? t.t("tikal.ap_yours") : t.t("tikal.ap");
    if (!this.changed("ap", JSON.stringify([ap, label, t.lang]))) return;
    const meter = clear(this.ap);
    meter.title = label;
    meter.appendChild(html("span", { class: "tk-ap-label", text: label, "data-fit": "1" }));
    const stones = icons.apStones(ap);
    meter.appendChild(html("span", { class: "tk-ap-row" }, [stones, html("b", { class: ap ? "tk-ap-n" : "tk-ap-n tk-muted", text: String(ap),
      "data-ap": String(ap) })]));
    this.table.fit(meter);
  }

  // --- the tile box and the stack's outlook; the auction's tiles and bids ----------------------
  renderTileBox(view, d) {
    const t = this.table;
    const auction = view.variant === "auction";
    const placing = t.sel.placing();
    const rot = placing ? t.sel.rotation : 0;
    const choose = t.legalOf("choose_tile").map((a) => a.tile);
    const bid = t.sel.bidState(view);
    const k = JSON.stringify([view.drawn, view.volcano, view.next_letter, view.stack_left, d.outlook, rot, auction && view.revealed,
      choose, bid, t.flipDrawn, t.flipRevealed, t.lang]);
    if (!this.changed("tilebox", k)) return;
    const box = clear(this.tilebox);
    const drawn = view.drawn, volcano = view.volcano && view.volcano.tile;
    const title = volcano ? "tikal.volcano_title" : drawn ? "tikal.tile_to_place" : "tikal.tile_stack";
    const tileCell = html("div", { class: "tk-tilecell" }, [html("div", { class: "tk-box-title", text: t.t(title), "data-fit": "1" })]);
    let pic;
    if (drawn && TILES[drawn]) pic = icons.tileIcon(t.board.defs, drawn, rot, t.flipDrawn ? "tk-i-tile tk-drawn tk-flip" : "tk-i-tile tk-drawn");
    else if (volcano && TILES[volcano]) pic = icons.tileIcon(t.board.defs, volcano, 0, "tk-i-tile tk-volcano-aside");
    else if (view.next_letter) pic = icons.backIcon(view.next_letter, "tk-i-tile tk-stack");
    else pic = html("div", { class: "tk-stack-empty", text: t.t("tikal.stack_empty"), "data-fit": "1" });
    const empty = !drawn && !volcano && !view.next_letter;
    tileCell.appendChild(pic);
    box.appendChild(tileCell);
    if (auction) {
      const cell = html("div", { class: "tk-revealed" }, [html("div", { class: "tk-box-title", text: t.t("tikal.revealed"), "data-fit": "1" })]);
      const row = html("div", { class: "tk-revealed-row" });
      const revealed = view.revealed || [];
      for (const id of revealed) {
        const can = choose.includes(id);
        const b = html("button", { class: can ? "tk-rev tk-can" : "tk-rev", "data-tile": id, disabled: !can,
          "aria-label": `${id} ${t.kindName(id)}`, onclick: () => t.sel.chooseTile(id) },
        [icons.tileIcon(t.board.defs, id, 0, t.flipRevealed === id ? "tk-i-rev tk-flip" : "tk-i-rev")]);
        row.appendChild(b);
      }
      if (!revealed.length) row.appendChild(html("span", { class: "tk-muted", text: t.t("tikal.none_revealed"), "data-fit": "1" }));
      cell.appendChild(row);
      box.appendChild(cell);
      if (bid) box.appendChild(this.bidBox(bid));
    }
    box.appendChild(this.outlookBox(view, d.outlook, empty));
    this.table.fit(box);
  }

  bidBox(bid) {
    const t = this.table;
    const cell = html("div", { class: "tk-bidbox" }, [html("div", { class: "tk-box-title", text: t.t("tikal.auction"), "data-fit": "1" })]);
    const line = bid.high !== null ? t.t("tikal.high_bid", { amount: bid.amount, name: t.shortName(bid.high) }) : t.t("tikal.no_bid");
    cell.appendChild(html("div", { class: "tk-bidline", text: line, "data-fit": "1" }));
    if (!bid.ours) cell.appendChild(html("div", { class: "tk-muted tk-bidline", text: t.t("tikal.bidding", { name: t.shortName(bid.seat) }), "data-fit": "1" }));
    else if (bid.most !== null) cell.appendChild(html("div", { class: "tk-bidline tk-bidmost", text: t.t("tikal.web.bid_up_to", { n: bid.most }), "data-fit": "1" }));
    return cell;
  }

  /** The stack as everyone can work it out (the tiles left under each letter, the volcanoes in
   * it); under an empty stack's "No tiles left" it says no "0 tiles left", no "No volcano left". */
  outlookBox(view, outlook, empty = false) {
    const t = this.table;
    const cell = html("div", { class: "tk-outlook", title: t.t("tikal.tip_outlook") });
    const left = Number(view.stack_left || 0);
    if (!empty) cell.appendChild(html("div", { class: "tk-box-title", text: t.tn("tikal.next_tiles", left, { n: left }), "data-fit": "1" }));
    const row = html("div", { class: "tk-letters" });
    const volc = new Set(outlook.volcanoes);
    for (const [letter, n] of outlook.letters) {
      const c = html("span", { class: `tk-letter${n ? "" : " tk-none"}${letter === view.next_letter ? " tk-next" : ""}`, "data-letter": letter },
        [html("b", { text: letter }), html("i", { text: String(n) })]);
      if (volc.has(letter)) c.appendChild(volcanoMark());
      row.appendChild(c);
    }
    cell.appendChild(row);
    const n = outlook.volcanoes.length;
    if (empty && !n) return cell;
    cell.appendChild(html("div", { class: n ? "tk-volc-left" : "tk-volc-left tk-muted", "data-fit": "1",
      text: n ? t.tn("tikal.volcanoes_left", n, { n, letters: outlook.volcanoes.join(", ") }) : t.t("tikal.no_volcano_left") }));
    return cell;
  }

  // --- one card per seat -------------------------------------------------------------------------
  renderPlayers(view, d) {
    const t = this.table;
    const n = Number(view.seats || 0);
    if (this.cards.length !== n) {
      clear(this.players);
      this.cards = [];
      for (let s = 0; s < n; s++) {
        const c = html("div", { class: "tk-seat", "data-seat": s });
        this.players.appendChild(c);
        this.cards.push(c);
      }
      this.keys.seats = {};
      this.players.dataset.n = String(n);
    }
    const auction = view.variant === "auction" ? (view.phase === "bid" ? view.auction : null) : null;
    const moved = new Set(view.moved || []);
    this.keys.seats = this.keys.seats || {};
    for (let s = 0; s < n; s++) {
      const score = this.scoreFx.has(s) ? Math.round(this.scoreFx.get(s)) : (view.scores || [])[s] || 0;
      const now = d.now[s] || { total: 0 };
      const f = this.floats.get(s) || null;
      const slot = f ? ["float", f.text, f.cls]
        : auction && (auction.passed || []).includes(s) ? ["passed"]
          : auction && auction.high === s ? ["bid", auction.bid]
            : !view.over ? ["now", now.total] : null;
      const p = t.player(s) || {};
      const k = JSON.stringify([t.nameOf(s), t.playerKind(s), p.connected, p.takeover, t.toneKey(s), (view.supply || [])[s], (view.camps_left || [])[s],
        (view.guards_left || [])[s], (view.held || {})[String(s)], slot, s === view.seat && !view.over, view.variant === "auction" && moved.has(s),
        view.variant, t.flash.has(s), t.flashSets.has(s), t.lang]);
      if (this.keys.seats[s] === k) continue;
      this.keys.seats[s] = k;
      this.fillCard(this.cards[s], view, s, score, slot);
      this.table.fit(this.cards[s]);
    }
    this.renderScores(view);
  }

  /** The scores only, in place (a tally ticks them up frame by frame). */
  renderScores(view) {
    this.cards.forEach((c, s) => {
      const el = c.querySelector(".tk-score");
      if (!el) return;
      const score = String(this.scoreFx.has(s) ? Math.round(this.scoreFx.get(s)) : (view.scores || [])[s] || 0);
      if (el.dataset.score !== score) { el.dataset.score = score; el.textContent = score; }
    });
  }

  fillCard(c, view, s, score, slot) {
    const t = this.table;
    clear(c);
    c.className = "tk-seat" + (s === view.seat && !view.over ? " tk-active" : "") + (s === t.me ? " tk-you" : "")
      + (t.flash.has(s) ? " tk-flash" : "");
    const tone = t.tone(s), shape = t.shape(s);
    const head = html("div", { class: "tk-seat-head" }, [icons.markIcon(tone, shape)]);
    head.appendChild(html("span", { class: "tk-name", text: t.nameOf(s), "data-fit": "1", title: t.nameOf(s) }));
    const p = t.player(s);
    if (p && p.kind === "human" && p.connected === false) {     // away: a bot plays for them, or the game waits
      head.appendChild(html("span", { class: "tk-away", text: t.t(p.takeover ? "web.bot_plays" : "web.away"), "data-fit": "1" }));
    }
    if (view.variant === "auction") {
      const movedNow = (view.moved || []).includes(s);
      head.appendChild(html("span", { class: movedNow ? "tk-marker tk-moved" : "tk-marker", title: t.t("tikal.tip_row_marker") },
        [movedNow ? html("span", { text: "✓" }) : icons.markIcon(tone, shape, "tk-i-marker")]));
    }
    head.appendChild(html("b", { class: "tk-score", text: String(score), title: t.t("tikal.tip_row_score"), "data-score": String(score) }));
    c.appendChild(head);
    const body = html("div", { class: "tk-seat-body" });
    const sup = (view.supply || [])[s] || {};
    const supply = html("span", { class: "tk-supply", title: t.t("tikal.tip_row_supply") }, [icons.figureIcon(tone, shape, false),
      html("span", { class: "tk-n", text: String(sup.workers || 0) })]);
    if (sup.leader) supply.appendChild(icons.figureIcon(tone, shape, true));
    body.appendChild(supply);
    const camps = (view.camps_left || [])[s] || 0, guards = (view.guards_left || [])[s] || 0;
    const cg = html("span", { class: "tk-cg" });
    for (let i = 0; i < camps; i++) cg.appendChild(icons.tentIcon(tone, shape));
    for (let i = 0; i < guards; i++) cg.appendChild(icons.guardIcon(tone, shape));
    cg.title = `${t.t("tikal.tip_row_camps")} ${t.t("tikal.tip_row_guards")}`;
    body.appendChild(cg);
    const held = html("span", { class: t.flashSets.has(s) ? "tk-held tk-counting" : "tk-held", title: t.t("tikal.tip_row_treasures") });
    for (const [kind, n] of treasureGroups((view.held || {})[String(s)])) {
      const set = html("span", { class: n === 3 ? "tk-set tk-triple" : n === 2 ? "tk-set tk-pair" : "tk-set", "data-kind": kind });
      for (let i = 0; i < n; i++) set.appendChild(icons.treasureIcon(kind));
      held.appendChild(set);
    }
    body.appendChild(held);
    if (slot) {
      let el;
      if (slot[0] === "float") el = html("span", { class: `tk-slot tk-float ${slot[2] || ""}`, text: slot[1], "data-fit": "1" });
      else if (slot[0] === "passed") el = html("span", { class: "tk-slot tk-passed", text: t.t("tikal.row_passed"), "data-fit": "1" });
      else if (slot[0] === "bid") el = html("span", { class: "tk-slot tk-bid", text: t.t("tikal.row_bid", { n: slot[1] }), "data-fit": "1" });
      else {
        const now = this.table.derived.now[s] || { temple_points: 0, treasure_points: 0, total: 0 };
        el = html("span", { class: "tk-slot tk-now", title: now.total ? t.tn("tikal.tip_row_now", now.total, { n: now.total, temples: now.temple_points,
          treasures: now.treasure_points }) : t.t("tikal.tip_row_now_none") },
        [volcanoMark(), html("span", { text: `+${slot[1]}` })]);
      }
      body.appendChild(el);
    }
    c.appendChild(body);
  }

  /** The screen point of a seat's score (a tally's tokens fly there). */
  scorePoint(s) {
    const el = this.cards[s]?.querySelector(".tk-score");
    return el ? rectCentre(el) : null;
  }

  treasurePoint(s) {
    const el = this.cards[s]?.querySelector(".tk-held") || this.cards[s];
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return [r.left + Math.min(r.width, 40) , r.top + r.height / 2];
  }

  supplyPoint(s) {
    const el = this.cards[s]?.querySelector(".tk-supply");
    return el ? rectCentre(el) : null;
  }

  // --- the score story by round ---------------------------------------------------------------------
  renderStory(view) {
    const t = this.table;
    const rounds = view.rounds || [];
    if (!this.changed("story", JSON.stringify([rounds, view.over && view.scores, t.lang, t.players.map((p) => p.name)]))) return;
    const box = clear(this.story);
    box.hidden = !rounds.length;
    if (!rounds.length) return;
    box.appendChild(html("div", { class: "tk-box-title", text: t.t("results.title"), "data-fit": "1" }));
    box.appendChild(html("div", { class: "tk-story-wrap" }, [storyTable(t, view)]));
    this.table.fit(box);
  }

  // --- the temple levels left --------------------------------------------------------------------
  renderLevels(view) {
    const t = this.table;
    const levels = view.levels_left || {};
    if (!this.changed("levels", JSON.stringify([levels, view.treasure_supply, t.lang]))) return;
    const box = clear(this.levels);
    box.appendChild(html("div", { class: "tk-box-title", text: t.t("tikal.levels_left"), "data-fit": "1" }));
    const row = html("div", { class: "tk-levels-row" });
    for (let v = 2; v <= 10; v++) {
      const n = Number(levels[String(v)] || 0);
      row.appendChild(html("span", { class: n ? "tk-level" : "tk-level tk-none" }, [html("b", { text: String(v) }), html("i", { text: `×${n}` })]));
    }
    box.appendChild(row);
    if (typeof view.treasure_supply === "number") {
      box.appendChild(html("div", { class: "tk-muted tk-tsupply", "data-fit": "1", text: t.tn("tikal.treasures_left", view.treasure_supply, { n: view.treasure_supply }) }));
    }
  }
}

/** The score story by scoring round (the window's game/tikal/results.py): a column per volcano
 * and the final round, what each seat scored in it (temples + treasures in its tooltip), in the
 * auction what the start and the bids left; the total. */
export function storyTable(t, view) {
  const seats = Number(view.seats || 0);
  const cols = [];
  const gained = new Array(seats).fill(0);
  let volcano = 0;
  for (const r of view.rounds || []) {
    const head = r.kind === "volcano" ? t.t("results.volcano_n", { n: ++volcano }) : t.t("results.final");
    // a volcano's column is headed by its mark and number (the cards' "what a volcano would give"
    // mark): the words are its tooltip, and the columns keep a readable size on a phone
    const mark = r.kind === "volcano" ? [volcanoMark(), html("span", { text: String(volcano) })] : null;
    const cells = new Array(seats).fill(null);
    for (const e of r.scored || []) {
      cells[e.seat] = { text: `+${e.total}`, tip: t.tn("results.round_tip", e.total, { round: head, temples: e.temples, treasures: e.treasures }) };
      gained[e.seat] += e.total;
    }
    cols.push({ head, mark, cells });
  }
  // the auction: what the start less the bids paid left (the rest of the score): never "+16", it
  // would read as points won
  const rest = (view.scores || []).map((sc, i) => Number(sc) - gained[i]);
  if (rest.some((x) => x)) {
    cols.unshift({ head: t.t("results.auction_col"), tip: t.t("results.auction_tip"), cls: "tk-story-auction",
      cells: rest.map((x) => ({ text: String(x).replace("-", "−"), tip: t.t("results.auction_tip") })) });
  }
  const table = html("table", { class: "tk-story", "data-story": "1" });
  const head = html("tr", {}, [html("th", {})]);
  for (const c of cols) {
    head.appendChild(c.mark ? html("th", { class: "tk-story-volc", title: c.head, "aria-label": c.head }, c.mark)
      : html("th", { class: c.cls, text: c.head, title: c.tip || c.head, "data-fit": "1" }));
  }
  head.appendChild(html("th", { text: "=", "aria-label": t.t("tikal.tip_row_score") }));
  table.appendChild(head);
  for (let s = 0; s < seats; s++) {
    // the seat's mark (the players' cards and strip name it): the columns keep their room
    const tr = html("tr", { "data-seat": s }, [html("th", { class: "tk-story-who", title: t.nameOf(s), "aria-label": t.nameOf(s) },
      [icons.markIcon(t.tone(s), t.shape(s))])]);
    for (const c of cols) {
      const cell = c.cells[s];
      tr.appendChild(html("td", { text: cell ? cell.text : "—", title: cell ? cell.tip : "" }));
    }
    tr.appendChild(html("td", { class: "tk-story-total", text: String((view.scores || [])[s] ?? 0) }));
    table.appendChild(tr);
  }
  return table;
}

/** The little volcano (a letter that still hides one, what a scoring would give, a volcano's column). */
function volcanoMark() {
  return svg("svg", { class: "tk-volc-mark", viewBox: "0 0 10 8", "aria-hidden": "true" }, [svg("polygon", { points: "0,8 4,0 6,0 10,8" })]);
}

function rectCentre(el) {
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}
