// @ts-check
/** A race at a real table (issue 32): the pad on which the driver whose throw it is enters what his real
 * dice show. The host says when and how many (`view.enter`: the gear's dice, each throw of the 5s and
 * 6s again, the die for the start order). A tap on a face fills the next slot; with the slots full the
 * faces go to the host as an `act` ("6 3 2"), which takes or refuses them: a refusal's reason stays on
 * the pad, the faces kept to be mended with Back. */
import { el } from "./dom.js";
import { t } from "./words.js";

/** Where each face's pips lie on a 3×3 grid. */
const PIPS = [[], [4], [0, 8], [0, 4, 8], [0, 2, 6, 8], [0, 2, 4, 6, 8], [0, 2, 3, 5, 6, 8]];

/** A die showing `face` (0: an empty slot). @param {number} face */
const die = (face) => el("span", { class: `pips${face ? "" : " empty"}` },
  Array.from({ length: 9 }, (_, i) => el("i", { class: PIPS[face].includes(i) ? "on" : "" })));

export class Pad {
  /** @param {import("./main.js").Context} ctx @param {() => void} redraw */
  constructor(ctx, redraw) {
    this.ctx = ctx;
    /** @type {number[]} */ this.faces = [];
    this.key = "";
    this.error = "";
    this.sent = false;
    this.redraw = redraw;
  }

  /** The host refused what this pad sent: its reason stays on the pad (true), else the shell says it.
   * @param {string} reason @returns {boolean} */
  refused(reason) {
    if (!this.sent) return false;
    this.sent = false;
    this.error = reason;
    this.redraw();
    return true;
  }

  /** The pad for the host's `enter`: the line asking, the slots, the six faces, Back.
   * @param {{dice: number, key: string, say: string}} ask @returns {HTMLElement} */
  draw(ask) {
    if (ask.key !== this.key) Object.assign(this, { key: ask.key, faces: [], error: "", sent: false });
    const n = ask.dice;
    const full = this.faces.length >= n;
    /** @param {number} f */
    const tap = (f) => {
      if (this.sent || this.faces.length >= n) return;
      this.faces.push(f);
      this.error = "";
      if (this.faces.length === n) { this.sent = true; this.ctx.act(this.faces.join(" ")); }
      this.redraw();
    };
    const back = () => { this.faces.pop(); this.error = ""; this.sent = false; this.redraw(); }; // (also after a send never answered)
    const status = this.error || (this.sent ? t("Sent – the referee rules") : t("Tap the faces your dice show"));
    return el("div", { class: "pad", role: "group", "aria-label": t("Real table") }, [
      el("strong", { class: "ask", text: ask.say }),
      el("div", { class: "pad-row" }, [
        el("div", { class: "slots" }, Array.from({ length: n }, (_, i) => die(this.faces[i] || 0))),
        el("button", { type: "button", class: "back", disabled: !this.faces.length, onclick: back }, [t("← Back")]),
      ]),
      el("div", { class: this.error ? "refusal" : "hint", role: this.error ? "alert" : null, text: status }),
      el("div", { class: "faces" }, [1, 2, 3, 4, 5, 6].map((f) => el("button", {
        type: "button", class: "face", "data-face": f, "aria-label": String(f), disabled: full || this.sent, onclick: () => tap(f) }, [die(f)]))),
    ]);
  }
}
