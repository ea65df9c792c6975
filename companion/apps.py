from django.apps import AppConfig


class CompanionConfig(AppConfig):
    name = "companion"
    verbose_name = "Companion (notifications)"

    def ready(self) -> None:
        # The receivers listen to tournament/happenings.py; the tasks register their names
        # with Celery in the web process as in a worker.
        from . import receivers, tasks  # noqa: F401
