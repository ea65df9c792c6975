"""Which sessions belong to which stage: the stages play the tournament's last sessions, in
their order (6 preliminaries, then 2 semi-final sessions, then the final: 9 sessions).
Computed from the stages and ``Tournament.session_count`` each time, never stored, so that
it cannot disagree with either."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Layout:
    preliminaries: list[int]  # session numbers
    by_stage: dict[int, list[int]]  # stage pk -> its session numbers

    def stage_of(self, number: int) -> int | None:
        for stage_id, numbers in self.by_stage.items():
            if number in numbers:
                return stage_id
        return None


def layout(session_count: int, stages) -> Layout:
    """``stages`` in their order, each with ``pk`` and ``sessions``."""
    staged = sum(stage.sessions for stage in stages)
    first = max(session_count - staged, 0) + 1
    by_stage: dict[int, list[int]] = {}
    for stage in stages:
        by_stage[stage.pk] = list(range(first, first + stage.sessions))
        first += stage.sessions
    return Layout(
        preliminaries=list(range(1, max(session_count - staged, 0) + 1)), by_stage=by_stage
    )
