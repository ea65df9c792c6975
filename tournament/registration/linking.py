"""Linking an account to a tournament's entry.

Sign-up always makes a new person (the account's profile): a name, a country and an EMA
number are public (standings, the API), so matching them hands nobody an entry. An account
is linked to one tournament's entry only by that tournament's secret:

- ``code``: the personal code printed on his seating slip in that tournament
  (scoring.models.PersonalCode); wrong codes get one answer and the few guesses a minute of
  ``tournament.slip_codes``, per account and per address, shared with the page where a
  table-mate answers a sheet with his code (``web.throttle``, counted in the database when
  the cache is down);
- ``mail``: a link mailed to the address that tournament recorded for its entry, opened by
  the same account, once (``LinkMail``), within ``LINK_MAX_AGE``;
- ``organiser``: a request (LinkRequest) that an organiser of that tournament approves.

A code, mail or approval of tournament B only ever links B's entry. Only the person (from
his profile) or that tournament's organiser (for its own entry) undoes a link. Every link
and undo is a line in the entry's history.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournament import slip_codes
from tournament.errors import ServiceError
from tournament.models import LinkMail, LinkMethod, LinkRequest, Player, Tournament
from tournament.registration.ownership import history_note
from web import throttle

# Mailed links: a few a minute per account (OWASP Authentication Cheat Sheet: throttle
# what probes for a secret; each mail also probes for an address on record).  Slip codes
# have their own allowance (tournament.slip_codes).
TRIES = 5
# Per address: a club's players behind one router link their accounts the same evening;
# fresh accounts from one address share these (they are no way around the account's 5).
ADDRESS_TRIES = 20
WINDOW = 60  # seconds
LINK_MAX_AGE = 2 * 24 * 3600  # seconds: a mailed link works for two days
LINK_SALT = "tournament.registration.linking"


class Throttled(ServiceError):
    """Too many tries: ``wait`` seconds until the next (a page answers 429 with it)."""

    def __init__(self, message: str, *, wait: int):
        super().__init__(message)
        self.wait = wait


def _limit(kind: str, client: str = "") -> throttle.Limit:
    if client.startswith("addr-"):
        return throttle.Limit(f"link-{kind}-address", count=ADDRESS_TRIES, seconds=WINDOW)
    return throttle.Limit(f"link-{kind}", count=TRIES, seconds=WINDOW)


def _clients(user, address: str) -> list[str]:
    """The account, and the address it came from: fresh accounts from one address share it."""
    clients = [f"user-{user.pk}"]
    if address:
        clients.append(f"addr-{address}")
    return clients


def _check_throttle(kind: str, user, address: str = "") -> None:
    """Raise Throttled, stating the wait, when the account or its address used up its
    tries (``web.throttle``: atomic in the cache, in the database when the cache is down)."""
    waits = [throttle.wait(_limit(kind, c), c) for c in _clients(user, address)]
    waits = [w for w in waits if w is not None]
    if waits:
        raise _throttled(max(waits))


def _throttled(wait: int) -> Throttled:
    return Throttled(
        gettext("Too many tries. Try again in {seconds} seconds.").format(seconds=wait), wait=wait
    )


def _count_try(kind: str, user, address: str = "") -> None:
    for client in _clients(user, address):
        throttle.hit(_limit(kind, client), client)


def _not_accepted() -> ServiceError:
    return ServiceError(gettext("This code is not accepted."), field="code")


# --- the link itself ----------------------------------------------------------------


@transaction.atomic
def _link(*, user, player: Player, method: str, by=None) -> Player:
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.tournament_id is None:
        raise ServiceError(gettext("This link is not valid."))
    if player.user_id == user.pk:
        raise ServiceError(
            gettext("Your account is already linked to {player}.").format(player=player)
        )
    if player.user_id is not None:
        raise ServiceError(
            gettext("{player} already has an account.").format(player=player), field="code"
        )
    current = Player.objects.filter(user=user, tournament_id=player.tournament_id).first()
    if current is not None:
        raise ServiceError(
            gettext(
                "Your account is linked to {player} in this tournament already: ask its "
                "organiser to put your results together."
            ).format(player=current)
        )
    player.user = user
    player.link_method = method
    player.save(update_fields=["user", "link_method"])
    history_note(
        player,
        {
            "kind": "account",
            "tournament": player.tournament.name,
            "before": gettext("no account"),
            "after": gettext("account {user} ({how})").format(
                user=user.get_username(), how=LinkMethod(method).label
            ),
        },
        by or user,
    )
    return player


# --- the slip code ------------------------------------------------------------------


def link_by_code(*, user, tournament_slug: str, code: str, address: str = "") -> Player:
    """Link ``user`` to the entry whose slip in that tournament carries ``code``."""

    wait = slip_codes.guess_wait(user, address)
    if wait is not None:
        raise _throttled(wait)
    cleaned = slip_codes.normalise(code)
    # The slip's code is scoring's row, read through the entry's reverse relation
    # (``PersonalCode.player``): the ground imports no model of the sheets.
    found = (
        Player.objects.filter(
            tournament__slug=tournament_slug,
            personal_codes__code=cleaned,
            personal_codes__tournament__slug=tournament_slug,
        ).first()
        if cleaned and tournament_slug
        else None
    )
    if found is None:
        slip_codes.count_wrong_guess(user, address)
        raise _not_accepted()
    return _link(user=user, player=found, method=LinkMethod.CODE)


# --- the mailed link ----------------------------------------------------------------


def mail_link_send(
    *, user, tournament: Tournament, ema_number: str, link_url, address: str = ""
) -> None:
    """Mail a link to the address ``tournament`` recorded for its entry with ``ema_number``.

    The answer is the same whether or not there is such an entry with an address (no
    oracle for addresses); tries count against the account and the address like wrong
    codes. ``link_url(token)`` makes the absolute address of the page that takes the token.
    """
    _check_throttle("mail", user, address)
    _count_try("mail", user, address)
    number = "".join(ema_number.split())
    player = Player.objects.filter(
        tournament=tournament, ema_number=number, user__isnull=True
    ).first()
    if not number or player is None or not player.email:
        return
    mail = LinkMail.objects.create(nonce=secrets.token_hex(16), user=user, player=player)
    token = signing.dumps({"n": mail.nonce}, salt=LINK_SALT)
    send_mail(
        gettext("Link your account to your player record"),
        gettext(
            "Someone with the account {user} asked to be linked to your player record "
            "({player}). If that was you, open this link within two days while logged in:\n\n"
            "{url}\n\nIf it was not you, ignore this message: nothing changes."
        ).format(user=user.get_username(), player=player, url=link_url(token)),
        None,
        [player.email],
    )


@transaction.atomic
def mail_link_open(*, user, token: str) -> Player:
    """Link ``user`` to the entry a mailed link names: once, within two days."""
    try:
        data = signing.loads(token, salt=LINK_SALT, max_age=LINK_MAX_AGE)
    except signing.SignatureExpired as error:
        raise ServiceError(
            gettext("This link has expired. Ask for a new one on your profile.")
        ) from error
    except signing.BadSignature as error:
        raise ServiceError(gettext("This link is not valid.")) from error
    nonce = data.get("n") if isinstance(data, dict) else None
    mail = (
        LinkMail.objects.select_for_update().filter(nonce=nonce).first()
        if isinstance(nonce, str)
        else None
    )
    if mail is None:
        raise ServiceError(gettext("This link is not valid."))
    if mail.user_id != user.pk:
        raise ServiceError(gettext("This link was sent for another account: log in with that one."))
    if mail.used_at is not None:
        raise ServiceError(gettext("This link has been used already. Ask for a new one."))
    if mail.created_at < timezone.now() - timedelta(seconds=LINK_MAX_AGE):
        raise ServiceError(gettext("This link has expired. Ask for a new one on your profile."))
    mail.used_at = timezone.now()
    mail.save(update_fields=["used_at"])
    return _link(user=user, player=mail.player, method=LinkMethod.MAIL)


# --- the organiser's approval -------------------------------------------------------


def link_request(
    *, user, registration_id: int, tournament: Tournament, message: str
) -> LinkRequest:
    """Ask the organisers to link ``user`` to a player registered in ``tournament``."""
    registration = (
        tournament.registrations.select_related("player").filter(pk=registration_id).first()
    )
    if registration is None:
        raise ServiceError(gettext("Choose a player of this tournament."), field="registration")
    player = registration.player
    if player.user_id is not None:
        raise ServiceError(
            gettext("{player} already has an account.").format(player=player),
            field="registration",
        )
    request, _created = LinkRequest.objects.get_or_create(
        user=user, player=player, state=LinkRequest.State.PENDING, defaults={"message": message}
    )
    return request


def link_requests_for(tournament: Tournament):
    """The pending requests for ``tournament``'s own entries."""
    return (
        LinkRequest.objects.filter(state=LinkRequest.State.PENDING, player__tournament=tournament)
        .select_related("user", "player")
        .order_by("created_at")
    )


@transaction.atomic
def link_request_decide(
    *, tournament: Tournament, request_id: int, approve: bool, by
) -> LinkRequest:
    request = (
        link_requests_for(tournament).select_for_update(of=("self",)).filter(pk=request_id).first()
    )
    if request is None:
        raise ServiceError(gettext("This request has been decided already, or is not yours."))
    if approve:
        _link(user=request.user, player=request.player, method=LinkMethod.ORGANISER, by=by)
    request.state = LinkRequest.State.APPROVED if approve else LinkRequest.State.DECLINED
    request.decided_at = timezone.now()
    request.decided_by = by
    request.save(update_fields=["state", "decided_at", "decided_by"])
    return request


# --- undo ---------------------------------------------------------------------------


def _unlink(player: Player, *, by, tournament_name: str) -> Player:
    account = player.user
    how = LinkMethod(player.link_method).label if player.link_method else "—"
    player.user = None
    player.link_method = ""
    player.save(update_fields=["user", "link_method"])
    history_note(
        player,
        {
            "kind": "account",
            "tournament": tournament_name,
            "before": gettext("account {user} ({how})").format(
                user=account.get_username(), how=how
            ),
            "after": gettext("no account (link undone)"),
        },
        by,
    )
    return player


@transaction.atomic
def link_undo(*, tournament: Tournament, registration_id: int, by) -> Player:
    """An organiser of ``tournament`` takes the account off its own entry."""
    registration = tournament.registrations.filter(pk=registration_id).first()
    if registration is None:
        raise ServiceError(gettext("Choose a player of this tournament."))
    player = (
        Player.objects.select_for_update()
        .filter(pk=registration.player_id, tournament=tournament)
        .first()
    )
    if player is None:
        raise ServiceError(gettext("Choose a player of this tournament."))
    if player.user_id is None:
        raise ServiceError(gettext("{player} has no account.").format(player=player))
    return _unlink(player, by=by, tournament_name=tournament.name)


@transaction.atomic
def link_undo_mine(*, user, player_id: int) -> Player:
    """The person takes his account off one of his entries (from his profile)."""
    player = (
        Player.objects.select_for_update()
        .filter(pk=player_id, user=user, tournament__isnull=False)
        .select_related("tournament")
        .first()
    )
    if player is None:
        raise ServiceError(gettext("Your account is not linked to this player record."))
    return _unlink(player, by=user, tournament_name=player.tournament.name)
