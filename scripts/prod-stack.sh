#!/usr/bin/env bash
# The whole production stack on one machine, from Debian's packages, for trying it out:
#
#   scripts/prod-stack.sh up       # PostgreSQL, Redis, migrate, collectstatic, three gunicorn
#                                  # pools, a Celery worker and beat, nginx with TLS
#   scripts/prod-stack.sh env      # the environment of the stack, for manage.py commands:
#                                  #   eval "$(scripts/prod-stack.sh env)"; .venv/bin/python manage.py ...
#   scripts/prod-stack.sh reload   # zero-downtime reload of the gunicorn pools (USR2, then TERM
#                                  # of the old master)
#   scripts/prod-stack.sh status
#   scripts/prod-stack.sh down     # stops everything it started (the data stays; `down --purge`
#                                  # removes it)
#
# Everything listens on loopback only: https://127.0.0.1:8443/ (a self-signed certificate:
# the browser asks once), http://127.0.0.1:8080/ redirects there.  State, logs and the
# database live in $PROD_STACK_DIR (default /tmp/riichi-prod-stack).  Packages it needs:
# postgresql redis-server nginx-light openssl (scripts/system-deps.sh installs the first two;
# `apt-get install nginx-light` the proxy).
#
# How requests are shared (the README's "Production" section says why):
#   nginx --+-- /static/                         files from STATIC_ROOT, cached a year
#           +-- POST /login/                     "login" pool (1 worker): password hashing
#           +-- referee, organiser pages, writes  "staff" pool (STAFF_WORKERS, default 2)
#           +-- everything else (public pages)   "public" pool (WEB_WORKERS, default 2 x cores)
# and how the CPU is shared when all of them are busy: the staff pool at normal priority,
# the public pool at nice PUBLIC_NICE (5: a third of the staff's share per process), logins
# and the Celery worker at nice 10, so that a crowd of readers or a wave of logins slows
# itself rather than the referees.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
STATE=${PROD_STACK_DIR:-/tmp/riichi-prod-stack}
VENV=${VENV:-$ROOT/.venv}
[ -x "$VENV/bin/python" ] || VENV=/work/main/.venv
PY=$VENV/bin/python
CORES=$(nproc)
WEB_WORKERS=${WEB_WORKERS:-$((2 * CORES))}
STAFF_WORKERS=${STAFF_WORKERS:-2}
PUBLIC_NICE=${PUBLIC_NICE:-5}
LOGIN_NICE=${LOGIN_NICE:-10}
WORKER_NICE=${WORKER_NICE:-10}
PG_PORT=${PG_PORT:-55432}
REDIS_PORT=${REDIS_PORT:-56379}
HTTPS_PORT=${HTTPS_PORT:-8443}
HTTP_PORT=${HTTP_PORT:-8080}
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)

as_pg() {  # PostgreSQL refuses to run as root
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stack_env() {
  [ -f "$STATE/secret_key" ] || { mkdir -p "$STATE"; "$PY" -c 'import secrets; print(secrets.token_urlsafe(50))' >"$STATE/secret_key"; }
  cat <<EOF
export DEBUG=0
export SECRET_KEY=$(cat "$STATE/secret_key")
export ALLOWED_HOSTS=127.0.0.1,localhost
export CSRF_TRUSTED_ORIGINS=https://127.0.0.1:$HTTPS_PORT,https://localhost:$HTTPS_PORT
export DATABASE_URL=postgres://riichi@127.0.0.1:$PG_PORT/riichi
export REDIS_URL=redis://127.0.0.1:$REDIS_PORT/0
export DB_CONN_MAX_AGE=60
export LOG_LEVEL=WARNING
export CELERY_BEAT_SCHEDULE_FILENAME=$STATE/celerybeat-schedule
# nginx in front terminates TLS and sets X-Forwarded-Proto and -For (README: Production).
export SECURE_PROXY_SSL_HEADER=1
export NUM_PROXIES=1
EOF
}

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

start_postgres() {
  [ -n "$PG_BIN" ] || { echo "prod-stack: install postgresql (scripts/system-deps.sh)" >&2; exit 1; }
  if [ ! -d "$STATE/pg/data" ]; then
    mkdir -p "$STATE/pg"
    [ "$(id -u)" -eq 0 ] && chown postgres "$STATE/pg"
    as_pg "$PG_BIN/initdb" -D "$STATE/pg/data" -U riichi --auth=trust -E UTF8 --locale=C.UTF-8 >"$STATE/pg/initdb.log"
  fi
  if ! as_pg "$PG_BIN/pg_ctl" -D "$STATE/pg/data" status >/dev/null 2>&1; then
    as_pg "$PG_BIN/pg_ctl" -D "$STATE/pg/data" -l "$STATE/pg/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $STATE/pg -c max_connections=100 -c shared_buffers=128MB" start >/dev/null
  fi
  as_pg "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U riichi -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname='riichi'" | grep -q 1 \
    || as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U riichi riichi
}

start_redis() {
  pid_alive "$STATE/redis.pid" && return
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$STATE" --daemonize yes \
    --pidfile "$STATE/redis.pid" --logfile "$STATE/redis.log" --save "" --appendonly no \
    --maxmemory 256mb --maxmemory-policy allkeys-lru
  for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && return; sleep 0.1; done
  echo "prod-stack: redis did not start" >&2; exit 1
}

start_gunicorn() {  # name port workers nice
  local name=$1 port=$2 workers=$3 niceness=$4
  pid_alive "$STATE/gunicorn-$name.pid" && return
  nice -n "$niceness" "$VENV/bin/gunicorn" config.wsgi --daemon --name "riichi-$name" \
    --bind "127.0.0.1:$port" --workers "$workers" --timeout 30 --graceful-timeout 30 \
    --max-requests 5000 --max-requests-jitter 500 --forwarded-allow-ips 127.0.0.1 \
    --pid "$STATE/gunicorn-$name.pid" --error-logfile "$STATE/gunicorn-$name.log"
}

write_nginx() {
  mkdir -p "$STATE/nginx"
  if [ ! -f "$STATE/nginx/cert.pem" ]; then
    openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=localhost" \
      -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
      -keyout "$STATE/nginx/key.pem" -out "$STATE/nginx/cert.pem" 2>/dev/null
  fi
  local user_line=""
  [ "$(id -u)" -eq 0 ] && user_line="user www-data;"
  sed -e "s|@STATE@|$STATE|g" -e "s|@STATIC@|$ROOT/staticfiles|g" -e "s|@USER@|$user_line|" \
      -e "s|@HTTPS@|$HTTPS_PORT|g" -e "s|@HTTP@|$HTTP_PORT|g" \
      "$ROOT/deploy/nginx.conf.template" >"$STATE/nginx/nginx.conf"
  [ "$(id -u)" -eq 0 ] && chown -R www-data "$STATE/nginx" || true
}

up() {
  mkdir -p "$STATE"
  start_postgres
  start_redis
  eval "$(stack_env)"
  "$PY" manage.py migrate --noinput -v0
  "$PY" manage.py collectstatic --noinput -v0
  start_gunicorn public 8001 "$WEB_WORKERS" "$PUBLIC_NICE"
  start_gunicorn staff 8002 "$STAFF_WORKERS" 0
  start_gunicorn login 8003 1 "$LOGIN_NICE"
  if ! pid_alive "$STATE/celery-worker.pid"; then
    nice -n "$WORKER_NICE" "$VENV/bin/celery" -A config worker --detach --concurrency 1 -O fair -l warning \
      --pidfile "$STATE/celery-worker.pid" --logfile "$STATE/celery-worker.log"
  fi
  if ! pid_alive "$STATE/celery-beat.pid"; then
    "$VENV/bin/celery" -A config beat --detach -l warning --schedule "$STATE/celerybeat-schedule" \
      --pidfile "$STATE/celery-beat.pid" --logfile "$STATE/celery-beat.log"
  fi
  write_nginx
  pid_alive "$STATE/nginx/nginx.pid" || nginx -c "$STATE/nginx/nginx.conf" -p "$STATE/nginx"
  for _ in $(seq 100); do
    curl -sk -o /dev/null "https://127.0.0.1:$HTTPS_PORT/" && break; sleep 0.2
  done
  echo "prod-stack: up at https://127.0.0.1:$HTTPS_PORT/ (state in $STATE)"
  echo "  first administrator: eval \"\$(scripts/prod-stack.sh env)\"; $PY manage.py createsuperuser"
}

stop_pid() {  # pidfile [signal]
  local file=$1 sig=${2:-TERM}
  if pid_alive "$file"; then
    local pid; pid=$(cat "$file")
    kill "-$sig" "$pid"
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  fi
  rm -f "$file"
}

down() {
  [ -d "$STATE" ] || { echo "prod-stack: nothing to stop"; return; }
  pid_alive "$STATE/nginx/nginx.pid" && nginx -c "$STATE/nginx/nginx.conf" -p "$STATE/nginx" -s quit || true
  for name in public staff login; do stop_pid "$STATE/gunicorn-$name.pid"; done
  stop_pid "$STATE/celery-beat.pid"
  stop_pid "$STATE/celery-worker.pid"  # TERM: a warm shutdown, the running task finishes
  stop_pid "$STATE/redis.pid"
  if [ -n "$PG_BIN" ] && [ -d "$STATE/pg/data" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$STATE/pg/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  if [ "${1:-}" = "--purge" ]; then rm -rf "$STATE"; fi
  echo "prod-stack: down"
}

reload() {
  # Zero-downtime upgrade of each pool to the code on disk (gunicorn's USR2): a new master
  # starts with its own workers beside the old one, both accepting on the same socket; once
  # the new workers answer, the old master is stopped gracefully (TERM: its workers finish
  # the requests they hold). A plain HUP also loses nothing, but leaves requests waiting
  # while the new workers import the application (seconds on a busy machine).
  for name in public staff login; do
    local file="$STATE/gunicorn-$name.pid"
    pid_alive "$file" || continue
    local old; old=$(cat "$file")
    kill -USR2 "$old"
    for _ in $(seq 150); do  # the new master writes the pid file, the old one renames its own
      [ -f "$file" ] && [ "$(cat "$file")" != "$old" ] && break; sleep 0.2
    done
    local new; new=$(cat "$file")
    for _ in $(seq 300); do  # until the new master's workers are up
      [ "$(pgrep -P "$new" | wc -l)" -gt 0 ] && break; sleep 0.2
    done
    sleep 3  # the workers import the application before they accept
    kill -TERM "$old" 2>/dev/null || true
  done
  echo "prod-stack: gunicorn upgraded in place (USR2)"
}

status() {
  for f in redis.pid gunicorn-public.pid gunicorn-staff.pid gunicorn-login.pid \
           celery-worker.pid celery-beat.pid nginx/nginx.pid; do
    if pid_alive "$STATE/$f"; then echo "up    ${f%.pid}"; else echo "down  ${f%.pid}"; fi
  done
  if [ -n "$PG_BIN" ] && [ -d "$STATE/pg/data" ] && as_pg "$PG_BIN/pg_ctl" -D "$STATE/pg/data" status >/dev/null 2>&1; then
    echo "up    postgresql"
  else
    echo "down  postgresql"
  fi
}

case "${1:-}" in
up) up ;;
down) down "${2:-}" ;;
env) stack_env ;;
reload) reload ;;
status) status ;;
*) echo "usage: $0 up | down [--purge] | env | reload | status" >&2; exit 2 ;;
esac
