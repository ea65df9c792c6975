"""Swiss seating from the real standings: session 1 planned and scored, session 2 by rank."""

from __future__ import annotations

from results.standings.selectors import standings
from scoring.services import sheet_confirm, sheet_save
from tournament.models import SeatingJob, Table

from .conftest import generate, pairs_of

POINTS = [[45000, 32000, 25000, 18000], [38000, 31000, 27000, 24000]]


def test_swiss_takes_the_order_of_the_standings_and_avoids_repeats(tournament, seated16, referee):
    first = tournament.sessions.get(number=1)
    for table in Table.objects.filter(tournament=tournament).order_by("number"):
        sheet = sheet_save(
            session=first,
            table=table,
            mode="final",
            entry={"points": POINTS[table.number % 2], "riichi_left": 0},
            expected_version=0,
            user=referee,
        )
        sheet_confirm(sheet=sheet, expected_version=sheet.version, user=referee)

    job = generate(tournament, method=SeatingJob.Method.SWISS, seed=4)

    assert job.state == SeatingJob.State.DONE and job.sessions == [2]
    index = {pk: i for i, pk in enumerate(job.players)}
    ranked = [index[row.player.pk] for row in standings(tournament).rows]
    assert job.options["standings"] == ranked
    assert len(job.options["history"]) == 1  # session 1 has sheets: kept as history
    assert not (pairs_of(tournament.sessions.get(number=2)) & pairs_of(first))
