#!/bin/sh
# ty8_type_txn_file_test.sh SUNSTONE — type DDL inside transaction blocks in a database file
# (api/durable_image.c): a reopened file has what committed blocks did to enum types and
# nothing of rolled back ones, and a label added after a rolled back ADD VALUE (a gap in the
# labels' creation order) keeps its sort position.
set -u
. "$(dirname "$0")/check_lib.sh"
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }

cd "$tmp" || exit 1
check "create in a block, roll back an ADD VALUE" "BEGIN
CREATE TYPE
CREATE TABLE
INSERT 0 1
COMMIT
BEGIN
ALTER TYPE
ROLLBACK
BEGIN
ALTER TYPE
CREATE TYPE
COMMIT" "$(q -c "BEGIN" -c "CREATE TYPE mood AS ENUM ('sad', 'happy')" -c "CREATE TABLE t (m mood)" \
  -c "INSERT INTO t VALUES ('happy')" -c "COMMIT" \
  -c "BEGIN" -c "ALTER TYPE mood ADD VALUE 'gone' BEFORE 'happy'" -c "ROLLBACK" \
  -c "BEGIN" -c "ALTER TYPE mood ADD VALUE 'ok' BEFORE 'happy'" -c "CREATE TYPE kept AS ENUM ('k')" -c "COMMIT")"
check "rolled back type DDL" "BEGIN
DROP TYPE
CREATE TYPE
ROLLBACK" "$(q -c "BEGIN" -c "DROP TYPE kept" -c "CREATE TYPE lost AS ENUM ('l')" -c "ROLLBACK")"
check "a new process: the committed labels and their positions" "sad|1
ok|1.5
happy|2" "$(q -c "SELECT enumlabel, enumsortorder FROM pg_enum WHERE enumtypid = 'mood'::regtype ORDER BY 2")"
check "the values, the kept type" "happy
{k}" "$(q -c "SELECT m FROM t" -c "SELECT enum_range(NULL::kept)")"
check "the rolled back type is absent" 'ERROR:  type "lost" does not exist' \
  "$(q -c "SELECT NULL::lost" | head -1)"
check "insert the new label after reopen" "INSERT 0 1
ok
happy" "$(q -c "INSERT INTO t VALUES ('ok')" -c "SELECT m FROM t ORDER BY m")"

[ $fails -eq 0 ] || exit 1
echo "ty8_type_txn_file: $passes passed"
