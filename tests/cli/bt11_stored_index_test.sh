#!/bin/sh
# bt11_stored_index_test.sh SUNSTONE — btree indexes of native tables stored in the database
# file (native_btree, sunstone/index.h version 2): a file with a 1M-row table, its PRIMARY KEY
# and a bulk-built multi-column index is reopened and its indexes are opened, not built
# (sunstone_index_columns.reopened), answering as a sequential scan does; uniqueness, ON
# CONFLICT and a foreign key work through the reopened indexes; DESC / NULLS FIRST order
# survives; a key too long for a page is refused and changes nothing; DROP INDEX frees the
# index's pages (building it again does not grow the file); a memory table (of an in-memory
# database) keeps the in-memory "btree".
set -u
. "$(dirname "$0")/check_lib.sh"
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }
size() { wc -c < app.db | tr -d ' '; }

rows=${BT11_ROWS:-1000000} # fewer for a sanitizer run
key=$((rows * 7 / 9))
cd "$tmp" || exit 1
unset SUNSTONE_NEW_DATABASE_BACKEND
q -c "CREATE TABLE t (a int PRIMARY KEY, b text, c int)" \
  -c "INSERT INTO t SELECT g, 'v' || (g::int8 * 7919 % $rows), CASE WHEN g % 10 = 0 THEN NULL ELSE g % 97 END FROM generate_series(1, $rows) g" \
  -c "CREATE INDEX t_cb ON t (c DESC NULLS FIRST, b)" \
  -c "SELECT DISTINCT index_name, module, reopened FROM sunstone_index_columns ORDER BY 1" > made.out
check "the indexes are the native module's, built in the process that made them" "t_cb|native_btree|f
t_pkey|native_btree|f" "$(grep native_btree made.out)"
# a new process: opened from the file, not built from the table
check "reopened, not rebuilt" "t_cb|btree|native_btree|t
t_pkey|btree|native_btree|t" "$(q -c "SELECT DISTINCT index_name, method, module, reopened FROM sunstone_index_columns ORDER BY 1")"
check "a point lookup through the reopened primary key" "Index Cond: (a = $key)|v$((key * 7919 % rows))" \
  "$(q -c "EXPLAIN SELECT b FROM t WHERE a = $key" -c "SELECT b FROM t WHERE a = $key" | grep -o "Index Cond: (a = $key)\|^v[0-9]*$" | tr '\n' '|' | sed 's/|$//')"
seq=$(q -c "SELECT count(*), sum(a::int8) FROM t WHERE a BETWEEN 1000 AND $((rows * 9 / 10))" -c "SELECT count(*), sum(a::int8) FROM t WHERE c = 5" -c "SELECT count(*) FROM t WHERE c IS NULL")
check "index range scans agree with the sequential scan" "$seq" \
  "$(q -c "SET enable_seqscan = off" -c "SELECT count(*), sum(a::int8) FROM t WHERE a BETWEEN 1000 AND $((rows * 9 / 10))" \
       -c "SELECT count(*), sum(a::int8) FROM t WHERE c = 5" -c "SELECT count(*) FROM t WHERE c IS NULL" | grep -v '^SET$')"
ord="SELECT c, b FROM t WHERE c IS NULL OR c > 90 ORDER BY c DESC NULLS FIRST, b LIMIT 5"
check "DESC NULLS FIRST order from the index, as a sort gives it" \
  "$(q -c "SET enable_indexscan = off" -c "$ord" | grep -v '^SET$')" \
  "$(q -c "SET enable_seqscan = off" -c "SET enable_sort = off" -c "$ord" | grep -v '^SET$')"
check "that order is an index scan" "1" \
  "$(q -c "SET enable_seqscan = off" -c "SET enable_sort = off" -c "EXPLAIN $ord" | grep -c 'index_scan.*using t_cb')"
check "the reopened primary key refuses a duplicate" 'ERROR:  duplicate key value violates unique constraint "t_pkey"
DETAIL:  Key (a)=(42) already exists.' "$(q -c "INSERT INTO t VALUES (42, 'dup', 1)")"
check "ON CONFLICT through it" "INSERT 0 1
$((rows + 1))" "$(q -c "INSERT INTO t VALUES (42, 'dup', 1), ($((rows + 1)), 'new', 1) ON CONFLICT (a) DO NOTHING" -c "SELECT count(*) FROM t")"
check "a foreign key checks through it after reopening" "ERROR:  insert or update on table \"r\" violates foreign key constraint \"r_a_fkey\"
DETAIL:  Key (a)=($((rows * 2))) is not present in table \"t\".
INSERT 0 1" "$(q -c "CREATE TABLE r (a int REFERENCES t)" -c "INSERT INTO r VALUES ($((rows * 2)))" -c "INSERT INTO r VALUES (7)" | grep -v '^CREATE TABLE$')"
long=$(awk 'BEGIN { for (i = 0; i < 2100; i++) printf "x" }')
check "a key too long for the index is refused, nothing changes" "ERROR:  index row size 2120 exceeds native btree maximum 2000 for index \"t_cb\"
HINT:  Values larger than 1/4 of a buffer page cannot be indexed.
0" "$(q -c "INSERT INTO t VALUES ($((rows * 3)), '$long', 1)" -c "SELECT count(*) FROM t WHERE a = $((rows * 3))")"
# DROP INDEX frees the pages: building the same index again reuses them
q -c "CHECKPOINT" >/dev/null
s1=$(size)
q -c "DROP INDEX t_cb" -c "CHECKPOINT" >/dev/null
q -c "CREATE INDEX t_cb ON t (c DESC NULLS FIRST, b)" -c "CHECKPOINT" >/dev/null
check "DROP INDEX frees its pages (the file stays at $s1 bytes)" "$s1" "$(size)"
check "a memory table's index stays the in-memory btree" "m_a_idx|btree" \
  "$("$sunstone" -X -A -t -c "CREATE TABLE m (a int) USING memory" -c "CREATE INDEX ON m (a)" -c "SELECT index_name, module FROM sunstone_index_columns WHERE table_name = 'm'" 2>&1 | grep -v '^CREATE')"
echo "bt11_stored_index: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
