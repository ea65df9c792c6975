from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from demo.loader import load_demo


class Command(BaseCommand):
    help = (
        "Create (or refresh) the demo tournament. Safe to run twice: nothing is duplicated. "
        "Runs only with DEBUG on, unless --allow-production is given."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--allow-production",
            action="store_true",
            help="Load the demo although DEBUG is off (a showcase server). The demo's "
            "administrator with the published password is then never created.",
        )

    def handle(self, *args, allow_production=False, **options):
        # The demo's logins have a password printed in the README: on a live site by mistake
        # they would be anybody's way in.
        if not settings.DEBUG and not allow_production:
            raise CommandError(
                "load_demo runs only with DEBUG=1 (a development server): its logins have a "
                "published password. Pass --allow-production to load it on this server anyway "
                "(no administrator is created then)."
            )
        result = load_demo(allow_admin=settings.DEBUG)
        t = result.tournament
        self.stdout.write(self.style.SUCCESS(f"Demo tournament ready: {t.name} (/t/{t.slug}/)"))
        self.stdout.write("Demo logins:")
        for username, password, role in result.logins:
            self.stdout.write(f"  {username:<10} / {password}   {role}")
        if not any(username == "admin" for username, _, _ in result.logins):
            self.stdout.write(
                "No demo administrator: the database already had users, or DEBUG is off. "
                "Make one with `manage.py createsuperuser`."
            )
