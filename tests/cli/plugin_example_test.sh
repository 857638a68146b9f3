#!/bin/sh
# plugin_example_test.sh SOURCE_DIR SUNSTONE — compiles the example plugin from
# docs/WRITING-PLUGINS.md exactly as the guide says, loads it with LOAD and selects it for
# LIMIT, so the guide cannot drift from the SDK.
set -u
src=$(realpath "$1")
sunstone=$(realpath "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed -n '/^```c$/,/^```$/p' "$src/docs/WRITING-PLUGINS.md" | sed '1d;$d' > "$tmp/my_limit.c"
if ! cc -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter -fPIC -shared -fvisibility=hidden \
     -I "$src/core/include" "$tmp/my_limit.c" -o "$tmp/my_limit.so"; then
  echo "0 passed, 1 failed"
  exit 1
fi
out=$("$sunstone" -X -A -t -c "LOAD '$tmp/my_limit.so'" -c "SET sunstone.operator_limit = 'my_limit'" \
  -c "CREATE TABLE t (a int)" -c "INSERT INTO t VALUES (1),(2),(3),(4),(5)" \
  -c "SELECT a FROM t ORDER BY a LIMIT 2 OFFSET 1" -c "EXPLAIN SELECT * FROM t LIMIT 3" 2>&1)
expected="LOAD
SET
CREATE TABLE
INSERT 0 5
2
3
limit (my_limit)
  ->  project (project)  1 expression
        ->  scan (scan)  on t (1 columns, storage memory)"
if [ "$out" = "$expected" ]; then
  echo "1 passed, 0 failed"
  exit 0
fi
printf -- '--- expected\n%s\n--- actual\n%s\n0 passed, 1 failed\n' "$expected" "$out"
exit 1
