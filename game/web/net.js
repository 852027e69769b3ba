// @ts-check
/** The page's line to the host: the table's own JSON messages over a WebSocket on the page's origin.
 * A seat's token is kept in the browser (localStorage, per table address and join code): a phone that
 * slept or lost its Wi-Fi comes back to its seat by itself, and the host's next view has all it missed. */

const VERSION = 1;
const RETRY_MS = [500, 1000, 2000, 4000, 8000];
/** Fatal refusals (`refused.why`) after which the page watches again and the seats are chosen afresh. */
const AFRESH = ["token", "taken", "seat"];

/** @typedef {{type: string, [key: string]: any}} Message */
/** @typedef {{seat?: string, judge?: boolean, watch?: boolean}} Ask */

/** The key under which a seat's token is kept.
 * @param {string} code
 * @returns {string} */
function tokenKey(code) {
  return `stammtisch.token.${location.host}.${code.toUpperCase()}`;
}

/** @param {string} code @returns {string | null} */
export function keptToken(code) {
  try { return localStorage.getItem(tokenKey(code)); } catch { return null; }
}

/** @param {string} code @param {string | null} token */
function keepToken(code, token) {
  try {
    if (token) localStorage.setItem(tokenKey(code), token);
    else localStorage.removeItem(tokenKey(code));
  } catch { /* a private window keeps nothing: the seat is kept for this page only */ }
}

export class Table {
  /** @param {string} code the join code @param {string} lang the page's language
   * @param {(msg: Message) => void} onMessage @param {(state: string) => void} onState */
  constructor(code, lang, onMessage, onState) {
    this.code = code;
    this.lang = lang;
    this.onMessage = onMessage;
    this.onState = onState;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** @type {Ask} */
    this.ask = { watch: true };
    this.token = keptToken(code);
    this.at = 0; // the log position of the last view: every intent carries it
    this.tries = 0;
    this.ended = false; // a fatal refusal or the host's goodbye: no retries
    this.timer = 0;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !this.ended && (!this.ws || this.ws.readyState > 1)) this.open();
    });
    addEventListener("online", () => { if (!this.ended && (!this.ws || this.ws.readyState > 1)) this.open(); });
  }

  /** Connect (again): with the seat's token when one is kept, else as asked (watch, a seat, the judges). */
  open() {
    clearTimeout(this.timer);
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/`);
    this.ws = ws;
    this.onState("connecting");
    ws.onopen = () => this.hello();
    ws.onmessage = (e) => {
      if (this.ws !== ws) return;
      /** @type {Message} */
      let msg;
      try { msg = JSON.parse(String(e.data)); } catch { return; }
      if (msg.type === "welcome") {
        this.tries = 0;
        if (msg.token) { this.token = msg.token; keepToken(this.code, msg.token); }
        this.onState("joined");
      } else if (msg.type === "view") {
        this.at = msg.at;
      } else if (msg.type === "refused" && msg.fatal) {
        if (AFRESH.includes(msg.why)) { // a seat taken, or a token the table no longer knows: watch, choose again
          this.forget();
          this.ask = { watch: true };
        } else if (msg.why !== "busy") { // a wrong code (or a broken client): no retries
          this.ended = true;
        }
      } else if (msg.type === "bye") {
        this.ended = true;
      }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      if (this.ended) { this.onState("ended"); return; }
      this.onState("away");
      const wait = RETRY_MS[Math.min(this.tries++, RETRY_MS.length - 1)];
      this.timer = window.setTimeout(() => this.open(), wait);
    };
  }

  hello() {
    /** @type {Message} */
    const msg = { type: "hello", code: this.code, web: true, lang: this.lang };
    if (this.token) msg.token = this.token;
    else Object.assign(msg, this.ask);
    this.send(msg);
  }

  /** Take a seat (its name), the judges' seat, or watch – on the same connection.
   * @param {Ask} ask */
  take(ask) {
    this.ask = ask;
    this.token = null;
    this.hello();
  }

  /** Stop: no more messages, no retries (another join code was opened). */
  close() {
    this.ended = true;
    clearTimeout(this.timer);
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close();
  }

  /** Give the seat up on this phone: its token is forgotten, the page watches. */
  forget() {
    keepToken(this.code, null);
    this.token = null;
  }

  /** @param {Message} msg */
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ v: VERSION, ...msg }));
  }

  /** An action in the game's notation, for this seat, made at the last view's position.
   * @param {string} action */
  act(action) {
    this.send({ type: "act", action, at: this.at });
  }
}
