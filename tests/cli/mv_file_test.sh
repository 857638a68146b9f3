#!/bin/sh
# mv_file_test.sh SUNSTONE — materialized views of a database file (api/durable_image.c): a new
# process finds each one with the rows of its last REFRESH (not recomputed: the tables it reads
# changed since), an unpopulated one still unpopulated, its indexes, views and materialized views
# over it in dependency order, REFRESH and DROP stored too, and the
# file passes the check.
set -u
. "$(dirname "$0")/check_lib.sh"
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }

cd "$tmp" || exit 1
check "create" "CREATE TABLE
INSERT 0 10
SELECT 5
SELECT 1
CREATE VIEW
CREATE MATERIALIZED VIEW
CREATE INDEX
INSERT 0 1
CREATE SCHEMA
SELECT 11" "$(q -c "CREATE TABLE t (a int, b text)" -c "INSERT INTO t SELECT g, 'x' || g FROM generate_series(1, 10) g" \
  -c "CREATE MATERIALIZED VIEW mv AS SELECT a, b FROM t WHERE a > 5" \
  -c "CREATE MATERIALIZED VIEW mv2 AS SELECT count(*) AS n FROM mv" -c "CREATE VIEW v AS SELECT n * 2 AS n2 FROM mv2" \
  -c "CREATE MATERIALIZED VIEW empty_mv AS SELECT * FROM t WITH NO DATA" -c "CREATE INDEX mv_a ON mv (a)" \
  -c "INSERT INTO t VALUES (100, 'new')" -c "CREATE SCHEMA s" -c "CREATE MATERIALIZED VIEW s.\"All T\" AS SELECT * FROM t")"
check "a new process reads the stored rows" "5|6|10
10
11
ERROR:  materialized view \"empty_mv\" has not been populated" \
  "$(q -c "SELECT count(*), min(a), max(a) FROM mv" -c "SELECT n2 FROM v" -c "SELECT count(*) FROM s.\"All T\"" \
     -c "SELECT * FROM empty_mv" | head -4)"
check "its index is used" "1" "$(q -c "SET enable_seqscan = off" -c "EXPLAIN SELECT * FROM mv WHERE a = 7" | grep -c "index_scan")"
check "refresh, refresh a dependent one, drop" "REFRESH MATERIALIZED VIEW
REFRESH MATERIALIZED VIEW
REFRESH MATERIALIZED VIEW
DROP MATERIALIZED VIEW" "$(q -c "REFRESH MATERIALIZED VIEW mv" -c "REFRESH MATERIALIZED VIEW mv2" \
  -c "REFRESH MATERIALIZED VIEW empty_mv" -c "DROP MATERIALIZED VIEW s.\"All T\"")"
check "the next process sees the refreshes" "6
12
11
public|empty_mv
public|mv
public|mv2" "$(q -c "SELECT count(*) FROM mv" -c "SELECT n2 FROM v" -c "SELECT count(*) FROM empty_mv" \
  -c "SELECT schemaname, matviewname FROM pg_matviews ORDER BY 1, 2")"
check "a rolled-back refresh keeps the rows" "BEGIN
INSERT 0 1
REFRESH MATERIALIZED VIEW
ROLLBACK
6" "$(q -c "BEGIN" -c "INSERT INTO t VALUES (200, 'y')" -c "REFRESH MATERIALIZED VIEW mv" -c "ROLLBACK" \
  -c "SELECT count(*) FROM mv")"
check "the file is sound" "0" "$("$sunstone" check app.db > /dev/null 2>&1; echo $?)"
[ $fails -eq 0 ] || exit 1
echo "mv_file: $passes passed"
