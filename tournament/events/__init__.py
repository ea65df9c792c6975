"""Events: creating and setting up a tournament (settings, tables, schedule, staff,
visibility), the organiser's dashboard, the home page and the event page.

- ``services``: the writes of setting up, each one transaction.
- ``selectors``: the dashboard's next steps, the EMA warnings, the rules summary.
- ``forms``, ``views``, ``urls``: the pages.
"""
