"""The companion listens to tournament/happenings.py and turns each happening into
messages in the outbox (services.enqueue), one per recipient and channel."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from django.dispatch import receiver
from django.urls import reverse
from django.utils import translation

from results.standings.selectors import standings
from scoring.models import SheetResponse
from tournament import happenings
from tournament.models import Player, Seat, Session

from . import push, selectors, services, wording
from .kinds import Kind


def _for_recipients(
    recipients: list[selectors.Recipient],
    kind: str,
    key: str,
    topic: str,
    url: str,
    build: Callable[[], tuple[str, str]],
) -> list[services.Message]:
    messages = []
    for r in recipients:
        with translation.override(r.language):
            title, body = build()
        messages.append(
            services.Message(
                key=f"{key}:{r.key}",
                kind=kind,
                channel=r.channel,
                title=title,
                body=body,
                url=url,
                topic=push.topic_for(f"{topic}:{r.key}"),
                subscription_id=r.subscription_id,
                email=r.email,
            )
        )
    return messages


def _seats(session: Session) -> list[Seat]:
    return list(
        Seat.objects.filter(session=session)
        .select_related("player", "table")
        .order_by("table__number", "wind")
    )


def _player_url(player: Player, slug: str) -> str:
    return reverse("tournament:player", kwargs={"slug": slug, "player_id": player.pk})


def _tables(session: Session) -> list[tuple[Seat, list[str]]]:
    """Each seat of the session with the names of the three others at its table."""
    seats = _seats(session)
    by_table = defaultdict(list)
    for seat in seats:
        by_table[seat.table_id].append(seat)
    return [
        (seat, [str(s.player) for s in by_table[seat.table_id] if s.pk != seat.pk])
        for seat in seats
    ]


@receiver(happenings.seating_published, dispatch_uid="companion-seating")
def on_seating_published(sender, session: Session, **kwargs) -> None:
    slug = session.tournament.slug
    tables = _tables(session)
    audience = selectors.Audience(seat.player for seat, _ in tables)
    messages = []
    for seat, others in tables:
        player = seat.player
        # The seat is in the key: a seat changed and published again is told again, and its
        # topic (without the seat) replaces the old message still waiting at the push service.
        messages += _for_recipients(
            audience.player(player, Kind.SEATING),
            Kind.SEATING,
            key=f"seat:{session.pk}:{player.pk}:{seat.table_id}:{seat.wind}",
            topic=f"seat:{session.pk}:{player.pk}",
            url=_player_url(player, slug),
            build=lambda seat=seat, others=others: wording.seating(session, seat, others),
        )
    services.enqueue(messages)


@receiver(happenings.session_clock, dispatch_uid="companion-clock")
def on_session_clock(sender, session: Session, phase: str, **kwargs) -> None:
    url = reverse(
        "tournament:session_clock",
        kwargs={"slug": session.tournament.slug, "number": session.number},
    )
    seats = _seats(session)
    audience = selectors.Audience(seat.player for seat in seats)
    messages = []
    for seat in seats:
        messages += _for_recipients(
            audience.player(seat.player, Kind.CLOCK),
            Kind.CLOCK,
            key=f"clock:{session.pk}:{phase}:{session.clock_version}:{seat.player_id}",
            topic=f"clock:{session.pk}:{seat.player_id}",
            url=url,
            build=lambda seat=seat: wording.clock(session, seat, phase),
        )
    services.enqueue(messages)


@receiver(happenings.sheet_changed, dispatch_uid="companion-sheet")
def on_sheet_changed(sender, sheet, state: str, **kwargs) -> None:
    # A TableResult carries its sheet; the sheet row is its own.
    sheet = getattr(sheet, "sheet", sheet)
    session = sheet.session
    table_number = sheet.table.number
    url = reverse("reporting:my_table", kwargs={"slug": session.tournament.slug})
    messages = []
    seats = Seat.objects.filter(session=session, table=sheet.table).select_related("player")
    if state == "awaiting":
        # Only those who have not answered this version yet (the one who entered it has).
        seats = seats.exclude(
            player__in=SheetResponse.objects.filter(sheet=sheet, version=sheet.version).values(
                "player"
            )
        )
    seats = list(seats)
    audience = selectors.Audience(seat.player for seat in seats)
    for seat in seats:
        messages += _for_recipients(
            audience.player(seat.player, Kind.SHEET),
            Kind.SHEET,
            key=f"sheet:{sheet.pk}:{sheet.version}:{state}:{seat.player_id}",
            topic=f"sheet:{sheet.pk}:{seat.player_id}",
            url=url,
            build=lambda: wording.sheet(session, table_number, state),
        )
    services.enqueue(messages)


def _what(decision) -> str:
    """A penalty's kind ("Chombo"), else the decision's name ("Disqualification")."""
    if hasattr(decision, "get_kind_display"):
        return str(decision.get_kind_display())
    return str(decision._meta.verbose_name).capitalize()


@receiver(happenings.desk_decision, dispatch_uid="companion-desk")
def on_desk_decision(sender, decision, **kwargs) -> None:
    player = decision.player
    tournament = decision.tournament
    label = f"{decision._meta.model_name}:{decision.pk}"
    points = getattr(decision, "points", None)
    services.enqueue(
        _for_recipients(
            selectors.Audience([player]).player(player, Kind.DESK),
            Kind.DESK,
            key=f"desk:{label}:{player.pk}",
            topic=f"desk:{label}:{player.pk}",
            url=_player_url(player, tournament.slug),
            build=lambda: wording.desk(tournament.name, _what(decision), points),
        )
    )


@receiver(happenings.session_results_published, dispatch_uid="companion-results")
def on_session_results_published(sender, session: Session, **kwargs) -> None:
    tournament = session.tournament
    # The one computation of every total and place (results/standings/selectors.py).
    data = standings(tournament, after_session=session.number)
    ranked = sum(1 for row in data.rows if row.rank is not None)
    seated = set(Seat.objects.filter(session=session).values_list("player_id", flat=True))
    rows = [row for row in data.rows if row.player.pk in seated]
    players = Player.objects.in_bulk([r.player.pk for r in rows])
    audience = selectors.Audience(players.values())
    messages = []
    for row in rows:
        player = players[row.player.pk]
        score = row.by_session.get(session.number)
        messages += _for_recipients(
            audience.player(player, Kind.RESULTS),
            Kind.RESULTS,
            key=f"results:{session.pk}:{player.pk}",
            topic=f"results:{session.pk}:{player.pk}",
            url=_player_url(player, tournament.slug),
            build=lambda row=row, score=score: wording.results(
                session, score, row.total, row.rank, ranked
            ),
        )
    services.enqueue(messages)


@receiver(happenings.stage_decided, dispatch_uid="companion-stage")
def on_stage_decided(sender, stage, entries, phase: str = "cut", **kwargs) -> None:
    slug = stage.tournament.slug
    messages = []
    if phase == "seated":
        # A semi-final's (or final's) tables: each player his own, like a seating.
        session = kwargs["session"]
        tables = _tables(session)
        audience = selectors.Audience(seat.player for seat, _ in tables)
        for seat, others in tables:
            messages += _for_recipients(
                audience.player(seat.player, Kind.STAGE),
                Kind.STAGE,
                key=f"stage:{stage.pk}:seat:{session.pk}:{seat.player_id}:{seat.table_id}",
                topic=f"stage:{stage.pk}:seat:{session.pk}:{seat.player_id}",
                url=_player_url(seat.player, slug),
                build=lambda seat=seat, others=others: wording.stage_seated(
                    stage.name, session, seat, others
                ),
            )
    else:
        # A stage's entries or the players themselves.
        players = [getattr(entry, "player", entry) for entry in entries]
        audience = selectors.Audience(players)
        for player in players:
            messages += _for_recipients(
                audience.player(player, Kind.STAGE),
                Kind.STAGE,
                key=f"stage:{stage.pk}:cut:{player.pk}",
                topic=f"stage:{stage.pk}:cut:{player.pk}",
                url=_player_url(player, slug),
                build=lambda: wording.stage_cut(stage.name),
            )
    services.enqueue(messages)


@receiver(happenings.referee_call, dispatch_uid="companion-referee-call")
def on_referee_call(sender, call, state: str, **kwargs) -> None:
    if state != "open":
        return
    table = call.table
    url = reverse("referee:desk", kwargs={"slug": table.tournament.slug})
    referees = selectors.referees_for_table(table)
    audience = selectors.Audience(users=referees)
    messages = []
    for user in referees:
        messages += _for_recipients(
            audience.account(user.pk, Kind.REFEREE_CALL),
            Kind.REFEREE_CALL,
            key=f"call:{call.pk}:{user.pk}",
            topic=f"call:{call.pk}:{user.pk}",
            url=url,
            build=lambda: wording.referee_call(table.number),
        )
    services.enqueue(messages)
