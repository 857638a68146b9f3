#!/bin/sh
# window_plugin_test.sh SOURCE_DIR SUNSTONE (absolute paths) — compiles tests/plugins/window_plugin_example.c as
# a third party would (the SDK headers alone), loads it with LOAD and uses its aggregate (with
# OVER, under every frame algorithm, and grouped) and its window function in SQL: no kernel
# change adds either.
set -u
so=$(mktemp -d)/wpe.so
trap 'rm -rf "$(dirname "$so")"' EXIT
cc -std=c11 -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden -I "$1/core/include" \
   "$1/tests/plugins/window_plugin_example.c" -o "$so" || { echo "0 passed, 1 failed"; exit 1; }
sunstone=$2
q="SELECT k, x, sum_squares(x) OVER (ORDER BY k, x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW), peer_count() OVER (ORDER BY k) FROM t ORDER BY k, x"
out=$("$sunstone" -X -A -t -c "SELECT peer_count() OVER ()" -c "LOAD '$so'" \
  -c "CREATE TABLE t (k int, x int)" \
  -c "INSERT INTO t VALUES (1, 2), (1, 3), (2, 4), (3, NULL), (3, 5)" \
  -c "$q" -c "SET sunstone.window_frame_algorithm = naive" -c "$q" \
  -c "SELECT k, sum_squares(x) FROM t GROUP BY k ORDER BY k" \
  -c "SELECT sum_squares(x) FILTER (WHERE k > 1) OVER () FROM t LIMIT 1" \
  -c "SELECT name, kind FROM sunstone_plugins WHERE name IN ('sum_squares', 'peer_count') ORDER BY name" \
  -c "SELECT peer_count() FROM t" 2>&1)
expected="ERROR:  function peer_count() does not exist
LINE 1: SELECT peer_count() OVER ()
               ^
HINT:  No function matches the given name and argument types. You might need to add explicit type casts.
LOAD
CREATE TABLE
INSERT 0 5
1|2|4|2
1|3|13|2
2|4|25|1
3|5|41|2
3||25|2
SET
1|2|4|2
1|3|13|2
2|4|25|1
3|5|41|2
3||25|2
1|13
2|16
3|25
41
peer_count|window
sum_squares|aggregate
ERROR:  window function peer_count requires an OVER clause
LINE 1: SELECT peer_count() FROM t
               ^"
if [ "$out" = "$expected" ]; then
  echo "1 passed, 0 failed"
  exit 0
fi
printf -- '--- expected\n%s\n--- actual\n%s\n0 passed, 1 failed\n' "$expected" "$out"
exit 1
