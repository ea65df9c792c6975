from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "web"
    verbose_name = "Web plumbing"

    def ready(self) -> None:
        from web import signals, tables2_speed

        signals.connect()
        tables2_speed.install()
