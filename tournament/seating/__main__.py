"""Entry point of ``python -m tournament.seating``."""

import sys

from .cli import main

sys.exit(main())
