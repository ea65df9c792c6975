"""The desk's standing substitutions written onto their seats (``Seat.substitute`` and
``Seat.replaced``), which the score sheets and the seating now read instead of asking the
desk."""

from django.db import migrations


def forwards(apps, schema_editor):
    Substitution = apps.get_model("referee", "Substitution")
    Seat = apps.get_model("tournament", "Seat")
    for record in Substitution.objects.filter(withdrawn_at__isnull=True).iterator():
        Seat.objects.filter(
            session_id=record.session_id,
            table_id=record.table_id,
            wind=record.wind,
            player_id=record.substitute_id,
        ).update(substitute=record.timing, replaced_id=record.player_id)


class Migration(migrations.Migration):
    dependencies = [
        ("referee", "0002_results25_results_removal"),
        ("tournament", "0018_seat_substitute_results35"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
