from django.apps import AppConfig


class RefereeConfig(AppConfig):
    name = "referee"
    verbose_name = "Referee desk"

    def ready(self) -> None:
        # Imported once the models are loaded (Django's rule for ready()).
        from referee import answers

        answers.connect()
