#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests, from Debian's postgresql package:
#   eval "$(scripts/pg-throwaway.sh start)"   # prints export DATABASE_URL=... PG_THROWAWAY=...
#   scripts/pg-throwaway.sh stop "$PG_THROWAWAY"
# The cluster lives in a temporary folder, listens on a unix socket there and on a free
# loopback port (never another interface), and runs as a non-root user (PostgreSQL refuses
# root): the caller's own user, or "postgres" (or nobody) when the caller is root.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "pg-throwaway: no PostgreSQL in /usr/lib/postgresql (scripts/system-deps.sh)" >&2; exit 1; }

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    local user=postgres
    id "$user" >/dev/null 2>&1 || user=nobody
    runuser -u "$user" -- "$@"
  else
    "$@"
  fi
}

case "${1:-}" in
start)
  dir=$(mktemp -d /tmp/pg-throwaway.XXXXXX)
  chmod 755 "$dir"
  [ "$(id -u)" -eq 0 ] && chown "$(id -u postgres 2>/dev/null || id -u nobody)" "$dir"
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  as_owner "$bin/initdb" -D "$dir/data" -U riichi --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  # fsync off: a throwaway cluster need not survive a crash, and the tests run faster.
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
  as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U riichi riichi
  echo "export DATABASE_URL=postgres://riichi@127.0.0.1:$port/riichi PG_THROWAWAY=$dir"
  ;;
stop)
  dir=${2:?"usage: $0 stop <dir printed by start>"}
  case "$dir" in /tmp/pg-throwaway.*) ;; *) echo "pg-throwaway: not a throwaway cluster: $dir" >&2; exit 1;; esac
  as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
  rm -rf "$dir"
  ;;
*)
  echo "usage: $0 start | stop <dir>" >&2; exit 2;;
esac
