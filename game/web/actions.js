// @ts-check
/** The actions the host says this seat may take now, as big buttons (a game's page may draw its own). */
import { drawOnce, el, fill } from "./dom.js";

/** @typedef {{action: string, label: string, kind?: string, [key: string]: any}} Offer */

/** Draw `offers` into `box`; a tap sends the offer's action. With `keep` (a box that holds nothing
 * else), the same offers as last time leave the buttons as they are: a view that came for the clock's
 * sake does not replace a button under the finger.
 * @param {HTMLElement} box @param {Offer[]} offers @param {(action: string) => void} act @param {boolean} [keep] */
export function drawActions(box, offers, act, keep = false) {
  const draw = () => fill(box, offers.map((o) => el("button", {
    class: `action${o.kind ? " action-" + o.kind : ""}`, "data-action": o.action, type: "button",
    onclick: () => act(o.action),
  }, [o.label])));
  if (keep) drawOnce(box, JSON.stringify(offers.map((o) => [o.action, o.label, o.kind || ""])), draw);
  else draw();
}
