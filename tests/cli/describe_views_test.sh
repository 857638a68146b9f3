#!/bin/sh
# describe_views_test.sh SUNSTONE — \d, \dv, \dt and \d VIEW over tables and views print what
# psql 15 printed for the same script against PostgreSQL (describe_views/views.out, "psql:"
# turned into "sunstone:"; the owner is $USER, root there).
set -u
sunstone=$(realpath "$1")
dir=$(dirname "$(realpath "$0")")/describe_views
actual=$(mktemp)
trap 'rm -f "$actual"' EXIT
cd "$dir" || exit 2
USER=root "$sunstone" -X -f views.sql > "$actual" 2>&1
if ! diff -u views.out "$actual"; then
  echo "FAILED: describe_views/views.sql differs from views.out"
  exit 1
fi
exit 0
