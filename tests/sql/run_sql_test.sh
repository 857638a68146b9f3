#!/bin/sh
# run_sql_test.sh SHELL SQLFILE EXPECTED — runs one SQL script through the sunstone shell
# (psql-compatible script mode) and compares stdout+stderr with the expected output, after
# dropping the program:file:line: prefix of error lines (psql writes "psql:", we "sunstone:").
set -u
shell=$(realpath "$1"); sql=$(realpath "$2"); expected=$(realpath "$3")
actual=$(mktemp)
trap 'rm -f "$actual"' EXIT
cd "$(dirname "$sql")" || exit 2
"$shell" -X -f "$(basename "$sql")" 2>&1 | sed -E 's/^(psql|sunstone):[^:]*:[0-9]+: //' > "$actual"
if ! diff -u "$expected" "$actual"; then
  echo "FAILED: $sql differs from $expected"
  exit 1
fi
exit 0
