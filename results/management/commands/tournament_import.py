"""``manage.py tournament_import backup.json [--slug new-slug]``: restore a tournament."""

import json

from django.core.management.base import BaseCommand, CommandError

from results.backup import tournament_import
from tournament.errors import ServiceError


class Command(BaseCommand):
    help = "Create a tournament from a file of tournament_export, with new ids, all or nothing."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file ('-' for standard input)")
        parser.add_argument("--slug", help="import under this slug (default: the backup's)")

    def handle(self, *args, file, slug=None, **options):
        try:
            if file == "-":
                import sys

                data = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    data = json.load(handle)
        except (OSError, ValueError) as error:
            raise CommandError(f"Cannot read {file}: {error}") from None
        try:
            tournament = tournament_import(data=data, slug=slug)
        except ServiceError as error:
            raise CommandError(error.message) from None
        self.stdout.write(
            self.style.SUCCESS(f"Imported {tournament.name} as /t/{tournament.slug}/")
        )
