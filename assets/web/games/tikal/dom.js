// Small DOM helpers: SVG and HTML elements from attribute maps (no markup strings, no inline style
// attributes: the page's Content-Security-Policy allows neither).
export const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, children = []) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const k in attrs) if (attrs[k] !== undefined && attrs[k] !== null) e.setAttribute(k, attrs[k]);
  for (const c of children) if (c) e.appendChild(c);
  return e;
}

export function html(tag, attrs = {}, children = []) {
  const e = document.createElement(tag);
  for (const k in attrs) {
    const v = attrs[k];
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") e.textContent = v;
    else if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c) e.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  return e;
}

export function clear(e) {
  while (e.firstChild) e.removeChild(e.firstChild);
  return e;
}

export const fmt = (n) => (Math.round(n * 100) / 100).toString();

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
