// The fit check in the browser (the window's game/fitcheck.py idea): on the screen as it is, every
// visible piece of text and every control lies inside the screen, shows its whole text (nothing
// cut by its box), and overlaps no other one. Tests run it at 360x640 and 1280x800 in the four
// languages with 24-character names: fitProblems() -> [] when everything fits.

const PIECES = "button, a, input, select, label, h1, h2, h3, p, li, td, th, .pname, .score, .name, .whose-turn, .toast, .code, [data-fit]";

function visible(el) {
  if (el.closest("[hidden]")) return false;
  const st = getComputedStyle(el);
  if (st.display === "none" || st.visibility === "hidden" || Number(st.opacity) === 0) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

function describe(el) {
  const id = el.id ? `#${el.id}` : "";
  const cls = el.classList.length ? "." + [...el.classList].join(".") : "";
  const text = (el.textContent || el.value || "").trim().replace(/\s+/g, " ").slice(0, 40);
  return `${el.tagName.toLowerCase()}${id}${cls} "${text}"`;
}

// the part of the screen an element may show: the screen, narrowed by every ancestor that clips
function clipOf(el) {
  let box = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const st = getComputedStyle(p);
    if (st.overflowX !== "visible" || st.overflowY !== "visible") {
      const r = p.getBoundingClientRect();
      const scrollsY = st.overflowY === "auto" || st.overflowY === "scroll";
      const scrollsX = st.overflowX === "auto" || st.overflowX === "scroll";
      // a scrolling box shows its content by scrolling: only its sides that do not scroll clip
      box = {
        left: scrollsX ? box.left : Math.max(box.left, r.left), right: scrollsX ? box.right : Math.min(box.right, r.right),
        top: scrollsY ? box.top : Math.max(box.top, r.top), bottom: scrollsY ? box.bottom : Math.min(box.bottom, r.bottom),
      };
    }
  }
  return box;
}

// the part of an element one sees: its box cut by every ancestor that clips, a scrolling one too
// (what a list has scrolled away lies under the title above it, unseen: no overlap)
function shownPart(el) {
  const r = el.getBoundingClientRect();
  let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const st = getComputedStyle(p);
    if (st.overflowX === "visible" && st.overflowY === "visible") continue;
    const q = p.getBoundingClientRect();
    box = { left: Math.max(box.left, q.left), top: Math.max(box.top, q.top), right: Math.min(box.right, q.right), bottom: Math.min(box.bottom, q.bottom) };
  }
  return box;
}

function textRects(el) {
  const range = document.createRange();
  range.selectNodeContents(el);
  return [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
}

export function fitProblems(root = document.body) {
  const problems = [];
  const els = [...root.querySelectorAll(PIECES)].filter(visible);
  const doc = document.documentElement;
  if (doc.scrollWidth > innerWidth + 1) problems.push(`the page is wider than the screen (${doc.scrollWidth} > ${innerWidth})`);
  const tol = 1;
  for (const el of els) {
    const r = el.getBoundingClientRect();
    const clip = clipOf(el);
    // 1. outside the screen sideways (up and down the page scrolls)
    if (r.left < -tol || r.right > innerWidth + tol) problems.push(`outside the screen: ${describe(el)}`);
    // 2. text cut: by its own box (overflow hidden) or by an ancestor that clips
    const st = getComputedStyle(el);
    if (st.overflowX !== "visible" && el.scrollWidth > el.clientWidth + tol) problems.push(`cut text: ${describe(el)} (${el.scrollWidth} > ${el.clientWidth})`);
    if (st.overflowY !== "visible" && st.overflowY !== "auto" && st.overflowY !== "scroll" && el.scrollHeight > el.clientHeight + tol) {
      problems.push(`cut text: ${describe(el)} (height ${el.scrollHeight} > ${el.clientHeight})`);
    }
    if (st.textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth + tol) problems.push(`cut text: ${describe(el)} (ellipsis)`);
    // a control's text stays inside the control even where the control does not clip it (a button
    // squeezed narrower than its word: the word spills over what lies beside it)
    if (el.tagName === "BUTTON") {
      for (const t of textRects(el)) {
        if (t.left < r.left - tol || t.right > r.right + tol || t.top < r.top - tol || t.bottom > r.bottom + tol) {
          problems.push(`text outside its button: ${describe(el)}`);
          break;
        }
      }
    }
    for (const t of textRects(el)) {
      if (t.left < clip.left - tol || t.right > clip.right + tol || (t.top < clip.top - tol && clip.top > 0) ||
          (t.bottom > clip.bottom + tol && clip.bottom < innerHeight)) {
        problems.push(`text outside its box: ${describe(el)}`);
        break;
      }
    }
  }
  // 3. overlaps between pieces that are not one inside the other
  const boxes = els.filter((el) => el.matches("button, a, input, select, label, h1, h2, h3, p, .pname, .score, .whose-turn, .code, [data-fit]"))
    .map((el) => ({ el, r: shownPart(el), layer: layerOf(el) }));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.layer !== b.layer || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 1.5 && h > 1.5) problems.push(`overlap: ${describe(a.el)} and ${describe(b.el)}`);
    }
  }
  return [...new Set(problems)];
}

// pieces on different layers (a dialog over the page, the log drawer, the bar that sticks) may lie
// over one another by design
function layerOf(el) {
  const layer = el.closest(".dialog-back, .overlay, .log, .recap, #toasts, .netstate, .bar, [data-layer]");
  return layer ? (layer.id || layer.className) : "page";
}

// Words of the interface's own text cut over two lines ("Gam|es" in a narrow column's header: the
// page lets any text break anywhere rather than overflow, which squeezes a table's columns): in
// the elements of `pieces` under `root` (not a player's name, which may break anywhere by design).
export function brokenWords(root = document.body, pieces = "th, button, label, h1, h2, h3") {
  const problems = [];
  for (const el of [...root.querySelectorAll(pieces)].filter(visible)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
        if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 2) problems.push(`broken word "${m[0]}": ${describe(el)}`);
      }
    }
  }
  return problems;
}

// The numbers of a numbered list cut by the box that clips it ("0." for 10: an <ol> whose padding
// leaves room for one digit): for each visible list whose numbers stand outside its items, the
// widest number ("12. ", as Chromium draws it) must fit between the first item and the clip.
export function cutMarkers(root = document.body) {
  const problems = [];
  for (const ol of [...root.querySelectorAll("ol")].filter(visible)) {
    const items = [...ol.children].filter((li) => li.tagName === "LI" && visible(li));
    if (!items.length) continue;
    const st = getComputedStyle(items[0]);
    if (st.listStyleType === "none" || st.listStylePosition !== "outside") continue;
    const probe = document.createElement("span");
    probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${st.font}`;
    probe.textContent = `${(ol.start || 1) + ol.children.length - 1}. `;
    document.body.append(probe);
    const need = probe.getBoundingClientRect().width;
    probe.remove();
    let clip = 0;
    for (let p = ol; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== "visible") { clip = Math.max(clip, p.getBoundingClientRect().left + p.clientLeft); }
    }
    const room = items[0].getBoundingClientRect().left - clip;
    if (need > room + 1) problems.push(`cut list numbers: ${describe(ol)} (${Math.round(need)} > ${Math.round(room)})`);
  }
  return problems;
}
