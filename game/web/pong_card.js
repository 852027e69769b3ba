// @ts-check
/** Bierpong's throw card at a real table: flags first, then a tap on a cup or a result sends the
 * host's line (`view.entry`) at once; a roller's cups in order, then sent; with "Both balls at once"
 * (bierpong.art4, while the host offers `entry.pair`) the first ball's result is held and the second's
 * sends the pair's line. Refusals show on the card. */
import { buzz, el, fill } from "./dom.js";
import { t } from "./words.js";

/** @typedef {{name: string, line: string, fetch: string, swat: string[][], catch: string[][]}} Thrower */

/** @param {import("./main.js").Context} ctx @param {() => void} retitled called when the card's title may have changed */
export function throwCard(ctx, retitled) {
  const node = el("section", { class: "pong-card", hidden: true });
  /** @type {{throwoff: boolean, throwers: Thrower[], open: number[], pair: string} | null} */ let entry = null;
  /** @type {any} */ let tbl = null;
  let r = 0.046, last = 0, sent = "", bounce = false, roller = false, fetched = false, by = "", who = "", error = "", both = false;
  /** @type {string[]} */ let first = [];  // with `both`: the first ball's lines, held for the second's
  /** @type {number[]} */ let path = [];
  /** @type {string[]} */ let queue = [];  // a catch or fetch, after its throw (`sent`) is logged
  const clear = () => { bounce = roller = fetched = false; by = ""; path = []; };
  const me = () => { const ts = entry ? entry.throwers : []; return ts.find((p) => p.name === who) || ts[0]; };

  /** @param {string[]} lines */
  function send(lines) {
    [sent, ...queue] = lines;
    error = "";
    ctx.act(sent);
    buzz(30);
    clear();
    draw();
  }

  /** @param {string} out the outcome's words: hit 3, bounce 3, roller 2>5, miss, air, back */
  function result(out) {
    const p = me(), caught = p.catch.find(([d]) => d === by);
    const lines = [p.line.replace("{}", out), ...(out === "air" && caught ? [caught[1]] : []), ...(out === "back" && fetched && p.fetch ? [p.fetch] : [])];
    if (!both || !entry) return send(lines);
    if (!first.length) {  // the first ball held; the second is the partner's, unless somebody else is tapped
      clear();
      first = lines;
      error = "";
      who = (entry.throwers.find((q) => q.name !== p.name) || p).name;
      return draw();
    }
    const [a, ...more] = first;
    first = [];
    both = false;
    // (a function as the replacement: a name with "$&" in it stays as it is)
    send([entry.pair.replace("{}", () => a).replace("{}", () => lines[0]), ...more, ...lines.slice(1)]);
  }

  /** @param {number} id */
  function tap(id) {
    if (!roller) return result(`${bounce ? "bounce" : "hit"} ${id}`);
    path = path.includes(id) ? path.filter((c) => c !== id) : [...path, id];
    draw();
  }

  /** @param {string} text @param {boolean} on @param {() => void} go */
  const chip = (text, on, go) => el("button", { type: "button", class: `chip${on ? " on" : ""}`, "aria-pressed": `${on}`,
    onclick: () => { error = ""; go(); draw(); } }, [text]);
  /** @param {string} text @param {() => void} go @param {string} name */
  const act = (text, go, name) => el("button", { type: "button", class: "action", "data-result": name, onclick: go }, [text]);

  function rack() {
    const cups = /** @type {number[][]} */ (tbl.sides[tbl.target].cups), box = el("div", { class: "pong-rack" });
    const xs = cups.map((c) => c[1]), ys = cups.map((c) => c[2]), x1 = Math.max(...xs) + r, y1 = Math.max(...ys) + r;
    const dx = x1 - Math.min(...xs) + r, dy = y1 - Math.min(...ys) + r, open = new Set(entry?.open), hit = new Set(tbl.hits);
    Object.assign(box.style, { aspectRatio: `${dy / dx}`, maxWidth: `${(dy / dx) * 28}vh` });
    for (const [id, x, y] of cups) {
      const n = path.indexOf(id), b = el("button", { type: "button", class: `cup${open.has(id) ? "" : " shut"}${n < 0 ? "" : " on"}`,
        "data-cup": id, onclick: () => tap(id) }, [el("b", { text: id }), n >= 0 ? el("i", { text: `${n + 1}.` }) : hit.has(id) || !open.has(id) ? el("i", { text: t("hit") }) : null]);
      Object.assign(b.style, { left: `${((y1 - y) / dy) * 100}%`, top: `${((x1 - x) / dx) * 100}%`, width: `${(190 * r) / dy}%` });
      box.append(b);
    }
    return box;
  }

  function draw() {
    node.hidden = !entry || ctx.watch;
    if (node.hidden || !entry) return fill(node, []);
    retitled();
    const p = me(), off = entry.throwoff, line = path.length > 1 ? `${bounce ? "bounce " : ""}roller ${path.join(">")}` : "";
    fill(node, [
      el("p", { class: `pong-hint${first.length ? " held" : ""}`, text: first.length ? t("the first ball: {line} – now what the second did", { line: first.join(" · ") })
        : roller ? t("Roller: tap the cups it touched in order, the last the cup it went in – then enter it")
        : t("Set the flags first, then tap the cup it went in or what happened: sent at once") }),
      rack(),
      el("div", { class: "pong-flags" }, [
        ...(entry.pair || both ? [chip(t("Both balls at once"), both, () => { both = !both; first = []; })] : []),
        ...(entry.throwers.length > 1 ? entry.throwers.map((q) => chip(t("{name} threw", { name: q.name }), q === p, () => { who = q.name; })) : []),
        chip(t("Bounce"), bounce, () => { bounce = !bounce; }), chip(t("Roller"), roller, () => { roller = !roller; path = []; }),
        ...(off ? [] : p.catch.map(([d]) => chip(t("caught by {name}", { name: d }), by === d, () => { by = by === d ? "" : d; }))),
        off ? null : chip(t("fetched"), fetched, () => { fetched = !fetched; })]),
      el("div", { class: "actions" }, [
        roller ? el("button", { type: "button", class: "action send", disabled: !line, onclick: () => result(line) }, [t("Enter the roller")]) : null,
        act(t("Miss"), () => result("miss"), "miss"), act(t("Air ball"), () => result("air"), "air"), act(t("Rolled back"), () => result("back"), "back"),
        ...(off || both ? [] : p.swat.map(([d, l]) => act(t("swatted by {name}", { name: d }), () => send([l]), "swat")))]),
      el("p", { class: `pong-note${error ? " error" : ""}`, text: error || (line && `→ ${p.line.replace("{}", line)}`) }),
    ]);
  }

  return {
    /** The host refused a line: its reason on the card while it is open (true), else the shell says it.
     * @param {string} reason @returns {boolean} */
    refused(reason) {
      if (node.hidden) return false;
      queue = []; error = reason; draw();
      return true;
    },
    node,
    title: () => (node.hidden ? "" : t("{name}'s throw at {team}: what did the ball do?", { name: me().name, team: tbl.sides[tbl.target].name })),
    /** The card is open while the view has `entry`. @param {any} view @param {number} rim */
    update(view, rim) {
      const next = view.entry || null, names = (/** @type {any} */ e) => (e ? e.throwers.map((/** @type {Thrower} */ p) => p.name).join() : "");
      r = rim || r;
      tbl = view.table;
      if (tbl.last_at !== last) {  // a line was entered (not the clock)
        last = tbl.last_at;
        error = "";
        if (queue.length && tbl.last.endsWith(sent)) ctx.act(sent = /** @type {string} */ (queue.shift()));
      }
      if (names(next) !== names(entry)) { clear(); who = ""; first = []; }
      if (!next) both = false;
      entry = next;
      draw();
    },
  };
}
