#!/bin/sh
# copy_test.sh SUNSTONE — COPY's data through the shell as psql handles it: COPY FROM STDIN
# reading the lines after the statement from piped input and -f scripts (the rest of the data
# skipped after an error), COPY TO STDOUT without a tag, \copy with files relative to the
# shell, and \copy's own errors.  Expected texts are what psql 15 prints.
set -u
. "$(dirname "$0")/check_lib.sh"

# piped input: the data follows the statement, a failing line skips the rest up to \.
out=$(printf 'CREATE TABLE t (a int);\nCOPY t FROM STDIN;\n1\nx\n3\n\\.\nSELECT 42 AS after;\nCOPY t FROM STDIN;\n7\n8\n\\.\nSELECT count(*) FROM t;\n' |
  "$sunstone" -X 2>&1)
check "COPY FROM STDIN piped" 'CREATE TABLE
ERROR:  invalid input syntax for type integer: "x"
CONTEXT:  COPY t, line 2, column a: "x"
 after 
-------
    42
(1 row)

COPY 2
 count 
-------
     2
(1 row)
' "$out
"

# data without an end marker ends with the input
out=$(printf 'CREATE TABLE t (a int);\nCOPY t FROM STDIN;\n7\n8\n' | "$sunstone" -X -A -t 2>&1)
check "COPY FROM STDIN to end of input" "CREATE TABLE
COPY 2" "$out"

# COPY TO STDOUT prints the data and no tag
out=$("$sunstone" -X -c "COPY (SELECT 1 AS x, 'a b' AS y) TO STDOUT (HEADER)" 2>&1)
check "COPY TO STDOUT" "x	y
1	a b" "$out"

# \copy: files relative to the shell's directory, both ways
printf '1,one\n2,"t,wo"\n' > "$tmp/in.csv"
out=$(cd "$tmp" && "$sunstone" -X -c "CREATE TABLE t (a int, b text)" -c "\\copy t from 'in.csv' with (format csv)" \
  -c "\\copy (select b, a from t order by a) to out.txt" -c "SELECT count(*) AS n FROM t" 2>&1)
check "\\copy from and to" "CREATE TABLE
COPY 2
COPY 2
 n 
---
 2
(1 row)
" "$out
"
check "\\copy to file" "one	1
t,wo	2" "$(cat "$tmp/out.txt")"

# \copy's errors
err=$(cd "$tmp" && "$sunstone" -X -c "CREATE TABLE t (a int)" -c '\copy t from nosuch.txt' 2>&1 >/dev/null); rc=$?
check "\\copy missing file" "nosuch.txt: No such file or directory" "$err"
check "\\copy missing file exit code" "1" "$rc"
err=$("$sunstone" -X -c "CREATE TABLE t (a int)" -c '\copy t from /dev/null with (bogus)' 2>&1 >/dev/null)
check "\\copy option error" 'ERROR:  option "bogus" not recognized
LINE 1: COPY  t FROM STDIN with (bogus)
                                 ^' "$err"
err=$("$sunstone" -X -c '\copy t' 2>&1 >/dev/null)
check "\\copy parse error" '\copy: parse error at end of line' "$err"

# a script (-f): the data lines are read from the file, line numbers go on after them
printf 'CREATE TABLE t (a int);\nCOPY t FROM STDIN;\n1\n2\n\\.\nSELECT nope;\n' > "$tmp/s.sql"
err=$("$sunstone" -X -f "$tmp/s.sql" 2>&1 >/dev/null | head -1)
check "COPY FROM STDIN in -f" "sunstone:$tmp/s.sql:6: ERROR:  column \"nope\" does not exist" "$err"

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
