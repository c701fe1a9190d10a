"""A game in play, without Textual: the session, its configuration and bot seats,
the undo timeline, and what is explained about it (recaps, hints, the coach, the review)."""
