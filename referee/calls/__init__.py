"""Calling a referee to a table: the player's button on /my-table/ (and the referee's own on
a table's sheet) puts the table in the desk's live queue; a referee takes the call and closes
it with a note; the referee log keeps every call."""
