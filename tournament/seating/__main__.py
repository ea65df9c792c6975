"""Entry point of ``python -m tournament.seating``: the seating core's JSON interface."""

import sys

from .core.cli import main

sys.exit(main())
