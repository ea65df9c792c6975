"""Sheets saved before the rules core's answer carried each seat's chombo count (and each
chombo hand's offender in its log) get them from their entry, as the core would have
answered: every reader then counts a sheet's chombo from its stored answer only."""

from django.db import migrations

SEATS = "ESWN"


def _counts(mode: str, entry: dict) -> list[int]:
    per_seat = [0, 0, 0, 0]
    if mode == "final":
        for wind, n in enumerate((entry.get("chombo") or [])[:4]):
            per_seat[wind] = n if isinstance(n, int) and n > 0 else 0
        return per_seat
    for hand in entry.get("hands") or []:
        who = hand.get("chombo") if isinstance(hand, dict) else None
        if isinstance(who, str) and who in SEATS:
            per_seat[SEATS.index(who)] += 1
    return per_seat


def forwards(apps, schema_editor):
    ScoreSheet = apps.get_model("scoring", "ScoreSheet")
    for sheet in ScoreSheet.objects.all().iterator():
        result, entry = sheet.result, sheet.entry
        if not isinstance(result, dict) or not isinstance(entry, dict):
            continue
        seats = result.get("seats")
        if not isinstance(seats, dict):
            continue
        for letter, n in zip(SEATS, _counts(sheet.mode, entry), strict=True):
            if isinstance(seats.get(letter), dict):
                seats[letter]["chombo"] = n
        log = result.get("log")
        if sheet.mode == "hands" and isinstance(log, list):
            for hand, line in zip(entry.get("hands") or [], log, strict=False):
                who = hand.get("chombo") if isinstance(hand, dict) else None
                if isinstance(line, dict) and isinstance(who, str) and who in SEATS:
                    line["chombo"] = who
        sheet.save(update_fields=["result"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0002_report_player_reporting"),
        ("tournament", "0017_ident34_entries"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
