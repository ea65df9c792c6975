"""The referee desk's decisions about one player: penalties (new, withdrawn, corrected),
substitutions, disqualifications and removals from the results, each with its reason.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext

from referee.views import _error, _int, _player, _player_url, _session
from scoring.rules.penalties import late_needs_substitute
from tournament.models import Session, Tournament
from tournament.pages import staffed_tournament

from . import desk_log, selectors, services
from .forms import CorrectionForm, PenaltyForm, ReasonForm, SubstitutionForm
from .kinds import kind_rules, show
from .models import Disqualification, Penalty, ResultsRemoval, Substitution


@login_required
def penalty_new(request, slug: str, player_id: int, kind: str):
    tournament = staffed_tournament(request, slug)
    ruleset = tournament.rules()
    # The kind's rule, worked out once for the form, the service and the page, so that the
    # three never disagree.
    rule = kind_rules(ruleset).get(kind)
    if rule is None:
        raise Http404(gettext("No such penalty kind."))
    session = _session(request, tournament)
    if session is None:
        messages.error(request, gettext("This tournament has no sessions yet."))
        return redirect("referee:desk", slug)
    person = _player(tournament, player_id)
    form = PenaltyForm(request.POST or None, ruleset=ruleset, rule=rule)
    status = 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            penalty = services.penalty_create(
                tournament=tournament,
                player=person,
                session=session,
                kind=kind,
                user=request.user,
                minutes=data.get("minutes"),
                serious=data.get("serious", False),
                amount=data.get("amount"),
                hand=data.get("hand", ""),
                reason=data.get("reason", ""),
                rule=rule,
                repeat=bool(data.get("repeat")),
            )
        except services.RepeatedPenalty as error:
            # 409: the form again, with the question and the box that answers it.
            form = PenaltyForm(request.POST, ruleset=ruleset, rule=rule, ask_repeat=True)
            form.is_valid()
            _error(form, error)
            status = 409
        except services.DeskError as error:
            _error(form, error)
        else:
            messages.success(
                request,
                gettext("{value} for {person}: {value2} points (session {number}).").format(
                    value=penalty.get_kind_display(),
                    person=person,
                    value2=show(penalty.points),
                    number=session.number,
                ),
            )
            return redirect(_player_url(tournament, person, session))
    # EMA 5.7 / WRC 7.2: past the limit the answer is a substitute, offered as a button.
    late_over = (
        kind == Penalty.Kind.LATE
        and form.is_bound
        and late_needs_substitute(ruleset, _int(request.POST.get("minutes")) or 0)
    )
    return render(
        request,
        "referee/penalty_form.html",
        {
            "tournament": tournament,
            "session": session,
            "player": person,
            "form": form,
            "rule": rule,
            "late_over": late_over,
        },
        status=status,
    )


def _penalty(tournament: Tournament, pk: int) -> Penalty:
    return get_object_or_404(
        Penalty.objects.select_related("player", "session", "table"), tournament=tournament, pk=pk
    )


def _withdraw_page(request, tournament, record, *, withdraw, title, summary, back):
    """The shared page that takes a record back with a reason: ``withdraw(reason)`` runs the
    service and returns the message to show; a DeskError comes back on the form."""
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            text = withdraw(form.cleaned_data["reason"])
        except services.DeskError as error:
            _error(form, error)
        else:
            messages.success(request, text)
            return redirect(back)
    return render(
        request,
        "referee/withdraw.html",
        {
            "tournament": tournament,
            "form": form,
            "record": record,
            "title": title,
            "summary": summary,
            "back": back,
        },
    )


@login_required
def penalty_withdraw(request, slug: str, pk: int):
    tournament = staffed_tournament(request, slug)
    penalty = _penalty(tournament, pk)

    def withdraw(reason: str) -> str:
        services.penalty_withdraw(penalty=penalty, user=request.user, reason=reason)
        return gettext("Penalty {ref} withdrawn; it stays in the log.").format(
            ref=desk_log.desk_ref(penalty)
        )

    return _withdraw_page(
        request,
        tournament,
        penalty,
        withdraw=withdraw,
        title=gettext("Withdraw penalty {ref}").format(ref=desk_log.desk_ref(penalty)),
        summary=gettext("{kind}, {points} points, {player}, session {number}").format(
            kind=penalty.get_kind_display(),
            points=show(penalty.points),
            player=penalty.player,
            number=penalty.session.number if penalty.session else "-",
        ),
        back=_player_url(tournament, penalty.player, penalty.session),
    )


@login_required
def penalty_correct(request, slug: str, pk: int):
    tournament = staffed_tournament(request, slug)
    penalty = _penalty(tournament, pk)
    if not penalty.is_active:
        messages.error(request, gettext("A withdrawn penalty cannot be corrected; log a new one."))
        return redirect(_player_url(tournament, penalty.player, penalty.session))
    penalty.ref = desk_log.desk_ref(penalty)
    initial = {
        "minutes": penalty.minutes,
        "serious": penalty.serious,
        "amount": show(-penalty.points),
        "hand": penalty.hand,
        "reason": penalty.reason,
    }
    form = CorrectionForm(
        request.POST or None, initial=initial, ruleset=tournament.rules(), kind=penalty.kind
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            new = services.penalty_correct(
                penalty=penalty,
                user=request.user,
                reason=data["correction"],
                minutes=data.get("minutes"),
                serious=data.get("serious", False),
                amount=data.get("amount"),
                hand=data.get("hand", ""),
                penalty_reason=data.get("reason", ""),
            )
        except services.DeskError as error:
            _error(form, error)
        else:
            messages.success(
                request,
                gettext("{ref} corrected by {new}: {value} points.").format(
                    ref=desk_log.desk_ref(penalty),
                    new=desk_log.desk_ref(new),
                    value=show(new.points),
                ),
            )
            return redirect(_player_url(tournament, penalty.player, penalty.session))
    return render(
        request,
        "referee/penalty_form.html",
        {
            "tournament": tournament,
            "session": penalty.session,
            "player": penalty.player,
            "form": form,
            "rule": form.rule,
            "correcting": penalty,
        },
    )


@login_required
def substitute_new(request, slug: str, player_id: int):
    tournament = staffed_tournament(request, slug)
    session = _session(request, tournament)
    person = _player(tournament, player_id)
    seat = session.seats.filter(player=person).select_related("table").first() if session else None
    if seat is None:
        messages.error(
            request,
            gettext("{person} has no seat in session {value}: there is nobody to replace.").format(
                person=person, value=session.number if session else "-"
            ),
        )
        return redirect(_player_url(tournament, person, session))
    reserves = selectors.available_reserves(tournament, session)
    form = SubstitutionForm(
        request.POST or None,
        reserves=reserves,
        session_started=session.state != Session.State.PLANNED,
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        substitute = next(p for p in reserves if p.pk == data["substitute"])
        try:
            services.substitution_create(
                tournament=tournament,
                session=session,
                player=person,
                substitute=substitute,
                timing=data["timing"],
                user=request.user,
                reason=data.get("reason", ""),
            )
        except services.DeskError as error:
            _error(form, error)
        else:
            messages.success(
                request,
                gettext(
                    "{substitute} plays for {person} at {table}, session "
                    "{number}. {person} misses the session."
                ).format(
                    substitute=substitute, person=person, table=seat.table, number=session.number
                ),
            )
            return redirect(_player_url(tournament, person, session))
    return render(
        request,
        "referee/substitute.html",
        {
            "tournament": tournament,
            "session": session,
            "player": person,
            "seat": seat,
            "form": form,
            "reserves": reserves,
            "rules": tournament.rules(),
        },
    )


@login_required
def disqualify(request, slug: str, player_id: int):
    tournament = staffed_tournament(request, slug)
    session = _session(request, tournament)
    person = _player(tournament, player_id)
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            record = services.disqualification_create(
                tournament=tournament,
                player=person,
                session=session,
                user=request.user,
                reason=form.cleaned_data["reason"],
            )
        except services.DeskError as error:
            _error(form, error)
        else:
            removed = len(record.removed_seats)
            messages.warning(
                request,
                gettext(
                    "{player} is disqualified. Removed from {count} seat(s) of sessions not "
                    "yet played: those sessions need re-seating."
                ).format(player=person, count=removed)
                if removed
                else gettext("{player} is disqualified.").format(player=person),
            )
            return redirect(_player_url(tournament, person, session))
    return render(
        request,
        "referee/disqualify.html",
        {
            "tournament": tournament,
            "session": session,
            "player": person,
            "form": form,
            "rules": tournament.rules(),
        },
    )


@login_required
def substitution_withdraw(request, slug: str, pk: int):
    tournament = staffed_tournament(request, slug)
    record = get_object_or_404(
        Substitution.objects.select_related("player", "substitute", "session", "table"),
        tournament=tournament,
        pk=pk,
    )

    def withdraw(reason: str) -> str:
        services.substitution_withdraw(substitution=record, user=request.user, reason=reason)
        return gettext("Substitution {ref} withdrawn: {player} is back in the seat.").format(
            ref=desk_log.desk_ref(record), player=record.player
        )

    return _withdraw_page(
        request,
        tournament,
        record,
        withdraw=withdraw,
        title=gettext("Withdraw substitution {ref}").format(ref=desk_log.desk_ref(record)),
        summary=gettext("{substitute} for {player} at {table}, session {number}").format(
            substitute=record.substitute,
            player=record.player,
            table=record.table,
            number=record.session.number,
        ),
        back=_player_url(tournament, record.player, record.session),
    )


@login_required
def disqualification_withdraw(request, slug: str, pk: int):
    tournament = staffed_tournament(request, slug)
    record = get_object_or_404(
        Disqualification.objects.select_related("player"), tournament=tournament, pk=pk
    )

    def withdraw(reason: str) -> str:
        not_restored = services.disqualification_withdraw(
            disqualification=record, user=request.user, reason=reason
        )
        text = gettext("The disqualification of {player} is lifted.").format(player=record.player)
        if not_restored:
            text += " " + gettext("Seats not given back (taken or played): {seats}").format(
                seats=", ".join(
                    gettext("session {number} table {table}").format(
                        number=r["session"], table=r["table"]
                    )
                    for r in not_restored
                )
            )
        return text

    return _withdraw_page(
        request,
        tournament,
        record,
        withdraw=withdraw,
        title=gettext("Lift disqualification {ref}").format(ref=desk_log.desk_ref(record)),
        summary=f"{record.player}: {record.reason}",
        back=_player_url(tournament, record.player, None),
    )


@login_required
def results_removal(request, slug: str, player_id: int):
    """EMA 5.8, last sentence: the head referee removes a player who missed sessions (e.g.
    ill) from the final results; asked with a reason, never one click."""
    tournament = staffed_tournament(request, slug)
    person = _player(tournament, player_id)
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.results_removal_create(
                tournament=tournament,
                player=person,
                user=request.user,
                reason=form.cleaned_data["reason"],
            )
        except services.DeskError as error:
            _error(form, error)
        else:
            messages.success(
                request,
                gettext(
                    "{player} is removed from the final results and left out of the EMA file."
                ).format(player=person),
            )
            return redirect(_player_url(tournament, person, None))
    return render(
        request,
        "referee/results_removal.html",
        {"tournament": tournament, "player": person, "form": form},
    )


@login_required
def results_removal_withdraw(request, slug: str, pk: int):
    tournament = staffed_tournament(request, slug)
    record = get_object_or_404(
        ResultsRemoval.objects.select_related("player"), tournament=tournament, pk=pk
    )

    def withdraw(reason: str) -> str:
        services.results_removal_withdraw(removal=record, user=request.user, reason=reason)
        return gettext("{player} is back in the final results.").format(player=record.player)

    return _withdraw_page(
        request,
        tournament,
        record,
        withdraw=withdraw,
        title=gettext("Put {player} back into the final results ({ref})").format(
            player=record.player, ref=desk_log.desk_ref(record)
        ),
        summary=f"{record.player}: {record.reason}",
        back=_player_url(tournament, record.player, None),
    )
