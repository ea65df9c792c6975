"""The migrations describe the models: no change of a model is left without its migration
(the test database is built by running them, on SQLite and again on PostgreSQL in CI)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_no_model_change_lacks_a_migration():
    out = io.StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit_:  # --check exits 1 when a migration is missing
        pytest.fail(f"a model change has no migration (exit {exit_.code}):\n{out.getvalue()}")
