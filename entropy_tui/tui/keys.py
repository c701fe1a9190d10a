"""The one registry of commands and keys: it makes the screens' BINDINGS (and so the Footer),
the command palette entries and the help screen, so the three can never disagree."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from textual.binding import Binding, BindingType

DIGITS = tuple("1234567890")
# The footer shows the panel keys together, under one word (the panel bar names each panel).
PANEL_KEYS = Binding.Group("Page", compact=True)
# The keys that pick or move through the prompt's options: only the decision on screen when
# one was pressed can take it.
PROMPT_KEYS = frozenset((*DIGITS, "enter", "up", "down", "pageup", "pagedown", "home", "end"))


@dataclass(frozen=True, slots=True)
class Command:
    title: str
    help: str
    action: str  # a Textual action; "{key}" is replaced by the key for per-key actions
    keys: tuple[str, ...]
    display: str  # how the key is written for people
    scope: str  # a SCOPES key
    footer: bool = True
    palette: bool = True
    bound: bool = True  # False: the key belongs to a widget (listed for help only)
    priority: bool = False
    short: str = ""  # the footer's words, where the title is too long for 80 columns
    group: Binding.Group | None = None  # shown in the footer with the commands of its group

    def bindings(self) -> Iterator[Binding]:
        if not self.bound:
            return
        if "{key}" in self.action:
            for position, key in enumerate(self.keys):
                yield Binding(
                    key,
                    self.action.format(key=key),
                    self.short or self.title,
                    show=self.footer and position == 0,
                    key_display=self.display,
                )
        else:
            yield Binding(
                ",".join(self.keys),
                self.action,
                self.short or self.title,
                show=self.footer,
                key_display=self.display,
                priority=self.priority,
                group=self.group,
            )


SCOPES: dict[str, str] = {
    "app": "Everywhere",
    "game": "Playing",
    "board": "Looking at the board (playing or replaying)",
    "replay": "Replaying a game",
    "handoff": "Passing the keyboard",
    "new_game": "New game",
    "game_over": "Game over",
    "review": "The review of a game",
    "seats": "Seat consoles",
    "score": "Score table",
    "hand_over": "Handing a seat over",
    "rules": "Rules",
    "save_copy": "Saving a copy",
    "quit": "Leaving a game",
    "help": "The help screen",
    "dialog": "Help and other windows",
    "lobby": "The lobby of a shared table",
    "table_host": "Hosting a shared table",
    "club_lobby": "The club's lobby",
    "club_join": "Joining a club table",
    "club_key_code": "A code for another device",
    "club_new_table": "Creating a club table",
}

COMMANDS: tuple[Command, ...] = (
    # Everywhere
    Command("Help", "Every key, on one screen", "app.help", ("question_mark",), "?", "app"),
    Command(
        "Rules",
        "The rules, opened at the section behind the current decision",
        "app.rules",
        ("f1",),
        "F1",
        "app",
    ),
    Command(
        "Command palette",
        "Search the commands by name",
        "app.command_palette",
        ("ctrl+p",),
        "Ctrl+P",
        "app",
        footer=False,
        palette=False,
        bound=False,
    ),
    Command(
        "Colour-blind theme",
        "Switch between the default and the colour-blind-safe colours",
        "app.toggle_theme",
        ("f2",),
        "F2",
        "app",
        footer=False,
    ),
    Command(
        "Quit",
        "Leave (asks first during a game)",
        "app.request_quit",
        ("ctrl+q",),
        "Ctrl+Q",
        "app",
        footer=False,
        priority=True,
    ),
    # Playing
    Command(
        "Choose",
        "Choose option N. With ten or more options every number has two digits: type 07 or"
        " 7 and Enter, 12 for twelve (the first digit waits, shown as 7_); a key pressed"
        " before a prompt appears is not applied to it",
        "digit('{key}')",
        DIGITS,
        "1-9",
        "game",
        palette=False,
        short="Pick",
    ),
    Command(
        "Move through options",
        "Highlight the previous or next option, disabled ones too (to read why not)",
        "",
        ("up", "down"),
        "Up/Down",
        "game",
        palette=False,
        bound=False,
    ),
    Command(
        "Choose highlighted",
        "Take the highlighted option (a mouse click does too)",
        "choose_highlighted",
        ("enter",),
        "Enter",
        "game",
        footer=False,
        palette=False,
    ),
    Command(
        "Skip ahead",
        "Let the bots finish their turns at once",
        "skip_bots",
        ("space",),
        "Space",
        "game",
        short="Skip",
    ),
    Command(
        "Undo",
        "Take back your last decision (not past a card or tile drawn, or another player's"
        " decision)",
        "undo",
        ("u", "ctrl+z"),
        "u",
        "game",
    ),
    Command(
        "Back a step",
        "At the second step of a choice (a Life card chosen, its Planet next): back to the"
        " first step, as undo does; the question says so",
        "step_back",
        ("escape",),
        "Esc",
        "game",
        footer=False,  # the 80-column footer is full: the question names it when it works
    ),
    Command(
        "Redo",
        "Make a decision you took back again",
        "redo",
        ("U", "ctrl+y"),
        "U",
        "game",
        footer=False,
    ),
    Command(
        "Save a copy",
        "Keep a copy of the game under a name (every decision is saved anyway)",
        "save_copy",
        ("ctrl+s",),
        "Ctrl+S",
        "game",
        footer=False,
    ),
    Command(
        "Quit game",
        "Leave the game (asks first)",
        "app.request_quit",
        ("q",),
        "q",
        "game",
        short="Quit",
    ),
    Command(
        "Hint",
        "At your decision: the expert's pick is highlighted, with one line saying what it"
        " gains (the log notes that you asked; choosing anything cancels it). A new-game"
        " option turns hints off",
        "hint",
        ("h",),
        "h",
        "game",
    ),
    Command(
        "Coach",
        "In a guided game: show or hide the coach's panel (its suggestion stays marked)",
        "toggle_coach",
        ("k",),
        "k",
        "game",
    ),
    # Looking at the board, playing or replaying
    Command(
        "Scroll a panel",
        "In a panel picked with its key (full and medium layouts): Up/Down, PgUp/PgDn, Home/End",
        "",
        ("pageup", "pagedown"),
        "PgUp/PgDn",
        "board",
        footer=False,
        palette=False,
        bound=False,
    ),
    Command(
        "Seat consoles",
        "Open any seat's full public console",
        "seats",
        ("v",),
        "v",
        "board",
        short="Seats",
    ),
    Command(
        "Score table",
        "Every seat's score if the game ended now, term by term, side by side",
        "scores",
        ("s",),
        "s",
        "board",
        footer=False,
    ),
    # A panel's key shows it; pressed again, it shows the panel's next page, then the first.
    Command(
        "Board",
        "Show the rondel; again: its next page",
        "panel('rondel')",
        ("b",),
        "b",
        "board",
        group=PANEL_KEYS,
    ),
    Command(
        "Offers",
        "Show the offers and objectives; again: their next page",
        "panel('offers')",
        ("o",),
        "o",
        "board",
        group=PANEL_KEYS,
    ),
    Command(
        "Console",
        "Show the acting seat's console; again: its next page",
        "panel('console')",
        ("c",),
        "c",
        "board",
        group=PANEL_KEYS,
    ),
    Command(
        "Players",
        "Show the other seats; again: their next page",
        "panel('opponents')",
        ("p",),
        "p",
        "board",
        group=PANEL_KEYS,
    ),
    Command(
        "Log",
        "Show the game log; again: older lines, then the newest",
        "panel('log')",
        ("l",),
        "l",
        "board",
        group=PANEL_KEYS,
    ),
    Command(
        "Glossary",
        "What every abbreviation, symbol and counter on the screen means",
        "app.glossary",
        ("g",),
        "g",
        "board",
        footer=False,  # the 80-column footer is full; the rondel's key and the help name it
    ),
    # Replaying
    Command(
        "Step back / forward",
        "One choice back or forward",
        "step(-1)",
        ("left",),
        "Left/Right",
        "replay",
        priority=True,
    ),
    Command(
        "Step forward",
        "One choice forward",
        "step(1)",
        ("right",),
        "Right",
        "replay",
        footer=False,
        priority=True,
    ),
    # Priority: the options list would take Home and End for itself.
    Command(
        "First step",
        "Back to the game's start",
        "step_to(0)",
        ("home",),
        "Home",
        "replay",
        footer=False,
        priority=True,
    ),
    Command(
        "Last step",
        "On to the last choice",
        "step_to(-1)",
        ("end",),
        "End",
        "replay",
        footer=False,
        priority=True,
    ),
    Command("Close", "Leave the replay", "close", ("escape", "q"), "Esc", "replay"),
    Command(
        "Review",
        "The expert's review of this game: the decisions that cost each seat the most, and why",
        "review",
        ("a",),
        "a",
        "replay",
        footer=False,  # the replay's footer is full at 80 columns; the help lists it
    ),
    # Hand-off
    Command(
        "Take the keyboard",
        "Reveal your turn once the others look away",
        "reveal",
        ("enter",),
        "Enter",
        "handoff",
    ),
    # New game
    # Ctrl+G ("go"): Ctrl+S is Save a copy in a game, and Ctrl+N a new window in a browser.
    Command("Start", "Start the game as set up", "start", ("ctrl+g",), "Ctrl+G", "new_game"),
    Command(
        "New seed",
        "Fill in a random seed",
        "new_seed",
        ("ctrl+r",),
        "Ctrl+R",
        "new_game",
        footer=False,  # the 80-column footer is full once Continue shows
    ),
    Command(
        "Learn to play",
        "A guided first game against a bot, with a coach who explains each rule as it comes up",
        "learn",
        ("ctrl+l",),
        "Ctrl+L",
        "new_game",
    ),
    Command(
        "Continue",
        "Continue the unfinished game saved most recently",
        "continue_game",
        ("ctrl+o",),
        "Ctrl+O",
        "new_game",
    ),
    Command(
        "Replay a saved game",
        "In the list of saved games: replay the highlighted one (Enter opens it)",
        "",
        ("r",),
        "r",
        "new_game",
        footer=False,
        palette=False,
        bound=False,
    ),
    Command(
        "Next field",
        "Move between fields",
        "",
        ("tab", "shift+tab"),
        "Tab",
        "new_game",
        footer=False,
        palette=False,
        bound=False,
    ),
    Command(
        "Change choice",
        "Step through the choices of the highlighted field (a click too)",
        "",
        ("left", "right"),
        "Left/Right",
        "new_game",
        footer=False,
        palette=False,
        bound=False,
    ),
    Command("Quit", "Leave", "app.quit", ("escape",), "Esc", "new_game"),
    # Game over
    Command("New game", "Set up another game", "new_game", ("n",), "n", "game_over"),
    Command(
        "Replay", "Step through this game choice by choice", "replay", ("r",), "r", "game_over"
    ),
    Command(
        "Review",
        "The expert's review of this game: the decisions that cost each seat the most, and why",
        "review",
        ("a",),
        "a",
        "game_over",
    ),
    Command("Quit", "Leave", "app.quit", ("q",), "q", "game_over"),
    # The review of a game
    Command(
        "Go to the decision",
        "Up/Down to a costly decision, Enter shows it in the replay",
        "",
        ("enter",),
        "Enter",
        "review",
        bound=False,
    ),
    Command(
        "Chart",
        "Scroll down to the chart of each seat's expected lead, or back up to the decisions",
        "toggle_chart",
        ("c",),
        "c",
        "review",
    ),
    Command("Close", "Stop the review, or close it", "close", ("escape",), "Esc", "review"),
    # Seat consoles
    Command(
        "Previous / next seat",
        "Show another seat's console",
        "cycle(-1)",
        ("left",),
        "Left/Right",
        "seats",
        palette=False,
    ),
    Command(
        "Next seat",
        "Show the next seat's console",
        "cycle(1)",
        ("right",),
        "Right",
        "seats",
        footer=False,
        palette=False,
    ),
    Command(
        "Hand over",
        "Hand this seat to a bot, or take it back for a person",
        "hand_over",
        ("t",),
        "t",
        "seats",
    ),
    Command("Close", "Back to the game", "dismiss", ("escape", "v"), "Esc", "seats"),
    # Hosting a shared table
    Command(
        "How to join",
        "Show again how players connect to this table",
        "how_to_join",
        ("j",),
        "j",
        "table_host",
        footer=False,
    ),
    Command(
        "Seat code",
        "Show again the code that gives your seat back from the lobby",
        "seat_code",
        ("i",),
        "i",
        "table_host",
        footer=False,
    ),
    # Score table
    Command("Close", "Back to the game", "dismiss", ("escape", "s"), "Esc", "score"),
    # Handing a seat over
    Command(
        "Pick",
        "Up/Down to a player, Enter hands the seat to them",
        "select",
        ("enter",),
        "Enter",
        "hand_over",
        bound=False,
    ),
    Command("Cancel", "Keep the seat as it is", "cancel", ("escape",), "Esc", "hand_over"),
    # Rules
    Command("Search", "Search the rules", "search", ("slash",), "/", "rules"),
    Command("Close", "Back to where you were", "dismiss", ("escape",), "Esc", "rules"),
    # Saving a copy
    Command("Cancel", "Back to the game without a copy", "cancel", ("escape",), "Esc", "save_copy"),
    # Leaving a game
    Command("Leave", "Leave the game", "leave", ("y",), "y", "quit"),
    Command("Stay", "Go back to the game", "stay", ("n", "escape"), "n/Esc", "quit"),
    # Help
    Command(
        "Glossary",
        "Open the glossary of the screen's letters, symbols and counters",
        "app.glossary",
        ("g",),
        "g",
        "help",
    ),
    # Help and other windows
    Command("Close", "Close this window", "dismiss", ("escape",), "Esc", "dialog"),
    # The lobby of a shared table
    Command(
        "Take or watch",
        "Up/Down to a free seat or to watching, Enter takes it",
        "select",
        ("enter",),
        "Enter",
        "lobby",
        bound=False,
    ),
    Command("Leave", "Leave the table", "leave", ("escape",), "Esc", "lobby"),
    # The club's lobby
    Command(
        "Open a table",
        "Up/Down to a table, Enter: play at your seat, join an open table, watch a game, or"
        " replay a finished one",
        "",
        ("enter",),
        "Enter",
        "club_lobby",
        bound=False,
    ),
    Command(
        "New table",
        "Create a table: its seats, pace and options",
        "new_table",
        ("n",),
        "n",
        "club_lobby",
    ),
    Command(
        "Add a key",
        "A one-time code that lets your other device's SSH key log in as you",
        "add_key",
        ("k",),
        "k",
        "club_lobby",
        short="Add key",
    ),
    Command(
        "Refresh",
        "Read the lobby again now",
        "refresh_lobby",
        ("r",),
        "r",
        "club_lobby",
        footer=False,
    ),
    Command(
        "Leave the club", "Log out", "app.quit", ("escape",), "Esc", "club_lobby", short="Leave"
    ),
    # Joining a club table
    Command("Join", "Take the free seat", "join", ("y",), "y", "club_join"),
    Command("Don't join", "Back to the lobby", "cancel", ("n", "escape"), "n/Esc", "club_join"),
    # A code for another device
    Command(
        "Back to the lobby",
        "Close the code (it stays good until it expires)",
        "close",
        ("escape", "enter", "q"),
        "Esc/Enter",
        "club_key_code",
    ),
    # Creating a club table
    # The same title as the new-game screen's Ctrl+G, so one Ctrl key keeps one meaning.
    Command(
        "Start",
        "Open the table as set up; play begins once every seat is taken",
        "create",
        ("ctrl+g",),
        "Ctrl+G",
        "club_new_table",
    ),
    # Priority: keys that arrive together over SSH (a quick typist) must not run one field's
    # text into the next before the focus moves.
    Command(
        "Next field",
        "Move to the next field",
        "app.focus_next",
        ("tab",),
        "Tab",
        "club_new_table",
        footer=False,
        palette=False,
        priority=True,
    ),
    Command(
        "Previous field",
        "Move to the previous field",
        "app.focus_previous",
        ("shift+tab",),
        "Shift+Tab",
        "club_new_table",
        footer=False,
        palette=False,
        priority=True,
    ),
    Command(
        "Back", "Back to the lobby without a table", "cancel", ("escape",), "Esc", "club_new_table"
    ),
)


def commands_for(scope: str) -> list[Command]:
    return [command for command in COMMANDS if command.scope == scope]


def key_for(action: str) -> str:
    """How a command's key is written, for hints in a screen's own words."""
    return next(command.display for command in COMMANDS if command.action == action)


def bindings_for(scope: str) -> list[BindingType]:
    """A screen's BINDINGS (typed as Textual types them, so a screen may add its own)."""
    return [binding for command in commands_for(scope) for binding in command.bindings()]
