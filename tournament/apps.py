from importlib import import_module

from django.apps import AppConfig

from web import cache

# Task modules of the feature packages: imported at start-up so that services can queue
# their tasks by name (web/jobs.py) in the web process as in a worker.
TASK_MODULES = ("tournament.clock.tasks", "tournament.seating.tasks")


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        for module in TASK_MODULES:
            import_module(module)
        # Imported once the models are loaded (Django's rule for ready()): the public pages'
        # cache (web/) sits below the tournaments and is told how to find one and when its
        # rows change.
        from tournament import page_versions, pages

        cache.serve_published_by(pages.published_by_slug)
        page_versions.connect()
