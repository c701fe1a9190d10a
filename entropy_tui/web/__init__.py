"""The app in a browser: `entropy-tui serve`, and the web server a hosted table can offer too."""
