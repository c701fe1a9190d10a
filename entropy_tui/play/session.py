"""A game being played at this terminal: the engine's Game with its undo timeline, its bots,
who sits at the screen, and where it saves itself.

Everything about privacy lives here: the screen shows the view of `viewer`, the human who last
took the keyboard; a decision of another human first needs a hand-off.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from entropy_tui.bots.base import Bot
from entropy_tui.bots.registry import LEVEL_OF
from entropy_tui.play.bot_seats import BotFactory, bot_seed, default_bot_factory
from entropy_tui.play.changes import LastLooks
from entropy_tui.play.config import (
    HINT_SECONDS,
    GameConfig,
    SeatConfig,
)
from entropy_tui.play.timeline import Timeline
from entropy_tui.rules import Decision, Game
from entropy_tui.saves.autosave import Autosaver
from entropy_tui.saves.files import load_game, save_bytes
from entropy_tui.saves.notes import LogNote, interleave

if TYPE_CHECKING:  # the coach (and the bot it consults) loads only for a guided game
    from entropy_tui.play.coach import Advice, Coach
    from entropy_tui.play.hints import Hint
    from entropy_tui.play.thinking import Reply, Worker

# The coach's advice is kept for a step, a prompt and the options enabled there.
AdviceKey = tuple[int, str, tuple[str, ...]]
# A position of the game: the choices that led to it. An answer worked out for a position is
# used only while the game is still there (after an undo and a redo it is there again).
Position = tuple[str, ...]


class Session:
    def __init__(
        self,
        config: GameConfig,
        game: Game | None = None,
        bot_factory: BotFactory | None = None,
        *,
        notes: list[LogNote] | None = None,
        save_path: Path | None = None,
        unsaved_reason: str | None = None,
        watch_only: bool = False,
        tutorial: dict[str, dict[str, int]] | None = None,
        public_only: bool = False,
    ) -> None:
        """`tutorial`: what the coach of a guided game had taught when it was saved."""
        self.config = config
        self.timeline = Timeline(
            game or config.new_game(),
            notes,
        )
        # Where every decision is saved (None: nowhere, as in tests of the screens alone).
        self.saver = Autosaver(save_path) if save_path is not None else None
        self.unsaved_reason = unsaved_reason  # why a game that should save can't
        # (choices, notes, a shared table's seats) last written
        self._saved_at: tuple[int, int, dict[str, Any] | None] | None = None
        # Watching (a replay): nobody decides here, so no bots and no humans to hide cards from.
        self.watch_only = watch_only
        self._bot_factory = bot_factory or default_bot_factory
        self.bots: dict[int, Bot] = {}
        self._bot_kinds: dict[int, str] = {}  # the kind of each seat's bot in `bots`
        self.humans: list[int] = []
        self.viewer: int | None = None
        self.looks = LastLooks()  # what each seat last acted on, to mark what changed since
        self._seat_players()
        # A guided game's coach, and its advice for the decision it was last asked about.
        self.coach: Coach | None = None
        if config.tutorial and not watch_only:
            from entropy_tui.play.coach import Coach

            self.coach = Coach(config.seed, tutorial, catalog=self.game.catalog)
        self._advice: tuple[AdviceKey, Advice] | None = None
        # Watching with no seat's cards shown (a replay of a game that is not over).
        self.public_only = public_only and not config.open_hands
        self._worker: Worker | None = None  # where bots and hints think, once one has
        # A shared table's seats, saved with the game (see entropy_tui.table).
        self.table: dict[str, Any] | None = None

    @classmethod
    def from_save(
        cls,
        path: Path,
        bot_factory: BotFactory | None = None,
        *,
        save_path: Path | None = None,
        unsaved_reason: str | None = None,
    ) -> Session:
        """The game saved in `path` (raises SaveError, naming the file and the problem)."""
        game, save = load_game(path)
        return cls(
            GameConfig.of_save(save),
            game,
            bot_factory,
            notes=list(save.notes),
            save_path=save_path,
            unsaved_reason=unsaved_reason,
            tutorial=save.tutorial.as_data() if save.tutorial is not None else None,
        )

    @property
    def game(self) -> Game:
        return self.timeline.game

    @property
    def seats(self) -> tuple[SeatConfig, ...]:
        """The seats as they are played now: a seat handed over shows its new player."""
        players = self.game.state.players
        return tuple(
            spec if spec.bot == player.bot else replace(spec, bot=player.bot)
            for spec, player in zip(self.config.seats, players, strict=True)
        )

    @property
    def decision(self) -> Decision | None:
        return self.game.decision

    @property
    def open_hands(self) -> bool:
        return self.config.open_hands

    @property
    def spectating(self) -> bool:
        """Nobody human plays here: the screen is a window on the game, cards and all (unless
        it is public_only)."""
        return not self.humans and not self.public_only

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def bot_to_move(self) -> bool:
        decision = self.decision
        return decision is not None and self.is_bot(decision.player)

    def human_to_move(self) -> int | None:
        decision = self.decision
        if decision is None or self.is_bot(decision.player):
            return None
        return decision.player

    def handoff_needed(self) -> int | None:
        """The human who must take the keyboard before the pending decision is shown."""
        seat = self.human_to_move()
        if seat is None or seat == self.viewer:
            return None
        if self.open_hands or len(self.humans) < 2:
            self.viewer = seat  # nothing to hide: no cover screen
            return None
        return seat

    def take_keyboard(self, seat: int) -> None:
        self.viewer = seat

    def sees_private(self, seat: int) -> bool:
        """May the screen show this seat's hand, missions and decision details?"""
        return self.open_hands or self.spectating or seat == self.viewer

    def view(self) -> dict[str, Any]:
        """The engine's view for whoever sits at the screen (before the first hand-off, the
        first human's: the screen then shows nothing private, see sees_private), its log
        with the notes of undos and redos in their places."""
        game = self.game
        if self.spectating:
            view = game.snapshot()
            view["log"] = game.dumped_log()  # the same event objects the notes merge into
        elif self.public_only:
            view = {**game.view(None)}  # plain data: its log takes the notes below
        else:
            view = {**game.view(self.viewer if self.viewer is not None else self.humans[0])}
        view["log"] = interleave(game.dumped_log(), view["log"], self.timeline.notes)
        return view

    def advice(self) -> Advice | None:
        """The coach's advice for the pending decision, in a guided game when a human decides."""
        decision = self.decision
        seat = self.human_to_move()
        if self.coach is None or decision is None or seat is None:
            return None
        step = len(self.game.state.choices)
        key = (step, decision.prompt, tuple(o.id for o in decision.enabled))
        if self._advice is None or self._advice[0] != key:
            self._advice = (key, self.coach.advise(self.game.view(seat), decision, step))
        return self._advice[1]

    def choose(self, option_id: str) -> None:
        """A human's choice; InvalidChoice propagates with the engine's explanation."""
        self.timeline.choose(option_id)

    def bot_step(self) -> str:
        """Lets the bot whose decision is pending make it; returns the option id it chose."""
        decision = self.decision
        assert decision is not None and self.is_bot(decision.player)
        choice = self.bots[decision.player].decide(self.game.view(decision.player), decision)
        self.timeline.choose(choice)
        return choice

    # ------------------------------------------------------------------ thinking
    @property
    def position(self) -> Position:
        return tuple(self.game.state.choices)

    def quick_bot_to_move(self) -> bool:
        """A bot whose answer comes within a frame (not one that searches) is to move."""
        decision = self.decision
        if decision is None:
            return False
        level = LEVEL_OF.get(self.seats[decision.player].bot or "")
        return level is not None and not level.searches

    def ask_bot(self, reply: Reply) -> Position:
        """Starts the pending bot decision in the background; `reply` gets the option id (or
        the exception the bot raised). Returns the position it is for."""
        from entropy_tui.play.thinking import PlainDecision, decide

        decision = self.decision
        assert decision is not None and self.is_bot(decision.player)
        seat = decision.player
        view, plain = self.game.view(seat), PlainDecision.of(decision)
        if self._bot_factory is default_bot_factory:
            kind = self.seats[seat].bot or ""
            seed, edition = bot_seed(self.config.seed, seat), self.game.catalog.edition
            job = partial(decide, kind, seed, seat, view, plain, edition)
        else:  # a caller's own bots live in this process
            job = partial(self.bots[seat].decide, view, plain)
        self.worker().ask(job, reply)
        return self.position

    def choose_for_bot(self, position: Position, option_id: str) -> bool:
        """Makes a bot's background answer, if the game is still where it was asked."""
        if position != self.position or not self.bot_to_move():
            return False
        self.timeline.choose(option_id)
        return True

    @property
    def hints_on(self) -> bool:
        return self.config.hints and not self.watch_only

    def ask_hint(self, reply: Callable[[Hint | Exception], None]) -> Position:
        """Notes in the log that the person deciding asked for a hint, and starts working it
        out, from their own view only, in the background."""
        from entropy_tui.play.hints import advise
        from entropy_tui.play.thinking import PlainDecision

        decision = self.decision
        seat = self.human_to_move()
        assert decision is not None and seat is not None and self.hints_on
        position = self.position
        seed = bot_seed(self.config.seed, seat) * 1000 + len(position)
        view, plain = self.game.view(seat), PlainDecision.of(decision)
        edition = self.game.catalog.edition
        job = partial(advise, view, plain, seed=seed, seconds=HINT_SECONDS, edition=edition)
        self.note_hint(seat)
        self.worker().ask(job, reply)
        return position

    def note_hint(self, seat: int) -> None:
        """Hints are asked in the open: the log says so."""
        self.timeline.note(seat, hint_note(self.game.name(seat)))

    def worker(self) -> Worker:
        """Where bots and hints think: a process of its own for the game's own bots, whose
        search would otherwise slow the screen (see entropy_tui.play.thinking); a caller's bots
        think in a thread."""
        if self._worker is None:
            from entropy_tui.play.thinking import WorkerProcess, WorkerThread

            own = self._bot_factory is default_bot_factory
            self._worker = WorkerProcess() if own else WorkerThread()
        return self._worker

    def stop_thinking(self) -> None:
        """Drops whatever is being worked out, and the worker (a new one starts if asked)."""
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    def change_control(self, seat: int, bot: str | None) -> None:
        """Hands `seat` to the named bot, or to a person (None), from now on (InvalidChoice
        says why not)."""
        self.timeline.change_control(seat, bot)
        self._seat_players()

    def _seat_players(self) -> None:
        """Bots for the seats bots play (a bot stays while its seat keeps its kind), the
        humans, and who sits at the screen: with one human, nobody's cards need hiding from
        the screen's user."""
        if self.watch_only:
            return
        players = self.game.state.players
        bots: dict[int, Bot] = {}
        for seat, player in enumerate(players):
            if player.bot is not None:
                kept = self.bots.get(seat) if self._bot_kinds.get(seat) == player.bot else None
                bots[seat] = kept or self._new_bot(player.bot, bot_seed(self.config.seed, seat))
        self.bots = bots
        self._bot_kinds = {seat: players[seat].bot or "" for seat in bots}
        self.humans = [seat for seat, player in enumerate(players) if player.bot is None]
        if len(self.humans) == 1:
            self.viewer = self.humans[0]
        elif self.viewer not in self.humans:
            self.viewer = None  # the next human to decide takes the keyboard first

    def _new_bot(self, kind: str, seed: int) -> Bot:
        """A bot for this game's edition of the component data (a caller's own factory makes
        its bots as it likes)."""
        if self._bot_factory is default_bot_factory:
            return default_bot_factory(kind, seed, catalog=self.game.catalog)
        return self._bot_factory(kind, seed)

    def undo_refusal(self) -> str | None:
        """Why `undo` would refuse now (None: it would take the last decision back)."""
        return self.timeline.undo_refusal()

    def undo(self) -> LogNote:
        """Takes back the last decision (InvalidChoice says why not)."""
        return self.timeline.undo()

    def redo(self) -> LogNote:
        return self.timeline.redo()

    def autosave(self) -> None:
        """Saves the game in the background if anything changed since the last save (a game
        nobody has made a decision in yet has nothing to lose, and is not saved)."""
        mark = (len(self.game.state.choices), len(self.timeline.notes), self.table)
        if self.saver is None or mark == self._saved_at or mark[:2] == (0, 0):
            return
        self._saved_at = mark
        self.saver.submit(self.save_data())

    def save_data(self) -> bytes:
        colours = [seat.colour for seat in self.seats]
        tutorial = self.coach.progress() if self.coach is not None else None
        return save_bytes(
            self.game,
            self.timeline.notes,
            colours,
            tutorial=tutorial,
            hints=self.config.hints,
            table=self.table,
        )

    def play_bots(self, *, quick_only: bool = False) -> int:
        """Bots decide, in this thread, until a human must (with `quick_only`: or a bot that
        searches), or the game ends; returns how many steps ran."""
        to_move = self.quick_bot_to_move if quick_only else self.bot_to_move
        steps = 0
        while to_move():
            self.bot_step()
            steps += 1
        return steps


def hint_note(name: str) -> str:
    return f"{name} asked for a hint"
