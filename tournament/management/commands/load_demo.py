from django.core.management.base import BaseCommand

from tournament.demo import load_demo


class Command(BaseCommand):
    help = "Create (or refresh) the demo tournament. Safe to run twice: nothing is duplicated."

    def handle(self, *args, **options):
        result = load_demo()
        t = result.tournament
        self.stdout.write(self.style.SUCCESS(f"Demo tournament ready: {t.name} (/t/{t.slug}/)"))
        self.stdout.write("Demo logins:")
        for username, password, role in result.logins:
            self.stdout.write(f"  {username:<10} / {password}   {role}")
