// @ts-check
/** The page's words in the phone's language (en, de, da), from the host's catalogues (`/words/<lang>.json`).
 * Every text on the page goes through `t("English words")`, the windows' msgids: the host lists them. */

/** @type {Record<string, string>} */
let table = {};
/** @type {string} */
let lang = "en";

/** The language to speak: the one asked for (`?lang=de`), else the browser's first we have, else English.
 * @returns {string} */
export function pickLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  const wanted = [asked, ...(navigator.languages || [navigator.language])];
  for (const w of wanted) {
    const code = (w || "").slice(0, 2).toLowerCase();
    if (code === "en" || code === "de" || code === "da") return code;
  }
  return "en";
}

/** Load the words of `code`.
 * @param {string} code
 * @returns {Promise<void>} */
export async function loadWords(code) {
  lang = code;
  document.documentElement.lang = code;
  const answer = await fetch(`/words/${code}.json`, { cache: "no-cache" });
  table = answer.ok ? await answer.json() : {};
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
