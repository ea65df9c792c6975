"""Seating: who sits where in every session.

- ``core``: the pure seating core (no Django), with its JSON interface
  ``python -m tournament.seating plan|swiss``.
- ``services``: the bridge (rows in, the core, seats out), jobs, changes by hand.
- ``tasks``: the Celery task that runs a queued job; ``selectors``: reads for the pages.
- ``views``, ``urls``: generation, progress, the seating pages, print, quality.

This ``__init__`` imports nothing, so ``python -m tournament.seating`` runs the core's
command-line interface without loading Django.
"""
