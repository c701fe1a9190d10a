"""The game's widgets, one a file."""
