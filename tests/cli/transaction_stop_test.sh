#!/bin/sh
# transaction_stop_test.sh SUNSTONE — transaction blocks run in scripts (a ROLLBACK undoes the
# block's rows); a transaction statement Sunstone refuses (0A000: PREPARE TRANSACTION, COMMIT
# PREPARED, AND CHAIN, DEFERRABLE) stops -f scripts, piped input and -c actions with exit
# code 3, unless ON_TRANSACTION_STOP is off.
set -u
. "$(dirname "$0")/check_lib.sh"

cd "$tmp" || exit 1
printf 'CREATE TABLE t (a int);\nBEGIN;\nINSERT INTO t VALUES (1);\nROLLBACK;\nSELECT count(*) FROM t;\n' > tx.sql
"$sunstone" -X -A -t -f tx.sql > out.txt 2> err.txt; rc=$?
check "block exit code" "0" "$rc"
check "block output" "CREATE TABLE
BEGIN
INSERT 0 1
ROLLBACK
0" "$(cat out.txt)"
check "block errors" "" "$(cat err.txt)"

refused='ERROR:  feature not supported: AND CHAIN'
stop='stopping: this transaction statement is not supported, so the statements after it would not run in the transaction it meant (\set ON_TRANSACTION_STOP off to go on)'
printf 'CREATE TABLE t (a int);\nBEGIN;\nINSERT INTO t VALUES (1);\nCOMMIT AND CHAIN;\nSELECT count(*) FROM t;\n' > chain.sql
"$sunstone" -X -A -t -f chain.sql > out.txt 2> err.txt; rc=$?
check "-f exit code" "3" "$rc"
check "-f errors" "sunstone:chain.sql:4: $refused
sunstone:chain.sql:4: error: $stop" "$(cat err.txt)"

"$sunstone" -X -A -t < chain.sql > out.txt 2> err.txt; rc=$?
check "stdin exit code" "3" "$rc"
check "stdin errors" "$refused
$stop" "$(cat err.txt)"

"$sunstone" -X -A -t -c "CREATE TABLE t (a int)" -c "start transaction isolation level serializable, deferrable" -c "INSERT INTO t VALUES (1)" > out.txt 2> err.txt; rc=$?
check "-c exit code" "3" "$rc"
check "-c output" "CREATE TABLE" "$(cat out.txt)"

for stmt in "PREPARE TRANSACTION 'x'" "COMMIT PREPARED 'x'" "ROLLBACK PREPARED 'x'" "ROLLBACK AND CHAIN"; do
  out=$(printf '%s;\nSELECT 1;\n' "$stmt" | "$sunstone" -X -A -t 2>/dev/null); rc=$?
  check "$stmt stops" "3:" "$rc:$out"
done

# Switched off, the script goes on: the refused COMMIT AND CHAIN failed the block, so the
# SELECT is refused too (25P02) and nothing was committed.
"$sunstone" -X -A -t -v ON_TRANSACTION_STOP=off -f chain.sql > out.txt 2> err.txt; rc=$?
check "off exit code" "0" "$rc"
check "off errors" "sunstone:chain.sql:4: $refused
sunstone:chain.sql:5: ERROR:  current transaction is aborted, commands ignored until end of transaction block" "$(cat err.txt)"

# A refused transaction statement in a \i file ends the including script too.
printf 'PREPARE TRANSACTION '"'"'x'"'"';\n' > inner.sql
out=$(printf '\\i inner.sql\nSELECT 2;\n' | "$sunstone" -X -A -t 2>/dev/null); rc=$?
check "include exit code" "3:" "$rc:$out"

# Other unsupported statements keep psql's behaviour: the script goes on.
out=$(printf 'CREATE TABLE t (a int);\nSELECT * FROM t FOR UPDATE SKIP LOCKED;\nSELECT 3;\n' | "$sunstone" -X -A -t 2>/dev/null); rc=$?
check "other 0A000 goes on" "0:CREATE TABLE
3" "$rc:$out"

printf '%d passed, %d failed\n' "$passes" "$fails"
[ "$fails" -eq 0 ]
