// The phone's Back (issue 39): the browser's history has an entry per screen above the lobby and
// per dialog over it, so that Back goes back one of them: a dialog (the menu, the settings, a
// question) closes; a table's lobby is left for the lobby; a game under way is never left without
// asking: Back there asks "Leave the game?" (Stay, or Leave: the seat stays the player's, a bot
// plays it meanwhile, as the menu's Leave); a finished game, or one only watched, is left for the
// lobby. Back from the lobby leaves the page, as from any site's first page.
//
// The entries follow what the page shows, whatever made it change (a tap, the host's message, a
// dialog closed by its button): after each change of the screen or of the dialogs, `sync()`
// pushes the entries missing and goes back over the ones no longer shown (those pops, ours, are
// expected and change nothing). Each entry is {depth: its depth}: 0 the lobby (or the join
// screen), 1 a table, then one per dialog.
import { h, openDialog } from "./ui.js";

/** The screens of a table (its lobby, the game, the wait for it). */
const AT_TABLE = ["table", "play", "waiting"];

export class PageHistory {
  constructor(app) {
    this.app = app;
    this.stack = [];          // what each entry above the first stands for: "table", or a dialog's element
    this.expected = 0;        // pops we asked for (history.go) not yet arrived
    const depth = history.state && Number.isInteger(history.state.depth) ? history.state.depth : 0;
    if (depth > 0) {          // the page loaded again on an entry above its first: back to it first
      this.expected += 1;
      history.go(-depth);
    } else {
      history.replaceState({ depth: 0 }, "");
    }
    window.addEventListener("popstate", (e) => this.popped(e));
    this.watch = new MutationObserver(() => this.soon());
    this.watch.observe(document.body, { childList: true });
    this.watch.observe(app.root, { childList: true });
  }

  /** What the entries should stand for now: the table (if the page is at one), then each dialog. */
  wanted() {
    const out = [];
    const at = AT_TABLE.includes(this.app.page.screen);
    if (!at) this.leaving = false;
    if (at && !this.leaving) out.push("table");      // (Back left it: the host's "left" is on its way)
    for (const el of document.querySelectorAll("body > .dialog-back")) out.push(el);
    return out;
  }

  soon() {
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => { this.queued = false; this.sync(); });
  }

  /** Make the entries match what the page shows. */
  sync() {
    if (this.expected > 0) return;            // (again once our pops have come)
    const want = this.wanted();
    let same = 0;
    while (same < want.length && same < this.stack.length && want[same] === this.stack[same]) same += 1;
    if (same < this.stack.length) {           // entries of what is gone: back over them
      this.expected += 1;
      this.backTo = same;
      history.go(same - this.stack.length);
      return;
    }
    for (let i = same; i < want.length; i++) {
      this.stack.push(want[i]);
      history.pushState({ depth: this.stack.length }, "");
    }
  }

  popped(e) {
    const depth = e.state && Number.isInteger(e.state.depth) ? e.state.depth : 0;
    if (this.expected > 0) {                  // our own go(): the entries above it are gone
      this.expected -= 1;
      this.stack = this.stack.slice(0, Math.min(depth, this.backTo ?? depth));
      this.backTo = null;
      this.sync();
      return;
    }
    if (depth >= this.stack.length) {          // Forward onto an entry of something gone: back again
      if (depth > this.stack.length) { this.expected += 1; this.backTo = this.stack.length; history.go(this.stack.length - depth); }
      return;
    }
    const gone = this.stack.slice(depth);      // the user went back over these, the top one first
    this.stack = this.stack.slice(0, depth);
    const dialogs = gone.filter((x) => x !== "table");
    if (dialogs.length) {                      // Back closes the dialogs (one Back: the top one)
      for (const el of dialogs) el.remove();
      if (gone[0] !== "table") { this.sync(); return; }
    }
    if (gone[0] === "table") this.leaveTable();
    this.sync();
  }

  /** Back from a table: a game under way asks first (its entry is back meanwhile). */
  leaveTable() {
    const app = this.app, play = app.play;
    const underWay = app.page.seat !== null && (app.page.screen === "waiting" || (play && !(play.last && play.last.over)));
    if (!underWay) { this.leaving = true; app.leaveTable(); return; }
    this.stack.push("table");
    history.pushState({ depth: this.stack.length }, "");
    openDialog("leave-confirm", () => confirmLeave(app));
  }
}

/** "Leave the game?": Stay (the dialog closes: Back goes on closing it) or Leave (the seat kept). */
function confirmLeave(app) {
  const close = () => back.remove();
  const back = h("div", { class: "dialog-back", onclick: (e) => { if (e.target === back) close(); } },
    h("div", { class: "dialog card", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "leave-confirm-title" },
      h("h2", { id: "leave-confirm-title" }, app.t("web.leave_confirm.title")),
      h("p", {}, app.t("web.leave_confirm.body")),
      h("button", { id: "leave-confirm-stay", class: "primary", onclick: close }, app.t("web.leave_confirm.stay")),
      h("button", { id: "leave-confirm-leave", class: "danger", onclick: () => { close(); app.history.leaving = true; app.leaveTable(); } },
        app.t("web.leave"))));
  return back;
}
