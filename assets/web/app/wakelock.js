// The screen kept on at a table (issue 39): while the page is at a table (its lobby, the game) or is
// the TV, it holds a screen wake lock (navigator.wakeLock), asked again each time the page is
// shown (a browser lets a lock go when the page is hidden), let go once the page leaves the table.
// The Wake Lock API is only for secure contexts (https://, or the machine's own localhost): a phone
// on the host's plain http:// LAN page has none, and nothing else keeps a screen on without a
// trick (a looping video); the page then lets the screen sleep and comes back to its seat as it
// stands when the phone wakes (app/net.js reconnects, the host's recap says what happened). The
// state is `app.wake` for tests: {supported, held, error}.

const AT_TABLE = ["table", "play", "waiting"];

export class ScreenLock {
  constructor(app) {
    this.app = app;
    this.lock = null;
    this.asking = false;
    this.supported = typeof window !== "undefined" && window.isSecureContext === true && !!(navigator.wakeLock && navigator.wakeLock.request);
    this.error = null;
    document.addEventListener("visibilitychange", () => this.sync());
    this.watch = new MutationObserver(() => this.sync());
    this.watch.observe(app.root, { childList: true });
  }

  get state() { return { supported: this.supported, held: !!(this.lock && !this.lock.released), error: this.error }; }

  wanted() {
    return !!this.app.tv || AT_TABLE.includes(this.app.page.screen);
  }

  async sync() {
    if (!this.supported) return;
    const want = this.wanted() && document.visibilityState === "visible";
    const held = this.lock && !this.lock.released;
    if (want && !held && !this.asking) {
      this.asking = true;
      try {
        this.lock = await navigator.wakeLock.request("screen");
        this.error = null;
        this.lock.addEventListener("release", () => { this.lock = null; });
      } catch (err) {
        this.error = String(err && err.name || err);     // (refused: a page not in front, battery saver)
      } finally {
        this.asking = false;
      }
      if (!this.wanted() && this.lock) this.release();   // (it left the table meanwhile)
    } else if (!this.wanted() && held) {
      this.release();
    }
  }

  release() {
    const lock = this.lock;
    this.lock = null;
    if (lock && !lock.released) lock.release().catch(() => {});
  }
}
