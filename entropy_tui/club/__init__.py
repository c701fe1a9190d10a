"""The club: many tables on one long-lived server. Its storage (one module speaks SQL),
the players' identities by SSH key, and their ratings; no screens and no server here."""
