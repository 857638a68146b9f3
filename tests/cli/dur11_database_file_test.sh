#!/bin/sh
# dur11_database_file_test.sh SUNSTONE — database files across processes (api/durable.c, the
# lmdb backend): a table created and filled by one process is read by the next; rolled-back
# transactions and savepoints, and a transaction whose process was killed (SIGKILL) before
# COMMIT, leave nothing behind; indexes, constraints and DROP TABLE persist; DDL the stored
# catalog cannot represent yet is refused (0A000) and changes nothing; a second process gets
# a clear error while the file is open, and a file that is not a database is left unchanged.
set -u
. "$(dirname "$0")/check_lib.sh"
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }

cd "$tmp" || exit 1
check "create and insert" "CREATE TABLE
INSERT 0 1" "$(q -c "CREATE TABLE t (a int primary key, b text)" -c "INSERT INTO t VALUES (1,'x')")"
check "a new process reads the row" "1|x" "$(q -c "SELECT * FROM t")"

q -c "BEGIN" -c "INSERT INTO t VALUES (2, 'rolled back')" -c "ROLLBACK" \
  -c "BEGIN" -c "INSERT INTO t VALUES (3, 'kept')" -c "SAVEPOINT s" -c "INSERT INTO t VALUES (4, 'undone')" \
  -c "ROLLBACK TO s" -c "UPDATE t SET b = 'y' WHERE a = 1" -c "COMMIT" \
  -c "INSERT INTO t VALUES (5, 'fails'), (1, 'duplicate')" -c "DELETE FROM t WHERE a = 3" >/dev/null
check "rollbacks, savepoints, a failed statement" "1|y" "$(q -c "SELECT * FROM t ORDER BY a")"
check "the primary key holds after reopening" 'ERROR:  duplicate key value violates unique constraint "t_pkey"
DETAIL:  Key (a)=(1) already exists.' "$(q -c "INSERT INTO t VALUES (1, 'again')")"

# a transaction whose process dies before COMMIT
printf "INSERT INTO t VALUES (10, 'committed');\nBEGIN;\nINSERT INTO t SELECT g, 'uncommitted' FROM generate_series(100, 3000) g;\nUPDATE t SET b = 'uncommitted' WHERE a = 1;\nSELECT 'written';\nSELECT pg_sleep(60);\n" > crash.sql
"$sunstone" -X -A -t app.db -f crash.sql > crash.out 2>&1 &
pid=$!
i=0
while [ $i -lt 600 ] && ! grep -q written crash.out; do # its writes are in the file, uncommitted
  sleep 0.1
  i=$((i + 1))
done
kill -9 $pid
wait $pid 2>/dev/null
check "a killed transaction left nothing" "1|y
10|committed" "$(q -c "SELECT * FROM t ORDER BY a")"

# synchronous_commit = off: the commit is not synced, yet kept by a process that exits
q -c "SET synchronous_commit = off" -c "INSERT INTO t VALUES (20, 'unsynced')" >/dev/null
check "synchronous_commit off" "20|unsynced" "$(q -c "SELECT * FROM t WHERE a = 20")"
q -c "DELETE FROM t WHERE a = 20" >/dev/null

# indexes, constraints, defaults, more than one batch, DROP TABLE
q -c "CREATE TABLE u (k int NOT NULL DEFAULT 5, v numeric CHECK (v > 0), s text)" \
  -c "INSERT INTO u (v, s) SELECT g, repeat('s', g % 50) FROM generate_series(1, 3000) g" -c "CREATE INDEX u_v ON u (v)" \
  -c "CREATE TABLE gone (a int)" -c "INSERT INTO gone VALUES (1)" -c "DROP TABLE gone" >/dev/null
check "a second table" "3000|4501500|5|73500" "$(q -c "SELECT count(*), sum(v), min(k), sum(length(s)) FROM u")"
check "its constraints" 'ERROR:  new row for relation "u" violates check constraint "u_v_check"
DETAIL:  Failing row contains (5, -1, null).' "$(q -c "INSERT INTO u (v) VALUES (-1)")"
check "its index" '"u_v" btree (v)' "$(q -c "SELECT indexes FROM sunstone_tables WHERE name = 'u'")"
check "a dropped table stays dropped" 'ERROR:  relation "gone" does not exist
LINE 1: SELECT * FROM gone
                      ^' "$(q -c "SELECT * FROM gone")"

# what the stored catalog cannot represent yet is refused and changes nothing (a materialized
# view it can, a temporary table stays in memory)
check "a materialized view is stored, and dropped" "SELECT 1
DROP MATERIALIZED VIEW" \
  "$(q -c "CREATE MATERIALIZED VIEW mv AS SELECT 1" -c "DROP MATERIALIZED VIEW mv")"
check "a temporary table lives in memory, not in the file" "CREATE TABLE" \
  "$(q -c "CREATE TEMP TABLE tt (a int)" | head -1)"
check "another backend refused" 'ERROR:  feature not supported: tables of storage backend "memory" on a database file' \
  "$(q -c "CREATE TABLE m (a int) USING memory" | head -1)"
check "the catalog as it was" "t
u" "$(q -c "SELECT name FROM sunstone_tables ORDER BY name")"

# one process at a time; a file that is not a database
printf "SELECT pg_sleep(3);\n" > hold.sql
"$sunstone" -X app.db -f hold.sql >/dev/null 2>&1 &
holder=$!
sleep 1
out=$("$sunstone" -X app.db -c "SELECT 1" 2>&1); rc=$?
check "a second process is refused" '2|sunstone: error: could not open database "app.db": database file "app.db" is in use by another process' "$rc|$out"
wait $holder
printf 'not a database\n' > other.txt
out=$("$sunstone" -X other.txt -c "SELECT 1" 2>&1); rc=$?
check "not a database" '2|sunstone: error: could not open database "other.txt": file "other.txt" is not a Sunstone database' "$rc|$out"
check "left unchanged" "not a database" "$(cat other.txt)"

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
