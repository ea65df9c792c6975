"""Events: creating and setting up a tournament (settings, tables, schedule, staff,
visibility), the home page and the event page.  The organiser's dashboard, which reads the
sheets and the desk, is above them (results/board/).

- ``services``: the writes of setting up, each one transaction.
- ``selectors``: the schedule's clashes, the EMA warnings, the rules summary.
- ``forms``, ``views``, ``urls``: the pages.
"""
