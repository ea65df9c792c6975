# Written by hand from makemigrations --dry-run: only the session clock's operations.

import datetime
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0002_registration_window_reserves'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='session',
            name='clock_after_signal',
            field=models.CharField(blank=True, max_length=20),
        ),
        migrations.AddField(
            model_name='session',
            name='clock_elapsed',
            field=models.DurationField(default=datetime.timedelta(0)),
        ),
        migrations.AddField(
            model_name='session',
            name='clock_ended_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='session',
            name='clock_length',
            field=models.DurationField(blank=True, help_text='Playing time incl. extensions; set when started.', null=True),
        ),
        migrations.AddField(
            model_name='session',
            name='clock_running_since',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='session',
            name='clock_signal_before',
            field=models.DurationField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='session',
            name='clock_started_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='session',
            name='clock_version',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='session',
            name='signal_fired_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.CreateModel(
            name='SessionClockEvent',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('start', 'Started'), ('pause', 'Paused'), ('resume', 'Resumed'), ('extend', 'Extended'), ('signal', 'Signal given'), ('end', 'Ended')], max_length=10)),
                ('at', models.DateTimeField()),
                ('added', models.DurationField(blank=True, null=True)),
                ('version', models.PositiveIntegerField()),
                ('by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL)),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='clock_events', to='tournament.session')),
            ],
            options={
                'ordering': ['at', 'pk'],
                'constraints': [models.UniqueConstraint(condition=models.Q(('kind', 'signal')), fields=('session',), name='one_signal_a_session')],
            },
        ),
        migrations.CreateModel(
            name='TableFinish',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('finished_at', models.DateTimeField()),
                ('ended_by_time', models.BooleanField(default=False)),
                ('reported_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL)),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='table_finishes', to='tournament.session')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='finishes', to='tournament.table')),
            ],
            options={
                'ordering': ['table__number'],
                'constraints': [models.UniqueConstraint(fields=('session', 'table'), name='one_finish_a_table')],
            },
        ),
    ]
