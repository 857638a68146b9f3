#!/bin/sh
# describe_schemas_test.sh SUNSTONE — \dn, \dt / \dv / \ds / \di with schema patterns and \d of
# schema-qualified relations print what psql 15 printed for the same script against
# PostgreSQL (describe_schemas/schemas.out, "psql:" turned into "sunstone:"; the owner is
# $USER, root there).
set -u
sunstone=$(realpath "$1")
dir=$(dirname "$(realpath "$0")")/describe_schemas
actual=$(mktemp)
trap 'rm -f "$actual"' EXIT
cd "$dir" || exit 2
USER=root "$sunstone" -X -f schemas.sql > "$actual" 2>&1
if ! diff -u schemas.out "$actual"; then
  echo "FAILED: describe_schemas/schemas.sql differs from schemas.out"
  exit 1
fi
exit 0
