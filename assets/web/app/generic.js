// The plain table: what the shell mounts for a game whose own module is missing (or failed to load).
// It shows the phase and whose turn, and offers every action of `legal` as a button (and undo): any
// game of the host is playable with it, nothing is drawn. It is also the smallest example of the
// module interface (games/README.md).
import { h, clear } from "./ui.js";

function label(action) {
  const parts = Object.entries(action).filter(([k]) => k !== "type")
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(",") : typeof v === "object" && v !== null ? JSON.stringify(v) : v}`);
  return [action.type, ...parts].join(" · ");
}

export default {
  name: "generic",
  mount(root, ctx) {
    const box = h("div", { class: "generic" });
    root.append(box);
    let last = null, busy = false;
    const draw = () => {
      clear(box);
      if (!last) return;
      box.append(h("p", { class: "muted", id: "phase" }, `${last.phase} · ${ctx.t("web.state", { n: last.state })}`));
      const legal = last.legal || [];
      const list = h("div", { class: "legal", id: "legal" });
      legal.forEach((a, i) => list.append(h("button", { "data-legal": i, disabled: busy, onclick: async () => {
        busy = true; draw();
        await ctx.act(a);
        busy = false; draw();
      } }, label(a))));
      box.append(list);
      if (last.can_undo) box.append(h("button", { id: "undo", disabled: busy, onclick: () => ctx.undo() }, ctx.t("web.undo")));
    };
    return {
      update(msg) { last = msg; draw(); },
      resize() {},
      destroy() { box.remove(); },
    };
  },
};
