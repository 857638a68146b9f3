#!/bin/sh
# hist11_history_test.sh SUNSTONE — (hist11) the commit history kept with a database file
# (storage.h version 9; tests/CMakeLists.txt runs it on native and on lmdb files): a first
# process makes several commits (inserts, an update, a delete, released and rolled-back
# savepoints) and prints each one's xid and a time after it; a second process reads AS OF
# TRANSACTION and AS OF TIMESTAMP of each and gets exactly the rows of then, makes commits of
# its own and creates a table; a third reads as of both openings' commits; then VACUUM with
# sunstone.history_retention_commits = 3 forgets the older history, in the file too (a fourth
# process still finds it forgotten, the kept commits readable); errors: a time before the
# first commit (22023 with its DETAIL), a subtransaction's or an unknown xid (22023), a
# relation made after the commit (0A000), a forgotten commit (72000).
set -u
. "$(dirname "$0")/check_lib.sh"
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }
cd "$tmp" || exit 1

out=$(q <<'SQL'
CREATE TABLE t (a int, b text);
BEGIN; INSERT INTO t VALUES (1, 'one'), (2, 'two'); SELECT 'X', txid_current(); COMMIT;
SELECT 'T', clock_timestamp();
BEGIN; INSERT INTO t VALUES (3, 'three'); SAVEPOINT s; INSERT INTO t VALUES (4, 'sub'); RELEASE s;
SAVEPOINT r; INSERT INTO t VALUES (5, 'rolled back'); ROLLBACK TO r; SELECT 'X', txid_current(); COMMIT;
SELECT 'T', clock_timestamp();
BEGIN; UPDATE t SET b = 'TWO' WHERE a = 2; SELECT 'X', txid_current(); COMMIT;
SELECT 'T', clock_timestamp();
BEGIN; DELETE FROM t WHERE a = 1; SELECT 'X', txid_current(); COMMIT;
SELECT 'T', clock_timestamp();
SQL
)
x=$(echo "$out" | grep '^X|' | cut -d'|' -f2 | tr '\n' ' ')
ts=$(echo "$out" | grep '^T|' | cut -d'|' -f2 | tr '\n' '|')
set -- $x
x1=$1 x2=$2 x3=$3 x4=$4
t1=$(echo "$ts" | cut -d'|' -f1) t2=$(echo "$ts" | cut -d'|' -f2) t3=$(echo "$ts" | cut -d'|' -f3) t4=$(echo "$ts" | cut -d'|' -f4)
check "the first process's commits" "4 commits" "$(echo "$x" | wc -w | tr -d ' ') commits"

rows1='1|one
2|two'
rows2='1|one
2|two
3|three
4|sub'
rows3='1|one
2|TWO
3|three
4|sub'
rows4='2|TWO
3|three
4|sub'
as_of() { # as_of CLAUSE: t's rows as of it
  q -c "SELECT * FROM t AS OF $1 ORDER BY a"
}
check "reopened: AS OF TRANSACTION of the first commit" "$rows1" "$(as_of "TRANSACTION $x1")"
check "reopened: AS OF TRANSACTION of the savepoints' commit" "$rows2" "$(as_of "TRANSACTION $x2")"
check "reopened: AS OF TRANSACTION of the update" "$rows3" "$(as_of "TRANSACTION $x3")"
check "reopened: AS OF TRANSACTION of the delete" "$rows4" "$(as_of "TRANSACTION $x4")"
check "reopened: AS OF TIMESTAMP after the first commit" "$rows1" "$(as_of "TIMESTAMP '$t1'")"
check "reopened: AS OF TIMESTAMP after the second" "$rows2" "$(as_of "TIMESTAMP '$t2'")"
check "reopened: AS OF TIMESTAMP after the third" "$rows3" "$(as_of "TIMESTAMP '$t3'")"
check "reopened: AS OF TIMESTAMP after the fourth" "$rows4" "$(as_of "TIMESTAMP '$t4'")"
check "reopened: the rows of now" "$rows4" "$(q -c "SELECT * FROM t ORDER BY a")"
sub=$((x2 + 1)) # the released savepoint's xid: assigned just after its transaction's
check "a subtransaction's xid is not a commit" "ERROR:  transaction $sub is not a committed transaction" \
  "$(as_of "TRANSACTION $sub")"
first=$(q -c "SELECT count(*) FROM t AS OF TIMESTAMP '2020-01-01'")
case "$first" in
"ERROR:  AS OF TIMESTAMP '2020-01-01' is before the first commit of the database
DETAIL:  The first commit was at "*) check "a time before the first commit" ok ok ;;
*) check "a time before the first commit" "ERROR:  AS OF TIMESTAMP '2020-01-01' is before the first commit ..." "$first" ;;
esac

# the second opening writes, the third reads as of both
out=$(q <<'SQL'
BEGIN; UPDATE t SET b = 'THREE' WHERE a = 3; SELECT 'X', txid_current(); COMMIT;
CREATE TABLE u (k int);
INSERT INTO u VALUES (7);
SQL
)
x5=$(echo "$out" | grep '^X|' | cut -d'|' -f2)
check "a later opening's xids are above the earlier ones" t "$(q -c "SELECT $x5 > $x4")"
rows5='2|TWO
3|THREE
4|sub'
check "third opening: as of the first opening's second commit" "$rows2" "$(as_of "TRANSACTION $x2")"
check "third opening: as of the first opening's last commit" "$rows4" "$(as_of "TRANSACTION $x4")"
check "third opening: as of the second opening's commit" "$rows5" "$(as_of "TRANSACTION $x5")"
check "a relation made after the commit read as of" \
  'ERROR:  feature not supported: AS OF before relation "u" was created or rewritten' \
  "$(q -c "SELECT * FROM u AS OF TRANSACTION $x4")"
check "an unknown xid" "ERROR:  transaction 900000 is not a committed transaction" "$(as_of "TRANSACTION 900000")"

# VACUUM under a retention of the last 3 commits (the update, CREATE TABLE u, the INSERT) forgets the older history, in the file too
check "VACUUM with a retention of 3 commits" "SET
VACUUM
ERROR:  snapshot too old
$rows5" "$(q -c "SET sunstone.history_retention_commits = 3" -c "VACUUM" \
  -c "SELECT * FROM t AS OF TRANSACTION $x1 ORDER BY a" -c "SELECT * FROM t AS OF TRANSACTION $x5 ORDER BY a" | grep -v '^DETAIL\|^HINT')"
check "reopened after VACUUM: the forgotten commit stays forgotten" "ERROR:  snapshot too old" \
  "$(q -c "SELECT * FROM t AS OF TRANSACTION $x2" | grep -v '^DETAIL\|^HINT')"
check "reopened after VACUUM: a kept commit still reads" "$rows5" "$(as_of "TRANSACTION $x5")"

# the history's pages are pages of the file like any other: the integrity check knows them
check "sunstone check of a file with stored history" "app.db: no problems found" "$("$sunstone" check app.db 2>&1)"

echo "hist11_history: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
