"""The organiser's view of the whole event: the dashboard's steps, the final check before
the EMA file, the live board of a session's tables.  They read the sheets and the desk's
decisions, so they live with the results."""
