"""Bierpong on a phone in a browser: the page's frames while a ball flies, under a slow phone's CPU.

`web_frame_ms` is the mean time between two frames (requestAnimationFrame's timestamps) of the phone
page (390×844, a team's seat) while it draws a flight, in headless Chromium with the CPU throttled
4× (`Emulation.setCPUThrottlingRate`, as a mid-range phone). The flight is one the host's live table
played for real (a laptop's ball at the phone's team, recorded as the page received its `table`
messages) and replayed three times into the same page at the pace it came, through the page's own
message handler. The baseline is the same page idle, under the same throttling, running a blank
requestAnimationFrame loop: the display's own pace. Beside them (on stderr) the page's script work
per frame. Without Chromium (or Playwright) the figures are NaN and stderr says why.
"""
from __future__ import annotations

import math
import sys
import time
from typing import Any

THROTTLE = 4
REPLAYS = 3
IDLE_FRAMES = 120
WAIT_S = 30.0  # the longest any step may take

# Installed before the page's scripts: each rAF callback's work per frame, and the page's socket (its
# `table` messages recorded, and replayed through its own `onmessage`).
HOOKS = """
(() => {
  const raf = window.requestAnimationFrame.bind(window);
  window.__frames = []; window.__measure = false;
  window.requestAnimationFrame = (cb) => raf((ts) => {
    const s = performance.now(); cb(ts); const d = performance.now() - s;
    if (!window.__measure) return;
    const f = window.__frames, last = f[f.length - 1];
    if (last && last.ts === ts) last.work += d; else f.push({ ts, work: d });
  });
  const W = window.WebSocket;
  window.__rec = []; window.__recording = false;
  window.WebSocket = class extends W {
    constructor(url, p) {
      super(url, p); window.__ws = this;
      this.addEventListener("message", (e) => {
        if (!window.__recording) return;
        try { if (JSON.parse(String(e.data)).type === "table") window.__rec.push([performance.now(), String(e.data)]); } catch (_) {}
      });
    }
  };
})();
"""

MEASURE = """
async ([mode, n, replays]) => {
  window.__frames = []; window.__measure = true;
  let on = true;
  const loop = () => { if (on) requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
  if (mode === "idle") {
    await new Promise((done) => { const wait = () => (window.__frames.length >= n ? done() : setTimeout(wait, 20)); wait(); });
  } else {
    const rec = window.__rec, t0 = rec[0][0];
    for (let r = 0; r < replays; r++) {
      const start = performance.now();
      for (const [t, data] of rec) {
        const due = start + (t - t0) - performance.now();
        if (due > 0) await new Promise((go) => setTimeout(go, due));
        window.__ws.onmessage(new MessageEvent("message", { data }));
      }
    }
  }
  on = false; window.__measure = false;
  return window.__frames;
}
"""

_measured: dict[str, float] = {}


def _chromium() -> str | None:
    from bench.web import chromium

    return chromium()


def _figures(frames: list[dict[str, float]]) -> tuple[float, float, float]:
    """(mean ms between frames, mean and 95th-percentile script work per frame)."""
    ts = [f["ts"] for f in frames]
    gaps = [b - a for a, b in zip(ts, ts[1:])]
    work = sorted(f["work"] for f in frames)
    return (sum(gaps) / len(gaps) if gaps else math.nan, sum(work) / len(work) if work else math.nan,
            work[min(len(work) - 1, int(0.95 * len(work)))] if work else math.nan)


def _until(what: Any, page: Any) -> None:
    end = time.monotonic() + WAIT_S
    while not what():
        if time.monotonic() > end:
            raise RuntimeError(f"web_frame: not within {WAIT_S} s: {what}")
        page.wait_for_timeout(30)


def _measure() -> dict[str, float]:
    if _measured:
        return _measured
    nan = {"flight": math.nan, "idle": math.nan}
    chromium = _chromium()
    if chromium is None:
        print("web_frame: skipped – no Chromium (install Debian's chromium, or set STAMMTISCH_CHROMIUM)", file=sys.stderr)
        _measured.update(nan)
        return _measured
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("web_frame: skipped – Playwright for Python is not installed (the test extras)", file=sys.stderr)
        _measured.update(nan)
        return _measured
    from game.bierpong.actions import parse_action
    from game.match import Match, PlayerSpec
    from game.net.client import TableClient
    from game.net.host import TableHost
    from game.rules import bierpong as R
    from game.session import Pace, session_for

    m = Match("bierpong", [PlayerSpec("Foxes", "remote", drivers=("Ann", "Ben")), PlayerSpec("Owls", "remote", drivers=("Cem", "Dana"))],
              R.SPEC.make())
    for line in ("throw-off Ann hit 1, Cem miss", "Owls begin"):
        m.apply(parse_action(line))
    host = TableHost(session_for(m, pace=Pace(0.0, 0.0, True)), host="127.0.0.1", port=0, drive_every=0.005)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, headless=True,
                                         args=["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"])
            ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
            ctx.set_default_timeout(WAIT_S * 1000)
            page = ctx.new_page()
            page.add_init_script(HOOKS)
            page.goto(f"http://127.0.0.1:{host.port}/#{host.code}")
            page.locator("button[data-seat=Foxes]").click()
            page.locator("canvas.pong-canvas").wait_for()
            owls = TableClient(f"ws://127.0.0.1:{host.port}", host.code, seat="Owls")
            try:
                _until(lambda: owls.pump() is not None and owls.mirror is not None and owls.index is not None, page)
                page.evaluate("window.__recording = true")
                owls.launch("Cem", (0.0, 0.0, 0.45), (2.0, 0.0, 1.0), (0.0, 0.0, 0.0))  # a ball that bounces and rolls ~2 s
                _until(lambda: page.evaluate("window.__rec.some(([, d]) => JSON.parse(d).flights.length) && "
                                             "JSON.parse(window.__rec[window.__rec.length - 1][1]).flights.length === 0"), page)
                page.evaluate("window.__recording = false")
            finally:
                owls.close()
            page.wait_for_timeout(2000)  # the page's last frames of the real flight are over
            cdp = ctx.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
            idle = _figures(page.evaluate(MEASURE, ["idle", IDLE_FRAMES, 0]))
            flight = _figures(page.evaluate(MEASURE, ["flight", 0, REPLAYS]))
            messages = page.evaluate("window.__rec.length")
            browser.close()
    finally:
        host.close()
    print(f"web_frame: {THROTTLE}x CPU throttling, {messages} table messages replayed {REPLAYS}x; between frames "
          f"{flight[0]:.2f} ms in flight vs {idle[0]:.2f} ms idle; script work per frame in flight: mean {flight[1]:.2f} ms, "
          f"p95 {flight[2]:.2f} ms (idle loop: mean {idle[1]:.3f} ms)", file=sys.stderr)
    _measured.update(flight=flight[0], idle=idle[0])
    return _measured


def web_frame_ms() -> float:
    """Mean ms between two frames of the phone page drawing a Bierpong flight, CPU throttled 4×."""
    return _measure()["flight"]


def baseline_web_idle_frame_ms() -> float:
    """Mean ms between two frames of the same page idle (a blank rAF loop), CPU throttled 4×."""
    return _measure()["idle"]
