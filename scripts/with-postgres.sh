#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL 15 cluster (port 55432, or the next free one;
# PG_PORT fixes it; trust auth) with
# DATABASE_URL set to its `postgres` database, then removes the cluster:
#   bash scripts/with-postgres.sh npx vitest run --project server
# Needs the postgresql-15 server binaries; run as root (the cluster runs as the `postgres` user)
# or as the `postgres` user itself.
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
PG_PORT_GIVEN="${PG_PORT:-}"
PG_PORT="${PG_PORT:-55432}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if [[ ! -x "$PG_BIN/postgres" ]]; then
  echo "PostgreSQL 15 not found at $PG_BIN (install the Debian package postgresql-15)." >&2
  exit 1
fi

# initdb refuses to run as root, so the cluster belongs to `postgres` when we are root.
as_pg() {
  if [[ "$(id -u)" -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

PG_TMP="$(mktemp -d /tmp/serwis-pg.XXXXXX)"
if [[ "$(id -u)" -eq 0 ]]; then chown postgres:postgres "$PG_TMP"; fi
# The socket directory is the temp dir itself, so /tmp must be reachable by postgres.
chmod 700 "$PG_TMP"

cleanup() {
  local status=$?
  if [[ -f "$PG_TMP/data/postmaster.pid" ]]; then
    as_pg "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  if [[ $status -ne 0 && -f "$PG_TMP/postgres.log" ]]; then
    echo "---- last lines of the PostgreSQL log ----" >&2
    tail -n 30 "$PG_TMP/postgres.log" >&2 || true
  fi
  rm -rf "$PG_TMP"
  exit $status
}
trap cleanup EXIT INT TERM

echo "==> initdb in $PG_TMP/data"
as_pg "$PG_BIN/initdb" -D "$PG_TMP/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null

# Another cluster (a stray one, or another job on the machine) may hold the port: then the next free
# one is taken, unless PG_PORT was given.
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
if [[ -z "${PG_PORT_GIVEN:-}" ]]; then
  for _ in $(seq 1 50); do
    port_free "$PG_PORT" && break
    echo "==> port $PG_PORT is taken, trying $((PG_PORT + 1))"
    PG_PORT=$((PG_PORT + 1))
  done
fi

start_cluster() {
  as_pg "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/postgres.log" -w -t 60 \
    -o "-p $PG_PORT -k $PG_TMP -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null
}

echo "==> starting PostgreSQL 15 on 127.0.0.1:$PG_PORT"
attempt=1
until start_cluster; do
  # Taken between the check and the start: one more port, a few times.
  if [[ -z "${PG_PORT_GIVEN:-}" && $attempt -lt 5 ]] && tail -n 5 "$PG_TMP/postgres.log" | grep -q "Address already in use"; then
    attempt=$((attempt + 1))
    PG_PORT=$((PG_PORT + 1))
    echo "==> the port was taken meanwhile; starting on 127.0.0.1:$PG_PORT"
    continue
  fi
  echo "PostgreSQL did not start on 127.0.0.1:$PG_PORT." >&2
  exit 1
done

for _ in $(seq 1 60); do
  if "$PG_BIN/pg_isready" -q -U postgres -h 127.0.0.1 -p "$PG_PORT"; then break; fi
  sleep 0.5
done
"$PG_BIN/pg_isready" -U postgres -h 127.0.0.1 -p "$PG_PORT"

cd "$ROOT"
echo "==> $*"
DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres" "$@"
