from importlib import import_module

from django.apps import AppConfig

# Task modules of the feature packages: imported at start-up so that services can queue
# their tasks by name (web/jobs.py) in the web process as in a worker.
TASK_MODULES = ("tournament.clock.tasks", "tournament.seating.tasks")


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        for module in TASK_MODULES:
            import_module(module)
        # Who sees a session's results: its cache key variant and its receiver of the
        # confirmed sheets that complete a session.
        import_module("tournament.standings.publication")
