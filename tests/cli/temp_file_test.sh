#!/bin/sh
# temp_file_test.sh SUNSTONE — temporary tables of a database file: they live in memory, are
# their session's (serial, indexes, ON COMMIT, temporary views and CREATE TEMP TABLE AS work
# as in an in-memory database), and nothing of them is stored: the next process neither sees
# them nor finds a damaged file; a permanent table of the same session is stored as usual.
set -u
. "$(dirname "$0")/check_lib.sh"
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }

cd "$tmp" || exit 1
check "temporary tables in one process" "CREATE TABLE
INSERT 0 2
CREATE TABLE
INSERT 0 1
INSERT 0 1
BEGIN
INSERT 0 1
ROLLBACK
CREATE INDEX
1|d|1
2|d|2
SELECT 2
CREATE VIEW
1|one
CREATE TABLE
BEGIN
INSERT 0 1
1
COMMIT
0
pg_temp_3|t2|table
pg_temp_3|t3|table
pg_temp_3|tmp|table
public|p|table" "$(q -c "CREATE TABLE p (id int PRIMARY KEY, v text)" -c "INSERT INTO p VALUES (1, 'one'), (2, 'two')" \
  -c "CREATE TEMP TABLE tmp (id serial PRIMARY KEY, x text DEFAULT 'd', p_id int)" \
  -c "INSERT INTO tmp (p_id) VALUES (1)" -c "INSERT INTO tmp (p_id) VALUES (2)" \
  -c "BEGIN" -c "INSERT INTO tmp (x, p_id) VALUES ('rolled', 1)" -c "ROLLBACK" \
  -c "CREATE INDEX ON tmp (x)" -c "SELECT * FROM tmp WHERE x = 'd' ORDER BY id" \
  -c "CREATE TEMP TABLE t2 AS SELECT * FROM p" \
  -c "CREATE TEMP VIEW tv AS SELECT p.* FROM tmp JOIN p ON p.id = tmp.p_id WHERE tmp.id = 1" -c "SELECT * FROM tv" \
  -c "CREATE TEMP TABLE t3 (a int) ON COMMIT DELETE ROWS" -c "BEGIN" -c "INSERT INTO t3 VALUES (1)" \
  -c "SELECT count(*) FROM t3" -c "COMMIT" -c "SELECT count(*) FROM t3" \
  -c "SELECT schemaname, tablename, 'table' FROM pg_tables ORDER BY 1, 2")"
check "a temporary table of another backend is refused" \
  'ERROR:  feature not supported: temporary tables of storage backend "lmdb" on a database file' \
  "$(q -c "CREATE TEMP TABLE t4 (a int) USING lmdb" | head -1)"
check "the next process sees the permanent table only" "public|p
2
ERROR:  relation \"tmp\" does not exist" "$(q -c "SELECT schemaname, tablename FROM pg_tables ORDER BY 1, 2" -c "SELECT count(*) FROM p" -c "SELECT * FROM tmp" | head -3)"
check "the file is sound" "0" "$("$sunstone" check app.db > /dev/null 2>&1; echo $?)"
[ $fails -eq 0 ] || exit 1
echo "temp_file: $passes passed"
