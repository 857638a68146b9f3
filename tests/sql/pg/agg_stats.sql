-- Statistical and bitwise aggregates (the agg_stats module, plugins of kind aggregate):
-- groups, NULLs, empty input, FILTER, DISTINCT, ORDER BY in the call, infinities, errors.
CREATE TABLE s (g int, i2 smallint, i4 int, i8 bigint, f float8, r real);
INSERT INTO s VALUES (1, 1, 12, 255, 1.5, 2.5), (1, 3, 10, 7, 2.5, 3.5), (2, NULL, NULL, NULL, NULL, NULL),
  (2, 6, 5, -1, 10, 1e30), (3, 7, 7, 7, 'Infinity', 1), (4, NULL, NULL, NULL, NULL, NULL);
SELECT g, bit_and(i2), bit_or(i4), bit_xor(i8), bit_and(i8), bit_or(i2), bit_xor(i4) FROM s GROUP BY g ORDER BY g;
SELECT g, stddev(f), stddev_samp(f), stddev_pop(f), variance(f), var_samp(f), var_pop(f) FROM s GROUP BY g ORDER BY g;
SELECT stddev(r), var_pop(r), variance(f) FILTER (WHERE g = 1), bit_or(DISTINCT i4), bit_xor(DISTINCT i2) FROM s;
SELECT stddev(f ORDER BY f DESC), var_samp(r ORDER BY g) FROM s WHERE g < 3;
SELECT stddev(f), bit_and(i4), bit_xor(i8), var_pop(r) FROM s WHERE false;
SELECT g, count(*), stddev_pop(f) FROM s GROUP BY g HAVING bit_or(i4) IS NOT NULL ORDER BY 1;
SELECT var_samp(x), var_pop(x), stddev_samp(x) FROM (VALUES (1e308::float8), (-1e308::float8)) v(x);
SELECT var_pop(x) FROM (VALUES ('NaN'::float8), (1::float8)) v(x);
SELECT bit_and(x), bit_or(x), bit_xor(x) FROM (VALUES ((-32768)::smallint), (32767::smallint)) v(x);
SELECT bit_and(x), bit_or(x) FROM (VALUES ((-9223372036854775808)::bigint), (9223372036854775807::bigint)) v(x);
SELECT variance(x) FROM generate_series(1, 100) g(i), LATERAL (SELECT i * 0.5::float8) v(x);
-- errors
SELECT bit_and(f) FROM s;
SELECT bit_and(i4, i4) FROM s;
SELECT stddev(*) FROM s;
SELECT variance(g::text) FROM s;
SELECT bit_or(bit_or(i4)) FROM s;
SELECT g FROM s WHERE bit_and(i4) > 0;
