#!/usr/bin/env bash
# The server test suite against a throw-away PostgreSQL 15 cluster (see with-postgres.sh). The files
# about PGlite alone (src/db/pglite-*: its statements, parsers, statistics and file sizes) open their
# own PGlite whatever DATABASE_URL says; they ran in the PGlite run and are left out here.
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/with-postgres.sh" npx vitest run --project server \
  --exclude 'src/db/pglite-*.test.ts' "$@"
