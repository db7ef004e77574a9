// What a player reads off the table, from the host's view alone: who holds each temple now, what a
// scoring would give each seat now, what is left in the stack, what a walk's step costs. The same
// readings as the window's engine/tikal/analysis.py (temple_holders, scoring_now, stack_outlook)
// and the stones of tikal-tiles.md; tests/test_web_tikal.py checks them against the engine over
// whole games. They only inform the player: no action is ever built from them (actions come from
// the host's `legal` as they are).
import { TILES, LETTERS } from "./tiles.js";
import { key, direction } from "./geometry.js";

const SET_POINTS = [0, 1, 3, 6];

function temples(view) {
  const out = [];
  for (const t of view.tiles || []) {
    const spec = TILES[t.id];
    if (spec && spec.kind === "temple") out.push({ hex: t.hex, value: Number(t.level || spec.value) });
  }
  return out.sort((a, b) => a.hex[0] - b.hex[0] || a.hex[1] - b.hex[1]);
}

/** Each temple (board order): its hex, value, guard's seat, every seat's strength there (a worker 1,
 * the leader 3), its holder (the guard's owner, else the strongest alone) and whether it is tied. */
export function templeHolders(view) {
  const n = Number(view.seats || 0);
  const figs = new Map();
  for (const f of view.figures || []) {
    if (!f.workers && !f.leader) continue;
    const k = key(f.hex);
    if (!figs.has(k)) figs.set(k, new Array(n).fill(0));
    figs.get(k)[f.seat] = Number(f.workers) + (f.leader ? 3 : 0);
  }
  const guards = new Map((view.guards || []).map((g) => [key(g.hex), g.seat]));
  return temples(view).map((t) => {
    const k = key(t.hex);
    const strengths = figs.get(k) || new Array(n).fill(0);
    let best = 0, who = null, tie = false;
    strengths.forEach((st, seat) => {
      if (st > best) { best = st; who = seat; tie = false; } else if (st === best && st) tie = true;
    });
    const majority = tie ? null : who;
    const guard = guards.has(k) ? guards.get(k) : null;
    return { hex: t.hex, value: t.value, guard, strengths, holder: guard !== null ? guard : majority,
      tied: guard === null && majority === null && best > 0 };
  });
}

/** What a scoring would give each seat now: {temple_points, treasure_points, total} per seat. */
export function scoringNow(view) {
  const n = Number(view.seats || 0);
  const out = Array.from({ length: n }, () => ({ temple_points: 0, treasure_points: 0, total: 0 }));
  for (const t of templeHolders(view)) if (t.holder !== null && t.holder < n) out[t.holder].temple_points += t.value;
  for (const [seat, kinds] of Object.entries(view.held || {})) {
    const counts = new Map();
    for (const k of kinds) counts.set(k, (counts.get(k) || 0) + 1);
    let pts = 0;
    for (const c of counts.values()) pts += SET_POINTS[Math.min(3, c)];
    if (out[Number(seat)]) out[Number(seat)].treasure_points = pts;
  }
  for (const o of out) o.total = o.temple_points + o.treasure_points;
  return out;
}

/** The stack as everyone can work it out: tiles left per letter A..G and the letters of the
 * volcanoes still in it. */
export function stackOutlook(view) {
  const out = new Set((view.tiles || []).map((t) => t.id));
  for (const id of view.removed || []) out.add(id);
  for (const id of view.revealed || []) out.add(id);
  if (view.drawn) out.add(view.drawn);
  if (view.volcano) out.add(view.volcano.tile);
  const left = Object.entries(TILES).filter(([id, t]) => t.letter !== "P" && !out.has(id));
  return {
    letters: [...LETTERS].map((l) => [l, left.filter(([, t]) => t.letter === l).length]),
    volcanoes: left.filter(([, t]) => t.kind === "volcano").map(([, t]) => t.letter),
  };
}

/** The stones on the border between neighbouring hexes a and b (what a step across it costs). */
export function stepStones(view, a, b) {
  const d = direction(a, b);
  if (d < 0) return null;
  const at = (h) => (view.tiles || []).find((t) => t.hex[0] === h[0] && t.hex[1] === h[1]);
  const ta = at(a), tb = at(b);
  if (!ta || !tb) return null;
  const stones = (t, dir) => TILES[t.id].stones[(dir - (t.rotation || 0) + 6) % 6];
  return stones(ta, d) + stones(tb, (d + 3) % 6);
}

/** A seat's treasures grouped by kind: [[kind, count], ...], the biggest sets first. */
export function treasureGroups(kinds) {
  const m = new Map();
  for (const k of kinds || []) m.set(k, (m.get(k) || 0) + 1);
  return [...m.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}

/** The tile at hex h in the view, or null. */
export function tileAt(view, h) {
  return ((view && view.tiles) || []).find((x) => x.hex[0] === h[0] && x.hex[1] === h[1]) || null;
}

/** The level of the temple at hex h in the view (its printed value while none was uncovered), "?" off a temple. */
export function levelAt(view, h) {
  const tile = tileAt(view, h);
  return tile ? tile.level ?? (TILES[tile.id] || {}).value ?? "?" : "?";
}
