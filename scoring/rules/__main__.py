"""``python -m scoring.rules hand|game|final [--batch]`` (see cli.py)."""

from scoring.rules.cli import main

raise SystemExit(main())
