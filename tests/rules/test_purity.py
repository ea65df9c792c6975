"""The cores import nothing from Django (style.md: "The cores are pure")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORES = [ROOT / "scoring" / "rules", ROOT / "tournament" / "seating" / "core"]


def _modules() -> list[Path]:
    return sorted(path for core in CORES if core.is_dir() for path in core.rglob("*.py"))


def imported_names(source: str) -> set[str]:
    """Top-level package of every import in ``source`` (absolute imports)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and getattr(node.func, "attr", getattr(node.func, "id", ""))
            in {"import_module", "__import__"}
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.add(node.args[0].value.split(".")[0])
    return names


def test_the_rules_core_is_found():
    assert any(path.name == "sheet.py" for path in _modules())


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_django_import(path):
    assert "django" not in imported_names(path.read_text(encoding="utf-8"))


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
