"""Save files: their schema, writing and reading them, the saves folder."""
