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
  const bad = els.filter(over);
  for (const el of bad) {
    let size = parseFloat(getComputedStyle(el).fontSize) || 14;
    for (let guard = 0; guard < 12 && size > min && over(el); guard++) {
      size -= 1;
      el.style.fontSize = `${size}px`;
    }
  }
}
