// @ts-check
/** Small helpers to build the page's elements (no framework: a few dozen elements per screen). */

/** An element with attributes and children.
 * @param {string} tag
 * @param {Record<string, any>} [attrs] class, text, on{Event} handlers, data-*, aria-*, and the rest as attributes
 * @param {(Node | string | null | undefined | false)[]} [children]
 * @returns {HTMLElement} */
export function el(tag, attrs = {}, children = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = String(v);
    else if (k === "text") e.textContent = String(v);
    else if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

/** Replace the children of `parent` (what `drawOnce` noted it shows is forgotten).
 * @param {Element} parent @param {(Node | string | null | undefined | false)[]} children */
export function fill(parent, children) {
  if (parent instanceof HTMLElement) delete parent.dataset.drawnFrom;
  parent.replaceChildren(...children.filter((c) => c !== null && c !== undefined && c !== false).map((c) => /** @type {Node | string} */ (c)));
}

/** `draw()` into `parent`, unless it shows what `key` describes already: drawn from the same offers,
 * the same nodes stay (a view that came for the clock's sake, or with every entry of a running match,
 * does not replace a button under the finger). Whatever else fills `parent` makes it draw again.
 * @param {HTMLElement} parent @param {string} key @param {() => void} draw */
export function drawOnce(parent, key, draw) {
  if (parent.dataset.drawnFrom === key) return;
  draw();
  parent.dataset.drawnFrom = key;
}

/** A short buzz where the phone can (a turn that begins). @param {number} ms */
export function buzz(ms) {
  try { if ("vibrate" in navigator) navigator.vibrate(ms); } catch { /* not allowed before a tap */ }
}

/** Link a game's own stylesheet (`/dice.css` …) once; the page's CSP allows only the host's files.
 * @param {string} name e.g. "dice" */
export function useStyle(name) {
  if (document.querySelector(`link[data-style="${name}"]`)) return;
  document.head.append(el("link", { rel: "stylesheet", href: `/${name}.css`, "data-style": name }));
}

/** Fetch a game's stylesheet ahead (while the seats are chosen), not applying it yet.
 * @param {string} name e.g. "dice" */
export function preloadStyle(name) {
  if (document.querySelector(`link[data-style="${name}"], link[data-preload="${name}"]`)) return;
  document.head.append(el("link", { rel: "preload", as: "style", href: `/${name}.css`, "data-preload": name }));
}
