"""`entropy-tui join --plain`: one seat of a shared table in plain lines. The lobby's seats, then
this screen's decisions said once, the other seats' moves as short lines of the public log, and
the plain mode's commands. A choice goes to the table, and is made when the table sends it back
to every screen; the table's messages and the player's lines are taken as they come."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TextIO

from entropy_tui.bots.registry import level_name
from entropy_tui.plain.lines import MAX_INPUT, MORE, Lines, printable
from entropy_tui.plain.play import PlainPlay
from entropy_tui.plain.turn import (
    CONFIRM_TURN_END,
    choice_prompt,
    game_over_lines,
    option_lines,
    question_line,
    recap_lines,
)
from entropy_tui.play.session import Position
from entropy_tui.rules import Decision
from entropy_tui.table.protocol import MAX_TABLE_LINE, ProtocolError, decode, encode
from entropy_tui.table.replica import OutOfStep, ReplicaSession

LOBBY_HELP = (
    "Type take and a seat's number to take a free seat, code and your seat code to come back"
    " to yours, watch to watch the game (what every player sees), seats to hear the seats"
    " again, or quit."
)
LOBBY_PROMPT = "Lobby: "
NOT_IN_LOBBY = "{typed!r} is not a lobby command: type take 2, code K7QD-M2XP, watch or quit."
TABLE_CLOSED = "The table has closed (the host stopped it)."
LEFT_A_SEAT = "You left the table. Your seat waits for you: connect again to take it back."
LEFT = "You left the table."
SAVE_OFF = "Saving a copy is off at a shared table: the host saves the game at every decision."
# Log lines a live account does without: a Traffic Bonus line is followed by its gains.
NOT_TOLD = frozenset({"bonus"})


def seat_words(number: int, seat: dict[str, Any]) -> str:
    """What the lobby says of a seat (numbered from 1, as `take` wants it)."""
    state = seat["state"]
    if state == "bot":
        return f"{level_name(seat['bot'] or '')} bot"
    if not seat["remote"]:
        return "at the host's keyboard" + ("" if state == "playing" else " (not connected)")
    return {
        "free": f"free: type take {number} to take it",
        "playing": "playing",
        "away": "away: its player comes back with their key or seat code",
    }[state]


def seat_news(seat: dict[str, Any]) -> str:
    """What is said when a seat changes hands."""
    name = seat["name"]
    return {
        "bot": f"{name} is played by a bot now.",
        "free": f"{name}'s seat is free.",
        "playing": f"{name} is at the table.",
        "away": f"{name} is away: the game waits for them at their decisions.",
    }[seat["state"]]


class TableLines(Lines):
    """Lines said as the table's messages and the player's lines come. A prompt still waiting
    for its answer has its line ended before anything else is said (the prompt is shown again
    after), and a long answer's next page waits for the next typed line."""

    def __init__(self, shown: TextIO) -> None:
        super().__init__(io.StringIO(), shown)  # typed lines come from the event loop instead
        self.prompting = ""  # the prompt on the last line, unanswered
        self._more: list[str] = []  # the rest of a long answer

    def say(self, *lines: str) -> None:
        if lines and self.prompting:
            self.prompting = ""
            super().say("")  # ends the prompt's line
        super().say(*lines)

    def prompt(self, text: str) -> None:
        """Shows `text` at the end of the output, unless it is there already."""
        if self.prompting == text:
            return
        self.prompting = text
        self._out.write(printable(text))
        self._out.flush()

    def answered(self) -> None:
        """A line was typed: the terminal's echo of it ended the prompt's line."""
        self.prompting = ""

    def page(self, lines: Iterable[str]) -> None:
        shown = list(lines)
        self.say(*shown[: self._page])
        self._more = shown[self._page :]

    @property
    def paging(self) -> bool:
        return bool(self._more)

    def more(self, typed: str) -> None:
        """The answer to "more?": Enter says the next page, q stops."""
        rest, self._more = self._more, []
        if not typed.casefold().startswith("q"):
            self.page(rest)


class TablePlay(PlainPlay):
    """The plain mode's commands, on this screen's copy of the table's game."""

    def __init__(self, replica: ReplicaSession, lines: TableLines, tell: Callable[[str], None]):
        super().__init__(replica, lines, resume_command="")
        self.replica = replica
        self.leaving = False
        self._tell = tell  # says a line that comes later (a hint), and the prompt again
        self._hint_at: tuple[Position, str | None] | None = None  # (position, its line)

    def hint(self) -> list[str]:
        """Worked out in the background: the table's messages are taken meanwhile."""
        session = self.session
        if not session.hints_on:
            return ["Hints are off in this game."]
        decision = self.shown_decision()
        if decision is None:
            return ["A hint is for your own decision: none is waiting for you."]
        if self._hint_at is not None and self._hint_at[0] == session.position:
            return [self._hint_at[1] or "The expert is still looking for a hint."]
        loop = asyncio.get_running_loop()

        def reply(answer: object) -> None:  # in the worker's thread
            loop.call_soon_threadsafe(self._hinted, position, decision, answer)

        position = session.ask_hint(reply)
        self._hint_at = (position, None)
        return ["The expert is looking for a hint..."]

    def _hinted(self, position: Position, decision: Decision, answer: object) -> None:
        from entropy_tui.play.hints import Hint

        if position != self.session.position:
            return  # the game has moved on
        if not isinstance(answer, Hint):  # the expert failed
            self._hint_at = None
            self._tell("No hint this time: the expert did not answer.")
            return
        number = next(n for n, o in enumerate(decision.options, 1) if o.id == answer.option_id)
        line = f"Hint: option {number}. {answer.why}"
        self._hint_at = (position, line)
        self._tell(line)

    def save_copy(self, name: str) -> list[str]:
        return [SAVE_OFF]

    def quit(self) -> list[str]:
        self.leaving = True
        return []


class PlainSeat:
    """One connection to the table, and what its player reads and types."""

    def __init__(self, typed: asyncio.StreamReader, shown: TextIO) -> None:
        self.lines = TableLines(shown)
        self._typed = typed
        self._writer: asyncio.StreamWriter | None = None
        self.seats: list[dict[str, Any]] = []  # as the table last said
        self.in_lobby = False
        self._asked = False  # a lobby request is on its way to the table: no prompt till it answers
        self.play: TablePlay | None = None  # once the table has sent the game
        self._told = 0  # log lines already said
        self._said_decision: tuple[int, int, str] | None = None
        self.farewell: str | None = None  # the last line, once this screen is done
        self.exit_code = 0

    # ------------------------------------------------------------------ the loop
    async def run(self, socket_path: Path, ticket: str | None) -> int:
        """Until the player leaves or the table closes; the exit code."""
        try:
            reader, self._writer = await asyncio.open_unix_connection(
                str(socket_path), limit=MAX_TABLE_LINE
            )
        except OSError as error:
            self.lines.say(f"No table is open at {socket_path} ({error.strerror or error}).")
            return 1
        hello: dict[str, Any] = {"op": "hello", "ticket": ticket or ""}
        if ticket is None:
            hello["lobby"] = True
        self.send(hello)
        message = asyncio.ensure_future(reader.readline())
        typed = asyncio.ensure_future(self._typed.readline())
        try:
            while self.farewell is None:
                await asyncio.wait({message, typed}, return_when=asyncio.FIRST_COMPLETED)
                if message.done():
                    self._received(message)
                    message = asyncio.ensure_future(reader.readline())
                if typed.done() and self.farewell is None:
                    self._typed_line(typed)
                    typed = asyncio.ensure_future(self._typed.readline())
                self._prompt()
        finally:
            for task in (message, typed):
                task.cancel()
            self._writer.close()
            if self.play is not None:
                self.play.session.stop_thinking()
        self.lines.say(self.farewell)
        return self.exit_code

    def send(self, message: dict[str, Any]) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(encode(message))

    def _leave(self, farewell: str, code: int = 0) -> None:
        self.farewell, self.exit_code = farewell, code

    def _prompt(self) -> None:
        """The prompt for what may be typed now (none while the others play)."""
        if self.farewell is not None:
            return
        if self.lines.paging:
            self.lines.prompt(f"{MORE} ")
        elif self.in_lobby and not self._asked:
            self.lines.prompt(LOBBY_PROMPT)
        elif self.play is not None and not self.play.replica.sent:
            decision = self.play.shown_decision()
            if decision is not None:
                self.lines.prompt(choice_prompt(decision))

    # ------------------------------------------------------------------ from the table
    def _received(self, line: asyncio.Future[bytes]) -> None:
        try:
            data = line.result()
            if not data:
                self._leave(TABLE_CLOSED)
                return
            self.receive(decode(data))
        except (ConnectionError, ProtocolError, OutOfStep, ValueError) as error:
            self._leave(f"Lost the table ({error}).", 1)

    def receive(self, message: dict[str, Any]) -> None:
        op = message["op"]
        self._asked = self._asked and op not in ("lobby", "game", "refused", "bye")
        if op == "lobby":
            self.play, self.in_lobby = None, True
            self._lobby(message)
        elif op == "game":
            self.in_lobby = False
            self._game(message)
        elif op == "bye":
            self._leave(message.get("reason", "The table closed this screen."))
        elif op == "table":
            self._seats_changed(message["seats"])
        elif op == "refused":
            if self.play is not None:
                self.play.replica.refused()
            self.lines.say(message["reason"])
        elif self.play is not None and op in ("chose", "note"):
            replica = self.play.replica
            if op == "chose":
                replica.apply(message["step"], message["option"])
            else:
                replica.apply_note({k: v for k, v in message.items() if k != "op"})
            self._tell_moves()
            if replica.game.over:
                self.lines.say(*game_over_lines(replica))
                self._leave("The game is over.")
            else:
                self._say_decision()

    def _lobby(self, message: dict[str, Any]) -> None:
        self.seats = message["seats"]
        self.lines.say("A shared table of Entropy, in plain lines.")
        if message.get("notice"):
            self.lines.say(message["notice"])
        self._say_seats(message.get("spectators", 0))
        self.lines.say(LOBBY_HELP)

    def _say_seats(self, watching: int = 0) -> None:
        self.lines.say("Seats:")
        self.lines.say(
            *(
                f"  {n}. {seat['name']}: {seat_words(n, seat)}"
                for n, seat in enumerate(self.seats, 1)
            )
        )
        if watching:
            self.lines.say(f"  and {watching} watching.")

    def _seats_changed(self, seats: list[dict[str, Any]]) -> None:
        old, self.seats = self.seats, seats
        if self.play is not None:
            self.play.replica.seat_states = seats
        elif not self.in_lobby:
            return  # the table has not said where this screen is yet
        self.lines.say(
            *(seat_news(new) for was, new in zip(old, seats, strict=False) if was != new)
        )

    def _game(self, message: dict[str, Any]) -> None:
        replica = ReplicaSession(message, self.send)
        self.play = TablePlay(replica, self.lines, self._tell)
        self.seats = message["seats"]
        self._told = len(replica.view()["log"])  # what was played before is in `log`
        self._said_decision = None
        names = " and ".join(replica.seats[seat].name for seat in sorted(replica.mine))
        if names:
            self.lines.say(f"You play {names}'s seat. Type help for the commands.")
        else:
            self.lines.say(
                "You are watching: you see what every player sees. Type help for the commands."
            )
        if replica.code is not None:
            self.lines.say(self._code_line())
        if replica.game.over:
            self.lines.say(*game_over_lines(replica))
            self._leave("The game is over.")
            return
        decision = replica.decision
        if decision is not None and decision.player not in replica.mine:
            name = replica.seats[decision.player].name
            self.lines.say(f"Round {replica.game.state.round}: waiting for {name}.")
        self._say_decision()

    def _code_line(self) -> str:
        assert self.play is not None
        return (
            f"Your seat code is {self.play.replica.code}: write it down, it gives you this seat"
            " back from the lobby (code says it again)."
        )

    def _tell_moves(self) -> None:
        """The public log's new lines of the other seats (this screen's own moves it made)."""
        assert self.play is not None
        replica = self.play.replica
        log = replica.view()["log"]
        new, self._told = log[self._told :], len(log)
        self.lines.say(
            *(
                event["text"]
                for event in new
                if event["seat"] not in replica.mine and event["kind"] not in NOT_TOLD
            )
        )

    def _say_decision(self) -> None:
        """This screen's decision, once: at the "End your turn" step what the turn did."""
        assert self.play is not None
        replica = self.play.replica
        decision = self.play.shown_decision()
        if decision is None:
            return
        key = (replica.step, decision.player, decision.prompt)
        if key == self._said_decision:
            return
        self._said_decision = key
        recap = recap_lines(replica, decision) if decision.kind == CONFIRM_TURN_END else []
        self.lines.say(*recap, question_line(replica, decision), *option_lines(decision))

    def _tell(self, line: str) -> None:
        self.lines.say(line)
        self._prompt()

    # ------------------------------------------------------------------ from the player
    def _typed_line(self, line: asyncio.Future[bytes]) -> None:
        self.lines.answered()
        try:
            data = line.result()
        except ValueError:  # longer than any command: the rest of it was dropped
            self.lines.say("That line is too long: type a number or a command.")
            return
        if not data:  # the input has ended (Ctrl+D)
            self._quit()
            return
        typed = data.decode(errors="replace")[:MAX_INPUT].strip()
        if self.lines.paging:
            self.lines.more(typed)
        elif self.in_lobby:
            self._in_lobby(typed)
        elif self.play is not None:
            self._in_game(typed)
        else:
            self.lines.say("The table has not answered yet: type again in a moment.")

    def _quit(self) -> None:
        holding = self.play is not None and bool(self.play.replica.mine)
        self._leave(LEFT_A_SEAT if holding else LEFT)

    def _in_lobby(self, typed: str) -> None:
        word, _, argument = typed.partition(" ")
        word, argument = word.casefold(), argument.strip()
        if word == "take":
            if not argument.isdigit():
                self.lines.say("take needs a seat's number, like take 2.")
            elif not 1 <= int(argument) <= len(self.seats):
                self.lines.say(
                    f"There is no seat {argument}: the seats are 1 to {len(self.seats)}."
                )
            else:
                self._ask({"op": "take", "seat": int(argument) - 1})
        elif word == "code":
            if argument:
                self._ask({"op": "code", "code": argument})
            else:
                self.lines.say("Type code and your seat code, like code K7QD-M2XP.")
        elif word == "watch":
            self._ask({"op": "watch"})
        elif word == "seats":
            self._say_seats()
        elif word == "quit":
            self._quit()
        elif word in ("", "help"):
            self.lines.say(LOBBY_HELP)
        else:
            self.lines.say(NOT_IN_LOBBY.format(typed=typed[:40]))

    def _ask(self, request: dict[str, Any]) -> None:
        self._asked = True
        self.send(request)

    def _in_game(self, typed: str) -> None:
        play = self.play
        assert play is not None
        replica = play.replica
        decision = play.shown_decision()
        if typed.casefold() == "code":
            has_code = replica.code is not None
            self.lines.say(self._code_line() if has_code else "This screen holds no seat code.")
        elif decision is not None:
            play.answer(decision, typed)
        elif not typed or typed.isdigit():
            self.lines.say(self._not_deciding())
        else:
            play.run_command(typed)
        if play.leaving:
            self._quit()

    def _not_deciding(self) -> str:
        """Why a number typed now chooses nothing."""
        assert self.play is not None
        replica = self.play.replica
        if not replica.mine:
            return "You are watching: only a seat's player decides. Type help for the commands."
        waiting = replica.decision
        name = replica.seats[waiting.player].name if waiting is not None else "nobody"
        return f"It is {name}'s decision: yours will be said when it comes."


def join_plain(socket_path: Path, ticket: str | None) -> int:
    """`entropy-tui join --plain`: this terminal's lines are the screen."""
    sys.stdout.reconfigure(errors="replace")  # type: ignore[union-attr]  # a terminal without UTF-8
    return asyncio.run(_join(socket_path, ticket))


async def _join(socket_path: Path, ticket: str | None) -> int:
    typed = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    transport, _ = await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(typed), sys.stdin
    )
    # Ctrl+C leaves as the end of the input does: the seat waits for its player.
    loop.add_signal_handler(signal.SIGINT, typed.feed_eof)
    try:
        return await PlainSeat(typed, sys.stdout).run(socket_path, ticket)
    finally:
        os.set_blocking(sys.stdin.fileno(), True)  # the terminal's next program expects it so
        transport.close()
