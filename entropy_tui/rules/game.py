"""The public face of the engine: a Game you ask for its Decision and tell your choice.

game = Game.new(["Ann", "Bob"], seed=7)
while not game.over:
    game.choose(game.decision.options[0].id)   # or any enabled option
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from entropy_tui.rules.catalog import Catalog, load_catalog
from entropy_tui.rules.control import ControlChange, controller_words, is_control, parse_control
from entropy_tui.rules.decision import Decision, InvalidChoice
from entropy_tui.rules.free_actions import EXCHANGE_COST, free_action_options
from entropy_tui.rules.landing import keep_the_landing_playable
from entropy_tui.rules.refs import parse_planet_ref
from entropy_tui.rules.rng import Rng
from entropy_tui.rules.state import Event, GameState, PlanetState, PlayerState, Task, log_line_data
from entropy_tui.rules.tasks import HANDLERS, handlers_stopping_at
from entropy_tui.rules.view_data import View
from entropy_tui.rules.vocabulary import TaskKind

_new = object.__new__
# Decisions of a turn after its Objectives are checked: a Biome fulfilled then would not count.
AFTER_THE_OBJECTIVES = ("lifeform_objectives", "confirm_turn_end")


def checked_state(snapshot: dict[str, Any]) -> GameState:
    """The state a snapshot from outside describes; raises pydantic's ValidationError when it
    is not one. The check is imported when first needed, so the engine starts without it."""
    from entropy_tui.rules.snapshot_check import checked_state as check

    return check(snapshot)


class Game:
    """A game in progress: its state, and the Decision pending in it."""

    def __init__(self, state: GameState, catalog: Catalog | None = None) -> None:
        self.state = state
        self.catalog = catalog or load_catalog()
        self.index = self.catalog.index
        self._decision: Decision | None = None
        self._unsettled = False  # a copy's Decision is still to be worked out
        self._handlers = HANDLERS  # a look-ahead's may stop early (see try_out)
        self._only_seat: int | None = None  # a look-ahead's copies one seat only (see try_out)
        self._dumped_events: list[dict[str, Any]] = []
        self._settle()

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(
        cls,
        seats: list[str],
        seed: int = 0,
        *,
        bots: list[str | None] | None = None,
        alternative_objectives: bool = False,
        open_hands: bool = False,
        confirm_turn_end: bool = False,
        edition: int | None = None,
        catalog: Catalog | None = None,
    ) -> Game:
        """A new game for 2-4 seats; `bots[i]` names the bot playing seat i (None: a person).
        `confirm_turn_end`: a person's turn ends with an "End your turn" decision, so the whole
        turn can still be taken back before the next player takes over (bots never get it).
        `edition`: of the component data (None: the newest; UnknownEdition if this version
        lacks it); or `catalog`, the data itself."""
        from entropy_tui.rules.setup import new_state

        catalog = catalog or load_catalog(edition)
        if edition is not None and catalog.edition != edition:
            raise ValueError(f"the catalog is of edition {catalog.edition}, not {edition}")
        state = new_state(
            catalog,
            seats,
            seed,
            bots=bots,
            alternative_objectives=alternative_objectives,
            open_hands=open_hands,
            confirm_turn_end=confirm_turn_end,
        )
        return cls(state, catalog)

    @classmethod
    def restore(cls, snapshot: dict[str, Any], catalog: Catalog | None = None) -> Game:
        """The game a snapshot was taken of (validated; raises pydantic's ValidationError)."""
        return cls(checked_state(snapshot), catalog)

    @classmethod
    def restore_trusted(cls, snapshot: dict[str, Any], catalog: Catalog | None = None) -> Game:
        """The game of a snapshot or view this engine made (a bot's determinized view), built
        without checking it: fast, for look-ahead. Outside data goes through `restore`."""
        return cls(GameState.load(snapshot), catalog)

    def config(self) -> dict[str, Any]:
        """The arguments of `Game.new` that made this game (seats as they were at the start)."""
        state = self.state
        bots = [p.bot for p in state.players]
        for choice in reversed(state.choices):
            if is_control(choice):
                change = parse_control(choice, len(bots))
                bots[change.seat] = change.before
        return {
            "seats": [p.name for p in state.players],
            "seed": state.seed,
            "bots": bots,
            "alternative_objectives": state.settings.alternative_objectives,
            "open_hands": state.settings.open_hands,
            "confirm_turn_end": state.settings.confirm_turn_end,
            "edition": self.catalog.edition,
        }

    @classmethod
    def replay(
        cls, config: dict[str, Any], choices: list[str], catalog: Catalog | None = None
    ) -> Game:
        """The game `config` starts, after making `choices` in order."""
        game = cls.new(**config, catalog=catalog)
        for choice in choices:
            game.choose(choice)
        return game

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-serialisable data."""
        return self.state.dump()

    def copy(self) -> Game:
        """An independent copy, for look-ahead. Its Decision is worked out when first asked
        for (the state is already settled), so a copy costs only the copy of the state."""
        clone = self._unsettled_copy(self._only_seat)
        clone._unsettled = self._decision is not None or self._unsettled
        return clone

    def _unsettled_copy(self, only_seat: int | None) -> Game:
        clone = Game.__new__(Game)
        clone.state = self.state.copy(only_seat=only_seat)
        clone.catalog = self.catalog
        clone.index = self.index
        clone._decision = None
        clone._unsettled = False
        clone._handlers = self._handlers
        clone._only_seat = only_seat
        clone._dumped_events = []
        return clone

    def let_go(self) -> None:
        """Drops the pending Decision of a look-ahead copy that is done with: its options
        refer back to the game, so the two would otherwise wait for the garbage collector."""
        self._decision = None
        self._unsettled = True

    def try_out(
        self,
        change: Callable[[Game], None],
        *,
        stop_at: TaskKind | None = None,
        only_seat: int | None = None,
    ) -> Game:
        """A copy of this game with `change` made to its state directly, then settled: for
        looking past a decision the rules do not offer yet. `stop_at`: a Task kind whose
        Decision this copy, and the copies made of it, never work out; reaching it, they wait
        at a Decision of that kind with no options but the free actions (for a look-ahead that
        only asks whether the kind is reached). `only_seat`: the one seat whose player this
        copy, and the copies made of it, have of their own; the other seats' are this game's,
        so neither `change` nor what follows it may change them (a look-ahead through one
        player's own steps)."""
        # The pending decision is not worked out again.
        trial = self._unsettled_copy(self._only_seat if only_seat is None else only_seat)
        if stop_at is not None:
            trial._handlers = handlers_stopping_at(stop_at)
        change(trial)
        trial._settle()
        return trial

    def view(self, seat: int | None) -> View:
        """The snapshot as `seat` may see it: other players' hands, missions and private log
        lines hidden, and of every stack only its top (unless hands are open). Seat None sees
        only what is public."""
        from entropy_tui.rules.visibility import view_of

        return view_of(self, seat)

    def edited(self) -> None:
        """For a state changed by hand (a test, a tool): forgets what was worked out from it
        (the pending Decision, the sums each play area keeps) and settles again."""
        for player in self.state.players:
            player.area_changed()
        self._decision = None
        self._settle()

    # ----------------------------------------------------------------- playing
    @property
    def decision(self) -> Decision | None:
        """What the game waits for; None once it is over."""
        if self._unsettled:
            self._settle()
        return self._decision

    def dumped_log(self) -> list[dict[str, Any]]:
        """The log as JSON data; its lines never change, so each is dumped once."""
        dumped, log = self._dumped_events, self.state.log
        dumped.extend(log_line_data(line) for line in log[len(dumped) :])
        return dumped

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def log(self) -> list[Event]:
        """The log's lines, to be read by name (the state keeps them as plain tuples)."""
        return [Event._make(line) for line in self.state.log]

    def choose(self, option_id: str) -> None:
        """Takes an option of the pending Decision (or makes the seat change a
        `change_control` logged). An unknown or disabled id raises InvalidChoice, and the game
        is unchanged."""
        if self._unsettled:
            self._settle()
        decision = self._decision
        if decision is None:
            raise InvalidChoice("The game is over: there is nothing left to choose.")
        for option in decision.options:  # written out: every choice looks its option up
            if option.id == option_id:
                break
        else:
            if not isinstance(option_id, str):
                raise InvalidChoice(f"An option is chosen by its id, not by {option_id!r}.")
            if is_control(option_id):  # no option's id starts as a seat change's does
                self._hand_over(parse_control(option_id, len(self.state.players)))
                return
            option = decision.option(option_id)  # raises InvalidChoice, naming the options
        if not option.enabled:
            raise InvalidChoice(f"You can't choose '{option.label}': {option.reason}")
        state = self.state
        if state.last_decider is not None and decision.player != state.last_decider:
            state.undo_floor = len(state.choices)
            state.undo_floor_reason = f"{state.players[state.last_decider].name} has decided since"
        reveals_before = state.board.reveals
        state.choices.append(option_id)
        state.last_decider = decision.player
        self._decision = None
        option.apply()
        self._settle()
        if state.board.reveals != reveals_before:
            state.undo_floor = len(state.choices)
            state.undo_floor_reason = "a card or tile was revealed from a stack"

    def change_control(self, seat: int, bot: str | None) -> None:
        """Hands `seat` to the bot named `bot`, or to a person (None), from the pending
        decision on. The change is kept in the choice log, so replays and resumed games make it
        at the same step; nothing before it can be taken back."""
        if not 0 <= seat < len(self.state.players):
            raise InvalidChoice(f"There is no seat {seat + 1}.")
        self.choose(ControlChange(seat, self.player(seat).bot, bot).choice_id)

    def _hand_over(self, change: ControlChange) -> None:
        state = self.state
        player = self.player(change.seat)
        if player.bot != change.before:
            raise InvalidChoice(
                f"{player.name}'s seat is played by {controller_words(player.bot)}, not by"
                f" {controller_words(change.before)}."
            )
        state.choices.append(change.choice_id)
        player.bot = change.after
        self.note(
            change.seat,
            "control",
            f"{player.name}'s seat is now played by {controller_words(change.after)}",
        )
        state.undo_floor = len(state.choices)
        state.undo_floor_reason = f"{player.name}'s seat has changed hands since"
        self._decision = None  # who plays may change what is asked (a person confirms more)
        self._settle()

    def undo_refusal(self) -> str | None:
        """Why the last choice can't be taken back, or None when it can: undo stays within the
        turn of whoever decides now."""
        state = self.state
        if len(state.choices) <= state.undo_floor:
            return f"Can't take back: {state.undo_floor_reason}."
        pending = self.decision
        if pending is not None and state.last_decider not in (None, pending.player):
            return (
                f"Can't take back: that was {self.name(state.last_decider)}'s decision, and"
                f" {self.name(pending.player)} decides now."
            )
        return None

    def undone(self) -> Game:
        """This game without its last choice (replayed from the seed: the same RNG draws)."""
        refusal = self.undo_refusal()
        if refusal:
            raise InvalidChoice(refusal)
        return Game.replay(self.config(), self.state.choices[:-1], self.catalog)

    def scores(self) -> list[dict[str, int]]:
        """The final-scoring breakdown per seat (it can be asked at any time)."""
        from entropy_tui.rules.scoring import score_breakdown

        return [score_breakdown(self, seat) for seat in range(len(self.state.players))]

    def _settle(self) -> None:
        """Runs automatic steps until a player must decide or the game ends."""
        self._unsettled = False
        if self._decision is not None:
            return
        pending = self.state.pending
        handlers = self._handlers
        while pending:
            task = pending[-1]
            decision = handlers[task.kind](self, task)
            if decision is not None:
                # The Task on top now: a handler may resolve at once one it pushed itself.
                kind = decision.kind = pending[-1].kind
                turn = self.state.turn
                if decision.player == turn.player and kind not in AFTER_THE_OBJECTIVES:
                    exchange = turn.step == "action"  # the rulebook's step for the exchange
                    player = self.state.players[turn.player]
                    # Asked first without a call (nearly every decision): no free action is
                    # offered without the Entropy to exchange or a Biome that may be ready.
                    if player.biome_ready is not False or (
                        exchange and player.entropy >= EXCHANGE_COST
                    ):
                        decision.options.extend(free_action_options(self, turn.player, exchange))
                    if turn.action == "create_life" and turn.step == "movement":
                        self._keep_the_landing_playable(decision)
                self._decision = decision
                return

    def _keep_the_landing_playable(self, decision: Decision) -> None:
        """After landing on Create Life, a reward that would leave no card to play is refused
        (since edition 4; a look-ahead copy that stops early explores every way itself)."""
        if self._handlers is HANDLERS and self.catalog.board.create_life_edges > 1:
            keep_the_landing_playable(self, decision)

    # ----------------------------------------------------------------- for handlers
    def player(self, seat: int) -> PlayerState:
        return self.state.players[seat]

    @property
    def rng(self) -> Rng:
        """The game's generator; call `store_rng` after drawing from it."""
        return Rng(self.state.rng)

    def store_rng(self, rng: Rng) -> None:
        self.state.rng = rng.state

    def push(self, kind: TaskKind, player: int, **args: Any) -> Task:
        """Puts a Task on top of the stack: it is resolved next."""
        task = _new(Task)  # without the keyword __init__: thousands are pushed a game
        task.kind, task.player, task.args = kind, player, args
        self.state.pending.append(task)
        return task

    def push_in_order(self, player: int, steps: Iterable[tuple[TaskKind, dict[str, Any]]]) -> None:
        """Pushes Tasks so that they are resolved in the order given."""
        pending = self.state.pending
        for kind, args in reversed(list(steps)):
            task = _new(Task)
            task.kind, task.player, task.args = kind, player, dict(args)
            pending.append(task)

    def pop(self, task: Task) -> None:
        """Finishes `task`, which must be on top of the stack."""
        top = self.state.pending.pop()
        if top is not task:
            raise RuntimeError(f"finished task {task.kind!r} but {top.kind!r} was on top")

    def note(self, seat: int | None, kind: str, text: str, *, private: bool = False) -> None:
        """Adds a line to the game log. It is public unless `private`, so it speaks of `seat`
        in the third person; its "they", "their" and "them" mean `seat` only, so that the
        screen of that seat can read them as "you" and "your" (log_words.seen_by)."""
        state = self.state
        state.log.append((state.round, seat, kind, text, private))

    def planet(self, seat: int, ref: str) -> PlanetState:
        """A planet by its reference "s<system>p<planet>"."""
        system, planet = parse_planet_ref(ref)
        return self.state.players[seat].systems[system].planets[planet]

    def name(self, seat: int) -> str:
        return self.state.players[seat].name
