from django.contrib import admin

from tournament.admin import KeepsHistoryAdmin

from .models import (
    PersonalCode,
    ReportingSettings,
    ScoreSheet,
    SheetResponse,
    SheetVersion,
    StandingsSettings,
    TableResult,
)


class TableResultInline(admin.TabularInline):
    model = TableResult
    extra = 0
    can_delete = False
    readonly_fields = ["wind", "player", "points", "rank", "uma", "penalty", "score", "substitute"]
    fields = readonly_fields


@admin.register(ScoreSheet)
class ScoreSheetAdmin(KeepsHistoryAdmin):
    # Sheets are changed through the referee pages only (services keep the history and the
    # lock); the admin is for looking.
    list_display = ["session", "table", "mode", "status", "version", "updated_by", "updated_at"]
    list_filter = ["session__tournament", "status", "mode"]
    readonly_fields = [f.name for f in ScoreSheet._meta.fields]
    inlines = [TableResultInline]

    def has_add_permission(self, request):
        return False


@admin.register(SheetVersion)
class SheetVersionAdmin(KeepsHistoryAdmin):
    list_display = ["sheet", "number", "action", "user", "created_at"]
    list_filter = ["sheet__session__tournament", "action"]
    readonly_fields = [f.name for f in SheetVersion._meta.fields]

    def has_add_permission(self, request):
        return False


@admin.register(StandingsSettings)
class StandingsSettingsAdmin(admin.ModelAdmin):
    list_display = ["tournament", "tie_break"]


@admin.register(ReportingSettings)
class ReportingSettingsAdmin(admin.ModelAdmin):
    list_display = ["tournament", "entry", "confirm_minutes"]


@admin.register(SheetResponse)
class SheetResponseAdmin(admin.ModelAdmin):
    # The players' answers are part of the sheet's history: for looking only.
    list_display = ["sheet", "version", "player", "kind", "by_code", "user", "created_at"]
    list_filter = ["sheet__session__tournament", "kind"]
    readonly_fields = [f.name for f in SheetResponse._meta.fields]

    def has_add_permission(self, request):
        return False


@admin.register(PersonalCode)
class PersonalCodeAdmin(admin.ModelAdmin):
    list_display = ["player", "tournament", "code"]
    list_filter = ["tournament"]
    search_fields = ["player__last_name", "player__first_name"]
    readonly_fields = ["tournament", "player", "code", "created_at"]

    def has_add_permission(self, request):
        return False
