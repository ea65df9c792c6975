from django.apps import AppConfig


class ResultsConfig(AppConfig):
    name = "results"
    verbose_name = "Results"

    def ready(self) -> None:
        # Imported once the models are loaded (Django's rule for ready()): the results listen
        # to what happens below them and answer the seating's questions.
        from results.stages import receivers

        receivers.connect()
        # Who sees a session's results: its cache key variant and its receiver of the
        # confirmed sheets that complete a session.
        from results.standings import publication  # noqa: F401
