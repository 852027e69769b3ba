// @ts-check
/** Bierpong on a phone: the table from your own end, a flick throws (`pong_flick.js`), a tap on the
 * ball or on Swat!/Catch! defends, a tap on your hit cups removes them; the calls and the rest of the
 * host's offers as buttons. The host's live table plays every ball: the page draws the `table`
 * messages it sends (~30 a second, eased between two) and sends the laptops' `launch` and `defend`.
 * At a real table the seat on turn enters each ball on the throw card (`pong_card.js`).
 * Watching (`ctx.watch`): the table from the side, large, with the cups left. */
import { drawActions } from "./actions.js";
import { el, fill, useStyle, buzz } from "./dom.js";
import { DEFAULT, Picture, toWorld } from "./pong_draw.js";
import { throwCard } from "./pong_card.js";
import { aimOf, launchOf } from "./pong_flick.js";
import { t } from "./words.js";

const DELAY_MS = 45;  // the picture runs this far behind the host's messages, to ease between two
const LINGER_MS = 1500;  // the balls stay drawn this long after the throw is over

/** @typedef {import("./pong_draw.js").P3} P3 */
/** @typedef {{at: number, side: number, flights: any[], balls: any[]}} Snap */

/** @param {HTMLElement} root @param {import("./main.js").Context} ctx */
export function mount(root, ctx) {
  useStyle("pong");
  const canvas = /** @type {HTMLCanvasElement} */ (el("canvas", { class: "pong-canvas", "aria-label": t("The table") }));
  const under = /** @type {HTMLCanvasElement} */ (el("canvas", { class: "pong-bg", "aria-hidden": "true" }));
  const defend = el("button", { class: "pong-defend", type: "button", hidden: true });
  const status = el("p", { class: "pong-status", role: "status" });
  const score = el("div", { class: "pong-score" });
  const who = el("div", { class: "pong-who" });
  const confirm = el("div", { class: "actions pong-remove" });
  const box = el("div", { class: "actions" });
  const stage = el("div", { class: "pong-stage" }, [under, canvas, defend]);
  const card = throwCard(ctx, () => { if (tbl) say(status, words()); });  // (the title names the ball's thrower)
  const last = el("p", { class: "pong-last" });
  root.append(score, status, stage, card.node, last, who, confirm, box);
  const pic = new Picture(canvas, under);
  pic.watch = ctx.watch;

  /** @type {any} */ let view = null;
  /** @type {any} */ let tbl = null;
  /** @type {Snap[]} */ let snaps = [];
  let lastMsg = 0, running = false;
  /** @type {string} */ let pick = "";
  /** @type {Set<number>} */ let chosen = new Set();
  /** @type {{x: number, y: number, t: number}[]} */ let samples = [];
  /** @type {string} */ let pointer = "touch";
  let drawn = 0;

  const L = () => pic.st.length;
  const mine = () => (tbl && typeof tbl.mine === "number" ? tbl.mine : null);
  const latest = () => snaps[snaps.length - 1];
  const flying = () => (latest()?.flights || []).filter((f) => !f.rested && f.swatted_by == null);

  /** Who throws now from this phone (the picked member if allowed), or "". */
  function thrower() {
    if (!tbl || ctx.watch || !tbl.throwers.length) return "";
    const open = flying();
    /** @type {string[]} */
    let may = tbl.throwers;
    if (open.length) {
      const first = open.length === 1 && open[0].pairable ? open[0] : null;
      may = first ? (tbl.partners[first.player] || []) : [];
    }
    return may.includes(pick) ? pick : (may[0] || "");
  }

  /** The defence open now on a ball in play (the host's facts: bounced, untouched past the far edge). */
  function defence() {
    if (!tbl || !tbl.defenders.length) return null;
    const s = latest();
    for (const f of flying()) {
      const b = (s?.balls || []).find((x) => x.id === f.ball);
      if (f.bounced) return { how: "swat", ball: f.ball };
      if (!f.touched && b && b.pos[0] > L()) return { how: "catch", ball: f.ball };
    }
    return null;
  }

  function removal() { return view ? view.actions.filter((o) => o.kind === "remove" || o.kind === "leave") : []; }

  function layout() {
    const w = Math.max(200, stage.clientWidth || root.clientWidth || 360);
    const h = ctx.watch ? Math.min(innerHeight * 0.62, w * 0.5) : Math.min(innerHeight * 0.6, w * 1.4);
    for (const c of [canvas, under]) { c.style.width = `${w}px`; c.style.height = `${Math.round(h)}px`; }
    pic.size(w, Math.round(h));
  }

  function cups() {
    /** @type {import("./pong_draw.js").CupAt[]} */
    const out = [];
    if (!tbl) return out;
    const may = new Set(removal().flatMap((o) => o.cups));
    tbl.sides.forEach((s, i) => {
      for (const [id, x, y] of s.cups) {
        const [X, Y] = i === 1 ? [x, y] : [L() - x, -y];
        const hit = i === tbl.target && tbl.hits.includes(id);
        out.push({ id, X, Y, side: i, hit, dead: s.dead.includes(id), chosen: i === mine() && chosen.has(id), may: i === mine() && may.has(id) && !hit });
      }
    });
    return out;
  }

  /** The balls as drawn at `now`: eased between the two messages around it, in the table's frame. @param {number} now */
  function balls(now) {
    if (!snaps.length) return [];
    const at = now - DELAY_MS;
    let a = snaps[0], b = snaps[0];
    for (let i = snaps.length - 1; i >= 0; i--) {
      if (snaps[i].at <= at) { a = snaps[i]; b = snaps[Math.min(i + 1, snaps.length - 1)]; break; }
    }
    const k = b.at > a.at ? Math.max(0, Math.min(1, (at - a.at) / (b.at - a.at))) : 1;
    const d = defence();
    return b.balls.map((nb) => {
      const ob = a.balls.find((x) => x.id === nb.id) || nb;
      const p = /** @type {P3} */ ([0, 1, 2].map((j) => ob.pos[j] + (nb.pos[j] - ob.pos[j]) * k));
      const f = b.flights.find((x) => x.ball === nb.id);
      const trail = f ? f.trail.map((q) => toWorld(q, b.side, L())) : [];
      return { id: nb.id, pos: toWorld(p, b.side, L()), trail, open: !!f && !f.rested, hot: !!d && d.ball === nb.id };
    });
  }

  /** @type {{from: [number, number], to: [number, number], text: string} | null} */
  let aimLine = null;

  function tick() {
    const now = performance.now();
    const live = balls(now);
    pic.frame(live, aimLine, !!thrower() && !flying().length);
    if (live.length && !drawn) { drawn = 1; canvas.dataset.drawn = ""; }  // (once: a ball was drawn – no DOM work per frame)
    const busy = flying().length > 0;
    if (busy || samples.length || now - lastMsg < LINGER_MS) requestAnimationFrame(tick);
    else running = false;
  }

  function kick() { if (!running) { running = true; requestAnimationFrame(tick); } }

  function drawDefend() {
    const d = defence(), how = d ? d.how : "";
    if ((defend.dataset.how || "") === how && defend.hidden === !d) return;  // (a message ~30 times a second: no change, no DOM work)
    defend.hidden = !d;
    defend.dataset.how = how;
    if (d) defend.textContent = d.how === "swat" ? t("Swat!") : t("Catch!");
  }

  /** @param {HTMLElement} node @param {string} text */
  function say(node, text) { if (node.textContent !== text) node.textContent = text; }

  /** @param {{how: string, ball: number}} d */
  function sendDefence(d) {
    const names = tbl.defenders;
    ctx.send({ type: "defend", how: d.how, ball: d.ball, defender: names.includes(pick) ? pick : names[0], at: ctx.table.at });
    buzz(40);
  }
  defend.addEventListener("click", () => { const d = defence(); if (d) sendDefence(d); });

  /** @param {PointerEvent} e */
  function local(e) { const r = canvas.getBoundingClientRect(); return { x: e.clientX - r.left, y: e.clientY - r.top, t: e.timeStamp }; }

  canvas.addEventListener("pointerdown", (e) => {
    if (ctx.watch || !tbl) return;
    const p = local(e);
    const me = mine();
    if (pic.rack && me !== null) {
      const c = pic.cupAt(p.x, p.y, me);
      if (c) tapCup(c.id);
      return;
    }
    const d = defence();
    if (d && pic.ballAt(p.x, p.y, balls(performance.now())) === d.ball) { sendDefence(d); return; }
    if (!thrower()) return;
    pointer = e.pointerType || "touch";
    canvas.setPointerCapture(e.pointerId);
    samples = [p];
    kick();
  });
  canvas.addEventListener("pointermove", (e) => {
    if (!samples.length) return;
    samples.push(local(e));
    if (samples.length > 400) samples.splice(1, samples.length - 400);  // (the first stays: where the finger came down)
    const a = aimOf(samples, pointer, pic.st.speeds);
    const s0 = samples[0], s1 = samples[samples.length - 1];
    aimLine = a ? { from: [s0.x, s0.y], to: [s1.x, s1.y], text: `${a.speed.toFixed(1)} m/s · ${Math.round(a.angle)}°` } : null;
  });
  const letGo = (/** @type {PointerEvent} */ e) => {
    if (!samples.length) return;
    if (e.type === "pointerup") samples.push(local(e));
    const a = e.type === "pointerup" ? aimOf(samples, pointer, pic.st.speeds) : null;
    const start = samples[0];
    samples = [];
    aimLine = null;
    const who = thrower();
    if (!a || !who) return;
    const half = pic.st.width / 2 - 0.05;
    const across = Math.max(-half, Math.min(half, pic.across(start.x)));
    ctx.send({ type: "launch", player: who, ...launchOf(a, across, pic.st.release_z), at: ctx.table.at });
    status.textContent = t("{name} throws", { name: who });
  };
  canvas.addEventListener("pointerup", letGo);
  canvas.addEventListener("pointercancel", letGo);

  /** A tap on a cup of one's own while cups are removed. @param {number} id */
  function tapCup(id) {
    const offers = removal().filter((o) => o.kind === "remove");
    if (!offers.length || !offers.some((o) => o.cups.includes(id))) return;
    const hit = offers[0].cups[0];
    if (offers.length === 1 && (id === hit || offers[0].cups.length === 1)) { ctx.act(offers[0].action); return; }
    chosen.add(hit);
    if (id !== hit && chosen.has(id)) chosen.delete(id);
    else if (id !== hit) {
      if (chosen.size >= offers[0].cups.length) chosen.delete([...chosen].find((c) => c !== hit) ?? -1);  // (one too many: the first chosen goes back)
      chosen.add(id);
    }
    redraw();
  }

  function drawRemoval() {
    const offers = removal();
    if (!offers.length) { fill(confirm, []); chosen = new Set(); return; }
    const removes = offers.filter((o) => o.kind === "remove");
    if (removes.length === 1) chosen = new Set(removes[0].cups);
    else if (removes.length && !chosen.size) chosen.add(removes[0].cups[0]);
    const match = removes.find((o) => o.cups.length === chosen.size && o.cups.every((c) => chosen.has(c)));
    const need = removes.length ? removes[0].cups.length - chosen.size : 0;
    const shown = [...(match ? [match] : []), ...offers.filter((o) => o.kind === "leave")];
    drawActions(confirm, shown, ctx.act);
    const hit = removes.length ? removes[0].cups[0] : -1;
    const may = [...new Set(removes.flatMap((o) => o.cups))].filter((c) => c !== hit).sort((a, b) => a - b);
    if (may.length) {  // the cups as buttons too: for a thumb that misses a small cup, and for screen readers
      confirm.prepend(el("div", { class: "pong-cups" }, may.map((c) => el("button", { type: "button", class: `chip${chosen.has(c) ? " on" : ""}`,
        "data-cup": c, "aria-pressed": chosen.has(c) ? "true" : "false", onclick: () => tapCup(c) }, [t("Cup {n}", { n: c })]))));
    }
    if (!match && need > 0) confirm.prepend(el("p", { class: "pong-hint", text: need === 1 ? t("Remove: choose one more cup") : t("Remove: choose {n} more cups", { n: need }) }));
  }

  function words() {
    if (!view || !tbl) return "";
    if (view.over) return view.result || t("The match is over");
    if (!ctx.watch && mine() !== null) {
      if (removal().length) return t("Tap your hit cups to take them off the table");
      if (card.title()) return card.title();
      if (tbl.defenders.length) return t("Defend: tap the ball once it bounced (swat) or past the far edge (catch)");
      if (thrower()) return t("{name}: flick the ball up towards the cups – faster throws further, a longer swipe throws higher", { name: thrower() });
      if (view.actions.length) return t("Your turn");
    }
    if (tbl.phase === "remove" && tbl.target >= 0) return t("{team} take their hit cups off the table", { team: tbl.sides[tbl.target].name });
    if (tbl.real && tbl.entering >= 0) return t("Real table: waiting for the throw of {team}", { team: tbl.sides[tbl.entering].name });
    return tbl.throwing >= 0 ? t("{team} throw", { team: tbl.sides[tbl.throwing].name }) : "";
  }

  function drawWho() {
    const names = !tbl || ctx.watch ? [] : tbl.defenders.length ? tbl.defenders : tbl.throwers;
    const current = names.length < 2 ? "" : thrower() || (names.includes(pick) ? pick : names[0]);
    const key = `${names.join("\n")}\n${current}`;
    if (who.dataset.key === key) return;
    who.dataset.key = key;
    if (names.length < 2) { fill(who, []); return; }
    fill(who, [el("span", { class: "muted", text: tbl.defenders.length ? t("Who defends?") : t("Who throws?") })]);
    who.append(...names.map((n) => el("button", { type: "button", class: `chip${n === current ? " on" : ""}`, "aria-pressed": n === current ? "true" : "false",
      onclick: () => { pick = n; who.dataset.key = ""; redraw(); } }, [n])));
  }

  function drawScore() {
    if (!tbl) return;
    fill(score, tbl.sides.map((s, i) => el("div", { class: `side${i === tbl.throwing ? " throwing" : ""}${i === mine() ? " mine" : ""}` }, [
      el("span", { class: "name", text: s.name }),
      el("span", { class: "left", text: t("{n} cups", { n: s.left }) }),
      tbl.on_fire && s.members.includes(tbl.on_fire) ? el("span", { class: "fire", text: `${tbl.on_fire}: On fire!` }) : null,
    ])));
  }

  function redraw() {
    if (!tbl) return;
    pic.side = tbl.throwing >= 0 ? tbl.throwing : (mine() ?? 0);
    pic.rack = !ctx.watch && removal().length > 0 && tbl.target === mine();
    stage.hidden = !card.node.hidden;
    layout();
    pic.names = tbl.sides.map((s) => s.name);
    pic.setCups(cups());
    say(status, words());
    say(last, tbl.real && tbl.last ? t("Entered last: {line}", { line: tbl.last }) : "");
    drawScore();
    drawWho();
    drawRemoval();
    drawDefend();
    drawActions(box, ctx.watch ? [] : view.actions.filter((o) => o.kind !== "remove" && o.kind !== "leave"), ctx.act, true);
    pic.frame(balls(performance.now()), aimLine, !!thrower() && !flying().length);
  }

  addEventListener("resize", () => { if (tbl) redraw(); });

  return {
    /** @param {string} reason */
    refused: (reason) => card.refused(reason),
    /** @param {any} v */
    update(v) {
      if (v.static) pic.st = { ...DEFAULT, ...v.static };
      const turned = view && view.at !== v.at;
      view = v;
      tbl = v.table;
      if (turned) chosen = new Set();
      if (turned && !flying().length) snaps = [];
      if (!pick && mine() !== null) pick = tbl.sides[/** @type {number} */ (mine())].members[0] || "";
      card.update(v, pic.st.cup_r);
      redraw();
    },
    /** @param {any} msg */
    table(msg) {
      const now = performance.now();
      snaps.push({ at: now, side: msg.side, flights: msg.flights || [], balls: msg.balls || [] });
      if (snaps.length > 4) snaps.shift();
      lastMsg = now;
      if ((msg.side === 0 || msg.side === 1) && pic.side !== 1 - msg.side && tbl) { pic.side = 1 - msg.side; pic.setCups(cups()); }
      drawDefend();
      if (tbl && !samples.length) { say(status, words()); drawWho(); }
      kick();
    },
  };
}

