"""The team standings: each team's total is the sum of its members' totals in the standings
(``selectors.standings``); equal totals share a place (``scoring.rules.ranking.shared_places``).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext

from results.standings.selectors import ZERO, Standings, standings
from scoring.rules.ranking import shared_places
from tournament.models import Player, Registration, Team, Tournament

# --- team standings --------------------------------------------------------------------------


@dataclass
class TeamMember:
    player: Player
    total: Decimal  # the player's total in the standings (penalties included); 0 if none
    counted: bool = True  # with "best N": among the team's N best totals
    note: str = ""  # "withdrawn", "disqualified", …: the individual standings' note


@dataclass(eq=False)
class TeamRow:
    team: object  # tournament.models.Team
    members: list[TeamMember]
    score: Decimal = ZERO
    rank: int = 0


@dataclass
class TeamStandings:
    rows: list[TeamRow]
    after_session: int | None
    best: int | None  # N of "best N", or None for the sum of all members


def team_standings(
    tournament: Tournament, *, after_session: int | None = None, data: Standings | None = None
) -> TeamStandings:
    """The teams, best first; ``data`` is the individual standings when already computed.

    A team's score is the sum of its members' totals, or of the ``team_best`` best of them
    (``Tournament.team_score``).  A member's total is the one the individual standings show
    for him, penalties included, whether he is ranked there or not:

    - a member who **withdrew** keeps his team and the total he reached (the sessions he
      played, plus the referee desk's penalties, e.g. for missed sessions);
    - a **substitute** who took a member's seat plays for himself: his results go to his own
      team only if the organiser put him in one, never to the team of the player he
      replaced; a member who has not played (yet) counts 0;
    - a **disqualified** member's total counts as the standings compute it.

    Equal team scores share the place (no tie-break), listed by team name; the place after
    them skips as many (1, 2, 2, 4).  Two queries beyond the individual standings'."""

    if data is None:
        data = standings(tournament, after_session=after_session)
    by_player = {row.player.pk: row for row in data.rows}
    best = tournament.team_best if tournament.team_score == "best" else None
    teams = list(Team.objects.filter(tournament=tournament).order_by("name", "pk"))
    members: dict[int, list[TeamMember]] = {t.pk: [] for t in teams}
    for registration in (
        Registration.objects.filter(tournament=tournament, team__isnull=False)
        .select_related("player")
        .order_by("player__sort_name")
    ):
        row = by_player.get(registration.player_id)
        note = row.note if row is not None else ""
        if registration.status == Registration.Status.WITHDRAWN and not note:
            note = gettext("withdrawn")
        members[registration.team_id].append(
            TeamMember(
                player=registration.player, total=row.total if row is not None else ZERO, note=note
            )
        )
    rows = []
    for team in teams:
        group = sorted(members[team.pk], key=lambda m: (-m.total, m.player.sort_name))
        counting = group if best is None else group[:best]
        for member in group[len(counting) :]:
            member.counted = False
        rows.append(TeamRow(team=team, members=group, score=sum((m.total for m in counting), ZERO)))
    rows.sort(key=lambda r: (-r.score, r.team.name.casefold(), r.team.pk))
    for row, rank in zip(rows, shared_places([r.score for r in rows]), strict=True):
        row.rank = rank
    return TeamStandings(rows=rows, after_session=data.after_session, best=best)
