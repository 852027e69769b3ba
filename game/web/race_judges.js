// @ts-check
/** The Le Mans judges' console on a tablet (racerbile.lemans.judges): what the judges decide – penalty
 * sips, laps taken, a team put out, a house rule changed – picked step by step from the host's offers
 * (whom, how much, the reason), then decided with one tap. The page sends the offer chosen, as offered. */
import { el, fill } from "./dom.js";
import { t } from "./words.js";

/** @typedef {import("./actions.js").Offer} Offer */
/** @typedef {{group: string, target: string, amount: string, reason: string}} Pick */

/** The picks of each console (kept across views). @type {WeakMap<HTMLElement, Pick>} */
const picks = new WeakMap();

const GROUPS = () => [["sips", t("Penalty sips")], ["laps", t("Lap penalty")], ["out", t("Put team out")], ["rule", t("Change rule")]];

/** Draw the console into `box`. @param {HTMLElement} box @param {Offer[]} offers @param {(action: string) => void} act */
export function drawJudges(box, offers, act) {
  const judged = offers.filter((o) => o.kind === "judge");
  const pick = picks.get(box) || { group: "", target: "", amount: "", reason: "" };
  picks.set(box, pick);
  const redraw = () => drawJudges(box, offers, act);
  /** @param {keyof Pick} key @param {string} value */
  const choose = (key, value) => {
    pick[key] = value;
    const order = ["group", "target", "amount", "reason"];
    for (const k of order.slice(order.indexOf(key) + 1)) pick[/** @type {keyof Pick} */ (k)] = "";
    redraw();
  };
  /** The choices left for `key` given the picks before it. @param {keyof Pick} key @returns {string[]} */
  const left = (key) => {
    const order = ["group", "target", "amount", "reason"];
    const before = order.slice(0, order.indexOf(key));
    return [...new Set(judged.filter((o) => before.every((k) => o[k] === pick[/** @type {keyof Pick} */ (k)])).map((o) => String(o[key])))];
  };
  /** A row of choices. @param {keyof Pick} key @param {string} head @param {[string, string][]} items */
  const row = (key, head, items) => el("div", { class: `judge-step step-${key}` }, [el("h4", { text: head }),
    el("div", { class: "race-buttons" }, items.map(([value, words]) => el("button", {
      type: "button", class: `choice${pick[key] === value ? " chosen" : ""}`, "aria-pressed": pick[key] === value ? "true" : "false",
      "data-value": value, onclick: () => choose(key, value) }, [words])))]);
  if (!judged.length) { fill(box, [el("h3", { text: t("The judges' console") }), el("p", { class: "hint", text: t("Nothing to decide now") })]); return; }
  /** @type {Node[]} */
  const parts = [el("h3", { text: t("The judges' console") }), el("p", { class: "hint", text: t("Every decision needs a reason; it goes into the referee's feed and the match log.") }),
    row("group", t("Decision"), GROUPS().filter(([g]) => left("group").includes(g)).map(([g, w]) => [g, w]))];
  if (pick.group) {
    const targets = left("target");
    parts.push(row("target", pick.group === "rule" ? t("Rule") : t("Who"), targets.map((x) => [x, x])));
    if (pick.target) {
      const amounts = left("amount");
      if (amounts.length === 1 && !pick.amount) pick.amount = amounts[0];
      if (amounts.length > 1 || amounts[0]) parts.push(row("amount", pick.group === "rule" ? t("New value") : t("How many"), amounts.map((x) => [x, x])));
      if (pick.amount || amounts[0] === "") {
        parts.push(row("reason", t("Reason"), left("reason").map((x) => [x, x])));
        const offer = judged.find((o) => o.group === pick.group && o.target === pick.target && o.amount === pick.amount && o.reason === pick.reason);
        if (offer) parts.push(el("button", { type: "button", class: "action action-judge go", "data-action": offer.action,
          onclick: () => { pick.group = pick.target = pick.amount = pick.reason = ""; act(offer.action); redraw(); } }, [t("Decide: {what}", { what: offer.label })]));
      }
    }
  }
  fill(box, parts);
}
