#!/bin/sh
# run_backend_test.sh SHELL SQLFILE EXPECTED BACKEND — the backend suite: runs one script of
# tests/backend with every table it creates on storage backend BACKEND (SET
# default_table_access_method first; its "SET" line is not part of the expected output, which
# comes from PostgreSQL 15) and compares stdout+stderr as run_sql_test.sh does.
set -u
shell=$(realpath "$1"); sql=$(realpath "$2"); expected=$(realpath "$3"); backend=$4
actual=$(mktemp)
trap 'rm -f "$actual"' EXIT
cd "$(dirname "$sql")" || exit 2
"$shell" -X -c "SET default_table_access_method = $backend" -f "$(basename "$sql")" 2>&1 |
  sed -E 's/^(psql|sunstone):[^:]*:[0-9]+: //' | tail -n +2 > "$actual"
if ! diff -u "$expected" "$actual"; then
  echo "FAILED: $sql on backend $backend differs from $expected"
  exit 1
fi
exit 0
