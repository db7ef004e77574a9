// Small DOM helpers (no inline script or style attribute anywhere: the page's CSP forbids them;
// styles go through classes, or element.style set from script, which CSP allows).

// h("button", {class: "big", onclick: fn, "data-x": 1}, "text", child...)
export function h(tag, props, ...kids) {
  const el = document.createElement(tag);
  setProps(el, props);
  append(el, kids);
  return el;
}

const SVGNS = "http://www.w3.org/2000/svg";
export function s(tag, props, ...kids) {
  const el = document.createElementNS(SVGNS, tag);
  setProps(el, props);
  append(el, kids);
  return el;
}

function setProps(el, props) {
  for (const [k, v] of Object.entries(props || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.setAttribute("class", Array.isArray(v) ? v.filter(Boolean).join(" ") : v);
    else if (k === "text") el.textContent = v;
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else if (k === "value") el.value = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
}

function append(el, kids) {
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
}

export function clear(el) { while (el.firstChild) el.firstChild.remove(); return el; }

// dialogs drawn again in the new language when it changes (while they are open)
const dialogs = new Map();   // id -> build()
export function openDialog(id, build) {
  const old = document.getElementById(id);
  if (old) old.remove();
  dialogs.set(id, build);
  const el = build();
  el.id = id;
  document.body.append(el);
  return el;
}
export function redrawDialogs() {
  for (const [id, build] of dialogs) {
    const old = document.getElementById(id);
    if (!old) { dialogs.delete(id); continue; }
    old.remove();
    const el = build();
    el.id = id;
    document.body.append(el);
  }
}

// a short message at the bottom of the screen (refusals, reconnecting...)
export function toast(text, kind = "info", ms = 3500) {
  let box = document.getElementById("toasts");
  if (!box) { box = h("div", { id: "toasts", "aria-live": "polite" }); document.body.append(box); }
  const el = h("div", { class: ["toast", kind], role: kind === "error" ? "alert" : "status" }, text);
  box.append(el);
  setTimeout(() => el.remove(), ms);
  return el;
}

// a game module's stylesheet, linked once (the CSP allows a <link> to this origin, not a <style>);
// the <link> (its `sheet` is null until it has loaded)
export function stylesheet(href, id) {
  const old = document.getElementById(id);
  if (old) return old;
  const link = h("link", { id, rel: "stylesheet", href: String(href) });
  document.head.append(link);
  return link;
}
