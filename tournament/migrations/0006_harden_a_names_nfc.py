"""Names already stored get the one spelling new ones get (tournament/names.py): NFC, no
invisible characters, single spaces, so the duplicate checks find them."""

from django.db import migrations

from tournament.names import clean_name


def forwards(apps, schema_editor):
    Player = apps.get_model("tournament", "Player")
    for player in Player.objects.only("first_name", "last_name", "club").iterator():
        cleaned = {
            name: clean_name(getattr(player, name)) for name in ("first_name", "last_name", "club")
        }
        if any(getattr(player, name) != value for name, value in cleaned.items()):
            Player.objects.filter(pk=player.pk).update(**cleaned)


class Migration(migrations.Migration):
    dependencies = [("tournament", "0005_harden_a_seat_change_kept")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
