#!/bin/sh
# enum8_enum_file_test.sh SUNSTONE — enum types in a database file (api/durable_image.c): a
# reopened file knows its enum types (schema-qualified, quoted names), their labels with the
# sort positions ALTER TYPE ... ADD VALUE BEFORE / AFTER gave them, renamed labels and types,
# the columns of those types and their arrays, and a dropped type is gone.
set -u
. "$(dirname "$0")/check_lib.sh"
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }

cd "$tmp" || exit 1
check "create" "CREATE SCHEMA
CREATE TYPE
CREATE TYPE
CREATE TYPE
ALTER TYPE
ALTER TYPE
ALTER TYPE
ALTER TYPE
ALTER TYPE
CREATE TABLE
INSERT 0 3" "$(q -c 'CREATE SCHEMA "S x"' -c "CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')" \
  -c "CREATE TYPE \"S x\".\"Lvl\" AS ENUM ('lo', 'hi')" -c "CREATE TYPE gone AS ENUM ('x')" \
  -c "ALTER TYPE mood ADD VALUE 'meh' BEFORE 'ok'" -c "ALTER TYPE mood ADD VALUE 'awful' BEFORE 'sad'" \
  -c "ALTER TYPE mood ADD VALUE 'great' AFTER 'happy'" -c "ALTER TYPE mood ADD VALUE 'fine' AFTER 'meh'" \
  -c "ALTER TYPE mood RENAME VALUE 'ok' TO 'it''s ok'" \
  -c "CREATE TABLE t (id int, m mood, ms mood[], l \"S x\".\"Lvl\")" \
  -c "INSERT INTO t VALUES (1, 'fine', '{sad,great}', 'hi'), (2, 'awful', NULL, 'lo'), (3, 'it''s ok', '{}', NULL)")"
check "a new process reads the values in the type's order" "2|awful||lo
1|fine|{sad,great}|hi
3|it's ok|{}|" "$(q -c "SELECT * FROM t ORDER BY m")"
check "the sort positions are kept" "awful|0
sad|1
meh|1.5
fine|1.75
it's ok|2
happy|3
great|4" "$(q -c "SELECT enumlabel, enumsortorder FROM pg_enum WHERE enumtypid = 'mood'::regtype ORDER BY 2")"
check "rename and drop, then reopen" "ALTER TYPE
DROP TYPE
INSERT 0 1" "$(q -c "ALTER TYPE mood RENAME TO feeling" -c "DROP TYPE gone" -c "INSERT INTO t VALUES (4, 'meh', '{meh}', 'lo')")"
check "the renamed type, the added row" "1|fine|{sad,great}|hi
3|it's ok|{}|" "$(q -c "SELECT * FROM t WHERE m > 'meh'::feeling ORDER BY m")"
check "the dropped type is gone" 'ERROR:  type "gone" does not exist
LINE 1: SELECT '"'"'x'"'"'::gone
                    ^' "$(q -c "SELECT 'x'::gone")"
check "the quoted schema's type" 'hi|"S x"."Lvl"' "$(q -c "SELECT l, pg_typeof(l) FROM t WHERE id = 1")"

[ $fails -eq 0 ] || exit 1
echo "enum8_enum_file: $passes passed"
