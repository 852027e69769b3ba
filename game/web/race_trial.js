// @ts-check
/** The time trial at the start (racerbile.variant.racerbile): the host's offer (kind "trial") lists each
 * seat – a bot's seconds set, a person's typed here, by any person for all. The form sends `times S1 S2 …`
 * as an `act`; the referee checks it; a refusal stays on the form, the times kept. */
import { el } from "./dom.js";
import { t } from "./words.js";

/** Digits and one separator (a comma read as the point), 7 at most. @param {string} v */
export function seconds(v) {
  v = v.replace(/[^\d.,]/g, "");
  const i = v.search(/[.,]/);
  return (i < 0 ? v : v.slice(0, i + 1) + v.slice(i + 1).replace(/[.,]/g, "")).slice(0, 7);
}

export class Trial {
  /** @param {import("./main.js").Context} ctx @param {() => void} redraw */
  constructor(ctx, redraw) {
    this.ctx = ctx;
    this.redraw = redraw;
    /** @type {string[]} */ this.typed = [];
    this.error = "";
    this.sent = false;
  }

  /** The host refused what the form sent: the reason stays on it (true). @param {string} reason */
  refused(reason) {
    if (!this.sent) return false;
    Object.assign(this, { sent: false, error: reason });
    this.redraw();
    return true;
  }

  /** No time trial offered: the next starts empty. */
  clear() { Object.assign(this, { typed: [], error: "", sent: false }); }

  /** The form, the roll for the order beside its button.
   * @param {import("./actions.js").Offer} o @param {import("./actions.js").Offer[]} roll @returns {HTMLElement} */
  draw(o, roll) {
    /** @type {{name: string, driver: string, bot: string | null, label: string}[]} */
    const seats = o.seats;
    const go = (/** @type {Event} */ e) => {
      e.preventDefault();
      if (this.sent) return;
      Object.assign(this, { sent: true, error: "" });
      this.ctx.act([o.action, // (a time left out: the referee wants one a seat)
        ...seats.map((s, i) => s.bot ?? this.typed[i]?.replace(",", ".")).filter((x) => x && x !== ".")].join(" "));
      this.redraw();
    };
    const at = document.activeElement;
    const was = at instanceof HTMLInputElement && at.closest(".trial") ? at.dataset.seat : null; // keeps the caret
    const mend = () => { // a time mended: the refusal goes
      if (!this.error && !this.sent) return;
      Object.assign(this, { sent: false, error: "" });
      if (note) note.hidden = true;
      submit.disabled = false;
      for (const x of form.querySelectorAll(".missing")) x.classList.remove("missing");
    };
    const rows = seats.map((s, i) => {
      const who = el("span", { class: "who", text: s.driver ? `${s.name} – ${s.driver}` : s.name });
      if (s.bot !== null) return el("div", { class: "trial-row bot" }, [who, el("span", { class: "set", text: s.label })]);
      const input = /** @type {HTMLInputElement} */ (el("input", { inputmode: "decimal", autocomplete: "off", enterkeyhint: "go",
        placeholder: o.unit, "aria-label": who.textContent, "data-seat": i, value: this.typed[i] || "",
        class: this.error && !this.typed[i] ? "missing" : null,
        oninput: () => { input.value = this.typed[i] = seconds(input.value); mend(); } }));
      if (String(i) === was) queueMicrotask(() => input.focus());
      return el("label", { class: "trial-row" }, [who, input, el("span", { text: "s" })]);
    });
    const submit = /** @type {HTMLButtonElement} */ (el("button", { class: "action action-trial go", disabled: this.sent }, [o.label]));
    const note = this.error || this.sent ? el("p", { class: this.error ? "refusal" : "hint", role: this.error ? "alert" : null,
      text: this.error || t("Sent – the referee rules") }) : null;
    const form = el("form", { class: "trial", onsubmit: go }, [el("p", { class: "hint", text: o.hint }), ...rows,
      el("p", { class: "hint", text: o.limits }), note, el("div", { class: "race-buttons" }, [submit,
        ...roll.map((r) => el("button", { type: "button", class: "action action-order", "data-action": r.action,
          onclick: () => this.ctx.act(r.action) }, [r.label]))])]);
    return form;
  }
}
