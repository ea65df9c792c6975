"""Reads of the companion: who is told what, by which channel, in which language."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Q

from tournament.models import Player, Staff, Table

from . import push
from .kinds import FOLLOWED_KINDS, Channel
from .models import Follow, Preference, PushSubscription


@dataclass(frozen=True)
class Recipient:
    channel: str
    # "push<subscription id>" or "mail<account id>": the recipient part of a message's key.
    key: str
    language: str
    subscription_id: int | None = None
    email: str = ""


def preference_of(user) -> Preference:
    """The account's switches (unsaved defaults if he never saved any)."""
    found = Preference.objects.filter(user=user).first()
    return found if found is not None else Preference(user=user)


def _language(*candidates: str) -> str:
    for language in candidates:
        if language:
            return language
    return settings.LANGUAGE_CODE


class Audience:
    """Who is told about a set of players (or accounts), read in four queries however many
    there are: a seating of 200 players is not 600 queries in the publishing request."""

    def __init__(self, players=(), users=()):
        players = list(players)
        user_ids = {p.user_id for p in players if p.user_id} | {u.pk for u in users}
        self.users = {u.pk: u for u in users}
        missing = user_ids - set(self.users)
        if missing:
            self.users.update(get_user_model().objects.in_bulk(missing))
        self.preferences = {p.user_id: p for p in Preference.objects.filter(user_id__in=user_ids)}
        self.subscriptions = defaultdict(list)
        for subscription in PushSubscription.objects.filter(user_id__in=user_ids).order_by("pk"):
            self.subscriptions[subscription.user_id].append(subscription)
        self.follows = defaultdict(list)
        if push.enabled():
            follows = Follow.objects.filter(player__in=[p.pk for p in players])
            for f in follows.select_related("subscription").order_by("pk"):
                self.follows[f.player_id].append(f.subscription)

    def account(self, user_id: int, kind: str) -> list[Recipient]:
        """The account's phones and e-mail address, as far as his switches allow ``kind``."""
        user = self.users[user_id]
        preference = self.preferences.get(user_id) or Preference(user=user)
        found = []
        # Without VAPID keys push is off: nothing is stored that could never be sent.
        if push.enabled() and preference.allows(kind, Channel.PUSH):
            for subscription in self.subscriptions[user_id]:
                found.append(
                    Recipient(
                        Channel.PUSH,
                        f"push{subscription.pk}",
                        _language(preference.language, subscription.language),
                        subscription_id=subscription.pk,
                    )
                )
        if user.email and preference.allows(kind, Channel.EMAIL):
            found.append(
                Recipient(
                    Channel.EMAIL,
                    f"mail{user.pk}",
                    _language(preference.language),
                    email=user.email,
                )
            )
        return found

    def player(self, player: Player, kind: str) -> list[Recipient]:
        """His own account, and for a followed kind the phones that follow him (a phone of
        his own account is told once)."""
        found = self.account(player.user_id, kind) if player.user_id else []
        if kind in FOLLOWED_KINDS:
            own = {r.subscription_id for r in found}
            for subscription in self.follows[player.pk]:
                if subscription.pk in own or (
                    player.user_id is not None and subscription.user_id == player.user_id
                ):
                    continue
                found.append(
                    Recipient(
                        Channel.PUSH,
                        f"push{subscription.pk}",
                        _language(subscription.language),
                        subscription_id=subscription.pk,
                    )
                )
        return found


def referees_for_table(table: Table) -> list:
    """The referees on duty for ``table``: those whose range holds its number; when no
    range holds it, every referee of the tournament (a call must reach somebody)."""
    referees = Staff.objects.filter(
        tournament_id=table.tournament_id, role=Staff.Role.REFEREE
    ).select_related("user")
    in_range = referees.filter(
        Q(first_table__lte=table.number) | Q(first_table__isnull=True),
        Q(last_table__gte=table.number) | Q(last_table__isnull=True),
    ).exclude(first_table__isnull=True, last_table__isnull=True)
    chosen = list(in_range) or list(referees)
    return [staff.user for staff in chosen]


def follows_of(endpoint: str) -> list[int]:
    """The players a subscription follows."""
    return list(
        Follow.objects.filter(subscription__endpoint=endpoint).values_list("player_id", flat=True)
    )
