#!/bin/sh
# agg_plugin_test.sh SOURCE_DIR SUNSTONE — compiles tests/plugins/agg_geo_mean.c as a third
# party would (the SDK headers alone), loads it with LOAD and uses its aggregate in SQL: no
# kernel change adds an aggregate.
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
if [ "$out" = "$expected" ]; then
  echo "1 passed, 0 failed"
  exit 0
fi
printf -- '--- expected\n%s\n--- actual\n%s\n0 passed, 1 failed\n' "$expected" "$out"
exit 1
