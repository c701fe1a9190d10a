"""The app in a browser: `entropy-tui serve`, and the web server a hosted table can offer too."""

# Games served at once, each tab's app a process of its own (here, where the command line reads
# it without loading the web server).
DEFAULT_MAX_TABS = 8
