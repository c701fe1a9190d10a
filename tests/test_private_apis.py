"""The private parts of asyncssh, textual-serve and Textual that entropy-tui relies on, each
checked against the installed release, so that an upgrade that removes or changes one fails here
with a message saying which, instead of a cap or a gate quietly gone.

Three more are guarded where they are used, and tested there: Textual's `_xterm_parser.XTermParser`
(tui/paste_limit.py, tests/tui/test_paste_limit.py), its parser's state `_awaiting`
(tui/input_limit.py, tests/tui/test_input_limit.py) and textual-serve's
`Server._process_messages` (web/pacing.py, tests/web/test_tab_input.py)."""

from __future__ import annotations

import asyncio
import inspect
from importlib.metadata import version

import asyncssh
from asyncssh.channel import SSHChannel, SSHServerChannel
from asyncssh.packet import SSHPacket, String
from textual.app import App
from textual.screen import Screen
from textual_serve.server import Server

from entropy_tui.ssh.server import MAX_ENVIRONMENT_VARIABLES, _limit_environment


def upgraded(package: str, what: str, used_by: str) -> str:
    return (
        f"{package} {version(package)} no longer has {what}, which {used_by}; adapt that code"
        f" to this release, or keep {package} below it in pyproject.toml"
    )


ENVIRONMENT_CAP = upgraded(
    "asyncssh",
    "SSHServerChannel._process_env_request storing into the channel's _env",
    "ssh/server.py wraps to cap how many environment variables a client may send",
)


def test_asyncssh_still_takes_an_environment_variable_through_a_method_that_is_wrapped() -> None:
    handler = getattr(SSHServerChannel, "_process_env_request", None)
    assert handler is not None, ENVIRONMENT_CAP
    assert list(inspect.signature(handler).parameters) == ["self", "packet"], ENVIRONMENT_CAP
    assert "_env" in handler.__code__.co_names, ENVIRONMENT_CAP
    assert "_env" in SSHChannel.__init__.__code__.co_names, ENVIRONMENT_CAP
    # A channel request is served by the method named after it, looked up on the channel
    # itself: the wrapper set on the channel is the one called.
    dispatch = SSHChannel._service_next_request.__code__
    assert {"_process_", "_request"} <= set(dispatch.co_consts), ENVIRONMENT_CAP
    assert "getattr" in dispatch.co_names, ENVIRONMENT_CAP


class _Connection:
    """What an SSHServerChannel asks of its connection while it is made."""

    logger = asyncssh.logging.logger

    def add_channel(self, channel: object) -> int:
        return 0

    def get_key_option(self, name: str, default: object) -> object:
        return default


def test_a_channel_of_this_asyncssh_keeps_only_the_first_environment_variables() -> None:
    loop = asyncio.new_event_loop()
    try:
        channel: SSHServerChannel[bytes] = SSHServerChannel(
            _Connection(),  # type: ignore[arg-type]
            loop, False, False, False, 0, 1024, None, "strict", 1 << 20, 1 << 15,
        )  # fmt: skip
        _limit_environment(channel)
        sent = MAX_ENVIRONMENT_VARIABLES + 3
        accepted = [
            channel._process_env_request(SSHPacket(String(f"NAME{n}") + String("value")))
            for n in range(sent)
        ]
    finally:
        loop.close()
    assert accepted == [True] * MAX_ENVIRONMENT_VARIABLES + [False] * 3, ENVIRONMENT_CAP
    assert len(channel.get_environment()) == MAX_ENVIRONMENT_VARIABLES, ENVIRONMENT_CAP


def test_textual_serve_still_makes_its_web_application_in_a_method_of_its_own() -> None:
    why = upgraded(
        "textual-serve",
        "the coroutine Server._make_app(self)",
        "web/server.py calls to put its password gate in front of every page",
    )
    make_app = getattr(Server, "_make_app", None)
    assert make_app is not None, why
    assert inspect.iscoroutinefunction(make_app), why
    assert list(inspect.signature(make_app).parameters) == ["self"], why


def test_textual_still_keeps_what_the_tests_read_of_an_app_and_a_screen() -> None:
    why = upgraded(
        "textual",
        "App._notifications and Screen._compositor",
        "the tests read (the notifications shown, the screen's drawn lines)",
    )
    assert hasattr(App(), "_notifications"), why
    compositor = getattr(Screen(), "_compositor", None)
    assert callable(getattr(compositor, "render_update", None)), why
    assert callable(getattr(compositor, "render_strips", None)), why


CHANNEL_DRIVER = (
    "tui/channel_driver.py relies on, to run an app per SSH connection in the server's process"
)


def test_textual_still_keeps_the_active_app_in_a_context_variable() -> None:
    """Each connection's app runs in a task of its own: it sees only its own app as long as
    Textual keeps the active app in a context variable (a task's context is its own)."""
    from contextvars import ContextVar

    from textual import _context

    why = upgraded("textual", "textual._context.active_app as a ContextVar", CHANNEL_DRIVER)
    assert isinstance(getattr(_context, "active_app", None), ContextVar), why
    assert isinstance(getattr(_context, "active_message_pump", None), ContextVar), why


def test_textual_still_builds_the_app_s_driver_from_driver_class_with_what_a_driver_keeps() -> None:
    from textual.driver import Driver
    from textual.drivers.headless_driver import HeadlessDriver

    why = upgraded(
        "textual",
        "App._build_driver making App.driver_class(app, debug, mouse, size), and a Driver's"
        " _app, _loop and _mouse",
        CHANNEL_DRIVER,
    )
    assert "driver_class" in App._build_driver.__code__.co_names, why
    assert list(inspect.signature(Driver.__init__).parameters) == [
        "self", "app", "debug", "mouse", "size"
    ], why  # fmt: skip

    async def build() -> Driver:
        return HeadlessDriver(App(), mouse=False)

    driver = asyncio.run(build())
    assert isinstance(driver._app, App) and driver._mouse is False, why
    assert isinstance(driver._loop, asyncio.AbstractEventLoop), why


def test_textual_s_parser_still_tells_a_lone_escape_when_asked_after_the_escape_delay() -> None:
    import time

    from textual import constants
    from textual._xterm_parser import XTermParser
    from textual.events import Key

    why = upgraded(
        "textual",
        "XTermParser.feed and .tick (a lone Esc is a key once tick is called ESCAPE_DELAY after)",
        CHANNEL_DRIVER,
    )
    parser = XTermParser()
    assert list(parser.feed("\x1b")) == [], why
    time.sleep(constants.ESCAPE_DELAY + 0.01)
    [key] = list(parser.tick())
    assert isinstance(key, Key) and key.key == "escape", why


def test_asyncssh_channels_still_tell_what_waits_unsent() -> None:
    why = upgraded(
        "asyncssh",
        "SSHChannel.get_write_buffer_size, pause_reading and resume_reading",
        "ssh/channel_terminal.py uses to let go of a client that stops reading, and to pace one"
        " that types too fast",
    )
    for name in ("get_write_buffer_size", "pause_reading", "resume_reading"):
        assert callable(getattr(SSHChannel, name, None)), why
