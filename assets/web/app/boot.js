// The page's first script, a classic one that runs before the modules. A browser never fetches a
// module again once it failed, so a file refused while the page loaded (the host busy: "503, try
// again"; a connection dropped on the way) would leave the page blank. Instead the page loads
// itself again a second later, at most MAX_TRIES times in a row for each part (counted in this
// tab's session): "page" (its scripts, its style, its catalog: main.js says when it started) and
// "table" (a game's table module, app/play.js: it says when one loaded).
(function () {
  "use strict";
  var KEY = "tikal.boot.tries.";
  var MAX_TRIES = 5;
  var pending = false;

  function tries(part) {
    try { return Number(sessionStorage.getItem(KEY + part)) || 0; } catch (e) { return MAX_TRIES; }
  }

  window.tikalBoot = {
    outOfTries: false,
    // A file ``part`` needs did not come: the page loads itself again (true), or not, out of tries.
    failed: function (part) {
      part = part || "page";
      if (pending) return true;
      var n = tries(part);
      if (n >= MAX_TRIES) {
        window.tikalBoot.outOfTries = true;
        return false;
      }
      try { sessionStorage.setItem(KEY + part, String(n + 1)); } catch (e) { return false; }
      pending = true;
      setTimeout(function () { location.reload(); }, 1000);
      return true;
    },
    // ``part`` runs: its count starts again for the next time (not while a load is on its way).
    started: function (part) {
      if (pending) return;
      try { sessionStorage.removeItem(KEY + (part || "page")); } catch (e) { /* nothing counted */ }
    },
  };

  // The page's own script or style sheet (index.html's, marked data-boot) that could not be
  // loaded: its element's error event, which does not bubble, caught on the way down. (A table
  // module's files are play.js's to judge: it knows when one loaded.)
  window.addEventListener("error", function (e) {
    var el = e.target;
    if (el && el.hasAttribute && el.hasAttribute("data-boot")) window.tikalBoot.failed("page");
  }, true);
})();
