#!/bin/sh
# transaction_stop_test.sh SUNSTONE — Sunstone refuses transaction statements (0A000), so a
# script that goes on after a refused BEGIN would commit, one statement at a time, what it
# meant to roll back.  The shell stops -f scripts, piped input and -c actions there with exit
# code 3, unless ON_TRANSACTION_STOP is off.
set -u
sunstone=$(realpath "$1")
fails=0
passes=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # check NAME EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then
    passes=$((passes + 1))
  else
    fails=$((fails + 1))
    printf 'FAIL %s\n--- expected\n%s\n--- actual\n%s\n' "$1" "$2" "$3"
  fi
}

cd "$tmp" || exit 1
refused='ERROR:  feature not supported: transaction control statements'
stop='stopping: transactions are not supported, so each statement after this one would commit on its own (\set ON_TRANSACTION_STOP off to go on)'
printf 'CREATE TABLE t (a int);\nBEGIN;\nINSERT INTO t VALUES (1);\nROLLBACK;\nSELECT count(*) FROM t;\n' > tx.sql

"$sunstone" -X -A -t -f tx.sql > out.txt 2> err.txt; rc=$?
check "-f exit code" "3" "$rc"
check "-f output" "CREATE TABLE" "$(cat out.txt)"
check "-f errors" "sunstone:tx.sql:2: $refused
sunstone:tx.sql:2: error: $stop" "$(cat err.txt)"

"$sunstone" -X -A -t < tx.sql > out.txt 2> err.txt; rc=$?
check "stdin exit code" "3" "$rc"
check "stdin output" "CREATE TABLE" "$(cat out.txt)"
check "stdin errors" "$refused
$stop" "$(cat err.txt)"

"$sunstone" -X -A -t -c "CREATE TABLE t (a int)" -c "start transaction" -c "INSERT INTO t VALUES (1)" > out.txt 2> err.txt; rc=$?
check "-c exit code" "3" "$rc"
check "-c output" "CREATE TABLE" "$(cat out.txt)"
check "-c errors" "$refused
$stop" "$(cat err.txt)"

# Savepoints and the end of a transaction block are refused and stop the script as well.
for stmt in "COMMIT" "END" "ABORT" "SAVEPOINT s" "RELEASE SAVEPOINT s" "ROLLBACK TO SAVEPOINT s" \
            "PREPARE TRANSACTION 'x'" "COMMIT PREPARED 'x'"; do
  out=$(printf '%s;\nSELECT 1;\n' "$stmt" | "$sunstone" -X -A -t 2>/dev/null); rc=$?
  check "$stmt stops" "3:" "$rc:$out"
done

# Switched off, the script goes on past both refusals (and the INSERT is committed).
"$sunstone" -X -A -t -v ON_TRANSACTION_STOP=off -f tx.sql > out.txt 2> err.txt; rc=$?
check "off exit code" "0" "$rc"
check "off output" "CREATE TABLE
INSERT 0 1
1" "$(cat out.txt)"
check "off errors" "sunstone:tx.sql:2: $refused
sunstone:tx.sql:4: $refused" "$(cat err.txt)"

# A refused BEGIN in a \i file ends the including script too.
printf 'BEGIN;\n' > inner.sql
out=$(printf '\\i inner.sql\nSELECT 2;\n' | "$sunstone" -X -A -t 2>/dev/null); rc=$?
check "include exit code" "3:" "$rc:$out"

# Other unsupported statements keep psql's behaviour: the script goes on.
out=$(printf 'CREATE TABLE t (a int);\nUPDATE t SET a = 1;\nSELECT 3;\n' | "$sunstone" -X -A -t 2>/dev/null); rc=$?
check "other 0A000 goes on" "0:CREATE TABLE
3" "$rc:$out"

printf '%d passed, %d failed\n' "$passes" "$fails"
[ "$fails" -eq 0 ]
