#!/bin/sh
# nv11_backend_of_file_test.sh SUNSTONE — which storage backend a database file opens with
# (api/durable_backend.c): a new file is a native database (its default table access method
# and the file's magic say so) whose one-row INSERTs share row groups, and a file written by the lmdb backend (made here with
# SUNSTONE_NEW_DATABASE_BACKEND=lmdb) is still opened, by lmdb, without that setting.
set -u
sunstone=$(realpath "$1")
fails=0
passes=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() { # check NAME EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then
    passes=$((passes + 1))
  else
    fails=$((fails + 1))
    printf 'FAIL %s\n--- expected\n%s\n--- actual\n%s\n' "$1" "$2" "$3"
  fi
}
cd "$tmp" || exit 1
unset SUNSTONE_NEW_DATABASE_BACKEND
q() { db=$1; shift; "$sunstone" -X -A -t "$db" "$@" 2>&1; }

q new.db -c "CREATE TABLE t (a int, b text)" -c "INSERT INTO t SELECT g, 'n' || g FROM generate_series(1, 3000) g" >/dev/null
check "a new file is native" "native" "$(q new.db -c "SHOW default_table_access_method")"
check "its magic" "SunstoneNativeDB" "$(dd if=new.db bs=1 skip=16 count=16 2>/dev/null)"
check "its rows" "3000|4501500" "$(q new.db -c "SELECT count(*), sum(a) FROM t")"
check "another backend is refused" 'ERROR:  feature not supported: tables of storage backend "lmdb" on a database file' \
  "$(q new.db -c "CREATE TABLE l (a int) USING lmdb" | head -1)"

# one-row INSERTs share row groups (the open tail is rewritten, its old pages reused): 2000
# of them take a few hundred kB, not the ~50 MB of 2000 one-row row groups
awk 'BEGIN { print "SET synchronous_commit = off;"; for (i = 1; i <= 2000; i++) printf "INSERT INTO s VALUES (%d, \x27v%d\x27);\n", i, i }' > small.sql
q small.db -c "CREATE TABLE s (a int, b text)" >/dev/null
q small.db -q -f small.sql >/dev/null
check "one-row inserts" "2000|2001000|v1|v999" "$(q small.db -c "SELECT count(*), sum(a), min(b), max(b) FROM s")"
size=$(stat -c %s small.db)
check "their file stays small ($size bytes)" "yes" "$([ "$size" -lt 2000000 ] && echo yes || echo no)"

SUNSTONE_NEW_DATABASE_BACKEND=lmdb "$sunstone" -X -A -t old.db -c "CREATE TABLE t (a int)" \
  -c "INSERT INTO t SELECT g FROM generate_series(1, 100) g" >/dev/null 2>&1
check "an lmdb file opens with lmdb" "lmdb" "$(q old.db -c "SHOW default_table_access_method")"
check "its rows" "100|5050" "$(q old.db -c "SELECT count(*), sum(a) FROM t")"
q old.db -c "INSERT INTO t VALUES (101)" >/dev/null
check "and it stays writable" "101" "$(q old.db -c "SELECT count(*) FROM t")"

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
