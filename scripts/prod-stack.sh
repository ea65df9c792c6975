#!/usr/bin/env bash
# The whole production stack on one machine, from Debian's packages, for trying it out:
#
#   scripts/prod-stack.sh up [--nodes N]
#                                  # PostgreSQL, Redis, migrate, collectstatic, three gunicorn
#                                  # pools per web node (N on loopback, default 1), one Celery
#                                  # worker, beat (exactly once), nginx with TLS in front
#   scripts/prod-stack.sh check-nodes
#                                  # with 2 nodes or more: a sheet entered on one is seen on
#                                  # the other, a cached page invalidated across nodes, a
#                                  # seating job queued from a node run by the worker, and
#                                  # nginx's microcache (scripts/check_nodes.py)
#   scripts/prod-stack.sh env      # the environment of the stack, for manage.py commands:
#                                  #   eval "$(scripts/prod-stack.sh env)"; .venv/bin/python manage.py ...
#   scripts/prod-stack.sh reload   # zero-downtime reload of the gunicorn pools (USR2, then TERM
#                                  # of the old master)
#   scripts/prod-stack.sh status
#   scripts/prod-stack.sh nginx-conf  # prints nginx's configuration as "up" writes it
#   scripts/prod-stack.sh down     # stops everything it started (the data stays; `down --purge`
#                                  # removes it)
#
# Everything listens on loopback only: https://127.0.0.1:8443/ (a self-signed certificate:
# the browser asks once), http://127.0.0.1:8080/ redirects there.  State, logs and the
# database live in $PROD_STACK_DIR (default: riichi-prod-stack in the temporary folder).
# On a fresh clone `up` makes .venv (python3 -m venv, requirements.txt) itself; the Debian
# packages it needs (postgresql redis-server nginx-light openssl curl) are installed by
# `scripts/system-deps.sh --prod`, which `up` names when one is missing.
# Node k's pools listen on NODE_PORT+10(k-1) (public, NODE_PORT 8001), +1 (staff), +2
# (login); its static files are collected into $PROD_STACK_DIR/node<k>/static
# (deploy/README.md: what is shared and what is per node).
#
# How requests are shared (the README's "Production" section says why):
#   nginx --+-- /static/                         from the nodes' STATIC_ROOT, kept by nginx
#           +-- anonymous GET of a public page   nginx's microcache (1 s), else as below
#           +-- POST /login/                     "login" pool (1 worker): password hashing
#           +-- referee, organiser pages, writes  "staff" pool (STAFF_WORKERS, default 2)
#           +-- public page, staff hint cookie   "staff" pool, bounded per address
#           +-- everything else (public pages)   "public" pool (WEB_WORKERS, default 2 x cores)
# (public and staff: gthread workers of WEB_THREADS threads each, WORKER_CLASS below)
# and how the CPU is shared when all of them are busy: the staff pool at normal priority,
# the public pool at nice PUBLIC_NICE (5: a third of the staff's share per process), logins
# and the Celery worker at nice 10, so that a crowd of readers or a wave of logins slows
# itself rather than the referees.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
# Production settings, whatever the caller had set: a test run's DJANGO_SETTINGS_MODULE
# (config.test_settings, one local cache per process) must not reach the nodes.
export DJANGO_SETTINGS_MODULE=config.settings
STATE=${PROD_STACK_DIR:-${TMPDIR:-/tmp}/riichi-prod-stack}
VENV=${VENV:-$ROOT/.venv}
PYTHON=${PYTHON:-python3}
PY=$VENV/bin/python
CORES=$(nproc)
WEB_WORKERS=${WEB_WORKERS:-$((2 * CORES))}
STAFF_WORKERS=${STAFF_WORKERS:-2}
# gunicorn's worker: gthread, a process with WEB_THREADS threads, for the public and staff
# pools. A sync worker holds its process for a request's whole life, its waits on
# PostgreSQL and Redis included; with threads one process serves the next request in the
# meantime, and keeps its connection from nginx alive (upstream keepalive) instead of
# closing it after each answer. WORKER_CLASS=sync brings the old model back (to compare:
# README, "Load").
WORKER_CLASS=${WORKER_CLASS:-gthread}
WEB_THREADS=${WEB_THREADS:-4}
PUBLIC_NICE=${PUBLIC_NICE:-5}
LOGIN_NICE=${LOGIN_NICE:-10}
WORKER_NICE=${WORKER_NICE:-10}
PG_PORT=${PG_PORT:-55432}
REDIS_PORT=${REDIS_PORT:-56379}
HTTPS_PORT=${HTTPS_PORT:-8443}
HTTP_PORT=${HTTP_PORT:-8080}
NODE_PORT=${NODE_PORT:-8001}   # node k's public pool: NODE_PORT + 10 (k - 1)
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)

as_pg() {  # PostgreSQL refuses to run as root
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# State files (the secret key, the certificate, nginx's configuration) are written to a
# temporary file beside them and renamed into place: a start killed half-way leaves either
# the old file or none, never an empty or half-written one that a later start would trust.
write_atomic() {  # path command...: the command's output becomes the file, or nothing does
  local path=$1 tmp; shift
  mkdir -p "$(dirname "$path")"
  tmp=$(mktemp "$path.XXXXXX")
  if "$@" >"$tmp" && [ -s "$tmp" ]; then
    chmod 600 "$tmp"; mv -f "$tmp" "$path"
  else
    rm -f "$tmp"; echo "prod-stack: could not write $path" >&2; return 1
  fi
}

new_secret_key() { "$PYTHON" -c 'import secrets; print(secrets.token_urlsafe(50))'; }

# A key is trusted only whole: one line of at least 50 URL-safe characters. An empty or
# truncated file (a start killed before the rename existed) is replaced by a new key; no
# session could have been signed with it.
secret_key() {
  local file=$STATE/secret_key
  if ! grep -Eqx '[A-Za-z0-9_-]{50,}' "$file" 2>/dev/null || [ "$(wc -l <"$file")" -ne 1 ]; then
    write_atomic "$file" new_secret_key
  fi
  cat "$file"
}

stack_env() {
  local key; key=$(secret_key)
  cat <<EOF
export DEBUG=0
export SECRET_KEY=$key
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

# What a fresh clone lacks: the Debian packages are named (system-deps.sh --prod installs
# them), the virtual environment is made here, as `make venv` would.
require_packages() {
  local missing=()
  [ -n "$PG_BIN" ] || missing+=(postgresql)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  command -v nginx >/dev/null 2>&1 || missing+=(nginx-light)
  command -v openssl >/dev/null 2>&1 || missing+=(openssl)
  command -v curl >/dev/null 2>&1 || missing+=(curl)
  "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1 || [ -x "$PY" ] || missing+=(python3-venv)
  [ ${#missing[@]} -eq 0 ] && return
  echo "prod-stack: missing Debian packages: ${missing[*]}" >&2
  echo "  install them with: scripts/system-deps.sh --prod" >&2
  echo "  (or: sudo apt-get install ${missing[*]})" >&2
  exit 1
}

ensure_venv() {
  [ -f "$VENV/.installed" ] && [ -x "$PY" ] && [ "$VENV/.installed" -nt requirements.txt ] && return
  echo "prod-stack: making $VENV (python3 -m venv, requirements.txt)"
  [ -x "$PY" ] || "$PYTHON" -m venv "$VENV"
  "$PY" -m pip install -q --upgrade pip
  "$PY" -m pip install -q -r requirements.txt
  touch "$VENV/.installed"
}

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

start_postgres() {
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
  # Cache, broker and results in one Redis: bounded (REDIS_MAXMEMORY), and what is evicted
  # first is the least recently used key of any kind. A cached page or version lost is
  # computed again (web/cache.py); a queued task is kept in a list the workers empty within
  # seconds, far from the least recently used.
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$STATE" --daemonize yes \
    --pidfile "$STATE/redis.pid" --logfile "$STATE/redis.log" --save "" --appendonly no \
    --maxmemory "${REDIS_MAXMEMORY:-256mb}" --maxmemory-policy allkeys-lru
  for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && return; sleep 0.1; done
  echo "prod-stack: redis did not start" >&2; exit 1
}

POOLS="public staff login"
pool_port() {  # node pool
  local offset=0
  case $2 in staff) offset=1 ;; login) offset=2 ;; esac
  echo $((NODE_PORT + 10 * ($1 - 1) + offset))
}
node_count() { cat "$STATE/nodes" 2>/dev/null || echo 1; }

start_gunicorn() {  # node name workers nice [worker-class threads]
  local node=$1 name=$2 workers=$3 niceness=$4 class=${5:-sync} threads=${6:-1} dir=$STATE/node$1
  pid_alive "$dir/gunicorn-$name.pid" && return
  # Each node's processes read their own static root (whitenoise's manifest).
  STATIC_ROOT=$dir/static nice -n "$niceness" "$VENV/bin/gunicorn" config.wsgi --daemon \
    --name "riichi-n$node-$name" --bind "127.0.0.1:$(pool_port "$node" "$name")" \
    --workers "$workers" --worker-class "$class" --threads "$threads" \
    --timeout 30 --graceful-timeout 30 --keep-alive 65 \
    --max-requests 5000 --max-requests-jitter 500 --forwarded-allow-ips 127.0.0.1 \
    --pid "$dir/gunicorn-$name.pid" --error-logfile "$dir/gunicorn-$name.log"
}

start_node() {  # node: its static files, then its three pools
  local node=$1 dir=$STATE/node$1
  mkdir -p "$dir"
  STATIC_ROOT=$dir/static "$PY" manage.py collectstatic --noinput -v0
  start_gunicorn "$node" public "$WEB_WORKERS" "$PUBLIC_NICE" "$WORKER_CLASS" "$WEB_THREADS"
  start_gunicorn "$node" staff "$STAFF_WORKERS" 0 "$WORKER_CLASS" "$WEB_THREADS"
  # One password hash at a time: it is CPU alone, threads would only share the wait.
  start_gunicorn "$node" login 1 "$LOGIN_NICE"
}

self_signed() {  # the certificate and its key, each renamed into place whole
  openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=localhost" \
    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
    -keyout "$STATE/nginx/key.pem.new" -out "$STATE/nginx/cert.pem.new" 2>/dev/null
  mv -f "$STATE/nginx/key.pem.new" "$STATE/nginx/key.pem"
  mv -f "$STATE/nginx/cert.pem.new" "$STATE/nginx/cert.pem"
}

upstream_servers() {  # pool: one "server" line per node
  local node out=""
  for node in $(seq "$(node_count)"); do out+="server 127.0.0.1:$(pool_port "$node" "$1"); "; done
  echo "$out"
}

nginx_conf() {
  local user_line=""
  [ "$(id -u)" -eq 0 ] && user_line="user www-data;"
  sed -e "s|@STATE@|$STATE|g" -e "s|@USER@|$user_line|" \
      -e "s|@HTTPS@|$HTTPS_PORT|g" -e "s|@HTTP@|$HTTP_PORT|g" \
      -e "s|@PUBLIC@|$(upstream_servers public)|" -e "s|@STAFF@|$(upstream_servers staff)|" \
      -e "s|@LOGIN@|$(upstream_servers login)|" \
      "$ROOT/deploy/nginx.conf.template"
}

write_nginx() {
  mkdir -p "$STATE/nginx/cache"
  # The key is trusted only with a certificate that matches it (a start killed between
  # the two renames leaves a pair that does not).
  if ! openssl x509 -noout -in "$STATE/nginx/cert.pem" 2>/dev/null \
    || [ "$(openssl x509 -noout -pubkey -in "$STATE/nginx/cert.pem" 2>/dev/null)" != \
         "$(openssl pkey -pubout -in "$STATE/nginx/key.pem" 2>/dev/null)" ]; then
    self_signed
  fi
  write_atomic "$STATE/nginx/nginx.conf" nginx_conf
  [ "$(id -u)" -eq 0 ] && chown -R www-data "$STATE/nginx" || true
}

up() {
  local nodes=1
  while [ $# -gt 0 ]; do
    case $1 in
    --nodes) nodes=${2:-}; shift 2 ;;
    --nodes=*) nodes=${1#--nodes=}; shift ;;
    *) echo "prod-stack: unknown option $1" >&2; exit 2 ;;
    esac
  done
  [[ $nodes =~ ^[1-9]$ ]] || { echo "prod-stack: --nodes takes 1 to 9, not '$nodes'" >&2; exit 2; }
  require_packages
  ensure_venv
  mkdir -p "$STATE"
  local running; running=$(node_count)
  if [ -f "$STATE/nodes" ] && [ "$running" != "$nodes" ] && pid_alive "$STATE/node1/gunicorn-public.pid"; then
    echo "prod-stack: running with $running node(s); 'down' first to change to $nodes" >&2; exit 1
  fi
  write_atomic "$STATE/nodes" echo "$nodes"
  start_postgres
  start_redis
  eval "$(stack_env)"
  "$PY" manage.py migrate --noinput -v0
  for node in $(seq "$nodes"); do start_node "$node"; done
  # One worker and one beat for the whole stack, whatever the number of web nodes: beat
  # twice would queue every periodic task twice (deploy/README.md).
  if ! pid_alive "$STATE/celery-worker.pid"; then
    nice -n "$WORKER_NICE" "$VENV/bin/celery" -A config worker --detach --concurrency 1 -O fair -l warning \
      --pidfile "$STATE/celery-worker.pid" --logfile "$STATE/celery-worker.log"
  fi
  if ! pid_alive "$STATE/celery-beat.pid"; then
    "$VENV/bin/celery" -A config beat --detach -l warning --schedule "$STATE/celerybeat-schedule" \
      --pidfile "$STATE/celery-beat.pid" --logfile "$STATE/celery-beat.log"
  fi
  write_nginx
  if pid_alive "$STATE/nginx/nginx.pid"; then
    nginx -c "$STATE/nginx/nginx.conf" -p "$STATE/nginx" -s reload 2>/dev/null
  else
    nginx -c "$STATE/nginx/nginx.conf" -p "$STATE/nginx"
  fi
  for _ in $(seq 150); do
    [ "$(curl -sk -o /dev/null -w '%{http_code}' "https://127.0.0.1:$HTTPS_PORT/")" = 200 ] && break
    sleep 0.2
  done
  echo "prod-stack: up at https://127.0.0.1:$HTTPS_PORT/ with $nodes web node(s) (state in $STATE)"
  echo "  first administrator: eval \"\$(scripts/prod-stack.sh env)\"; $PY manage.py createsuperuser"
}

check_nodes() {
  eval "$(stack_env)"
  local ports="" node
  for node in $(seq "$(node_count)"); do ports+="$(pool_port "$node" public),$(pool_port "$node" staff) "; done
  "$PY" scripts/check_nodes.py --https-port "$HTTPS_PORT" $ports
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
  pid_alive "$STATE/nginx/nginx.pid" && nginx -c "$STATE/nginx/nginx.conf" -p "$STATE/nginx" -s quit 2>/dev/null || true
  local node name
  for node in $(seq "$(node_count)"); do
    for name in $POOLS; do stop_pid "$STATE/node$node/gunicorn-$name.pid"; done
  done
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
  local node name file
  for node in $(seq "$(node_count)"); do for name in $POOLS; do
    file="$STATE/node$node/gunicorn-$name.pid"
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
  done; done
  echo "prod-stack: gunicorn upgraded in place (USR2)"
}

status() {
  local f node name
  for f in redis.pid celery-worker.pid celery-beat.pid nginx/nginx.pid; do
    if pid_alive "$STATE/$f"; then echo "up    ${f%.pid}"; else echo "down  ${f%.pid}"; fi
  done
  for node in $(seq "$(node_count)"); do for name in $POOLS; do
    f=node$node/gunicorn-$name.pid
    if pid_alive "$STATE/$f"; then echo "up    ${f%.pid}"; else echo "down  ${f%.pid}"; fi
  done; done
  if [ -n "$PG_BIN" ] && [ -d "$STATE/pg/data" ] && as_pg "$PG_BIN/pg_ctl" -D "$STATE/pg/data" status >/dev/null 2>&1; then
    echo "up    postgresql"
  else
    echo "down  postgresql"
  fi
}

case "${1:-}" in
up) shift; up "$@" ;;
check-nodes) check_nodes ;;
down) down "${2:-}" ;;
env) stack_env ;;
reload) reload ;;
status) status ;;
nginx-conf) nginx_conf ;;  # the configuration "up" writes, to read or to test (tests/prod)
*) echo "usage: $0 up [--nodes N] | down [--purge] | env | reload | status | check-nodes | nginx-conf" >&2; exit 2 ;;
esac
