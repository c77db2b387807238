#!/usr/bin/env bash
# Until the first production release the schema is one initial migration, rebuilt from every
# *.table.ts. After a release, add migrations with `npm run db:generate` instead.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf drizzle
npx drizzle-kit generate --name init
