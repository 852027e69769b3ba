"""The ledger: sips from each player's current beer (11 sips; light beer or anything else 8)."""
from __future__ import annotations

from game.rules.ledger import Drink, Ledger
from game.rules.ruling import Ruling, What


def sips(who: str, n: int) -> Ruling:
    return Ruling(who, What.SIPS, n, "test.sips", f"{who} drinks {n}")


def test_a_beer_holds_11_sips_anything_else_8() -> None:
    assert (Drink.BEER.sips, Drink.LIGHT_BEER.sips, Drink.OTHER.sips) == (11, 8, 8)


def test_sips_empty_the_current_beer_and_start_the_next() -> None:
    led = Ledger.new(["Ann", "Ben"], {"Ben": Drink.LIGHT_BEER})
    led = led.apply_all([sips("Ann", 7), sips("Ann", 6), sips("Ben", 8)])
    assert (led["Ann"].sips, led["Ann"].beers, led["Ann"].beer_left) == (13, 1, 9)
    assert (led["Ben"].beers, led["Ben"].beer_left) == (1, 8)


def test_rest_of_beer_and_whole_beer() -> None:
    led = Ledger.new(["Ann"]).apply(sips("Ann", 4))
    led = led.apply(Ruling("Ann", What.BEER_REST, 0, "test.rest", "bunde"))
    assert (led["Ann"].sips, led["Ann"].beers, led["Ann"].beer_left) == (11, 1, 11)
    led = led.apply(Ruling("Ann", What.BEER, 1, "test.beer", "a whole beer"))
    assert (led["Ann"].sips, led["Ann"].beers) == (22, 2)


def test_mats_move_between_players_and_back_to_the_middle() -> None:
    led = Ledger.new(["Ann", "Ben"])
    led = led.apply(Ruling("Ann", What.MATS, 5, "schock.deckel", "from the middle"))
    led = led.apply(Ruling("Ben", What.MATS, 3, "schock.deckel", "Ann passes 3", giver="Ann"))
    assert (led.mats("Ann"), led.mats("Ben"), led.total_mats()) == (2, 3, 5)
    led = led.apply(Ruling("Ben", What.MATS, -3, "schock.game", "back to the middle"))
    assert led.total_mats() == 2


def test_strokes_and_schuesse_are_counted() -> None:
    led = Ledger.new(["Ann"]).apply_all(
        [Ruling("Ann", What.STROKE, 1, "schock.game", "s"), Ruling("Ann", What.SCHUSS, 1, "katchen.phase2", "k")]
    )
    assert (led["Ann"].strokes, led["Ann"].schuesse) == (1, 1)
