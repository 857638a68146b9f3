#!/bin/sh
# nvac11_native_vacuum_test.sh SUNSTONE — VACUUM on a native database file (run with
# SUNSTONE_NEW_DATABASE_BACKEND=native): whole dead row groups are freed and their pages
# reused, so rounds of insert / delete / VACUUM do not grow the file; a partly dead row group
# is kept, and so is the open tail (their dead versions: dead but not yet removable); index
# scans agree with seq scans after VACUUM in the next process.
set -u
. "$(dirname "$0")/check_lib.sh"
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }
size() { wc -c < app.db | tr -d ' '; }

cd "$tmp" || exit 1
q -c "CREATE TABLE t (a int PRIMARY KEY, b text)" -c "CREATE INDEX t_b ON t (b)" >/dev/null
round() {
  q -c "INSERT INTO t SELECT g, 'r' || g FROM generate_series($1, $1 + 29999) g" -c "DELETE FROM t WHERE a < $1 + 29000" \
    -c "VACUUM t" -c "CHECKPOINT" >/dev/null
}
round 1
round 100001
s2=$(size)
round 200001
round 300001
round 400001
check "rounds of insert, delete and VACUUM reuse the freed pages (file size $s2)" "$s2" "$(size)"
check "what is left" "1000|429001|430000" "$(q -c "SELECT count(*), min(a), max(a) FROM t")"
check "index scans agree with seq scans after VACUUM (next process)" "1000|429001|430000
1000|429001|430000" "$(q -c "SET enable_seqscan = off" -c "SELECT count(*), min(a), max(a) FROM t WHERE a > 0" \
  -c "SELECT count(*), min(a), max(a) FROM t WHERE b >= 'r'" | grep -v '^SET$')"
check "a partly dead row group is kept" 'tuples: 0 removed, 5424 remain, 4434 are dead but not yet removable' \
  "$(q -c "DELETE FROM t WHERE a > 429990" -c "VACUUM VERBOSE t" | grep '^tuples')"
check "deleted keys can be inserted again" "INSERT 0 10|429995|again" \
  "$(q -c "INSERT INTO t SELECT g, 'again' FROM generate_series(429991, 430000) g" \
       -c "SELECT a, b FROM t WHERE a = 429995" | tr '\n' '|' | sed 's/|$//')"
check "CHECKPOINT after VACUUM; the next process reads the same" "1000" "$(q -c "CHECKPOINT" -c "SELECT count(*) FROM t" | grep -v CHECKPOINT)"

echo "nvac11_native_vacuum: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
