"""Championship stages: the cut after the preliminaries, the stages that follow
(semi-finals, a final table), their seating, the final ranking and the stream page.

Vocabulary: the *preliminaries* are the tournament's first sessions; a *stage* plays the
last ones (``Stage.sessions`` each, in ``Stage.order``), with the top ``advancing`` of the
ranking before it.  The *cut* picks them (``core.cut``), ties at the line broken by the
stage's rule and then by a lot drawn from its recorded seed.  A stage's *carried* points are
the whole, a fraction or none of a qualifier's total before it; its *stage total* adds the
stage's sessions.  Stage sessions are ordinary sessions (seating, clock, sheets, penalties
and players' entry work unchanged); which ones they are is computed, never stored
(``selectors.stage_sessions``).
"""
