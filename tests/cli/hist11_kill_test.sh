#!/bin/sh
# hist11_kill_test.sh SUNSTONE [KILLS] — (hist11) the commit history of a database file
# survives SIGKILL (tests/CMakeLists.txt runs it on native and on lmdb files, the backend
# from SUNSTONE_NEW_DATABASE_BACKEND): a child process runs small transactions (each inserts
# its batch number b in a released savepoint and -b in a rolled-back one, and prints its xid)
# under sunstone.history_retention_commits, and is killed at a random moment, KILLS times
# (default 3) on the same file, so that the history spans several openings.  After every
# kill a new process reads AS OF TRANSACTION of every commit acknowledged so far: each reads
# exactly the batches 1..b (count b, max b, no negative row), and the file opens again.
set -u
sunstone=$(realpath "$1")
kills=${2:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
"$sunstone" -X -q -A -t k.db -c "CREATE TABLE k (b int)" >/dev/null || exit 1
fails=0
: > acked # "b xid" of every acknowledged commit
i=0
while [ "$i" -lt "$kills" ]; do
  i=$((i + 1))
  m=$("$sunstone" -X -A -t k.db -c "SELECT coalesce(max(b), 0) FROM k" 2>&1)
  case "$m" in
  '' | *[!0-9]*)
    printf 'FAIL after kill %d: the table reads\n%s\n' "$((i - 1))" "$(echo "$m" | head -5)"
    exit 1 ;;
  esac
  awk -v from="$((m + 1))" 'BEGIN { print "SET sunstone.history_retention_commits = 1000000;";
    for (b = from; b < from + 100000; b++) {
      printf "BEGIN;\nSAVEPOINT s;\nINSERT INTO k VALUES (%d);\nRELEASE s;\n", b;
      printf "SAVEPOINT r;\nINSERT INTO k VALUES (-%d);\nROLLBACK TO r;\n", b;
      printf "SELECT %d, txid_current();\nCOMMIT;\n\\echo acked %d\n", b, b } }' > w.sql
  "$sunstone" -X -q -A -t k.db -f w.sql > w.out 2>&1 &
  pid=$!
  sleep "$(awk -v s="$i" 'BEGIN { srand(s * 7919); printf "%.2f", 0.3 + rand() * 0.9 }')"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  # a commit is acknowledged when its "acked" line follows its xid line
  awk -F'|' '/^[0-9]+\|[0-9]+$/ { b = $1; x = $2 } /^acked / { if ($0 == "acked " b) print b, x }' w.out >> acked
  awk '{ printf "SELECT %d, count(*), max(b), count(*) FILTER (WHERE b < 0) FROM k AS OF TRANSACTION %d;\n", $1, $2 }' acked > c.sql
  expect=$(awk '{ printf "%d|%d|%d|0\n", $1, $1, $1 }' acked)
  got=$("$sunstone" -X -q -A -t k.db -f c.sql 2>&1)
  if [ "$got" != "$expect" ]; then
    fails=$((fails + 1))
    printf 'FAIL after kill %d: AS OF of the acknowledged commits\n%s\n' "$i" \
      "$(printf '%s\n' "$got" | diff - "$(printf '%s\n' "$expect" > e.txt; echo e.txt)" | head -10)"
  fi
done
echo "$kills kills, $(wc -l < acked | tr -d ' ') acknowledged commits read as of, $fails failures"
[ "$fails" -eq 0 ]
