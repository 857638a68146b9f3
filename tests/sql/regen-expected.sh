#!/bin/sh
# regen-expected.sh — regenerates tests/sql/pg/*.out with real PostgreSQL 15 (the oracle).
# Needs a running PostgreSQL 15 server the current user can create databases on; each script
# runs in a fresh database.  Review the diff before committing: these files define "correct".
set -eu
cd "$(dirname "$0")/pg"
for sql in *.sql; do
  db="sunstone_regress_$$"
  createdb "$db"
  psql -X -d "$db" -f "$sql" 2>&1 | sed -E 's/^(psql|sunstone):[^:]*:[0-9]+: //' > "${sql%.sql}.out"
  dropdb "$db"
  echo "regenerated ${sql%.sql}.out"
done
