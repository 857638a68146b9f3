#!/bin/sh
# agg_plugin_test.sh SOURCE_DIR SUNSTONE — compiles tests/plugins/agg_geo_mean.c as a third
# party would (the SDK headers alone), loads it with LOAD and uses its aggregate in SQL: no
# kernel change adds an aggregate.  Then tests/plugins/agg_sum_tenfold.c, which replaces "sum":
# window sums under every frame algorithm run the replacing module.
set -u
src=$(realpath "$1")
sunstone=$(realpath "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! cc -std=c11 -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden \
     -I "$src/core/include" "$src/tests/plugins/agg_geo_mean.c" -lm -o "$tmp/agg_geo_mean.so"; then
  echo "0 passed, 1 failed"
  exit 1
fi
out=$("$sunstone" -X -A -t -c "SELECT geo_mean(1.0::float8)" -c "LOAD '$tmp/agg_geo_mean.so'" \
  -c "CREATE TABLE t (g int, x float8)" \
  -c "INSERT INTO t VALUES (1, 2), (1, 8), (2, 3), (2, NULL), (3, NULL)" \
  -c "SELECT g, geo_mean(x), count(*) FROM t GROUP BY g ORDER BY g" \
  -c "SELECT geo_mean(x) FILTER (WHERE g = 1), geo_mean(DISTINCT x) FROM t" \
  -c "SELECT name, kind, experimental FROM sunstone_plugins WHERE name = 'geo_mean'" \
  -c "SELECT geo_mean(g) FROM t" -c "SELECT geo_mean(x - 2) FROM t" 2>&1)
expected="ERROR:  function geo_mean(double precision) does not exist
LINE 1: SELECT geo_mean(1.0::float8)
               ^
HINT:  No function matches the given name and argument types. You might need to add explicit type casts.
LOAD
CREATE TABLE
INSERT 0 5
1|4|2
2|3|2
3||1
4|3.634241186
geo_mean|aggregate|t
ERROR:  function geo_mean(integer) does not exist
LINE 1: SELECT geo_mean(g) FROM t
               ^
HINT:  No function matches the given name and argument types. You might need to add explicit type casts.
ERROR:  geo_mean of a value that is not positive: 0"
if [ "$out" != "$expected" ]; then
  printf -- '--- expected\n%s\n--- actual\n%s\n0 passed, 1 failed\n' "$expected" "$out"
  exit 1
fi
# A module replacing "sum" (tests/plugins/agg_sum_tenfold.c: ten times the sum of integers) is
# what sum(x) OVER (...) runs under every frame algorithm, and geo_mean works with OVER.
if ! cc -std=c11 -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden \
     -I "$src/core/include" "$src/tests/plugins/agg_sum_tenfold.c" -o "$tmp/agg_sum_tenfold.so"; then
  echo "1 passed, 1 failed"
  exit 1
fi
q="SELECT t, sum(x) OVER (ORDER BY t ROWS BETWEEN 1 PRECEDING AND CURRENT ROW), sum(x) OVER (ORDER BY t) FROM w ORDER BY t"
g="SELECT t, geo_mean(y) OVER (ORDER BY t ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM w ORDER BY t"
out=$("$sunstone" -X -A -t -c "LOAD '$tmp/agg_geo_mean.so'" \
  -c "CREATE TABLE w (t int, x int, y float8)" \
  -c "INSERT INTO w VALUES (1, 1, 2), (2, 2, 8), (3, NULL, NULL), (4, 4, 4)" \
  -c "$q" -c "$g" -c "LOAD '$tmp/agg_sum_tenfold.so'" \
  -c "SET sunstone.window_frame_algorithm = 'naive'" -c "$q" -c "$g" \
  -c "SET sunstone.window_frame_algorithm = 'incremental'" -c "$q" -c "$g" \
  -c "SET sunstone.window_frame_algorithm = 'segment_tree'" -c "$q" \
  -c "SELECT sum(x) FROM w" -c "SELECT sum(t::int8) OVER () FROM w" 2>&1)
expected="LOAD
CREATE TABLE
INSERT 0 4
1|1|1
2|3|3
3|2|3
4|4|7
1|4
2|4
3|5.656854249
4|4
LOAD
SET
1|10|10
2|30|30
3|20|30
4|40|70
1|4
2|4
3|5.656854249
4|4
SET
1|10|10
2|30|30
3|20|30
4|40|70
1|4
2|4
3|5.656854249
4|4
SET
1|10|10
2|30|30
3|20|30
4|40|70
70
ERROR:  function sum(bigint) does not exist
LINE 1: SELECT sum(t::int8) OVER () FROM w
               ^
HINT:  No function matches the given name and argument types. You might need to add explicit type casts."
if [ "$out" = "$expected" ]; then
  echo "2 passed, 0 failed"
  exit 0
fi
printf -- '--- expected\n%s\n--- actual\n%s\n1 passed, 1 failed\n' "$expected" "$out"
exit 1
