// @ts-check
/** The table's page: the join code from the address (`/#K7QX2P`), the free seats, then the game's own
 * screen (`dice.js`, `race.js`, `pong.js`, named by the host's view) – or the big-screen layout to watch.
 * The page draws what the host sends and sends requests; it decides no rule. */
import { el, fill, buzz } from "./dom.js";
import { drawFeed } from "./feed.js";
import { Table, keptToken } from "./net.js";
import { loadWords, pickLanguage, t } from "./words.js";

/** @typedef {import("./net.js").Message} Message */
/** @typedef {{update: (view: any) => void, table?: (msg: Message) => void}} Screen */
/** @typedef {{table: Table, watch: boolean, act: (action: string) => void, send: (msg: Message) => void,
 *   toast: (text: string) => void}} Context */

const app = /** @type {HTMLElement} */ (document.getElementById("app"));

/** The page's state: what it shows. */
const page = {
  /** @type {Table | null} */ table: null,
  /** @type {any[]} */ seats: [],
  /** @type {boolean | null} */ judges: null,
  /** @type {any} */ view: null,
  /** @type {"choose" | "play" | "watch"} */ mode: "choose",
  /** @type {Screen | null} */ screen: null,
  /** @type {string} */ client: "",
  /** @type {string} */ state: "connecting",
  /** @type {boolean} */ myTurn: false,
};

/** @returns {string} the join code in the address's fragment */
function codeInAddress() {
  return decodeURIComponent(location.hash.replace(/^#/, "")).trim().toUpperCase();
}

function askCode() {
  /** @type {HTMLInputElement} */
  const input = /** @type {any} */ (el("input", { id: "code", autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", maxlength: "8", inputmode: "text", placeholder: "K7QX2P", "aria-label": t("Join code") }));
  const go = () => { if (input.value.trim()) { location.hash = input.value.trim().toUpperCase(); start(); } };
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
  fill(app, [el("section", { class: "join" }, [
    el("h1", { text: "Stammtisch" }),
    el("label", { for: "code", text: t("Join code") }), input,
    el("button", { class: "big", type: "button", onclick: go }, [t("Connect")]),
  ])]);
  input.focus();
}

/** @param {string} text */
function toast(text) {
  const old = document.getElementById("toast");
  if (old) old.remove();
  const box = el("div", { id: "toast", role: "alert", class: "toast" }, [text]);
  document.body.append(box);
  setTimeout(() => box.remove(), 4000);
}

function drawChooser() {
  const free = page.seats.filter((s) => s.kind === "remote" && !s.connected);
  const buttons = free.map((s) => el("button", { class: "big seat", type: "button", "data-seat": s.name,
    onclick: () => { page.mode = "play"; page.table?.take({ seat: s.name }); } }, [t("Play {name}", { name: s.name })]));
  if (page.judges === false) {
    buttons.push(el("button", { class: "big seat", type: "button", "data-seat": "judges",
      onclick: () => { page.mode = "play"; page.table?.take({ judge: true }); } }, [t("Judges' seat")]));
  }
  const title = page.view ? page.view.title : "";
  fill(app, [el("section", { class: "join" }, [
    el("h1", { text: title || "Stammtisch" }),
    el("p", { class: "muted", text: free.length || page.judges === false ? t("Choose your seat") : t("No free seat: you can watch") }),
    ...buttons,
    el("button", { class: "big watch", type: "button", onclick: () => { page.mode = "watch"; drawGame(true); } }, [t("Watch")]),
  ])]);
}

/** The game's screen (mounted once per game client), then the newest view drawn into it.
 * @param {boolean} [fresh] */
async function drawGame(fresh) {
  const view = page.view;
  if (!view || !page.table) return;
  if (fresh || !page.screen || page.client !== view.client) {
    page.client = view.client;
    const root = el("div", { class: `game game-${view.client}${page.mode === "watch" ? " watching" : ""}` });
    const feed = el("div", { class: "feed", id: "feed", "aria-label": t("Referee") });
    const bar = el("header", { class: "bar", id: "bar" });
    fill(app, [bar, root, el("aside", { class: "feed-box" }, [feed])]);
    app.className = page.mode === "watch" ? "watch" : "play";
    const table = page.table;
    /** @type {Context} */
    const ctx = { table, watch: page.mode === "watch", act: (a) => table.act(a), send: (m) => table.send(m), toast };
    const module = await import(`./${view.client}.js`);
    page.screen = module.mount(root, ctx);
  }
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
  const turn = view.over ? (view.result || t("The match is over")) : view.your_turn ? t("Your turn") : (view.turn || []).join(", ");
  fill(bar, [
    el("span", { class: "title", text: view.title }),
    el("span", { class: "you", text: you }),
    el("span", { class: `turn${view.your_turn ? " mine" : ""}`, text: turn }),
    page.state !== "joined" ? el("span", { class: "conn", text: page.state === "away" ? t("Connection lost – trying again") : t("Connecting…") }) : null,
  ]);
}

/** @param {Message} msg */
function heard(msg) {
  if (msg.type === "seats") {
    page.seats = msg.seats || [];
    page.judges = msg.judges ?? null;
    if (page.mode === "choose") drawChooser();
  } else if (msg.type === "welcome") {
    if (msg.seat || msg.judge) page.mode = "play";
    if (page.mode === "choose" && !(msg.seat || msg.judge)) drawChooser();
  } else if (msg.type === "view") {
    page.view = msg.view;
    const mine = !!msg.view.your_turn;
    if (mine && !page.myTurn) buzz(120);
    page.myTurn = mine;
    if (page.mode === "choose") drawChooser();
    else drawGame();
  } else if (msg.type === "table") {
    page.screen?.table?.(msg);
  } else if (msg.type === "refused") {
    if (msg.fatal && msg.reason.startsWith("wrong join code")) {
      fill(app, [el("section", { class: "join" }, [el("h1", { text: t("Wrong join code") }),
        el("button", { class: "big", type: "button", onclick: () => { location.hash = ""; askCode(); } }, [t("Try again")])])]);
    } else {
      toast(msg.reason);
    }
  } else if (msg.type === "bye") {
    toast(msg.reason);
  }
}

/** @param {string} state */
function stateChanged(state) {
  page.state = state;
  drawBar();
}

async function start() {
  const code = codeInAddress();
  if (!code) { askCode(); return; }
  history.replaceState(null, "", location.pathname + location.search + location.hash); // (the code stays in the fragment only)
  if (keptToken(code)) page.mode = "play";
  page.table = new Table(code, pickLanguage(), heard, stateChanged);
  page.table.open();
}

await loadWords(pickLanguage());
addEventListener("hashchange", () => { if (!page.table && codeInAddress()) start(); });
start();
