// games/tikal/selection.js: what a tap or a key does at the Tikal table, on a stand-in of the
// table (its `legal`, its view): whatever is tapped, what is sent is one of `legal` as it is.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Selection } from "../../assets/web/games/tikal/selection.js";

/** A table as the selection sees it: `legal` is the host's list, `sent` what went out. */
function table({ legal = [], shown = {}, me = 0, acting = true, canUndo = false } = {}) {
  const t = {
    legal, shown, me, canUndo, pending: false, sent: [], undone: 0, touched: 0, board: { pieces: new Map() },
    acting: () => acting,
    legalOf: (type) => (acting ? t.legal.filter((a) => a.type === type) : []),
    send(a) { if (t.pending || !a) return; t.pending = true; t.sent.push(a); },
    undo() { t.undone += 1; },
    touch() { t.touched += 1; },
    hexInfo: (h) => `the hex ${h.join(",")}`,
  };
  t.sel = new Selection(t);
  return t;
}
const answered = (t, legal) => { t.pending = false; t.legal = legal; t.sel.refresh(); };

test("a tile goes where a tap chose, turned to a listed rotation; a second tap there turns it on", () => {
  const legal = [{ type: "place_tile", hex: [1, -2], rotation: 2 }, { type: "place_tile", hex: [1, -2], rotation: 4 },
    { type: "place_tile", hex: [2, -3], rotation: 0 }];
  const t = table({ legal, shown: { drawn: "A3" } });
  assert.deepEqual(t.sel.placeHexes(), [[1, -2], [2, -3]]);
  t.sel.tap({ hex: [1, -2] });
  assert.deepEqual([t.sel.place, t.sel.rotation], [[1, -2], 2]);       // the first turn that fits
  assert.deepEqual(t.sel.placeAction(), legal[0]);
  t.sel.tap({ hex: [1, -2] });
  assert.equal(t.sel.rotation, 3);
  assert.equal(t.sel.placeAction(), null);                              // no such placement: nothing to send
  assert.equal(t.sel.hintKey(false), "tikal.web.turn_it");
  t.sel.placeTile();
  assert.deepEqual(t.sent, []);
  assert.equal(t.sel.key("r"), true);
  assert.equal(t.sel.key("Enter"), true);
  assert.deepEqual(t.sent, [legal[1]]);
  t.pending = false;
  t.sel.tap({ hex: [0, -4] });                                          // not a listed hex: its words
  assert.equal(t.sel.info, "the hex 0,-4");
  assert.equal(t.sel.marks().place.length, 2);
  assert.deepEqual(t.sel.marks().ghost, { hex: [1, -2], id: "A3", rotation: 4, fits: true });
});

test("a volcano is placed as listed, whatever its turn", () => {
  const legal = [{ type: "place_tile", hex: [1, -2], rotation: 0 }];
  const t = table({ legal, shown: { drawn: "B1" } });
  t.sel.tap({ hex: [1, -2] });
  t.sel.rotate(3);
  t.sel.placeTile();
  assert.deepEqual(t.sent, legal);
});

const TILES = [{ id: "P-base", hex: [0, 0], rotation: 0 }, { id: "C2", hex: [0, -1], rotation: 0 }, { id: "A3", hex: [1, -1], rotation: 0 }];

test("a figure: a tap on our hex where two of ours can go asks which; its chip selects it; a second tap lets go; its targets are the listed ends", () => {
  const legal = [{ type: "move", figure: "worker", path: [[0, 0], [0, -1]] }, { type: "move", figure: "worker", path: [[0, 0], [1, -1]] },
    { type: "move", figure: "leader", path: [[0, 0], [1, -1]] }, { type: "transfer", figure: "worker", from: [0, 0], to: [0, -1] },
    { type: "end_turn" }];
  const shown = { tiles: TILES, figures: [{ seat: 0, hex: [0, 0], workers: 2, leader: true }, { seat: 1, hex: [1, -1], workers: 1 }] };
  const t = table({ legal, shown });
  t.sel.tap({ hex: [0, 0] });                   // between the chips of a crowded camp: which one?
  assert.equal(t.sel.selected, null);
  assert.deepEqual(t.sel.chooser, { kind: "figure", options: [{ figure: "worker", hex: [0, 0] }, { figure: "leader", hex: [0, 0] }] });
  t.sel.choose(t.sel.chooser.options[0]);
  assert.equal(t.sel.chooser, null);
  assert.deepEqual(t.sent, []);                 // a figure chosen, nothing sent
  assert.deepEqual(t.sel.selected, { from: [0, 0], figure: "worker" });
  const targets = t.sel.targets();
  // the walk north costs 4 stones, the jump between camps 1: the jump is offered there
  assert.deepEqual(targets.map((x) => [x.hex, x.cost, x.action.type]), [[[0, -1], 1, "transfer"], [[1, -1], 1, "move"]]);
  assert.equal(t.sel.hintKey(true), "tikal.web.help_selected_mouse");
  t.sel.tap({ hex: [0, 0] });                   // again on its hex: let go
  assert.equal(t.sel.selected, null);
  assert.equal(t.sel.chooser, null);
  t.sel.tap({ hex: [0, 0], chip: { seat: 1, figure: "worker" } });       // another player's chip there: which of ours?
  assert.equal(t.sel.chooser.kind, "figure");
  t.sel.closeChooser();
  t.sel.tap({ hex: [0, 0], chip: { seat: 0, figure: "leader" } });       // a tap on the leader's own chip
  assert.deepEqual(t.sel.selected, { from: [0, 0], figure: "leader" });
  t.sel.tap({ hex: [1, -1] });                                            // a target: it goes there
  assert.deepEqual(t.sent, [legal[2]]);
  assert.equal(t.sel.selected, null);
  // the host's answer: the leader may go on from there, and stays selected for its next step
  answered(t, [{ type: "move", figure: "leader", path: [[1, -1], [2, -2]] }, { type: "end_turn" }]);
  assert.deepEqual(t.sel.selected, { from: [1, -1], figure: "leader" });
  answered(t, [{ type: "end_turn" }]);                                    // ...and not where it cannot
  assert.equal(t.sel.selected, null);
  t.sel.key("e");
  assert.deepEqual(t.sent.at(-1), { type: "end_turn" });
});

test("the supply's figures, the keys, and nothing at all while it is not our turn", () => {
  const legal = [{ type: "enter", figure: "worker", hex: [0, 0] }, { type: "enter", figure: "worker", hex: [1, 0] }, { type: "end_turn" }];
  const t = table({ legal, canUndo: true });
  assert.equal(t.sel.key("w"), true);
  assert.deepEqual(t.sel.selected, { from: null, figure: "worker" });
  assert.deepEqual(t.sel.targets().map((x) => x.hex), [[0, 0], [1, 0]]);
  assert.equal(t.sel.key("l"), true);                     // no leader to enter: it stays as it was
  assert.deepEqual(t.sel.selected, { from: null, figure: "worker" });
  assert.equal(t.sel.key("Escape"), true);
  assert.equal(t.sel.selected, null);
  assert.equal(t.sel.key("Escape"), false);               // nothing to cancel: the page's own Esc
  assert.equal(t.sel.key("z"), true);
  assert.equal(t.undone, 1);
  assert.equal(t.sel.key("k"), false);
  const watching = table({ legal, acting: false, me: null });
  assert.equal(watching.sel.key("w"), false);
  watching.sel.tap({ hex: [0, 0] });
  assert.equal(watching.sel.info, "the hex 0,0");
  assert.deepEqual(watching.sent, []);
  assert.equal(watching.sel.hintKey(false), "tikal.web.help_watch");
});

test("an aimed action: several hexes light up, one is sent at once; several figures open the sheet", () => {
  const legal = [{ type: "uncover", hex: [1, -1] }, { type: "uncover", hex: [2, -2] }, { type: "camp", hex: [3, -3] },
    { type: "guard", hex: [1, -1], figure: "worker" }, { type: "guard", hex: [1, -1], figure: "leader" }, { type: "end_turn" }];
  const t = table({ legal });
  t.sel.startAction("uncover");
  assert.equal(t.sel.mode, "uncover");
  assert.deepEqual(t.sel.marks().pick, [[1, -1], [2, -2]]);
  t.sel.tap({ hex: [2, -2] });
  assert.deepEqual(t.sent, [legal[1]]);
  t.pending = false;
  t.sel.key("c");                                         // one hex to camp on: sent at once
  assert.deepEqual(t.sent.at(-1), legal[2]);
  t.pending = false;
  t.sel.key("g");
  assert.deepEqual(t.sel.chooser, { kind: "guard", options: [legal[3], legal[4]] });
  t.sel.choose(legal[4]);
  assert.deepEqual(t.sent.at(-1), legal[4]);
  assert.equal(t.sel.chooser, null);
});

test("bids: the amounts are the host's, stepped within them; a refusal's words show on the bar", () => {
  const legal = [{ type: "bid", amount: 3 }, { type: "bid", amount: 1 }, { type: "bid", amount: 2 }, { type: "pass" }];
  const t = table({ legal, shown: { phase: "bid", auction: { high: 2, bid: 4 }, seat: 0 } });
  t.sel.refresh();
  assert.equal(t.sel.bid, 1);
  t.sel.changeBid(5);
  assert.equal(t.sel.bid, 3);
  t.sel.key("-");
  assert.equal(t.sel.bid, 2);
  assert.deepEqual(t.sel.bidState(t.shown), { high: 2, amount: 4, seat: 0, ours: true, most: 3 });
  t.sel.key("b");
  assert.deepEqual(t.sent, [{ type: "bid", amount: 2 }]);
  // the refusal in the page's words (the shell's text of it), never the host's English reason
  t.sel.refused({ code: "stale", reason: "the game moved on", text: "La partita è andata avanti" }, "refused");
  assert.equal(t.sel.info, "La partita è andata avanti");
  t.sel.refused({ code: "stale", reason: "the game moved on" }, "refused");
  assert.equal(t.sel.info, "refused");
  t.sel.refused({ code: "offline" }, "refused");
  assert.equal(t.sel.info, "refused");
  assert.equal(t.sel.hintKey(false), "tikal.prompt_bid_you");
});

test("the selection reads as plain data (its table is not part of it)", () => {
  const t = table();
  assert.deepEqual(JSON.parse(JSON.stringify(t.sel)),
    { selected: null, mode: null, place: null, rotation: 0, bid: null, chooser: null, info: null, follow: null });
});
