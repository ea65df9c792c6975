"""Deleting an account (GDPR Art. 17, the right to erasure) and what stays: the results a
tournament published keep the name, country and EMA number of its entry, the EMA
ranking's legitimate interest (Art. 6(1)(f)), unlinked from the deleted account."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext

from results.privacy.selectors import removal_date
from tournament.errors import ServiceError
from tournament.models import LinkMail, LinkRequest, Player, Staff, Tournament
from web.cache import public_pages_changed


def sole_organiser_of(user) -> list[str]:
    """The tournaments that would be left without an organiser: the account must hand
    them over first, or nobody could run them."""
    mine = Staff.objects.filter(user=user, role=Staff.Role.ORGANISER).values("tournament")
    alone = (
        Staff.objects.filter(tournament__in=mine, role=Staff.Role.ORGANISER)
        .values("tournament__name")
        .annotate(n=Count("pk"))
        .filter(n=1)
    )
    return sorted(row["tournament__name"] for row in alone)


def _sessions_of(user_pk: int) -> list[str]:
    keys = []
    for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator():
        if session.get_decoded().get("_auth_user_id") == str(user_pk):
            keys.append(session.session_key)
    return keys


@transaction.atomic
def account_delete(*, user) -> int:
    """Delete the account, its profile, link requests, mailed links and sessions; blank
    the e-mail of every entry linked to it (and in the entries' history) and unlink them.
    Returns the number of tournament entries kept for the published results."""
    tournaments = sole_organiser_of(user)
    if tournaments:
        raise ServiceError(
            gettext(
                "You are the only organiser of {tournaments}: add another organiser first."
            ).format(tournaments=", ".join(tournaments))
        )
    entries = Player.objects.filter(user=user, tournament__isnull=False)
    entry_ids = list(entries.values_list("pk", flat=True))
    tournament_ids = set(entries.values_list("tournament_id", flat=True))
    # The entries stay the tournaments' records of who played; what only the person gave
    # (his e-mail, in every recorded version) goes with his account.
    Player.objects.filter(pk__in=entry_ids).update(email="", user=None, link_method="")
    Player.history.model.objects.filter(id__in=entry_ids).update(email="")
    profiles = list(Player.objects.filter(user=user, tournament__isnull=True))
    for profile in profiles:
        pk = profile.pk
        profile.delete()
        # After the deletion, which itself writes a last version into the history.
        Player.history.model.objects.filter(id=pk).delete()
    LinkRequest.objects.filter(user=user).delete()
    LinkMail.objects.filter(user=user).delete()
    Session.objects.filter(session_key__in=_sessions_of(user.pk)).delete()
    get_user_model().objects.filter(pk=user.pk).delete()
    for tournament_id in tournament_ids:
        public_pages_changed(tournament_id)
    return len(entry_ids)


# --- retention of a tournament's private details ----------------------------------------


@transaction.atomic
def private_details_remove(*, tournament: Tournament, now) -> int:
    """Remove the e-mails of the tournament's entries (also in their history) and its
    unused mailed links, which would reach those addresses. Name, country, EMA number and
    club stay: the published results and the EMA file. Returns the entries changed."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    entries = Player.objects.filter(tournament=tournament)
    changed = entries.exclude(email="").update(email="")
    Player.history.model.objects.filter(id__in=entries.values("pk")).exclude(email="").update(
        email=""
    )
    LinkMail.objects.filter(player__tournament=tournament, used_at__isnull=True).delete()
    tournament.private_details_removed_at = now
    tournament.save(update_fields=["private_details_removed_at"])
    public_pages_changed(tournament.pk)
    return changed


def private_details_purge(*, now) -> int:
    """Daily (CELERY_BEAT_SCHEDULE): every tournament past its retention, once. Returns
    the number of tournaments whose details were removed."""
    today = timezone.localdate(now)
    done = 0
    due = Tournament.objects.filter(
        retention_days__isnull=False, private_details_removed_at__isnull=True
    )
    for tournament in due.only("pk", "end_date", "retention_days"):
        if removal_date(tournament) <= today:
            private_details_remove(tournament=tournament, now=now)
            done += 1
    return done
