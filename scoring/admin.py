from django.contrib import admin

from tournament.admin import KeepsHistoryAdmin

from .models import ScoreSheet, SheetVersion, StandingsSettings, TableResult


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
