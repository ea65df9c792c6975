from django.urls import path

from . import views

app_name = "companion"

urlpatterns = [
    path("profile/notifications/", views.preferences, name="preferences"),
    path("push/token/", views.token, name="token"),
    path("push/subscribe/", views.subscribe, name="subscribe"),
    path("push/unsubscribe/", views.unsubscribe, name="unsubscribe"),
    path("t/<slug:slug>/players/<id:player_id>/follow/", views.follow, name="follow"),
    path("t/<slug:slug>/players/<id:player_id>/unfollow/", views.unfollow, name="unfollow"),
]
