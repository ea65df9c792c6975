"""The pure cores import nothing from Django (style.md: "The cores are pure").

A core is a package or a module that holds rules of the game or of the tournament and runs
without a database: it imports only the standard library and other pure cores, so that the
rules can be tested, benchmarked and run from the command line on their own."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Every pure core of the product: packages (every module inside) and single modules.
CORES = [
    ROOT / "scoring" / "rules",
    ROOT / "tournament" / "seating" / "core",
    ROOT / "results" / "stages" / "core.py",
    ROOT / "results" / "stages" / "layout.py",
    ROOT / "tournament" / "seating" / "fill.py",
    ROOT / "tournament" / "clock" / "timing.py",
]


def _modules() -> list[Path]:
    found: list[Path] = []
    for core in CORES:
        found.extend(sorted(core.rglob("*.py")) if core.is_dir() else [core])
    return found


def _dotted(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


CORE_MODULES = {_dotted(path) for path in _modules()}


def imported_modules(source: str, module: str = "", is_package: bool = False) -> set[str]:
    """Every module ``source`` imports, absolute (relative imports resolved against
    ``module``), including ``import_module('x')`` and ``__import__('x')`` calls."""
    names: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                base = node.module or ""
            else:
                parts = package.split(".") if package else []
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            names.add(base)
            # ``from . import winds`` imports the module ``winds`` of the package.
            names.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and getattr(node.func, "attr", getattr(node.func, "id", ""))
            in {"import_module", "__import__"}
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.add(node.args[0].value)
    return names


def imported_names(source: str) -> set[str]:
    """Top-level package of every import in ``source`` (absolute imports)."""
    return {name.split(".")[0] for name in imported_modules(source, "core.module") if name}


def _is_core(name: str) -> bool:
    """``name`` is a pure core module, or a name inside one (``from .x import f``)."""
    return any(name == core or name.startswith(core + ".") for core in CORE_MODULES)


def impure_imports(path: Path) -> set[str]:
    module = _dotted(path)
    found = imported_modules(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")
    return {
        name
        for name in found
        if name.split(".")[0] not in sys.stdlib_module_names and not _is_core(name)
    }


@pytest.mark.parametrize(
    "core",
    [
        "scoring/rules/sheet.py",
        "tournament/seating/core/planner.py",
        *(str(core.relative_to(ROOT)) for core in CORES[2:]),
    ],
)
def test_every_core_is_found(core):
    assert (ROOT / core).is_file()
    assert ROOT / core in set(_modules())


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_django_import(path):
    assert "django" not in imported_names(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_core_imports_only_the_standard_library_and_other_cores(path):
    """Not Django by way of the project either (``tournament.models`` imports Django)."""
    assert impure_imports(path) == set()


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("import django", True),
        ("from django.db import models", True),
        ("import django.conf as c", True),
        ("def f():\n    from django import forms", True),
        ("importlib.import_module('django.conf')", True),
        ("__import__('django')", True),
        ("from . import django", False),
        ("import djangoish", False),
        ("x = 'django'", False),
    ],
)
def test_the_checker_sees_django(source, found):
    assert ("django" in imported_names(source)) is found


@pytest.mark.parametrize(
    ("source", "module", "impure"),
    [
        ("from tournament.models import Session", "results.stages.core", True),
        ("from .models import Stage", "results.stages.core", True),
        ("from . import selectors", "tournament.seating.fill", True),
        ("from .layout import Layout", "results.stages.core", False),
        ("from .errors import SeatingError", "tournament.seating.core.search", False),
        ("from scoring.rules.i18n import N_", "tournament.clock.timing", False),
        ("import random", "results.stages.core", False),
        ("import numpy", "results.stages.core", True),
    ],
)
def test_the_checker_sees_a_project_import_outside_the_cores(source, module, impure):
    names = imported_modules(source, module)
    outside = {
        n for n in names if n.split(".")[0] not in sys.stdlib_module_names and not _is_core(n)
    }
    assert bool(outside) is impure
