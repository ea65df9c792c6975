"""The session clock: time limits, the signal and the last hand.

- ``timing``: the arithmetic (remaining time, phase) as pure Python, ``now`` passed in.
- ``services``: every write (start, pause, resume, extend, end, fire the signal, a table
  reports finished), each in a transaction with the current time as an argument.
- ``selectors``: reads for the pages and for the score sheets (``table_ended_by_time``).
- ``tasks``: thin Celery tasks that fire the signal at its time (ETA) or in a beat sweep.
- ``views``, ``urls``: the clock page, its JSON state and the control actions.

Vocabulary: the *signal* is the sound of EMA 5.9 ("a clear sound must indicate when 15
minutes remain") and the gong of WRC 8.2 (at the end of the time). After it the tables play
as the ruleset says (``after_signal``): finish the current hand and play one more (EMA,
Aalto 48), or only finish the current hand (WRC). The session is *over* when its time has
run out, and *finished* when the organiser ends it.
"""
