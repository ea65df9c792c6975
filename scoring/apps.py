from django.apps import AppConfig

from web.cache import RESULTS


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Score sheets"

    def ready(self) -> None:
        # Imported once the models are loaded (Django's rule for ready()).
        from tournament.page_versions import watch

        # Only the results pages show a sheet or the standings' settings.
        watch(self.get_model("ScoreSheet"), (RESULTS,))
        watch(self.get_model("StandingsSettings"), (RESULTS,))
