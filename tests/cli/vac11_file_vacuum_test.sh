#!/bin/sh
# vac11_file_vacuum_test.sh SUNSTONE — VACUUM, CHECKPOINT and time travel on a database file
# (storage.h version 7; tests/CMakeLists.txt runs it on lmdb and on native files): VACUUM
# deletes the dead versions and the index agrees with the table in the next process (the
# deleted rows are the first 8192, a whole row group of the native backend, which reclaims
# whole row groups only); AS OF within one opening reads old versions before and
# after VACUUM; xids are never reused by a later opening (xid_floor), so AS OF TRANSACTION of
# an earlier opening's xid is an unknown transaction; AS OF TIMESTAMP before the opening is
# 0A000 (the commit history is not stored in the file).
set -u
. "$(dirname "$0")/check_lib.sh"
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }

cd "$tmp" || exit 1
check "VACUUM VERBOSE on a file" 'INFO:  vacuuming "sunstone.public.t"
INFO:  finished vacuuming "sunstone.public.t": index scans: 1
tuples: 8192 removed, 808 remain, 0 are dead but not yet removable
CHECKPOINT' "$(q -c "CREATE TABLE t (a int PRIMARY KEY, b text)" \
  -c "INSERT INTO t SELECT g, 'r' || g FROM generate_series(1, 9000) g" -c "DELETE FROM t WHERE a <= 8192" \
  -c "VACUUM (VERBOSE) t" -c "CHECKPOINT" | grep -v '^VACUUM$\|^CREATE TABLE$\|^INSERT 0 9000$\|^DELETE 8192$')"
check "the next process: nothing left to reclaim" 'tuples: 0 removed, 808 remain, 0 are dead but not yet removable' \
  "$(q -c "VACUUM VERBOSE t" | grep '^tuples')"
check "index scan agrees with the table after reopening" "808|9000" \
  "$(q -c "SET enable_seqscan = off" -c "SELECT count(*), max(a) FROM t WHERE a > 0" | grep -v '^SET$')"
check "a vacuumed key can be inserted again" "INSERT 0 1" "$(q -c "INSERT INTO t VALUES (2000, 'again')")"

# time travel within one opening, around VACUUM (retention on)
xid=$(q -c "BEGIN" -c "SELECT txid_current()" -c "COMMIT" | sed -n 2p)
script="SET sunstone.history_retention = '1 hour';
BEGIN;
UPDATE t SET b = 'new' WHERE a > 8990;
SELECT txid_current() AS x \\gset
COMMIT;
DELETE FROM t WHERE a > 8995;
SELECT count(*) FROM t WHERE b = 'new';
SELECT count(*) FROM t AS OF TRANSACTION :x WHERE b = 'new';
VACUUM t;
SELECT count(*) FROM t AS OF TRANSACTION :x WHERE b = 'new';
SELECT :x > $xid;"
check "AS OF on a database file, before and after VACUUM; xids grow across openings" "SET
BEGIN
UPDATE 10
COMMIT
DELETE 5
5
10
VACUUM
10
t" "$(printf '%s\n' "$script" | q)"
check "AS OF TIMESTAMP before this opening" 'ERROR:  feature not supported: AS OF TIMESTAMP before this opening of the database file (its commit history is not stored in the file)' \
  "$(q -c "SELECT count(*) FROM t AS OF TIMESTAMP '2020-01-01'")"
check "an earlier opening's xid is not another transaction" "ERROR:  transaction $xid is not a committed transaction" \
  "$(q -c "SELECT count(*) FROM t AS OF TRANSACTION $xid")"
check "VACUUM of a missing table" 'ERROR:  relation "nosuch" does not exist' "$(q -c "VACUUM nosuch")"

echo "vac11_file_vacuum: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
