"""Seating: the seating pages, jobs and services; the pure seating core lives in :mod:`.core`.

This ``__init__`` imports nothing, so ``python -m tournament.seating`` runs the core's
command-line interface without loading Django.
"""
