"""The coach's panel in a guided game, above the prompt: the lesson taught at this decision (F1
opens its rules section) and the option the coach suggests, with its reason. The advice comes
from entropy_tui.play.coach; this only lays it out."""

from __future__ import annotations

from textual.content import Content

from entropy_tui.tui.scene import Scene
from entropy_tui.tui.widgets.text_panel import TextPanel

TITLE = "Coach"
KEYS = "F1 rules, k hides"


class CoachPanel(TextPanel):
    def show(self, scene: Scene) -> None:
        advice = scene.advice
        decision = scene.decision
        if advice is None or decision is None:
            waiting = decision is not None and scene.seats[decision.player].bot is not None
            title = TITLE
            player = decision.player if decision is not None else None
            key: tuple[object, ...] = ("waiting", waiting, player)
            lines = [Content.styled(_waiting_line(scene) if waiting else "", "italic")]
        else:
            number = next(n for n, o in enumerate(decision.options, 1) if o.id == advice.suggestion)
            lesson = advice.lesson
            title = f"{TITLE}: {lesson.title}" if lesson is not None else TITLE
            key = (advice, number)
            suggestion = Content.styled(f"Suggested: option {number}. ", "bold") + Content(
                advice.why
            )
            lines = [Content(lesson.text), suggestion] if lesson is not None else [suggestion]
        title += f" ({KEYS})"
        if self.border_title != title:  # setting it repaints the whole panel
            self.border_title = title
        self.redraw(key, lambda: lines)


def _waiting_line(scene: Scene) -> str:
    decision = scene.decision
    assert decision is not None
    seat = scene.seats[decision.player]
    return f"{seat.name} ({seat.kind_label}) is playing: the log shows what it does (Space skips)."
