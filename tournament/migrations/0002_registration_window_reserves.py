from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="ema_rated",
            field=models.BooleanField(
                default=True, help_text="Results go to the EMA ranking.", verbose_name="EMA-rated"
            ),
        ),
        migrations.AddField(
            model_name="registration",
            name="fills_in",
            field=models.BooleanField(
                default=False,
                help_text="Reserve playing to complete the last table.",
                verbose_name="fills in",
            ),
        ),
    ]
