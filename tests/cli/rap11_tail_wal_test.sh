#!/bin/sh
# rap11_tail_wal_test.sh SUNSTONE — small INSERTs on a native file log WAL proportional to their
# rows (issue 11, rap11: the open tail, native_tail.c): 1000 single-row autocommit INSERTs
# must write well under 1 MB of WAL (before: every one rewrote the table's 1024-row tail row
# group, about 72 MB). Then the rows survive a reopen, a tail sealed into a compressed row
# group keeps its row ids (the index finds the rows), UPDATE / DELETE / a rolled-back
# savepoint on tail rows, VACUUM, and `sunstone check` finds no problem.
set -u
. "$(dirname "$0")/check_lib.sh"
cd "$tmp" || exit 1
unset SUNSTONE_NEW_DATABASE_BACKEND
q() { "$sunstone" -X -A -t w.db "$@" 2>&1; }
q -c "CREATE TABLE t (id int PRIMARY KEY, v text, f float8, b bool)" >/dev/null
{
  echo "CHECKPOINT;"
  echo "\\! stat -c %s w.db-wal"
  i=1
  while [ $i -le 1000 ]; do
    if [ $((i % 7)) -eq 0 ]; then
      echo "INSERT INTO t VALUES ($i, NULL, NULL, NULL);"
    else
      echo "INSERT INTO t VALUES ($i, 'row $i', $i.5, $((i % 2)) = 0);"
    fi
    i=$((i + 1))
  done
  echo "\\! stat -c %s w.db-wal"
} > ins.sql
out=$(q -f ins.sql | grep -E '^[0-9]+$')
base=$(echo "$out" | sed -n 1p)
after=$(echo "$out" | sed -n 2p)
wal=$((after - base))
echo "WAL of 1000 single-row INSERTs: $wal bytes"
check "WAL of 1000 single-row INSERTs under 1 MB ($wal bytes)" "ok" "$([ -n "$after" ] && [ "$wal" -lt 1000000 ] && echo ok)"
check "rows after reopen" "1000|500500|142|858|429" \
  "$(q -c "SELECT count(*), sum(id), count(*) FILTER (WHERE v IS NULL), count(f), count(*) FILTER (WHERE b) FROM t")"
check "a value" "row 500|500.5|t" "$(q -c "SELECT v, f, b FROM t WHERE id = 500")"
# more single-row inserts fill and seal the tail (1024 rows) and start a new one
{
  i=1001
  while [ $i -le 1100 ]; do echo "INSERT INTO t VALUES ($i, 'row $i', 0, true);"; i=$((i + 1)); done
} > more.sql
q -f more.sql >/dev/null
check "index after sealing" "row 5|row 1020|row 1030" \
  "$(q -c "SELECT string_agg(v, '|' ORDER BY id) FROM t WHERE id IN (1020, 1030, 5)")"
check "update and delete tail rows" "UPDATE 10|DELETE 5" \
  "$(q -c "UPDATE t SET v = 'u' WHERE id > 1090" -c "DELETE FROM t WHERE id BETWEEN 1081 AND 1085" | tr '\n' '|' | sed 's/|$//')"
q -c "BEGIN" -c "INSERT INTO t VALUES (5000, 'a', 0, true)" -c "SAVEPOINT s" -c "INSERT INTO t VALUES (5001, 'b', 0, true)" \
  -c "UPDATE t SET v = 'gone' WHERE id = 1099" -c "ROLLBACK TO SAVEPOINT s" -c "COMMIT" >/dev/null
check "after the savepoint" "1096|10|5000" \
  "$(q -c "SELECT count(*), count(*) FILTER (WHERE v = 'u'), max(id) FROM t")"
q -c "DELETE FROM t WHERE id <= 1024" -c "VACUUM t" >/dev/null
check "after VACUUM" "72|1025|5000" "$(q -c "SELECT count(*), min(id), max(id) FROM t")"
out=$("$sunstone" check w.db 2>&1); rc=$?
check "sunstone check" "0|w.db: no problems found" "$rc|$out"
echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
