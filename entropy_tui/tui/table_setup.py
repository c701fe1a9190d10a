"""The set-up screen of `entropy-tui host` without --seats: the new-game screen, where a seat
may also be Remote. It returns the game's settings, its remote seats marked so."""

from __future__ import annotations

from textual.events import Mount

from entropy_tui.play.config import GameConfig
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.new_game import NewGameScreen


class TableSetupApp(EntropyApp):
    def __init__(self, seed: int | None) -> None:
        super().__init__()
        self.seed = seed  # --seed (None: the field is left empty, for a random seed)
        self.chosen: GameConfig | None = None

    def on_mount(self, event: Mount) -> None:
        event.prevent_default()  # not the app's own start screen
        self._show(NewGameScreen(self.seed, table=True))
        self._guard_size()

    def start_game(self, config: GameConfig) -> None:
        self.chosen = config
        self.exit()
