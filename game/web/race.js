// @ts-check
/** Racerbile and Le Mans on a phone: the board (race_board.js), the gear, the dice, the fields within
 * reach lit – tap one for the coach's words on it, confirm to drive –, the Le Mans driver change and
 * the 42 field, the seat's own faults, the standings and the event clock; the time trial (race_trial.js); at
 * a real table the pad for the seat's own throw (race_pad.js); the judges' console for the judges' seat
 * (race_judges.js); the big board for Watch. Every decision sent is an offer of the host's. */
import { drawOnce, el, fill, useStyle } from "./dom.js";
import { Board, SEAT_COLORS } from "./race_board.js";
import { Pad } from "./race_pad.js";
import { Trial } from "./race_trial.js";
import { t } from "./words.js";

/** @typedef {import("./actions.js").Offer} Offer */

/** The track as last sent (`static`: main.js keeps it and hands it on with every view). @type {any} */
let track = null;

/** @param {number} s seconds @returns {string} */
export function clockText(s) {
  const n = Math.max(0, Math.floor(s));
  const two = (/** @type {number} */ v) => String(v).padStart(2, "0");
  return `${two(Math.floor(n / 3600))}:${two(Math.floor((n % 3600) / 60))}:${two(n % 60)}`;
}

/** This page's stylesheet (`/race.css`): main.js fetches it ahead while the seats are chosen. */
export const STYLE = "race";

/** @param {HTMLElement} root @param {import("./main.js").Context} ctx */
export function mount(root, ctx) {
  useStyle(STYLE);
  const head = el("div", { class: "race-head" });
  const clock = el("div", { class: "race-clock" });
  const boardBox = el("div", { class: "board-box" });
  const controls = el("div", { class: "race-controls" });
  const standings = el("div", { class: "standings" });
  const faults = el("details", { class: "faults" });
  root.append(head, clock, boardBox, el("div", { class: "board-tools" }, [
    el("button", { type: "button", class: "small", onclick: () => board.fit() }, [t("Whole track")]),
  ]), controls, standings, faults);
  const board = new Board(boardBox, tapped);
  /** @type {any} */ let view = null;
  /** @type {[number, number] | null} */ let chosen = null;
  let way = 0;
  /** @type {string | null} */ let fault = null;
  let clockAt = 0;
  let lastTurn = "";
  if (ctx.watch) board.least = 26;
  const pad = new Pad(ctx, () => draw());
  const trial = new Trial(ctx, () => draw());

  /** @param {string} kind @returns {Offer[]} */
  const offered = (kind) => (ctx.watch || !view ? [] : view.actions.filter((/** @type {Offer} */ o) => o.kind === kind));

  /** @param {number} q @param {number} r */
  function tapped(q, r) {
    const drives = offered("drive");
    if (!drives.length) return;
    if (!drives.some((o) => o.to[0] === q && o.to[1] === r)) { ctx.toast(t("Not reachable with this roll – tap a lit field")); return; }
    chosen = [q, r];
    way = 0;
    draw();
  }

  /** A row of big buttons, one per offer. @param {Offer[]} offers @param {string} [cls] */
  const buttons = (offers, cls = "") => el("div", { class: `race-buttons ${cls}` }, offers.map((o) => el("button", {
    type: "button", class: `action action-${o.kind}`, "data-action": o.action, onclick: () => ctx.act(o.action),
  }, [o.label, o.note ? el("small", { text: o.note }) : null])));

  function drawControls() {
    const table = view.table;
    // A view comes with every tick of the Le Mans clock: controls drawn from the same offers stay the
    // same nodes (a button being tapped is not replaced under the finger).
    const key = JSON.stringify([view.actions, table.turn, view.enter, table.entering, table.say, view.your_turn, view.over,
      view.turn, view.you, chosen, way, pad.key, pad.faces, pad.error, pad.sent, trial.error, trial.sent]);
    if (view.you && view.you.judge) {
      import("./race_judges.js").then((m) => drawOnce(controls, key, () => m.drawJudges(controls, view.actions, ctx.act)));
      return;
    }
    drawOnce(controls, key, () => fill(controls, controlParts(table)));
  }

  /** The seat's controls now: its dice, the real table's pad, the offers, or whose turn it is.
   * @param {any} table @returns {(Node | null)[]} */
  function controlParts(table) {
    /** @type {(Node | null)[]} */
    const parts = [];
    const turn = table.turn;
    if (turn) parts.push(dice(turn));
    if (view.enter) parts.push(pad.draw(view.enter)); // a real table: this seat enters its throw
    const times = offered("trial")[0];
    if (times) parts.push(trial.draw(times, offered("order")));
    else { trial.clear(); parts.push(buttons(offered("order"))); }
    const gears = offered("gear");
    if (gears.length) {
      const by = (/** @type {number} */ d) => gears.find((o) => o.delta === d);
      parts.push(el("p", { class: "hint", text: t("Gear {n}", { n: turn ? turn.gear : 1 }) + " · " + t("choose the gear") }));
      parts.push(el("div", { class: "race-buttons gears" }, [1, 0, -1].map((d) => {
        const o = by(d);
        return el("button", { type: "button", class: `action action-gear gear-${d > 0 ? "up" : d < 0 ? "down" : "hold"}`, disabled: !o,
          "data-action": o ? o.action : null, onclick: () => o && ctx.act(o.action) },
        [o ? o.label : d > 0 ? t("Gear up") : d < 0 ? t("Gear down") : t("Hold")]);
      })));
    }
    const drivers = offered("driver");
    if (drivers.length) parts.push(el("p", { class: "hint", text: t("or a change of driver") }), buttons(drivers, "drivers"));
    const drives = offered("drive");
    if (drives.length) parts.push(chosen ? coach(drives) : el("p", { class: "hint big-hint", text: t("Tap a lit field on the board") }));
    const names = offered("name42");
    if (names.length) parts.push(el("p", { class: "hint", text: t("Name an opponent: he drinks what you drink this turn") }), buttons(names, "names"));
    if (!view.your_turn && !view.over && !(view.you && view.you.judge) && !ctx.watch && view.you) {
      parts.push(el("p", { class: "hint waiting", text: table.entering ? table.entering.say : t("Waiting for {name}", { name: (view.turn || []).join(", ") || table.say }) }));
    }
    return parts;
  }

  /** The turn's dice: those landed, and the 5s and 6s rolled again. @param {any} turn */
  function dice(turn) {
    if (!turn.dice.length && !turn.rerolled.length) return null;
    return el("div", { class: "dice", "aria-label": t("Dice") }, [
      ...turn.rerolled.map((/** @type {number} */ f) => el("span", { class: "die again", text: String(f) })),
      ...turn.dice.map((/** @type {number} */ f) => el("span", { class: `die${f === 1 ? " one" : ""}`, text: String(f) })),
      turn.roll !== null ? el("strong", { class: "roll", text: t("Rolled {n}", { n: turn.roll }) }) : null,
    ]);
  }

  /** The coach's words on the tapped field's way, and the buttons to drive it. @param {Offer[]} drives */
  function coach(drives) {
    const ways = drives.filter((o) => chosen && o.to[0] === chosen[0] && o.to[1] === chosen[1]);
    const o = ways[way % ways.length];
    return el("div", { class: "coach" }, [
      ...o.coach.map((/** @type {[string, string]} */ [text, tone], /** @type {number} */ i) => el(i ? "div" : "strong", { class: `line tone-${tone}`, text })),
      ways.length > 1 ? el("button", { type: "button", class: "small", onclick: () => { way += 1; draw(); } },
        [t("way {n} of {total} – tap for another", { n: (way % ways.length) + 1, total: ways.length })]) : null,
      el("div", { class: "race-buttons" }, [
        el("button", { type: "button", class: "action action-drive go", "data-action": o.action, onclick: () => { chosen = null; ctx.act(o.action); } }, [t("Drive")]),
        el("button", { type: "button", class: "action cancel", onclick: () => { chosen = null; draw(); } }, [t("Cancel")]),
      ]),
    ]);
  }

  function drawStandings() {
    const rows = view.table.standings;
    fill(standings, [el("h3", { text: t("Standings") }), ...rows.map((/** @type {any} */ s) => {
      const dot = el("span", { class: "dot", text: view.table.cars.find((/** @type {any} */ c) => c.seat === s.seat)?.mark || s.name.slice(0, 1) });
      dot.style.background = SEAT_COLORS[s.seat % SEAT_COLORS.length];
      const sub = [s.driver ? t("{name} at the wheel", { name: s.driver }) : "", s.note, s.gap].filter(Boolean).join(" · ");
      return el("div", { class: `row${s.on ? " on" : ""}` }, [
        el("span", { class: "place", text: s.place ? `${s.place}.` : "" }), dot,
        el("span", { class: "who" }, [el("b", { text: s.name }), sub ? el("small", { class: s.note ? "note" : "", text: sub }) : null]),
        el("span", { class: "figs", text: `${t("Lap {n}", { n: s.laps })} · ${s.sips === 1 ? t("{n} sip", { n: 1 }) : t("{n} sips", { n: s.sips })}` }),
      ]);
    })]);
  }

  function drawFaults() {
    const calls = offered("fault");
    faults.hidden = !calls.length;
    if (!calls.length) return;
    const open = faults.open;
    /** @type {Node[]} */
    const list = [el("summary", { text: t("Call a fault") })];
    let group = "";
    for (const o of calls) {
      if (o.group !== group) { group = o.group; list.push(el("h4", { text: group })); }
      const on = fault === o.action;
      list.push(el("button", { type: "button", class: `fault${on ? " chosen" : ""}`, "data-action": o.action,
        onclick: () => { if (on) { fault = null; ctx.act(o.action); } else fault = o.action; drawFaults(); } },
      [on ? t("Tap again to call it: {fault}", { fault: o.label }) : o.label, el("small", { text: o.cost })]));
    }
    fill(faults, list);
    faults.open = open;
  }

  function tickClock() {
    const c = view && view.table.clock;
    clock.hidden = !c;
    if (!c) return;
    const now = c.running ? c.now + ((performance.now() - clockAt) / 1000) * c.factor : c.now;
    fill(clock, [t("Event clock {now} of {end}", { now: clockText(Math.min(now, c.end)), end: clockText(c.end) }),
      c.last ? el("b", { class: "last", text: t("LAST ROUND") }) : null]);
  }

  function draw() {
    const table = view.table;
    const turnSeat = table.turn ? table.turn.seat : -1;
    fill(head, [table.say]); // (a real table: the bar says so)
    if (root.classList.contains("entering") && !view.enter) scrollTo(0, 0); // entered: the board, to tap where the cap stands
    root.classList.toggle("entering", !!view.enter);
    root.classList.toggle("trialling", offered("trial").length > 0);
    const drives = offered("drive");
    if (chosen && !drives.some((o) => o.to[0] === chosen?.[0] && o.to[1] === chosen?.[1])) chosen = null;
    const lit = /** @type {[number, number][]} */ ([...new Set(drives.map((o) => o.to.join(",")))].map((k) => k.split(",").map(Number)));
    const shown = chosen ? drives.filter((o) => o.to[0] === chosen?.[0] && o.to[1] === chosen?.[1]) : [];
    const car = table.cars.find((/** @type {any} */ c) => c.seat === turnSeat);
    const turnKey = `${turnSeat}:${table.phase}`;
    if (turnKey !== lastTurn) { lastTurn = turnKey; board.userMoved = false; } // a new turn: follow its car again
    board.setCars(table.cars, turnSeat);
    board.setLit(lit, chosen, shown.length ? shown[way % shown.length].path : [], car ? [[car.q, car.r]] : []);
    if (!ctx.watch) drawControls();
    drawStandings();
    drawFaults();
    tickClock();
  }

  const timer = setInterval(() => { if (document.body.contains(root)) tickClock(); else clearInterval(timer); }, 1000);
  root.classList.toggle("judging", false);
  return {
    /** @param {string} reason */
    refused: (reason) => pad.refused(reason) || trial.refused(reason),
    /** @param {any} v */
    update(v) {
      if (v.static) track = v.static;
      const fresh = !view || (v.static && v.static !== view.static) || !board.fields;
      view = v;
      clockAt = performance.now();
      root.classList.toggle("judging", !!(v.you && v.you.judge));
      if (fresh && track) board.setTrack(track);
      if (v.at !== undefined && fault && !v.actions.some((/** @type {Offer} */ o) => o.action === fault)) fault = null;
      draw();
    },
  };
}
