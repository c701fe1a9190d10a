"""One module per action of the game (their handlers are listed in `rules.tasks`)."""
