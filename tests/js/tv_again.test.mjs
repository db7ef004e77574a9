// app/tv.js: which of the host's tables is a Play again waiting for its players, and where each of
// its seats stands (the TV shows who is in, who not yet, and that the owner starts once all are).
import { test } from "node:test";
import assert from "node:assert/strict";

const { againTable, againState } = await import("../../assets/web/app/tv.js");

const seat = (n, kind, more = {}) => ({ seat: n, kind, name: kind === "empty" ? "" : `P${n}`, ready: false, ...more });
const lobby = (id, of, players, more = {}) => ({ id, status: "lobby", again_of: of, players, ...more });

test("the Play again listed: a lobby made from a finished table, not a private one; of one table if asked", () => {
  const plain = { id: 1, status: "lobby", players: [] };
  const playing = { id: 2, status: "playing", again_of: 9, players: [] };
  const secret = lobby(3, 8, [], { private: true });
  const mine = lobby(4, 7, []), other = lobby(5, 6, []);
  assert.equal(againTable([plain, playing, secret, mine, other]), mine);
  assert.equal(againTable([plain, playing, secret, mine, other], 6), other);
  assert.equal(againTable([plain, playing, secret], null), null);
  assert.equal(againTable(undefined), null);
  assert.equal(againTable([mine], 8), null);
});

test("each seat: in (said yes, ready; a bot), waiting (kept for its player), open (they left); all in", () => {
  const t = lobby(4, 3, [seat(0, "human", { ready: true }), seat(1, "human", { kept: true }),
    seat(2, "bot", { ready: true, level: "easy" }), seat(3, "empty")]);
  const { rows, all } = againState(t);
  assert.deepEqual(rows.map((r) => r.state), ["in", "waiting", "in", "open"]);
  assert.equal(all, false);
  const full = lobby(4, 3, [seat(0, "human", { ready: true }), seat(1, "bot", { ready: true })]);
  assert.equal(againState(full).all, true);
  // (a player in but not ready, after changing their mind in the lobby: not in yet)
  assert.deepEqual(againState(lobby(4, 3, [seat(0, "human")])).rows.map((r) => r.state), ["waiting"]);
  assert.equal(againState(lobby(4, 3, [])).all, false);
});
