// @ts-check
/** Bierpong's throw card at a real table (docs/real-table.md): no ball flies on the phone; after each
 * real ball the seat on turn says what it did. Flags first (Bounce, Roller, caught by X, fetched, in a
 * team who threw), then one tap on the cup it went in or on a result sends its line at once; a
 * roller's cups are tapped in order, the last the cup it went in, then sent. The lines are the host's
 * (`view.entry`: each thrower's line to write the outcome into, its swats, catches and fetch); the host
 * rules, and its refusal is shown on the card. */
import { buzz, el, fill } from "./dom.js";
import { t } from "./words.js";

/** @typedef {{name: string, line: string, fetch: string, swat: string[][], catch: string[][]}} Thrower */
/** @typedef {{throwoff: boolean, throwers: Thrower[], defenders: string[], open: number[]}} Entry */

/** @param {import("./main.js").Context} ctx */
export function throwCard(ctx) {
  const node = el("section", { class: "pong-card", hidden: true, "aria-label": t("The throw card") });
  /** @type {Entry | null} */ let entry = null;
  /** @type {any} */ let tbl = null;
  let cupR = 0.046, last = 0, sent = "", bounce = false, roller = false, fetched = false, by = "", who = "", error = "";
  /** @type {number[]} */ let path = [];
  /** @type {string[]} */ let queue = [];  // a catch or fetch after its throw (`sent`): sent once the host logged the throw
  const clear = () => { bounce = roller = fetched = false; by = ""; path = []; };

  function me() { const ts = /** @type {Entry} */ (entry).throwers; return ts.find((p) => p.name === who) || ts[0]; }

  /** @param {string[]} lines */
  function send(lines) {
    error = "";
    queue = lines.slice(1);
    sent = lines[0];
    ctx.act(sent);
    buzz(30);
    clear();
    draw();
  }

  /** A result in the notation's words (hit 3, bounce 3, roller 2>5, miss, air, back), with the flags. @param {string} out */
  function result(out) {
    const p = me(), caught = p.catch.find(([d]) => d === by);
    const lines = [p.line.replace("{}", out)];
    if (out === "air" && caught) lines.push(caught[1]);
    if (out === "back" && fetched && p.fetch) lines.push(p.fetch);
    send(lines);
  }

  function rollerLine() { return path.length >= 2 ? `${bounce ? "bounce " : ""}roller ${path.join(">")}` : ""; }

  /** @param {number} id */
  function tapCup(id) {
    if (!roller) { result(`${bounce ? "bounce" : "hit"} ${id}`); return; }
    path = path.includes(id) ? path.filter((c) => c !== id) : [...path, id];
    error = "";
    draw();
  }

  /** @param {string} text @param {boolean} on @param {() => void} go @param {string} [cls] */
  const chip = (text, on, go, cls = "chip") => el("button", { type: "button", class: `${cls}${on ? " on" : ""}`, "aria-pressed": on ? "true" : "false",
    onclick: () => { error = ""; go(); draw(); } }, [text]);
  /** @param {string} text @param {() => void} go @param {string} [name] */
  const act = (text, go, name = "") => el("button", { type: "button", class: "action", "data-result": name, onclick: go }, [text]);

  function rack() {
    const side = tbl.sides[tbl.target], cups = /** @type {number[][]} */ (side.cups);
    const box = el("div", { class: "pong-rack", role: "group", "aria-label": t("The cups thrown at") });
    if (!cups.length) return box;
    const r = cupR, xs = cups.map((c) => c[1]), ys = cups.map((c) => c[2]);
    const x1 = Math.max(...xs) + r, y1 = Math.max(...ys) + r;
    const dx = x1 - Math.min(...xs) + r, dy = y1 - Math.min(...ys) + r;
    box.style.aspectRatio = `${dy / dx}`;
    box.style.maxWidth = `${(dy / dx) * 30}vh`;
    const open = new Set(/** @type {Entry} */ (entry).open), hit = new Set(tbl.hits);
    for (const [id, x, y] of cups) {
      const n = path.indexOf(id);
      const b = el("button", { type: "button", class: `cup${open.has(id) ? "" : " shut"}${n >= 0 ? " on" : ""}`, "data-cup": id,
        "aria-label": t("Cup {n}", { n: id }), onclick: () => tapCup(id) }, [el("b", { text: id }),
        n >= 0 ? el("i", { text: `${n + 1}.` }) : hit.has(id) || !open.has(id) ? el("i", { text: t("hit") }) : null]);
      Object.assign(b.style, { left: `${((y1 - y) / dy) * 100}%`, top: `${((x1 - x) / dx) * 100}%`, width: `${(1.9 * r / dy) * 100}%` });
      box.append(b);
    }
    return box;
  }

  function draw() {
    node.hidden = !entry || ctx.watch;
    if (!entry || !tbl || ctx.watch) { fill(node, []); return; }
    const p = me(), off = entry.throwoff;
    const flags = [
      ...(entry.throwers.length > 1 ? entry.throwers.map((q) => chip(t("{name} threw", { name: q.name }), q.name === p.name, () => { who = q.name; })) : []),
      chip(t("Bounce"), bounce, () => { bounce = !bounce; }),
      chip(t("Roller"), roller, () => { roller = !roller; path = []; }),
      ...(off ? [] : p.catch.map(([d]) => chip(t("caught by {name}", { name: d }), by === d, () => { by = by === d ? "" : d; }))),
      off ? null : chip(t("fetched"), fetched, () => { fetched = !fetched; }),
    ];
    const line = rollerLine();
    const results = [
      roller ? el("button", { type: "button", class: "action send", disabled: !line, onclick: () => result(line) }, [t("Enter the roller")]) : null,
      act(t("Miss"), () => result("miss"), "miss"), act(t("Air ball"), () => result("air"), "air"), act(t("Rolled back"), () => result("back"), "back"),
      ...(off ? [] : p.swat.map(([d, l]) => act(t("swatted by {name}", { name: d }), () => send([l]), "swat"))),
    ];
    const note = error || (line ? `→ ${p.line.replace("{}", line)}` : "");
    fill(node, [
      el("p", { class: "pong-hint", text: roller ? t("Roller: tap the cups it touched in order, the last the cup it went in – then enter it")
        : t("Set the flags first, then tap the cup it went in or what happened: sent at once") }),
      rack(),
      el("div", { class: "pong-flags" }, flags),
      el("div", { class: "actions pong-results" }, results),
      el("p", { class: `pong-note${error ? " error" : ""}`, role: error ? "alert" : null, text: note }),
    ]);
  }

  return {
    node,
    /** The card's question for the status line ("" while closed). */
    title() {
      if (!entry || !tbl || ctx.watch) return "";
      return t("{name}'s throw at {team}: what did the ball do?", { name: me().name, team: tbl.sides[tbl.target].name });
    },
    /** A new view: the card opens while the host says this seat enters (`view.entry`).
     * @param {any} view @param {number} r the cup's rim radius (m) */
    update(view, r) {
      cupR = r || cupR;
      tbl = view.table;
      const next = view.entry || null;
      if (tbl.last_at !== last) {  // a line was entered (the host's clock logs time too: that changes nothing here)
        last = tbl.last_at;
        error = "";
        if (queue.length && tbl.last.endsWith(sent)) { sent = /** @type {string} */ (queue.shift()); ctx.act(sent); }
      }
      if (!next || !entry || next.throwers.map((/** @type {Thrower} */ p) => p.name).join() !== entry.throwers.map((p) => p.name).join()) { clear(); who = ""; }
      entry = next;
      draw();
    },
    /** The host refused a request of this seat: its reason on the card (nothing was logged). @param {string} reason */
    refused(reason) {
      queue = [];
      if (!entry) return;
      error = reason;
      draw();
    },
  };
}
