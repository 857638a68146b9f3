#!/bin/sh
# include_nesting_test.sh SUNSTONE — a script that includes itself stops at the nesting limit
# of \i (64 levels) with an error instead of exhausting the stack; the failed \i then counts as
# any failed meta-command: the script goes on, or ends with exit code 3 under ON_ERROR_STOP.
set -u
. "$(dirname "$0")/check_lib.sh"

cd "$tmp" || exit 1
printf 'SELECT 1;\n\\i self.sql\nSELECT 2;\n' > self.sql

"$sunstone" -X -A -t -f self.sql > out.txt 2> err.txt; rc=$?
check "self-include exit code" "0" "$rc"
check "self-include error" "sunstone:self.sql:2: error: self.sql: include nesting too deep" "$(cat err.txt)"
# The -f file and 64 nested copies each run their first statement, then their last one.
check "self-include SELECT 1 count" "65" "$(grep -c '^1$' out.txt)"
check "self-include SELECT 2 count" "65" "$(grep -c '^2$' out.txt)"

"$sunstone" -X -A -t -v ON_ERROR_STOP=1 -f self.sql > out.txt 2> err.txt; rc=$?
check "ON_ERROR_STOP exit code" "3" "$rc"
check "ON_ERROR_STOP error" "sunstone:self.sql:2: error: self.sql: include nesting too deep" "$(cat err.txt)"
check "ON_ERROR_STOP stops every level" "65 0" "$(grep -c '^1$' out.txt) $(grep -c '^2$' out.txt)"

# Two files including each other, through \ir, from piped standard input.
mkdir sub
printf '\\ir b.sql\n' > sub/a.sql
printf '\\ir a.sql\n' > sub/b.sql
err=$(printf '\\i sub/a.sql\nSELECT 3;\n' | "$sunstone" -X -A -t 2>&1); rc=$?
check "mutual include" "sunstone:sub/b.sql:1: error: sub/a.sql: include nesting too deep
3" "$err"
check "mutual include exit code" "0" "$rc"

# A legitimate chain of 64 levels still runs.
i=1
while [ $i -lt 64 ]; do
  printf '\\i n%d.sql\n' $((i + 1)) > n$i.sql
  i=$((i + 1))
done
printf 'SELECT 64;\n' > n64.sql
out=$("$sunstone" -X -A -t -c '\i n1.sql' 2>&1); rc=$?
check "64 levels" "64" "$out"
check "64 levels exit code" "0" "$rc"

printf '%d passed, %d failed\n' "$passes" "$fails"
[ "$fails" -eq 0 ]
