from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "web"
    verbose_name = "Web plumbing"

    def ready(self) -> None:
        # Imported in ready(): they read the models and axes' settings, loaded only now.
        from web import login_limit, tables2_speed

        login_limit.connect()
        tables2_speed.install()
