// @ts-check
/** The Racerbile board as SVG, from the track the host sends once (`static`): the fields by kind, the
 * start line, arrows, the pit lane, the 42 field, the Dunlop bridge, the names; the cars; the fields
 * the host says are within reach, lit. Two fingers (or the wheel) zoom, one drags; a tap names a field.
 * The hex maths is `game/hexgrid.py`'s Layout with a hex of size 1. */
import { t } from "./words.js";

const NS = "http://www.w3.org/2000/svg";
const R3 = Math.sqrt(3);
const KINDS = ["normal", "downshift", "blocking", "midway"];
export const SEAT_COLORS = ["#cc2c28", "#2c60ce", "#ecc424", "#2a9648", "#ee801e", "#8e40b0", "#1ea8b2", "#e8e6de"];

/** @param {string} tag @param {Record<string, string | number>} [attrs] @returns {SVGElement} */
function svg(tag, attrs = {}) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** @param {number[]} flat q, r, q, r… @returns {[number, number][]} */
function pairs(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push(/** @type {[number, number]} */ ([flat[i], flat[i + 1]]));
  return out;
}

export class Board {
  /** @param {HTMLElement} box @param {(q: number, r: number) => void} onTap */
  constructor(box, onTap) {
    this.box = box;
    this.onTap = onTap;
    this.pointy = true;
    this.root = /** @type {SVGSVGElement} */ (svg("svg", { class: "board", role: "img", "aria-label": t("The board") }));
    this.track = svg("g");
    this.marks = svg("g", { class: "marks" });
    this.cars = svg("g", { class: "cars" });
    this.root.append(this.track, this.marks, this.cars);
    box.append(this.root);
    /** @type {{x: number, y: number, w: number, h: number}} */
    this.vb = { x: 0, y: 0, w: 10, h: 10 };
    this.all = { x: 0, y: 0, w: 10, h: 10 };
    /** @type {Map<number, {x: number, y: number}>} */
    this.pointers = new Map();
    this.moved = false;
    this.litKey = "";
    this.userMoved = false;
    this.least = 16; // the fewest board units a followed view spans (the big screen: more)
    /** @type {{x: number, y: number, w: number, h: number}} */
    this.want = this.vb; // what was asked to be seen: kept in view when the box changes (a phone turned)
    this.listen();
    new ResizeObserver(() => this.show(this.want)).observe(box);
  }

  /** A field's centre. @param {number} q @param {number} r @returns {[number, number]} */
  centre(q, r) {
    return this.pointy ? [R3 * q + (R3 / 2) * r, 1.5 * r] : [1.5 * q, (R3 / 2) * q + R3 * r];
  }

  /** @param {number} q @param {number} r @param {number} [k] a share of the size @returns {string} */
  hex(q, r, k = 1) {
    const [cx, cy] = this.centre(q, r);
    let d = "";
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI / 3) * ((this.pointy ? 0.5 : 0) + i);
      d += `${i ? "L" : "M"}${(cx + k * Math.cos(a)).toFixed(2)} ${(cy + k * Math.sin(a)).toFixed(2)}`;
    }
    return d + "Z";
  }

  /** The outlines of fields (q, r pairs). @param {[number, number][]} list @param {number} [k] @returns {string} */
  hexes(list, k = 1) {
    return list.map(([q, r]) => this.hex(q, r, k)).join("");
  }

  /** The field under a point of the board. @param {number} x @param {number} y @returns {[number, number]} */
  at(x, y) {
    const q = this.pointy ? (R3 / 3) * x - y / 3 : (2 / 3) * x;
    const r = this.pointy ? (2 / 3) * y : -x / 3 + (R3 / 3) * y;
    const s = -q - r;
    let rq = Math.round(q), rr = Math.round(r);
    const rs = Math.round(s), dq = Math.abs(rq - q), dr = Math.abs(rr - r), ds = Math.abs(rs - s);
    if (dq > dr && dq > ds) rq = -rr - rs;
    else if (dr > ds) rr = -rq - rs;
    return [rq, rr];
  }

  /** Draw the track (once per `static`). @param {any} st */
  setTrack(st) {
    this.pointy = st.orientation !== "flat";
    this.root.setAttribute("class", `board theme-${st.theme}`);
    /** @type {string[]} */
    const paths = KINDS.map(() => "");
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    /** @type {Set<string>} */
    this.fields = new Set();
    for (let i = 0; i + 2 < st.fields.length; i += 3) {
      const [q, r, k] = [st.fields[i], st.fields[i + 1], st.fields[i + 2]];
      paths[k] += this.hex(q, r, 0.97);
      this.fields.add(`${q},${r}`);
      const [cx, cy] = this.centre(q, r);
      x0 = Math.min(x0, cx); y0 = Math.min(y0, cy); x1 = Math.max(x1, cx); y1 = Math.max(y1, cy);
    }
    const g = this.track;
    g.replaceChildren();
    paths.forEach((d, k) => { if (d) g.append(svg("path", { d, class: `field k-${KINDS[k]}` })); });
    const pit = pairs(st.pit);
    if (pit.length) g.append(svg("path", { d: this.hexes(pit, 0.97), class: "field k-pit" }));
    for (const [q, r] of pit) this.fields.add(`${q},${r}`);
    g.append(svg("path", { d: this.hexes(pairs(st.start), 0.8), class: "start" }), svg("path", { d: this.hexes(pairs(st.splits), 0.55), class: "split" }));
    for (let i = 0; i + 2 < st.arrows.length; i += 3) {
      const [cx, cy] = this.centre(st.arrows[i], st.arrows[i + 1]);
      const [dq, dr] = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]][st.arrows[i + 2] % 6];
      const [vx, vy] = this.centre(dq, dr);
      const a = Math.atan2(vy, vx), p = (/** @type {number} */ k, /** @type {number} */ d) => `${(cx + d * Math.cos(a + k)).toFixed(2)} ${(cy + d * Math.sin(a + k)).toFixed(2)}`;
      g.append(svg("path", { d: `M${p(0, 0.6)}L${p(2.4, 0.45)}L${p(-2.4, 0.45)}Z`, class: "arrow" }));
    }
    if (st.dunlop.length) g.append(svg("path", { d: this.hexes(pairs(st.dunlop), 1.05), class: "dunlop" }));
    if (st.field42.length) {
      const [cx, cy] = this.centre(st.field42[0], st.field42[1]);
      g.append(svg("path", { d: this.hex(st.field42[0], st.field42[1], 0.8), class: "f42-field" }));
      const text = svg("text", { x: cx, y: cy + 0.3, class: "f42" });
      text.textContent = "42";
      g.append(text);
    }
    for (const [q, r, words] of st.labels) {
      const [cx, cy] = this.centre(q, r);
      const text = svg("text", { x: cx, y: cy, class: "label" });
      text.textContent = words;
      g.append(text);
    }
    this.all = { x: x0 - 2, y: y0 - 2, w: x1 - x0 + 4, h: y1 - y0 + 4 };
    this.litKey = "";
    this.show(this.all);
  }

  /** Show the whole track (until the next turn follows its car). */
  fit() {
    this.userMoved = true;
    this.show(this.all);
  }

  /** Show `r` whole (kept to the box's shape). @param {{x: number, y: number, w: number, h: number}} r */
  show(r) {
    this.want = r;
    const bw = this.box.clientWidth || 1, bh = this.box.clientHeight || 1;
    let { x, y, w, h } = r;
    if (w / h < bw / bh) { const nw = (h * bw) / bh; x -= (nw - w) / 2; w = nw; } else { const nh = (w * bh) / bw; y -= (nh - h) / 2; h = nh; }
    this.vb = { x, y, w, h };
    this.root.setAttribute("viewBox", `${x.toFixed(2)} ${y.toFixed(2)} ${w.toFixed(2)} ${h.toFixed(2)}`);
  }

  /** Zoom by `k` (>1: closer) about the board point (x, y). @param {number} k @param {number} x @param {number} y */
  zoom(k, x, y) {
    const v = this.vb;
    const w = Math.min(this.all.w * 2, Math.max(6, v.w / k));
    const f = w / v.w;
    this.userMoved = true;
    this.show({ x: x - (x - v.x) * f, y: y - (y - v.y) * f, w, h: v.h * f });
  }

  /** A screen point in board units. @param {number} cx @param {number} cy @returns {[number, number]} */
  toBoard(cx, cy) {
    const b = this.root.getBoundingClientRect();
    return [this.vb.x + ((cx - b.left) / (b.width || 1)) * this.vb.w, this.vb.y + ((cy - b.top) / (b.height || 1)) * this.vb.h];
  }

  listen() {
    const el = this.root;
    el.addEventListener("wheel", (e) => {
      e.preventDefault();
      const [x, y] = this.toBoard(e.clientX, e.clientY);
      this.zoom(Math.pow(1.15, -Math.sign(e.deltaY)), x, y);
    }, { passive: false });
    el.addEventListener("pointerdown", (e) => {
      el.setPointerCapture(e.pointerId);
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.pointers.size === 1) this.moved = false;
    });
    el.addEventListener("pointermove", (e) => {
      const was = this.pointers.get(e.pointerId);
      if (!was) return;
      const now = { x: e.clientX, y: e.clientY };
      if (this.pointers.size === 1) {
        if (!this.moved && Math.hypot(now.x - was.x, now.y - was.y) < 8) return;
        this.moved = true;
        const b = el.getBoundingClientRect(), k = this.vb.w / (b.width || 1);
        this.userMoved = true;
        this.show({ ...this.vb, x: this.vb.x - (now.x - was.x) * k, y: this.vb.y - (now.y - was.y) * k });
      } else if (this.pointers.size === 2) {
        this.moved = true;
        const [a, b] = [...this.pointers.entries()];
        const other = a[0] === e.pointerId ? b[1] : a[1];
        const before = Math.hypot(was.x - other.x, was.y - other.y), after = Math.hypot(now.x - other.x, now.y - other.y);
        const k = this.vb.w / (el.getBoundingClientRect().width || 1); // the two fingers' middle pans …
        this.show({ ...this.vb, x: this.vb.x - ((now.x - was.x) / 2) * k, y: this.vb.y - ((now.y - was.y) / 2) * k });
        const [mx, my] = this.toBoard((now.x + other.x) / 2, (now.y + other.y) / 2);
        if (before > 0 && after > 0) this.zoom(after / before, mx, my); // … and their spread zooms
      }
      this.pointers.set(e.pointerId, now);
    });
    const up = (/** @type {PointerEvent} */ e) => {
      if (!this.pointers.delete(e.pointerId)) return;
      if (e.type === "pointerup" && !this.moved && this.pointers.size === 0) {
        const [x, y] = this.toBoard(e.clientX, e.clientY);
        const [q, r] = this.at(x, y);
        this.onTap(q, r);
      }
    };
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
  }

  /** The cars (caps) in their seats' colours; two on a field side by side, the earlier arrival on top.
   * @param {any[]} cars @param {number} onTurn */
  setCars(cars, onTurn) {
    /** @type {Map<string, any[]>} */
    const at = new Map();
    for (const c of cars) if (!c.out) at.set(`${c.q},${c.r}`, [...(at.get(`${c.q},${c.r}`) || []), c]);
    const g = this.cars;
    g.replaceChildren();
    for (const group of at.values()) {
      group.sort((a, b) => b.arrival - a.arrival);
      group.forEach((c, i) => {
        const [cx, cy] = this.centre(c.q, c.r);
        const dx = group.length > 1 ? (i - (group.length - 1) / 2) * 0.5 : 0;
        const cap = svg("g", { class: `cap${c.seat === onTurn ? " on" : ""}${c.flipped ? " flipped" : ""}${c.off ? " off" : ""}`, "data-seat": c.seat });
        const ring = svg("circle", { cx: cx + dx, cy: cy + dx * 0.3, r: 0.62, class: "rim" });
        ring.style.fill = SEAT_COLORS[c.seat % SEAT_COLORS.length];
        const mark = svg("text", { x: cx + dx, y: cy + dx * 0.3 + 0.22 });
        mark.textContent = c.mark;
        cap.append(ring, svg("circle", { cx: cx + dx, cy: cy + dx * 0.3, r: 0.42, class: "face" }), mark);
        g.append(cap);
      });
    }
  }

  /** Light the fields within reach (a veil over the rest), the chosen one and the way to it.
   * @param {[number, number][]} lit @param {[number, number] | null} chosen @param {number[]} path q, r… from the start
   * @param {[number, number][]} near fields to keep in view with them (the car) */
  setLit(lit, chosen, path, near) {
    const g = this.marks;
    g.replaceChildren();
    if (lit.length) {
      const a = this.all;
      const room = `M${a.x - 50} ${a.y - 50}h${a.w + 100}v${a.h + 100}h${-a.w - 100}Z`;
      g.append(svg("path", { d: room + this.hexes(lit), class: "veil", "fill-rule": "evenodd" }), svg("path", { d: this.hexes(lit, 0.85), class: "lit" }));
    }
    if (path.length > 2) g.append(svg("polyline", { points: pairs(path).map(([q, r]) => this.centre(q, r).map((v) => v.toFixed(2)).join(",")).join(" "), class: "way" }));
    if (chosen) g.append(svg("path", { d: this.hex(chosen[0], chosen[1], 0.9), class: "chosen" }));
    const key = [...lit, ...near].map((h) => h.join(",")).join(" ");
    if (key && key !== this.litKey && !this.userMoved) this.follow([...lit, ...near]);
    this.litKey = key;
  }

  /** Bring the fields `hexes` (and some room round them) into view. @param {[number, number][]} hexes */
  follow(hexes) {
    const least = this.least || 16;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const [q, r] of hexes) {
      const [x, y] = this.centre(q, r);
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
    const w = Math.max(x1 - x0 + 4, least), h = Math.max(y1 - y0 + 4, least);
    this.show({ x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - h / 2, w, h });
  }
}
