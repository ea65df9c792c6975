"""The CI's second pass selects its tests by the marker ``postgres`` (``.ci/run``,
``-m 'postgres and ...'``). tests/conftest.py puts the marker on; if it did so after ``-m``
had deselected, the pass would find no test at all and the CI would learn it only after the
whole SQLite pass. Collected in a child pytest, as the CI does it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAIN = ("-p", "no:cacheprovider", "-p", "no:xdist")


def _collected(*args: str) -> list[str]:
    run = subprocess.run(
        # pyproject's -q alone: one node id a line.
        [sys.executable, "-m", "pytest", *PLAIN, "--collect-only", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode in (0, 5), run.stdout + run.stderr
    return [line for line in run.stdout.splitlines() if "::" in line]


def test_the_postgres_pass_selects_what_differs_there_and_nothing_else():
    selection = "postgres and not browser and not prod_stack"
    # Listed in POSTGRES_PATHS: the clock's services lock the session's row.
    locking = _collected("-m", selection, "tests/clock/test_services.py")
    assert locking and all(t.startswith("tests/clock/test_services.py::") for t in locking)
    # A pure core touches no database: nothing of it runs twice. Nor does a real worker's
    # test, whose processes use a SQLite file of their own whatever the pass's database.
    assert _collected("-m", selection, "tests/clock/test_timing.py") == []
    assert _collected("-m", selection, "tests/seating_app/test_real_worker.py") == []
