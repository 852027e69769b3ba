// @ts-check
/** The Bierpong table on a canvas: seen from the thrower's end in perspective (the rack thrown at
 * half-way up, the ball comes in from below as it leaves the hand), the own rack from above while its
 * cups are chosen, or from the side for the big screen (`watch`).
 *
 * Coordinates: the table's frame as drawn, `X` along the table (side 0's cups at X≈0, side 1's at
 * X≈2.44), `Y` across, `z` up. The host's live table sends balls in the thrower's frame (x away from
 * the thrower, the target side's cups at the far end); `toWorld` turns them. The table and the cups
 * are drawn on a canvas of their own when they change; a frame redraws only the balls' layer above. */

/** @typedef {{length: number, width: number, cup_r: number, cup_h: number, ball_r: number, release_z: number, speeds: [number, number]}} Static */
/** @typedef {{id: number, X: number, Y: number, side: number, hit: boolean, dead: boolean, chosen: boolean, may: boolean}} CupAt */
/** @typedef {[number, number, number]} P3 */

export const DEFAULT = /** @type {Static} */ ({ length: 2.44, width: 0.61, cup_r: 0.0465, cup_h: 0.12, ball_r: 0.02, release_z: 0.45, speeds: [1, 9] });

const WOOD = "#6b4a2f", FELT = "#1f5a3a", LINE = "#e9e3cf", CUP = "#d8372f", CUP_IN = "#8c1d18", BEER = "#e8b04a";
const HIT = "#f2b441", DEAD = "#8cc4ee", CHOSEN = "#7fd08a";

/** A ball from the host's thrower frame into the table's (the side thrown at: `target`).
 * @param {P3} p @param {number} target @param {number} L @returns {P3} */
export function toWorld(p, target, L) { return target === 0 ? [L - p[0], -p[1], p[2]] : [p[0], p[1], p[2]]; }

export class Picture {
  /** @param {HTMLCanvasElement} canvas the balls' layer (redrawn each frame) @param {HTMLCanvasElement} bg the table's, under it */
  constructor(canvas, bg) {
    this.canvas = canvas;
    this.g = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
    this.bg = bg;
    /** @type {number[] | null} */ this.dirty = null;  // what the last frame drew on the balls' layer (CSS px)
    this.w = 1; this.h = 1; this.dpr = 1;
    /** @type {Static} */ this.st = DEFAULT;
    this.side = 0;  // the thrower's end: the side whose cups stand there (the eye is behind them)
    this.watch = false;
    this.F = 1; this.cy = 0; this.k = 1; this.ox = 0; this.oy = 0; this.kr = 1;
    this.rack = false;  // the own rack from above, to choose the cups that go
    /** @type {CupAt[]} */ this.cups = [];
    /** @type {string[]} */ this.names = [];  // the two teams, written under their ends when watching
    this.bgKey = "";
  }

  /** Fit the canvas to its box (CSS px `w`×`h`). @param {number} w @param {number} h */
  size(w, h) {
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    if (w === this.w && h === this.h && dpr === this.dpr) return false;
    this.w = w; this.h = h; this.dpr = dpr;
    for (const c of [this.canvas, this.bg]) { c.width = Math.round(w * dpr); c.height = Math.round(h * dpr); }
    const L = this.st.length;
    // perspective: the eye behind the thrower's end, looking at the rack: the rack half-way up, the
    // table from 1 m on below it (the ball comes in from below, as it leaves the hand; a bounce shows)
    const ny = (u, z) => { const d = this.cam(u, z); return -d[1] / d[0]; };
    const rack = ny(L - 0.14, 0.06), mid = ny(1.0, 0);
    this.F = Math.min(3.4 * w, 0.5 * h / (mid - rack));
    this.cy = 0.5 * h - this.F * rack;
    // from the side: the table's length across the canvas, its width foreshortened
    this.k = Math.min(0.9 * w / (L + 0.3), 0.9 * h / (this.st.width * 0.5 + 1.3));
    this.ox = (w - L * this.k) / 2;
    this.oy = h - 0.1 * h - this.st.width * 0.25 * this.k;
    // the own rack from above (its cups removed): its 0.42 m × 0.33 m over most of the canvas
    this.kr = Math.min(0.8 * w / 0.42, 0.8 * h / 0.36);
    this.bgKey = "";
    this.dirty = null;
    return true;
  }

  /** Screen position (CSS px) and scale (px per metre) of a point of the table, or null behind the eye.
   * @param {number} X @param {number} Y @param {number} z @returns {[number, number, number] | null} */
  at(X, Y, z) {
    if (this.watch) return [this.ox + X * this.k, this.oy - Y * 0.5 * this.k - z * 0.9 * this.k, this.k];
    if (this.rack) {  // as its owners see it from behind: the rack's point away from them, up
      const x = this.side === 0 ? X : this.st.length - X, y = this.side === 0 ? Y : -Y;
      return [this.w / 2 + y * this.kr, this.h / 2 + (x - this.st.length + 0.17) * this.kr, this.kr];
    }
    const L = this.st.length;
    const u = this.side === 0 ? X : L - X, w = this.side === 0 ? -Y : Y;
    const [depth, vert] = this.cam(u, z);
    if (depth < 0.05) return null;
    return [this.w / 2 + (w / depth) * this.F, this.cy - (vert / depth) * this.F, this.F / depth];
  }

  /** A point `u` metres down the table from the thrower's end, `z` up: its depth before the eye and
   * its height over the eye's axis (the eye 0.3 m behind the end and 1 m up, looking at the rack).
   * @param {number} u @param {number} z @returns {[number, number]} */
  cam(u, z) {
    const fu = this.st.length - 0.14 + 0.3, fz = -0.94, n = Math.hypot(fu, fz);
    const du = u + 0.3, dz = z - 1.0;
    return [(du * fu + dz * fz) / n, (du * -fz + dz * fu) / n];
  }

  /** Metres right of the table's middle for a finger at screen x `sx` (the near end's width across the canvas).
   * @param {number} sx */
  across(sx) { return (sx - this.w / 2) / this.w * this.st.width; }

  /** Draw the table and the cups into the offscreen picture (when they changed). @param {CupAt[]} cups */
  setCups(cups) {
    const key = JSON.stringify([cups, this.names, this.w, this.h, this.side, this.watch, this.rack]);
    this.cups = cups;
    if (key === this.bgKey) return;
    this.bgKey = key;
    const g = /** @type {CanvasRenderingContext2D} */ (this.bg.getContext("2d"));
    g.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    g.clearRect(0, 0, this.w, this.h);
    const L = this.st.length, W = this.st.width / 2;
    const corners = [[0, -W], [L, -W], [L, W], [0, W]].map(([X, Y]) => this.at(X, Y, 0));
    if (corners.every(Boolean) && !this.rack) {
      g.beginPath();
      corners.forEach((c, i) => { const p = /** @type {number[]} */ (c); if (i) g.lineTo(p[0], p[1]); else g.moveTo(p[0], p[1]); });
      g.closePath();
      g.fillStyle = FELT; g.fill();
      g.lineWidth = 4; g.strokeStyle = WOOD; g.stroke();
      const m1 = this.at(L / 2, -W, 0), m2 = this.at(L / 2, W, 0);
      if (m1 && m2) { g.beginPath(); g.moveTo(m1[0], m1[1]); g.lineTo(m2[0], m2[1]); g.lineWidth = 1.5; g.strokeStyle = LINE; g.stroke(); }
    }
    if (this.watch) {
      g.fillStyle = "#b9a98c"; g.font = "600 15px system-ui, sans-serif"; g.textBaseline = "top";
      this.names.forEach((name, i) => {
        const p = this.at(i ? L : 0, -W, 0);
        if (p) { g.textAlign = i ? "right" : "left"; g.fillText(name, p[0], p[1] + 8); }
      });
    }
    const order = [...cups].sort((a, b) => this.depthOf(b) - this.depthOf(a));
    for (const c of order) this.cup(g, c);
    if (!this.rack) for (const c of order) this.number(g, c);
  }

  /** How far a cup is from the eye (the far ones are drawn first). @param {CupAt} c */
  depthOf(c) { return this.watch ? c.Y : this.rack ? 0 : (this.side === 0 ? c.X : this.st.length - c.X); }

  /** The ball in the thrower's hand (a throw is open to this phone): at the bottom, where a flick begins. */
  hand() {
    const g = this.g, r = 16, x = this.w / 2, y = this.h - 30;
    g.beginPath(); g.arc(x, y, r, 0, Math.PI * 2); g.fillStyle = "#fffdf4"; g.fill();
    g.lineWidth = 2; g.strokeStyle = "rgba(242,180,65,.9)"; g.setLineDash([4, 4]);
    g.beginPath(); g.arc(x, y, r + 8, 0, Math.PI * 2); g.stroke(); g.setLineDash([]);
  }

  /** @param {CanvasRenderingContext2D} g @param {CupAt} c */
  cup(g, c) {
    const top = this.at(c.X, c.Y, this.st.cup_h), foot = this.at(c.X, c.Y, 0);
    if (!top || !foot) return;
    const r = this.st.cup_r * top[2], rb = 0.03 * foot[2], squash = this.watch ? 0.5 : 0.42;
    if (this.rack) {
      g.beginPath(); g.arc(top[0], top[1], r, 0, Math.PI * 2); g.fillStyle = c.chosen ? CHOSEN : c.hit ? HIT : CUP; g.fill();
      g.beginPath(); g.arc(top[0], top[1], r * 0.8, 0, Math.PI * 2); g.fillStyle = c.chosen || c.hit ? BEER : CUP_IN; g.fill();
      g.lineWidth = c.may && !c.chosen ? 3 : 2; g.strokeStyle = "#fff"; g.setLineDash(c.may && !c.chosen ? [6, 5] : []);
      g.beginPath(); g.arc(top[0], top[1], r - 1, 0, Math.PI * 2); g.stroke(); g.setLineDash([]);
      g.fillStyle = c.chosen || c.hit ? "#2b1d14" : "#fff"; g.font = `800 ${Math.round(r * 0.75)}px system-ui, sans-serif`;
      g.textAlign = "center"; g.textBaseline = "middle"; g.fillText(String(c.id), top[0], top[1]);
      return;
    }
    g.beginPath();
    g.moveTo(top[0] - r, top[1]); g.lineTo(foot[0] - rb, foot[1]); g.lineTo(foot[0] + rb, foot[1]); g.lineTo(top[0] + r, top[1]);
    g.closePath(); g.fillStyle = CUP; g.fill();
    g.beginPath(); g.ellipse(top[0], top[1], r, r * squash, 0, 0, Math.PI * 2);
    g.fillStyle = c.hit || c.dead ? BEER : CUP_IN; g.fill();
    g.lineWidth = Math.max(1.5, r * 0.12); g.strokeStyle = "#fff"; g.stroke();
    const ring = c.chosen ? CHOSEN : c.hit ? HIT : c.dead ? DEAD : c.may ? "#fff" : "";
    if (ring) {
      g.beginPath(); g.ellipse(top[0], top[1], r + 4, r * squash + 4, 0, 0, Math.PI * 2);
      g.lineWidth = c.may && !c.chosen ? 2 : 4; g.strokeStyle = ring; g.setLineDash(c.may && !c.chosen ? [5, 4] : []); g.stroke(); g.setLineDash([]);
    }
  }

  /** A cup's number on its rim (the Island call names it). @param {CanvasRenderingContext2D} g @param {CupAt} c */
  number(g, c) {
    const top = this.at(c.X, c.Y, this.st.cup_h);
    if (!top || top[0] < 0 || top[0] > this.w || top[1] < 0 || top[1] > this.h) return;
    const r = this.st.cup_r * top[2];
    if (r < 7) return;
    g.font = `800 ${Math.round(Math.max(10, Math.min(22, r * 0.7)))}px system-ui, sans-serif`;
    g.textAlign = "center"; g.textBaseline = "middle";
    g.lineWidth = 3; g.strokeStyle = "rgba(0,0,0,.75)"; g.strokeText(String(c.id), top[0], top[1]);
    g.fillStyle = "#fff"; g.fillText(String(c.id), top[0], top[1]);
  }

  /** The cup under a tap (CSS px), of `side`'s rack. @param {number} x @param {number} y @param {number} side */
  cupAt(x, y, side) {
    let best = null, bd = Infinity;
    for (const c of this.cups) {
      if (c.side !== side) continue;
      const p = this.at(c.X, c.Y, this.st.cup_h * 0.6);
      if (!p) continue;
      const d = Math.hypot(p[0] - x, p[1] - y), reach = Math.max(24, this.st.cup_r * p[2] * 1.25);
      if (d < reach && d < bd) { best = c; bd = d; }
    }
    return best;
  }

  /** A frame: the table, the trails and the balls (table frame), the aim line, the ball in the hand.
   * @param {{pos: P3, trail: P3[], open: boolean, hot: boolean}[]} balls @param {{from: [number, number], to: [number, number], text: string} | null} aim
   * @param {boolean} [hand] */
  frame(balls, aim, hand) {
    const g = this.g;
    g.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    if (this.dirty) { const [x0, y0, x1, y1] = this.dirty; g.clearRect(x0 - 12, y0 - 12, x1 - x0 + 24, y1 - y0 + 24); }
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    const mark = (x, y, r) => {
      box[0] = Math.min(box[0], x - r); box[1] = Math.min(box[1], y - r); box[2] = Math.max(box[2], x + r); box[3] = Math.max(box[3], y + r);
    };
    for (const b of balls) {
      if (b.trail.length > 1) {
        g.beginPath();
        let on = false;
        for (const t of b.trail) {
          const p = this.at(t[0], t[1], t[2]);
          if (!p) { on = false; continue; }
          if (on) g.lineTo(p[0], p[1]); else g.moveTo(p[0], p[1]);
          on = true;
          mark(p[0], p[1], 3);
        }
        g.lineWidth = 2.5; g.strokeStyle = "rgba(255,240,200,.55)"; g.stroke();
      }
      const shadow = this.at(b.pos[0], b.pos[1], 0), p = this.at(b.pos[0], b.pos[1], b.pos[2] + this.st.ball_r);
      if (!p) continue;
      const r = Math.max(3, this.st.ball_r * p[2]);
      mark(p[0], p[1], r + 10);
      if (shadow) mark(shadow[0], shadow[1], r);
      if (shadow && b.pos[2] > -0.01) {
        g.beginPath(); g.ellipse(shadow[0], shadow[1], r, r * 0.45, 0, 0, Math.PI * 2); g.fillStyle = "rgba(0,0,0,.35)"; g.fill();
      }
      g.beginPath(); g.arc(p[0], p[1], r, 0, Math.PI * 2);
      g.fillStyle = b.open ? "#fffdf4" : "#d9d3c3"; g.fill();
      if (b.hot) { g.lineWidth = 3; g.strokeStyle = HIT; g.beginPath(); g.arc(p[0], p[1], r + 7, 0, Math.PI * 2); g.stroke(); }
    }
    if (hand && !aim) { this.hand(); mark(this.w / 2, this.h - 30, 26); }
    if (aim) {
      g.beginPath(); g.moveTo(aim.from[0], aim.from[1]); g.lineTo(aim.to[0], aim.to[1]);
      g.lineWidth = 5; g.lineCap = "round"; g.strokeStyle = "rgba(242,180,65,.9)"; g.stroke();
      g.fillStyle = "#fff"; g.font = "700 18px system-ui, sans-serif"; g.textAlign = "center"; g.textBaseline = "top";
      g.fillText(aim.text, this.w / 2, 12);
      mark(aim.from[0], aim.from[1], 6); mark(aim.to[0], aim.to[1], 6); mark(this.w / 2 - 120, 10, 0); mark(this.w / 2 + 120, 36, 0);
    }
    this.dirty = box[0] <= box[2] ? box : null;
  }

  /** Where a ball under a tap is (CSS px): the nearest of `balls` within reach, or -1.
   * @param {number} x @param {number} y @param {{id: number, pos: P3}[]} balls */
  ballAt(x, y, balls) {
    let best = -1, bd = 56;
    for (const b of balls) {
      const p = this.at(b.pos[0], b.pos[1], b.pos[2]);
      if (p && Math.hypot(p[0] - x, p[1] - y) < bd) { best = b.id; bd = Math.hypot(p[0] - x, p[1] - y); }
    }
    return best;
  }
}
