#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL for the server-pg suite: the one
# given, else a throwaway one started here (scripts/throwaway-postgres.sh) when PostgreSQL's
# binaries are installed, stopped and deleted afterwards. Without binaries the command runs on
# PGlite alone, as before.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "${TEST_DATABASE_URL:-}" ] || ! compgen -G '/usr/lib/postgresql/*/bin/pg_ctl' >/dev/null; then
  exec "$@"
fi

pg_dir=$(mktemp -d /tmp/ninety-test-pg.XXXXXX)
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
cleanup() {
  scripts/throwaway-postgres.sh stop "$pg_dir"
  rm -rf "$pg_dir"
}
trap cleanup EXIT
TEST_DATABASE_URL=$(scripts/throwaway-postgres.sh start "$pg_dir" "$port")
export TEST_DATABASE_URL
echo "Throwaway PostgreSQL for the server-pg suite at $TEST_DATABASE_URL" >&2
"$@"
