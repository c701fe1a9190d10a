"""The terminal user interface: a Textual app over the rules engine, never a rule of its own."""
