"""Standings: the ranking after any session, session results, a player's page and chart,
the projector views, and the exports (CSV/XLSX/JSON and the EMA results file).

- ``selectors``: standings and results read from the confirmed score sheets.
- ``exports``: the EMA results file; ``tables``: the django-tables2 tables.
- ``views``, ``urls``: the pages.
"""
