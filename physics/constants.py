"""Every constant of the beer-pong table in one place (SI units; sources and confidence noted).

Values follow `design/beerpong-physics.md`: regulation table and ball sizes are firm; restitutions,
friction and the rim's lip are estimates chosen inside the ranges given there.
"""
from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Constants:
    """The physical model's numbers; `CONST` holds the defaults."""

    # table (regulation; high confidence)
    table_length: float = 2.44  # m, along x from the thrower's end
    table_width: float = 0.61  # m, across (y from -0.305 to +0.305)
    table_height: float = 0.70  # m, top above the floor (the floor is at z = -0.70)
    # cup: 16 oz party cup (medium confidence)
    cup_rim_radius: float = 0.0465  # m, rim Ø 93 mm
    cup_base_radius: float = 0.030  # m, base Ø 60 mm
    cup_height: float = 0.12  # m, the rim's height above the table
    rim_lip: float = 0.002  # m, radius of the rolled lip (estimate 1.5–3 mm)
    cup_mass: float = 0.012  # kg, empty (estimate)
    liquid_fill: float = 0.4  # of the cup's height (⅓ … ½)
    liquid_density: float = 1000.0  # kg/m³ (beer ≈ water)
    # ball (high confidence)
    ball_radius: float = 0.020  # m
    ball_mass: float = 0.0027  # kg
    ball_inertia: float = 2.0 / 3.0  # I = ball_inertia·m·r² (a thin shell)
    # air and gravity
    gravity: float = 9.81  # m/s²
    drag_k: float = 0.14  # 1/m, k = ρ·C_D·π·r²/(2m) with C_D ≈ 0.45 (derived; terminal speed ≈ 8.4 m/s)
    magnus_k: float = 0.0037  # 1 (per rad), a = k_M·(ω × v), k_M = ρ·C_M·π·r³/(2m), C_M ≈ 0.6 (estimate)
    # contacts (estimates)
    table_restitution: float = 0.8  # 0.6–0.85
    table_friction: float = 0.3  # μ ball–table, 0.2–0.4
    rolling_resistance: float = 0.01  # μ_r, 0.005–0.02
    rim_restitution: float = 0.3  # low confidence
    wall_restitution: float = 0.4  # ball on the cup's side wall (thin plastic; estimate)
    ball_restitution: float = 0.85  # ball on ball, both balls thrown at once (celluloid/ABS shells; estimate)
    cup_table_friction: float = 0.4  # sliding cup on the table (estimate)
    tip_factor: float = 1.5  # tipping impulse = tip_factor·m·√(g·base radius) (estimate, see `tip_impulse`)
    # detection
    bounce_merge: float = 0.035  # s, table contacts closer than this count as one bounce
    roll_speed: float = 0.1  # m/s, below this vertical bounce speed the ball rolls
    centre_hysteresis: float = 0.02  # m, each side of the centre line
    settle_speed: float = 0.02  # m/s, a ball slower than this …
    settle_time: float = 0.2  # s, … for this long has settled
    settle_radius: float = 0.002  # m, a ball off the table (on rims) settles staying this close for settle_time
    contact_merge: float = 0.035  # s, contacts with the same cup closer than this count as one
    # integration
    dt: float = 1.0 / 240.0  # s, the fixed step

    @property
    def centre(self) -> float:
        """x of the centre line."""
        return self.table_length / 2.0

    @property
    def floor_z(self) -> float:
        """z of the floor (the table top is z = 0)."""
        return -self.table_height

    def liquid_level(self, fill: float) -> float:
        """Height of the liquid's surface for a cup filled to `fill` of its height (m)."""
        return max(0.0, min(1.0, fill)) * self.cup_height

    def wall_radius(self, z: float) -> float:
        """The cup wall's radius at height z (linear from base to rim)."""
        z = max(0.0, min(self.cup_height, z))
        return self.cup_base_radius + (self.cup_rim_radius - self.cup_base_radius) * z / self.cup_height

    def cup_total_mass(self, fill: float) -> float:
        """Cup plus liquid (kg): the liquid is a frustum up to the level."""
        h = self.liquid_level(fill)
        rb, rh = self.cup_base_radius, self.wall_radius(h)
        return self.cup_mass + self.liquid_density * math.pi * h / 3.0 * (rb * rb + rb * rh + rh * rh)

    def tip_impulse(self, fill: float) -> float:
        """Impulse on the wall (N·s) that tips a cup: enough to lift its centre of mass over the
        base's edge, ~ m·√(g·r_base) scaled by `tip_factor` (an estimate; filled cups rarely tip)."""
        return self.tip_factor * self.cup_total_mass(fill) * math.sqrt(self.gravity * self.cup_base_radius)


CONST = Constants()
