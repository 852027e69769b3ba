// @ts-check
/** The sheets a seat opens over its table: the log (the referee's whole feed, the page's language)
 * and Kontra (challenge a drink ruling, with a reason). What may be challenged, in whose name and to
 * whom is the host's offer (`view.challenge`); the page only fills the notation in, the host rules. */
import { el, fill } from "./dom.js";
import { drawFeed } from "./feed.js";
import { languageSwitch, t } from "./words.js";

/** @typedef {import("./feed.js").FeedLine} FeedLine */
/** @typedef {{ruling: string, who: string, what: string, amount: number, words: string[], say: string[],
 *   most: number | null, label: string}} Challengeable */
/** @typedef {{by: string[], people: string[], rulings: Challengeable[]}} Offer */

/** A sheet over the page (closed by its button or Escape); returns its body.
 * @param {string} id @param {string} title @returns {HTMLElement} */
function sheet(id, title) {
  closeSheets();
  const body = el("div", { class: "sheet-body" });
  const box = el("div", { class: "sheet", id, role: "dialog", "aria-modal": "true", "aria-label": title }, [
    el("header", { class: "sheet-head" }, [
      el("h2", { text: title }),
      el("button", { type: "button", class: "close", onclick: closeSheets, "aria-label": t("Close") }, [t("Close")]),
    ]),
    body,
  ]);
  document.body.append(box);
  return body;
}

export function closeSheets() {
  for (const s of document.querySelectorAll(".sheet")) s.remove();
}

addEventListener("keydown", (e) => { if (e.key === "Escape") closeSheets(); });

/** The log: every ruling since the match began (or since the last undo), newest at the bottom.
 * @param {FeedLine[]} lines */
export function openLog(lines) {
  const body = sheet("log", t("Log"));
  const feed = el("div", { class: "feed full", id: "log-feed" });
  fill(body, [feed, el("footer", { class: "foot" }, [el("p", { class: "muted", text: t("Undo is the host's: ask at the table") }), languageSwitch()])]);
  drawFeed(feed, lines);
  feed.scrollTop = feed.scrollHeight;
}

/** Kontra: choose a ruling the host offers, then who gets what instead, and why.
 * @param {Offer} offer @param {(action: string) => void} act */
export function openKontra(offer, act) {
  const body = sheet("kontra", t("Kontra"));
  if (!offer.rulings.length) {
    fill(body, [el("p", { class: "muted", text: t("No drink ruling to challenge yet.") })]);
    return;
  }
  fill(body, [
    el("p", { class: "muted", text: t("Which ruling do you challenge?") }),
    ...offer.rulings.map((r) => el("button", { type: "button", class: "ruling-pick", "data-ruling": r.ruling,
      onclick: () => kontraDetails(body, offer, r, act) }, [r.label])),
  ]);
}

/** @param {string[]} names @param {string} chosen @param {string} id @returns {HTMLSelectElement} */
function choice(names, chosen, id) {
  return /** @type {HTMLSelectElement} */ (el("select", { id }, names.map((n) => el("option", { value: n, selected: n === chosen }, [n]))));
}

/** @param {HTMLElement} body @param {Offer} offer @param {Challengeable} r @param {(action: string) => void} act */
function kontraDetails(body, offer, r, act) {
  let amount = r.amount;
  const most = r.most ?? 99;
  const by = choice(offer.by, offer.by[0], "kontra-by");
  const who = choice(offer.people, r.who, "kontra-who");
  const shown = el("output", { class: "amount", id: "kontra-amount" });
  const show = () => { shown.textContent = (amount === 1 ? r.say[0] : r.say[1]).replace("{n}", String(amount)); };
  const step = (/** @type {number} */ d) => { amount = Math.max(0, Math.min(most, amount + d)); show(); };
  /** @type {HTMLInputElement} */
  const reason = /** @type {any} */ (el("input", { id: "kontra-reason", class: "text", maxlength: "200", autocomplete: "off",
    enterkeyhint: "send" }));
  const send = () => {
    const why = reason.value.replace(/\s+/g, " ").trim();
    if (!why) { reason.focus(); reason.classList.add("missing"); return; }
    act(`challenge ${r.ruling} by ${by.value}: ${amount} ${amount === 1 ? r.words[0] : r.words[1]} to ${who.value} – ${why}`);
    closeSheets();
  };
  show();
  fill(body, [
    el("p", { class: "picked", text: r.label }),
    offer.by.length > 1 ? el("label", { for: "kontra-by", text: t("Who challenges") }) : null,
    offer.by.length > 1 ? by : null,
    el("label", { for: "kontra-who", text: t("Instead: who drinks") }), who,
    el("div", { class: "stepper" }, [
      el("button", { type: "button", class: "step", "aria-label": "−", onclick: () => step(-1) }, ["−"]), shown,
      el("button", { type: "button", class: "step", "aria-label": "+", onclick: () => step(1) }, ["+"]),
    ]),
    el("label", { for: "kontra-reason", text: t("Reason") }), reason,
    el("div", { class: "row" }, [
      el("button", { type: "button", onclick: () => openKontra(offer, act) }, [t("Back")]),
      el("button", { type: "button", class: "primary", id: "kontra-send", onclick: send }, [t("Challenge")]),
    ]),
  ]);
}
