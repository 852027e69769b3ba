// @ts-check
/** Racerbile and Le Mans on a phone (a first cut: the actions as buttons). */
import { drawActions } from "./actions.js";
import { el } from "./dom.js";

/** @param {HTMLElement} root @param {import("./main.js").Context} ctx */
export function mount(root, ctx) {
  const box = el("div", { class: "actions" });
  root.append(box);
  return {
    /** @param {any} view */
    update(view) { drawActions(box, ctx.watch ? [] : view.actions, ctx.act); },
  };
}
