// @ts-check
/** The actions the host says this seat may take now, as big buttons (a game's page may draw its own). */
import { el, fill } from "./dom.js";

/** @typedef {{action: string, label: string, kind?: string, [key: string]: any}} Offer */

/** Draw `offers` into `box`; a tap sends the offer's action.
 * @param {HTMLElement} box @param {Offer[]} offers @param {(action: string) => void} act */
export function drawActions(box, offers, act) {
  fill(box, offers.map((o) => el("button", {
    class: `action${o.kind ? " action-" + o.kind : ""}`, "data-action": o.action, type: "button",
    onclick: () => act(o.action),
  }, [o.label])));
}
