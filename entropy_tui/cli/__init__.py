"""The command line: one parser with a subcommand per way to run the game."""
