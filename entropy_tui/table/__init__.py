"""A shared table: one authoritative game in the host process, whose seats are played from
several terminals (over SSH, in a browser, or at the host's own keyboard), each screen showing
only what its seat may see."""
