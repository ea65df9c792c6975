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


# Each top-level folder is a layer; a module may import its own layer and those below.
# scoring and referee share a floor, but the desk reads the sheets, never the reverse.
LAYERS = {
    "web": 0,
    "tournament": 1,
    "scoring": 2,
    "referee": 3,
    "results": 4,
    "api": 5,
    "companion": 5,
    "benchmarks": 5,
    "demo": 5,
    "config": 6,
}


def test_every_import_points_down_the_layers():
    """No module imports a folder above its own: web < tournament < scoring < referee <
    results < api, companion, benchmarks, demo < config, imports inside functions too.

    The one exception: tournament may import ``scoring.rules``, the pure rules core.  It
    imports no Django and no other folder, and its JSON interface is the public contract
    (interfaces.md): it is the innermost layer, which happens to live in scoring's folder.
    Where the ground needs an answer from above, it is given at start-up
    (tournament/asked_above.py, tournament/seating/asked_above.py) or read through a
    reverse relation, never imported.
    """
    arrows = []
    for package, floor in LAYERS.items():
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for line, module in imported_modules(path):
                top = module.split(".")[0]
                if LAYERS.get(top, -1) <= floor:
                    continue
                if package == "tournament" and (
                    module == "scoring.rules" or module.startswith("scoring.rules.")
                ):
                    continue
                arrows.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert arrows == []


def test_the_desk_and_the_sheets_answer_the_ground():
    from referee import answers as desk
    from scoring.wording import violation_message
    from tournament import asked_above

    # Given at start-up by referee/apps.py and scoring/apps.py, not the empty answers.
    assert asked_above.ANSWERS.disqualified is desk.disqualified
    assert asked_above.ANSWERS.sessions_with_decisions is desk.sessions_with_decisions
    assert asked_above.ANSWERS.violation_message is violation_message


def test_the_seating_gets_the_results_answers():
    from results.stages.ranking import staged_session_numbers
    from tournament.seating import asked_above

    # Given at start-up by results/apps.py, not the empty answers of a house without results.
    assert asked_above.ANSWERS.staged_sessions is staged_session_numbers
    assert asked_above.ANSWERS.standings_order is not asked_above._no_order
