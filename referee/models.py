"""Penalties, substitutions and disqualifications (the referee desk, issue #7)."""
