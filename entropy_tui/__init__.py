"""entropy-tui: Entropy, the 2026 euro board game, in the terminal."""
