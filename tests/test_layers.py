"""The house reads from the ground up: nothing below the results imports them.

The results (results/: the standings and the stages) read the ground (tournament/, web/),
the score sheets (scoring/) and the referee desk (referee/). An import the other way is an
arrow running back up; where a lower module needs the results' answer, they give it
(tournament/seating/asked_above.py) or listen (tournament/happenings.py).
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BELOW_RESULTS = ("tournament", "web", "scoring", "referee")


def imported_modules(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def test_nothing_below_the_results_imports_them():
    arrows = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for package in BELOW_RESULTS
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
        for line, module in imported_modules(path)
        if module == "results" or module.startswith("results.")
    ]
    assert arrows == []


def test_the_seating_gets_the_results_answers():
    from results.stages.ranking import staged_session_numbers
    from tournament.seating import asked_above

    # Given at start-up by results/apps.py, not the empty answers of a house without results.
    assert asked_above.ANSWERS.staged_sessions is staged_session_numbers
    assert asked_above.ANSWERS.standings_order is not asked_above._no_order
