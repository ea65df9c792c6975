from django.apps import AppConfig


class ResultsConfig(AppConfig):
    name = "results"
    verbose_name = "Results"

    def ready(self) -> None:
        # The stages listen to the sheets' checks (the stream page's live hands): scoring,
        # below, only announces them.
        from results.stages import receivers

        receivers.connect()
        # The seating (below) asks which sessions the stages play and the standings' order.
        from results.stages.ranking import staged_session_numbers
        from results.standings import selectors as standings_selectors
        from tournament.seating.asked_above import answer

        answer(
            staged_sessions=staged_session_numbers,
            standings_order=lambda tournament: [
                row.player.pk for row in standings_selectors.standings(tournament).rows
            ],
        )
