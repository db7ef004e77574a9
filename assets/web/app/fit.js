// Texts that fit their boxes without cutting a word (shared by the games' tables, games/README.md):
// the fit check (fitcheck.js) finds what this could not fix.
/** Every `[data-fit]` text under the given roots keeps its words whole and, where a word is wider
 * than its box, gets a smaller font (down to `min` px) until it fits: no text is cut or broken
 * mid-word. The boxes are measured together (one layout); only the few that overflow are shrunk. */
export function fitTexts(roots, min = 9) {
  const els = [];
  for (const root of Array.isArray(roots) ? roots : [roots]) {
    if (!root) continue;
    if (root.matches && root.matches("[data-fit]")) els.push(root);
    els.push(...root.querySelectorAll("[data-fit]"));
  }
  for (const el of els) if (el.style.fontSize) el.style.fontSize = "";
  const over = (el) => el.scrollWidth > el.clientWidth + 0.5;
  // the overflowing ones shrink a pixel at a time all together: each round writes every size,
  // then measures them all (one layout a round, not one per text and step)
  let bad = els.filter(over).map((el) => ({ el, size: parseFloat(getComputedStyle(el).fontSize) || 14 }));
  for (let guard = 0; guard < 12 && bad.length; guard++) {
    bad = bad.filter((b) => b.size > min);
    for (const b of bad) { b.size -= 1; b.el.style.fontSize = `${b.size}px`; }
    bad = bad.filter((b) => over(b.el));
  }
}
