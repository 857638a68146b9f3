#!/bin/sh
# zm11_zone_maps_file_test.sh SUNSTONE — zone-map pushdown on a native database file (run with
# SUNSTONE_NEW_DATABASE_BACKEND=native): in the next process every stored version is frozen
# (storage.h version 6), the scan path that skips visibility checks; the same queries with
# sunstone.zone_map_pushdown on and off give the same answers, and EXPLAIN ANALYZE shows the
# row groups skipped; rows updated and deleted in that process keep the answers right.
set -u
. "$(dirname "$0")/check_lib.sh"
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }

cd "$tmp" || exit 1
q -c "CREATE TABLE t (a int, b text, c float8)" \
  -c "INSERT INTO t SELECT g, 'b' || lpad(g::text, 6, '0'), CASE WHEN g % 1000 = 0 THEN 'NaN'::float8 ELSE g END FROM generate_series(1, 50000) g" >/dev/null
queries() {
  for w in "a BETWEEN 20000 AND 20010" "a < 3" "a >= 49999" "b = 'b012345'" "b > 'b049990'" "c = 'NaN'" \
    "c > 49000" "c < 2" "a = 0" "a IS NULL"; do
    echo "-c"; echo "SELECT count(*), min(a), max(a) FROM t WHERE $w"
  done
}
run() { # run on|off
  set -- "$1"
  old_ifs=$IFS; IFS='
'
  # shellcheck disable=SC2046
  out=$(q -c "SET sunstone.zone_map_pushdown = $1" $(queries) | grep -v '^SET$')
  IFS=$old_ifs
  printf '%s' "$out"
}
expected='11|20000|20010
2|1|2
2|49999|50000
1|12345|12345
10|49991|50000
50|1000|50000
1049|1000|50000
1|1|1
0||
0||'
check "pushdown on, next process (frozen versions)" "$expected" "$(run on)"
check "pushdown off, next process" "$expected" "$(run off)"
check "EXPLAIN ANALYZE skips row groups" "1" \
  "$(q -c "EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM t WHERE a BETWEEN 20000 AND 20010" |
    grep -c 'Row Groups: 1 read (8192 rows), 6 skipped')"
# an update moves rows to a new row group and deletes them in theirs
q -c "UPDATE t SET a = -a WHERE a BETWEEN 20000 AND 20004" -c "DELETE FROM t WHERE a >= 49999" >/dev/null
expected2='6|20005|20010
5|-20004|-20000
0||'
for mode in on off; do
  check "after UPDATE / DELETE, pushdown $mode" "$expected2" "$(q -c "SET sunstone.zone_map_pushdown = $mode" \
    -c "SELECT count(*), min(a), max(a) FROM t WHERE a BETWEEN 20000 AND 20010" \
    -c "SELECT count(*), min(a), max(a) FROM t WHERE a < 0" \
    -c "SELECT count(*), min(a), max(a) FROM t WHERE a >= 49999" | grep -v '^SET$')"
done
[ "$fails" -eq 0 ] && echo "all $passes checks passed"
[ "$fails" -eq 0 ]
