#!/usr/bin/env bash
# Debian packages the test suite needs: Chromium for the browser tests, Redis for the
# tests that run a real Celery worker against a real broker, PostgreSQL for the second run
# of the suite on the production database (.ci/run, scripts/pg-throwaway.sh), gettext for the
# translation catalogues (make messages; tests/i18n runs makemessages and msgfmt --check).
# Installs only what is missing; needs root (or sudo) the first time.
#
#   scripts/system-deps.sh          # what the tests need
#   scripts/system-deps.sh --prod   # and the production stack's (scripts/prod-stack.sh):
#                                   # nginx-light, openssl, curl, python3-venv
set -euo pipefail
prod=0
case "${1:-}" in
"") ;;
--prod) prod=1 ;;
*) echo "usage: $0 [--prod]" >&2; exit 2 ;;
esac
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
{ command -v msgfmt && command -v xgettext; } >/dev/null 2>&1 || need+=(gettext)
if [ "$prod" = 1 ]; then
  command -v nginx >/dev/null 2>&1 || need+=(nginx-light)
  command -v openssl >/dev/null 2>&1 || need+=(openssl)
  command -v curl >/dev/null 2>&1 || need+=(curl)
  python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || need+=(python3-venv)
fi
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "system-deps: missing ${need[*]}; run as root or install them with apt-get" >&2; exit 1
  fi
else SUDO=""; fi
echo "system-deps: installing ${need[*]} from Debian's packages"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
