#!/bin/sh
# encoding_test.sh SUNSTONE — a script holding bytes that are not UTF-8 (in literals, an
# identifier, an INSERT) gets PostgreSQL's 22021 errors and stores nothing; the expected text
# is what psql 15 printed for the same file against PostgreSQL ("psql:" turned into
# "sunstone:").  -c with the whole string, and VERBOSITY verbose for the SQLSTATE.
set -u
. "$(dirname "$0")/check_lib.sh"

cd "$tmp" || exit 1
printf "SELECT 'a\377';\nSELECT upper('\377');\nSELECT lower('a\303');\nSELECT 1 AS \"x\303\050\";\nSELECT 1; -- c\376\nCREATE TABLE ut (a text);\nINSERT INTO ut VALUES ('\342\202');\nSELECT count(*) FROM ut;\nSELECT '\342\202\254' AS ok;\nSELECT 2; SELECT '\377';\nDROP TABLE ut;\n" > raw.sql
bad='invalid byte sequence for encoding "UTF8"'
out=$("$sunstone" -X -f raw.sql 2>&1); rc=$?
check "script exit code" "0" "$rc"
check "script output" "sunstone:raw.sql:1: ERROR:  $bad: 0xff
sunstone:raw.sql:2: ERROR:  $bad: 0xff
sunstone:raw.sql:3: ERROR:  $bad: 0xc3 0x27
sunstone:raw.sql:4: ERROR:  $bad: 0xc3 0x28
 ?column? 
----------
        1
(1 row)

CREATE TABLE
sunstone:raw.sql:7: ERROR:  $bad: 0xe2 0x82 0x27
 count 
-------
     0
(1 row)

 ok 
----
 €
(1 row)

 ?column? 
----------
        2
(1 row)

sunstone:raw.sql:10: ERROR:  $bad: 0xff
DROP TABLE" "$out"

err=$("$sunstone" -X -v VERBOSITY=verbose -c "$(printf "SELECT E'\\\\xc3\\\\x28'")" -c "$(printf "SELECT '\303\050'")" 2>&1); rc=$?
check "-c errors" "ERROR:  22021: $bad: 0xc3 0x28
ERROR:  22021: $bad: 0xc3 0x28" "$err"
check "-c exit code" "1" "$rc"

printf '%d passed, %d failed\n' "$passes" "$fails"
[ "$fails" -eq 0 ]
