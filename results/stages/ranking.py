"""The final ranking over the stages: a layer on the one standings computation.

``results.standings.selectors.standings`` calls :func:`apply_stages` once, after it has
placed every row by its total; this reorders the rows and gives the stage players their
places, so that every page, export, the API and the EMA file read the same order.

- A qualifier's *stage total* is what he carries (``Stage.fraction`` of his total before the
  stage: the preliminary total for the first stage, the previous stage's total after) plus
  his scores in the stage's sessions (referee desk's points included).
- The last stage's players come first in its order, then each earlier stage's players not in
  a later one, then everyone else as the standings placed them (the preliminary totals: they
  played no stage session); equal totals in a stage are parted by the seed (the place at the
  cut), so stage places are never shared.
"""

from __future__ import annotations

from decimal import Decimal

from results.models import Stage, StageEntry
from scoring.rules.ranking import DISQUALIFIED, shared_places

from .core import carried, final_order, stage_order
from .layout import layout

ZERO = Decimal(0)


def stages_in_order(tournament) -> list[Stage]:
    return list(Stage.objects.filter(tournament=tournament).order_by("order"))


def staged_session_numbers(tournament, stages: list[Stage] | None = None) -> set[int]:
    """The numbers of the sessions the stages play (none without stages).  One query, none
    when the caller has read the ``stages`` already."""
    if stages is None:
        stages = stages_in_order(tournament)
    by_stage = layout(tournament.session_count, stages).by_stage
    return {number for numbers in by_stage.values() for number in numbers}


def apply_stages(tournament, data, session_scores, stages: list[Stage] | None = None) -> None:
    """Reorder ``data.rows`` (``Standings``) for the stages cut so far; nothing to do before
    the first cut or for standings after a preliminary session.  Two queries, three with a
    cut stage.  ``session_scores`` is the standings' own per-session computation, passed in
    so that the standings and this layer on them do not import each other."""
    if stages is None:
        stages = stages_in_order(tournament)
    if not stages:
        return
    entries = list(
        StageEntry.objects.filter(stage__tournament=tournament, replaced_at__isnull=True)
        .order_by("seed")
        .values_list("stage_id", "player_id", "seed")
    )
    if not entries:
        return
    plan = layout(tournament.session_count, stages)
    cut = [s for s in stages if any(stage_id == s.pk for stage_id, _, _ in entries)]
    first = plan.by_stage[cut[0].pk]
    if data.after_session is not None and (not first or data.after_session < first[0]):
        return
    rows = {row.player.pk: row for row in data.rows}
    # A player disqualified during a stage leaves it: the standings placed him as the ruleset
    # says (last under EMA, not ranked under WRC), and there he stays.
    players = {
        player_id
        for _, player_id, _ in entries
        if player_id in rows and rows[player_id].note != DISQUALIFIED
    }
    scores = session_scores(
        tournament,
        after_session=data.after_session,
        player_ids=players,
        desk_by_session=data.desk_by_session,
    )
    staged_numbers = {n for numbers in plan.by_stage.values() for n in numbers}
    before = {
        key: rows[key].total
        - sum((v for n, v in scores.get(key, {}).items() if n in staged_numbers), ZERO)
        for key in players
    }
    orders = []
    for stage in cut:
        seeds = {
            key: seed for stage_id, key, seed in entries if stage_id == stage.pk and key in players
        }
        numbers = set(plan.by_stage[stage.pk])
        totals = {
            key: carried(before[key], stage.fraction)
            + sum((v for n, v in scores.get(key, {}).items() if n in numbers), ZERO)
            for key in seeds
        }
        for key, total in totals.items():
            rows[key].stage, rows[key].stage_total = stage.name, total
        before.update(totals)
        orders.append(stage_order(totals, seeds))
    order = final_order(orders, [row.player.pk for row in data.rows])
    staged = len({key for stage_order_ in orders for key in stage_order_})
    for position, key in enumerate(order[:staged], start=1):
        rows[key].rank = position
    # Everyone else keeps his place among them (equal totals still share it), after the
    # stage players.
    rest = [rows[key] for key in order[staged:] if rows[key].rank is not None]
    for row, rank in zip(
        rest, shared_places([row.rank for row in rest], start=staged + 1), strict=True
    ):
        row.rank = rank
    data.rows = [rows[key] for key in order]
