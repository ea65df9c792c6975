"""Helpers of the score-sheet tests, kept here for their imports: they live in the shared
scenario of tests/conftest.py (with the fixtures ``table1``, ``table2`` and ``reserve``)."""

from __future__ import annotations

from tests.conftest import enter_final, seat_sessions

__all__ = ["enter_final", "seat_sessions"]
