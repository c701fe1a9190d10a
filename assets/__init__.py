"""Component data of Entropy: one TOML file per component family."""
