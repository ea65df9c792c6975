"""Each tournament's entry is its own record.

Until now one Player row stood for a person in every tournament that registered him, and
each of those tournaments' staff could act on it. This migration splits every row that
several tournaments use into one row per tournament (``Player.tournament``) and moves each
tournament's rows (registrations, seats, results, sheet answers, slip codes, desk decisions,
stage entries, the ids kept in stages' cuts and seating jobs, link requests) to its own
row, with the history of the details copied along. An account keeps its links (one per
tournament) and gets a profile of its own (a row without a tournament). The e-mail stays
only in the entry of the tournament that owned the details, the only one whose staff saw it.
Every tournament's pages, totals and EMA file read the same values as before.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# Every foreign key to Player, and the path from its model to the tournament. The
# migration stops on one it does not know, so that no row keeps pointing across.
TOURNAMENT_OF = {
    ("tournament", "registration", "player"): "tournament_id",
    ("tournament", "seat", "player"): "session__tournament_id",
    ("tournament", "stageentry", "player"): "stage__tournament_id",
    ("scoring", "tableresult", "player"): "session__tournament_id",
    ("scoring", "sheetresponse", "player"): "sheet__session__tournament_id",
    ("scoring", "personalcode", "player"): "tournament_id",
}
# Rows that belong to the person's record itself, handled below.
OWN = {
    ("tournament", "player", "copy_of"),
    ("tournament", "linkrequest", "player"),
    ("tournament", "linkmail", "player"),
}


def _references(apps):
    """(model, field name, path to the tournament id) of every foreign key to Player."""
    player = apps.get_model("tournament", "Player")
    found = []
    for model in apps.get_models():
        for field in model._meta.get_fields():
            if not (field.many_to_one and field.concrete and field.related_model is player):
                continue
            key = (model._meta.app_label, model._meta.model_name, field.name)
            if key in OWN or model._meta.model_name.startswith("historical"):
                continue
            if key in TOURNAMENT_OF:
                path = TOURNAMENT_OF[key]
            elif model._meta.app_label == "referee" and "tournament" in {
                f.name for f in model._meta.fields
            }:
                path = "tournament_id"  # every desk record names its tournament
            else:
                raise RuntimeError(f"No tournament known for {key}: add it to TOURNAMENT_OF.")
            found.append((model, field.name, path))
    return found


def _copy_fields(player, **changes):
    names = [
        f.attname
        for f in player._meta.concrete_fields
        if f.name not in ("id", "owner", "copy_of", "tournament")
    ]
    values = {name: getattr(player, name) for name in names}
    values.update(changes)
    return values


def split(apps, schema_editor):
    Player = apps.get_model("tournament", "Player")
    HistoricalPlayer = apps.get_model("tournament", "HistoricalPlayer")
    LinkRequest = apps.get_model("tournament", "LinkRequest")
    Stage = apps.get_model("tournament", "Stage")
    SeatingJob = apps.get_model("tournament", "SeatingJob")
    references = _references(apps)
    for player in Player.objects.order_by("pk"):
        used = set()
        for model, field, path in references:
            used |= set(
                model.objects.filter(**{field: player.pk}).values_list(path, flat=True).distinct()
            )
        used.discard(None)
        if not used and player.owner_id is not None and player.user_id is None:
            used = {player.owner_id}  # entered by that tournament, nothing hangs on it yet
        order = sorted(used, key=lambda t: (t != player.owner_id, t))
        if player.user_id is not None and order:
            # The account's own details, kept by the person (his profile).
            Player.objects.create(tournament=None, **_copy_fields(player))
        if not order:
            continue  # a profile already (an account's record without tournaments)
        history = list(HistoricalPlayer.objects.filter(id=player.pk).order_by("history_id"))
        for number, tournament_id in enumerate(order):
            # Only the tournament that owned the details saw the e-mail.
            email = player.email if tournament_id == player.owner_id else ""
            if number == 0:
                Player.objects.filter(pk=player.pk).update(tournament=tournament_id, email=email)
                continue
            entry = Player.objects.create(
                tournament_id=tournament_id, **_copy_fields(player, email=email)
            )
            for model, field, path in references:
                model.objects.filter(**{field: player.pk, path: tournament_id}).update(
                    **{field: entry.pk}
                )
            for record in history:
                record.pk = None
                record.id = entry.pk
                record.save()
            for request in LinkRequest.objects.filter(player_id=player.pk):
                LinkRequest.objects.create(
                    user_id=request.user_id,
                    player_id=entry.pk,
                    state=request.state,
                    message=request.message,
                    decided_at=request.decided_at,
                    decided_by_id=request.decided_by_id,
                )
            _repoint_ids(Stage, SeatingJob, tournament_id, player.pk, entry.pk)
    # Details entered before owners were kept: nobody's tournament, nobody's account.
    # They stay as loose records: no tournament's page reads them.


def _repoint_ids(Stage, SeatingJob, tournament_id, old, new):
    """The player ids kept in JSON: a stage's cut (order and lots), a seating job's input."""
    for stage in Stage.objects.filter(tournament_id=tournament_id):
        order = [new if k == old else k for k in stage.cut_order]
        lots = [[new if k == old else k for k in lot] for lot in stage.cut_lots]
        if order != stage.cut_order or lots != stage.cut_lots:
            stage.cut_order, stage.cut_lots = order, lots
            stage.save(update_fields=["cut_order", "cut_lots"])
    for job in SeatingJob.objects.filter(tournament_id=tournament_id):
        players = [new if k == old else k for k in job.players]
        if players != job.players:
            job.players = players
            job.save(update_fields=["players"])


def join(apps, schema_editor):
    """Back to the old model as far as it goes: the tournament that has the entry owns it;
    entries of one person keep their own rows (the old model's copies); an account keeps
    one record (its profile, or its first entry)."""
    Player = apps.get_model("tournament", "Player")
    for player in Player.objects.exclude(tournament=None).order_by("pk"):
        player.owner_id = player.tournament_id
        if player.ema_number:
            first = (
                Player.objects.filter(ema_number=player.ema_number, copy_of=None)
                .exclude(pk=player.pk)
                .order_by("pk")
                .first()
            )
            if first is not None and first.pk < player.pk:
                player.copy_of_id = first.pk
        player.save(update_fields=["owner", "copy_of"])
    seen = set()
    for player in Player.objects.exclude(user=None).order_by("tournament_id", "pk"):
        if player.user_id in seen or (
            player.tournament_id is None
            and Player.objects.filter(user_id=player.user_id).exclude(pk=player.pk).exists()
        ):
            Player.objects.filter(pk=player.pk).update(user=None)
        seen.add(player.user_id)


class Migration(migrations.Migration):
    # Not one transaction: on PostgreSQL the rows the split moves leave deferred foreign-key
    # checks pending, and an ALTER TABLE in the same transaction is refused ("pending trigger
    # events").  The split itself runs in a transaction of its own (atomic=True below).
    atomic = False
    dependencies = [
        ("tournament", "0016_stages28_stages"),
        ("scoring", "0002_report_player_reporting"),
        ("referee", "0002_results25_results_removal"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="player", name="unique_ema_number"),
        migrations.AddField(
            model_name="player",
            name="tournament",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="entries",
                to="tournament.tournament",
            ),
        ),
        migrations.AlterField(
            model_name="player",
            name="user",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="players",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.CreateModel(
            name="LinkMail",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("nonce", models.CharField(max_length=32, unique=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("used_at", models.DateTimeField(blank=True, null=True)),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="link_mails",
                        to="tournament.player",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
        ),
        migrations.RunPython(split, join, atomic=True),
        migrations.RemoveField(model_name="player", name="copy_of"),
        migrations.RemoveField(model_name="player", name="owner"),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                condition=models.Q(("ema_number", ""), _negated=True)
                & models.Q(("tournament__isnull", False)),
                fields=("tournament", "ema_number"),
                name="unique_ema_number_in_tournament",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                condition=models.Q(("ema_number", ""), _negated=True)
                & models.Q(("tournament__isnull", True)),
                fields=("ema_number",),
                name="unique_ema_number_of_profiles",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                condition=models.Q(("user__isnull", False)) & models.Q(("tournament__isnull", False)),
                fields=("user", "tournament"),
                name="one_entry_per_account_in_tournament",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                condition=models.Q(("user__isnull", False)) & models.Q(("tournament__isnull", True)),
                fields=("user",),
                name="one_profile_per_account",
            ),
        ),
    ]
