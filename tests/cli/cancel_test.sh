#!/bin/sh
# cancel_test.sh SUNSTONE — Ctrl-C (SIGINT) while the shell runs a long statement, as psql:
# "Cancel request sent", then "ERROR:  canceling statement due to user request"; a script
# stops there with exit code 3 (-c: exit code 1), and also when Ctrl-C comes between statements.  The time from the signal to the exit is
# printed and must stay under a generous bound.
set -u
sunstone=$(realpath "$1")
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { fails=$((fails + 1)); printf 'FAIL %s\n' "$1"; }

# Each of the 8 rows costs ~2.5e9 LIKE steps: the query runs for minutes unless cancelled.
cat > "$tmp/long.sql" <<'SQL'
CREATE TABLE big (b text);
INSERT INTO big VALUES (repeat('b', 100000));
INSERT INTO big SELECT b FROM big;
INSERT INTO big SELECT b FROM big;
INSERT INTO big SELECT b FROM big;
SELECT 'started' AS s;
SELECT count(*) FROM big WHERE b LIKE '%' || repeat('b', 50000) || 'c';
SELECT 'not reached' AS s;
SQL

# run_cancelled NAME ARGS...: starts the shell, sends SIGINT 300 ms after "started" shows up
run_cancelled() {
  name=$1; shift
  "$sunstone" -X "$@" > "$tmp/out" 2> "$tmp/err" &
  pid=$!
  i=0
  while ! grep -q started "$tmp/out" 2>/dev/null && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
  sleep 0.3
  start=$(date +%s%N)
  kill -INT $pid
  # bounded wait: a shell that ignores the signal is killed after 20 s
  i=0
  while kill -0 $pid 2>/dev/null && [ $i -lt 400 ]; do sleep 0.05; i=$((i + 1)); done
  kill -0 $pid 2>/dev/null && { kill -KILL $pid; fail "$name: still running 20 s after SIGINT"; }
  wait $pid
  rc=$?
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  echo "$name: SIGINT to exit ${ms} ms"
  [ "$ms" -lt 2000 ] || fail "$name: took ${ms} ms"
}

run_cancelled script -A -t -f "$tmp/long.sql"
[ "$rc" = 3 ] || fail "script: exit code $rc, expected 3"
[ "$(cat "$tmp/err")" = "Cancel request sent
sunstone:$tmp/long.sql:7: ERROR:  canceling statement due to user request" ] || { fail "script: stderr"; cat "$tmp/err"; }
grep -q "not reached" "$tmp/out" && fail "script: went on after the cancel"

sed -n 1,6p "$tmp/long.sql" | tr '\n' ' ' > "$tmp/setup.sql"
run_cancelled "-c" -A -t -c "$(cat "$tmp/setup.sql")" -c "SELECT count(*) FROM big WHERE b LIKE '%' || repeat('b', 50000) || 'c'"
[ "$rc" = 1 ] || fail "-c: exit code $rc, expected 1"
[ "$(cat "$tmp/err")" = "Cancel request sent
ERROR:  canceling statement due to user request" ] || { fail "-c: stderr"; cat "$tmp/err"; }

# pg_sleep is cancellable: it checks the interrupt flag between short sleeps.
run_cancelled "pg_sleep" -A -t -c "SELECT 'started' AS s" -c "SELECT pg_sleep(600)"
[ "$rc" = 1 ] || fail "pg_sleep: exit code $rc, expected 1"
[ "$(cat "$tmp/err")" = "Cancel request sent
ERROR:  canceling statement due to user request" ] || { fail "pg_sleep: stderr"; cat "$tmp/err"; }
run_cancelled "pg_sleep_for" -A -t -c "SELECT 'started' AS s" -c "SELECT pg_sleep_for('10 minutes')"
[ "$rc" = 1 ] || fail "pg_sleep_for: exit code $rc, expected 1"

# Ctrl-C while a script waits between statements: it stops there, silently, with exit code 3.
: > "$tmp/out"
(echo "SELECT 'started' AS s;"; sleep 2; echo "SELECT 'not reached' AS s;") |
  "$sunstone" -X -A -t > "$tmp/out" 2> "$tmp/err" &
pid=$!
i=0
while ! grep -q started "$tmp/out" 2>/dev/null && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
kill -INT $pid
wait $pid
rc=$?
[ "$rc" = 3 ] || fail "idle script: exit code $rc, expected 3"
[ "$(cat "$tmp/out")" = "started" ] || { fail "idle script: stdout"; cat "$tmp/out"; }
[ -s "$tmp/err" ] && { fail "idle script: stderr"; cat "$tmp/err"; }

[ $fails -eq 0 ] && echo "cancel_test: all passed"
exit $fails
