#!/bin/sh
# verbosity_test.sh SUNSTONE SOURCE_DIR — \set VERBOSITY (default, verbose, terse, sqlstate) and
# SHOW_CONTEXT through the real kernel: verbosity/verbosity.out is what psql 15 printed for
# verbosity.sql against PostgreSQL ("psql:" turned into "sunstone:", LOCATION lines removed:
# Sunstone reports no source location, and psql prints that line only when the server sends it).
set -u
sunstone=$(realpath "$1")
dir="$2/tests/cli/verbosity"
cd "$dir" || exit 1
actual=$("$sunstone" -X -f verbosity.sql 2>&1)
expected=$(cat verbosity.out)
if [ "$actual" = "$expected" ]; then
  echo "1 passed, 0 failed"
  exit 0
fi
printf 'FAIL verbosity.sql\n'
printf '%s\n' "$actual" | diff verbosity.out - 
exit 1
