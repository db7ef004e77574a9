// La Tortuga at a browser's table: the game module the page's shell mounts (assets/web/games/README.md).
import { Table } from "./table.js";

const STYLE_ID = "tt-style";

function ensureStyle() {
  if (document.getElementById(STYLE_ID)) return;
  const link = document.createElement("link");
  link.id = STYLE_ID;
  link.rel = "stylesheet";
  link.href = new URL("./style.css", import.meta.url).href;
  document.head.appendChild(link);
}

export default {
  name: "tortuga",
  mount(root, ctx) {
    ensureStyle();
    if (ctx.showPlayers) ctx.showPlayers(false);     // the seats' rows beside the island name the players
    const table = new Table(root, ctx);
    return {
      update: (msg) => table.update(msg),
      resize: () => table.resize(),
      destroy: () => table.destroy(),
      table: () => table.summary(),
      results: () => table.results(),
      logs: true,         // every event's line, the undos and the recap's moves (log.js)
      tortuga: table,
    };
  },
};
