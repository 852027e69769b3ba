"""Synthesise the game's sound effects (standard library only, deterministic).

`python assets/sounds/generate.py` rewrites the `.wav` files beside this script;
`--out DIR` writes them elsewhere. Every sound has its own fixed seed, so two runs
give byte-identical files: 44.1 kHz, 16-bit, mono, each shorter than 0.6 s.
"""
from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 44100
PEAK = 0.8  # every sound is normalised to this peak (of full scale)
FADE = 0.004  # seconds of linear fade-out at the end, so no sound ends in a click
HERE = Path(__file__).resolve().parent

Signal = list[float]


# --- building blocks ------------------------------------------------------------------------
def silence(seconds: float) -> Signal:
    return [0.0] * int(round(seconds * RATE))


def mix_in(buf: Signal, part: Sequence[float], at: float, gain: float = 1.0) -> None:
    """Add `part` into `buf` starting at `at` seconds (clipped to the buffer)."""
    start = int(round(at * RATE))
    for i, v in enumerate(part):
        j = start + i
        if j >= len(buf):
            break
        buf[j] += gain * v


def ring(freq: float, tau: float, seconds: float, phase: float = 0.0) -> Signal:
    """A struck resonance: a sine at `freq` decaying with time constant `tau`."""
    w = 2.0 * math.pi * freq / RATE
    return [math.exp(-i / (tau * RATE)) * math.sin(w * i + phase) for i in range(int(seconds * RATE))]


def glide(f0: float, f1: float, rise: float, tau: float, seconds: float) -> Signal:
    """A decaying sine whose pitch moves exponentially from f0 to f1 within `rise` seconds."""
    out: Signal = []
    phase = 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        f = f1 if t >= rise else f0 * (f1 / f0) ** (t / rise)
        phase += 2.0 * math.pi * f / RATE
        out.append(math.exp(-t / tau) * math.sin(phase))
    return out


def noise(rng: random.Random, seconds: float, attack: float, tau: float) -> Signal:
    """White noise with a linear attack and an exponential decay."""
    out: Signal = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        env = (t / attack if t < attack else math.exp(-(t - attack) / tau)) if attack > 0 else math.exp(-t / tau)
        out.append(env * rng.uniform(-1.0, 1.0))
    return out


def lowpass(sig: Sequence[float], cutoff: float) -> Signal:
    """One-pole low-pass filter."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    out: Signal = []
    y = 0.0
    for x in sig:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(sig: Sequence[float], cutoff: float) -> Signal:
    """One-pole high-pass filter (the input minus its low-passed part)."""
    return [x - y for x, y in zip(sig, lowpass(sig, cutoff))]


def bandpass(sig: Sequence[float], low: float, high: float) -> Signal:
    return lowpass(highpass(sig, low), high)


def finish(buf: Signal) -> Signal:
    """Normalise to PEAK and fade the tail out linearly."""
    peak = max((abs(v) for v in buf), default=0.0)
    scale = PEAK / peak if peak > 0 else 0.0
    out = [v * scale for v in buf]
    n = min(len(out), int(FADE * RATE))
    for k in range(n):
        out[len(out) - n + k] *= (n - 1 - k) / n
    return out


# --- the sounds -----------------------------------------------------------------------------
def _click(rng: random.Random, bright: float) -> Signal:
    """One die hitting the table or another die: a tick of noise plus a hard, short resonance."""
    n = highpass(noise(rng, 0.03, 0.0005, 0.004), 1500.0)
    body = ring(bright, 0.006, 0.03, rng.uniform(0.0, math.pi))
    wood = ring(bright * 0.31, 0.012, 0.03)
    return [a + 0.6 * b + 0.35 * c for a, b, c in zip(n, body, wood)]


def dice_rattle(rng: random.Random) -> Signal:
    """Several dice clicking on the table, ever softer and closer together."""
    buf = silence(0.5)
    t = 0.0
    gain = 1.0
    for _ in range(9):
        mix_in(buf, _click(rng, rng.uniform(2400.0, 3800.0)), t, gain)
        t += rng.uniform(0.025, 0.065)
        gain *= rng.uniform(0.62, 0.8)
    return buf


def dice_land(rng: random.Random) -> Signal:
    """One die knocking down on the wooden table."""
    buf = silence(0.2)
    mix_in(buf, ring(170.0, 0.03, 0.2), 0.0, 1.0)
    mix_in(buf, ring(620.0, 0.018, 0.2, 0.5), 0.0, 0.5)
    mix_in(buf, lowpass(noise(rng, 0.02, 0.0003, 0.003), 4000.0), 0.0, 0.9)
    return buf


def ball_bounce(rng: random.Random) -> Signal:
    """A ping-pong ball bouncing on the table: a bright tick that dies away at once."""
    buf = silence(0.12)
    mix_in(buf, ring(3150.0, 0.008, 0.12), 0.0, 1.0)
    mix_in(buf, ring(1120.0, 0.014, 0.12, 1.0), 0.0, 0.45)
    mix_in(buf, highpass(noise(rng, 0.004, 0.0002, 0.001), 2000.0), 0.0, 0.8)
    return buf


def ball_rim(rng: random.Random) -> Signal:
    """The ball touching a plastic cup rim: lighter and higher than a table bounce."""
    buf = silence(0.1)
    mix_in(buf, ring(5400.0, 0.005, 0.1), 0.0, 1.0)
    mix_in(buf, ring(7900.0, 0.003, 0.1, 0.7), 0.0, 0.5)
    mix_in(buf, ring(2300.0, 0.01, 0.1, 0.3), 0.0, 0.2)
    mix_in(buf, highpass(noise(rng, 0.003, 0.0001, 0.0007), 4000.0), 0.0, 0.5)
    return buf


def ball_cup(rng: random.Random) -> Signal:
    """The ball dropping into the beer: a low rising plop and a little splash."""
    buf = silence(0.4)
    mix_in(buf, glide(260.0, 720.0, 0.07, 0.05, 0.3), 0.0, 1.0)
    mix_in(buf, bandpass(noise(rng, 0.3, 0.006, 0.05), 1800.0, 6000.0), 0.015, 0.45)
    for _ in range(4):  # a few droplets falling back
        f = rng.uniform(900.0, 1700.0)
        mix_in(buf, glide(f, f * 1.8, 0.012, 0.01, 0.05), rng.uniform(0.08, 0.26), rng.uniform(0.12, 0.25))
    return buf


def _metal(rng: random.Random, base: float, tau: float, seconds: float) -> Signal:
    """A small metal part struck: inharmonic partials, the higher ones dying faster."""
    out = silence(seconds)
    for ratio, amp in ((1.0, 1.0), (1.58, 0.6), (2.41, 0.4), (3.37, 0.25)):
        mix_in(out, ring(base * ratio, tau / ratio, seconds, rng.uniform(0.0, math.pi)), 0.0, amp)
    return out


def cap_click(rng: random.Random) -> Signal:
    """A crown cap clicking down on the board."""
    buf = silence(0.1)
    mix_in(buf, _metal(rng, 3900.0, 0.014, 0.1), 0.0, 1.0)
    mix_in(buf, ring(240.0, 0.012, 0.1), 0.0, 0.6)
    mix_in(buf, highpass(noise(rng, 0.003, 0.0001, 0.0008), 3000.0), 0.0, 0.7)
    return buf


def cap_flip(rng: random.Random) -> Signal:
    """A finger flicking a cap, which skitters off with a few light ticks."""
    buf = silence(0.3)
    mix_in(buf, lowpass(noise(rng, 0.03, 0.001, 0.006), 3000.0), 0.0, 1.0)  # the flick
    mix_in(buf, ring(900.0, 0.008, 0.03), 0.0, 0.4)
    t, gain = 0.06, 0.7
    for _ in range(3):
        mix_in(buf, _metal(rng, rng.uniform(4200.0, 5200.0), 0.008, 0.06), t, gain)
        t += rng.uniform(0.05, 0.08)
        gain *= 0.6
    return buf


def _bell(freq: float, seconds: float) -> Signal:
    """A soft chime note: a short attack, a few partials, a long-ish decay."""
    out = silence(seconds)
    for ratio, amp, tau in ((1.0, 1.0, 0.14), (2.0, 0.35, 0.08), (3.0, 0.12, 0.05)):
        mix_in(out, ring(freq * ratio, tau, seconds), 0.0, amp)
    attack = int(0.005 * RATE)
    for i in range(min(attack, len(out))):
        out[i] *= i / attack
    return out


def call_out(rng: random.Random) -> Signal:
    """Two rising notes (G5, C6) announcing a banner."""
    buf = silence(0.55)
    mix_in(buf, _bell(783.99, 0.3), 0.0, 0.9)
    mix_in(buf, _bell(1046.5, 0.4), 0.15, 1.0)
    return buf


def cup_hit(rng: random.Random) -> Signal:
    """A ball in the cup, cheered: a splash, then three quick rising notes (C6, E6, G6)."""
    buf = silence(0.58)
    mix_in(buf, bandpass(noise(rng, 0.16, 0.002, 0.05), 500.0, 4000.0), 0.0, 0.5)
    for k, f in enumerate((1046.5, 1318.5, 1568.0)):
        mix_in(buf, _bell(f, 0.36), 0.06 + 0.08 * k, 0.75 + 0.1 * k)
    return buf


def ui_click(rng: random.Random) -> Signal:
    """A soft tick for a button press."""
    buf = silence(0.04)
    mix_in(buf, lowpass(ring(1800.0, 0.004, 0.04), 5000.0), 0.0, 1.0)
    mix_in(buf, lowpass(noise(rng, 0.004, 0.0002, 0.0008), 3000.0), 0.0, 0.3)
    return buf


# name → (seed, synthesiser); the names are the API of game/ui/common/sound.py
SOUNDS: dict[str, tuple[int, Callable[[random.Random], Signal]]] = {
    "dice_rattle": (101, dice_rattle),
    "dice_land": (102, dice_land),
    "ball_bounce": (201, ball_bounce),
    "ball_rim": (202, ball_rim),
    "ball_cup": (203, ball_cup),
    "cap_click": (301, cap_click),
    "cap_flip": (302, cap_flip),
    "call_out": (401, call_out),
    "ui_click": (402, ui_click),
    "cup_hit": (403, cup_hit),
}


def render(name: str) -> bytes:
    """The 16-bit little-endian PCM frames of one sound."""
    seed, synth = SOUNDS[name]
    samples = finish(synth(random.Random(seed)))
    ints = [max(-32767, min(32767, int(round(v * 32767.0)))) for v in samples]
    return struct.pack(f"<{len(ints)}h", *ints)


def write(name: str, out_dir: Path) -> Path:
    """Write `<out_dir>/<name>.wav` and return its path."""
    path = out_dir / f"{name}.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(render(name))
    return path


def write_all(out_dir: Path = HERE) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    return [write(name, out_dir) for name in SOUNDS]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--out", type=Path, default=HERE, help="folder to write to (default: beside this script)")
    args = ap.parse_args(argv)
    for p in write_all(args.out):
        print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
