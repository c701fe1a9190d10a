"""One module per action of the game; importing the package registers their handlers."""

from . import (  # noqa: F401
    activate_stars,
    aggregate_planet,
    catch_asteroid,
    create_life,
    evolve_star,
    primordial_soup,
    set_biome,
    take_life_cards,
    upgrade_console,
)
