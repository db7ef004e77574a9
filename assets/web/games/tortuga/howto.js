// How to play La Tortuga in the browser: the window's pages (howto_pages.js, written by
// tools/web_data.py from game/tortuga/howto.py) and how the page draws La Tortuga's own items of
// their pictures with the table's art (island.js): turtles (a seat's second one striped), dice, egg
// cards face up or down. The shared kinds (the sea's waves, spaces, arrows, pills, words...) are the
// shell's (app/howto.js).
import { s } from "../../app/ui.js";
import { INK, PAPER } from "../../app/palette.js";
import { PAGES, BOX } from "./howto_pages.js";
import { turtleArt, dieArt, cardArt } from "./island.js";

let ids = 0;    // each striped turtle's clip path its own id

/** One of La Tortuga's items (app/howto.js draws the shared ones), or null. */
function draw(it, look) {
  switch (it.k) {
    case "turtle": {
      // the window's turtle image is centred 2 px above the turtle's own centre
      const g = s("g", { transform: `translate(${it.at[0]},${it.at[1] + 2 * it.scale}) scale(${it.scale})`, class: "ht-turtle",
        opacity: it.alpha !== undefined ? (it.alpha / 255).toFixed(3) : null, "data-seat": it.seat });
      g.append(turtleArt(look.tone(it.seat), look.shape(it.seat), it.second, `ht-t${++ids}`));
      return g;
    }
    case "die": {
      const [x, y, w] = it.box;
      const g = s("g", { transform: `translate(${x},${y})`, class: "ht-die" });
      g.append(dieArt(it.value, w, it.fill || PAPER));
      return g;
    }
    case "card": {
      const [x, y, w, h] = it.box;
      const g = s("g", { transform: `translate(${x},${y})`, class: "ht-card" });
      if (it.face_up) g.append(cardArt(it.eggs, w, h));
      else {
        g.append(s("rect", { x: 0, y: 0, width: w, height: h, rx: 6, fill: "rgb(40,110,90)" }),
          s("rect", { x: 4, y: 4, width: w - 8, height: h - 8, rx: 4, fill: "none", stroke: "rgb(20,60,50)", "stroke-width": 2 }),
          s("rect", { x: 1, y: 1, width: w - 2, height: h - 2, rx: 6, fill: "none", stroke: INK, "stroke-width": 2 }));
      }
      return g;
    }
    default: return null;
  }
}

export default { PAGES, BOX, draw };
