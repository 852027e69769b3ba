// @ts-check
/** Schock and Katchen on a phone: the cup (tap dice to keep them or put them out, roll, turn sixes,
 * stand), everybody's throws this round with their mats and strokes, the pile, the last round and the
 * standing. The host says it all (`game/net/views/dice.py`): the page draws the table it sends and
 * sends one of the actions it offers – a roll is found among them by the faces it keeps. At a real table
 * the seat whose throw it is gets the host's `enter` (docs/real-table.md): a pad of six faces whose
 * last tap sends them (`6 5 2`), after the roll at a turn's first roll, as the desktop pad does. */
import { el, fill, useStyle } from "./dom.js";
import { t } from "./words.js";

/** Which of a die's nine places (3×3, row by row) carry a pip, by face. */
const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };
const BANNER_MS = 2600;
const RETRY_MS = 3000; // a sent choice the host did not answer with a new view: the buttons come back

/** @typedef {{face: number, out?: boolean, kept?: boolean, new?: boolean}} Die */
/** @typedef {import("./actions.js").Offer} Offer */

/** A die drawn with its pips. @param {number} face @param {string} [extra] classes @returns {HTMLElement} */
function pips(face, extra = "") {
  const on = /** @type {Record<number, number[]>} */ (PIPS)[face] || [];
  const dots = Array.from({ length: 9 }, (_, i) => el("i", { class: on.includes(i) ? "pip on" : "pip" }));
  return el("span", { class: `face f${face} ${extra}`.trim(), "aria-hidden": "true" }, dots);
}

/** Faces high to low, as the host writes a roll's `keep`. @param {number[]} faces */
function sorted(faces) {
  return [...faces].sort((a, b) => b - a).join(",");
}

/** This page's stylesheet (`/dice.css`): main.js fetches it ahead while the seats are chosen. */
export const STYLE = "dice";

/** @param {HTMLElement} root @param {import("./main.js").Context} ctx */
export function mount(root, ctx) {
  useStyle(STYLE);
  const head = el("div", { class: "dice-head" });
  const banner = el("div", { class: "dice-call", role: "status", hidden: true });
  const cup = el("section", { class: "cup" });
  const buttons = el("div", { class: "dice-actions" });
  const end = el("section", { class: "dice-end", hidden: true });
  const seats = el("section", { class: "dice-seats" });
  const last = el("section", { class: "dice-last", hidden: true });
  const pad = el("section", { class: "dice-pad", hidden: true });
  const left = el("div", { class: "dice-main" }, [cup, pad, buttons, end]);
  const right = el("div", { class: "dice-side" }, [seats, last]);
  root.append(head, banner, el("div", { class: "dice-cols" }, [left, right]));

  /** @type {any} */ let view = null;
  let at = -1;
  /** the dice (indices into the cup's dice) the player tapped to keep or put out */
  let picked = new Set();
  let fresh = false; // the view is a new position: just-rolled dice tumble once
  let waiting = 0; // a timer: a choice was sent, the buttons wait for the host's answer
  let bannerTimer = 0;
  /** @type {number[]} */ let faces = []; // the faces tapped on the pad
  let padKey = ""; // the pad's shape (dice, stay, roll): the faces tapped stay while it does
  let sent = false; // the faces were sent: the next position clears them
  let queued = ""; // the entry to send once the roll the pad asked for first is in
  let why = ""; // the host's refusal of the pad's last entry

  /** @param {string} action */
  function send(action) {
    if (waiting) return;
    ctx.act(action);
    waiting = window.setTimeout(() => { waiting = 0; draw(); }, RETRY_MS);
    draw();
  }

  /** The roll that keeps what lies out of the cup and what is picked (none: this choice cannot be rolled).
   * @returns {Offer | undefined} */
  function chosenRoll() {
    const dice = /** @type {Die[]} */ (view.table.cup.dice || []);
    const keep = dice.filter((d, i) => d.out || picked.has(i)).map((d) => d.face);
    return (view.actions || []).find((/** @type {Offer} */ o) => o.kind === "roll" && sorted(o.keep || []) === sorted(keep));
  }

  function drawHead() {
    const tb = view.table;
    fill(head, [
      el("span", { class: "headline", text: (tb.headline || []).join(" · ") }),
      tb.pile ? el("span", { class: "pile", "data-n": tb.pile.n }, [
        el("span", { class: "mat-icon", "aria-hidden": "true" }), `${tb.pile.label}: ${tb.pile.text}`]) : null,
    ]);
  }

  /** The seat this page plays (none: watching, the judges). @returns {number} */
  function me() {
    return view.you && typeof view.you.index === "number" && !ctx.watch ? view.you.index : -1;
  }

  function drawCup() {
    const c = view.table.cup;
    const mine = me() >= 0 && c.seat === me(); // (the table is every seat's: this page marks its own)
    /** @type {Die[]} */
    const dice = c.dice || [];
    const rolled = c.phase === "rolled" || c.phase === "rolling";
    const shown = rolled ? dice : (c.last ? c.last.dice : []);
    // dice may be picked when the host offers this seat a roll (while a choice is on its way they stay as picked, untappable)
    const tappable = mine && c.phase === "rolled" && (view.actions || []).some((/** @type {Offer} */ o) => o.kind === "roll");
    const row = [];
    const outs = [];
    shown.forEach((d, i) => {
      const tap = tappable && rolled && !d.out;
      const isPicked = tap && picked.has(i);
      const cls = ["die", rolled ? "" : "done", isPicked ? "picked" : "", d.new && fresh && !view.real_table ? "tumble" : ""].filter(Boolean).join(" ");
      const die = el(tap ? "button" : "span", {
        class: cls, type: tap ? "button" : null, "data-face": d.face, "data-die": i, disabled: tap && !!waiting,
        "aria-pressed": tap ? String(isPicked) : null, "aria-label": String(d.face),
        onclick: tap ? () => { if (picked.has(i)) picked.delete(i); else picked.add(i); draw(); } : null,
      }, [pips(d.face), d.out ? null : el("span", { class: isPicked ? "mark" : "mark off", text: c.mark })]);
      (d.out ? outs : row).push(die);
    });
    if (c.phase === "rolling") for (let k = shown.length; k < 3; k++) row.push(c.entering ? el("span", { class: "dice-slot empty" }) : el("span", { class: "die rolling" }, [pips(0)]));
    const who = c.phase === "to_roll" ? (mine ? t("Your turn to roll") : c.status)
      : mine ? t("Your cup") : c.name ? t("{name}'s cup", { name: c.name }) : "";
    /** @type {(Node | string | null)[]} */
    const parts = [who || rolled ? el("div", { class: "cup-top" }, [
      el("span", { class: "cup-who", text: who }),
      rolled ? el("span", { class: "cup-roll", text: c.roll_text }) : c.phase === "to_roll" ? el("span", { class: "cup-roll", text: c.up_to }) : null,
    ]) : null];
    parts.push(el("div", { class: "dice-row" }, row.length ? row : [el("span", { class: "cup-empty", "aria-hidden": "true" })]));
    if (outs.length) parts.push(el("div", { class: "out-tray" }, [el("span", { class: "out-label", text: t("out") }), ...outs]));
    if (rolled && c.throw) parts.push(el("div", { class: "cup-throw", text: c.throw }));
    if (c.entering) parts.push(el("div", { class: "cup-status", text: c.entering }));
    if (!rolled && c.last) parts.push(el("div", { class: "cup-last", text: `${c.last.name}: ${c.last.throw}` }));
    if (tappable && !waiting && c.hint) parts.push(el("div", { class: "cup-hint", text: c.hint }));
    cup.className = `cup phase-${c.phase}${mine ? " mine" : ""}`;
    Object.assign(cup.dataset, { phase: c.phase, roll: String(c.roll ?? 0), rolls: String(c.rolls ?? 0) });
    fill(cup, parts);
  }

  /** The pad's entry (faces, `tower`) sent, after the roll when the pad asks for one first. @param {string} text */
  function enter(text) {
    why = "";
    sent = true;
    if (view.enter.roll) { queued = text; send(view.enter.roll); } else send(text);
  }

  /** A face tapped on the pad: the last slot filled sends the throw. @param {number} f */
  function tap(f) {
    if (waiting || faces.length >= view.enter.dice) return;
    faces.push(f);
    why = "";
    if (faces.length === view.enter.dice) enter(faces.join(" "));
    draw();
  }

  /** The entry pad (the host's `enter`): the dice that stay, the slots, six faces, Back, Türmchen. */
  function drawPad() {
    const e = ctx.watch ? null : view.enter;
    pad.hidden = !e;
    cup.hidden = !!e;
    if (!e) return;
    const c = view.table.cup;
    const busy = !!waiting;
    const slots = [...e.stay.map((/** @type {number} */ f) => el("span", { class: "dice-slot stay" }, [pips(f)])),
      ...Array.from({ length: e.dice }, (_, i) => (faces[i] ? el("span", { class: "dice-slot", "data-face": faces[i] }, [pips(faces[i])]) : el("span", { class: "dice-slot empty" })))];
    fill(pad, [
      el("div", { class: "cup-top" }, [el("span", { text: t("Your cup") }), el("span", { class: "cup-roll", text: c.phase === "to_roll" ? c.up_to : c.roll_text })]),
      c.phase === "to_roll" && c.last ? el("div", { class: "cup-last", text: `${c.last.name}: ${c.last.throw}` }) : null,
      el("p", { class: "dice-ask", text: e.title }),
      el("div", { class: "dice-slots" }, slots),
      why ? el("div", { class: "dice-why", role: "alert", text: why }) : null,
      el("div", { class: "dice-keys" }, [1, 2, 3, 4, 5, 6].map((f) => el("button", { class: "dice-key", type: "button", "data-face": f, "aria-label": String(f),
        disabled: busy || faces.length >= e.dice, onclick: () => tap(f) }, [pips(f)]))),
      el("div", { class: "dice-more" }, [
        el("button", { type: "button", class: "dice-back", disabled: busy || !faces.length, onclick: () => { faces.pop(); why = ""; draw(); } }, ["← " + t("Back")]),
        e.tower ? el("button", { type: "button", class: "dice-tower", disabled: busy || faces.length > 0, onclick: () => enter("tower") }, [t("Türmchen")]) : null,
      ]),
    ]);
  }

  function drawButtons() {
    /** @type {Offer[]} */
    const offers = ctx.watch ? [] : (view.actions || []).filter((/** @type {Offer} */ o) => !pad.hidden && view.enter.roll ? o.action !== view.enter.roll : true);
    const rolls = offers.filter((o) => o.kind === "roll");
    const roll = rolls.length ? chosenRoll() : undefined;
    const rest = offers.filter((o) => o.kind !== "roll");
    const busy = !!waiting;
    /** @param {Offer} o @param {string} cls */
    const button = (o, cls) => el("button", { class: `action action-${o.kind} ${cls}`, type: "button", "data-action": o.action,
      disabled: busy, onclick: () => send(o.action) }, [o.label]);
    fill(buttons, [
      rolls.length ? (roll ? button(roll, "primary")
        : el("button", { class: "action action-roll primary", type: "button", disabled: true }, [t("This choice cannot be rolled")])) : null,
      rest.length ? el("div", { class: "dice-more" }, rest.map((o) => button(o, ""))) : null,
    ]);
  }

  function drawSeats() {
    const tb = view.table;
    const you = view.you && typeof view.you.index === "number" ? view.you.index : -1;
    const rows = (tb.seats || []).map((/** @type {any} */ s) => el("li", {
      class: ["seat-row", s.current ? "current" : "", s.active ? "" : "idle", s.seat === you ? "you" : "", s.thrown ? "thrown" : ""].filter(Boolean).join(" "),
      "data-seat": s.seat,
    }, [
      el("div", { class: "seat-main" }, [
        el("span", { class: "seat-name", text: s.name }),
        s.seat === you ? el("span", { class: "seat-tag you", text: t("you") }) : null,
        s.bot ? el("span", { class: "seat-tag", text: t("bot") }) : null,
        ...(s.tags || []).map((/** @type {string} */ x) => el("span", { class: "seat-tag hot", text: x })),
        el("div", { class: "seat-status", text: s.status }),
      ]),
      el("div", { class: "seat-score" }, [
        el("span", { class: "mats", title: s.mats_text, "aria-label": s.mats_text }, [el("span", { class: "mat-icon", "aria-hidden": "true" }), String(s.mats)]),
        el("span", { class: `count${s.count ? " some" : ""}`, text: s.count_text }),
      ]),
    ]));
    fill(seats, [el("h2", { text: view.over ? t("Last round") : t("This round") }), el("ol", { class: "seat-list" }, rows)]);
  }

  function drawLast() {
    const tb = view.table;
    const lr = tb.last_round;
    const show = !!lr && (tb.fresh || view.over);
    last.hidden = !show;
    if (!show) return;
    if (!view.over && last.nextSibling !== seats) seats.before(last); // (a new round: what the last one ruled comes first)
    if (view.over && seats.nextSibling !== last) seats.after(last);
    fill(last, view.over ? lr.outcome.map((/** @type {string} */ line) => el("p", { class: "outcome", text: line })) : [
      el("h2", { text: t("Last round") }),
      el("div", { class: "muted small", text: lr.title }),
      el("ul", { class: "last-throws" }, lr.throws.map((/** @type {any} */ x) => el("li", {}, [el("b", { text: x.name }), ` ${x.throw}`]))),
      ...lr.outcome.map((/** @type {string} */ line) => el("p", { class: "outcome", text: line })),
    ]);
  }

  function drawEnd() {
    const standing = view.table.standing;
    end.hidden = !view.over;
    if (!view.over) return;
    fill(end, [
      el("h2", { text: t("The match is over") }),
      view.result ? el("p", { class: "result", text: view.result }) : null,
      standing ? el("ol", { class: "standing" }, standing.map((/** @type {string} */ line) => el("li", { text: line }))) : null,
    ]);
  }

  function drawBanner() {
    const calls = view.table.calls || [];
    if (!fresh || !calls.length) return;
    fill(banner, [calls.join(" – ")]);
    banner.hidden = false;
    clearTimeout(bannerTimer);
    bannerTimer = window.setTimeout(() => { banner.hidden = true; }, BANNER_MS);
  }

  function draw() {
    if (!view || !view.table || !view.table.cup) return;
    drawHead();
    drawCup();
    drawPad();
    drawButtons();
    drawSeats();
    drawLast();
    drawEnd();
    drawBanner();
    fresh = false;
  }

  return {
    /** @param {any} v */
    update(v) {
      if (v.at !== at) {
        at = v.at;
        fresh = true;
        const dice = /** @type {Die[]} */ ((v.table && v.table.cup && v.table.cup.dice) || []);
        picked = new Set(dice.map((d, i) => (d.kept ? i : -1)).filter((i) => i >= 0)); // (Katchen: last roll's keep again)
        clearTimeout(waiting);
        waiting = 0;
        const key = v.enter ? [v.enter.dice, v.enter.stay, v.enter.roll].join("|") : "";
        if (queued && v.enter && !v.enter.roll) { view = v; send(queued); } // (the roll is in: now its faces)
        else if (sent || key !== padKey) { faces = []; why = ""; sent = false; }
        queued = "";
        padKey = key;
      }
      view = v;
      root.dataset.at = String(v.at);
      draw();
    },
    /** The host refused this seat's request: shown on the pad while it is open (else a toast).
     * @param {string} reason @returns {boolean} */
    refused(reason) {
      if (!view || !view.enter || ctx.watch) return false;
      why = reason;
      sent = false;
      queued = "";
      clearTimeout(waiting);
      waiting = 0;
      draw();
      return true;
    },
  };
}
