// The settings (a dialog from every screen's bar): the language (the four catalogs, each by its own
// name) and the colour-blind shapes. The name is changed on the join screen.
import { h, openDialog } from "./ui.js";
import { LANGUAGES } from "./i18n.js";

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
  const dlg = h("div", { class: "dialog-back", onclick: (e) => { if (e.target === dlg) dlg.remove(); } },
    h("div", { class: "dialog card", role: "dialog", "aria-modal": "true", "aria-labelledby": "settings-title" },
      h("h2", { id: "settings-title" }, app.t("web.settings")),
      h("div", { class: "field" }, h("span", { class: "label" }, app.t("web.language")), langs),
      h("div", { class: "field" }, h("span", { class: "label" }, app.t("web.shapes")), shapes),
      h("button", { id: "settings-close", class: "primary", onclick: () => dlg.remove() }, app.t("web.close"))));
  return dlg;
}
