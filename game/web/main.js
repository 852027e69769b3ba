// @ts-check
/** The table's page: the join code from the address (`/#K7QX2P`) or typed, the free seats, then the
 * game's own screen (`dice.js`, `race.js`, `pong.js`, named by the host's view) under the bar (the game,
 * you, whose turn, the connection) – or the big-screen layout to watch. The page draws what the host
 * sends and sends requests; it decides no rule. */
import { buzz, drawOnce, el, fill, preloadStyle } from "./dom.js";
import { drawFeed } from "./feed.js";
import { askCode, drawChooser, drawClosed } from "./join.js";
import { Table, keptToken } from "./net.js";
import { closeSheets, openKontra, openLog } from "./sheets.js";
import { loadWords, pickLanguage, t } from "./words.js";

/** @typedef {import("./net.js").Message} Message */
/** @typedef {{update: (view: any) => void, table?: (msg: Message) => void, refused?: (reason: string) => boolean}} Screen
 * `refused`: the host refused this seat's request; true when the screen shows the reason itself (else a toast). */
/** @typedef {{table: Table, watch: boolean, act: (action: string) => void, send: (msg: Message) => void,
 *   toast: (text: string) => void}} Context */

const app = /** @type {HTMLElement} */ (document.getElementById("app"));

/** The page's state: what it shows. */
const page = {
  /** @type {Table | null} */ table: null,
  /** @type {any[]} */ seats: [],
  /** @type {boolean | null} */ judges: null,
  /** @type {any} */ view: null,
  /** @type {"choose" | "play" | "watch" | "closed"} */ mode: "choose",
  /** @type {Screen | null} */ screen: null,
  /** @type {string} */ client: "",
  /** @type {string} */ seatsClient: "", // the game's page named by the seats message (before any view)
  /** @type {string} */ state: "connecting",
  /** @type {boolean} */ myTurn: false,
  /** @type {any[]} */ log: [], // the referee's whole feed as far as this page has it (the log sheet)
  /** @type {any} */ static: null, // what is drawn once (a track): sent with a connection's first view only
};

/** @returns {string} the join code in the address's fragment (the browser never sends it) */
function codeInAddress() {
  let code = location.hash.replace(/^#/, "");
  try { code = decodeURIComponent(code); } catch { /* a broken escape: taken as typed */ }
  return code.replace(/\s+/g, "").toUpperCase();
}

/** @param {string} code */
function goTo(code) {
  location.hash = code; // (the `hashchange` starts the table)
  if (codeInAddress() === code) start();
}

/** @param {string} text */
function toast(text) {
  const old = document.getElementById("toast");
  if (old) old.remove();
  const box = el("div", { id: "toast", role: "alert", class: "toast" }, [text]);
  document.body.append(box);
  setTimeout(() => box.remove(), 5000);
}

function chooser() {
  const table = { title: page.view ? page.view.title : "", client: page.view ? page.view.client : page.seatsClient, seats: page.seats,
    judges: page.judges };
  // A running match sends a view with every entry: the same seats stay the same buttons (a tap is
  // not lost to a button replaced between finger down and up).
  drawOnce(app, JSON.stringify([table, document.documentElement.lang]), () => drawChooser(app, table, (choice) => {
    if (choice.watch) { page.mode = "watch"; drawGame(true); return; } // (the page watches already)
    page.mode = "play";
    page.table?.take(choice);
  }));
}

/** The game's page (`dice.js` …) fetched while the seats are chosen: mounting it then waits for nothing.
 * @type {Set<string>} */
const fetched = new Set();
/** @param {string} client */
function prefetch(client) {
  if (!client || fetched.has(client)) return;
  fetched.add(client);
  import(`./${client}.js`).then((module) => { if (module.STYLE) preloadStyle(module.STYLE); },
    () => fetched.delete(client)); // (mounting asks again, and says what failed)
}

/** @type {Promise<void> | null} */
let mounting = null; // a game's screen being loaded: the views that come meanwhile wait for it

/** The game's screen (mounted once per game client and mode), then the newest view drawn into it.
 * @param {boolean} [fresh] */
async function drawGame(fresh) {
  if (mounting) { await mounting; if (!fresh) { drawView(); return; } }
  const view = page.view;
  if (!view || !page.table) return;
  if (fresh || !page.screen || page.client !== view.client) {
    mounting = mount(view.client);
    try { await mounting; } finally { mounting = null; }
  }
  drawView();
}

/** Mount the page of game client `client` (`dice`, `race`, `pong`) under a new bar.
 * @param {string} client */
async function mount(client) {
  const watch = page.mode === "watch";
  const table = /** @type {Table} */ (page.table);
  page.client = client;
  page.screen = null;
  const root = el("div", { class: `game game-${client}${watch ? " watching" : ""}` });
  const feed = el("div", { class: "feed", id: "feed", "aria-label": t("Referee") });
  fill(app, [el("header", { class: "bar", id: "bar" }), root, el("aside", { class: "feed-box" }, [feed])]);
  app.className = watch ? "watch" : "play";
  /** @type {Context} */
  const ctx = { table, watch, act: (a) => table.act(a), send: (m) => table.send(m), toast };
  const module = await import(`./${client}.js`);
  page.screen = module.mount(root, ctx);
}

function drawView() {
  if (!page.view || page.mode === "choose" || page.mode === "closed") return;
  drawBar();
  page.screen?.update(page.view);
  const feed = document.getElementById("feed");
  if (feed) drawFeed(feed, page.view.feed || []);
}

function drawBar() {
  const bar = document.getElementById("bar");
  const view = page.view;
  if (!bar || !view) return;
  const you = view.you ? view.you.name : t("Watching");
  const turn = view.over ? (view.result || t("The match is over")) : view.your_turn ? t("Your turn")
    : (view.turn || []).length ? t("Waiting for {names}", { names: view.turn.join(", ") })
    : view.on_turn ? t("{name}'s turn", { name: view.on_turn }) : "";
  const offer = view.challenge;
  const table = page.table;
  fill(bar, [
    el("span", { class: "title", text: view.title }),
    view.real_table ? el("span", { class: "real", id: "real-table", text: t("Real table") }) : null,
    el("span", { class: "you", text: you }),
    el("span", { class: `turn${view.your_turn ? " mine" : ""}`, id: "turn", text: turn }),
    el("span", { class: "tools" }, [
      el("button", { type: "button", class: "tool", id: "open-log", onclick: () => openLog(page.log) }, [t("Log")]),
      offer && table ? el("button", { type: "button", class: "tool", id: "open-kontra", disabled: !offer.rulings.length,
        onclick: () => openKontra(offer, (a) => table.act(a)) }, [t("Kontra")]) : null,
    ]),
    page.state !== "joined" ? el("span", { class: "conn", id: "conn", role: "status",
      text: page.state === "away" ? t("Connection lost – trying again") : page.state === "ended" ? t("Not connected") : t("Connecting…") }) : null,
  ]);
  document.body.classList.toggle("away", page.state === "away");
}

/** The log sheet's lines: a view's whole feed (a first view, after an undo) replaces them, a view's
 * newest entries replace what the page had of those entries.
 * @param {any} view */
function keepLog(view) {
  if (view.log) { page.log = view.log; return; }
  const lines = view.feed || [];
  if (!lines.length) return;
  const from = lines[0].entry;
  page.log = [...page.log.filter((l) => l.entry < from), ...lines];
  const open = document.getElementById("log-feed");
  if (open) drawFeed(open, page.log);
}

/** @param {Message} msg */
function heard(msg) {
  if (msg.type === "seats") {
    page.seats = msg.seats || [];
    page.judges = msg.judges ?? null;
    page.seatsClient = typeof msg.client === "string" ? msg.client : "";
    if (page.mode === "choose") { chooser(); prefetch(page.seatsClient); }
  } else if (msg.type === "welcome") {
    if (msg.seat || msg.judge) page.mode = "play";
    else if (page.mode === "play") page.mode = "choose"; // (asked afresh: the seat was gone)
  } else if (msg.type === "view") {
    const first = !page.view;
    if (msg.view.static) page.static = msg.view.static; // (it may come while the seats are chosen)
    else if (page.static) msg.view.static = page.static; // each screen gets it with every view
    page.view = msg.view;
    document.title = msg.view.title ? `${msg.view.title} · Stammtisch` : "Stammtisch";
    keepLog(msg.view);
    const mine = !!msg.view.your_turn;
    if (mine && !page.myTurn) buzz(120);
    page.myTurn = mine;
    if (page.mode === "choose") { chooser(); prefetch(msg.view.client); } else drawGame(first);
  } else if (msg.type === "table") {
    page.screen?.table?.(msg);
  } else if (msg.type === "refused") {
    if (msg.fatal && msg.why === "code") {
      page.mode = "closed";
      page.table = null;
      askCode(app, goTo, { wrong: codeInAddress() });
    } else {
      if (msg.fatal && page.mode === "play") { page.mode = "choose"; page.screen = null; }
      if (msg.fatal || !page.screen?.refused?.(msg.reason)) toast(msg.reason);
    }
  } else if (msg.type === "bye") {
    page.mode = "closed";
    closeSheets();
    drawClosed(app, msg.reason, () => location.reload());
  }
}

/** @param {string} state */
function stateChanged(state) {
  page.state = state;
  drawBar();
}

/** The page's words, asked for at once: the table's line opens meanwhile, and its messages wait for them. */
const words = loadWords(pickLanguage());

function start() {
  const code = codeInAddress();
  if (!code) { words.then(() => askCode(app, goTo)); return; }
  if (page.table) page.table.close();
  Object.assign(page, { seats: [], judges: null, view: null, screen: null, client: "", seatsClient: "", log: [], static: null, mode: keptToken(code) ? "play" : "choose" });
  const table = new Table(code, pickLanguage(), (msg) => { words.then(() => { if (page.table === table) heard(msg); }); },
    (state) => { words.then(() => { if (page.table === table) stateChanged(state); }); });
  page.table = table;
  table.open();
  words.then(() => {
    if (page.table === table && !page.view && !page.seats.length && page.state !== "joined") {
      fill(app, [el("section", { class: "join" }, [el("h1", { text: "Stammtisch" }), el("p", { class: "muted", text: t("Connecting…") })])]);
    }
  });
}

addEventListener("hashchange", () => { if (codeInAddress() && codeInAddress() !== page.table?.code) start(); });
start();
