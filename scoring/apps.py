from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Score sheets"

    def ready(self) -> None:
        # Imported once the models are loaded (Django's rule for ready()).
        from scoring import answers

        answers.connect()
