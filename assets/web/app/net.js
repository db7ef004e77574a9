// The connection to the host: the protocol of docs/protocol.md over the WebSocket at /ws (one binary
// message = one msgpack map). It says hello (with the player key, and the seat token and the last
// state seen when it comes back), answers pings, watches the host's silence, and reconnects by
// itself when the socket drops (a phone that slept, a page that was hidden): hello with the token
// again, so the page is back in its seat as a window would be.
import { encode, decode } from "../vendor/msgpack/index.mjs";

/** The host's messages the connection answers itself, never handed on (app/handlers.js has the rest). */
export const ANSWERED = ["ping"];
const SILENCE = 15000;        // the host pings every 5 s: this long without a message, it is gone
const BACKOFF = [300, 1000, 2000, 4000, 8000];

export class Net extends EventTarget {
  constructor(url) {
    super();
    this.url = url;
    this.ws = null;
    this.hello = null;          // () => the hello message to send (built when it is sent)
    this.greeted = false;
    this.wanted = false;        // we want to be connected (false after bye / a refusal that closes)
    this.attempt = 0;
    this.seq = 0;
    this.lastRx = 0;
    this.timer = null;
    this.retry = null;
    this.sent = 0;
    this.received = 0;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.wake();
    });
    window.addEventListener("online", () => this.wake());
    window.addEventListener("pageshow", () => this.wake());
  }

  get open() { return this.ws !== null && this.ws.readyState === WebSocket.OPEN; }

  connect(hello) {
    this.hello = hello;
    this.wanted = true;
    this._open();
  }

  // the page is visible again (or back online): a dead socket is replaced now, not after backoff
  wake() {
    if (!this.wanted) return;
    if (this.ws && this.ws.readyState === WebSocket.OPEN && Date.now() - this.lastRx > SILENCE) {
      this.ws.close();
    }
    if (!this.ws || this.ws.readyState >= WebSocket.CLOSING) {
      clearTimeout(this.retry);
      this.attempt = 0;
      this._open();
    }
  }

  _open() {
    clearTimeout(this.retry);
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    const ws = new WebSocket(this.url);
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    this.greeted = false;
    this._emit("status", { state: "connecting" });
    ws.onopen = () => {
      if (ws !== this.ws) return;
      this.lastRx = Date.now();
      this._send(this.hello());
      clearInterval(this.timer);
      this.timer = setInterval(() => this._watch(), 2000);
    };
    ws.onmessage = (ev) => {
      if (ws !== this.ws) return;
      this.lastRx = Date.now();
      let msg;
      try {
        msg = decode(new Uint8Array(ev.data));
      } catch (err) {
        console.error("undecodable message", err);
        return;
      }
      if (!msg || typeof msg.t !== "string") return;
      this.received++;
      if (ANSWERED.includes(msg.t)) { this._send({ t: "pong", n: msg.n }); return; }
      if (msg.t === "welcome") { this.greeted = true; this.attempt = 0; this._emit("status", { state: "open" }); }
      this._emit("message", msg);
    };
    ws.onclose = (ev) => {
      if (ws !== this.ws) return;
      clearInterval(this.timer);
      this.greeted = false;
      this._emit("status", { state: "closed", code: ev.code });
      if (this.wanted) {
        const wait = BACKOFF[Math.min(this.attempt++, BACKOFF.length - 1)];
        this.retry = setTimeout(() => this._open(), document.visibilityState === "hidden" ? wait * 2 : wait);
      }
    };
  }

  _watch() {
    if (this.open && Date.now() - this.lastRx > SILENCE) this.ws.close();
  }

  _send(msg) {
    if (!this.open) return false;
    this.ws.send(encode(msg));
    this.sent++;
    return true;
  }

  // a message to the host (a seq of ours is added): false when not connected
  send(msg) {
    const withSeq = { ...msg, seq: ++this.seq };
    return this._send(withSeq) ? withSeq.seq : false;
  }

  // leave on purpose: no reconnecting
  close() {
    this.wanted = false;
    clearTimeout(this.retry);
    clearInterval(this.timer);
    if (this.open) this._send({ t: "bye" });
    if (this.ws) this.ws.close();
  }

  // drop the socket as a sleeping phone would (tests, and a hello refused with bad_token)
  drop() { if (this.ws) this.ws.close(); }

  _emit(type, detail) { this.dispatchEvent(new CustomEvent(type, { detail })); }
}

export function socketUrl(loc = window.location) {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}/ws`;
}
