#!/bin/sh
# vac11_file_vacuum_test.sh SUNSTONE — VACUUM, CHECKPOINT and time travel on a database file
# (storage.h version 7; tests/CMakeLists.txt runs it on lmdb and on native files): VACUUM
# deletes the dead versions and the index agrees with the table in the next process (the
# deleted rows are the first 8192, a whole row group of the native backend, which reclaims
# whole row groups only); AS OF within one opening reads old versions before and
# after VACUUM; xids are never reused by a later opening (xid_floor); (hist11) the commit
# history is stored in the file, so AS OF TRANSACTION of an earlier opening's commit reads as
# of it, and AS OF TIMESTAMP before the file's first commit is 22023.
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
# (hist11) the commit history is stored in the file (storage.h version 9)
first=$(q -c "SELECT count(*) FROM t AS OF TIMESTAMP '2020-01-01'")
case "$first" in
"ERROR:  AS OF TIMESTAMP '2020-01-01' is before the first commit of the database
DETAIL:  The first commit was at "*) check "AS OF TIMESTAMP before the file's first commit" ok ok ;;
*) check "AS OF TIMESTAMP before the file's first commit" "ERROR:  AS OF TIMESTAMP '2020-01-01' is before ..." "$first" ;;
esac
check "an earlier opening's commit reads as of it (the 5 rows deleted after it are there)" "809
804" "$(q -c "SELECT count(*) FROM t AS OF TRANSACTION $xid" -c "SELECT count(*) FROM t")"
check "VACUUM of a missing table" 'ERROR:  relation "nosuch" does not exist' "$(q -c "VACUUM nosuch")"

echo "vac11_file_vacuum: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
