"""A whole tournament in one file, and back (``manage.py tournament_export`` / ``_import``).

The file holds every row of the tournament: its settings, players, registrations, staff,
tables, sessions, seats, clock events, seating jobs and changes, score sheets with every
version and their table results, the standings settings and the referee desk's penalties,
substitutions and disqualifications, and the user accounts those rows name (by username,
with their password hashes, so that the staff can log in on the new server).

Importing creates new rows with the new server's own primary keys: each foreign key (and
the player ids a seating job keeps) is translated through the old-to-new map of the rows
made before it, so a tournament can be restored next to others.  Users already on the new
server (same username) and players already there (same EMA number) are reused and left as
they are.  Rows are written as stored
(``raw``): timestamps such as a sheet's ``updated_at`` keep their recorded values.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.utils.translation import gettext

from referee.models import Disqualification, Penalty, Substitution
from scoring.models import TableResult
from tournament.errors import ServiceError
from tournament.models import Registration, Seat, Tournament
from web.cache import public_pages_changed

FORMAT = "riichi-tournament-backup"
VERSION = 1
USER_FIELDS = ("username", "first_name", "last_name", "email", "password", "is_active")

# In the order they are created: every model after those its foreign keys point to.
# (model label, the filter from the tournament to its rows)
MODELS: list[tuple[str, str]] = [
    ("tournament.Tournament", "pk"),
    ("tournament.Player", "*players"),
    ("tournament.Staff", "tournament"),
    ("tournament.Table", "tournament"),
    ("tournament.Team", "tournament"),
    ("tournament.Registration", "tournament"),
    ("tournament.SeatingJob", "tournament"),
    ("tournament.Session", "tournament"),
    ("tournament.Seat", "session__tournament"),
    ("tournament.SessionClockEvent", "session__tournament"),
    ("tournament.TableFinish", "session__tournament"),
    ("tournament.SeatChange", "session__tournament"),
    ("scoring.ScoreSheet", "session__tournament"),
    ("scoring.SheetVersion", "sheet__session__tournament"),
    ("scoring.TableResult", "session__tournament"),
    ("scoring.StandingsSettings", "tournament"),
    ("referee.Penalty", "tournament"),
    ("referee.Substitution", "tournament"),
    ("referee.Disqualification", "tournament"),
]


def _players(tournament) -> set[int]:
    """Everyone the tournament's rows name: registered, seated, scored or at the desk."""

    ids = set(
        Registration.objects.filter(tournament=tournament).values_list("player_id", flat=True)
    )
    ids |= set(
        Seat.objects.filter(session__tournament=tournament).values_list("player_id", flat=True)
    )
    ids |= set(
        TableResult.objects.filter(session__tournament=tournament).values_list(
            "player_id", flat=True
        )
    )
    for model in (Penalty, Disqualification):
        ids |= set(model.objects.filter(tournament=tournament).values_list("player_id", flat=True))
    for player_id, substitute_id in Substitution.objects.filter(tournament=tournament).values_list(
        "player_id", "substitute_id"
    ):
        ids |= {player_id, substitute_id}
    return ids


def tournament_export(*, slug: str) -> dict[str, Any]:
    """The tournament ``slug`` as plain data (``json.dumps(..., cls=DjangoJSONEncoder)``)."""

    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None:
        raise ServiceError(
            gettext("No tournament with the slug {slug!r}.").format(slug=slug), field="slug"
        )
    rows: dict[str, list] = {}
    user_ids: set[int] = set()
    user_model = get_user_model()
    for label, path in MODELS:
        model = apps.get_model(label)
        if path == "*players":
            qs = model.objects.filter(pk__in=_players(tournament))
        else:
            qs = model.objects.filter(**{path: tournament.pk if path == "pk" else tournament})
        objects = serializers.serialize("python", qs.order_by("pk"))
        rows[label] = [{"pk": o["pk"], "fields": o["fields"]} for o in objects]
        for field in model._meta.concrete_fields:
            if field.is_relation and field.related_model is user_model:
                user_ids |= {o["fields"][field.name] for o in objects} - {None}
    users = list(
        user_model.objects.filter(pk__in=user_ids).order_by("pk").values("pk", *USER_FIELDS)
    )
    return {"format": FORMAT, "version": VERSION, "slug": slug, "users": users, "rows": rows}


def _same_player(model, fields: dict):
    if fields.get("ema_number"):
        same = model.objects.filter(ema_number=fields["ema_number"]).first()
        if same is not None:
            return same
    if fields.get("user") is not None and model.objects.filter(user_id=fields["user"]).exists():
        # The account is another player's here: the restored player keeps no login.
        fields["user"] = None
    return None


class _Encoder(DjangoJSONEncoder):
    """DjangoJSONEncoder, but times to the microsecond (it cuts them to milliseconds): a
    backup restores the history's timestamps exactly."""

    def default(self, o):
        if isinstance(o, dt.datetime | dt.time):
            return o.isoformat()
        return super().default(o)


def tournament_export_json(*, slug: str) -> str:
    return json.dumps(tournament_export(slug=slug), cls=_Encoder, ensure_ascii=False)


@transaction.atomic
def tournament_import(*, data: dict[str, Any], slug: str | None = None):
    """Create the tournament of a backup, under ``slug`` (default: its own), all or nothing."""

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ServiceError(gettext("This file is not a tournament backup of this application."))
    if data.get("version") != VERSION:
        raise ServiceError(
            gettext("Backup format version {value!r} is not supported.").format(
                value=data.get("version")
            )
        )
    rows = data["rows"]
    slug = slug or data["slug"]
    if Tournament.objects.filter(slug=slug).exists():
        raise ServiceError(
            gettext(
                "A tournament with the slug {slug!r} exists already: "
                "import under another one (--slug)."
            ).format(slug=slug),
            field="slug",
        )
    user_model = get_user_model()
    new_pk: dict[str, dict[Any, Any]] = {user_model._meta.label_lower: {}}
    for user in data.get("users", []):
        existing = user_model.objects.filter(username=user["username"]).first()
        if existing is None:
            existing = user_model(**{f: user[f] for f in USER_FIELDS})
            existing.save()
        new_pk[user_model._meta.label_lower][user["pk"]] = existing.pk
    deferred: list = []  # (object, field attname, old pk, related label): pointing forward
    for label, _ in MODELS:
        model = apps.get_model(label)
        mapping = new_pk.setdefault(model._meta.label_lower, {})
        for row in rows.get(label, []):
            fields = dict(row["fields"])
            later = []
            for field in model._meta.concrete_fields:
                if not field.is_relation or fields.get(field.name) is None:
                    continue
                related = field.related_model._meta.label_lower
                old = fields[field.name]
                if old in new_pk.get(related, {}):
                    fields[field.name] = new_pk[related][old]
                elif field.null:
                    later.append((field.attname, old, related))
                    fields[field.name] = None
                else:
                    raise ServiceError(
                        gettext("The backup's {label} {value} names a missing {related}.").format(
                            label=label, value=row["pk"], related=related
                        )
                    )
            if label == "tournament.Tournament":
                fields["slug"] = slug
            if label == "tournament.Player":
                # A player is one person across tournaments: one with the same EMA number
                # on this server is the same person (the EMA number is unique).
                same = _same_player(model, fields)
                if same is not None:
                    mapping[row["pk"]] = same.pk
                    continue
            if label == "tournament.SeatingJob":
                players = new_pk["tournament.player"]
                fields["players"] = [players.get(pk, pk) for pk in fields.get("players", [])]
            (obj,) = serializers.deserialize("python", [{"model": label, "fields": fields}])
            obj.object.pk = None
            obj.save()  # raw: stored values as they are, auto_now fields included
            mapping[row["pk"]] = obj.object.pk
            deferred += [(obj.object, *entry) for entry in later]
    for obj, attname, old, related in deferred:
        # A row naming one made after it in the list: set once both exist.
        if old not in new_pk.get(related, {}):
            raise ServiceError(
                gettext("The backup names a missing {related} ({old}).").format(
                    related=related, old=old
                )
            )
        setattr(obj, attname, new_pk[related][old])
        obj.save_base(raw=True, update_fields=[attname.removesuffix("_id")])
    tournament = Tournament.objects.get(
        pk=new_pk["tournament.tournament"][rows["tournament.Tournament"][0]["pk"]]
    )
    public_pages_changed(tournament.pk)
    return tournament
