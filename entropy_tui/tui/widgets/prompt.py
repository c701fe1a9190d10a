"""The prompt: who acts, what is asked, and the numbered options (disabled ones greyed, with the
engine's reason). Options are taken by number keys, arrows + Enter, or a mouse click.

A key belongs to the decision on screen when it was pressed: the prompt notes when each decision
was first drawn, and keys pressed before that (typed ahead while the previous choice was being
made) are not applied to it."""

from __future__ import annotations

import math

from textual import _time
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import ProgressBar, Static

from entropy_tui.play.recap import since_last_turn, this_turn
from entropy_tui.tui.keys import key_for
from entropy_tui.tui.scene import Scene, seat_tag
from entropy_tui.tui.widgets.options_view import Choice, OptionsView
from entropy_tui.tui.widgets.titled import Retitled

SUGGESTED = "  <- the coach's pick"
CONFIRM_TURN_END = "confirm_turn_end"  # the engine's Decision kind for "End your turn"
IGNORED = "A key pressed before this prompt appeared was ignored."


class Prompt(Retitled, Vertical):
    class Chosen(Message):
        """The person picked an enabled option of the choices `generation` (see stale)."""

        def __init__(self, option_id: str, generation: int) -> None:
            super().__init__()
            self.option_id = option_id
            self.generation = generation

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.choices: tuple[Choice, ...] = ()
        self._key: tuple[object, ...] | None = None
        self._typed = ""
        self._shown = 0  # how many decisions have been put on screen, to tell them apart
        self._drawn_at = math.inf  # when the decision on screen was first drawn
        self._hint: tuple[object, int] | None = None  # (hint, its option's number) shown

    def compose(self) -> ComposeResult:
        with Horizontal(id="prompt-thinking"):
            yield Static(id="prompt-thinking-what")
            yield ProgressBar(100, show_percentage=False, show_eta=False)
        yield OptionsView(id="prompt-options")  # the question, a hint and the recap head its rows

    def on_mount(self) -> None:
        self.query_one("#prompt-thinking").display = False

    def thinking(self, what: str | None, done: float = 0.0) -> None:
        """Shows who is thinking ("Expert is thinking...") and how far along (0 to 1), or, with
        None, that nobody is."""
        row = self.query_one("#prompt-thinking")
        row.display = what is not None
        if what is not None:
            label = self.query_one("#prompt-thinking-what", Static)
            if label.content != what:  # an update lays the screen out: not at every step
                label.update(what)
            self.query_one(ProgressBar).update(total=100, progress=round(100 * min(done, 1.0)))

    def show_hint(self, scene: Scene) -> None:
        """The hint for the decision on screen, if one was given: its option highlighted and
        the line saying why."""
        hint = scene.hint
        numbers = [c.number for c in self.choices if hint is not None and c.id == hint.option_id]
        if hint is None or not numbers:
            self.options.set_hint(None)
            self._hint = None
            return
        if self._hint == (hint, numbers[0]):
            return
        self._hint = (hint, numbers[0])
        line = Content.styled(f"Hint: option {numbers[0]}. ", "bold $success")
        self.options.set_hint(line + Content.styled(hint.why, "$success"))
        self.options.highlight(numbers[0] - 1)

    @property
    def options(self) -> OptionsView:
        return self.query_one(OptionsView)

    def show(self, scene: Scene) -> bool:
        """Shows the scene's decision; True if it is another one than was on screen."""
        decision = scene.decision
        visible = decision is not None and scene.decision_visible
        suggested = scene.advice.suggestion if scene.advice is not None else None
        choices = (
            tuple(
                Choice(
                    n, o.id, o.label + (SUGGESTED if o.id == suggested else ""), o.enabled, o.reason
                )
                for n, o in enumerate(decision.options, start=1)
            )
            if visible and decision is not None
            else ()
        )
        question = _question(scene)
        recap_kind, recap = _recap(scene)
        recap_key = tuple(line.markup for line in recap)
        # The number of choices made tells apart two decisions that read the same.
        key = (len(scene.game.state.choices), question.markup, recap_key, choices)
        if key == self._key:
            self.show_hint(scene)
            return False
        self._key = key
        self.choices = choices
        self._typed = ""
        self.redrawn()
        self.note("")
        # One line a seat since their last turn: the whole of each is in the log (and on the
        # hand-off cover).
        self.options.set_choices(choices, recap, cut=recap_kind == "since", question=question)
        picks = [i for i, choice in enumerate(choices) if choice.id == suggested]
        if picks:  # Enter takes the coach's pick; any other option stays a key away
            self.options.highlight(picks[0])
        self._hint = None  # set_choices dropped it: a hint for this decision shows anew
        self.show_hint(scene)
        return True

    def redrawn(self) -> None:
        """The prompt is drawn anew (another decision, or its screen back on top): keys
        pressed from now until that frame is on screen are pressed for what was there before."""
        self._shown += 1
        self._drawn_at = math.inf
        self.call_after_refresh(self._mark_drawn, self._shown)

    def _mark_drawn(self, shown: int) -> None:
        # Only the frame of the latest decision counts, and only once its screen is on top
        # (after a hand-off, redrawn() is called again), if the game is still on screen.
        if shown == self._shown and self.is_attached and self.screen.is_current:
            self._drawn_at = _time.get_time()  # the clock key events are stamped with

    @property
    def drawn(self) -> bool:
        """Whether the decision shown has been drawn on screen yet."""
        return self._drawn_at != math.inf

    def pressed_before_drawn(self, pressed_at: float) -> bool:
        """Whether a key stamped `pressed_at` was pressed before the decision was drawn."""
        return pressed_at < self._drawn_at

    def note(self, text: str) -> None:
        """Set into the prompt's top edge: why a number did nothing, what is being typed."""
        self.retitle(text)

    def type_digit(self, digit: str) -> Choice | None:
        """Returns the option once its number is complete. Under ten options a digit is a whole
        number; with ten or more every number has two digits ("07" or "7" and Enter): the
        first digit highlights its option and waits for a second digit or Enter."""
        count = len(self.choices)
        typed = self._typed + digit
        digits = len(str(count))
        if not count or (len(typed) == digits and not 1 <= int(typed) <= count):
            self._typed = ""
            self.note(f"There is no option {typed}." if count else "")
            return None
        if len(typed) < digits:
            self._typed = typed
            number = int(typed)
            if number:
                self.options.highlight(number - 1)
            shown = typed + "_" * (digits - len(typed))
            self.note(
                f"Option {shown}: type the next digit, or Enter for option {number}."
                if number
                else f"Option {shown}: type the next digit."
            )
            return None
        self._typed = ""
        self.note("")
        return self.choices[int(typed) - 1]

    def highlighted_choice(self) -> Choice | None:
        index = self.options.highlighted
        return None if index is None else self.choices[index]

    def refuse(self, choice: Choice) -> None:
        self.note(f"Option {choice.number} is not possible: {choice.reason}")

    def on_options_view_moved(self, event: OptionsView.Moved) -> None:
        event.stop()
        if self._typed:  # the number being typed gives way to the arrows
            self._typed = ""
            self.note("")

    def stale(self, generation: int) -> bool:
        """Whether a pick from the choices `generation` came after others replaced them (a
        second Enter handled once the first had chosen); it is dropped, with a note."""
        if generation == self.options.generation:
            return False
        self.note(IGNORED)
        return True

    def on_options_view_selected(self, event: OptionsView.Selected) -> None:
        event.stop()
        if self.stale(event.generation):
            return
        self._typed = ""
        if event.choice.enabled:
            self.post_message(self.Chosen(event.choice.id, event.generation))
        else:
            self.refuse(event.choice)


def _question(scene: Scene) -> Content:
    decision = scene.decision
    if decision is None:
        return Content("The game is over.")
    seat = scene.seats[decision.player]
    who = seat_tag(seat)
    if not scene.decision_visible:  # what is decided, even its rule, is the decider's to know
        kind = "is deciding" if seat.bot is not None else "decides"
        return who + Content(f" {kind} ({seat.kind_label}).")
    rule = Content.styled(f"  [{decision.rule}: F1]", "dim")
    # Movement prompts already start with the name; others get it in front.
    prompt = decision.prompt.removeprefix(f"{seat.name}: ")
    if decision.back and scene.undo_refusal is None:  # a second step, and Esc can go back
        prompt += f" (Esc: {decision.back})"
    return who + Content(": ") + Content.styled(prompt, "bold") + rule


def _recap(scene: Scene) -> tuple[str, list[Content]]:
    """Lines between the question and the options: at the "End your turn" step what the turn
    did and how to end it or take it back ("turn"); at the start of a person's turn what the
    others did since their last ("since"). Public log lines only."""
    decision = scene.decision
    if decision is None or not scene.decision_visible:
        return "", []
    names = [seat.name for seat in scene.seats]
    log = scene.view["log"]
    if decision.kind == CONFIRM_TURN_END:
        done = this_turn(log, decision.player, names) or "nothing to show"
        refusal = scene.undo_refusal
        back = (
            Content(", ") + Content.styled(key_for("undo"), "bold") + Content(": take back")
            if refusal is None
            else Content(". ") + Content.styled(refusal, "dim")
        )
        end = Content.styled(key_for("choose_highlighted"), "bold") + Content(": end your turn")
        # The keys first: a long turn's account may be cut, they never are.
        return "turn", [end + back, Content.styled("This turn: ", "bold") + Content(done)]
    turn = scene.view["turn"]
    starting = turn["player"] == decision.player and turn["step"] == "movement"
    if scene.seats[decision.player].bot is not None or not starting or turn["moved"]:
        return "", []
    recaps = since_last_turn(log, decision.player, names)
    if not recaps:
        return "", []
    lines = [Content.styled("Since your last turn:", "bold")]
    lines += [seat_tag(scene.seats[r.seat]) + Content(f": {r.text}") for r in recaps]
    return "since", lines
