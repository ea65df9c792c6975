from django.apps import AppConfig

from web.cache import RESULTS


class RefereeConfig(AppConfig):
    name = "referee"
    verbose_name = "Referee desk"

    def ready(self) -> None:
        # Imported once the models are loaded (Django's rule for ready()).
        from tournament.page_versions import watch

        # A penalty or a removal shows on the results pages only; a substitute or a
        # disqualification changes the seating too.
        watch(self.get_model("Penalty"), (RESULTS,))
        watch(self.get_model("ResultsRemoval"), (RESULTS,))
        watch(self.get_model("Substitution"))
        watch(self.get_model("Disqualification"))
