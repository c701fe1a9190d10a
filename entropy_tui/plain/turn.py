"""A decision in lines, said once: what changed since the player last acted, whose decision
and what, the numbered options with why a disabled one is not possible; the hand-off; the end.
The words are the game screen's (tui/widgets/prompt.py, tui/screens/handoff.py)."""

from __future__ import annotations

from entropy_tui.play.recap import since_last_turn, this_turn
from entropy_tui.play.session import Session
from entropy_tui.rules import Decision, explained_scores, winners

CONFIRM_TURN_END = "confirm_turn_end"  # the engine's Decision kind for "End your turn"


def seat_name(session: Session, seat: int) -> str:
    return session.seats[seat].name


def recap_lines(session: Session, decision: Decision) -> list[str]:
    """At the start of a person's turn, what the other seats did since their last (public log
    lines only); at the "End your turn" step, what this turn did and how to take it back."""
    names = [spec.name for spec in session.seats]
    log = session.view()["log"]
    if decision.kind == CONFIRM_TURN_END:
        done = this_turn(log, decision.player, names) or "nothing to show"
        refusal = session.undo_refusal()
        back = "undo takes it back" if refusal is None else f"no undo: {refusal}"
        return [f"This turn: {done}. ({back})"]
    turn = session.view()["turn"]
    starting = turn["player"] == decision.player and turn["step"] == "movement"
    if session.is_bot(decision.player) or not starting or turn["moved"]:
        return []
    recaps = since_last_turn(log, decision.player, names)
    if not recaps:
        return []
    return ["Since your last turn:", *(f"  {names[r.seat]}: {r.text}" for r in recaps)]


def question_line(session: Session, decision: Decision) -> str:
    """Whose decision and what: "Ann: move your Scientist 1-3 spaces (rules: Movement)"."""
    name = seat_name(session, decision.player)
    prompt = decision.prompt.removeprefix(f"{name}: ")  # movement prompts start with the name
    # A second step says how to go back to the first, where undo can (not at a shared table).
    back = f" (undo: {decision.back})" if decision.back and not session.undo_refusal() else ""
    return f"{name}: {prompt}{back} (rules: {decision.rule})"


def option_lines(decision: Decision) -> list[str]:
    return [
        f"{number}. {option.label}"
        + ("" if option.enabled else f" (not possible: {option.reason})")
        for number, option in enumerate(decision.options, start=1)
    ]


def coach_lines(session: Session, decision: Decision) -> list[str]:
    """In a guided game, the lesson taught at this decision and the coach's pick."""
    advice = session.advice()
    if advice is None:
        return []
    number = next(n for n, o in enumerate(decision.options, 1) if o.id == advice.suggestion)
    lesson = [f"Coach: {advice.lesson.title}. {advice.lesson.text}"] if advice.lesson else []
    return [*lesson, f"Coach suggests option {number}. {advice.why}"]


def decision_lines(session: Session, decision: Decision) -> list[str]:
    return [
        *recap_lines(session, decision),
        question_line(session, decision),
        *coach_lines(session, decision),
        *option_lines(decision),
    ]


def choice_prompt(decision: Decision) -> str:
    count = len(decision.options)
    return f"Choose 1{f' to {count}' if count > 1 else ''}, or type a command: "


def handoff_line(session: Session, seat: int) -> str:
    name = seat_name(session, seat)
    return f"Pass to {name}, then press Enter. {name}: press Enter when nobody else can see."


def game_over_lines(session: Session) -> list[str]:
    """The ranking (ties shared) and each seat's final score, term by term."""
    game = session.game
    totals = [score.total for score in explained_scores(game)]
    won = set(winners(game))
    lines = [f"Game over after {game.state.round} rounds (seed {game.state.seed})."]
    for seat in sorted(range(len(totals)), key=lambda seat: -totals[seat]):
        place = 1 + sum(total > totals[seat] for total in totals)
        shared = " (shared)" if totals.count(totals[seat]) > 1 else ""
        verdict = ", wins" if seat in won else ""
        lines.append(f"{place}.{shared} {seat_name(session, seat)}: {totals[seat]} VP{verdict}")
    return lines
