// The page's first script, a classic one that runs before the modules. A browser never fetches a
// module again once it failed, so a file refused while the page loaded (the host busy: "503, try
// again"; a connection dropped on the way) would leave the page blank. Instead the page loads
// itself again a second later, at most MAX_TRIES times in a row (counted in this tab's session);
// main.js says when it started (window.tikalBoot.started()).
(function () {
  "use strict";
  var KEY = "tikal.boot.tries";
  var MAX_TRIES = 5;
  var pending = false;

  function tries() {
    try { return Number(sessionStorage.getItem(KEY)) || 0; } catch (e) { return MAX_TRIES; }
  }

  window.tikalBoot = {
    outOfTries: false,
    // A file the page needs did not come: load the page again (false when out of tries).
    failed: function () {
      var n = tries();
      if (n >= MAX_TRIES) window.tikalBoot.outOfTries = true;
      if (pending || n >= MAX_TRIES) return false;
      pending = true;
      try { sessionStorage.setItem(KEY, String(n + 1)); } catch (e) { return false; }
      setTimeout(function () { location.reload(); }, 1000);
      return true;
    },
    // The page runs: the count starts again for the next time.
    started: function () {
      try { sessionStorage.removeItem(KEY); } catch (e) { /* no storage: nothing counted */ }
    },
  };

  // A script or the style sheet that could not be loaded (its element's error event, which does
  // not bubble: caught on the way down).
  window.addEventListener("error", function (e) {
    var el = e.target;
    if (el && (el.tagName === "SCRIPT" || (el.tagName === "LINK" && el.rel === "stylesheet"))) {
      window.tikalBoot.failed();
    }
  }, true);
})();
