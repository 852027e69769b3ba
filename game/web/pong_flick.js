// @ts-check
/** The throw by a flick: a finger's swipe up the screen becomes the laptops' `launch` (release point
 * and velocity in the table's metres). The host's live table throws the ball and rules it; this file
 * only measures the finger.
 *
 * The mapping, the same on every screen: a flick is measured in millimetres of glass, not in pixels.
 * A CSS pixel on a phone or tablet is one Android dp / iOS point (1/160 inch ≈ 0.159 mm; browsers on
 * touch screens keep it so, whatever the screen's density or size); with a mouse it is 1/96 inch.
 * - direction: the flick's heading in its last 80 ms (up the screen = straight down the table); its
 *   angle off the vertical, scaled by `YAW_GAIN`, turns the ball left or right (at most ±12°);
 * - power: the finger's speed in those 80 ms, in mm/s: 400 mm/s throws 5 m/s, each 100 mm/s more or
 *   less 0.3 m/s more or less (`speed`), within the host's 1–9 m/s – a relaxed flick reaches the
 *   front cups, a brisk one the back row;
 * - arc: the swipe's whole length in mm: a short snap (≤ 10 mm) throws flat at 25°, a long stroke
 *   (≥ 45 mm) lobs at 60°;
 * - where the finger came down across the table picks the release point across the near edge.
 * The ball leaves the hand 0.45 m above the near edge, as at the laptops.
 */

/** mm per CSS pixel: a touch screen's pixel is 1/160 inch, a mouse's screen's 1/96 inch.
 * @param {string} pointerType */
export function mmPerPx(pointerType) { return pointerType === "mouse" ? 25.4 / 96 : 25.4 / 160; }

export const RECENT_MS = 80;  // the flick's end that gives its speed and heading
export const YAW_GAIN = 0.35;  // the ball's turn per angle of the flick off the vertical
export const MAX_YAW = 12;  // degrees
export const MIN_MM = 6;  // a shorter swipe is a tap, not a throw

/** The ball's speed (m/s) for a finger's speed (mm/s).
 * @param {number} mmPerS @param {[number, number]} limits */
export function speed(mmPerS, limits) { return Math.max(limits[0], Math.min(limits[1], 5.0 + 0.003 * (mmPerS - 400))); }

/** The launch angle (degrees above the horizontal) for a swipe `mm` long. @param {number} mm */
export function arc(mm) { return 25 + 35 * Math.max(0, Math.min(1, (mm - 10) / 35)); }

/** @typedef {{x: number, y: number, t: number}} Sample */
/** @typedef {{speed: number, angle: number, yaw: number, mm: number}} Aim */

/** What a swipe (its samples in CSS px and ms, oldest first) aims, or null: too short, or not upwards.
 * @param {Sample[]} s @param {string} pointerType @param {[number, number]} limits @returns {Aim | null} */
export function aimOf(s, pointerType, limits) {
  if (s.length < 2) return null;
  const k = mmPerPx(pointerType);
  const last = s[s.length - 1];
  let i = s.length - 2;
  while (i > 0 && last.t - s[i].t < RECENT_MS) i--;
  const from = s[i];
  const dx = (last.x - from.x) * k, dy = (last.y - from.y) * k;
  const dt = Math.max(8, last.t - from.t) / 1000;
  let mm = 0;
  for (let j = 1; j < s.length; j++) mm += Math.hypot(s[j].x - s[j - 1].x, s[j].y - s[j - 1].y) * k;
  if (mm < MIN_MM || dy >= 0) return null;
  const off = Math.atan2(dx, -dy) * 180 / Math.PI;
  const yaw = Math.max(-MAX_YAW, Math.min(MAX_YAW, off * YAW_GAIN));
  return { speed: speed(Math.hypot(dx, dy) / dt, limits), angle: arc(mm), yaw, mm };
}

/** The launch's numbers in the thrower's frame of the table (x down the table, y to the thrower's
 * left, z up): released at `across` metres right of the middle, `z` metres high.
 * @param {Aim} a @param {number} across @param {number} z */
export function launchOf(a, across, z) {
  const up = a.angle * Math.PI / 180, yaw = a.yaw * Math.PI / 180;
  const h = a.speed * Math.cos(up);
  const r = (/** @type {number} */ v) => Math.round(v * 1000) / 1000;
  return { release: [0, r(-across), z], velocity: [r(h * Math.cos(yaw)), r(-h * Math.sin(yaw)), r(a.speed * Math.sin(up))], spin: [0, 0, 0] };
}
