"""Playing over SSH: a server that gives each login the program in a terminal of its own."""

from entropy_tui.ssh.host_key import HostKeyError, ensure_host_key
from entropy_tui.ssh.server import SshServer, start_ssh_server
from entropy_tui.ssh.session import CommandFor, RemoteScreen

__all__ = [
    "CommandFor",
    "HostKeyError",
    "RemoteScreen",
    "SshServer",
    "ensure_host_key",
    "start_ssh_server",
]
