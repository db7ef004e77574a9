// The settings (a dialog from every screen's bar): the name (once joined: the join screen asks it
// first), the language (the four catalogs, each by its own name), the colour-blind shapes and the
// first-game guide (shown again at the next table that has one).
import { h, openDialog } from "./ui.js";
import { LANGUAGES } from "./i18n.js";
import { store } from "./store.js";

export const NAME_MAX = 32;     // the host's limit of a name (docs/protocol.md, hello)

export function settingsButton(app) {
  return h("button", { class: "icon", id: "settings", "aria-label": app.t("web.settings"), title: app.t("web.settings"),
    onclick: () => openSettings(app) }, "⚙");
}

export function openSettings(app) {
  openDialog("settings-dialog", () => settingsDialog(app));
}

function settingsDialog(app) {
  const langs = h("div", { class: "choices", id: "languages" });
  for (const code of LANGUAGES) {
    langs.append(h("button", { class: ["choice", app.cat.lang === code && "on"], "data-lang": code,
      onclick: () => app.setLanguage(code) },
    app.cat.names[code] || code));
  }
  const shapes = h("button", { id: "shapes", class: ["choice", app.page.shapes && "on"], "aria-pressed": String(app.page.shapes),
    onclick: () => app.setShapes(!app.page.shapes) },
  app.t(app.page.shapes ? "web.shapes_on" : "web.shapes_off"));
  // the first-game guide: shown again at the next table that has one (the window's settings)
  const guide = h("button", { id: "settings-guide", class: "choice", disabled: !store.guideDone(),
    onclick: () => { store.setGuideDone(false); guide.disabled = true; guide.textContent = app.t("settings.guide_on"); } },
  app.t(store.guideDone() ? "settings.guide_done" : "settings.guide_on"));
  let nameField = null;
  if (!app.tv && app.page.name && app.page.screen !== "join") {
    const input = h("input", { id: "settings-name", type: "text", maxlength: NAME_MAX, autocomplete: "nickname",
      enterkeyhint: "done", value: app.page.name, "aria-label": app.t("web.your_name") });
    const apply = () => { if (app.rename(input.value)) dlg.remove(); else input.value = app.page.name; };
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") apply(); });
    nameField = h("div", { class: "field" }, h("label", { for: "settings-name", class: "label" }, app.t("web.your_name")), input,
      h("button", { id: "settings-rename", onclick: apply }, app.t("web.name_change")));
  }
  const dlg = h("div", { class: "dialog-back", onclick: (e) => { if (e.target === dlg) dlg.remove(); } },
    h("div", { class: "dialog card", role: "dialog", "aria-modal": "true", "aria-labelledby": "settings-title" },
      h("h2", { id: "settings-title" }, app.t("web.settings")),
      nameField,
      h("div", { class: "field" }, h("span", { class: "label" }, app.t("web.language")), langs),
      h("div", { class: "field" }, h("span", { class: "label" }, app.t("web.shapes")), shapes),
      app.tv ? null : h("div", { class: "field" }, h("span", { class: "label" }, app.t("settings.guide")), guide),
      h("button", { id: "settings-close", class: "primary", onclick: () => dlg.remove() }, app.t("web.close"))));
  return dlg;
}
