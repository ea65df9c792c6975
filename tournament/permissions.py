"""Who may do what in a tournament (roles are per tournament, see architecture.md)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext

from .models import Staff, Tournament


def staff_role(user: User | AnonymousUser, tournament: Tournament) -> str | None:
    """'organiser', 'referee' or None. Superusers act as organisers everywhere."""
    if not user.is_authenticated:
        return None
    if user.is_superuser:
        return Staff.Role.ORGANISER
    cache = getattr(user, "_staff_roles", None)
    if cache is None:
        cache = dict(Staff.objects.filter(user=user).values_list("tournament_id", "role"))
        user._staff_roles = cache  # one query per request, however many checks
    return cache.get(tournament.pk)


def is_organiser(user, tournament: Tournament) -> bool:
    return staff_role(user, tournament) == Staff.Role.ORGANISER


def is_staff_of(user, tournament: Tournament) -> bool:
    return staff_role(user, tournament) is not None


def can_view(user, tournament: Tournament) -> bool:
    return tournament.is_published or is_staff_of(user, tournament)


def require_view(user, tournament: Tournament) -> None:
    # A draft is invisible, not forbidden: its existence is nobody else's business.
    if not can_view(user, tournament):
        raise Http404(gettext("No such tournament."))


def require_organiser(user, tournament: Tournament) -> None:
    require_view(user, tournament)
    if not is_organiser(user, tournament):
        raise PermissionDenied(gettext("Only the tournament's organisers may do this."))


def require_staff(user, tournament: Tournament) -> None:
    require_view(user, tournament)
    if not is_staff_of(user, tournament):
        raise PermissionDenied(
            gettext("Only the tournament's organisers and referees may do this.")
        )


def may_create_tournament(user) -> bool:
    """Who may create a tournament (architecture.md: the site administrator approves them).

    ``TOURNAMENT_CREATION=organisers`` (the default): superusers, and users an administrator
    gave the permission "Can add tournament" in the admin (directly or through a group).
    ``open``: every logged-in user, for a club's own server.
    """
    if not user.is_authenticated:
        return False
    if settings.TOURNAMENT_CREATION == "open":
        return True
    return user.is_superuser or user.has_perm("tournament.add_tournament")


def require_may_create_tournament(user) -> None:
    if not may_create_tournament(user):
        raise PermissionDenied(
            gettext(
                "Creating tournaments is for organisers approved by the site's administrator. "
                "Ask them to give your account the permission to add tournaments."
            )
        )
