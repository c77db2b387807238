#!/usr/bin/env bash
# The server test suite against a throw-away PostgreSQL 15 cluster (see with-postgres.sh).
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/with-postgres.sh" npx vitest run --project server "$@"
