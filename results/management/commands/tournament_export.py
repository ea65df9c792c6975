"""``manage.py tournament_export <slug> > backup.json``: a whole tournament in one file."""

from django.core.management.base import BaseCommand, CommandError

from results.backup import tournament_export_json
from tournament.errors import ServiceError


class Command(BaseCommand):
    help = "Write one tournament, with its sheets, history and referee desk, as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's slug, as in /t/<slug>/")
        parser.add_argument("-o", "--output", help="a file to write (default: standard output)")

    def handle(self, *args, slug, output=None, **options):
        try:
            text = tournament_export_json(slug=slug)
        except ServiceError as error:
            raise CommandError(error.message) from None
        if output:
            with open(output, "w", encoding="utf-8") as out:
                out.write(text)
        else:
            self.stdout.write(text)
