// Little inline SVG pictures for the panels (a seat's mark, a figure, a tent, a guard, a treasure,
// a tile), each one <svg> in its own small box.
import { svg } from "./dom.js";
import * as art from "./art.js";
import { S } from "./geometry.js";

/** An <svg> of width x height CSS pixels showing board units box [x, y, w, h]. */
export function box(cls, vb, children) {
  return svg("svg", { class: cls, viewBox: vb.join(" "), "aria-hidden": "true" }, children);
}

export const markIcon = (tone, shape, cls = "tk-i-mark") => box(cls, [-1.4, -1.4, 2.8, 2.8], [art.mark(shape, 0, 0, 1, tone, 0.18)]);
export const figureIcon = (tone, shape, leader, cls = "tk-i-fig") =>
  box(cls, leader ? [-2.2, -3.2, 4.4, 5.4] : [-1.7, -1.7, 3.4, 3.6], [art.figure(0, 0, 1, tone, shape, leader)]);
// (the tent's and the guard's boxes hug their drawings: in a seat's card they are a few pixels tall)
export const tentIcon = (tone, shape, cls = "tk-i-tent") => box(cls, [-0.72, -0.95, 1.44, 1.5], [art.tent(0, 0, 0.55, tone, shape)]);
export const guardIcon = (tone, shape, cls = "tk-i-guard") => box(cls, [-1.05, -1.42, 2.1, 2.46], [art.guard(0, 0, 0.75, tone, shape)]);
export const treasureIcon = (kind, cls = "tk-i-tr") => box(cls, [-1.1, -1.1, 2.2, 2.2], [art.treasure(0, 0, 1, kind)]);

/** A tile (its id, turned `rotation` steps), drawn from the page's <defs>. */
export function tileIcon(defs, id, rotation = 0, cls = "tk-i-tile") {
  art.ensureTile(defs, id);
  const g = art.tileUse(id, rotation);
  return box(cls, [-S * 1.02, -S * 0.9, S * 2.04, S * 1.8], [g]);
}

export const backIcon = (letter, cls = "tk-i-tile") => box(cls, [-S * 1.02, -S * 0.9, S * 2.04, S * 1.8], [art.back(letter)]);

/** Ten action-point stones; the first `on` lit. */
export function apStones(on, cls = "tk-ap-stones") {
  const kids = [];
  for (let i = 0; i < 10; i++) {
    const x = (i % 5) * 2.4 + 1.1, y = Math.floor(i / 5) * 2.4 + 1.1;
    kids.push(svg("circle", { cx: x, cy: y, r: 1, class: i < on ? "tk-ap-on" : "tk-ap-off", "data-i": i }));
  }
  return box(cls, [0, 0, 12, 4.8], kids);
}
