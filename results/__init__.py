"""The results: the standings and the championship stages, read from everything below.

The top of the house: it reads the tournament's ground (people, events, sessions, seating),
the score sheets (``scoring``) and the referee desk's decisions (``referee``); nothing below
imports it.

- ``standings``: the ranking after any session, a player's results, the exports.
- ``stages``: the cut after the preliminaries, the stages that follow, the stream page.
- ``models``: the stages' rows (``Stage``, ``StageEntry``) and the stream's live hands.
"""
