// @ts-check
/** The page's words in the phone's language (en, de, da), from the host's catalogues (`/words/<lang>.json`).
 * Every text on the page goes through `t(…)` with English words, the windows' msgids: the host lists them.
 * The language: `?lang=` in the address, else the one chosen in the page (kept in the browser), else the
 * browser's first of ours, else English. */
import { el } from "./dom.js";

/** The languages the page speaks, each named in itself. */
export const LANGUAGES = { en: "English", de: "Deutsch", da: "Dansk" };
const KEPT = "stammtisch.lang";

/** @type {Record<string, string>} */
let table = {};
/** @type {string} */
let lang = "en";

/** @param {string | null | undefined} w @returns {string | null} */
function ours(w) {
  const code = (w || "").slice(0, 2).toLowerCase();
  return code in LANGUAGES ? code : null;
}

/** The language to speak.
 * @returns {string} */
export function pickLanguage() {
  let kept = null;
  try { kept = localStorage.getItem(KEPT); } catch { /* a private window keeps nothing */ }
  const wanted = [new URLSearchParams(location.search).get("lang"), kept, ...(navigator.languages || [navigator.language])];
  for (const w of wanted) {
    const code = ours(w);
    if (code) return code;
  }
  return "en";
}

/** Load the words of `code`.
 * @param {string} code
 * @returns {Promise<void>} */
export async function loadWords(code) {
  lang = code;
  document.documentElement.lang = code;
  try {
    const answer = await fetch(`/words/${code}.json`, { cache: "no-cache" });
    table = answer.ok ? await answer.json() : {};
  } catch { table = {}; } // (the host is away: English until it is back)
}

/** `msgid` in the page's language, `{name}` fields filled from `values`.
 * @param {string} msgid
 * @param {Record<string, string | number>} [values]
 * @returns {string} */
export function t(msgid, values) {
  let text = table[msgid] || msgid;
  if (values) text = text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
  return text;
}

/** @returns {string} */
export function language() {
  return lang;
}

/** The language switch: a choice kept in the browser; the page starts again in it (a seat comes back
 * by its token, so nothing is lost).
 * @returns {HTMLElement} */
export function languageSwitch() {
  const select = /** @type {HTMLSelectElement} */ (el("select", { id: "lang", "aria-label": t("Language") },
    Object.entries(LANGUAGES).map(([code, name]) => el("option", { value: code, selected: code === lang }, [name]))));
  select.addEventListener("change", () => {
    try { localStorage.setItem(KEPT, select.value); } catch { /* kept for this page only */ }
    const params = new URLSearchParams(location.search);
    params.delete("lang");
    const query = params.toString();
    history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + location.hash);
    location.reload();
  });
  return el("label", { class: "lang" }, [el("span", { text: t("Language") }), select]);
}
