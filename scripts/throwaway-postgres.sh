#!/usr/bin/env bash
# Starts a disposable PostgreSQL for tests and benchmarks and prints its URL.
#   scripts/throwaway-postgres.sh start [DIR] [PORT]   → prints postgres://…
#   scripts/throwaway-postgres.sh stop  [DIR]
# Needs Debian's `postgresql` package. As root it runs the server as the `postgres` user.
set -euo pipefail

action=${1:-start}
dir=${2:-/tmp/ninety-pg}
port=${3:-54329}

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bindir" ]; then
  echo "PostgreSQL is not installed (apt-get install postgresql)" >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

case "$action" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
    if [ ! -f "$dir/PG_VERSION" ]; then
      as_owner "'$bindir/initdb' -D '$dir' -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8" >/dev/null
    fi
    as_owner "'$bindir/pg_ctl' -D '$dir' -l '$dir/server.log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off\" start" >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_owner "'$bindir/pg_ctl' -D '$dir' -m fast stop" >/dev/null || true
    ;;
  *)
    echo "usage: $0 start|stop [DIR] [PORT]" >&2
    exit 2
    ;;
esac
