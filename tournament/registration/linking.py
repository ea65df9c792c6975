"""Linking an account to a player on record (issue 24, hole 1).

Sign-up always makes a new person: a name, a country and an EMA number are public
(standings, the API), so matching them hands nobody a player. An account becomes a player
on record only with something that player or his organiser has:

- ``code``: the personal code printed on his seating slip (scoring.models.PersonalCode);
  wrong codes get one answer, whatever made them wrong, and a few tries a minute;
- ``mail``: a signed link (django.core.signing, ``LINK_MAX_AGE``) mailed to the address on
  record, opened by the same account;
- ``organiser``: a request (LinkRequest) that an organiser of a tournament the player is
  registered in approves or declines.

Links made before (by matching public data) stay, marked ``match``; an organiser of a
tournament the player is in can undo any link. Every link and undo is a line in the
player's history.
"""

from __future__ import annotations

from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournament.errors import ServiceError
from tournament.models import LinkMethod, LinkRequest, Player, Tournament
from tournament.registration.ownership import history_note
from web import throttle

# A few wrong tries a minute per account (OWASP Authentication Cheat Sheet: throttle
# guesses of a short secret). A slip code has 6 characters of a 30-letter alphabet.
TRIES = 5
WINDOW = 60  # seconds
LINK_MAX_AGE = 2 * 24 * 3600  # seconds: a mailed link works for two days
LINK_SALT = "tournament.registration.linking"


class Throttled(ServiceError):
    pass


def _limit(kind: str) -> throttle.Limit:
    return throttle.Limit(f"link-{kind}", count=TRIES, seconds=WINDOW)


def _check_throttle(kind: str, user) -> None:
    """Raise Throttled, stating the wait, when the account used up its tries.  Counted
    atomically in the cache (``web.throttle``), so that tries sent at once all count; with
    the cache down nothing is limited, and linking still works."""
    wait = throttle.wait(_limit(kind), str(user.pk))
    if wait is not None:
        raise Throttled(
            gettext("Too many tries. Try again in {seconds} seconds.").format(seconds=wait)
        )


def _count_try(kind: str, user) -> None:
    throttle.hit(_limit(kind), str(user.pk))


def _not_accepted() -> ServiceError:
    return ServiceError(gettext("This code is not accepted."), field="code")


# --- the link itself ----------------------------------------------------------------


def _person(player: Player) -> Player:
    """The person a tournament's own copy stands for (ownership.py)."""
    return player.copy_of if player.copy_of_id else player


def _bare(player: Player) -> bool:
    """A record with nothing hanging on it: the new person a sign-up made, unused."""
    return not (
        player.registrations.exists()
        or player.seats.exists()
        or player.table_results.exists()
        or player.sheet_responses.exists()
    )


@transaction.atomic
def _link(*, user, player: Player, method: str, by=None) -> Player:
    player = Player.objects.select_for_update().get(pk=_person(player).pk)
    if player.user_id == user.pk:
        raise ServiceError(
            gettext("Your account is already linked to {player}.").format(player=player)
        )
    if player.user_id is not None:
        raise ServiceError(
            gettext("{player} already has an account.").format(player=player), field="code"
        )
    current = Player.objects.select_for_update().filter(user=user).first()
    if current is not None:
        if not _bare(current):
            raise ServiceError(
                gettext(
                    "Your account's player record {player} already plays in a tournament: "
                    "ask an organiser to link your account."
                ).format(player=current)
            )
        current.delete()
    player.user = user
    player.link_method = method
    player.save(update_fields=["user", "link_method"])
    history_note(
        player,
        {
            "kind": "account",
            "tournament": "",
            "before": gettext("no account"),
            "after": gettext("account {user} ({how})").format(
                user=user.get_username(), how=LinkMethod(method).label
            ),
        },
        by or user,
    )
    return player


# --- the slip code ------------------------------------------------------------------


def link_by_code(*, user, tournament_slug: str, code: str) -> Player:
    """Link ``user`` to the player whose slip in that tournament carries ``code``."""
    from scoring.models import PersonalCode

    _check_throttle("code", user)
    cleaned = "".join(code.split()).upper()
    found = (
        PersonalCode.objects.filter(tournament__slug=tournament_slug, code=cleaned)
        .select_related("player")
        .first()
        if cleaned and tournament_slug
        else None
    )
    if found is None:
        _count_try("code", user)
        raise _not_accepted()
    return _link(user=user, player=found.player, method=LinkMethod.CODE)


# --- the mailed link ----------------------------------------------------------------


def mail_link_send(*, user, ema_number: str, link_url) -> None:
    """Mail a signed link to the address on record of the player with ``ema_number``.

    The answer is the same whether or not there is such a player with an address (no
    oracle for addresses); tries count against the account like wrong codes.
    ``link_url(token)`` makes the absolute address of the page that takes the token.
    """
    _check_throttle("mail", user)
    _count_try("mail", user)
    number = "".join(ema_number.split())
    player = Player.objects.filter(
        ema_number=number, copy_of__isnull=True, user__isnull=True
    ).first()
    if player is None or not player.email:
        return
    token = signing.dumps({"u": user.pk, "p": player.pk}, salt=LINK_SALT)
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


def mail_link_open(*, user, token: str) -> Player:
    """Link ``user`` to the player a mailed link names (signed, not older than two days)."""
    try:
        data = signing.loads(token, salt=LINK_SALT, max_age=LINK_MAX_AGE)
    except signing.SignatureExpired as error:
        raise ServiceError(
            gettext("This link has expired. Ask for a new one on your profile.")
        ) from error
    except signing.BadSignature as error:
        raise ServiceError(gettext("This link is not valid.")) from error
    if data.get("u") != user.pk:
        raise ServiceError(gettext("This link was sent for another account: log in with that one."))
    player = Player.objects.filter(pk=data.get("p")).first()
    if player is None:
        raise ServiceError(gettext("This link is not valid."))
    return _link(user=user, player=player, method=LinkMethod.MAIL)


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
    player = _person(registration.player)
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
    """The pending requests for players registered in ``tournament`` (or its own copies)."""
    from django.db.models import Q

    players = tournament.registrations.values("player_id")
    originals = tournament.registrations.filter(player__copy_of__isnull=False).values(
        "player__copy_of_id"
    )
    return (
        LinkRequest.objects.filter(state=LinkRequest.State.PENDING)
        .filter(Q(player__in=players) | Q(player__in=originals))
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


@transaction.atomic
def link_undo(*, tournament: Tournament, registration_id: int, by) -> Player:
    """An organiser of ``tournament`` takes the account off a player registered in it."""
    registration = tournament.registrations.filter(pk=registration_id).first()
    if registration is None:
        raise ServiceError(gettext("Choose a player of this tournament."))
    player = Player.objects.select_for_update().get(pk=registration.player_id)
    if player.user_id is None:
        raise ServiceError(gettext("{player} has no account.").format(player=player))
    account = player.user
    how = LinkMethod(player.link_method).label if player.link_method else "—"
    player.user = None
    player.link_method = ""
    if player.owner_id is None:
        # Nobody owned the details while the account did: the tournament that undoes the
        # link is the one that vouches for the record from now on.
        player.owner = tournament
    player.save(update_fields=["user", "link_method", "owner"])
    history_note(
        player,
        {
            "kind": "account",
            "tournament": tournament.name,
            "before": gettext("account {user} ({how})").format(
                user=account.get_username(), how=how
            ),
            "after": gettext("no account (link undone)"),
        },
        by,
    )
    return player
